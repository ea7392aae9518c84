"""The players of bench/strength.py, each run in a process of its own behind a pipe.

A player keeps its own copy of the game. The referee tells it every move played (as a move
identity: start square, end square, sorted captured squares, whether it is a huff) and asks
it for a move within a number of seconds; the player answers with the identity of its move,
the nodes it searched and the depth it reached. Asked `over`, it says whether its own rules
have ended the game (a peer library's draw rules are not ours). Players: ours at a level
(`level:strong`, or `level:strong@hand` with a set of evaluation weights named),
py-draughts' `turbo` (International only) and `simple` (installed apart, see peers.py), Scan
2.0 (`scan`, International only: a build of Fabien Letouzey's engine that the benchmark does
not ship, see ScanPlayer), and `careful`: a model of a careful beginner, against whom the
beginner level must lose.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time
from dataclasses import replace
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from games.computer import level_limit
from games.damas import Move, Position
from games.damas.engine import think
from games.damas.move import WHITE

# (start, end, captured squares ascending, huff)
Identity = tuple[int, int, tuple[int, ...], bool]
# What a player answers: (move, nodes, depth, seconds used); nodes and depth are None where
# the player does not count them (no figure is made up for it).
Answer = tuple[Identity, int | None, int | None, float]
SIMPLE_DEPTH = 64


def identity(move: Move) -> Identity:
    return (move.start, move.end, tuple(sorted(move.captures)), move.huff)


def find_move(position: Position, wanted: Identity) -> Move | None:
    """The legal move of `position` with this identity, or None if there is none."""
    for move in position.legal_moves():
        if identity(move) == wanted:
            return move
    return None


class OurPlayer:
    """Ours at a level; `strong@hand` plays the level with a set of evaluation weights named
    (weights_for's versions: hand, learned, learned-1) instead of the rule set's default."""

    def __init__(self, variant: str, fen: str, level: str, seconds: float, seed: int) -> None:
        self.position = Position.from_fen(variant, fen)
        level, _, version = level.partition("@")
        self.limit = replace(level_limit(level), seconds=seconds)
        self.rng = random.Random(seed)
        self.weights = None
        if version:  # imported here: the frozen copy's engine (frozen_engine.py) has no versions
            from games.damas.engine.evaluate import weights_for

            self.weights = weights_for(variant, version)

    def play(self, wanted: Identity) -> None:
        move = find_move(self.position, wanted)
        if move is None:
            raise ValueError(f"{wanted} is not legal in {self.position.snapshot()}")
        self.position = self.position.play(move)

    def over(self) -> str | None:
        """Why our rules have ended the game (the referee's own), or None."""
        outcome = self.position.outcome()
        return None if outcome is None else outcome.reason

    def go(self) -> Answer:
        begun = time.perf_counter()
        thought = think(self.position, self.limit, self.rng, self.weights)
        seconds = time.perf_counter() - begun
        return identity(thought.move), thought.nodes, thought.depth, seconds


class CarefulBeginner:
    """A careful beginner: looks at each of its moves, every reply to it and the captures
    that are then forced (both sides, to the end), counting only material (a king as three
    men); so it never leaves a piece to be taken or walks into a forced shot when it can
    help it, and takes what is offered. Among moves that keep as much, it pushes its men on
    to crown (the rows they have come, summed), then picks at random. It makes no plans and
    sets up no shots of its own."""

    def __init__(self, variant: str, fen: str, seed: int) -> None:
        self.position = Position.from_fen(variant, fen)
        self.rng = random.Random(seed)

    play = OurPlayer.play
    over = OurPlayer.over

    @staticmethod
    def _material(position: Position, colour: int) -> int:
        own_kings, own_men = position.material(colour)
        opp_kings, opp_men = position.material(1 - colour)
        return 3 * (own_kings - opp_kings) + own_men - opp_men

    @staticmethod
    def _advance(position: Position, colour: int) -> int:
        board = position.rules.board
        rows = 0
        for square, piece in position.pieces().items():
            if piece.colour == colour and not piece.is_king:
                row = board.row_col(square)[0]
                rows += board.size - 1 - row if colour == WHITE else row
        return rows

    def _worth(self, after: Position, colour: int) -> tuple[int, int]:
        outcome = after.outcome()
        if outcome is not None:
            won = 0 if not outcome.winners else (100 if colour in outcome.winners else -100)
            return won, 0
        kept = min(self._forced(after.play(reply), colour) for reply in after.legal_moves())
        return kept, self._advance(after, colour)

    def _forced(self, position: Position, colour: int) -> int:
        """The material once the captures that must follow are made (each side taking what
        is best for it)."""
        moves = position.legal_moves()
        if not moves or not moves[0].captures or position.outcome() is not None:
            return self._material(position, colour)
        values = [self._forced(position.play(move), colour) for move in moves]
        return max(values) if position.colour == colour else min(values)

    def go(self) -> Answer:
        begun = time.perf_counter()
        colour = self.position.colour
        moves = self.position.legal_moves()
        worths = [self._worth(self.position.play(move), colour) for move in moves]
        best = max(worths)
        move = self.rng.choice([m for m, worth in zip(moves, worths, strict=True) if worth == best])
        # It counts no nodes and has no depth to report.
        return identity(move), None, None, time.perf_counter() - begun


class PyDraughtsPlayer:
    def __init__(self, variant: str, fen: str, engine: str, seconds: float) -> None:
        import peers

        modules = peers.load(peers.PY_DRAUGHTS)
        boards = {
            "international": modules["draughts.boards.standard"].Board,
            "brazilian": modules["draughts.boards.brazilian"].Board,
        }
        if variant not in boards:
            raise SystemExit(f"py-draughts does not play {variant}; use --opponent level:NAME")
        self.board = boards[variant].from_fen(fen)
        if engine == "turbo":
            if variant != "international":
                raise SystemExit("py-draughts' TurboEngine plays only international")
            # depth_limit=None: as deep as the time allows (its default stops at 12 plies).
            self.engine = modules["draughts.engines.turbo"].TurboEngine(
                depth_limit=None, time_limit=seconds
            )
        else:
            engines = modules["draughts"]
            engines.logger.remove()  # SimpleEngine logs every move through loguru
            # SimpleEngine reads depth_limit=None as 6 plies: a limit it never reaches in the
            # time leaves it as deep as the time allows (its own example gives 20).
            self.engine = engines.SimpleEngine(depth_limit=SIMPLE_DEPTH, time_limit=seconds)

    @staticmethod
    def _identity(move: Any) -> Identity:
        squares = move.square_list
        return (
            squares[0] + 1,
            squares[-1] + 1,
            tuple(sorted(c + 1 for c in move.captured_list)),
            False,
        )

    def over(self) -> str | None:
        """Why py-draughts' own rules have ended the game, or None while they let it go on."""
        if self.board.is_draw:
            return "draw"
        if not self.board.legal_moves:
            return "no move"
        return None

    def play(self, wanted: Identity) -> None:
        for move in self.board.legal_moves:
            if self._identity(move) == wanted:
                self.board.push(move)
                return
        raise ValueError(f"{wanted} is not legal for py-draughts in {self.board.fen}")

    def go(self) -> Answer:
        begun = time.perf_counter()
        move = self.engine.get_best_move(self.board)
        seconds = time.perf_counter() - begun
        nodes = getattr(self.engine, "nodes", None)
        depth = getattr(self.engine, "completed_depth", None)
        return self._identity(move), nodes, depth, seconds


class ScanPlayer:
    """Scan 2.0 (Fabien Letouzey, GPL 3), driven through the Hub protocol of its `scan hub`
    mode. Nothing of Scan is in this repository: it is built apart from its public source
    (the folder with the `scan` binary, `scan.ini` and `data/` given by $SCAN_DIR, for
    measurement only). `scan` plays at the time per move with its book and bitbases as
    scan.ini sets them; `scan:depth=N` searches N plies whatever the time, and `:nobook`
    turns its opening book off. Scan keeps its own transposition table through the game and
    is given the whole position before each move (Hub's `pos`); the draw rules are the
    referee's, as Hub leaves them to the interface, so its `over` is ours. It ends when its
    player's process does (its input closes)."""

    def __init__(self, variant: str, fen: str, spec: str, seconds: float) -> None:
        if variant != "international":
            raise SystemExit("Scan plays only international")
        folder = os.environ.get("SCAN_DIR")
        if not folder or not (Path(folder) / "scan").is_file():
            raise SystemExit(
                "set SCAN_DIR to the folder of a Scan 2.0 build (scan, scan.ini, data/)"
            )
        options = spec.split(":")[1:]
        self.depth = next(
            (int(o.removeprefix("depth=")) for o in options if o.startswith("depth=")), None
        )
        self.seconds = seconds
        self.position = Position.from_fen(variant, fen)
        self.process = subprocess.Popen(
            [str(Path(folder) / "scan"), "hub"],
            cwd=folder,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self._send("hub")
        self._until("wait")
        if "nobook" in options:
            self._send("set book false")
        self._send("init")
        self._until("ready")

    play = OurPlayer.play
    over = OurPlayer.over

    def _send(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")

    def _until(self, first_word: str) -> str:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            if line.split()[:1] == [first_word]:
                return line
            if line.startswith("error"):
                raise RuntimeError(f"Scan: {line.strip()}")
        raise RuntimeError("Scan ended")

    def _hub_position(self) -> str:
        letters = {(False, 0): "w", (False, 1): "b", (True, 0): "W", (True, 1): "B"}
        pieces = self.position.pieces()
        squares = "".join(
            letters[(pieces[n].is_king, pieces[n].colour)] if n in pieces else "e"
            for n in range(1, 51)
        )
        return "wb"[self.position.to_move()] + squares

    def go(self) -> Answer:
        begun = time.perf_counter()
        self._send(f"pos {self._hub_position()}")
        # `pos` resets the search's limits, so they follow it.
        if self.depth is not None:
            self._send(f"depth {self.depth}")
        else:
            self._send(f"time {round(self.seconds * 1000)}")
        self._send("go")
        move = self._until("move").split()[1]
        squares = [int(square) for square in move.replace("-", "x").split("x")]
        wanted = (squares[0], squares[1], tuple(sorted(squares[2:])), False)
        # Scan's Hub mode prints no node count or depth for short searches.
        return wanted, None, None, time.perf_counter() - begun


def make_player(spec: str, variant: str, fen: str, seconds: float, seed: int) -> Any:
    if spec.startswith("level:"):
        return OurPlayer(variant, fen, spec.removeprefix("level:"), seconds, seed)
    if spec in ("turbo", "simple"):
        return PyDraughtsPlayer(variant, fen, spec, seconds)
    if spec == "careful":
        return CarefulBeginner(variant, fen, seed)
    if spec.split(":")[0] == "scan":
        return ScanPlayer(variant, fen, spec, seconds)
    raise SystemExit(f"unknown player {spec!r}: turbo, simple, careful, scan or level:NAME")


def serve(
    connection: Connection,
    spec: str,
    variant: str,
    fen: str,
    seconds: float,
    seed: int,
    databases: str | None = None,
) -> None:
    """A player's process: answer the referee until it says stop; our level reads the
    endgame databases under the folder `databases`, as the bot's workers do."""
    if databases is not None:  # imported here: frozen copies (frozen_engine.py) have none
        from bot.service.kernel.computer.databases import load_databases

        load_databases(Path(databases))
    player = make_player(spec, variant, fen, seconds, seed)
    connection.send("ready")
    while True:
        message = connection.recv()
        if message[0] == "play":
            player.play(message[1])
        elif message[0] == "go":
            connection.send(player.go())
        elif message[0] == "over":
            connection.send(player.over())
        else:
            return
