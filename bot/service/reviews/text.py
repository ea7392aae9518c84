"""A review as people read it: the summary per player and the marked moves, the picture of
the worst moment with the better move drawn, and the game in PDN with the marks as NAGs
(`?!`, `?`, `??`) and the better line in a comment."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import Text, joined, text, translate
from bot.render import render_draughts
from bot.service.kernel.events import Event, FileReady, Reply
from bot.service.kernel.families.draughts_boards import position_view
from bot.service.reviews.record import Review
from games.damas.pdn import PdnGame
from games.damas.pdn_write import write_game
from games.damas.review import Mark, MoveReview, summaries, worst_move

# Marked moves listed in the message (Discord's 2,000 characters have room for this many
# beside the summary); the PDN has them all.
MARKS_SHOWN = 10
MARK_NAMES: dict[Mark, Text] = {
    "inaccuracy": text("inaccuracy"),
    "mistake": text("mistake"),
    "blunder": text("blunder"),
}


def _percent(chance: float) -> str:
    return f"{round(chance * 100)}%"


def move_label(review: Review, move: MoveReview) -> str:
    """`12.` before a White move, `12...` before a Black one, as PDN numbers them."""
    ply = move.ply + (1 if review.game.start().to_move() == 1 else 0)
    return f"{ply // 2 + 1}{'...' if ply % 2 else '.'}"


def _verdict(move: MoveReview) -> Text:
    """`blunder (83% to 46%): better c5-b4 (c5-b4 a3xc5 b6xh4)`."""
    assert move.mark is not None
    return text(
        "{mark} ({before} to {after}): better {best} ({line})",
        mark=MARK_NAMES[move.mark],
        before=_percent(move.before),
        after=_percent(move.after),
        best=move.best,
        line=" ".join(move.line),
    )


def summary_lines(review: Review, title: Text, names: Sequence[str]) -> list[Text]:
    """The review in a message: what was reviewed and how, each player's summary, each
    marked move with the better one."""
    lines = [
        text(
            "Review of {title}: every position searched with {nodes} nodes; a move is an "
            "inaccuracy from 10 points of win chances given away, a mistake from 20, a blunder "
            "from 30.",
            title=title,
            nodes=review.nodes,
        )
    ]
    if review.second_look:
        lines.append(
            text(
                "Each move marked a mistake or a blunder was searched again with {nodes} "
                "nodes, and judged by that search.",
                nodes=review.second_look,
            )
        )
    for summary in summaries(review.moves):
        lines.append(
            text(
                "{name}: {moves} moves, average loss {loss} points; inaccuracies {inaccuracies}, "
                "mistakes {mistakes}, blunders {blunders}.",
                name=names[summary.seat],
                moves=summary.moves,
                loss=f"{summary.average_loss * 100:.1f}",
                inaccuracies=summary.inaccuracies,
                mistakes=summary.mistakes,
                blunders=summary.blunders,
            )
        )
    marked = [move for move in review.moves if move.mark is not None]
    for move in marked[:MARKS_SHOWN]:
        label = f"{move_label(review, move)} {move.played}{move.nag}"
        lines.append(joined([label, _verdict(move)], " "))
    if len(marked) > MARKS_SHOWN:
        lines.append(text("... {count} more in the PDN.", count=len(marked) - MARKS_SHOWN))
    return lines


def worst_picture(review: Review, name: str, language: str | None) -> FileReady | None:
    """The position before the worst move, from the mover's side, with the better move
    drawn as a last move is."""
    worst = worst_move(review.moves)
    if worst is None:
        return None
    position = review.game.positions()[worst.ply]
    better = position.parse(worst.best)
    path = better.path if len(better.path) >= 2 and not better.huff else ()
    picture = render_draughts(
        position_view(position, worst.seat, last_move=(path, better.captures))
    )
    caption = text(
        "The worst moment: {move} {played}, {verdict}. The better move is drawn.",
        move=move_label(review, worst),
        played=worst.played,
        verdict=_verdict(worst),
    )
    stem = name.removesuffix(".pdn")
    return FileReady(f"{stem}-worst.png", picture, Text(translate(language, caption)))


def annotated_moves(review: Review, language: str | None) -> list[str]:
    """The moves as PDN move texts: a marked move with its NAG and, in a comment, the
    verdict in the reader's language."""
    moves = []
    for move in review.moves:
        if move.mark is None:
            moves.append(move.played)
        else:
            comment = translate(language, _verdict(move)).replace("}", ")")
            moves.append(f"{move.played}{move.nag} {{{comment}}}")
    return moves


def pdn_of_record(review: Review, language: str | None) -> str:
    """A reviewed PDN record written again with the marks."""
    game = review.game
    tags = dict(game.tags)
    if game.fen:
        tags |= {"SetUp": "1", "FEN": game.fen}
    record = PdnGame(tags, tuple(annotated_moves(review, language)), game.result, game.variant)
    return write_game(record)


def review_events(
    review: Review,
    title: Text,
    names: Sequence[str],
    pdn: str,
    name: str,
    language: str | None,
) -> list[Event]:
    """The review's message, the picture of its worst moment and its annotated PDN."""
    events: list[Event] = [Reply(joined(summary_lines(review, title, names), "\n"))]
    picture = worst_picture(review, name, language)
    if picture is not None:
        events.append(picture)
    caption = text("The review of {title} in PDN, with its marks.", title=title)
    events.append(FileReady(name, pdn.encode(), caption))
    return events
