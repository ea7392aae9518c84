"""The review's figures: CPU seconds per game at the default budget, and how many of its
blunders a deeper search confirms.

    python bench/review.py --games 2 --seed 27 [--pdn tests/data/pdn/international-wk2003.pdn]

Games: the engine against itself in each variant, where each move is, one time in
`SLIPS`, played by a weak level (the `beginner` level's noise and blind moves) so that there
are blunders to check in positions that are not decided yet, from a random opening of 2-4
plies, and the first `--pdn-games` records of each `--pdn` file. Each game is reviewed as
/review does (games/damas/review.py: every position searched with `REVIEW_NODES` nodes from
an empty table, then a second look with `SECOND_LOOK_NODES` at each move the first pass marks
a mistake or worse); the CPU time is this process's, both passes. Then each move marked a
mistake or a blunder is scored again with `--deeper` times the deepest look's nodes (the
position before it and the one after it); a blunder is confirmed when the deeper scores still
mark it a blunder (and, beside it, the share of mistakes and blunders that stay at least
mistakes). `--second-look 0` measures the first pass alone. The goals (issue 27): under 30 s
of CPU for a 60-move game (120 plies), 90% of the blunders confirmed. Last line: JSON.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.damas import Position
from games.damas.engine import Limit, think
from games.damas.engine.table import forget_tables
from games.damas.pdn import read_games
from games.damas.pdn_replay import start_position
from games.damas.review import (
    REVIEW_NODES,
    SECOND_LOOK_NODES,
    MoveReview,
    Searched,
    review_limit,
    review_moves,
    search_position,
    second_look,
    second_look_plies,
    second_look_positions,
)

VARIANTS = ("brazilian", "italian", "international")
WEAK = Limit(depth=2, nodes=2000, noise=300, blunder=0.3)
FIRM = Limit(depth=6, nodes=4000, noise=12)
MAX_PLIES = 200
SLIPS = 8  # one move in this many is the weak level's
MOVES_OF_A_GAME = 60  # the goal's game: 60 moves, 120 plies


# A game: its positions (before each move, and the last) and its moves.
Game = tuple[list[Position], list[str]]


def engine_game(variant: str, rng: random.Random) -> Game:
    """One game of the engine against itself, with slips of its weak level on both sides."""
    position = Position.start(variant)
    for _ in range(rng.randint(2, 4)):
        position = position.play(rng.choice(position.legal_moves()))
    positions, played = [position], list[str]()
    while position.outcome() is None and len(played) < MAX_PLIES:
        limit = WEAK if rng.randrange(SLIPS) == 0 else FIRM
        move = think(position, limit, rng).move
        played.append(position.notation(move))
        position = position.play(move)
        positions.append(position)
    return positions, played


def pdn_games(path: Path, count: int) -> list[Game]:
    """The first `count` records of a PDN file that replay."""
    games: list[Game] = []
    for record in read_games(path.read_text(encoding="utf-8", errors="replace")):
        if len(games) == count:
            break
        try:
            position = start_position(record)
            positions = [position]
            for notation in record.moves:
                position = position.play(position.parse(notation))
                positions.append(position)
        except ValueError:
            continue
        games.append((positions, list(record.moves)))
    return games


def searched(position: Position, nodes: int) -> Searched | None:
    if position.outcome() is not None:
        return None
    forget_tables()
    return search_position(position, review_limit(nodes))


def reviewed(game: Game, nodes: int, second_nodes: int) -> tuple[list[MoveReview], int, float]:
    """The review of a game as /review makes it: every position, then a second look at the
    moves marked a mistake or worse (none where `second_nodes` is 0); with the number of
    moves looked at again and the CPU seconds of that second look."""
    positions, played = game
    first = review_moves(positions, played, [searched(p, nodes) for p in positions])
    if not second_nodes:
        return first, 0, 0.0
    began = time.process_time()
    plies = second_look_plies(first)
    again = {
        index: searched(positions[index], second_nodes) for index in second_look_positions(plies)
    }
    deeper = {ply: (again[ply], again[ply + 1]) for ply in plies}
    judged = second_look(positions, first, deeper)
    return judged, len(deeper), time.process_time() - began


SEVERITY = {None: 0, "inaccuracy": 1, "mistake": 2, "blunder": 3}


def deeper_mark(positions: list[Position], move: MoveReview, nodes: int) -> str | None:
    """The mark a deeper search of the positions around a move gives it."""
    window = positions[move.ply : move.ply + 2]
    [deeper] = review_moves(window, [move.played], [searched(p, nodes) for p in window])
    return deeper.mark


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="engine games per variant")
    parser.add_argument("--variants", nargs="+", default=list(VARIANTS))
    parser.add_argument("--pdn", type=Path, nargs="*", default=[])
    parser.add_argument("--pdn-games", type=int, default=2, help="records read per file")
    parser.add_argument("--nodes", type=int, default=REVIEW_NODES)
    parser.add_argument(
        "--second-look", type=int, default=SECOND_LOOK_NODES, help="nodes; 0: no second look"
    )
    parser.add_argument(
        "--deeper", type=int, default=5, help="the check's nodes, in times the deepest look's"
    )
    parser.add_argument("--seed", type=int, default=27)
    options = parser.parse_args()
    rng = random.Random(options.seed)
    games = [engine_game(v, rng) for v in options.variants for _ in range(options.games)]
    for path in options.pdn:
        games += pdn_games(path, options.pdn_games)
    check_nodes = max(options.nodes, options.second_look) * options.deeper
    plies = cpu = second_cpu_total = 0.0
    looked_again = 0
    blunders = confirmations = mistakes = mistakes_confirmed = 0
    for index, (positions, played) in enumerate(games):
        began = time.process_time()
        moves, looked, second_cpu = reviewed(
            (positions, played), options.nodes, options.second_look
        )
        spent = time.process_time() - began
        plies += len(moves)
        cpu += spent
        looked_again += looked
        second_cpu_total += second_cpu
        # Each mistake or blunder scored again deeper: a blunder is confirmed when it stays a
        # blunder; beside it, how many of both stay at least mistakes.
        marked = [move for move in moves if SEVERITY[move.mark] >= SEVERITY["mistake"]]
        deeper = [deeper_mark(positions, m, check_nodes) for m in marked]
        here = [(m.mark, mark) for m, mark in zip(marked, deeper, strict=True)]
        blunders += sum(mark == "blunder" for mark, _ in here)
        confirmations += sum(mark == again == "blunder" for mark, again in here)
        mistakes += len(here)
        mistakes_confirmed += sum(SEVERITY[again] >= SEVERITY["mistake"] for _, again in here)
        variant = positions[0].rules.key
        print(
            f"game {index + 1} ({variant}): {len(moves)} plies, {spent:.1f} s of CPU "
            f"({second_cpu:.1f} s for the second look at {looked} moves), "
            f"{len(here)} mistakes or blunders, deeper: {[again for _, again in here]}",
            flush=True,
        )
    per_game = cpu / plies * 2 * MOVES_OF_A_GAME if plies else 0.0
    share = confirmations / blunders if blunders else 1.0
    mistake_share = mistakes_confirmed / mistakes if mistakes else 1.0
    print(
        f"{len(games)} games, {int(plies)} plies: {per_game:.1f} s of CPU per 60-move game "
        f"(goal under 30), {second_cpu_total / cpu if cpu else 0:.0%} of it the second look at "
        f"{looked_again} moves; {confirmations} of {blunders} blunders confirmed at "
        f"{check_nodes:,} nodes ({share:.0%}; goal 90%); {mistakes_confirmed} of "
        f"{mistakes} mistakes or blunders stay at least mistakes ({mistake_share:.0%})"
    )
    print(
        json.dumps(
            {
                "games": len(games),
                "plies": int(plies),
                "nodes": options.nodes,
                "second_look_nodes": options.second_look,
                "cpu_seconds_per_60_move_game": round(per_game, 2),
                "second_look_moves": looked_again,
                "second_look_cpu_share": round(second_cpu_total / cpu, 3) if cpu else 0.0,
                "blunders": blunders,
                "confirmed": confirmations,
                "confirmed_share": round(share, 3),
                "mistakes_or_blunders": mistakes,
                "still_mistakes": mistakes_confirmed,
                "still_mistakes_share": round(mistake_share, 3),
                "deeper_nodes": check_nodes,
                "seed": options.seed,
            }
        )
    )


if __name__ == "__main__":
    main()
