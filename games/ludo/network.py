"""Ludo's learned evaluation: each seat's chance to win a four-player game, by a network
learned in self-play (learning/ludo_train.py; docs/engine.md, "Fifth round") on the inputs of
features.py. One hidden layer of tanh units and a softmax over the seats, evaluated here in
pure Python on the sparse inputs: only the weights of the inputs a position has are added.

The weights are the package file learned.lnet (this module's format: `encode`), written by
`python -m learning.ludo_write`; they are read on first use, never at import.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from itertools import accumulate

from games.base import Seat
from games.ludo.features import INPUTS, SEATS, features
from games.ludo.position import LudoPosition

WEIGHTS_FILE = "learned.lnet"
# The file: MAGIC, the counts of inputs, hidden units and seats and the note's length (four
# little-endian unsigned shorts), the note (UTF-8: where the weights came from), then W1
# input-major (each input's weights to the hidden units), B1, W2 hidden-major and B2, all
# little-endian float32.
MAGIC = b"LUDONET1"
_HEADER = struct.Struct("<4H")


class BadWeights(ValueError):
    """The weights do not fit the network's inputs (written for other features), or their
    file is damaged."""


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
    """The shipped network, read once; BadWeights if its file is damaged or does not fit
    features.py."""
    try:
        return decode((files(__package__) / WEIGHTS_FILE).read_bytes())
    except BadWeights as error:
        raise BadWeights(f"games/ludo/{WEIGHTS_FILE}: {error}") from None


def encode(
    hidden: int,
    weights: tuple[Sequence[float], Sequence[float], Sequence[float], Sequence[float]],
    note: str,
) -> bytes:
    """A weight file's bytes: W1, B1, W2 and B2 (flat, in the orders MAGIC's comment says)
    for `hidden` units, and a note on where they came from."""
    told = note.encode("utf-8")
    floats = [value for part in weights for value in part]
    header = _HEADER.pack(INPUTS, hidden, SEATS, len(told))
    return MAGIC + header + told + struct.pack(f"<{len(floats)}f", *floats)


def decode(data: bytes) -> Network:
    """The network a weight file holds; BadWeights unless it fits features.py's inputs."""
    if not data.startswith(MAGIC) or len(data) < len(MAGIC) + _HEADER.size:
        raise BadWeights("not a Ludo weight file")
    inputs, hidden, seats, told = _HEADER.unpack_from(data, len(MAGIC))
    if inputs != INPUTS or seats != SEATS:
        raise BadWeights(f"written for {inputs} inputs and {seats} seats, not {INPUTS} and {SEATS}")
    start = len(MAGIC) + _HEADER.size + told
    sizes = (INPUTS * hidden, hidden, hidden * SEATS, SEATS)
    if len(data) - start != 4 * sum(sizes):
        raise BadWeights(f"{len(data) - start} bytes of weights do not fit {hidden} hidden units")
    values = struct.unpack_from(f"<{sum(sizes)}f", data, start)
    ends = accumulate(sizes)
    w1, b1, w2, b2 = (values[end - size : end] for size, end in zip(sizes, ends, strict=True))
    columns = tuple(w1[i * hidden : (i + 1) * hidden] for i in range(INPUTS))
    rows = tuple(tuple(w2[h * SEATS + seat] for h in range(hidden)) for seat in range(SEATS))
    return Network(columns, b1, rows, b2)
