"""Every answer fits Discord's limits, whole (issue 34, item 7): /help stopped at 2,000
characters ("/tournament - tournaments in this…") and never showed /puzzle. The longest
answer of each command, in each language, goes through the real front end to the fake,
which refuses what Discord refuses (400, 50035 Invalid Form Body: 2,000 characters of
content, the embeds' limits): none is refused, and the pages read together are the whole
answer."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from bot.discord.commands.slash_names import NAME_LANGUAGES, slash_help
from bot.i18n import translate
from bot.service.command_table.puzzles import PUZZLE
from bot.service.command_table.spec import Args
from bot.service.command_table.table import run
from bot.service.command_table.tournaments import HELP as TOURNAMENT_HELP
from bot.service.game_service import GameService
from bot.service.kernel.events import Actor, Reply
from bot.service.kernel.words.rules_text import rules_of
from storage import ChatRef
from tests.bot.discord.clicks import CHANNEL, act
from tests.bot.discord.conftest import Connect
from tests.fakes.discord_api import FakeDiscord, FakeInteraction, member
from tests.fakes.discord_rules import CONTENT_LIMIT

READERS = {
    "en": member("100000000000000011", "Ann", "0"),
    "pt": member("100000000000000012", "Ana", "0"),
    "it": member("100000000000000013", "Anna", "0"),
}
LOCALES = {"en": "en-US", "pt": "pt-BR", "it": "it"}
RULED = ("brazilian", "international", "italian", "italian-familiar", "ludo")
ENTRANTS = 80
GAMES = 40
# Enough games going on that their lines pass an embed's description (4,096 characters).
PROFILE_GAMES = 110


def actor_of(who: dict[str, Any], language: str) -> Actor:
    user = who["user"]
    return Actor("discord", user["id"], user["global_name"], LOCALES[language])


# Whether an answer has come whole (its last page is there).
Complete = Callable[[FakeInteraction], bool]


def pages(interaction: FakeInteraction) -> list[str]:
    """The answer's pages: the edited answer, then its follow-ups."""
    assert interaction.original is not None
    return [interaction.original["content"], *(page["content"] for page in interaction.followups)]


async def pages_of(
    fake: FakeDiscord, interaction: FakeInteraction, complete: Complete, what: str
) -> list[str]:
    """The answer's pages once it has come whole."""
    await act(fake, interaction)
    await fake.wait_for(lambda: complete(interaction), 30, what)
    return pages(interaction)


def reads(expected: str) -> Complete:
    """Whether the pages read together are `expected`, word for word."""
    return lambda interaction: words("\n".join(pages(interaction))) == words(expected)


def naming(parts: list[str]) -> Complete:
    """Whether the pages name each of `parts`."""
    return lambda interaction: all(part in words("\n".join(pages(interaction))) for part in parts)


def embeds_of(interaction: FakeInteraction) -> list[dict[str, Any]]:
    """The answer's embeds: they come with its last page."""
    assert interaction.original is not None
    return [
        e for page in (interaction.original, *interaction.followups) for e in page.get("embeds", [])
    ]


def words(content: str) -> str:
    """The text as words: a page ends at a line break or a space."""
    return " ".join(content.split())


def whole(pages: list[str], expected: str) -> None:
    assert all(len(page) <= CONTENT_LIMIT for page in pages), [len(page) for page in pages]
    assert words("\n".join(pages)) == words(expected)


@pytest.mark.parametrize("language", list(READERS))
async def test_the_longest_answers_come_whole_in_pages(
    fake: FakeDiscord, connect: Connect, service: GameService, language: str
) -> None:
    await connect(service)
    reader = READERS[language]
    actor, locale = actor_of(reader, language), LOCALES[language]
    chat = ChatRef("discord", CHANNEL)

    async def slash(
        name: str, options: dict[str, Any], complete: Complete, sub: str | None = None
    ) -> list[str]:
        asked = await fake.slash(reader, CHANNEL, name, options, locale=locale, subcommand=sub)
        return await pages_of(fake, asked, complete, f"the whole answer to /{name} {sub or ''}")

    expected = "\n".join(slash_help(language))
    helped = await slash("help", {}, reads(expected))
    whole(helped, expected)
    assert len(helped) > 1, "the whole /help passes 2,000 characters"
    puzzle = "/" + PUZZLE.names[("en", *NAME_LANGUAGES).index(language)]
    assert any(line.startswith(f"{puzzle} ") for line in "\n".join(helped).splitlines())

    events = await run(TOURNAMENT_HELP, service, actor, chat, Args({}))
    lines = [translate(language, event.text) for event in events if isinstance(event, Reply)]
    expected = "\n".join(lines)
    whole(await slash("tournament", {}, reads(expected), "help"), expected)

    for game in RULED:
        expected = "\n".join(translate(language, line) for line in rules_of(game))
        whole(await slash("rules", {"game": game}, reads(expected)), expected)

    for _ in range(GAMES):
        await service.challenges.new_game(actor, chat, "brazilian", computer=True, seat=0)
    numbers = [f"#{game}" for game in range(1, GAMES + 1)]
    listed = "\n".join(await slash("games", {}, naming(numbers)))
    assert all(f"#{game}" in listed for game in range(1, GAMES + 1)), listed

    # A profile names every game going on: past what an embed's description holds, the
    # rest follows as pages.
    for _ in range(PROFILE_GAMES - GAMES):
        await service.challenges.new_game(actor, chat, "brazilian", computer=True, seat=0)
    asked = await fake.slash(reader, CHANNEL, "profile", {}, locale=locale)
    profile = await pages_of(fake, asked, lambda answer: bool(embeds_of(answer)), "the profile")
    [embed] = embeds_of(asked)
    profiled = "\n".join([embed["description"], *profile])
    assert len(embed["description"]) > 3000, "the embed holds what it can"
    assert all(f"#{game} " in profiled for game in range(1, PROFILE_GAMES + 1))

    await service.entries.create(actor, chat, ["brazilian", "knockout"])
    names = [f"Entrant number {number} of the club" for number in range(ENTRANTS)]
    for number, name in enumerate(names):
        await service.entries.join(Actor("discord", str(200 + number), name, "en"), chat, 1)
    shown = await slash("tournament", {"tournament": 1}, naming(names), "show")
    assert len(shown) > 1
    assert all(name in words("\n".join(shown)) for name in names)
    assert fake.violations == []
