"""Ludo's learned evaluation by temporal-difference self-play, TD(lambda) (docs/engine.md,
"Fifth round: a learned evaluation"):

    python -m learning.ludo_train --games 20000 --seed 1

Four seats play the default rules, each greedily: the move to the position whose chance of
winning, by the network as it stands, is best for the mover (one move in `--explore` at
random); with `--opponents random,simple,best` each seat plays instead, with chance `--mix`
for the whole game, one of those players of games/ludo/agents.py, so that the network also
learns what positions are worth against players other than itself. The network
(games/ludo/features.py's inputs, one hidden layer of tanh units, a softmax over the four
seats: each seat's chance to win) then learns from the game: each
position where a roll was due is pulled towards its lambda-return, the next position's chances
blended with the ones after it down to the game's result (the forward view of TD(lambda)),
from all four seats' views (the board turned). Every `--save-every` games and at the end the
weights go to --data/ludo/net-GAMES.npz and net.npz; `python -m learning.ludo_write` ships
them. `--start FILE` goes on from saved weights (the games counted anew), `--start shipped`
from games/ludo/learned.lnet, the network the package plays; `--hidden N` above the
start's units widens it (the new units start silent). Deterministic from
--seed (and --start). One core; the progress line shows the games played, the
recent TD error (the squared distance of the chances from their targets) and the share of
games the first seat to roll won.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from games.ludo.agents import Agent, find_agent
from games.ludo.features import INPUTS, SEATS, Features, features, seat_inputs, seen_from
from games.ludo.moves import ROLLS
from games.ludo.network import network as evaluation_network
from games.ludo.position import LudoPosition
from games.ludo.rules import LudoRules

Array = NDArray[np.float64]
REPORT_EVERY = 100
SHIPPED = "shipped"
DEFAULT_HIDDEN = 40


@dataclass
class Network:
    """The evaluation's weights, with Adam's running moments for each."""

    w1: Array
    b1: Array
    w2: Array
    b2: Array
    moments: list[tuple[Array, Array]] = field(default_factory=list)
    steps: int = 0

    @classmethod
    def new(cls, hidden: int, rng: np.random.Generator) -> Network:
        return cls(
            rng.normal(0, 1 / np.sqrt(INPUTS / 8), (INPUTS, hidden)),
            np.zeros(hidden),
            rng.normal(0, 1 / np.sqrt(hidden), (hidden, SEATS)),
            np.zeros(SEATS),
        )

    def widened(self, hidden: int, rng: np.random.Generator) -> Network:
        """The same chances from `hidden` units: the new units' weights to the seats start at
        zero, so they change nothing until learning gives them a part."""
        more = hidden - self.w1.shape[1]
        if more < 0:
            raise SystemExit(f"--hidden {hidden} is fewer than the start's {self.w1.shape[1]}")
        if more == 0:
            return self
        grown = Network.new(more, rng)
        return Network(
            np.hstack([self.w1, grown.w1]),
            np.concatenate([self.b1, grown.b1]),
            np.vstack([self.w2, np.zeros_like(grown.w2)]),
            self.b2.copy(),
        )

    def parameters(self) -> list[Array]:
        return [self.w1, self.b1, self.w2, self.b2]

    def forward(self, inputs: Array) -> tuple[Array, Array]:
        """The hidden units and each seat's chance (in view order), row by row."""
        hidden = np.tanh(inputs @ self.w1 + self.b1)
        logits = hidden @ self.w2 + self.b2
        logits -= logits.max(axis=1, keepdims=True)
        chances = np.exp(logits)
        chances /= chances.sum(axis=1, keepdims=True)
        return hidden, chances

    def learn(self, inputs: Array, targets: Array, rate: float) -> float:
        """One Adam step on the cross-entropy towards `targets`; the mean squared error."""
        hidden, chances = self.forward(inputs)
        error = (chances - targets) / len(inputs)
        grad_w2 = hidden.T @ error
        grad_hidden = (error @ self.w2.T) * (1 - hidden**2)
        grads = [inputs.T @ grad_hidden, grad_hidden.sum(0), grad_w2, error.sum(0)]
        if not self.moments:
            self.moments = [(np.zeros_like(p), np.zeros_like(p)) for p in self.parameters()]
        self.steps += 1
        beta1, beta2 = 0.9, 0.999
        for parameter, grad, (first, second) in zip(
            self.parameters(), grads, self.moments, strict=True
        ):
            first *= beta1
            first += (1 - beta1) * grad
            second *= beta2
            second += (1 - beta2) * grad**2
            corrected = first / (1 - beta1**self.steps)
            spread = np.sqrt(second / (1 - beta2**self.steps)) + 1e-8
            np.subtract(parameter, rate * corrected / spread, out=parameter)
        return float(((chances - targets) ** 2).sum(axis=1).mean())

    def save(self, path: Path, **report: Any) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        np.savez(path, w1=self.w1, b1=self.b1, w2=self.w2, b2=self.b2, **report)

    @classmethod
    def saved(cls, path: Path) -> Network:
        """The weights `save` wrote to `path`; a clear exit when it holds none for today's
        inputs, since training would otherwise fail on its first game."""
        try:
            with np.load(path) as saved:
                network = cls(saved["w1"], saved["b1"], saved["w2"], saved["b2"])
        except (OSError, ValueError, KeyError) as error:
            raise SystemExit(f"no network at {path}: {error}") from None
        check_shapes(network.w1, network.w2, str(path))
        return network


