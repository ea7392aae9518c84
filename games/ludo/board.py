"""The geometry of the Ludo board: the shared track, home columns, and the names of squares.

A pawn's place is its *progress*, counted from its own colour's start square: -1 in the yard,
0..50 on the shared track (0 is the own start square), 51..55 in the own home column, 56
finished. Every mapping from progress to a board square lives here, so the rules, the notation
and the board renderer agree.
"""

from __future__ import annotations

TRACK_LENGTH = 52
COLOUR_SPACING = 13
COLOURS = (1, 2, 3, 4)
PAWNS_PER_COLOUR = 4
YARD = -1
START = 0
LAST_TRACK = 50
FINISH = 56
ENTRY_ROLLS = frozenset({1, 6})
EXTRA_ROLL = 6
ALL_HOME = (FINISH,) * PAWNS_PER_COLOUR
IN_YARD = (YARD,) * PAWNS_PER_COLOUR

# Every seat's pawns, each as its progress: pawns[seat][pawn].
Pawns = tuple[tuple[int, ...], ...]

# Which colours the seats take, by player count: two players sit opposite each other.
SEAT_COLOURS: dict[int, tuple[int, ...]] = {2: (1, 3), 3: (1, 2, 3), 4: (1, 2, 3, 4)}


def start_square(colour: int) -> int:
    """The track square (0..51) where `colour` enters; square 0 is colour 1's start."""
    return (colour - 1) * COLOUR_SPACING


def track_square(colour: int, progress: int) -> int:
    """The track square (0..51) of a `colour` pawn with this progress (0..50)."""
    if not START <= progress <= LAST_TRACK:
        raise ValueError(
            f"progress {progress} is not on the shared track: only 0..{LAST_TRACK} are"
        )
    return (start_square(colour) + progress) % TRACK_LENGTH


# TRACK[colour][progress] for progress 0..50: the hot loops index this instead of calling.
TRACK: dict[int, tuple[int, ...]] = {
    colour: tuple(track_square(colour, progress) for progress in range(LAST_TRACK + 1))
    for colour in COLOURS
}


def destination(progress: int, roll: int) -> int:
    """Where a pawn on the way lands after `roll` steps: past the finish it bounces back."""
    target = progress + roll
    return target if target <= FINISH else 2 * FINISH - target


def square_name(colour: int, progress: int) -> str:
    """How people name a pawn's place: `yard`, track squares `c1`..`c52` (c1 is colour 1's
    start), the own home column `h1`..`h5`, and `home` once finished."""
    if progress == YARD:
        return "yard"
    if progress <= LAST_TRACK:
        return f"c{track_square(colour, progress) + 1}"
    if progress < FINISH:
        return f"h{progress - LAST_TRACK}"
    return "home"


def is_square_name(name: str) -> bool:
    """Whether `name` names a square of the board, on any colour's way."""
    return any(progress_of(colour, name) is not None for colour in COLOURS)


def progress_of(colour: int, name: str) -> int | None:
    """The progress of a `colour` pawn standing on the square `name`, or None if no square
    of that colour's way has this name."""
    name = name.strip().lower()
    if name == "yard":
        return YARD
    if name == "home":
        return FINISH
    number = name[1:]
    if not number.isdecimal():
        return None
    if name[0] == "h" and 1 <= int(number) <= FINISH - 1 - LAST_TRACK:
        return LAST_TRACK + int(number)
    if name[0] == "c" and 1 <= int(number) <= TRACK_LENGTH:
        progress = (int(number) - 1 - start_square(colour)) % TRACK_LENGTH
        return progress if progress <= LAST_TRACK else None
    return None
