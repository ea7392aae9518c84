"""The learned pattern weights shipped with the engine: one weight file (patterns.py's format)
per rule set, VARIANT.dpat, written by `python -m learning.write`. Read on first use, never at
import: most processes never evaluate a position. An earlier round's file, kept to measure the
newest against, is VARIANT_ROUND.dpat (international_1.dpat)."""

from __future__ import annotations

from functools import cache
from importlib.resources import files

from games.damas.engine.patterns import BadWeights, Patterns, decode

# Rule sets that play with another's patterns: the same board, men and captures (a huff is
# offered at the root only, never inside the tree).
SHARED = {"italian-familiar": "italian"}


def file_name(rules_key: str, round_: int | None = None) -> str:
    """The weight file of a rule set: the newest, or an earlier round's."""
    stem = SHARED.get(rules_key, rules_key).replace("-", "_")
    return f"{stem}.dpat" if round_ is None else f"{stem}_{round_}.dpat"


def learned_patterns(rules_key: str, round_: int | None = None) -> Patterns | None:
    """A rule set's learned patterns (the newest, or an earlier round's), or None where none
    are shipped; BadWeights where the shipped file is damaged. Rule sets that share a file
    share one Patterns."""
    return _read(file_name(rules_key, round_))


@cache
def _read(name: str) -> Patterns | None:
    """The patterns of the shipped weight file `name` (None: there is no such file)."""
    path = files(__name__) / name
    if not path.is_file():
        return None
    try:
        return decode(path.read_bytes())
    except BadWeights as error:
        raise BadWeights(f"learned/{name}: {error}") from None
