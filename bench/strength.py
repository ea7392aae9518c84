"""Benchmark: the computer's playing strength, in matches against other engines.

    python bench/strength.py --variant international --opponent turbo --games 100 --time 0.5
    python bench/strength.py --variant brazilian --opponent simple --games 100 --time 0.5
    python bench/strength.py --variant italian --level strong --opponent level:normal
    python bench/strength.py --variant brazilian --level beginner --opponent careful --time 0.2
    python bench/strength.py --endings

Ours (`--level`, default strong, with `--time` seconds per move) plays `--opponent`:
py-draughts 1.10.1's `turbo` (International only) or `simple` (installed apart, see
peers.py), one of our own levels (`level:NAME`), a level of the frozen copy of an earlier
engine (`frozen:NAME`, or `frozen-0c70a83:NAME` for the engine before issue 36, see
frozen_engine.py), Scan 2.0 (`scan`, `scan:depth=6:nobook`;
International only, built apart from its public source and found through $SCAN_DIR, see
match_players.ScanPlayer), or `careful` (a careful beginner: each move,
every reply and the captures then forced, material only; the beginner level is meant to lose
to it). The peers play at their strongest: TurboEngine with `depth_limit=None` and
SimpleEngine with a depth limit it never reaches, both stopped by the time alone. Every
player runs in a process of its own with the same time per move. Openings are drawn, without
repeats, from every legal sequence of 2, 3 or 4 plies (those with a capture, or leaving one
pending, included), each played twice with the colours swapped. The referee cross-checks
every move against our move generator (an illegal move loses), applies our draw rules and
stops at 200 plies (a draw). After every move it asks each player whether its own rules end
the game: a game where a peer library's rules and ours disagree (it declares a draw before
our rules end the game, or plays on past their end) is reported apart, and the score is
printed over all games and over those where the rules agree. Prints each game, then the
score with a 95% interval, each side's nodes per
second and average depth (only for a side whose player counts them: not `careful`) and
longest move; the last line is a JSON object. A match always plays all its games: each is
printed as it ends, without a running score, and a match cut short is no result. `--pdn FILE`
writes every game as PDN, each move followed by a comment with the mover's depth and nodes
(where counted), to look at the lost ones. `--databases FOLDER` gives our level the endgame
databases built there (`python -m games.damas endgame build --folder FOLDER`), read as the
bot's workers read them (only `strong` plays with them); the opponent plays without.

`--endings` plays the king endings of tests/data/endings.txt (ours against itself) and
reports whether each won one is converted within the draw rules' move counts (Italian has
none: within the 200-ply cap) and each drawn one held. A line of that file is
`variant FEN result` with the result `white`, `black` (the winner) or `draw`.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import frozen_engine
import peers
from match_players import Answer, find_move, identity, serve

from bot.service.kernel.computer.databases import load_databases
from games.damas import Position
from games.damas.engine.databases.materials import table_variant
from games.damas.pdn import PdnGame
from games.damas.pdn_write import result_notation, write_games

PLY_CAP = 200
FEWEST_OPENING_PLIES, MOST_OPENING_PLIES = 2, 4
ENDINGS = Path(__file__).resolve().parents[1] / "tests" / "data" / "endings.txt"


UNATTENDED = """\
A long match runs unattended: each game is printed as it ends ("game N: ... [k/n played]",
no running score), then the score over all games and over the games where the rule sets
agree, each with its 95% interval, and last a JSON line with every figure. For example the
200-game goals of issue 26, on a machine with cores to spare (--jobs games at once, each
with its two player processes; leave a core per job free or the clock is shared):

  nohup python bench/strength.py --variant international --opponent turbo \\
      --games 200 --time 0.5 --jobs 4 --seed 1 --pdn intl.pdn > intl.log 2>&1 &
  nohup python bench/strength.py --variant brazilian --opponent simple \\
      --games 200 --time 0.5 --jobs 4 --seed 1 --pdn braz.pdn > braz.log 2>&1 &
  nohup python bench/strength.py --variant italian --opponent frozen:strong \\
      --games 200 --time 0.5 --jobs 4 --seed 1 --pdn ital.pdn > ital.log 2>&1 &

