"""The draughts command line: `python -m games.damas perft|moves|check-pdn|puzzles|play ...`.

perft      count the move sequences of a given length (and per first move with --divide)
moves      list the legal moves of a position, as text or as JSON
check-pdn  replay every game of PDN files and report each move that is not legal
puzzles    find puzzles in the games of PDN files and of the engine, printed as JSON
puzzle-set one variant's shipped puzzle set from the JSON of puzzles
play       play both sides of a game in the terminal (reads moves from stdin)
endgame    build or verify the endgame databases (games/damas/engine/databases/__main__.py)

Bad input (an unknown variant, a bad FEN, a depth that is not a number) gets a one-line
error and exit status 2.
"""

from __future__ import annotations

import argparse
import codecs
import itertools
import json
import multiprocessing
import os
import sys
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import NoReturn

from games.base import GameError, Outcome
from games.damas import (
    RULES,
    Move,
    Position,
    divide,
    perft,
    resolve_rules,
    row_col,
    square_name,
)
from games.damas.engine.databases.__main__ import main as endgame_main
from games.damas.pdn import MAX_RECORD, MAX_TAG_VALUE, UnreadRecord, stream_records
from games.damas.pdn_replay import replay_game
from games.damas.puzzles import Puzzle, puzzle_json
from games.damas.puzzles.finder import DEPTH
from games.damas.puzzles.grading import DIFFICULTIES
from games.damas.puzzles.sets import puzzle_set, set_text
from games.damas.puzzles.sources import GamePositions, engine_game, puzzles_in, record_positions

EXIT_OK, EXIT_FOUND_PROBLEMS, EXIT_BAD_INPUT = 0, 1, 2
EXIT_OUTPUT_CLOSED = 1  # stdout closed early by its reader
COLOUR_NAMES = ("White", "Black")
# Files checked before check-pdn reports its progress on stderr.
PROGRESS_FROM_FILES = 2
# How much of a file check-pdn reads at a time: what it holds of a file is this, plus one
# record (MAX_RECORD at most).
READ_BLOCK = 1 << 16


