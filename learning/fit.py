"""Step 3: fit the pattern weights (logistic regression, numpy).

    python -m learning.fit --variant brazilian --seed 1

Reads the labelled positions of step 2 (or, where step 2 was not run, those of step 1 with the
games' own search scores). Each score is turned into White's win chance (on the scale the
games' results give it) and looked at from later in its game: mixed with the next quiet
position's, by --decay, and so on to the game's last (TD(lambda)); the target is that chance,
mixed with the game's result by --mix (the chance's share; 1 by default: fitted on the
results, the patterns learnt what decided games between weak players and lost to the hand
terms, docs/engine.md). The model is the engine's evaluation: the hand terms (fixed) plus,
for each 4x4 block of the board (patterns.py), the weights of the block's state in the middle
game and in the ending, interpolated by the number of pieces. The chance is the logistic of
the evaluation times a scale fitted first on the hand terms alone (so the weights stay in
hundredths of a man). Each weight is tied to its colour-mirrored twin (the block turned round,
White and Black swapped, the sign changed), so the evaluation stays symmetric. Full-batch Adam
with an L2 penalty worth --prior positions a weight: a state seen in n positions keeps about
n / (n + prior) of what its positions alone would make it, so a rare state, which a search
would seek out where its weight is too high, stays near zero. The games of the last tenth of
the file are held out and the fit's loss on them is printed against the hand terms' alone.
Writes VARIANT.fit.npz (the tables as floats) for step 4.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from games.damas.engine.compiled import tools
from games.damas.engine.evaluate import tables, weights_for
from games.damas.engine.patterns import SQUARES, STATES, block_origins, block_squares, digits
from games.damas.engine.search import WON
from games.damas.rules import RULES
from learning.generate import DATA, positions_path, same_game
from learning.label import labelled_path
from learning.progress import Progress

Floats = NDArray[np.float64]
Ints = NDArray[np.int64]
HELD_OUT = 0.1


def fit_path(data: Path, variant: str) -> Path:
    return data / f"{variant}.fit.npz"


@dataclass
class Samples:
    """The positions as the fit sees them."""

    hand: Floats  # the hand terms' evaluation, for White
    phase: Floats  # the middle game's share: pieces / the full count, at most 1
    states: Ints  # (positions, blocks): block * STATES + the block's state
    result: Floats  # White's points: 1, 0.5, 0
    score: Floats  # the search score for White, forced results cut to +-WON's edge
    pieces: Ints  # on the board

    def part(self, chosen: slice) -> Samples:
        return Samples(
            self.hand[chosen],
            self.phase[chosen],
            self.states[chosen],
            self.result[chosen],
            self.score[chosen],
            self.pieces[chosen],
        )


def read_samples(variant: str, lines: list[str], pieces: int) -> Samples:
    """The model's inputs for each line of a positions or labelled file."""
    rules = RULES[variant]
    hand = weights_for(variant, "hand")
    evaluate, _ = tools(variant, hand)
    places = tables(rules, hand).geometry.places
    blocks = []
    for number, origin in enumerate(block_origins(rules.board.size)):
        squares = block_squares(places, origin)
        blocks.append((sum(squares), digits(squares, 1), digits(squares, 2), number * STATES))
    count = len(lines)
    samples = Samples(
        np.zeros(count),
        np.zeros(count),
        np.zeros((count, len(blocks)), dtype=np.int64),
        np.zeros(count),
        np.zeros(count),
        np.zeros(count, dtype=np.int64),
    )
    progress = Progress(f"{variant} reading", count)
    for row, line in enumerate(lines):
        fields = line.split()
        white, black, kings = (int(field, 16) for field in fields[:3])
        samples.hand[row] = evaluate(white, black, kings, 0)
        samples.pieces[row] = (white | black).bit_count()
        samples.phase[row] = min(samples.pieces[row], pieces) / pieces
        white_men, black_men = white & ~kings, black & ~kings
        for column, (mask, whites, blacks, base) in enumerate(blocks):
            samples.states[row, column] = base + whites[white_men & mask] + blacks[black_men & mask]
        samples.result[row] = int(fields[4]) / 2
        samples.score[row] = max(-WON, min(WON, int(fields[-1])))
        progress.advance()
    return samples


