"""A review as people read it: the rule, the summary per player and the marked moves, and the
game in PDN with the marks as NAGs (`?!`, `?`, `??`) and the better line in a comment; with
its pictures (pictures.py)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import Text, decimal, joined, text, translate
from bot.service.reviews.record import Review
from games.damas.pdn import PdnGame
from games.damas.pdn_write import write_game
from games.damas.review import MEN_THRESHOLDS, Mark, MoveReview, points, summaries

# Marked moves listed in the message (Discord's 2,000 characters have room for this many
# beside the summary); the PDN has them all.
MARKS_SHOWN = 10
MARK_NAMES: dict[Mark, Text] = {
    "inaccuracy": text("inaccuracy"),
    "mistake": text("mistake"),
    "blunder": text("blunder"),
}


def _percent(chance: float) -> str:
    return f"{points(chance)}%"


def move_label(review: Review, move: MoveReview) -> str:
    """`12.` before a White move, `12...` before a Black one, as PDN numbers them."""
    ply = move.ply + (1 if review.game.start().to_move() == 1 else 0)
    return f"{ply // 2 + 1}{'...' if ply % 2 else '.'}"


def verdict(move: MoveReview) -> Text:
    """`blunder (83% to 46%): better c5-b4 (c5-b4 a3xc5 b6xh4)`; with the men given away
    where they count for the mark (`mistake (9% to 4%, 1.2 men given away): ...`)."""
    assert move.mark is not None
    if move.men >= min(threshold for threshold, _ in MEN_THRESHOLDS):
        return text(
            "{mark} ({before} to {after}, {men} men given away): better {best} ({line})",
            mark=MARK_NAMES[move.mark],
            before=_percent(move.before),
            after=_percent(move.after),
            men=decimal(move.men),
            best=move.best,
            line=" ".join(move.line),
        )
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
            "Review of {title}: every position searched with {nodes} nodes. A move is judged "
            "by what it gives away against the best move: from 10 points of win chances it is "
            "an inaccuracy, from 20 a mistake, from 30 a blunder; and while no king is on "
            "the board and neither side is five men ahead, a man given away makes it at least "
            "a mistake, two men a blunder.",
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
                loss=decimal(summary.average_loss),
                inaccuracies=summary.inaccuracies,
                mistakes=summary.mistakes,
                blunders=summary.blunders,
            )
        )
    marked = [move for move in review.moves if move.mark is not None]
    for move in marked[:MARKS_SHOWN]:
        label = f"{move_label(review, move)} {move.played}{move.nag}"
        lines.append(joined([label, verdict(move)], " "))
    if len(marked) > MARKS_SHOWN:
        lines.append(text("... {count} more in the PDN.", count=len(marked) - MARKS_SHOWN))
    return lines


def annotated_moves(review: Review, language: str | None) -> list[str]:
    """The moves as PDN move texts: a marked move with its NAG and, in a comment, the
    verdict in the reader's language."""
    moves = []
    for move in review.moves:
        if move.mark is None:
            moves.append(move.played)
        else:
            comment = translate(language, verdict(move)).replace("}", ")")
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