then `tail -1 intl.log` is the result. A level at its own time against a peer at another:
--level normal --time 1.0 --opponent turbo --opponent-time 0.5.
"""


@dataclass
class Side:
    """What one player did over a game. `nodes` is None once a move came without a count."""

    nodes: int | None = 0
    seconds: float = 0.0
    depths: list[int] = field(default_factory=list)
    longest: float = 0.0

    def add(self, answer: Answer) -> None:
        _, nodes, depth, seconds = answer
        self.nodes = None if nodes is None or self.nodes is None else self.nodes + nodes
        self.seconds += seconds
        self.longest = max(self.longest, seconds)
        if depth is not None and depth > 0:  # a forced move is played without a search
            self.depths.append(depth)


@dataclass
class Game:
    opening: str
    ours_white: bool
    points: float  # ours: 1, 0.5 or 0
    reason: str
    plies: int
    ours: Side
    theirs: Side
    record: PdnGame
    # Where the two rule sets first disagreed on whether the game was over (None: never).
    disagreement: str | None


class Referee:
    """Plays one game between two player processes from a FEN."""

    def __init__(
        self,
        variant: str,
        fen: str,
        specs: tuple[str, str],
        seconds: tuple[float, float],
        seed: int,
        databases: tuple[str | None, str | None] = (None, None),
    ):
        context = multiprocessing.get_context("spawn")
        self.position = Position.from_fen(variant, fen)
        self.pipes = []
        self.processes = []
        for index, spec in enumerate(specs):
            mine, theirs = context.Pipe()
            process = context.Process(
                target=frozen_engine.serve if frozen_engine.is_frozen(spec) else serve,
                args=(theirs, spec, variant, fen, seconds[index], seed * 2 + index),
                kwargs={} if databases[index] is None else {"databases": databases[index]},
            )
            process.start()
            self.pipes.append(mine)
            self.processes.append(process)
        for pipe in self.pipes:
            pipe.recv()  # "ready": imports and tables are not counted in the first move

    def play(self, sides: tuple[Side, Side]) -> tuple[int | None, str, int]:
        """(winning seat or None, why, plies); the moves played, each with a comment on the
        mover's search, are kept in `moves`."""
        plies = 0
        self.moves: list[str] = []
        self.disagreement: str | None = None
        try:
            while plies < PLY_CAP:
                outcome = self.position.outcome()
                self.compare_rules(outcome is not None, plies)
                if outcome is not None:
                    winner = next(iter(outcome.winners), None)
                    return winner, outcome.reason, plies
                seat = self.position.to_move()
                self.pipes[seat].send(("go",))
                answer = self.pipes[seat].recv()
                sides[seat].add(answer)
                move = find_move(self.position, answer[0])
                if move is None:
                    return 1 - seat, f"illegal move {answer[0]} by seat {seat}", plies
                for pipe in self.pipes:
                    pipe.send(("play", identity(move)))
                _, nodes, depth, seconds = answer
                counted = ("" if depth is None else f"d{depth} ") + (
                    "" if nodes is None else f"{nodes}n "
                )
                self.moves.append(f"{self.position.notation(move)} {{{counted}{seconds:.2f}s}}")
                self.position = self.position.play(move)
                plies += 1
            return None, "ply_cap", plies
        finally:
            for pipe in self.pipes:
                pipe.send(("stop",))
            for process in self.processes:
                process.join()

    def compare_rules(self, ours_over: bool, plies: int) -> None:
        """Notes the first time a player's own rules and ours disagree on whether the game
        is over (`disagreement`): the peer library draws earlier, or plays on past our end."""
        if self.disagreement is not None:
            return
        for seat, pipe in enumerate(self.pipes):
            pipe.send(("over",))
            theirs = pipe.recv()
            if (theirs is not None) != ours_over:
                said = theirs if theirs is not None else "the game goes on"
                self.disagreement = f"seat {seat}'s rules: {said} at ply {plies}"
                return


@cache
def openings(variant: str) -> tuple[str, ...]:
    """The position after every legal sequence of 2, 3 or 4 plies from the start, once per
    sequence (captures and positions that leave one pending included)."""
    fens: list[str] = []
    frontier = [Position.start(variant)]
    for plies in range(1, MOST_OPENING_PLIES + 1):
        frontier = [
            position.play(move)
            for position in frontier
            if position.outcome() is None
            for move in position.legal_moves()
        ]
        if plies >= FEWEST_OPENING_PLIES:
            fens += [position.fen() for position in frontier if position.outcome() is None]
    return tuple(fens)


def opening(variant: str, rng: random.Random) -> Position:
    """One of `openings`, at random (bench/tune.py's)."""
    return Position.from_fen(variant, rng.choice(openings(variant)))