def mirror_index(size: int) -> Ints:
    """For each weight (block * STATES + state), its colour-mirrored twin's index."""
    origins = block_origins(size)
    twin = {origin: number for number, origin in enumerate(origins)}
    swapped = [0, 2, 1]
    states = np.arange(STATES)
    mirrored = np.zeros(STATES, dtype=np.int64)
    for place in range(SQUARES):
        digit = (states // 3**place) % 3
        mirrored += np.take(swapped, digit) * 3 ** (SQUARES - 1 - place)
    index = np.zeros(len(origins) * STATES, dtype=np.int64)
    for number, (row, col) in enumerate(origins):
        other = twin[(size - 4 - row, size - 4 - col)]
        index[number * STATES : (number + 1) * STATES] = other * STATES + mirrored
    return index


def ahead(chance: Floats, pieces: Ints, decay: float) -> Floats:
    """Each position's win chance looked at from later in its game (TD(lambda)): its own,
    mixed with the next quiet position's mix by `decay`, to the end of its game."""
    mixed = chance.copy()
    for row in range(len(chance) - 2, -1, -1):
        if same_game(pieces[row], pieces[row + 1]):
            mixed[row] = (1 - decay) * chance[row] + decay * mixed[row + 1]
    return mixed


SATURATED = 60.0  # a logit whose chance is 1 (or 0) within 1e-26


def log_loss(chance: Floats, target: Floats) -> float:
    chance = np.clip(chance, 1e-9, 1 - 1e-9)
    return float(-np.mean(target * np.log(chance) + (1 - target) * np.log(1 - chance)))


def sigmoid(x: Floats) -> Floats:
    # A forced result's score (the engine's won score) makes a logit far beyond where the
    # chance stops changing; clipped, exp does not overflow and warn.
    result: Floats = 1 / (1 + np.exp(-np.clip(x, -SATURATED, SATURATED)))
    return result


def scale_for(values: Floats, target: Floats) -> float:
    """The k whose logistic(k * value) fits the target best (a golden-section search)."""
    low, high = 1e-5, 0.1
    ratio = (math.sqrt(5) - 1) / 2
    for _ in range(60):
        a = high - ratio * (high - low)
        b = low + ratio * (high - low)
        if log_loss(sigmoid(a * values), target) < log_loss(sigmoid(b * values), target):
            high = b
        else:
            low = a
    return (low + high) / 2


@dataclass
class Model:
    """The weights being fitted: theta per (block, state), middle game and ending; the
    tables the engine gets are theta less its mirrored twin's."""

    middle: Floats
    ending: Floats
    mirror: Ints

    def tables(self) -> tuple[Floats, Floats]:
        return self.middle - self.middle[self.mirror], self.ending - self.ending[self.mirror]

    def pattern(self, samples: Samples) -> Floats:
        middle, ending = self.tables()
        summed: Floats = samples.phase * middle[samples.states].sum(axis=1) + (
            1 - samples.phase
        ) * ending[samples.states].sum(axis=1)
        return summed


def train(
    model: Model, samples: Samples, target: Floats, scale: float, args: argparse.Namespace
) -> None:
    """Full-batch Adam on the mean log loss plus the L2 penalty. The loss's curvature in a
    weight is about scale**2 / 4 per position that sees it, over all positions: the penalty
    weighs as much as --prior positions."""
    size = model.middle.size
    penalty = args.prior * scale**2 / 4 / len(target)
    moments = [np.zeros(size) for _ in range(4)]
    flat = samples.states.ravel()
    blocks = samples.states.shape[1]
    progress = Progress("fitting", args.epochs)
    for epoch in range(1, args.epochs + 1):
        chance = sigmoid(scale * (samples.hand + model.pattern(samples)))
        slope = scale * (chance - target) / len(target)
        grads = []
        for share, theta in ((samples.phase, model.middle), (1 - samples.phase, model.ending)):
            weights = np.repeat(slope * share, blocks)
            table = np.bincount(flat, weights=weights, minlength=size)
            grads.append(table - table[model.mirror] + penalty * theta)
        for which, (theta, grad) in enumerate(
            zip((model.middle, model.ending), grads, strict=True)
        ):
            first, second = moments[2 * which], moments[2 * which + 1]
            first *= 0.9
            first += 0.1 * grad
            second *= 0.999
            second += 0.001 * grad * grad
            corrected = first / (1 - 0.9**epoch)
            theta -= args.rate * corrected / (np.sqrt(second / (1 - 0.999**epoch)) + 1e-12)
        progress.advance()


def arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m learning.fit",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--variant", choices=sorted(RULES), default="brazilian")
    parser.add_argument("--mix", type=float, default=1.0, help="the score's share (1)")
    parser.add_argument("--epochs", type=int, default=400)
    parser.add_argument("--rate", type=float, default=0.5, help="Adam's step (hundredths)")
    parser.add_argument(
        "--decay", type=float, default=0.8, help="TD(lambda)'s lambda over later scores (0.8)"
    )
    parser.add_argument("--prior", type=float, default=1000, help="positions (1000)")
    parser.add_argument("--seed", type=int, default=1, help="the weights' small random start")
    parser.add_argument("--data", type=Path, default=DATA, help="folder (learning-data)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)
    source = labelled_path(args.data, args.variant)
    if not source.is_file():
        source = positions_path(args.data, args.variant)
    if not source.is_file():
        raise SystemExit(f"{source}: no positions; run python -m learning.generate first")
    lines = source.read_text(encoding="ascii").splitlines()
    board = RULES[args.variant].board
    pieces = 2 * board.home_rows[0].bit_count()
    samples = read_samples(args.variant, lines, pieces)
    cut = len(lines) - int(len(lines) * HELD_OUT)
    fitted, held = samples.part(slice(0, cut)), samples.part(slice(cut, None))
    # The score's win chance on the scale the results give it.
    score_scale = scale_for(fitted.score, fitted.result)
    chance = ahead(sigmoid(score_scale * samples.score), samples.pieces, args.decay)
    target = (1 - args.mix) * samples.result + args.mix * chance
    scale = scale_for(fitted.hand, target[:cut])
    rng = np.random.default_rng(args.seed)
    size = len(block_origins(board.size)) * STATES
    model = Model(rng.normal(0, 0.01, size), rng.normal(0, 0.01, size), mirror_index(board.size))
    train(model, fitted, target[:cut], scale, args)
    before = log_loss(sigmoid(scale * held.hand), target[cut:])
    after = log_loss(sigmoid(scale * (held.hand + model.pattern(held))), target[cut:])
    middle, ending = model.tables()
    path = fit_path(args.data, args.variant)
    report = {
        "variant": args.variant,
        "positions": len(lines),
        "source": source.name,
        "held_out": len(lines) - cut,
        "scale": round(scale, 6),
        "score_scale": round(score_scale, 6),
        "held_out_loss_hand": round(before, 5),
        "held_out_loss_patterns": round(after, 5),
        "mix": args.mix,
        "epochs": args.epochs,
        "prior": args.prior,
        "decay": args.decay,
    }
    np.savez_compressed(
        path,
        middle=middle.reshape(-1, STATES),
        ending=ending.reshape(-1, STATES),
        pieces=pieces,
        report=json.dumps(report),
    )
    print(f"held-out log loss: hand terms {before:.5f}, with the patterns {after:.5f}")
    print(f"tables in {path}")
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
