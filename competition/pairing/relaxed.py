"""The last resort of the Swiss: a pairing with no repeats and no second bye when the
Dutch rules find none (small fields late in the event, where the colour rules leave no
pairing). Score order is kept as far as the search allows; colours go by balance, then by
the colour not played last. None when even that is impossible (every pairing a repeat).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

# Enough for any field that can still be paired without repeats in practice; past it the
# search gives up rather than hold the service.
_STEPS = 200_000


def relaxed_pairing(
    ranked: Sequence[str],
    met: set[frozenset[str]],
    had_bye: set[str],
    colours: Mapping[str, str],
) -> tuple[list[tuple[str, str]], str | None] | None:
    """`ranked`: the entries best first. The (White, Black) pairs and the bye, or None."""
    candidates: list[str | None] = [None]
    if len(ranked) % 2:
        candidates = [entry for entry in reversed(ranked) if entry not in had_bye]
    budget = [_STEPS]
    for bye in candidates:
        field = [entry for entry in ranked if entry != bye]
        pairs = _match(field, met, budget)
        if pairs is not None:
            return [_colour(a, b, colours) for a, b in pairs], bye
    return None


def _match(
    field: list[str], met: set[frozenset[str]], budget: list[int]
) -> list[tuple[str, str]] | None:
    if not field:
        return []
    first, rest = field[0], field[1:]
    for index, partner in enumerate(rest):
        budget[0] -= 1
        if budget[0] < 0:
            return None
        if frozenset((first, partner)) in met:
            continue
        found = _match(rest[:index] + rest[index + 1 :], met, budget)
        if found is not None:
            return [(first, partner), *found]
    return None


def _colour(a: str, b: str, colours: Mapping[str, str]) -> tuple[str, str]:
    def wants_white(entry: str) -> tuple[int, bool]:
        played = colours[entry].replace("-", "")
        return played.count("b") - played.count("w"), played.endswith("b")

    return (a, b) if wants_white(a) >= wants_white(b) else (b, a)
