"""The endgame databases' command line: `python -m games.damas endgame build|verify ...`.

build   solve every material up to a number of pieces, one file each, in the order they
        depend on each other; a file already there and whole is kept, so a build stopped
        part way goes on where it stopped (each file is written under another name, then
        renamed)
verify  check every stored value of a folder against its successors'

The files go to FOLDER/VARIANT/ (default: endgame/ in the bot's per-user data folder, where
the bot reads them). A progress bar goes to stderr, a line per material and a JSON summary
(the last line) to stdout. Building needs the compiled core.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from platformdirs import user_data_dir

from games.damas.engine import compiled
from games.damas.engine.databases.build import build_material, hold
from games.damas.engine.databases.materials import Pair, pairs, table_variant
from games.damas.engine.databases.numbering import MOST_PIECES, numbering
from games.damas.engine.databases.tables import BadDatabase, File, decode, file_name
from games.damas.position import resolve_rules
from games.damas.rules import RULES

PROG = "python -m games.damas endgame"
# Pieces built by default: what fits in minutes on one core and 200 MB on disk.
DEFAULT_PIECES = {8: 5, 10: 4}
EXIT_OK, EXIT_WRONG, EXIT_BAD_INPUT = 0, 1, 2
BAR = 30
REDRAW_SECONDS = 0.5  # the bar is redrawn at most this often


def default_folder() -> Path:
    """Where the bot reads them: endgame/ in its per-user data folder (bot/settings)."""
    return Path(user_data_dir("damas-bot", appauthor=False)) / "endgame"


class BadInput(Exception):
    """The command line names something that does not exist or cannot be done."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {message} (see --help)\n")


class Progress:
    """A bar on stderr over the positions of every material to do (the compiled core calls
    it with the positions done of the material in hand)."""

    def __init__(self, total: int) -> None:
        self.total = max(total, 1)
        self.before = 0  # positions of the materials done
        self.began = time.perf_counter()
        self.drawn = 0.0
        self.name = ""

    def start(self, name: str) -> None:
        self.name = name

    def __call__(self, done: int, _of: int) -> None:
        now = time.perf_counter()
        if now - self.drawn >= REDRAW_SECONDS:
            self.draw(self.before + done, now)

    def draw(self, done: int, now: float) -> None:
        self.drawn = now
        share = min(1.0, done / self.total)
        filled = int(share * BAR)
        bar = "#" * filled + "." * (BAR - filled)
        seconds = now - self.began
        line = f"\r[{bar}] {share:6.1%} {self.name:<12} {seconds:7.1f} s"
        print(line, end="", file=sys.stderr, flush=True)

    def finish(self, positions: int) -> None:
        self.before += positions
        self.draw(self.before, time.perf_counter())

    def close(self) -> None:
        print(file=sys.stderr)


def _folder(args: argparse.Namespace) -> tuple[str, int, Path]:
    try:
        rules = resolve_rules(args.variant)
    except KeyError as error:
        raise BadInput(error.args[0]) from error
    pieces = args.pieces or DEFAULT_PIECES[rules.board_size]
    if not 2 <= pieces <= MOST_PIECES:
        raise BadInput(f"--pieces: 2 to {MOST_PIECES}, not {pieces}")
    variant = table_variant(rules.key)
    return variant, pieces, Path(args.folder).expanduser() / variant


def _read(path: Path) -> File | None:
    """A material's file when it is there, reads and is whole; None else."""
    try:
        file = decode(path.read_bytes())
    except (OSError, BadDatabase):
        return None
    return file if file.whole() else None


def _write(path: Path, data: bytes) -> None:
    """Written whole or not at all: under another name, synced, then renamed."""
    part = path.with_name(path.name + ".part")
    with part.open("wb") as out:
        out.write(data)
        out.flush()
        os.fsync(out.fileno())
    os.replace(part, path)


def _positions(variant: str, material: Pair) -> int:
    board = numbering(RULES[variant].board)
    return sum(board.size(table) for table in material.tables)


