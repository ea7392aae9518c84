"""Writing PDN records: the standard tags first, numbered moves wrapped at 80 columns, the
result in the convention of the variant's GameType, a huff as a comment before the next
move (`{soffio 22}`), and a Brazilian FEN with square numbers."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from games.base import GameError
from games.damas import RULES, Position
from games.damas.pdn import RESULTS, PdnGame, gametype_variants, is_huff

LINE_WIDTH = 80
STANDARD_TAGS = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
# The results written per PDN GameType: (White wins, draw, Black wins).
DEFAULT_RESULT_FORMS = ("1-0", "1/2-1/2", "0-1")
RESULT_FORMS: Mapping[int, tuple[str, str, str]] = {20: ("2-0", "1-1", "0-2")}


def _tag_line(name: str, value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{escaped}"]'


def _wrap(units: Sequence[str]) -> list[str]:
    lines: list[str] = []
    current = ""
    for unit in units:
        if current and len(current) + 1 + len(unit) > LINE_WIDTH:
            lines.append(current)
            current = unit
        else:
            current = f"{current} {unit}" if current else unit
    if current:
        lines.append(current)
    return lines


def _fen_in_numbers(variant: str, fen: str) -> str:
    """The FEN with squares as numbers, as PDN readers expect: a Brazilian FEN may have been
    given with a1..h8 names. Other FENs, and a FEN that does not read, are kept as given."""
    if not RULES[variant].alphanumeric:
        return fen
    try:
        return Position.from_fen(variant, fen).fen()
    except GameError:
        return fen


def result_notation(variant: str, winners: frozenset[int]) -> str:
    """The result of a finished game in the convention of the variant's PDN GameType:
    `2-0`/`1-1`/`0-2` for International (20, as the FMJD writes), `1-0`/`1/2-1/2`/`0-1`
    for the 8x8 game types (Brazilian 26, Italian 22)."""
    forms = RESULT_FORMS.get(RULES[variant].pdn_gametype, DEFAULT_RESULT_FORMS)
    if not winners:
        return forms[1]
    return forms[0] if winners == {0} else forms[2]


def write_game(game: PdnGame) -> str:
    """One record as PDN text: tags, numbered moves wrapped at 80 columns, the result.

    The move texts are written as they are: they should be the positions' own notation."""
    if game.result not in RESULTS:
        raise ValueError(f"{game.result!r} is not a PDN result; write one of {sorted(RESULTS)}")
    rules = RULES[game.variant]
    tags = {name: game.tags.get(name, "?") for name in STANDARD_TAGS}
    tags["Result"] = game.result
    gametype = game.tags.get("GameType", "").strip()
    # A record's own GameType (with its board and notation fields) stays if it is right.
    same_type = gametype.split(",")[0].strip() == str(rules.pdn_gametype)
    tags["GameType"] = gametype if same_type else str(rules.pdn_gametype)
    if gametype_variants()[rules.pdn_gametype] != game.variant:
        tags["Variant"] = game.variant
    fen = game.fen
    if fen is not None:
        tags["SetUp"] = "1"
        tags["FEN"] = _fen_in_numbers(game.variant, fen)
    for name, value in game.tags.items():
        if name not in tags and name not in ("SetUp", "FEN"):
            tags[name] = value
    units = []
    for index, move in enumerate(game.moves):
        number = game.move_number(index)
        if is_huff(move):
            # Other readers skip a comment; a huff in the move slot would shift every move.
            units.append(f"{{{move}}}")
        elif index == 0 or not number.endswith("...") or is_huff(game.moves[index - 1]):
            units.append(f"{number} {move}")
        else:
            units.append(move)
    units.append(game.result)
    lines = [_tag_line(name, value) for name, value in tags.items()]
    return "\n".join([*lines, "", *_wrap(units)]) + "\n"


def write_games(games: Iterable[PdnGame]) -> str:
    """Several records, a blank line between them."""
    return "\n".join(write_game(game) for game in games)
