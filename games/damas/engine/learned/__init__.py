"""The learned pattern weights shipped with the engine: one module per rule set, written by
`python -m learning.write`, whose WEIGHTS is its weight file (patterns.py) as base64 text.
Read on first use, never at import: most processes never evaluate a position. An earlier
round's file, kept to measure the newest against, is VARIANT_ROUND.py (international_1.py)."""

from __future__ import annotations

from base64 import b64decode
from binascii import Error as Base64Error
from functools import cache
from importlib import import_module

from games.damas.engine.patterns import BadWeights, Patterns, decode

# Rule sets that play with another's patterns: the same board, men and captures (a huff is
# offered at the root only, never inside the tree).
SHARED = {"italian-familiar": "italian"}


def module_name(rules_key: str, round_: int | None = None) -> str:
    """The module that holds a rule set's weight file: the newest, or an earlier round's."""
    name = f"{__name__}.{SHARED.get(rules_key, rules_key).replace('-', '_')}"
    return name if round_ is None else f"{name}_{round_}"


def learned_patterns(rules_key: str, round_: int | None = None) -> Patterns | None:
    """A rule set's learned patterns (the newest, or an earlier round's), or None where none
    are shipped; BadWeights where the shipped file is damaged. Rule sets that share a file
    share one Patterns."""
    return _read(module_name(rules_key, round_))


@cache
def _read(name: str) -> Patterns | None:
    """The patterns of the weight module `name` (None: there is no such module)."""
    try:
        module = import_module(name)
    except ModuleNotFoundError as error:
        if error.name != name:
            raise
        return None
    text = getattr(module, "WEIGHTS", None)
    if not isinstance(text, str):
        raise BadWeights(f"{name}: no WEIGHTS text")
    try:
        data = b64decode(text, validate=True)
    except Base64Error as error:
        raise BadWeights(f"{name}: WEIGHTS is not base64 ({error})") from None
    try:
        return decode(data)
    except BadWeights as error:
        raise BadWeights(f"{name}: {error}") from None
