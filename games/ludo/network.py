"""Ludo's learned evaluation: each seat's chance to win a four-player game, by a network
learned in self-play (learning/ludo_train.py; docs/engine.md, "Fifth round") on the inputs of
features.py. One hidden layer of tanh units and a softmax over the seats, evaluated here in
pure Python on the sparse inputs: only the weights of the inputs a position has are added.

The weights are learned_weights.py, written by `python -m learning.ludo_write`; they are read
on first use, never at import.
"""

from __future__ import annotations

import math
import sys
from array import array
from base64 import b64decode
from dataclasses import dataclass
from functools import cache
from importlib import import_module

from games.base import Seat
from games.ludo.features import INPUTS, SEATS, features
from games.ludo.position import LudoPosition

WEIGHTS_MODULE = "games.ludo.learned_weights"


class BadWeights(ValueError):
    """The shipped weights do not fit the network's inputs (written for other features)."""


@dataclass(frozen=True, slots=True)
class Network:
    columns: tuple[tuple[float, ...], ...]  # per input, its weight to each hidden unit
    hidden_bias: tuple[float, ...]
    rows: tuple[tuple[float, ...], ...]  # per seat (in view order), its hidden units' weights
    seat_bias: tuple[float, ...]

    def chances(self, position: LudoPosition, view: Seat) -> list[float]:
        """Each seat's chance to win, in turn order from `view` (the viewer first)."""
        total = list(self.hidden_bias)
        columns = self.columns
        for index, value in features(position, view):
            column = columns[index]
            if value == 1.0:
                total = [a + b for a, b in zip(total, column, strict=True)]
            else:
                total = [a + value * b for a, b in zip(total, column, strict=True)]
        hidden = [math.tanh(a) for a in total]
        logits = [
            bias + sum(w * h for w, h in zip(row, hidden, strict=True))
            for row, bias in zip(self.rows, self.seat_bias, strict=True)
        ]
        top = max(logits)
        powers = [math.exp(logit - top) for logit in logits]
        whole = sum(powers)
        return [power / whole for power in powers]


def fits(position: LudoPosition) -> bool:
    """Whether the network was learned for this game: four players, each for itself."""
    return position.rules.players == SEATS and not position.rules.teams


def win_chances(position: LudoPosition, view: Seat) -> list[float]:
    """Every seat's chance to win `position` (a four-player game, a roll due or over), by
    seat, as `view`'s seat sees it (the views differ a little: the network learned each)."""
    outcome = position.outcome()
    if outcome is not None:
        return [1.0 if seat in outcome.winners else 0.0 for seat in range(SEATS)]
    seen = network().chances(position, view)
    return [seen[(seat - view) % SEATS] for seat in range(SEATS)]


@cache
def network() -> Network:
    """The shipped network, read once; BadWeights if it does not fit features.py."""
    module = import_module(WEIGHTS_MODULE)
    hidden = module.HIDDEN
    w1, b1, w2, b2 = (_floats(text) for text in (module.W1, module.B1, module.W2, module.B2))
    if len(w1) != INPUTS * hidden or len(b1) != hidden or len(w2) != hidden * SEATS:
        raise BadWeights(f"{WEIGHTS_MODULE} does not fit {INPUTS} inputs and {hidden} units")
    if len(b2) != SEATS:
        raise BadWeights(f"{WEIGHTS_MODULE} has {len(b2)} seats, not {SEATS}")
    columns = tuple(tuple(w1[i * hidden : (i + 1) * hidden]) for i in range(INPUTS))
    rows = tuple(tuple(w2[h * SEATS + seat] for h in range(hidden)) for seat in range(SEATS))
    return Network(columns, tuple(b1), rows, tuple(b2))


def _floats(text: str) -> list[float]:
    """Little-endian float32 values, as base64 text."""
    values = array("f")
    values.frombytes(b64decode(text))
    if sys.byteorder == "big":
        values.byteswap()
    return values.tolist()
