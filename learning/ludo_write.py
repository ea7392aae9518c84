"""Ship Ludo's learned network: `python -m learning.ludo_write` turns --data/ludo/net.npz (or
--weights FILE) into games/ludo/learned_weights.py, which games/ludo/network.py evaluates in
pure Python. The weights are float32, little-endian, as base64 text (about 60 KB for 40 units).
"""

from __future__ import annotations

import argparse
from base64 import b64encode
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from learning.ludo_train import check_shapes

TARGET = Path(__file__).resolve().parent.parent / "games" / "ludo" / "learned_weights.py"
LINE = 96


def text(values: NDArray[np.float64]) -> str:
    """The values as float32 base64, in lines of the module's width."""
    encoded = b64encode(values.astype("<f4").tobytes()).decode("ascii")
    if len(encoded) <= LINE:
        return f'"{encoded}"'
    lines = [encoded[i : i + LINE] for i in range(0, len(encoded), LINE)]
    return "(\n" + "".join(f'    "{line}"\n' for line in lines) + ")"


def module(weights: dict[str, NDArray[np.float64]], source: str) -> str:
    """The weight module's text."""
    w1, b1, w2, b2 = (weights[name] for name in ("w1", "b1", "w2", "b2"))
    check_shapes(w1, w2, source)
    learned = {key: weights[key].item() for key in ("games", "seed") if key in weights}
    return (
        f'"""Ludo\'s learned network, written by `python -m learning.ludo_write` from {source}\n'
        f'({learned}; docs/engine.md, "Fifth round"), not by hand.\n'
        'W1 is input-major (each input\'s weights to the hidden units), W2 hidden-major."""\n\n'
        f"HIDDEN = {w1.shape[1]}\n"
        f"W1 = {text(w1)}\n"
        f"B1 = {text(b1)}\n"
        f"W2 = {text(w2)}\n"
        f"B2 = {text(b2)}\n"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--data", type=Path, default=Path("learning-data"))
    parser.add_argument("--weights", type=Path, help="a net-GAMES.npz (default: net.npz)")
    parser.add_argument("--out", type=Path, default=TARGET)
    arguments = parser.parse_args(argv)
    source = arguments.weights or arguments.data / "ludo" / "net.npz"
    if not source.is_file():
        raise SystemExit(f"no weights at {source}: run python -m learning.ludo_train first")
    with np.load(source) as weights:
        written = module(dict(weights), source.name)
    arguments.out.write_text(written, encoding="utf-8")
    print(f"wrote {arguments.out} ({len(written):,} characters)")


if __name__ == "__main__":
    main()