def check_shapes(w1: Array, w2: Array, source: str) -> None:
    """Exit unless the weights were learned on today's inputs and seats."""
    if w1.shape[0] != INPUTS or w2.shape != (w1.shape[1], SEATS):
        raise SystemExit(f"{source} was not learned on today's {INPUTS} inputs and {SEATS} seats")


def shipped() -> Network:
    """The network games/ludo/learned.lnet holds (float32, so within 1e-7 of what was
    learned), to learn on from."""
    played = evaluation_network()
    return Network(
        np.array(played.columns),
        np.array(played.hidden_bias),
        np.array(played.rows).T.copy(),
        np.array(played.seat_bias),
    )


def dense(rows: list[Features]) -> Array:
    """The inputs of each row as one matrix."""
    matrix = np.zeros((len(rows), INPUTS))
    for row, active in enumerate(rows):
        for index, value in active:
            matrix[row, index] = value
    return matrix


def result(position: LudoPosition) -> Array:
    """The finished game's outcome: the winners share a chance of 1."""
    outcome = position.outcome()
    assert outcome is not None
    chances = np.zeros(SEATS)
    for seat in outcome.winners:
        chances[seat] = 1 / len(outcome.winners)
    return chances


def turned(chances: Array, view: int) -> Array:
    """Absolute seats' chances in `view`'s order (the viewer first), or back with -view."""
    return np.roll(chances, -view, axis=-1)


def choose(position: LudoPosition, network: Network) -> LudoPosition:
    """The position after the move with the best chance for the mover."""
    mover = position.turn
    children = [position.play(move) for move in position.legal_moves()]
    best, best_value = children[0], -1.0
    open_children = []
    for child in children:
        outcome = child.outcome()
        if outcome is not None and mover in outcome.winners:
            return child
        open_children.append(child)
    _, chances = network.forward(dense([features(child, mover) for child in open_children]))
    for child, value in zip(open_children, chances[:, 0], strict=True):
        if value > best_value:
            best, best_value = child, float(value)
    return best


def play(
    network: Network,
    dice: random.Random,
    explore: float,
    opponents: Sequence[Agent] = (),
    mix: float = 0.0,
) -> list[LudoPosition]:
    """One game, every position where a roll was due, the final one last: each seat plays
    the network but, with chance `mix` each, one of `opponents` for the whole game."""
    position = LudoPosition.start(LudoRules(first_seat=dice.randrange(SEATS)))
    seated = {
        seat: dice.choice(opponents) for seat in range(SEATS) if opponents and dice.random() < mix
    }
    seen = []
    while position.outcome() is None:
        if not position.roll:
            seen.append(position)
            position = position.play(ROLLS[dice.randrange(len(ROLLS))])
            continue
        moves = position.legal_moves()
        if len(moves) == 1:
            position = position.play(moves[0])
        elif position.turn in seated:
            position = position.play(seated[position.turn](position, dice))
        elif dice.random() < explore:
            position = position.play(dice.choice(moves))
        else:
            position = choose(position, network)
    seen.append(position)
    return seen


