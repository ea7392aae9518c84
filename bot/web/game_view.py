"""What a game page shows of a state, in the reader's language: the board (SVG), the
caption (players, whose turn, the clock, the last move) and the moves. The live pages and the
Mini App send it as JSON; the page's script puts it in place."""

from __future__ import annotations

from typing import Any

from bot.i18n import translate
from bot.recent import Recent
from bot.service import boards
from bot.service.kernel.events import GameState


def game_view(state: GameState, language: str, seats: tuple[int, ...] = ()) -> dict[str, Any]:
    """The page's parts for `state`; `seats`: the reader's, whose side the board is seen from."""
    return {
        "game": state.id,
        "version": state.version,
        "plies": state.plies,
        "active": state.active,
        "svg": boards.svg(state, boards.viewer_seat(state, seats)),
        "caption": translate(language, boards.caption(state)),
        "moves": translate(language, boards.moves_text(state)),
        # Where one text is too long to read (Ludo): the moves by turn, a row each.
        "turns": [
            [translate(language, turn.player), turn.rolls, translate(language, turn.moves)]
            for turn in boards.turns(state)
        ],
    }


class Views:
    """The views of the game versions shown lately, made once per version, language and
    side however many pages show them (50 onlookers of one game cost one SVG)."""

    LIMIT = 512

    def __init__(self) -> None:
        self._made: Recent[tuple[int, int, int, str, tuple[int, ...]], dict[str, Any]] = Recent(
            self.LIMIT
        )

    def of(self, state: GameState, language: str, seats: tuple[int, ...] = ()) -> dict[str, Any]:
        # A replay's states share their game's version: the plies tell them apart.
        key = (state.id, state.version, state.plies, language, seats)
        made = self._made.get(key)
        if made is None:
            made = self._made[key] = game_view(state, language, seats)
        return made