class BadInput(Exception):
    """The command line names something that does not exist or cannot be read."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        # One line, no usage block: the --help text is one command away.
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {message} (see --help)\n")


def _variant(name: str) -> str:
    try:
        return resolve_rules(name).key
    except KeyError as error:
        raise BadInput(error.args[0]) from error


def _position(variant: str, fen: str | None) -> Position:
    if fen is None:
        return Position.start(variant)
    try:
        return Position.from_fen(variant, fen)
    except GameError as error:
        raise BadInput(f"bad FEN {fen!r}: {error}") from error


# ----------------------------------------------------------------------------------------
# perft / moves


def _run_perft(args: argparse.Namespace) -> int:
    if not args.depth.isdecimal():
        raise BadInput(f"depth must be a whole number >= 0, not {args.depth!r}")
    depth = int(args.depth)
    position = _position(_variant(args.variant), args.fen)
    began = time.perf_counter()
    if args.divide:
        counts = divide(position, depth)
        for notation, count in counts.items():
            print(f"{notation} {count}")
        nodes = sum(counts.values())
    else:
        nodes = perft(position, depth)
    seconds = time.perf_counter() - began
    print(nodes)
    print(f"time {seconds:.3f} s, {nodes / max(seconds, 1e-9):.0f} nodes/s")
    return EXIT_OK


def _move_json(position: Position, move: Move) -> dict[str, object]:
    return {
        "path": list(move.path),
        "captures": list(move.captures),
        "notation": position.notation(move),
    }


def _run_moves(args: argparse.Namespace) -> int:
    position = _position(_variant(args.variant), args.fen)
    moves = position.legal_moves()
    if args.json:
        print(json.dumps([_move_json(position, move) for move in moves]))
    else:
        for move in moves:
            print(position.notation(move))
    return EXIT_OK


# ----------------------------------------------------------------------------------------
# check-pdn


def _encoding(path: Path) -> str:
    """UTF-8 when the whole file is, else Latin-1 (older PDN files; every byte is a Latin-1
    character): a pass over the file a block at a time."""
    decoder = codecs.getincrementaldecoder("utf-8")()
    try:
        with path.open("rb") as file:
            while block := file.read(READ_BLOCK):
                decoder.decode(block)
            decoder.decode(b"", final=True)
    except UnicodeDecodeError:
        return "latin-1"
    except OSError as error:
        raise BadInput(f"cannot read {path}: {error.strerror or error}") from error
    return "utf-8"


def _blocks(path: Path, encoding: str) -> Iterator[str]:
    """The text of the file a block at a time (line ends made \\n)."""
    try:
        with path.open(encoding=encoding) as file:
            while block := file.read(READ_BLOCK):
                yield block
    except OSError as error:
        raise BadInput(f"cannot read {path}: {error.strerror or error}") from error


def _run_check_pdn(args: argparse.Namespace) -> int:
    default_variant = _variant(args.variant) if args.variant else None
    paths = [Path(name) for name in args.files]
    # Every file is looked at first: a missing one is bad input, refused before any report.
    files = [(path, _encoding(path)) for path in paths]
    games_count = moves_count = illegal_count = unread_count = 0
    for path, encoding in files:
        number = 0
        for record in stream_records(_blocks(path, encoding), default_variant):
            if isinstance(record, UnreadRecord):
                print(f"{path}: line {record.line}: not readable as PDN: {record.reason}")
                unread_count += 1
                continue
            number += 1
            replay = replay_game(record)
            games_count += 1
            moves_count += replay.played
            for warning in (*record.warnings, *replay.warnings):
                print(
                    f"{path}: game {number} [{record.describe()}]: warning: {warning}",
                    file=sys.stderr,
                )
            problem = replay.problem
            if problem is not None:
                illegal_count += 1
                parts = [f"{path}: game {number} [{record.describe()}]"]
                if problem.index >= 0:
                    parts.append(f"move {problem.move_number} {problem.text}")
                report = " ".join(parts) + f": {problem.reason}"
                print(report + (f" (position {problem.fen})" if problem.fen else ""))
        if len(paths) >= PROGRESS_FROM_FILES:
            print(f"checked {path}: {number} games", file=sys.stderr)
    print(f"games={games_count} moves={moves_count} illegal={illegal_count} unread={unread_count}")
    return EXIT_FOUND_PROBLEMS if illegal_count or unread_count else EXIT_OK


# ----------------------------------------------------------------------------------------
# puzzles


def _pdn_games(
    paths: Sequence[Path], default_variant: str | None
) -> Iterator[tuple[str, GamePositions]]:
    """Each readable game of the files with its name; a record that does not read, or whose
    moves stop replaying, is named on stderr and the search goes on."""
    files = [(path, _encoding(path)) for path in paths]
    for path, encoding in files:
        number = 0
        for record in stream_records(_blocks(path, encoding), default_variant):
            if isinstance(record, UnreadRecord):
                print(
                    f"{path}: line {record.line}: not readable as PDN, skipped: {record.reason}",
                    file=sys.stderr,
                )
                continue
            number += 1
            name = f"{path.name} game {number} [{record.describe()}]"
            game = record_positions(record)
            if game.problem is not None:
                print(
                    f"{path}: game {number} [{record.describe()}]: {game.problem}; "
                    "searched up to there",
                    file=sys.stderr,
                )
            yield name, game


def _engine_game_puzzles(job: tuple[str, int, int]) -> tuple[str, list[Puzzle]]:
    """One engine game and its puzzles (a worker's job: the game's name, its puzzles)."""
    variant, number, depth = job
    return f"engine {variant} game {number}", list(
        puzzles_in(engine_game(variant, number).positions, depth)
    )


def _engine_puzzles(
    variant: str, count: int, seed: int, depth: int, jobs: int
) -> Iterator[tuple[str, list[Puzzle]]]:
    """The puzzles of `count` engine games, in the games' order, played by `jobs` processes."""
    work = [(variant, number, depth) for number in range(seed, seed + count)]
    if jobs <= 1:
        yield from map(_engine_game_puzzles, work)
        return
    with multiprocessing.Pool(jobs) as pool:
        yield from pool.imap(_engine_game_puzzles, work)


