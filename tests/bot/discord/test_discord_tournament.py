"""A knockout on Discord, end to end through the fake: /tournament new, Join buttons (one
pressed twice, one forged), start, a table played to a resignation, the bracket picture."""

from __future__ import annotations

from typing import Any

from bot.service.game_service import GameService
from tests.bot.discord.clicks import ANA, BIA, CAIO, CHANNEL, act
from tests.bot.discord.conftest import Connect
from tests.fakes.discord_api import FakeDiscord, FakeInteraction, custom_ids


async def press(fake: FakeDiscord, who: dict[str, Any], custom_id: str) -> FakeInteraction:
    """Click a button of the newest news that shows the Join and Leave buttons."""
    [news] = [m for m in fake.channel_messages(CHANNEL) if custom_id in custom_ids(m)][-1:]
    return await act(fake, await fake.click(who, news, custom_id))


async def test_a_knockout_from_the_join_buttons_to_the_bracket(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    await connect(service)
    names = {command["name"]: command for command in fake.commands}
    assert names["tournament"]["name_localizations"] == {"pt-BR": "torneio", "it": "torneo"}
    # The subcommands of the command table, each named in the reader's language, and the
    # settings of `new` options of their own with localised choices.
    subcommands = {sub["name"]: sub for sub in names["tournament"]["options"]}
    assert subcommands["join"]["name_localizations"] == {"pt-BR": "entrar", "it": "partecipa"}
    assert "verify" in subcommands
    new = {option["name"]: option for option in subcommands["new"]["options"]}
    assert new["seeded"]["name_localizations"] == {"pt-BR": "semeado", "it": "teste-di-serie"}
    knockout = next(c for c in new["format"]["choices"] if c["value"] == "knockout")
    assert knockout["name_localizations"]["pt-BR"] == "chave"
    opened = await act(
        fake,
        await fake.slash(
            ANA,
            CHANNEL,
            "tournament",
            {"variant": "brazilian", "format": "knockout", "seeded": True},
            subcommand="new",
        ),
    )
    assert "opens tournament #1" in opened.ephemeral_text
    news = fake.channel_messages(CHANNEL)[-1]
    assert custom_ids(news) == ["dmb:tj:1", "dmb:tl:1"]

    for who in (ANA, BIA):
        joined = await press(fake, who, "dmb:tj:1")
        assert "joins tournament #1" in joined.ephemeral_text
    twice = await press(fake, BIA, "dmb:tj:1")
    assert "already" in twice.ephemeral_text
    left = await press(fake, CAIO, "dmb:tl:1")
    assert "#1" in left.ephemeral_text
    assert "leaves" not in left.ephemeral_text
    assert len((await service.store.tournament_facts(1)).entries) == 2
    with_buttons = [m for m in fake.channel_messages(CHANNEL) if "dmb:tj:1" in custom_ids(m)]
    assert len(with_buttons) == 1, "buttons pile up"
    assert with_buttons[0]["id"] != news["id"], "buttons pile up"

    started = await act(fake, await fake.slash(ANA, CHANNEL, "tournament", subcommand="start"))
    assert "starts with 2 entries" in started.ephemeral_text
    assert not [m for m in fake.channel_messages(CHANNEL) if "dmb:tj:1" in custom_ids(m)], (
        "Join after the start"
    )
    contents = [message["content"] for message in fake.channel_messages(CHANNEL)]
    assert any("the final starts" in content for content in contents), contents

    facts = await service.store.tournament_facts(1)
    game_id = facts.games[0].game_id or 0
    state = await service.kernel.state(game_id)
    loser = ANA if state.seat_names[0] == "Ana" else BIA
    await act(fake, await fake.slash(loser, CHANNEL, "resign", {"game": game_id, "confirm": True}))
    assert (await service.store.tournament_facts(1)).tournament.status == "finished"

    shown = await act(
        fake,
        await fake.slash(CAIO, CHANNEL, "tournament", {"tournament": 1}, subcommand="show"),
    )
    assert "The winner:" in shown.ephemeral_text
    assert shown.original is not None
    [picture] = fake.files[int(shown.original["id"])].values()
    assert picture.startswith(b"\x89PNG")


async def test_with_threads_each_game_is_played_in_a_thread_of_its_own(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    await connect(service)
    settings = {"variant": "brazilian", "format": "knockout", "boards": "threads"}
    await act(fake, await fake.slash(ANA, CHANNEL, "tournament", settings, subcommand="new"))
    for who in (ANA, BIA, CAIO):
        await press(fake, who, "dmb:tj:1")
    await act(fake, await fake.slash(ANA, CHANNEL, "tournament", subcommand="start"))
    assert not [m for m in fake.channel_messages(CHANNEL) if m["embeds"]], "a board in the channel"
    [thread] = fake.threads.values()
    assert thread["parent_id"] == CHANNEL
    assert thread["name"].startswith("#1: ")
    [board] = [m for m in fake.channel_messages(thread["id"]) if m["embeds"]]
    assert custom_ids(board), "the thread's board takes moves"
    game_id = (await service.store.tournament_facts(1)).games[0].game_id or 0
    state = await service.kernel.state(game_id)
    loser = {"Ana": ANA, "Bia": BIA, "Caio": CAIO}[state.seat_names[0]]
    await act(fake, await fake.slash(loser, CHANNEL, "resign", {"game": game_id, "confirm": True}))
    assert not [m for m in fake.channel_messages(CHANNEL) if m["embeds"]], "a board in the channel"
    # The end: no move controls left, and no rematch (the tournament pairs the next games).
    assert not custom_ids(fake.messages[int(board["id"])]), "the thread's board shows the end"
    assert len(fake.threads) == 2, "the next round's game has a thread of its own"


async def test_the_tournament_help_in_the_readers_language(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    """/torneio ajuda from a Portuguese client: every subcommand in Portuguese, each setting
    of `novo` explained, within Discord's message limits."""
    await connect(service)
    shown = await act(
        fake, await fake.slash(ANA, CHANNEL, "tournament", subcommand="help", locale="pt-BR")
    )
    assert "/torneio novo VARIANTE FORMATO" in shown.ephemeral_text
    assert "/torneio entrar" in shown.ephemeral_text
    assert "semeado: números pela pontuação" in shown.ephemeral_text
    assert "/tournament" not in shown.ephemeral_text
