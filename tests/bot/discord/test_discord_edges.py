"""Discord at its edges: components this version does not know, ids beyond what the store
holds, the language of a client's locale and of the player's own choice."""

from __future__ import annotations

import pytest

from bot.discord.app import serve
from bot.i18n import text, translate
from bot.refusals import StartRefused
from bot.service.game_service import GameService
from tests.bot.discord.clicks import (
    ANA,
    BIA,
    CHANNEL,
    act,
    game_of,
    ids_like,
    latest_board,
    start_duel,
)
from tests.bot.discord.conftest import Connect, fake_settings
from tests.fakes.discord_api import FakeDiscord, member

HUGE = "1000000000000000000000000000000"


async def test_unknown_components_are_answered_privately(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    await connect(service)
    board = await start_duel(fake)
    game = game_of(board)
    # A button of an older version of the bot, naming the game: the current board, privately.
    older = await act(fake, await fake.click_stray(ANA, board, f"dmb:old:{game}:0:3"))
    assert older.ephemeral_text == "This button no longer works; here is the current board."
    assert older.original is not None
    assert older.original["embeds"]
    assert ids_like(older.original, rf"dmb:p:{game}:\d+:\d+")
    # A garbled id: a short word.
    garbled = await act(fake, await fake.click_stray(ANA, board, "x" * 90))
    assert garbled.ephemeral_text == "This button no longer works."
    assert not garbled.original or not garbled.original["embeds"]
    # A puzzle's or a tournament's old button names no game: never another game's board.
    for custom_id in (f"dmb:zs:{game}:1", f"dmb:zp:{game}:0:0", f"dmb:tj:{game}"):
        other = await act(fake, await fake.click_stray(ANA, board, custom_id))
        assert other.ephemeral_text == "This button no longer works.", custom_id
        assert not other.original or not other.original["embeds"]


async def test_ids_beyond_64_bits_are_refused_in_the_readers_language(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    await connect(service)
    board = await start_duel(fake)
    await act(fake, await fake.slash(ANA, CHANNEL, "language", {"language": "it"}))
    no_game = translate("it", text("There is no game {game}.", game=HUGE))
    for custom_id in (f"dmb:m:{HUGE}:1:0", f"dmb:r:{HUGE}:1", f"dmb:old:{HUGE}:1"):
        refused = await act(fake, await fake.click_stray(ANA, board, custom_id))
        assert refused.ephemeral_text == no_game
    refused = await act(fake, await fake.click_stray(ANA, board, f"dmb:a:{HUGE}"))
    assert refused.ephemeral_text == translate("it", text("There is no challenge {id}.", id=HUGE))
    typed = await act(fake, await fake.submit(ANA, CHANNEL, f"dmb:tm:{HUGE}:1", {"move": "c3-d4"}))
    assert typed.ephemeral_text == no_game
    slash = await act(fake, await fake.slash(ANA, CHANNEL, "board", {"game": 2**70}))
    assert slash.ephemeral_text == translate("it", text("There is no game {game}.", game=2**70))


async def test_the_modal_speaks_the_clients_locale_until_the_player_chooses(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    await connect(service)
    board = await start_duel(fake)
    game = game_of(board)
    [typed] = ids_like(board, rf"dmb:t:{game}:\d+")
    title = text("Your move in game #{game}", game=game)
    locales = (("pt-BR", "pt"), ("it", "it"), ("en-GB", "en"), ("ja", "en"))
    # Each a member the bot meets for the first time: the client's locale is all it knows.
    for number, (locale, language) in enumerate(locales):
        newcomer = member(f"20000000000000000{number}", f"Member {number}")
        modal = await fake.settled(await fake.click(newcomer, board, typed, locale=locale))
        assert modal.response is not None
        assert modal.response["data"]["title"] == translate(language, title)[:45], locale
    brazilian = member("200000000000000000", "Member 0")
    await act(fake, await fake.slash(brazilian, CHANNEL, "language", {"language": "en"}))
    modal = await fake.settled(await fake.click(brazilian, board, typed, locale="pt-BR"))
    assert modal.response is not None
    assert modal.response["data"]["title"] == translate("en", title)  # the player's choice


async def test_language_is_confirmed_in_the_new_language(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    await connect(service)
    confirmation = text("From now on I write to you in English.")
    for language in ("pt", "it", "en"):
        chosen = await act(fake, await fake.slash(ANA, CHANNEL, "language", {"language": language}))
        assert chosen.ephemeral_text == translate(language, confirmation)
    # Three different sentences: each language has its own translation.
    assert len({translate(language, confirmation) for language in ("pt", "it", "en")}) == 3


# Words people write alike in the three languages (a file format, a kind of match).
# berserk: lichess's word, which its Portuguese and Italian pages keep too.
SAME_EVERYWHERE = frozenset({"pdn", "csv", "micro", "berserk"})


async def test_options_are_named_and_described_in_portuguese_and_italian(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    await connect(service)
    # The options, and those of subcommands (/tournament join's), at every depth.
    options = [option for command in fake.commands for option in command.get("options", [])]
    options += [sub for option in options for sub in option.get("options", [])]
    assert options
    for option in options:
        names = option.get("name_localizations") or {}
        assert set(names) == {"pt-BR", "it"}, option["name"]
        if option["name"] not in SAME_EVERYWHERE:
            assert names["pt-BR"] != option["name"] or names["it"] != option["name"], option
        else:
            assert set(names.values()) == {option["name"]}
        assert set(option.get("description_localizations") or {}) == {"pt-BR", "it"}
    game = next(o for c in fake.commands if c["name"] == "new" for o in c["options"])
    assert game["name_localizations"] == {"pt-BR": "jogo", "it": "gioco"}


async def test_answers_say_what_happened_and_quote_input_briefly(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    await connect(service)
    challenged = await act(
        fake,
        await fake.slash(
            ANA,
            CHANNEL,
            "new",
            {"game": "brazilian", "opponent": BIA["user"]["id"], "options": "5m"},
            users={BIA["user"]["id"]: BIA},
        ),
    )
    assert "Bia" in challenged.ephemeral_text
    assert "Done." not in challenged.ephemeral_text
    challenge = fake.channel_messages(CHANNEL)[-1]
    await act(fake, await fake.click(BIA, challenge, ids_like(challenge, r"dmb:a:\d+")[0]))
    board = latest_board(fake)
    # A new 5-minute game: 5 minutes left, not "4m" a second later.
    assert "5m left" in board["embeds"][0]["description"], board["embeds"][0]["description"]
    shown = await act(fake, await fake.slash(ANA, CHANNEL, "board"))
    assert "#1" in shown.ephemeral_text
    assert "Done." not in shown.ephemeral_text
    long_move = await act(fake, await fake.slash(ANA, CHANNEL, "move", {"move": "c3-d4" * 600}))
    assert len(long_move.ephemeral_text) < 120
    assert "…" in long_move.ephemeral_text
    assert (await service.kernel.state(1)).plies == 0


@pytest.mark.usefixtures("connect")
async def test_a_token_discord_refuses_ends_the_start_in_one_reason(
    fake: FakeDiscord, service: GameService
) -> None:
    # `connect` points discord.py at Discord again afterwards.
    with pytest.raises(StartRefused, match="DISCORD_TOKEN"):
        await serve(service, fake_settings(fake, "not-the-fake-token"), web=None)


async def test_a_menu_value_that_names_no_move_gets_the_board_again(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    await connect(service)
    board = await start_duel(fake)
    [menu] = ids_like(board, r"dmb:p:\d+:\d+:\d+")
    piece = next(
        option["value"]
        for row in board["components"]
        for item in row["components"]
        if item.get("custom_id") == menu
        for option in item["options"]
    )
    for value in ("999", "²", ""):
        # The refusal takes the place of the private menu: the piece is picked again.
        picked = await act(fake, await fake.click(ANA, board, menu, [piece]))
        assert picked.original is not None
        [destinations] = ids_like(picked.original, r"dmb:s:\d+:\d+:\d+")
        wrong = await act(
            fake, await fake.click(ANA, picked.original, destinations, [value], offered=False)
        )
        assert wrong.ephemeral_text == "That is not a move on this board; choose again."
        assert wrong.original is not None
        assert wrong.original["embeds"]
    assert (await service.kernel.state(game_of(board))).plies == 0
