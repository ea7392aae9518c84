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
from games.damas.tactics import WIN
from storage import ChatRef, PuzzleRecord

THEME_TEXTS = {
    "shot": text("a shot: the first move gives a piece away to open the way for a capture"),
    "coup": text("a coup: one capture takes three pieces or more"),
    "breakthrough": text("a breakthrough: a man reaches the king row"),
    "king-capture": text("a king's capture"),
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
    solver = puzzle.start().colour
    view = position_view(position, solver, last_move=last)
    return await asyncio.to_thread(render_draughts, view)


def answer_choices(puzzle: Puzzle, ply: int) -> tuple[MoveChoice, ...]:
    """The legal moves before ply `ply`, as a game's buttons offer them."""
    position, _ = position_at(puzzle, ply)
    return tuple(
        draughts_choice(position, move, index) for index, move in enumerate(position.legal_moves())
    )


def puzzle_step(record: PuzzleRecord, step: int) -> PuzzleStep:
    """What the buttons before the solver's move `step` offer."""
    return PuzzleStep(record.id, step, answer_choices(puzzle_of(record), 2 * step))


async def picture_event(
    record: PuzzleRecord, step: int, caption: Text, chat: ChatRef | None = None
) -> FileReady:
    """The picture before the solver's move `step`, with the moves its buttons offer (posted
    in `chat`: the daily puzzle)."""
    content = await picture(puzzle_of(record), 2 * step)
    answers = puzzle_step(record, step)
    return FileReady(f"puzzle-{record.id}.png", content, caption, chat=chat, puzzle=answers)


def to_move(puzzle: Puzzle) -> Text:
    return text("{side} to move and win.", side=draughts_side(puzzle.start().colour))


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
