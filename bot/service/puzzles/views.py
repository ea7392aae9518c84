"""What a puzzle shows: its picture, whose move it is, its solution and why it works."""

from __future__ import annotations

import asyncio

from bot.i18n import Text, joined, plural, text
from bot.render import render_draughts
from bot.service.kernel.display.choices import MoveChoice
from bot.service.kernel.events import FileReady, PuzzleStep
from bot.service.kernel.families import game_title
from bot.service.kernel.families.draughts_boards import (
    draughts_choice,
    draughts_side,
    position_view,
)
from games.damas import Position
from games.damas.puzzles import Puzzle
from games.damas.puzzles.finder import replay
from games.damas.puzzles.grading import difficulty
from games.damas.tactics import WIN
from storage import ChatRef, PuzzleRecord

THEME_TEXTS = {
    "shot": text("a shot: a quiet move gives a piece away to open the way for a capture"),
    "coup": text("a coup: one capture takes three pieces or more"),
    "breakthrough": text("a breakthrough: a man reaches the king row"),
    "king-capture": text("a king's capture"),
}


DIFFICULTY_TEXTS = {
    "easy": text("easy"),
    "medium": text("medium"),
    "hard": text("hard"),
}


def puzzle_of(record: PuzzleRecord) -> Puzzle:
    stored = record.puzzle
    return Puzzle(stored.variant, stored.fen, stored.line, stored.themes, stored.gain)


def position_at(
    puzzle: Puzzle, ply: int
) -> tuple[Position, tuple[tuple[int, ...], tuple[int, ...]]]:
    """The position before ply `ply` of the line, with the path and captures of the move
    that led to it (none at the start)."""
    steps = replay(puzzle)
    if ply == 0:
        return steps[0][0], ((), ())
    before, move = steps[ply - 1]
    return before.play(move), (move.path, move.captures)


async def picture(puzzle: Puzzle, ply: int) -> bytes:
    """The position before ply `ply`, seen from the solver's side, the last move drawn."""
    position, last = position_at(puzzle, ply)
    return await _drawn(puzzle, position, last)


async def _drawn(
    puzzle: Puzzle, position: Position, last: tuple[tuple[int, ...], tuple[int, ...]]
) -> bytes:
    view = position_view(position, puzzle.start().colour, last_move=last)
    return await asyncio.to_thread(render_draughts, view)


async def refutation_event(
    record: PuzzleRecord, ply: int, wrong: str, reply: str, caption: Text
) -> FileReady:
    """The picture after the solver's `wrong` move at `ply` and the opponent's `reply`, the
    reply drawn: what the miss runs into."""
    puzzle = puzzle_of(record)
    position, _ = position_at(puzzle, ply)
    position = position.play(position.parse(wrong))
    move = position.parse(reply)
    content = await _drawn(puzzle, position.play(move), (move.path, move.captures))
    return FileReady(f"puzzle-{record.id}-refutation.png", content, caption)


def answer_choices(puzzle: Puzzle, ply: int) -> tuple[MoveChoice, ...]:
    """The legal moves before ply `ply`, as a game's buttons offer them."""
    position, _ = position_at(puzzle, ply)
    return tuple(
        draughts_choice(position, move, index) for index, move in enumerate(position.legal_moves())
    )


def puzzle_step(record: PuzzleRecord, step: int, retry: bool = False) -> PuzzleStep:
    """What the buttons before the solver's move `step` offer (after a miss, the solution
    too)."""
    return PuzzleStep(record.id, step, answer_choices(puzzle_of(record), 2 * step), retry)


async def picture_event(
    record: PuzzleRecord,
    step: int,
    caption: Text,
    chat: ChatRef | None = None,
    retry: bool = False,
) -> FileReady:
    """The picture before the solver's move `step`, with the moves its buttons offer (posted
    in `chat`: the daily puzzle; after a miss, with the solution's button)."""
    content = await picture(puzzle_of(record), 2 * step)
    answers = puzzle_step(record, step, retry)
    return FileReady(f"puzzle-{record.id}.png", content, caption, chat=chat, puzzle=answers)


def to_move(puzzle: Puzzle) -> Text:
    """Whose move, and how hard the puzzle is: "Black to move and win (easy)."."""
    return text(
        "{side} to move and win ({difficulty}).",
        side=draughts_side(puzzle.start().colour),
        difficulty=DIFFICULTY_TEXTS[difficulty(puzzle)],
    )


def headline(record: PuzzleRecord) -> Text:
    return text(
        "Puzzle #{id} ({game}, rated {rating})",
        id=record.id,
        game=game_title(record.puzzle.variant),
        rating=round(record.rating.rating),
    )


def solution(puzzle: Puzzle) -> Text:
    """The line and what it shows: 'The solution: c5-b4 a3xc5 b6xh4. White wins 2 men: a
    shot (...), a coup (...).'"""
    side = draughts_side(puzzle.start().colour)
    if puzzle.gain >= WIN:
        wins = text("{side} wins the game", side=side)
    else:
        wins = plural(
            "{side} wins material worth {count} man",
            "{side} wins material worth {count} men",
            puzzle.gain,
            side=side,
        )
    themes = [THEME_TEXTS[theme] for theme in puzzle.themes if theme in THEME_TEXTS]
    if themes:
        return text(
            "The solution: {line}. {wins}; {themes}.",
            line=" ".join(puzzle.line),
            wins=wins,
            themes=joined(themes, "; "),
        )
    return text("The solution: {line}. {wins}.", line=" ".join(puzzle.line), wins=wins)
