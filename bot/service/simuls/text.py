"""The words of simuls: the news in the simul's chat (opened, joined, started, each board's
result, the summary), the host's desk, and the refusals the stored state gives."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta

from bot.i18n import Text, joined, plural, text
from bot.service.kernel.game_flow.clocks import TimeControl, describe_time
from bot.service.simuls.lookup import host_seat
from storage import SimulBoardRecord, SimulRecord

COLOURS = {
    "white": text("White on every board"),
    "black": text("Black on every board"),
    "alternate": text("White and Black by turns"),
}


def opened(record: SimulRecord, host: str, game: Text) -> Text:
    control = TimeControl.from_options(record.options.get("game", {}))
    clock = text("no clock") if control is None else text("clock {time}", time=control.word)
    return text(
        "{host} gives simul #{id}: {game} on up to {boards} boards, the host plays "
        "{colour}, {clock}. Take a board with {/simul join}; the host starts with "
        "{/simul start}.",
        host=host,
        id=record.id,
        game=game,
        boards=record.max_boards,
        colour=COLOURS[record.options.get("host", "white")],
        clock=clock,
    )


def refusal(why: str, simul_id: int) -> Text:
    """The words for a refusal of the stored state (storage's SimulRefused)."""
    return {
        "not_registering": text("Simul #{id} no longer takes challengers.", id=simul_id),
        "full": text("Every board of simul #{id} is taken.", id=simul_id),
        "already_joined": text("You have a board in simul #{id} already.", id=simul_id),
        "not_joined": text("You have no board in simul #{id}.", id=simul_id),
        "changed": text(
            "The challengers of simul #{id} changed meanwhile: try again.", id=simul_id
        ),
    }[why]


def board_headline(record: SimulRecord, board: int, game: int, white: str, black: str) -> Text:
    return text(
        "Simul #{id}, board {board}: game #{game}, {white} (White) - {black}.",
        id=record.id,
        board=board,
        game=game,
        white=white,
        black=black,
    )


def host_points(record: SimulRecord, board: SimulBoardRecord) -> float | None:
    """What the board gave the host: 1, 0.5 or 0; None while it is played, or aborted."""
    if board.status != "finished" or board.result is None or board.board is None:
        return None
    winners = board.result["winners"]
    if not winners:
        return 0.5
    return 1.0 if host_seat(record, board.board) in winners else 0.0


def score(record: SimulRecord, boards: Sequence[SimulBoardRecord]) -> Text:
    """The host's score: "+3 =1 -2"."""
    points = [host_points(record, board) for board in boards]
    return text(
        "+{won} ={drawn} -{lost}",
        won=points.count(1.0),
        drawn=points.count(0.5),
        lost=points.count(0.0),
    )


def board_result(record: SimulRecord, board: SimulBoardRecord, challenger: str) -> Text:
    """One board's result as the host's: won, drawn, lost, aborted, or still played."""
    said = {
        1.0: text("board {board}, {name}: the host won", board=board.board, name=challenger),
        0.5: text("board {board}, {name}: drawn", board=board.board, name=challenger),
        0.0: text("board {board}, {name}: the host lost", board=board.board, name=challenger),
    }
    points = host_points(record, board)
    if points is not None:
        return said[points]
    if board.status == "aborted":
        return text("board {board}, {name}: aborted", board=board.board, name=challenger)
    return text("board {board}, {name}: still played", board=board.board, name=challenger)


def result_notice(
    record: SimulRecord,
    board: SimulBoardRecord,
    challenger: str,
    boards: Sequence[SimulBoardRecord],
) -> Text:
    return text(
        "Simul #{id}: {result}. The host's score so far: {score}.",
        id=record.id,
        result=board_result(record, board, challenger),
        score=score(record, boards),
    )


def summary(
    record: SimulRecord, host: str, boards: Sequence[SimulBoardRecord], names: dict[int, str]
) -> Text:
    results = [board_result(record, board, names[board.player_id]) for board in boards]
    return text(
        "Simul #{id} is over: {host} scored {score}. The boards: {results}. Every board's "
        "game: {/simul pdn} {id}.",
        id=record.id,
        host=host,
        score=score(record, boards),
        results=joined(results, "; "),
    )


def waiting_line(board: int, name: str, waited: timedelta) -> Text:
    return text(
        "board {board} ({name}, {waited})", board=board, name=name, waited=describe_time(waited)
    )


def desk_text(record: SimulRecord, waiting: Sequence[Text], board: int, game: int) -> Text:
    return plural(
        "Simul #{id}, your desk: {count} board waits for you: {boards}. Now board {board} "
        "(game #{game}).",
        "Simul #{id}, your desk: {count} boards wait for you, oldest first: {boards}. "
        "Now board {board} (game #{game}).",
        len(waiting),
        id=record.id,
        boards=joined(waiting, ", "),
        board=board,
        game=game,
    )


def idle_desk(record: SimulRecord, playing: int) -> Text:
    return plural(
        "Simul #{id}: no board waits for you; {count} game goes on.",
        "Simul #{id}: no board waits for you; {count} games go on.",
        playing,
        id=record.id,
    )
