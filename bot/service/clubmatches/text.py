"""The words of club matches: the news in both chats (opened, joined, signed, the start with
its boards and coin tosses, each game's result, the end), the score board, and the refusals
the stored state gives."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.i18n import Text, decimal, joined, plural, text
from bot.service.clubmatches.scores import BoardScore, Points
from bot.service.kernel.game_flow.clocks import TimeControl, clock_words
from storage import ClubMatchGame, ClubMatchRecord


def points_text(points: float) -> str:
    """1, 1.5, 0.5: halves as a CSV file writes them."""
    return f"{points:g}"


def score_text(points: Points) -> Text:
    """ "2.5-1.5" (2,5-1,5 in Portuguese and Italian); whole points without decimals."""
    a, b = (decimal(value, 0 if value.is_integer() else 1) for value in points)
    return text("{a}-{b}", a=a, b=b)


def opened(record: ClubMatchRecord, organiser: str, game: Text) -> Text:
    clock = clock_words(TimeControl.from_options(record.options.get("game", {})))
    return plural(
        "{organiser} opens club match #{id}: {game}, {count} board a side, two games a "
        "board (one with each colour), {clock}. The other club joins from its chat with "
        "{/clubmatch join} {code}; or both sides sign here, {/clubmatch sign} a or b. Each "
        "player signs with {/clubmatch sign}; the organiser starts with {/clubmatch start}. "
        "The coin tosses' commitment: {commitment}.",
        "{organiser} opens club match #{id}: {game}, {count} boards a side, two games a "
        "board (one with each colour), {clock}. The other club joins from its chat with "
        "{/clubmatch join} {code}; or both sides sign here, {/clubmatch sign} a or b. Each "
        "player signs with {/clubmatch sign}; the organiser starts with {/clubmatch start}. "
        "The coin tosses' commitment: {commitment}.",
        record.boards,
        organiser=organiser,
        id=record.id,
        game=game,
        clock=clock,
        code=record.code,
        commitment=record.options.get("commitment", ""),
    )


def refusal(why: str, match_id: int | None) -> Text:
    """The words for a refusal of the stored state (storage's ClubMatchRefused)."""
    return {
        "not_registering": text("Club match #{id} no longer takes players.", id=match_id),
        "full": text("That side of club match #{id} is full.", id=match_id),
        "already_signed": text("You play in club match #{id} already.", id=match_id),
        "not_signed": text("You do not play in club match #{id}.", id=match_id),
        "no_code": text("No club match has that code."),
        "taken": text("Club match #{id} has its two sides already.", id=match_id),
        "own_chat": text(
            "This chat opened club match #{id}: the other club joins from its own chat.",
            id=match_id,
        ),
        "changed": text(
            "The players of club match #{id} changed meanwhile: try again.", id=match_id
        ),
    }[why]


def board_line(board: int, a: str, b: str, a_white: bool) -> Text:
    white = a if a_white else b
    return text(
        "Board {board}: {a} - {b} (coin toss: White {white} in the first game)",
        board=board,
        a=a,
        b=b,
        white=white,
    )


def started(record: ClubMatchRecord, lines: Sequence[Text]) -> Text:
    return text(
        "Club match #{id} starts: side A against side B, two games a board. {boards}.",
        id=record.id,
        boards=joined(lines, "; "),
    )


def game_headline(
    record: ClubMatchRecord, board: int, leg: int, game: int, white: str, black: str
) -> Text:
    return text(
        "Club match #{id}, board {board}, game {leg}: game #{game}, {white} (White) - {black}.",
        id=record.id,
        board=board,
        leg=leg,
        game=game,
        white=white,
        black=black,
    )


def game_result(game: ClubMatchGame, points: Points | None) -> Text:
    if points is None:
        if game.status == "aborted":
            return text("game {leg} aborted", leg=game.leg)
        return text("game {leg} being played", leg=game.leg)
    return text("game {leg} {score}", leg=game.leg, score=score_text(points))


def board_score(score: BoardScore, names: Mapping[int, tuple[str, str]], results: Text) -> Text:
    a, b = names[score.board]
    return text(
        "Board {board}: {a} - {b} {score} ({results})",
        board=score.board,
        a=a,
        b=b,
        score=score_text(score.points),
        results=results,
    )


def standings(record: ClubMatchRecord, boards: Sequence[Text], points: Points) -> Text:
    return text(
        "Club match #{id}, side A - side B: {score}\n{boards}",
        id=record.id,
        score=score_text(points),
        boards=joined(boards, "\n"),
    )


def result_notice(
    record: ClubMatchRecord, game: ClubMatchGame, points: Points | None, match: Points
) -> Text:
    return text(
        "Club match #{id}, board {board}: {result}. The match: {score}.",
        id=record.id,
        board=game.board,
        result=game_result(game, points),
        score=score_text(match),
    )


def summary(record: ClubMatchRecord, points: Points, seed: str) -> Text:
    a, b = points
    if a == b:
        verdict = text(
            "Club match #{id} is over: a draw, {score}.", id=record.id, score=score_text(points)
        )
    else:
        verdict = text(
            "Club match #{id} is over: side {side} wins {score}.",
            id=record.id,
            side="A" if a > b else "B",
            score=score_text(points),
        )
    return text(
        "{verdict} Every game: {/clubmatch pdn} {id}, the table: {/clubmatch csv} {id}. The "
        "seed of the coin tosses: {seed}",
        verdict=verdict,
        id=record.id,
        seed=seed,
    )
