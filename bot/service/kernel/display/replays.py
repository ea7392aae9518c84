"""Positions rebuilt from a game's move log (the log is the truth), cached: every picture of
a version and its headline ask for the position before its last move, replayed once."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from bot.service.kernel.events import GameState
from games.base import AnyGame, replay


def replayed_before(state: GameState, rules_options: Mapping[str, Any], plies: int) -> AnyGame:
    """The position `plies` moves before the game's current one, replayed from its start with
    the options its rules take (a family's `rules_options`)."""
    return _replayed(
        state.record.kind,
        json.dumps(rules_options, sort_keys=True),
        state.log[: len(state.log) - plies],
    )


@lru_cache(maxsize=256)
def _replayed(kind: str, rules_options: str, log: tuple[str, ...]) -> AnyGame:
    return replay(kind, json.loads(rules_options), log)