def targets(network: Network, game: list[LudoPosition], lam: float) -> tuple[Array, Array]:
    """Every open position's inputs from the four views and its lambda-return in each."""
    *positions, final = game
    rows: list[Features] = []
    for position in positions:
        blocks = seat_inputs(position)
        rows.extend(seen_from(blocks, position, view) for view in range(SEATS))
    inputs = dense(rows)
    _, chances = network.forward(inputs)
    # Each position's chances in absolute seats: the four views' average.
    values = np.stack([turned(chances[view::SEATS], -view) for view in range(SEATS)]).mean(axis=0)
    returns = np.empty_like(values)
    following = result(final)
    for index in range(len(positions) - 1, -1, -1):
        returns[index] = following
        following = (1 - lam) * values[index] + lam * following
    wanted = np.stack([turned(returns, view) for view in range(SEATS)], axis=1)
    return inputs, wanted.reshape(-1, SEATS)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--hidden",
        type=int,
        help="hidden tanh units (default 40; with --start, more than the start's widens it)",
    )
    parser.add_argument("--lam", type=float, default=0.7, help="TD(lambda)'s lambda")
    parser.add_argument("--rate", type=float, default=0.001, help="Adam's step size")
    parser.add_argument("--explore", type=float, default=0.02, help="share of random moves")
    parser.add_argument("--save-every", type=int, default=2000)
    parser.add_argument("--data", type=Path, default=Path("learning-data"))
    parser.add_argument(
        "--start", help="go on from these weights: a net.npz, or 'shipped' (the package's)"
    )
    parser.add_argument(
        "--opponents",
        default="",
        help="comma-separated players of games/ludo/agents.py that take seats from the network",
    )
    parser.add_argument(
        "--mix", type=float, default=0.5, help="with --opponents, each seat's chance of one"
    )
    arguments = parser.parse_args(argv)
    hidden = arguments.hidden
    try:
        opponents = [find_agent(name) for name in arguments.opponents.split(",") if name.strip()]
    except KeyError as error:
        parser.error(str(error.args[0]))
    if not 0 <= arguments.mix <= 1:
        parser.error("--mix must be within 0..1")
    if arguments.games < 1 or (hidden is not None and hidden < 1) or not 0 <= arguments.lam <= 1:
        parser.error("--games and --hidden must be at least 1, --lam within 0..1")
    rng = np.random.default_rng(arguments.seed)
    if not arguments.start:
        network = Network.new(hidden or DEFAULT_HIDDEN, rng)
    else:
        network = shipped() if arguments.start == SHIPPED else Network.saved(Path(arguments.start))
        if hidden is not None:
            network = network.widened(hidden, rng)
    dice = random.Random(arguments.seed)
    errors: deque[float] = deque(maxlen=REPORT_EVERY)
    first_won: deque[bool] = deque(maxlen=REPORT_EVERY)
    began = time.monotonic()
    folder = arguments.data / "ludo"
    for game in range(1, arguments.games + 1):
        positions = play(network, dice, arguments.explore, opponents, arguments.mix)
        inputs, wanted = targets(network, positions, arguments.lam)
        errors.append(network.learn(inputs, wanted, arguments.rate))
        first = positions[0].rules.first_seat
        first_won.append(bool(result(positions[-1])[first]))
        if game % REPORT_EVERY == 0 or game == arguments.games:
            elapsed = time.monotonic() - began
            print(
                f"{game}/{arguments.games} games, TD error {np.mean(errors):.4f}, first seat "
                f"won {np.mean(first_won):.1%}, {game / elapsed:.1f} games/s, {elapsed:.0f} s",
                file=sys.stderr,
                flush=True,
            )
        report = {"games": game, "seed": arguments.seed, "lam": arguments.lam}
        if game % arguments.save_every == 0:
            network.save(folder / f"net-{game}.npz", **report)
    network.save(folder / "net.npz", games=arguments.games, seed=arguments.seed)


if __name__ == "__main__":
    main()
