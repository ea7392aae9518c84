"""A review's two pictures: the worst moment, with the better move and the move played drawn
as arrows, and the game's win chances move by move with the marked moves on the curve."""

from __future__ import annotations

from dataclasses import replace

from bot.i18n import Text, text, translate
from bot.render.chances_chart import ChanceMark, ChancesLabels, render_chances_chart
from bot.render.draughts import render_draughts
from bot.render.views import Arrow, ArrowTone
from bot.service.kernel.events import FileReady
from bot.service.kernel.families.draughts_boards import position_view
from bot.service.reviews.record import Review
from bot.service.reviews.text import MARK_NAMES, move_label, verdict
from games.damas import Position
from games.damas.review import MARKS, worst_move


def _arrow(position: Position, notation: str, tone: ArrowTone) -> tuple[Arrow, ...]:
    """A move as an arrow, none for a huff (soffio: it takes a piece, it goes nowhere)."""
    move = position.parse(notation)
    if move.huff or len(move.path) < 2:
        return ()
    return (Arrow(tuple(move.path), tone),)


def worst_picture(review: Review, stem: str, language: str | None) -> FileReady | None:
    """The position before the worst move, from the mover's side, the move played as a
    vermillion arrow and the better one as a green arrow over it."""
    worst = worst_move(review.moves)
    if worst is None:
        return None
    position = review.game.positions()[worst.ply]
    arrows = _arrow(position, worst.played, "played") + _arrow(position, worst.best, "better")
    picture = render_draughts(replace(position_view(position, worst.seat), arrows=arrows))
    caption = text(
        "The worst moment: {move} {played}, {verdict}. Green arrow: the better move, {best}; "
        "orange arrow: the move played, {played}.",
        move=move_label(review, worst),
        played=worst.played,
        verdict=verdict(worst),
        best=worst.best,
    )
    return FileReady(f"{stem}-worst.png", picture, Text(translate(language, caption)))


def white_chances(review: Review) -> list[float]:
    """White's win chances at the start and after each move (the mover's chances after it,
    as the review judged the move)."""
    moves = review.moves
    first = moves[0]
    chances = [first.before if first.seat == 0 else 1.0 - first.before]
    chances += [move.after if move.seat == 0 else 1.0 - move.after for move in moves]
    return chances


def _move_numbers(review: Review) -> list[tuple[int, int]]:
    """(point, number) where each of White's moves begins: the numbers on the move axis."""
    black_first = review.game.start().to_move() == 1
    numbered = []
    for point in range(len(review.moves) + 1):
        ply = point + (1 if black_first else 0)
        if ply % 2 == 0:
            numbered.append((point, ply // 2 + 1))
    return numbered


def chances_chart(review: Review, title: Text, stem: str, language: str | None) -> FileReady:
    """The game's win chances for White, move by move, a dot on each marked move."""
    marks = [
        ChanceMark(move.ply + 1, MARKS.index(move.mark), move_label(review, move))
        for move in review.moves
        if move.mark is not None
    ]
    labels = ChancesLabels(
        title=translate(language, text("Win chances in {title}", title=title)),
        chance_axis=translate(language, text("White's win chances")),
        move_axis=translate(language, text("move")),
        marks=(
            translate(language, MARK_NAMES["inaccuracy"]),
            translate(language, MARK_NAMES["mistake"]),
            translate(language, MARK_NAMES["blunder"]),
        ),
    )
    picture = render_chances_chart(white_chances(review), _move_numbers(review), marks, labels)
    caption = text(
        "White's win chances after each move of {title}; a dot marks each marked move.",
        title=title,
    )
    return FileReady(f"{stem}-chances.png", picture, Text(translate(language, caption)))
