"""Step 4: write the weight file the engine ships.

    python -m learning.write --variant brazilian

Rounds the fitted tables of step 3 to whole hundredths of a man (within the engine's limit),
encodes them as a weight file (games/damas/engine/patterns.py) and writes it as
games/damas/engine/learned/VARIANT.dpat, which the engine reads on first use
(`weights_for(variant, "learned")`). Prints the file's size and the fit's report; the last
line is a JSON object.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

from games.damas.engine import learned
from games.damas.engine.patterns import LIMIT, Patterns, block_origins, encode
from games.damas.rules import RULES
from learning.fit import fit_path
from learning.generate import DATA

LEARNED = Path(learned.__file__).parent


def weight_path(folder: Path, variant: str) -> Path:
    return folder / f"{variant.replace('-', '_')}.dpat"


def arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m learning.write",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--variant", choices=sorted(RULES), default="brazilian")
    parser.add_argument("--data", type=Path, default=DATA, help="folder (learning-data)")
    parser.add_argument("--to", type=Path, default=LEARNED, help="the weight files' folder")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)
    source = fit_path(args.data, args.variant)
    if not source.is_file():
        raise SystemExit(f"{source}: no fitted tables; run python -m learning.fit first")
    if not args.to.is_dir():
        raise SystemExit(f"{args.to}: no such folder for the weight file")
    fitted = np.load(source)
    size = RULES[args.variant].board.size

    def rounded(name: str) -> tuple[tuple[int, ...], ...]:
        tables = np.clip(np.rint(fitted[name]), -LIMIT, LIMIT).astype(int)
        return tuple(tuple(int(value) for value in table) for table in tables)

    patterns = Patterns(
        size, int(fitted["pieces"]), block_origins(size), rounded("middle"), rounded("ending")
    )
    data = encode(patterns)
    report = json.loads(str(fitted["report"]))
    path = weight_path(args.to, args.variant)
    path.write_bytes(data)
    print(f"{len(data)} bytes of weights in {path}")
    print(
        json.dumps(
            {
                "variant": args.variant,
                "file": str(path),
                "weight_file_bytes": len(data),
                "fit": report,
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
