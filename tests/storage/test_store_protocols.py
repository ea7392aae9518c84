"""`Store` is the composition of narrow protocols, one per concern (storage/api/): each of its
methods belongs to exactly one of them, and the backend (the SQL store on SQLite and on
PostgreSQL) implements every one with the protocol's own parameters."""

from __future__ import annotations

import inspect
from abc import ABC
from typing import Any, Protocol

import pytest

from storage import Store

NARROW_STORES = tuple(base for base in Store.__bases__ if base is not ABC)


def members(narrow: type) -> frozenset[str]:
    """What a class leaves to its implementations: its abstract methods and properties."""
    found: frozenset[str] = vars(narrow)["__abstractmethods__"]
    return found


def shape(member: Any) -> tuple[str, tuple[tuple[str, Any, Any], ...]]:
    """What a caller relies on: a property, a coroutine or a plain method, and the names,
    kinds and defaults of its parameters."""
    if isinstance(member, property):
        return "property", ()
    kind = "coroutine" if inspect.iscoroutinefunction(member) else "method"
    parameters = inspect.signature(member).parameters.values()
    return kind, tuple((p.name, p.kind, p.default) for p in parameters)


def test_store_is_made_of_narrow_protocols_only() -> None:
    assert len(NARROW_STORES) >= 10
    for narrow in NARROW_STORES:
        assert Protocol in narrow.__bases__, narrow
    added = [
        name
        for name, value in vars(Store).items()
        if (callable(value) or isinstance(value, property)) and not name.startswith("_")
    ]
    assert added == []


def test_every_method_of_the_store_belongs_to_exactly_one_narrow_store() -> None:
    owners: dict[str, list[str]] = {}
    for narrow in NARROW_STORES:
        for name in members(narrow):
            owners.setdefault(name, []).append(narrow.__name__)
    assert set(owners) == members(Store)
    assert {name: found for name, found in owners.items() if len(found) != 1} == {}


@pytest.mark.parametrize("narrow", NARROW_STORES, ids=lambda narrow: narrow.__name__)
def test_a_narrow_store_declares_only_what_a_backend_implements(narrow: type) -> None:
    """No method with a body hides in a protocol (beyond `async with` on `Closable`): what a
    narrow store offers is what every backend must write."""
    concrete = {
        name
        for name, value in vars(narrow).items()
        if (callable(value) or isinstance(value, property))
        and not name.startswith("_")
        and not getattr(value, "__isabstractmethod__", False)
    }
    assert concrete == set()


@pytest.mark.parametrize("narrow", NARROW_STORES, ids=lambda narrow: narrow.__name__)
async def test_the_backend_implements_each_narrow_store(store: Store, narrow: type) -> None:
    assert isinstance(store, narrow)
    for name in members(narrow):
        implemented = inspect.getattr_static(type(store), name)
        assert not getattr(implemented, "__isabstractmethod__", False), name
        assert shape(implemented) == shape(inspect.getattr_static(narrow, name)), name
