"""Boards as text for the console, in the reader's language: each family draws its own (the
draughts grid with a legend, Ludo's line per colour)."""

from __future__ import annotations

from bot.service.kernel.events import GameState
from bot.service.kernel.families import family_of
from games.base import find_game


def text_board(state: GameState, viewer_seat: int | None, language: str | None) -> str:
    """The board as monospace text for a reader of `language`."""
    return family_of(find_game(state.record.kind)).text_board(state, viewer_seat, language)
