"""What the service knows about each family of games (draughts, Ludo), in one place each.

The service itself handles every game the same way through games.base; the few things that
differ (the options a game is created with, the dice, names of seats, PDN export, how a
result reads, the rules in words, the boards: picture, text, the moves as buttons offer them)
are the methods of a `Family` (base.py), whose defaults a family overrides only where its
game differs. Each family is a module of its own (draughts.py, ludo.py, with their boards and
words beside them); FAMILIES lists them, and each names the game kinds it plays. Nothing
outside this package asks which family a game is: it asks the family (`family_of`).
"""

from __future__ import annotations

from bot.i18n import Text, joined, text
from bot.service.kernel.events import GameState
from bot.service.kernel.families.base import Family, Turn
from bot.service.kernel.families.draughts import Draughts
from bot.service.kernel.families.ludo import Ludo
from games.base import GameKind, find_game

__all__ = [
    "FAMILIES",
    "OPTION_KEYS",
    "OPTION_WORDS",
    "Draughts",
    "Family",
    "Turn",
    "family_of",
    "game_line",
    "game_title",
    "players_text",
    "seat_name",
]

FAMILIES: tuple[Family, ...] = (Draughts(), Ludo())
_FAMILIES: dict[str, Family] = {key: family for family in FAMILIES for key in family.games}
# The words of /new that some family reads as its options.
OPTION_WORDS = frozenset(word for family in FAMILIES for word in family.option_words)
OPTION_KEYS = tuple(key for family in FAMILIES for key in family.option_keys)


def family_of(kind: GameKind) -> Family:
    return _FAMILIES[kind.key]


def game_title(game: str) -> Text:
    """The title of a game named by its key or an alias ("Brazilian draughts")."""
    kind = find_game(game)
    return family_of(kind).title(kind)


def seat_name(state: GameState, seat: int) -> Text | str:
    """A seat's player as people read it: the person's name, or the computer in the reader's
    language ("Computer (strong)"; in Ludo, where several computers play, "Computer (Green)")."""
    return family_of(find_game(state.record.kind)).seat_name(state, seat)


def players_text(state: GameState) -> Text:
    """ "Ana - Computer", each name as the reader reads it."""
    return joined(family_of(find_game(state.record.kind)).seat_names(state))


def game_line(state: GameState) -> Text:
    """ "#12 Brazilian draughts: Ana - Bia": a game in a list of games."""
    return text(
        "#{game} {title}: {players}",
        game=state.id,
        title=game_title(state.record.kind),
        players=players_text(state),
    )
