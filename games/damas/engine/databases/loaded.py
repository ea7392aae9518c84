"""The databases a process plays with, per variant: given once (the bot's workers at their
start, a benchmark, a test), read by every search after. None given: the engine plays as it
did without them."""

from __future__ import annotations

from games.damas.engine.databases.materials import table_variant
from games.damas.engine.databases.tables import Tables

_LOADED: dict[str, Tables] = {}


def use(tables: Tables) -> None:
    """Play with these databases in their variant (and those that share its tables)."""
    _LOADED[tables.variant] = tables


def loaded(rules_key: str) -> Tables | None:
    return _LOADED.get(table_variant(rules_key))


def forget() -> None:
    """Play without databases again."""
    _LOADED.clear()