def _run_puzzles(args: argparse.Namespace) -> int:
    if args.engine_games and not args.variant:
        raise BadInput("--engine-games needs --variant")
    if args.jobs < 1:
        raise BadInput("--jobs is at least 1")
    variant = _variant(args.variant) if args.variant else None
    pdn = (
        (name, list(puzzles_in(game.positions, args.depth)))
        for name, game in _pdn_games([Path(name) for name in args.files], variant)
    )
    engine = (
        _engine_puzzles(variant, args.engine_games, args.seed, args.depth, args.jobs)
        if variant
        else iter(())
    )
    found: dict[tuple[str, str], dict[str, object]] = {}
    began = time.monotonic()
    for done, (name, puzzles) in enumerate(itertools.chain(pdn, engine), start=1):
        for puzzle in puzzles:
            found.setdefault((puzzle.variant, puzzle.fen), puzzle_json(puzzle, name))
        of = f"/{args.engine_games}" if not args.files else ""
        print(
            f"{done}{of} {name}: {len(found)} puzzles so far, {time.monotonic() - began:.0f} s",
            file=sys.stderr,
            flush=True,
        )
    print(json.dumps(list(found.values()), indent=1, ensure_ascii=False))
    return EXIT_OK


def _run_puzzle_set(args: argparse.Namespace) -> int:
    variant = _variant(args.variant)
    entries: list[dict[str, object]] = []
    for name in args.files:
        try:
            read = json.loads(Path(name).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
            raise BadInput(f"{name}: not a JSON file of puzzles: {error}") from error
        if not isinstance(read, list) or not all(isinstance(entry, dict) for entry in read):
            raise BadInput(f"{name}: not a JSON list of puzzles")
        entries.extend(read)
    kept, left_out = puzzle_set(entries, variant)
    for why in left_out:
        print(f"left out: {why}", file=sys.stderr)
    counts = Counter(str(puzzle["difficulty"]) for puzzle in kept)
    print(
        f"{variant}: {len(kept)} puzzles ("
        + ", ".join(f"{counts[name]} {name}" for name in DIFFICULTIES)
        + ")",
        file=sys.stderr,
    )
    sys.stdout.write(set_text(kept))
    return EXIT_OK


# ----------------------------------------------------------------------------------------
# play


def board_text(position: Position) -> str:
    """The board seen from White: w/b men, W/B kings, empty dark squares by their names.

    So that occupied squares can be named too, Brazilian boards get ranks on the left and
    files below, numbered boards the range of square numbers at the end of each row.
    """
    rules = position.rules
    size = rules.board_size
    half = size // 2
    names = {
        square: square_name(rules, square) for square in range(1, rules.board.square_count + 1)
    }
    width = max(len(name) for name in names.values()) + 1
    grid = [[" " * width] * size for _ in range(size)]
    pieces = position.pieces()
    for square, name in names.items():
        row, col = row_col(rules, square)
        piece = pieces.get(square)
        if piece is None:
            cell = name
        else:
            cell = "wb"[piece.colour]
            cell = cell.upper() if piece.is_king else cell
        grid[row][col] = cell.rjust(width)
    lines = []
    for row, cells in enumerate(grid):
        line = "".join(cells)
        if rules.alphanumeric:
            lines.append(f"{size - row:>2} {line}")
        else:
            lines.append(f"{line}   {row * half + 1}-{row * half + half}")
    if rules.alphanumeric:
        lines.append("   " + "".join(chr(ord("a") + col).rjust(width) for col in range(size)))
    return "\n".join(lines)


# What each outcome reason of the rules means, for the end-of-game line.
REASON_TEXTS = {
    "no_pieces": "{loser} has no pieces left",
    "no_moves": "{loser} cannot move",
    "repetition": "the same position came up three times",
    "king_moves_rule": "too many king moves in a row without capture or man move",
    "endgame_rule": "the endgame was not won within the moves the rules allow",
    "insufficient_material": "neither side can win with the pieces left",
}


def _outcome_text(outcome: Outcome) -> str:
    if outcome.is_draw:
        headline, loser = "draw", ""
    else:
        (winner,) = outcome.winners
        headline, loser = f"{COLOUR_NAMES[winner]} wins", COLOUR_NAMES[1 - winner]
    why = REASON_TEXTS.get(outcome.reason, "").format(loser=loser)
    return f"{headline} ({outcome.reason}{': ' + why if why else ''})"


def _play_help(position: Position) -> str:
    return (
        f"Type a move, e.g. {position.rules.notation_example}; a full capture path works too; "
        "'moves' for the legal moves, 'undo', 'board', 'help' or 'quit'. "
        "On the board: w/b men, W/B kings, empty squares by their names."
    )


def _run_play(args: argparse.Namespace) -> int:
    history = [_position(_variant(args.variant), args.fen)]
    print(_play_help(history[0]))
    show_board = True
    while True:
        position = history[-1]
        if show_board:
            print(board_text(position))
            show_board = False
        outcome = position.outcome()
        if outcome is not None:
            print(f"game over: {_outcome_text(outcome)}")
            return EXIT_OK
        print(f"{COLOUR_NAMES[position.to_move()]} to move> ", end="", flush=True)
        line = sys.stdin.readline()
        if not line:
            print()
            return EXIT_OK
        command = line.strip().lower()
        if command in ("quit", "exit"):
            return EXIT_OK
        show_board = _play_command(command, history)


def _play_command(command: str, history: list[Position]) -> bool:
    """Answer one line of `play` (a move, or moves, board, help, undo); whether the board
    is to be shown again."""
    position = history[-1]
    if command == "moves":
        print(" ".join(position.notation(move) for move in position.legal_moves()))
    elif command == "board":
        return True
    elif command == "help":
        print(_play_help(position))
    elif command == "undo":
        if len(history) > 1:
            history.pop()
            return True
        print("nothing to undo")
    elif command:
        try:
            move = position.parse(command)
        except GameError as error:
            print(error)
            return False
        history.append(position.play(move))
        print(f"played {position.notation(move)}")
        return True
    return False


# ----------------------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    variants = ", ".join(RULES)
    parser = _Parser(
        prog="python -m games.damas",
        description="Draughts tools: perft counts, legal moves, PDN checks, a terminal game.",
        epilog=f"Variants: {variants} (aliases such as 'brasileira' work too).",
    )
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    perft_parser = commands.add_parser(
        "perft",
        help="count the move sequences of DEPTH plies",
        description="Print the perft count (first line: the number alone), then the time "
        "and nodes/s. With --divide, first the count below each first move.",
    )
    perft_parser.add_argument("variant", metavar="VARIANT", help=f"one of: {variants}")
    perft_parser.add_argument("depth", metavar="DEPTH", help="number of plies (0 or more)")
    perft_parser.add_argument("--fen", help="start from this position (PDN FEN)")
    perft_parser.add_argument(
        "--divide", action="store_true", help="also print the count below each first move"
    )
    perft_parser.set_defaults(run=_run_perft)

    moves_parser = commands.add_parser(
        "moves",
        help="list the legal moves of a position",
        description="Print the legal moves of FEN, one per line in the variant's notation.",
    )
    moves_parser.add_argument(
        "--json",
        action="store_true",
        help='print a JSON list of {"path": [...], "captures": [...], "notation": "..."} '
        "with squares in FEN numbers",
    )
    moves_parser.add_argument("variant", metavar="VARIANT", help=f"one of: {variants}")
    moves_parser.add_argument("fen", metavar="FEN", help="the position, e.g. W:W31-50:B1-20")
    moves_parser.set_defaults(run=_run_moves)

    check_parser = commands.add_parser(
        "check-pdn",
        help="replay every game of PDN files and report illegal moves",
        description="Replay every game of the files; report each game's first illegal move "
        "with the file, game number, players, move number, move, position and reason. "
        "Records that are not PDN, or over the limits (a record of "
        f"{MAX_RECORD:,} characters, a tag value of {MAX_TAG_VALUE:,}), are reported with "
        "their line and counted as unread; "
        "warnings (what was read leniently) go to stderr. The last line is "
        "'games=N moves=M illegal=K unread=U'; the exit status is 1 when K or U > 0.",
    )
    check_parser.add_argument(
        "--variant",
        help="the variant of games without a GameType tag (default: Italian for Italian "
        "tag names, else international)",
    )
    check_parser.add_argument("files", metavar="FILE", nargs="+", help="PDN files")
    check_parser.set_defaults(run=_run_check_pdn)

    puzzles_parser = commands.add_parser(
        "puzzles",
        help="find puzzles in the games of PDN files and of the engine",
        description="Search every position of the games for a puzzle: a quiet move, the only "
        "one that wins material by force, and a line of at least two moves of the solver, "
        "each the only winning one (proved by a plain material search, not the engine). "
        "Prints a JSON list of {variant, fen, line, themes, gain, source}; records that do not "
        "read, or stop replaying, are named on stderr and the search goes on.",
    )
    puzzles_parser.add_argument(
        "--variant", help="the variant of the engine's games and of PDN games without GameType"
    )
    puzzles_parser.add_argument(
        "--engine-games", type=int, default=0, help="games the engine plays against itself"
    )
    puzzles_parser.add_argument("--seed", type=int, default=1, help="of the first engine game")
    puzzles_parser.add_argument(
        "--depth", type=int, default=DEPTH, help=f"plies of the search (default {DEPTH})"
    )
    puzzles_parser.add_argument(
        "--jobs", type=int, default=1, help="processes that play and search the engine games"
    )
    puzzles_parser.add_argument("files", metavar="FILE", nargs="*", help="PDN files")
    puzzles_parser.set_defaults(run=_run_puzzles)

    set_parser = commands.add_parser(
        "puzzle-set",
        help="one variant's shipped puzzle set from the puzzles command's outputs",
        description="Read JSON files of the puzzles command and print the variant's set as "
        "the bot ships it (bot/data/puzzles/VARIANT.json): each position once, each puzzle "
        "with a theme and its difficulty, one a line. Entries that do not read, or name no "
        "theme, are named on stderr and left out.",
    )
    set_parser.add_argument("--variant", required=True, help="the variant of the set")
    set_parser.add_argument("files", metavar="FILE", nargs="+", help="JSON files of puzzles")
    set_parser.set_defaults(run=_run_puzzle_set)

    play_parser = commands.add_parser(
        "play",
        help="play both sides in the terminal",
        description="Play both sides: type moves (32-28, 28x19, c3-d4 in Brazilian, a full "
        "capture path), 'moves' for the legal moves, 'undo', 'board', 'help', 'quit'. Reads "
        "stdin until the game ends, 'quit' or end of input.",
    )
    play_parser.add_argument("variant", metavar="VARIANT", help=f"one of: {variants}")
    play_parser.add_argument("--fen", help="start from this position (PDN FEN)")
    play_parser.set_defaults(run=_run_play)

    # `endgame ...` is handed whole to its own command line (main, below); listed here for
    # --help.
    commands.add_parser(
        "endgame",
        help="build or verify the endgame databases (endgame --help)",
        add_help=False,
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    arguments = sys.argv[1:] if argv is None else list(argv)
    if arguments[:1] == ["endgame"]:
        return endgame_main(arguments[1:])
    parser = build_parser()
    try:
        args = parser.parse_args(arguments)
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else EXIT_BAD_INPUT
    try:
        status: int = args.run(args)
    except BadInput as error:
        print(f"{parser.prog}: error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    return status


def _command_line() -> int:
    try:
        status = main()
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader stopped early (`perft ... | head -1`): no traceback; Python's recipe is to
        # point stdout at devnull so that the exit does not fail flushing it again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OUTPUT_CLOSED
    return status


if __name__ == "__main__":
    sys.exit(_command_line())
