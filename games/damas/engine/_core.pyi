# The compiled core (_core.c): types for mypy; compiled.py is the only module that imports it.
from collections.abc import Callable, Iterable, Sequence

from games.damas.movegen import Raw

# The search's constants compiled in (test_compiled.py compares them with the Python ones).
CONSTANTS: dict[str, int]

class Core:
    def __init__(
        self,
        *,
        mask: int,
        half: int,
        size: int,
        flying: bool,
        men_backwards: bool,
        men_kings: bool,
        italian: bool,
        promotion: Sequence[int],
        rays: Sequence[Sequence[Sequence[int]]],
        men_directions: Sequence[Sequence[int]],
        key_men: Sequence[Sequence[int]],
        key_kings: Sequence[Sequence[int]],
        black_to_move: int,
        king_limit: int,
        endgame_pieces: int,
        most_kings: int,
        endgame: Sequence[Sequence[int]],
        drawn: Sequence[Sequence[int]],
        man_value: int,
        king_value: int,
        supported: int,
        runaway: int,
        balance: int,
        mobility: int,
        cornering: int,
        closing: int,
        ending_diagonal: int,
        men_planes: Sequence[Sequence[Sequence[int]]],
        king_planes: Sequence[Sequence[int]],
        zones: Sequence[int],
        cones: Sequence[Sequence[Sequence[int]]],
        wings: Sequence[int],
        main_diagonal: int,
        places: Sequence[Sequence[int]],
        squares: Sequence[Sequence[int]],
        repetition: bool,
        compulsory: bool,
        huffing: bool,
    ) -> None: ...
    def captures(self, own: int, opp: int, kings: int, colour: int, /) -> list[Raw]: ...
    def moves(self, own: int, opp: int, kings: int, colour: int, /) -> list[Raw]: ...
    def quiet(self, own: int, opp: int, kings: int, colour: int, /) -> list[Raw]: ...
    def can_capture(self, own: int, opp: int, kings: int, colour: int, /) -> bool: ...
    def evaluate(self, own: int, opp: int, kings: int, colour: int, /) -> int: ...
    def material_search(
        self,
        white: int,
        black: int,
        kings: int,
        colour: int,
        huff: int,
        king_moves: int,
        endgame: int,
        seen: Sequence[Sequence[int]],
        depth: int,
        alpha: int,
        beta: int,
        /,
    ) -> int: ...

class CoreTable:
    slots: int
    def __init__(self, slots: int = 1 << 20) -> None: ...
    def get(self, key: int, /) -> tuple[int, int, int, tuple[int, int, int]] | None: ...
    def put(
        self, key: int, depth: int, flag: int, score: int, move: tuple[int, int, int], /
    ) -> None: ...
    def new_search(self) -> None: ...
    def __len__(self) -> int: ...

class CoreSearch:
    nodes: int
    king_limit: int
    def __init__(
        self,
        core: Core,
        table: CoreTable,
        deadline: float,
        max_nodes: int,
        seen: Iterable[int],
        quiescence: bool,
        out_of_time: type[BaseException],
        solved: Callable[[int, int, int, int], int | None] | None,
        endgame: CoreEndgame | None = None,
        draws: tuple[int, int] | None = None,
    ) -> None: ...
    def node(
        self,
        own: int,
        opp: int,
        kings: int,
        colour: int,
        key: int,
        rule_plies: int,
        endgame: int,
        depth: int,
        alpha: int,
        beta: int,
        ply: int,
        /,
    ) -> int: ...
    def child(
        self, own: int, opp: int, kings: int, colour: int, key: int, move: Raw, /
    ) -> tuple[int, int, int, int, bool, bool]: ...
    def endgame_plies(self, own: int, opp: int, kings: int, /) -> int: ...
    def enter(self, key: int, /) -> None: ...
    def leave(self, key: int, /) -> None: ...

class CoreEndgame:
    most: int
    def __init__(self, core: Core, turned: Sequence[tuple[int, int]]) -> None: ...
    def size(self, own_kings: int, own_men: int, opp_kings: int, opp_men: int, /) -> int: ...
    def add(
        self,
        own_kings: int,
        own_men: int,
        opp_kings: int,
        opp_men: int,
        data: bytes | memoryview,
        /,
    ) -> None: ...
    def value(self, own: int, opp: int, kings: int, colour: int, /) -> int | None: ...
    def locate(
        self, own: int, opp: int, kings: int, colour: int, /
    ) -> tuple[tuple[int, int, int, int], int] | None: ...
    def build(
        self,
        a_kings: int,
        a_men: int,
        b_kings: int,
        b_men: int,
        men_reset: bool,
        drawn: bool,
        progress: Callable[[int, int], object] | None,
        /,
    ) -> tuple[bytes, bytes | None]: ...
    def verify(
        self,
        a_kings: int,
        a_men: int,
        b_kings: int,
        b_men: int,
        men_reset: bool,
        drawn: bool,
        progress: Callable[[int, int], object] | None,
        /,
    ) -> tuple[int, tuple[int, int] | None]: ...