def opponent_time(args: argparse.Namespace) -> float:
    """The opponent's seconds per move (`--opponent-time`, else the same as ours)."""
    seconds: float = args.time if args.opponent_time is None else args.opponent_time
    return seconds


def play_game(args: argparse.Namespace, number: int, fen: str) -> Game:
    ours_white = number % 2 == 0
    ours, theirs = f"level:{args.level}", args.opponent
    specs = (ours, theirs) if ours_white else (theirs, ours)
    their_time = opponent_time(args)
    times = (args.time, their_time) if ours_white else (their_time, args.time)
    sides = (Side(), Side())
    databases = (args.databases, None) if ours_white else (None, args.databases)
    referee = Referee(args.variant, fen, specs, times, args.seed * 1000 + number, databases)
    winner, reason, plies = referee.play(sides)
    our_seat = 0 if ours_white else 1
    points = 0.5 if winner is None else 1.0 if winner == our_seat else 0.0
    tags = {
        "Event": f"bench/strength.py game {number + 1}, {times[0]}/{times[1]} s/move",
        "White": specs[0],
        "Black": specs[1],
        "Termination": reason,
        "SetUp": "1",
        "FEN": fen,
    }
    result = result_notation(args.variant, frozenset() if winner is None else frozenset({winner}))
    record = PdnGame(tags, tuple(referee.moves), result, args.variant)
    return Game(
        fen,
        ours_white,
        points,
        reason,
        plies,
        sides[our_seat],
        sides[1 - our_seat],
        record,
        referee.disagreement,
    )


def summary(label: str, sides: list[Side]) -> dict[str, float]:
    """The measured figures of one side over the match: nodes per second and average depth
    only where its player counted them."""
    figures: dict[str, float] = {}
    counts = [side.nodes for side in sides]
    seconds = sum(side.seconds for side in sides)
    said = []
    if None not in counts and seconds > 0:
        figures["nodes_per_second"] = round(sum(n for n in counts if n is not None) / seconds)
        said.append(f"{figures['nodes_per_second']:>8} nodes/s")
    depths = [depth for side in sides for depth in side.depths]
    if depths:
        figures["average_depth"] = round(sum(depths) / len(depths), 2)
        said.append(f"average depth {figures['average_depth']}")
    figures["longest_move"] = round(max(side.longest for side in sides), 3)
    said.append(f"longest move {figures['longest_move']} s")
    print(f"{label:>8}: {', '.join(said)}")
    return figures


