"""The views (rows of components) under Discord messages: a board's controls for the player
to act, a piece's destinations, a challenge's answers. The components themselves are in
bot.discord.widgets.move_components and bot.discord.widgets.action_buttons."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import suppress
from typing import Any

import discord

from bot.discord.widgets.action_buttons import (
    ActivityButton,
    ChallengeButton,
    DeskButton,
    DrawAnswerButton,
    GameActionButton,
    PuzzleSolutionButton,
    RematchButton,
    SimulButton,
    TournamentButton,
)
from bot.discord.widgets.component_base import BUTTONS_PER_ROW, MENU_OPTIONS, MENUS, ROWS
from bot.discord.widgets.move_components import (
    GAME_DESTINATIONS,
    GAME_PIECES,
    PUZZLE_DESTINATIONS,
    PUZZLE_PIECES,
    DestinationSelect,
    MoveButton,
    PieceSelect,
    RollButton,
    TypeMoveButton,
)
from bot.i18n import text, translate
from bot.service import boards
from bot.service.boards import MoveChoice
from bot.service.kernel.events import GameState, PuzzleStep, SimulDesk, takes_entries
from storage import Challenge, SimulRecord, TournamentRecord


def _rows(view: discord.ui.View, buttons: Sequence[discord.ui.Item[Any]], first_row: int) -> None:
    for place, button in enumerate(buttons):
        button.row = first_row + place // BUTTONS_PER_ROW
        view.add_item(button)


def _pieces_in_order(choices: Sequence[MoveChoice]) -> list[str]:
    """The pieces whose moves are offered in two steps (piece, then target), each once."""
    return list(dict.fromkeys(choice.piece for choice in choices if choice.label is None))


def _own_buttons(
    state: GameState, choices: Sequence[MoveChoice], language: str | None
) -> list[MoveButton]:
    """A button for each move offered on one of its own (a Ludo pawn move, a huff)."""
    return [
        MoveButton(state.id, state.version, choice.index, translate(language, choice.label))
        for choice in choices
        if choice.label is not None
    ]


def board_view(
    state: GameState, language: str | None, activity: bool = False
) -> discord.ui.View | None:
    """The components under a public board: what the player to act can do now (nothing
    while the computer is to act); a rematch under a finished game of two. With `activity`
    (the bot's Activity is set up) a live game's board also opens inside the channel."""
    if not state.active:
        return _rematch_view(state, language)
    view = _actions_view(state, language)
    if activity:
        view = view or discord.ui.View(timeout=None)
        button = ActivityButton(state.id, translate(language, text("Play here")))
        with suppress(ValueError):  # on the first row with room; none left: no button
            view.add_item(button)
    return view


def _actions_view(state: GameState, language: str | None) -> discord.ui.View | None:
    if not boards.waits_for_a_person(state):
        return None
    view = discord.ui.View(timeout=None)
    choices = boards.move_choices(state)
    typed = TypeMoveButton(state.id, state.version, translate(language, text("Type a move")))
    if not choices:
        view.add_item(RollButton(state.id, state.version, translate(language, text("Roll"))))
        return view
    pieces = _pieces_in_order(choices)
    own = _own_buttons(state, choices, language)
    if not pieces:
        # Every move has its button (Ludo's few pawn moves): the buttons first, then the row
        # of the typed move.
        _rows(view, own[: (ROWS - 1) * BUTTONS_PER_ROW], 0)
        typed.row = ROWS - 1
        view.add_item(typed)
        _add_game_actions(view, state, language, typed.row)
        return view
    # Then a row for the typed move and the answers to a draw offer.
    _piece_menus(view, GAME_PIECES, state.id, state.version, pieces, language)
    typed.row = len(view.children)
    view.add_item(typed)
    # The moves with buttons of their own beside the menus (a huff, soffio), on a row of their own.
    _rows(view, own[:BUTTONS_PER_ROW], typed.row + 1)
    if state.record.draw_offer is not None:
        for answer, label in (("y", text("Accept the draw")), ("n", text("Decline the draw"))):
            button = DrawAnswerButton(answer, state.id, state.version, translate(language, label))
            button.row = typed.row
            view.add_item(button)
    _add_game_actions(view, state, language, typed.row)
    return view


def _add_game_actions(
    view: discord.ui.View, state: GameState, language: str | None, row: int
) -> None:
    """Resign, and abort before the first move (each confirmed in a private answer first),
    and offer a draw in a game that takes draws while none is offered; in an arena, Berserk
    before a player's first move (while no draw offer's answers fill the row)."""
    actions = [("q", text("Resign"))]
    if state.plies == 0:
        actions.append(("x", text("Abort")))
    if boards.offers_berserk(state) and state.record.draw_offer is None:
        actions.append(("b", text("Berserk")))
    if boards.takes_draws(state) and state.record.draw_offer is None:
        actions.insert(0, ("o", text("Offer a draw")))
    for action, label in actions:
        button = GameActionButton(action, state.id, state.version, translate(language, label))
        button.row = row
        view.add_item(button)


def confirm_view(state: GameState, resign: bool, language: str | None) -> discord.ui.View:
    """The one button that really resigns (or aborts), in the private answer to "Resign"."""
    view = discord.ui.View(timeout=None)
    if resign:
        action, label = "k", text("Yes, resign game #{game}", game=state.id)
    else:
        action, label = "e", text("Yes, abort game #{game}", game=state.id)
    view.add_item(GameActionButton(action, state.id, state.version, translate(language, label)))
    return view


def _rematch_view(state: GameState, language: str | None) -> discord.ui.View | None:
    if not boards.offers_rematch(state):
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(state.id, translate(language, text("Rematch"))))
    return view


def destination_view(state: GameState, piece: str, language: str | None) -> discord.ui.View | None:
    """A menu of the moves of one piece (25 per menu); two routes to one square show their
    notation. Past four menus, the typed move remains."""
    choices = boards.move_choices(state)
    view = _destination_menus(GAME_DESTINATIONS, state.id, state.version, choices, piece, language)
    moves = sum(choice.piece == piece for choice in choices)
    if view is not None and moves > (ROWS - 1) * MENU_OPTIONS:
        typed = TypeMoveButton(state.id, state.version, translate(language, text("Type a move")))
        typed.row = ROWS - 1
        view.add_item(typed)
    return view


def puzzle_view(step: PuzzleStep, language: str | None) -> discord.ui.View:
    """A puzzle's moves as a board offers them: the menu of pieces, whose choice answers
    with the menu of the piece's destinations (`puzzle_destination_view`); after a miss, the
    solution's button in the row under the menus."""
    view = discord.ui.View(timeout=None)
    pieces = _pieces_in_order(step.choices)
    _piece_menus(view, PUZZLE_PIECES, step.puzzle_id, step.step, pieces, language)
    if step.retry:
        label = translate(language, text("Show the solution"))
        button = PuzzleSolutionButton(step.puzzle_id, step.step, label)
        button.row = len(view.children)
        view.add_item(button)
    return view


