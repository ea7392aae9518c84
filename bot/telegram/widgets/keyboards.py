"""The inline keyboards under boards and challenges, within Telegram's limits.

A board offers a roll button while a roll is due, then its moves as the game's family
describes them (bot.service.kernel.display.choices): the pieces first, then the destinations
of the piece picked (a capture with several routes offers each route in notation), and a
button of its own for each move that has one (a huff; every pawn move in Ludo). Telegram
takes at most 100 buttons and 8 per row: a 10x10 board fits, and anything beyond the limit
is left to typed notation. A puzzle's picture offers its moves the same way
(`puzzle_keyboard`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.i18n import text, translate
from bot.service import boards
from bot.service.boards import MoveChoice
from bot.service.kernel.events import GameState, PuzzleStep
from bot.telegram.widgets.callbacks import Action, Press
from games.base import CHANCE
from storage import Challenge

MAX_BUTTONS = 100
MAX_PER_ROW = 8
# Where every move has its button, the labels are whole moves ("p1 yard-c1"): fewer per row.
OWN_BUTTONS_PER_ROW = 2


def _rows(
    buttons: Sequence[InlineKeyboardButton], per_row: int
) -> list[list[InlineKeyboardButton]]:
    return [list(buttons[start : start + per_row]) for start in range(0, len(buttons), per_row)]


def _button(label: str, press: Press) -> InlineKeyboardButton:
    return InlineKeyboardButton(label, callback_data=press.encode())


def board_keyboard(
    state: GameState,
    language: str | None,
    picked: int | None = None,
    opening: InlineKeyboardButton | None = None,
) -> InlineKeyboardMarkup | None:
    """The buttons under a board: the moves with resign (and abort, before the first move;
    Berserk in an arena, before a player's first move) under them; a rematch under a
    finished game of two; `opening` (the web page or the Mini App,
    bot/telegram/widgets/web_buttons.py) last, where it fits."""
    rows = _board_rows(state, language, picked)
    if opening is not None and sum(len(row) for row in rows) < MAX_BUTTONS:
        rows.append([opening])
    return InlineKeyboardMarkup(rows) if rows else None


def _board_rows(
    state: GameState, language: str | None, picked: int | None
) -> list[list[InlineKeyboardButton]]:
    if not state.active:
        rematch = _rematch_keyboard(state, language)
        return [list(row) for row in rematch.inline_keyboard] if rematch else []
    moves = _move_keyboard(state, language, picked)
    if moves is None:
        return []
    rows = [list(row) for row in moves.inline_keyboard]
    ending = [_button(translate(language, text("Resign")), Press(Action.ASK_RESIGN, *_at(state)))]
    if state.plies == 0:
        ending.append(
            _button(translate(language, text("Abort")), Press(Action.ASK_ABORT, *_at(state)))
        )
    if boards.offers_berserk(state):
        ending.append(
            _button(translate(language, text("Berserk")), Press(Action.BERSERK, *_at(state)))
        )
    if sum(len(row) for row in rows) + len(ending) > MAX_BUTTONS:
        return rows
    return [*rows, ending]


def _at(state: GameState) -> tuple[int, int]:
    return state.id, state.version


def _rematch_keyboard(state: GameState, language: str | None) -> InlineKeyboardMarkup | None:
    if not boards.offers_rematch(state):
        return None
    label = translate(language, text("Rematch"))
    return InlineKeyboardMarkup([[_button(label, Press(Action.REMATCH, state.id))]])


def confirmation_keyboard(
    state: GameState, resign: bool, player_id: int, language: str | None
) -> InlineKeyboardMarkup:
    """ "Yes, resign game #N" (or abort), for the player who asked only, and "No"."""
    if resign:
        yes = text("Yes, resign game #{game}", game=state.id)
        press = Press(Action.RESIGN, state.id, state.version, player_id)
    else:
        yes = text("Yes, abort game #{game}", game=state.id)
        press = Press(Action.ABORT, state.id, state.version, player_id)
    no = _button(translate(language, text("No")), Press(Action.KEEP_PLAYING, *_at(state)))
    return InlineKeyboardMarkup([[_button(translate(language, yes), press)], [no]])


@dataclass(frozen=True)
class ChoicePresses:
    """What the buttons of one set of move choices press: a game's (at its version) or a
    puzzle's (at its step), each with its actions for a move, a piece and back."""

    target: int
    version: int
    move: Action = Action.MOVE
    piece: Action = Action.PIECE
    back: Action = Action.BACK

    def press(self, action: Action, index: int | None = None) -> Press:
        return Press(action, self.target, self.version, index)


def _move_keyboard(
    state: GameState, language: str | None, picked: int | None
) -> InlineKeyboardMarkup | None:
    if not boards.waits_for_a_person(state):
        return None
    if state.position.to_move() == CHANCE:
        roll = _button(translate(language, text("Roll the die")), Press(Action.ROLL, *_at(state)))
        return InlineKeyboardMarkup([[roll]])
    presses = ChoicePresses(*_at(state))
    return InlineKeyboardMarkup(_choice_rows(boards.move_choices(state), presses, picked, language))


def puzzle_keyboard(
    step: PuzzleStep, language: str | None, picked: int | None = None
) -> InlineKeyboardMarkup:
    """A puzzle's moves as a game's board offers them: its pieces, then the destinations of
    the piece picked; after a miss, the solution's button last."""
    presses = ChoicePresses(
        step.puzzle_id, step.step, Action.PUZZLE, Action.PUZZLE_PIECE, Action.PUZZLE_BACK
    )
    rows = _choice_rows(step.choices, presses, picked, language)
    if step.retry and sum(len(row) for row in rows) < MAX_BUTTONS:
        label = translate(language, text("Show the solution"))
        rows.append([_button(label, presses.press(Action.PUZZLE_SOLUTION))])
    return InlineKeyboardMarkup(rows)


def _choice_rows(
    choices: Sequence[MoveChoice],
    presses: ChoicePresses,
    picked: int | None,
    language: str | None,
) -> list[list[InlineKeyboardButton]]:
    """The pieces, or the destinations of the piece of the choice `picked` (also where only
    one piece moves); the moves with a button of their own beside them."""
    own = [
        _button(translate(language, choice.label), presses.press(presses.move, choice.index))
        for choice in choices
        if choice.label is not None
    ]
    first_of_piece: dict[str, MoveChoice] = {}
    for choice in choices:
        if choice.label is None:
            first_of_piece.setdefault(choice.piece, choice)
    if not first_of_piece:
        return _rows(own[:MAX_BUTTONS], OWN_BUTTONS_PER_ROW)
    # Beside the pieces, a move with a button of its own (a huff, soffio) has a row of its own.
    own_rows = [[button] for button in own]
    if picked is not None and 0 <= picked < len(choices):
        return _destinations(
            choices, presses, choices[picked].piece, len(first_of_piece) > 1, language
        )
    if len(first_of_piece) == 1 and not own_rows:
        return _destinations(choices, presses, choices[0].piece, False, language)
    buttons = [
        _button(piece, presses.press(presses.piece, choice.index))
        for piece, choice in first_of_piece.items()
    ]
    return _rows(buttons[: MAX_BUTTONS - len(own_rows)], MAX_PER_ROW) + own_rows


def _destinations(
    choices: Sequence[MoveChoice],
    presses: ChoicePresses,
    piece: str,
    with_back: bool,
    language: str | None,
) -> list[list[InlineKeyboardButton]]:
    """One button per move of `piece`: its target, or its whole notation where two routes
    (captures taking different pieces) end on the same square."""
    own = [choice for choice in choices if choice.piece == piece]
    targets = [choice.target for choice in own]
    room = MAX_BUTTONS - 1 if with_back else MAX_BUTTONS
    buttons = [
        _button(
            choice.target if targets.count(choice.target) == 1 else choice.notation,
            presses.press(presses.move, choice.index),
        )
        for choice in own[:room]
    ]
    per_row = MAX_PER_ROW if all(targets.count(target) == 1 for target in targets) else 2
    rows = _rows(buttons, per_row)
    if with_back:
        rows.append([_button(translate(language, text("Back")), presses.press(presses.back))])
    return rows


def challenge_keyboard(
    challenge: Challenge, seat_count: int, language: str | None
) -> InlineKeyboardMarkup:
    """Accept and decline; a table for more than two also offers its host to start now."""
    row = [
        _button(translate(language, text("Accept")), Press(Action.ACCEPT, challenge.id)),
        _button(translate(language, text("Decline")), Press(Action.DECLINE, challenge.id)),
    ]
    if seat_count > 2:
        row.append(
            _button(translate(language, text("Start now")), Press(Action.BEGIN, challenge.id))
        )
    return InlineKeyboardMarkup([row])
