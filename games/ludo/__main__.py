"""The Ludo command line: `simulate` games between computer players, or `play` in the terminal.

    python -m games.ludo simulate --games 1000 --agents best,random,random,random --seed 1
    python -m games.ludo play --seats human,best,best,best

`simulate` prints its figures as one JSON object on its last line, with a progress counter
on stderr. `play` rolls verifiable dice (dice.py): it shows the seed's commitment at the
start and reveals the seed at the end.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from typing import NoReturn

from games.base import CHANCE, GameError
from games.ludo import dice
from games.ludo.agents import AGENTS, find_agent
from games.ludo.board import square_name
from games.ludo.moves import LudoMove, Roll
from games.ludo.position import LudoPosition
from games.ludo.rules import LudoRules
from games.ludo.simulate import simulate

OPTION_NAMES = ("three_sixes", "towers_block", "teams")
COLOUR_NAMES = {1: "red", 2: "green", 3: "yellow", 4: "blue"}
HUMAN = "human"


class UsageError(Exception):
    """Bad command-line input: reported in one line, exit status 2."""


def rules_from(arguments: argparse.Namespace) -> LudoRules:
    options: dict[str, object] = {"players": arguments.players}
    for option in arguments.option:
        name, _, value = option.partition("=")
        name = name.strip().replace("-", "_")
        if name not in OPTION_NAMES:
            raise UsageError(f"unknown option {name!r}; the options are {', '.join(OPTION_NAMES)}")
        if value.lower() not in ("", "true", "yes", "1", "false", "no", "0"):
            raise UsageError(f"--option {name}={value}: the value is true or false")
        options[name] = value.lower() in ("", "true", "yes", "1")
    try:
        return LudoRules.from_options(options)
    except GameError as error:
        raise UsageError(str(error)) from None


def names(text: str, players: int, allowed: Sequence[str]) -> list[str]:
    listed = [name.strip().lower() for name in text.split(",")]
    unknown = [name for name in listed if name not in allowed]
    if unknown:
        raise UsageError(f"unknown player {unknown[0]!r}; choose from {', '.join(allowed)}")
    if len(listed) != players:
        raise UsageError(f"{players} players need {players} names, not {len(listed)}: {text}")
    return listed


def run_simulate(arguments: argparse.Namespace) -> None:
    rules = rules_from(arguments)
    default = ",".join(["best"] + ["random"] * (rules.players - 1))
    agents = names(arguments.agents or default, rules.players, list(AGENTS))
    if arguments.games < 1:
        raise UsageError(f"--games is at least 1, not {arguments.games}")
    show = arguments.games >= 20 and not arguments.quiet

    def progress(done: int, total: int) -> None:
        if done == total or done % max(total // 100, 1) == 0:
            sys.stderr.write(f"\r{done}/{total} games")
            if done == total:
                sys.stderr.write("\n")
            sys.stderr.flush()

    result = simulate(agents, arguments.games, rules, arguments.seed, progress if show else None)
    print(json.dumps(result.summary()))


def describe(position: LudoPosition) -> str:
    """The position in words: each player's pawns by square, and whose turn it is."""
    lines = []
    for seat_view in position.view().seats:
        colour = seat_view.colour
        if seat_view.left:
            places = "left the game"
        else:
            places = "  ".join(
                f"p{pawn + 1}:{square_name(colour, progress)}"
                for pawn, progress in enumerate(seat_view.pawns)
            )
        lines.append(f"player {seat_view.seat + 1} ({COLOUR_NAMES[colour]}): {places}")
    return "\n".join(lines)


def run_play(arguments: argparse.Namespace) -> None:
    rules = rules_from(arguments)
    default = ",".join([HUMAN] + ["best"] * (rules.players - 1))
    seats = names(arguments.seats or default, rules.players, [HUMAN, *AGENTS])
    chooser = random.Random(arguments.seed)
    seed = dice.new_seed()
    published = dice.commitment(seed)
    rules = LudoRules.from_options(
        {**rules.to_options(), "first_seat": chooser.randrange(rules.players)}
    )
    position = LudoPosition.start(rules)
    print(f"Dice commitment (SHA-256 of the secret seed): {published}")
    print("Start: c1 is red's start square; each colour starts 13 squares after the previous.")
    rolls: list[int] = []
    while position.outcome() is None:
        seat = position.to_move()
        if seat == CHANCE:
            value = dice.roll(seed, len(rolls))
            rolls.append(value)
            print(f"player {position.turn + 1} rolls {value}")
            position = position.play(Roll(value))
            continue
        if seats[seat] == HUMAN:
            print(describe(position))
            move = ask(position)
        else:
            move = find_agent(seats[seat])(position, chooser)
        print(f"player {seat + 1} plays {position.notation(move)}")
        position = position.play(move)
    print(describe(position))
    outcome = position.outcome()
    assert outcome is not None
    winners = ", ".join(f"player {seat + 1}" for seat in sorted(outcome.winners))
    print(f"Game over ({outcome.reason}): {winners} won.")
    print(f"Dice seed: {seed.hex()}; verified: {dice.verify(seed, published, rolls)}")


def ask(position: LudoPosition) -> LudoMove:
    choices = ", ".join(position.notation(move) for move in position.legal_moves())
    while True:
        try:
            text = input(f"player {position.turn + 1}, your {position.roll} ({choices}): ")
        except EOFError:
            raise UsageError("the input ended before the game did") from None
        try:
            return position.parse(text)
        except GameError as error:
            print(error)


class OneLineParser(argparse.ArgumentParser):
    """argparse that reports bad input in one line (no usage block), with exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"error: {message} (see {self.prog} --help)\n")


def parser() -> argparse.ArgumentParser:
    main = OneLineParser(prog="python -m games.ludo", description=__doc__.split("\n")[0])
    commands = main.add_subparsers(dest="command", required=True)
    for name, help_text in (
        ("simulate", "play many games between computer players and print the figures"),
        ("play", "play in the terminal, against computer players or other people"),
    ):
        command = commands.add_parser(name, help=help_text, description=help_text)
        command.add_argument("--players", type=int, default=4, help="2, 3 or 4 (default 4)")
        command.add_argument(
            "--option",
            action="append",
            default=[],
            metavar="NAME[=true|false]",
            help=f"an optional rule: {', '.join(OPTION_NAMES)}; repeat for several",
        )
        seeded = "the dice and " if name == "simulate" else ""
        command.add_argument(
            "--seed", type=int, help=f"seed of {seeded}the computer players' choices"
        )
    simulate_command = commands.choices["simulate"]
    simulate_command.add_argument("--games", type=int, default=1000, help="default 1000")
    simulate_command.add_argument(
        "--agents",
        help=f"one per player, comma-separated, from {', '.join(AGENTS)} (default best,random,...)",
    )
    simulate_command.add_argument("--quiet", action="store_true", help="no progress counter")
    commands.choices["play"].add_argument(
        "--seats",
        help=f"one per player: {HUMAN} or a computer player {', '.join(AGENTS)} "
        "(default human,best,...)",
    )
    return main


def main(argv: Sequence[str] | None = None) -> int:
    arguments = parser().parse_args(argv)
    try:
        if arguments.command == "simulate":
            run_simulate(arguments)
        else:
            run_play(arguments)
    except UsageError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
