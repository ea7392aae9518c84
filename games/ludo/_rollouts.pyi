# The compiled rollouts (_rollouts.c): types for mypy; rollouts.py is the only module of the
# game that imports it (tests compare it with steps.py and position.py).
from games.ludo.board import Pawns

# (players, three_sixes, towers_block, teams, each seat's track: board.TRACK of its colour)
Spec = tuple[int, bool, bool, bool, tuple[tuple[int, ...], ...]]
# A position where a roll is due: every seat's pawns, the seat to roll, the sixes so far.
Start = tuple[Pawns, int, int]
StepTuple = tuple[int, int, int, int, bool, bool]

# The rules' constants compiled in (the tests compare them with board.py's and rules.py's).
CONSTANTS: dict[str, int | tuple[int, int]]

def successors(
    spec: Spec, pawns: Pawns, turn: int, roll: int, left: int
) -> tuple[tuple[StepTuple, Pawns, int], ...]: ...

# The evaluation's weights, in the order of evaluation.Weights' fields.
WeightTuple = tuple[float, ...]

def rollouts(
    spec: Spec,
    starts: tuple[Start, ...],
    left: int,
    seed: int,
    seat: int,
    first: int,
    count: int,
    horizon: int,
    greedy: bool,
    weights: WeightTuple,
) -> tuple[float, ...]: ...
def evaluate(spec: Spec, pawns: Pawns, left: int, weights: WeightTuple) -> tuple[float, ...]: ...
def trace(
    spec: Spec, start: Start, left: int, seed: int, index: int, greedy: bool, weights: WeightTuple
) -> tuple[list[tuple[int, int]], int]: ...
