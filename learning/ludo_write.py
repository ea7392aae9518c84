"""Ship Ludo's learned network: `python -m learning.ludo_write` turns --data/ludo/net.npz (or
--weights FILE) into the package file games/ludo/learned.lnet, which games/ludo/network.py
reads and evaluates in pure Python (float32, about 46 KB for 40 hidden units).
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from games.ludo.network import WEIGHTS_FILE, encode
from learning.ludo_train import check_shapes

TARGET = Path(__file__).resolve().parent.parent / "games" / "ludo" / WEIGHTS_FILE


def weight_file(weights: dict[str, NDArray[np.float64]], source: str) -> bytes:
    """The weight file's bytes, its note naming `source` and the run that learned them."""
    w1, b1, w2, b2 = (weights[name] for name in ("w1", "b1", "w2", "b2"))
    check_shapes(w1, w2, source)
    learned = {key: weights[key].item() for key in ("games", "seed") if key in weights}
    note = f"learning.ludo_write from {source} {learned}"
    flat = (w1.ravel().tolist(), b1.tolist(), w2.ravel().tolist(), b2.tolist())
    return encode(w1.shape[1], flat, note)


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
        written = weight_file(dict(weights), source.name)
    arguments.out.write_bytes(written)
    print(f"wrote {arguments.out} ({len(written):,} bytes)")


if __name__ == "__main__":
    main()