def puzzle_destination_view(
    step: PuzzleStep, piece: str, language: str | None
) -> discord.ui.View | None:
    return _destination_menus(
        PUZZLE_DESTINATIONS, step.puzzle_id, step.step, step.choices, piece, language
    )


def _piece_menus(
    view: discord.ui.View,
    kind: str,
    target: int,
    version: int,
    pieces: Sequence[str],
    language: str | None,
) -> None:
    """One menu per 25 pieces (no board has more than 20 movable pieces: one menu in
    practice), from the view's first row."""
    for part, start in enumerate(range(0, len(pieces), MENU_OPTIONS)[:MENUS]):
        chunk = pieces[start : start + MENU_OPTIONS]
        placeholder = translate(
            language, text("Pieces {first} to {last}", first=chunk[0], last=chunk[-1])
        )
        if len(pieces) <= MENU_OPTIONS:
            placeholder = translate(language, text("Choose a piece to move"))
        select = PieceSelect(kind, target, version, part, chunk, placeholder)
        select.row = part
        view.add_item(select)


def _destination_menus(
    kind: str,
    target: int,
    version: int,
    choices: Sequence[MoveChoice],
    piece: str,
    language: str | None,
) -> discord.ui.View | None:
    """The menus of the moves of `piece` (25 per menu, four at most), None if it has none;
    two routes to one square show their notation."""
    moves = [choice for choice in choices if choice.piece == piece]
    if not moves:
        return None
    targets = [choice.target for choice in moves]
    labelled = [
        (
            choice.index,
            choice.notation if targets.count(choice.target) > 1 else f"→ {choice.target}",
        )
        for choice in moves
    ]
    view = discord.ui.View(timeout=None)
    placeholder = translate(language, text("Where does {piece} go?", piece=piece))
    for part, start in enumerate(range(0, len(labelled), MENU_OPTIONS)[: ROWS - 1]):
        chunk = labelled[start : start + MENU_OPTIONS]
        menu = DestinationSelect(kind, target, version, part, chunk, placeholder)
        menu.row = part
        view.add_item(menu)
    return view


def challenge_view(challenge: Challenge, seats: int, language: str | None) -> discord.ui.View:
    """Accept and decline buttons; a table for more than two also gets "start now"."""
    view = discord.ui.View(timeout=None)
    view.add_item(ChallengeButton("a", challenge.id, translate(language, text("Accept"))))
    view.add_item(ChallengeButton("d", challenge.id, translate(language, text("Decline"))))
    if seats > 2:
        view.add_item(ChallengeButton("b", challenge.id, translate(language, text("Start now"))))
    return view


def tournament_view(record: TournamentRecord, language: str | None) -> discord.ui.View | None:
    """Join and Leave while the tournament registers (an arena under way: Join and Take a
    break); no buttons after."""
    if not takes_entries(record):
        return None
    leave = text("Leave") if record.status == "registering" else text("Take a break")
    view = discord.ui.View(timeout=None)
    view.add_item(TournamentButton("tj", record.id, translate(language, text("Join"))))
    view.add_item(TournamentButton("tl", record.id, translate(language, leave)))
    return view


def simul_view(record: SimulRecord, language: str | None) -> discord.ui.View | None:
    """Join and Leave while the simul takes challengers; no buttons after."""
    if record.status != "registering":
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(SimulButton("sj", record.id, translate(language, text("Join"))))
    view.add_item(SimulButton("sl", record.id, translate(language, text("Leave"))))
    return view


def desk_view(desk: SimulDesk, language: str | None) -> discord.ui.View | None:
    """The next board that waits for the host, when another does."""
    if not desk.more or desk.game_id is None:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(DeskButton(desk.simul.id, desk.game_id, translate(language, text("Next board"))))
    return view