def _run_build(args: argparse.Namespace) -> int:
    variant, pieces, folder = _folder(args)
    if not compiled.COMPILED:
        raise BadInput("the compiled core is not built here (no C compiler at install)")
    folder.mkdir(parents=True, exist_ok=True)
    endgame = compiled.new_endgame(variant)
    began = time.perf_counter()
    kept, built, size = [], [], 0
    files = {material: _read(folder / file_name(material)) for material in pairs(variant, pieces)}
    progress = Progress(sum(_positions(variant, m) for m, file in files.items() if file is None))
    for material, file in files.items():
        path = folder / file_name(material)
        if file is None:
            progress.start(material.name)
            started = time.perf_counter()
            data = build_material(endgame, variant, material, progress)
            _write(path, data)
            file = decode(data)
            progress.finish(_positions(variant, material))
            built.append(material.name)
            seconds = time.perf_counter() - started
            print(f"built {material.name}: {len(data):,} bytes in {seconds:.1f} s", flush=True)
        else:
            kept.append(material.name)
        hold(endgame, file)
        size += path.stat().st_size
    summary = {
        "variant": variant,
        "pieces": pieces,
        "folder": str(folder),
        "materials": len(files),
        "built": len(built),
        "kept": len(kept),
        "bytes": size,
        "seconds": round(time.perf_counter() - began, 1),
    }
    progress.close()
    print(json.dumps(summary))
    return EXIT_OK


def _run_verify(args: argparse.Namespace) -> int:
    variant, pieces, folder = _folder(args)
    if not compiled.COMPILED:
        raise BadInput("the compiled core is not built here (no C compiler at install)")
    endgame = compiled.new_endgame(variant)
    materials = pairs(variant, pieces)
    wrong: dict[str, str] = {}
    for material in materials:
        file = _read(folder / file_name(material))
        if file is None:
            wrong[material.name] = "missing, unreadable or not whole (its CRC-32)"
            continue
        hold(endgame, file)
    progress = Progress(sum(_positions(variant, m) for m in materials if m.name not in wrong))
    began = time.perf_counter()
    for material in materials:
        if material.name in wrong:
            print(f"{material.name}: {wrong[material.name]}")
            continue
        progress.start(material.name)
        try:
            count, first = endgame.verify(
                *material.a, *material.b, material.men_reset, material.drawn, progress
            )
        except ValueError as error:  # a material its moves lead into is missing
            wrong[material.name] = f"not checked: {error}"
            print(f"{material.name}: {wrong[material.name]}")
            continue
        finally:
            progress.finish(_positions(variant, material))
        if count:
            table, number = first or (0, 0)
            wrong[material.name] = f"{count} values disagree with their successors"
            print(f"{material.name}: {wrong[material.name]} (first: table {table}, {number})")
        else:
            print(f"{material.name}: every value agrees with its successors", flush=True)
    summary = {
        "variant": variant,
        "pieces": pieces,
        "folder": str(folder),
        "materials": len(materials),
        "wrong": len(wrong),
        "seconds": round(time.perf_counter() - began, 1),
    }
    progress.close()
    print(json.dumps(summary))
    return EXIT_WRONG if wrong else EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    folder = default_folder()
    parser = _Parser(
        prog=PROG,
        description="Build or verify the endgame databases: every position of up to PIECES "
        "pieces won, lost or drawn, with the plies to the next capture or man's move.",
    )
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for name, run, what in (
        ("build", _run_build, "solve every material missing (or not whole) in the folder"),
        ("verify", _run_verify, "check every stored value against its successors'"),
    ):
        command = commands.add_parser(name, help=what, description=what[0].upper() + what[1:])
        command.add_argument("--variant", required=True, help="brazilian, italian, international")
        command.add_argument(
            "--pieces",
            type=int,
            help=f"the most pieces of a position (default: 5 on 8x8, 4 on 10x10; at most "
            f"{MOST_PIECES})",
        )
        command.add_argument(
            "--folder",
            default=str(folder),
            help=f"where the variants' folders are (default: {folder}, the bot's)",
        )
        command.set_defaults(run=run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else EXIT_BAD_INPUT
    try:
        status: int = args.run(args)
    except (BadInput, OSError) as error:
        print(f"{PROG}: error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    return status


if __name__ == "__main__":
    sys.exit(main())
