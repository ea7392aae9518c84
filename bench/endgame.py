"""Benchmark: the endgame databases' build (time and size per variant and number of pieces) and
the engine converting won database positions against the best defence.

    python bench/endgame.py [--variant brazilian ...] [--pieces N] [--folder DIR]
                            [--games 200] [--time 0.1] [--seed 1]

For each variant (default: brazilian, italian, international) the databases are built with
`python -m games.damas endgame build` one number of pieces at a time, 2 to N (default 5 on
8x8, 4 on 10x10), into FOLDER (default: the bot's, where they are kept and a rerun finds
them built: the time printed is then only that of reading them). Then `--games` positions are
drawn at random from the tables (every position of every table as likely) among those won
for the side to move within the draw rules' counts (from a count at zero; with
`--least-plies N` only those N plies or more from the next capture or man's move), and
played out:
the engine (`think` at `--time` seconds a move, the databases loaded) for the winner, the
databases' longest defence for the loser (games/damas/engine/databases/moves.py,
`holding_move`: a move the counts make a draw if there is one, else the one that holds out
longest). A game is converted when the winner wins it. The last line is a JSON object.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.service.kernel.computer.databases import load_databases
from games.damas import Position
from games.damas.engine import Limit, think
from games.damas.engine.databases.__main__ import DEFAULT_PIECES, default_folder
from games.damas.engine.databases.__main__ import main as endgame_command
from games.damas.engine.databases.loaded import loaded
from games.damas.engine.databases.materials import pairs
from games.damas.engine.databases.moves import holding_move, plies_left, value_of
from games.damas.engine.databases.numbering import TableMaterial
from games.damas.engine.databases.tables import LOSS, Tables, file_name
from games.damas.rules import RULES

VARIANTS = ("brazilian", "italian", "international")
MOST_PLIES = 600  # a game not over by then is counted as not converted


def build(variant: str, pieces: int, folder: Path) -> list[dict[str, Any]]:
    """Each number of pieces built in turn (what is built already is kept): its time, its
    materials and bytes."""
    rows = []
    for count in range(2, pieces + 1):
        began = time.perf_counter()
        status = endgame_command(
            ["build", "--variant", variant, "--pieces", str(count), "--folder", str(folder)]
        )
        if status:
            raise SystemExit(f"the build of {variant} stopped ({status})")
        materials = [m for m in pairs(variant, count) if m.pieces == count]
        size = sum((folder / variant / file_name(m)).stat().st_size for m in materials)
        row = {
            "pieces": count,
            "materials": len(materials),
            "bytes": size,
            "seconds": round(time.perf_counter() - began, 1),
        }
        rows.append(row)
        print(f"{variant} {count} pieces: {json.dumps(row)}", flush=True)
    return rows


def load(variant: str, folder: Path) -> Tables:
    """The databases of `variant` under `folder`, read as the bot's workers read them."""
    load_databases(folder)
    tables = loaded(variant)
    if tables is None:
        raise SystemExit(f"no readable databases of {variant} under {folder}")
    return tables


def _fen(variant: str, material: TableMaterial, rng: random.Random) -> str | None:
    """A random placement of a table's material, White to move, or None when the men would
    meet (drawn again)."""
    board = RULES[variant].board
    crowns = board.promotion_rows
    own_kings, own_men, opp_kings, opp_men = material
    squares = sorted(board.square_of_bit)
    own_men_at = rng.sample([s for s in squares if not s & crowns[0]], own_men)
    opp_men_at = rng.sample([s for s in squares if not s & crowns[1]], opp_men)
    if set(own_men_at) & set(opp_men_at):
        return None
    free = [s for s in squares if s not in own_men_at and s not in opp_men_at]
    kings_at = rng.sample(free, own_kings + opp_kings)

    def side(men: list[int], kings: list[int]) -> str:
        names = [(board.square_of_bit[s], "") for s in men]
        names += [(board.square_of_bit[s], "K") for s in kings]
        return ",".join(f"{king}{square}" for square, king in sorted(names))

    white = side(own_men_at, kings_at[:own_kings])
    black = side(opp_men_at, kings_at[own_kings:])
    return f"W:W{white}:B{black}"


def won_positions(
    variant: str, tables: Tables, count: int, rng: random.Random, least: int = 1
) -> list[Position]:
    """Positions of the tables won for the side to move within the counts, at least `least`
    plies from the next move that starts the count again, at random (every such position as
    likely), either side to move."""
    materials = list(tables.tables)
    sizes = [tables.numbering.size(material) for material in materials]
    found: list[Position] = []
    while len(found) < count:
        (material,) = rng.choices(materials, sizes)
        fen = _fen(variant, material, rng)
        if fen is None:
            continue
        position = Position.from_fen(variant, fen)
        if rng.random() < 0.5:  # the same position turned half a turn: Black to move
            turn = tables.numbering.turn
            white, black = turn(position.black), turn(position.white)
            position = type(position)(position.rules, white, black, turn(position.kings), 1)
        value = value_of(tables, position)
        won = value is not None and least <= value < LOSS and value <= plies_left(position)
        if won and position.outcome() is None:
            found.append(position)
    return found


def play_out(tables: Tables, position: Position, seconds: float) -> tuple[bool, int]:
    """(whether the side to move at the start won, plies played)."""
    winner = position.colour
    plies = 0
    while position.outcome() is None and plies < MOST_PLIES:
        if position.colour == winner:
            move = think(position, Limit(seconds=seconds)).move
        else:
            move = holding_move(tables, position, position.legal_moves()) or next(
                iter(position.legal_moves())
            )
        position = position.play(move)
        plies += 1
    outcome = position.outcome()
    return outcome is not None and outcome.winners == {winner}, plies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", action="append", choices=VARIANTS)
    parser.add_argument("--pieces", type=int, help="default: 5 on 8x8, 4 on 10x10")
    parser.add_argument("--folder", default=str(default_folder()), help="default: the bot's")
    parser.add_argument("--games", type=int, default=200, help="won positions per variant")
    parser.add_argument("--time", type=float, default=0.1, help="seconds a move, the engine")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--least-plies",
        type=int,
        default=1,
        help="only wins at least this many plies from the next capture or man's move",
    )
    args = parser.parse_args()
    folder = Path(args.folder).expanduser()
    summary: dict[str, Any] = {}
    for variant in args.variant or VARIANTS:
        pieces = args.pieces or DEFAULT_PIECES[RULES[variant].board_size]
        rows = build(variant, pieces, folder)
        tables = load(variant, folder)
        rng = random.Random(args.seed)
        positions = won_positions(variant, tables, args.games, rng, args.least_plies)
        began = time.perf_counter()
        converted, lengths, missed = 0, [], []
        for position in positions:
            won, plies = play_out(tables, position, args.time)
            converted += won
            lengths.append(plies)
            if not won:
                missed.append(position.snapshot())
                print(f"{variant}: not converted: {position.snapshot()}", flush=True)
        seconds = time.perf_counter() - began
        result = {
            "pieces": pieces,
            "build": rows,
            "bytes": sum(row["bytes"] for row in rows),
            "build_seconds": round(sum(row["seconds"] for row in rows), 1),
            "games": len(positions),
            "converted": converted,
            "rate": round(converted / max(1, len(positions)), 4),
            "average_plies": round(sum(lengths) / max(1, len(lengths)), 1),
            "longest_plies": max(lengths, default=0),
            "seconds": round(seconds, 1),
            "not_converted": missed,
        }
        print(f"{variant}: {converted} of {len(positions)} won positions converted", flush=True)
        summary[variant] = result
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
