"""The turn-based interface every game shares, its errors, and the registry of game kinds.

A `Game` is one immutable position. Playing a move returns a new position; the move log
(notation strings) is the truth, and `replay` rebuilds any position from it. Chance (a die)
is a seat of its own, `CHANCE`, whose moves are logged like any other.
"""

from __future__ import annotations

import importlib
import unicodedata
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, TypeVar

from games.messages import Message, Params, register_english, visible

Seat = int
CHANCE: Seat = -1

Options = Mapping[str, Any]

MoveT = TypeVar("MoveT", bound=Hashable)


class GameError(ValueError):
    """Base of every error a game raises for bad input.

    The rules raise it with a message `key` and `params` (see games.messages), which bot/
    translates; `str()` is the English text. `choices` lists the moves that would be legal
    (or, for an ambiguous move, the moves it may mean). A plain text is accepted too, for
    callers outside the rules."""

    def __init__(
        self,
        text: str = "",
        choices: Sequence[str] = (),
        *,
        key: str = "",
        params: Params | None = None,
    ) -> None:
        self.message: Message | None = Message(key, dict(params or {})) if key else None
        self.choices: tuple[str, ...] = tuple(choices)
        super().__init__(text or str(self.message))

    @property
    def key(self) -> str:
        return self.message.key if self.message else ""

    @property
    def params(self) -> Params:
        return self.message.params if self.message else {}


class BadNotation(GameError):
    """The text is not a move at all (wrong format, unknown square)."""


class IllegalMove(GameError):
    """Valid notation, but not a legal move here. `choices` lists what would be legal."""


class AmbiguousMove(GameError):
    """Valid notation that names several legal moves; `choices` lists them in full."""


class BadSnapshot(GameError):
    """A snapshot (FEN-like text) or a set of options that does not describe a position."""


register_english(
    {
        "ply_does_not_replay": "ply {ply} ('{text}') does not replay: {reason}",
    }
)


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended. No winners means a draw."""

    winners: frozenset[Seat]
    reason: str

    @property
    def is_draw(self) -> bool:
        return not self.winners


class Game(Protocol[MoveT]):
    """One immutable position of one game."""

    key: ClassVar[str]

    def to_move(self) -> Seat:
        """The seat to move, or CHANCE while a die roll is due."""
        ...

    def seat_count(self) -> int:
        """How many seats this game has."""
        ...

    def legal_moves(self) -> Sequence[MoveT]: ...

    def play(self, move: MoveT) -> Game[MoveT]:
        """The position after `move`; raises IllegalMove if it is not legal here."""
        ...

    def outcome(self) -> Outcome | None:
        """The result by rule, or None while the game goes on."""
        ...

    def parse(self, text: str) -> MoveT:
        """The legal move `text` names; BadNotation or IllegalMove with a clear message."""
        ...

    def notation(self, move: MoveT) -> str:
        """The standard notation of a legal move: parse(notation(m)) == m."""
        ...

    def snapshot(self) -> str:
        """A text that the game kind's `from_snapshot` turns back into this position."""
        ...


AnyGame = Game[Any]


@dataclass(frozen=True)
class GameKind:
    """A registered game: how to start it, how to restore it, what people may call it."""

    key: str
    aliases: tuple[str, ...]
    seats: range
    start: Callable[[Options], AnyGame]
    from_snapshot: Callable[[str, Options], AnyGame]


_KINDS: dict[str, GameKind] = {}
_NAMES: dict[str, str] = {}
_BUILTIN_PACKAGES = ("games.damas", "games.ludo")
_builtins_loaded = False


def _fold(name: str) -> str:
    """Lower case, no accents, hyphens between words: 'Dama Itáliana' -> 'dama-italiana'."""
    decomposed = unicodedata.normalize("NFKD", name.strip().lower())
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return "-".join(plain.replace("_", " ").replace("-", " ").split())


def register(kind: GameKind) -> GameKind:
    """Add a game kind under its key and aliases; a name may name only one kind."""
    for name in (kind.key, *kind.aliases):
        folded = _fold(name)
        owner = _NAMES.get(folded)
        if owner is not None and owner != kind.key:
            raise ValueError(f"the name {name!r} already names {owner!r}")
        _NAMES[folded] = kind.key
    _KINDS[kind.key] = kind
    return kind


def _load_builtins() -> None:
    global _builtins_loaded
    if not _builtins_loaded:
        _builtins_loaded = True
        for package in _BUILTIN_PACKAGES:
            importlib.import_module(package)


def game_kinds() -> list[GameKind]:
    """Every registered kind, in registration order."""
    _load_builtins()
    return list(_KINDS.values())


def find_game(name: str) -> GameKind:
    """The kind a key or alias names ('brasileira', 'Dama italiana', 'ludo', ...)."""
    _load_builtins()
    key = _NAMES.get(_fold(name))
    if key is None:
        known = ", ".join(sorted(_KINDS))
        raise KeyError(f"unknown game {name!r}; known games: {known}")
    return _KINDS[key]


def start(key: str, options: Options | None = None) -> AnyGame:
    """The start position of a game kind with its options."""
    return find_game(key).start(options or {})


def replay(key: str, options: Options | None, log: Iterable[str]) -> AnyGame:
    """The position after playing every move of `log` from the start: the log is the truth.

    Raises GameError naming the ply that does not replay.
    """
    game = start(key, options)
    for ply, text in enumerate(log, start=1):
        try:
            game = game.play(game.parse(text))
        except GameError as error:
            raise type(error)(
                choices=error.choices,
                key="ply_does_not_replay",
                params={"ply": ply, "text": visible(text), "reason": error.message or str(error)},
            ) from error
    return game