def match(args: argparse.Namespace) -> dict[str, object]:
    their_time = opponent_time(args)
    rng = random.Random(args.seed)
    every = openings(args.variant)
    fens = rng.sample(every, (args.games + 1) // 2)
    jobs = [(number, fens[number // 2]) for number in range(args.games)]
    # Once, before the games' player processes each look for it at the same moment.
    if args.opponent in ("turbo", "simple"):
        peers.install(peers.PY_DRAUGHTS)
    if frozen_engine.is_frozen(args.opponent):
        frozen_engine.unpack(args.opponent)
    with ThreadPoolExecutor(args.jobs) as pool:
        futures = {pool.submit(play_game, args, *job): job[0] for job in jobs}
        played: dict[int, Game] = {}
        # Each game as it ends (a 100-game match at 0.5 s a move runs for an hour or more),
        # but no running score: a match is judged once all its games are played, never
        # stopped on how it stands.
        failed: dict[int, str] = {}
        for future in as_completed(futures):
            number = futures[future]
            try:
                game = future.result()
            except Exception as error:  # one broken game must not end a long match
                failed[number] = f"{type(error).__name__}: {error}"
                print(f"game {number + 1:>3}: failed, no result ({failed[number]})", flush=True)
                continue
            played[number] = game
            colour = "White" if game.ours_white else "Black"
            print(
                f"game {number + 1:>3}: ours {colour}, {game.points} "
                f"({game.reason}, {game.plies} plies) {game.opening}  "
                f"[{len(played)}/{len(jobs)} played]"
                + (f" rules disagree: {game.disagreement}" if game.disagreement else ""),
                flush=True,
            )
    games = [played[number] for number in sorted(played)]
    if args.pdn:
        Path(args.pdn).write_text(write_games(game.record for game in games))
    scores = {"all": score(games)}
    apart = [(number, game) for number, game in sorted(played.items()) if game.disagreement]
    if failed:
        print(
            f"{len(failed)} games failed and are not scored: games {sorted(n + 1 for n in failed)}"
        )
    if apart:
        print(f"{len(apart)} games where the rule sets disagreed on the end:")
        for number, game in apart:
            print(f"  game {number + 1}: {game.points} ({game.disagreement})")
        scores["rules_agree"] = score([game for game in games if game.disagreement is None])
    for label, figures in scores.items():
        print(
            f"{args.variant}, level {args.level} v {args.opponent}, {args.time} s/move "
            f"(theirs {their_time} s), "
            f"{label} games: {100 * figures['score']:.1f}% +- {100 * figures['margin95']:.1f} "
            f"({figures['wins']} won, {figures['draws']} drawn, {figures['lost']} lost "
            f"of {figures['games']})"
        )
    return {
        "variant": args.variant,
        "level": args.level,
        "opponent": args.opponent,
        "seconds_per_move": args.time,
        "opponent_seconds_per_move": their_time,
        "openings": "every legal 2-4 ply sequence, captures included",
        "our_databases": args.databases,
        **scores["all"],
        "scores": scores,
        "rule_disagreements": [
            {"game": number + 1, "points": game.points, "where": game.disagreement}
            for number, game in apart
        ],
        "failed": [
            {"game": number + 1, "error": error} for number, error in sorted(failed.items())
        ],
        "ours": summary("ours", [game.ours for game in games]),
        "theirs": summary("theirs", [game.theirs for game in games]),
    }


def score(games: list[Game]) -> dict[str, float]:
    """Our score over `games` with its 95% interval (normal approximation)."""
    return score_of([game.points for game in games])


def score_of(points: list[float]) -> dict[str, float]:
    """The score of a player's points (1, 0.5, 0 a game) with its 95% interval."""
    if not points:
        return {"games": 0, "wins": 0, "draws": 0, "lost": 0, "score": 0.0, "margin95": 0.0}
    mean = sum(points) / len(points)
    spread = math.sqrt(sum((p - mean) ** 2 for p in points) / max(1, len(points) - 1))
    wins, draws = points.count(1.0), points.count(0.5)
    return {
        "games": len(points),
        "wins": wins,
        "draws": draws,
        "lost": len(points) - wins - draws,
        "score": round(mean, 4),
        "margin95": round(1.96 * spread / math.sqrt(len(points)), 4),
    }


def endings(args: argparse.Namespace) -> dict[str, object]:
    results = []
    for line in ENDINGS.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        # expected: white, black (the winner) or draw
        variant, fen, expected = line.split()
        sides = (Side(), Side())
        spec = f"level:{args.level}"
        referee = Referee(variant, fen, (spec, spec), (args.time, args.time), args.seed)
        winner, reason, plies = referee.play(sides)
        got = "draw" if winner is None else ("white", "black")[winner]
        ok = got == expected
        print(
            f"{'ok ' if ok else 'BAD'} {variant:<14} {fen:<40} expected {expected}, "
            f"{got} ({reason}, {plies} plies)"
        )
        results.append(
            {"variant": variant, "fen": fen, "expected": expected, "got": got, "plies": plies}
        )
    passed = sum(result["expected"] == result["got"] for result in results)
    print(f"{passed} of {len(results)} endings as expected")
    return {"endings": len(results), "as_expected": passed, "results": results}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog=UNATTENDED,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--variant", default="international")
    parser.add_argument(
        "--opponent",
        default="turbo",
        help="turbo, simple, careful, scan[:depth=N][:nobook], level:NAME, frozen:NAME "
        f"(the engine of main at {frozen_engine.COMMIT}) or frozen-COMMIT:NAME "
        f"(COMMIT: {', '.join(frozen_engine.COMMITS[1:])})",
    )
    parser.add_argument("--level", default="strong", help="our level")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--time", type=float, default=0.1, help="seconds per move, each side")
    parser.add_argument(
        "--opponent-time", type=float, help="the opponent's seconds per move (default: --time)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="games played at once")
    parser.add_argument("--endings", action="store_true", help="play the king-ending set")
    parser.add_argument("--pdn", help="write the match's games to this PDN file")
    parser.add_argument(
        "--databases",
        help="a folder of endgame databases our level reads, as the bot does "
        "(python -m games.damas endgame build --folder FOLDER); the opponent gets none",
    )
    args = parser.parse_args(argv)
    if args.databases and table_variant(args.variant) not in load_databases(Path(args.databases)):
        parser.error(
            f"no endgame databases of {args.variant} under {args.databases}: build them with "
            f"python -m games.damas endgame build --variant {args.variant} "
            f"--folder {args.databases}"
        )
    report = endings(args) if args.endings else match(args)
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
