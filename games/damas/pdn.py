"""Portable Draughts Notation (PDN 3.0): reading game records (writing: pdn_write.py,
replaying: pdn_replay.py).

Reading copes with what real files hold: several games per file, tags with escaped quotes,
`{...}` and `;` comments, `%` escape lines, nested variations (skipped), NAGs and `!`/`?`
marks (ignored), move numbers `12.` / `12...`, every result form (`1-0`, `0-1`, `2-0`,
`0-2`, `1-1`, `0-0`, `1/2-1/2`, `*`), the Italian tag names (`Bianco`, `Nero`, ...), CRLF
line ends, a byte order mark, and the forms of old databases with a warning rather than a
refusal: square numbers padded with spaces (`47x 9`), comments inside comments, a lone
`-`. A huff is read in the move text (`soffio 22`) or as a comment (`{soffio 22}`). A
game's variant comes from its `GameType` tag, else from
the caller's default, else from its Italian tag names, else it is international (PDN's
default game type, 20).

A file is read as a stream (`stream_records`): the caller hands the text in pieces, one
record is held at a time, and a record or tag value over the limits below is refused with a
line that names it, so memory stays bounded whatever the input.
Pure: text in, values out.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from games.damas import RULES, resolve_rules

# PDN takes its tag values from PGN, whose standard caps a string at 255 characters; real
# files hold longer ones (a FEN with many kings, a note on the source), so up to four times
# that is read.
MAX_TAG_VALUE = 1_000
# One record is one game's tags and move text: a long game with a comment on every move is
# some tens of kilobytes, so a record of over a million characters is no game record.
MAX_RECORD = 1_000_000

RESULTS = frozenset({"1-0", "0-1", "2-0", "0-2", "1-1", "0-0", "1/2-1/2", "*"})
UNKNOWN_RESULT = "*"
# PDN's game type when a record has no GameType tag.
DEFAULT_GAMETYPE_VARIANT = "international"

# Tags of Italian software, with the standard tag each one means. A record that has both
# names keeps the standard one and its Italian twin under the Italian name.
ITALIAN_TAGS: Mapping[str, str] = {
    "Bianco": "White",
    "Nero": "Black",
    "Risultato": "Result",
    "Data": "Date",
    "Anno": "Date",
    "Evento": "Event",
    "Dati": "Event",
    "Luogo": "Site",
    "Turno": "Round",
}
# Huffs (Italian household variant) are written as two words: `soffio 22`.
HUFF_WORDS = frozenset({"soffio", "huff"})

_SQUARE = r"(?:[a-z]\d{1,2}|\d{1,2})"
_MOVE = re.compile(rf"{_SQUARE}(?:[-x:]{_SQUARE})+|(?:[a-z]\d{{1,2}}){{2,}}", re.IGNORECASE)
_MOVE_NUMBER = re.compile(r"(\d+)(\.+)(.*)")
_STRENGTH_MARKS = "!?*"
# The tag value's runs are possessive: a long value is matched in one step, with nothing kept
# to backtrack into (a step per character took gigabytes for a value of megabytes).
_TOKEN = re.compile(
    r"""
      (?P<space>\s+)
    | (?P<tag>\[\s*(?P<name>[A-Za-z][A-Za-z0-9_]*)\s*"(?P<value>(?:[^"\\]++|\\.)*+)"\s*\])
    | (?P<comment>\{)
    | (?P<line_comment>;[^\n]*)
    | (?P<escape>^%[^\n]*)
    | (?P<strength>\([!?]+\))
    | (?P<nag>\$\d+)
    | (?P<open>\()
    | (?P<close>\))
    | (?P<word>[^\s{}()\[\];$]+)
    """,
    re.VERBOSE | re.MULTILINE,
)
_IGNORED_TOKENS = frozenset({"space", "line_comment", "escape", "strength", "nag"})
_HUFF_COMMENT = re.compile(r"\s*(?:soffio|huff)\s+(\w+)\s*", re.IGNORECASE)
# A move cut by the spaces with which old databases pad numbers (`1- 6`, `47x 9`, `32 -28`):
# a square alone or a move ending in a separator waits for the rest.
_OPEN_MOVE = re.compile(rf"(?:\d+\.+)?{_SQUARE}(?:[-x:]{_SQUARE})*[-x:]?", re.IGNORECASE)
_SEPARATORS = "-x:"


def is_huff(move: str) -> bool:
    """Whether a move text of a record is a huff (`soffio 23`)."""
    return move.split(" ", 1)[0].lower() in HUFF_WORDS


class PdnError(ValueError):
    """The text is not PDN the reader understands; the message names the line."""


@dataclass(frozen=True)
class PdnGame:
    """One game record: its tags (standard names), its move texts, result and variant."""

    tags: Mapping[str, str]
    moves: tuple[str, ...]
    result: str = UNKNOWN_RESULT
    variant: str = DEFAULT_GAMETYPE_VARIANT
    # Where the record starts in its file, for reports; not part of the game.
    line: int = field(default=0, compare=False)
    # What the reader let pass in this record (nested comments, a lone -), for reports.
    warnings: tuple[str, ...] = field(default=(), compare=False)

    @property
    def fen(self) -> str | None:
        """The set-up position of the record, or None when it starts from the start."""
        fen = self.tags.get("FEN", "").strip()
        if not fen or self.tags.get("SetUp", "1").strip() == "0":
            return None
        return fen

    @property
    def black_starts(self) -> bool:
        fen = self.fen
        return fen is not None and fen.upper().startswith("B")

    def move_number(self, index: int) -> str:
        """How PDN numbers the move at `index` (0-based): '12.' for White, '12...' for Black.
        A huff is no ply of its own: it takes the number of the move it comes before."""
        huffs = sum(1 for move in self.moves[:index] if is_huff(move))
        ply = index - huffs + (1 if self.black_starts else 0)
        return f"{ply // 2 + 1}{'...' if ply % 2 else '.'}"

    def describe(self) -> str:
        """The players and event, for reports: 'White - Black (Event)'."""
        white = self.tags.get("White", "?") or "?"
        black = self.tags.get("Black", "?") or "?"
        event = self.tags.get("Event", "")
        return f"{white} - {black}" + (f" ({event})" if event else "")


# ----------------------------------------------------------------------------------------
# Reading


def _comment_end(text: str, start: int) -> tuple[int, bool]:
    """Where the comment opened at `start` ends (after its `}`) and whether it nests other
    comments (older files do; PDN does not allow it); -1 if it is never closed."""
    depth = 0
    for index in range(start, len(text)):
        if text[index] == "{":
            depth += 1
        elif text[index] == "}":
            depth -= 1
            if depth == 0:
                return index + 1, text.count("{", start, index) > 1
    return -1, False


def _tokens(text: str, first_line: int = 1) -> Iterator[tuple[str, str, int, str]]:
    """(kind, text, line, tag value) for each meaningful token; comments are dropped but
    for a huff written as a comment (`{soffio 23}`, kind "huff") and a warning for
    comments nested in comments (kind "warning")."""
    line = first_line
    position = 0
    while position < len(text):
        if text[position] == "{":
            end, nested = _comment_end(text, position)
            if end < 0:
                raise PdnError(f"line {line}: a comment opened with {{ is never closed")
            comment = text[position + 1 : end - 1]
            huff = _HUFF_COMMENT.fullmatch(comment)
            if huff:
                yield "huff", f"soffio {huff.group(1)}", line, ""
            if nested:
                yield "warning", f"line {line}: a comment inside a comment, read as one", line, ""
            line += comment.count("\n")
            position = end
            continue
        match = _TOKEN.match(text, position)
        if match is None:
            unexpected = text[position]
            what = {
                "{": "a comment opened with { is never closed",
                "[": 'a tag opened with [ is not closed or not of the form [Name "value"]',
            }.get(unexpected, f"unexpected character {unexpected!r}")
            raise PdnError(f"line {line}: {what}")
        kind = match.lastgroup or ""
        if kind == "tag":
            if len(match.group("value")) > MAX_TAG_VALUE:
                size = f"is {len(match.group('value')):,} characters long"
                raise PdnError(_long_tag(line, match.group("name"), size))
            value = re.sub(r"\\(.)", r"\1", match.group("value"))
            yield kind, match.group("name"), line, value
        elif kind not in _IGNORED_TOKENS:
            yield kind, match.group(), line, ""
        line += match.group().count("\n")
        position = match.end()


class _GameBuilder:
    """Collects one record while the tokens go by."""

    def __init__(self, line: int) -> None:
        self.line = line
        self.tags: dict[str, str] = {}
        self.moves: list[str] = []
        self.result: str | None = None
        self.variation_depth = 0
        self.pending_huff: str | None = None
        self.open_move = ""  # a move waiting for its rest (`47x` of `47x 9`, `32` of `32 -28`)
        self.italian_tags = False
        self.warnings: list[str] = []

    def add_tag(self, name: str, value: str) -> None:
        standard = ITALIAN_TAGS.get(name)
        if standard is not None:
            self.italian_tags = True
            if standard not in self.tags:
                name = standard
        self.tags[name] = value

    def nest(self, opens: bool, line: int) -> None:
        """A `(` opens a variation, a `)` closes one."""
        if opens:
            self.variation_depth += 1
        elif not self.variation_depth:
            raise PdnError(f"line {line}: ) closes no variation")
        else:
            self.variation_depth -= 1

    @property
    def has_movetext(self) -> bool:
        return bool(self.moves) or self.result is not None or self.pending_huff is not None

    def add_word(self, word: str, line: int) -> None:
        if self.pending_huff is not None:
            self.moves.append(f"{self.pending_huff} {word}")
            self.pending_huff = None
            return
        if self.open_move:
            word = self._joined(word, line)
        if _OPEN_MOVE.fullmatch(word) and not _MOVE.fullmatch(word.split(".")[-1]):
            self.open_move = word
            return
        if word == "-":
            self.warnings.append(f"line {line}: a lone - is not a move; skipped")
            return
        if word in RESULTS:
            self.result = word
            return
        if word.lower() in HUFF_WORDS:
            self.pending_huff = word
            return
        if set(word) == {"."}:
            return  # `1. ... 7-12`: an ellipsis stands for the other side's move number
        numbered = _MOVE_NUMBER.fullmatch(word)
        if numbered is not None:
            if numbered.group(3):
                self.add_word(numbered.group(3), line)
            return
        move = word.rstrip(_STRENGTH_MARKS)
        if not move:
            return  # a strength mark written apart from its move: `32-28 !`
        if not _MOVE.fullmatch(move):
            raise PdnError(
                f"line {line}: {word!r} is not a move, a move number or a result "
                "(moves look like 32-28, 28x19 or c3-d4; results like 2-0, 1-1, 1/2-1/2, *)"
            )
        self.moves.append(move)

    def _joined(self, word: str, line: int) -> str:
        """`word` after a move waiting for its rest: the two joined where a separator joins
        them (`47x` `9`, `32` `-28`); else the held one was a move number, and is dropped."""
        held, self.open_move = self.open_move, ""
        if held[-1] in _SEPARATORS or word[0] in _SEPARATORS:
            return held + word
        self.warnings.append(f"line {line}: {held!r} alone is read as a move number")
        return word

    def build(self, default_variant: str | None) -> PdnGame:
        if self.variation_depth:
            raise PdnError(f"game at line {self.line}: a variation opened with ( is never closed")
        if self.pending_huff is not None:
            raise PdnError(f"game at line {self.line}: {self.pending_huff!r} names no square")
        if self.open_move[-1:] in tuple(_SEPARATORS):
            raise PdnError(f"game at line {self.line}: {self.open_move!r} is not a whole move")
        if self.open_move:
            self.warnings.append(f"line {self.line}: {self.open_move!r} alone is skipped")
        result = self.result or self.tags.get("Result", "").strip() or UNKNOWN_RESULT
        variant = _variant(self.tags, default_variant, self.italian_tags, self.line)
        tags = dict(self.tags)
        return PdnGame(tags, tuple(self.moves), result, variant, self.line, tuple(self.warnings))


def gametype_variants() -> dict[int, str]:
    """PDN game type number -> variant key; a number several variants share names the first."""
    variants: dict[int, str] = {}
    for key, rules in RULES.items():
        variants.setdefault(rules.pdn_gametype, key)
    return variants


def _variant(
    tags: Mapping[str, str], default_variant: str | None, italian_tags: bool, line: int
) -> str:
    gametype_text = tags.get("GameType", "").strip()
    if not gametype_text:
        if default_variant is not None:
            return default_variant
        if italian_tags:
            return "italian"
        return DEFAULT_GAMETYPE_VARIANT
    number_text = gametype_text.split(",")[0].strip()
    variants = gametype_variants()
    if not number_text.isdecimal() or int(number_text) not in variants:
        known = ", ".join(f"{number} ({key})" for number, key in sorted(variants.items()))
        raise PdnError(
            f"game at line {line}: GameType {gametype_text!r} is not a draughts variant "
            f"played here; known game types: {known}"
        )
    number = int(number_text)
    named = tags.get("Variant", "").strip()
    if named:
        try:
            rules = resolve_rules(named)
        except KeyError:
            rules = None
        # The Variant tag tells apart variants that share a game type (Italian, household).
        if rules is not None and rules.pdn_gametype == number:
            return rules.key
    return variants[number]


def read_games(text: str, default_variant: str | None = None, first_line: int = 1) -> list[PdnGame]:
    """Every game record of a PDN text. `default_variant` (a key or an alias of a draughts
    variant) serves records without GameType; an unknown name is a KeyError at once.
    PdnError, naming the line, if any part is not PDN. For a text held in memory; a file
    goes through `stream_records`, which bounds what it holds and goes on past bad records."""
    if default_variant is not None:
        default_variant = resolve_rules(default_variant).key
    reader = _RecordReader(default_variant)
    for kind, token, line, value in _tokens(text.lstrip("\ufeff"), first_line):
        builder = reader.builder
        if kind == "warning":
            builder.warnings.append(token)
        elif kind in ("open", "close"):
            builder.nest(kind == "open", line)
        elif kind == "tag":
            reader.tag(token, value, line)
        elif builder.variation_depth:
            continue
        elif kind == "huff":
            builder.add_word(token.split()[0], line)
            builder.add_word(token.split()[1], line)
        else:
            reader.word(token, line)
    reader.finish()
    return reader.games


class _RecordReader:
    """The records of a text, one builder at a time: a record starts at its first tag or
    move, and ends at its result or at a tag after its moves."""

    def __init__(self, default_variant: str | None) -> None:
        self.default_variant = default_variant
        self.games: list[PdnGame] = []
        self.builder = _GameBuilder(1)
        self.started = False  # the current builder has seen a tag or a move

    def tag(self, name: str, value: str, line: int) -> None:
        if self.builder.variation_depth:
            raise PdnError(f"line {line}: a tag inside a variation (a ( is never closed)")
        if self.builder.has_movetext:
            self.finish()
        self._start(line)
        self.builder.add_tag(name, value)

    def word(self, token: str, line: int) -> None:
        self._start(line)
        self.builder.add_word(token, line)
        if self.builder.result is not None:
            self.finish()

    def finish(self) -> None:
        if self.started:
            self.games.append(self.builder.build(self.default_variant))
        self.started = False

    def _start(self, line: int) -> None:
        if not self.started:
            self.builder = _GameBuilder(line)
            self.started = True


@dataclass(frozen=True)
class UnreadRecord:
    """A part of a file that is not PDN: where it starts and why it cannot be read."""

    line: int
    reason: str


def stream_records(
    chunks: Iterable[str], default_variant: str | None = None
) -> Iterator[PdnGame | UnreadRecord]:
    """The games of a PDN text that comes in pieces of any size (a file read a block at a
    time), read one record at a time, so that a record that is not PDN costs only itself and
    memory stays bounded: each game, and an UnreadRecord (line and reason) for each record
    that is not PDN, is over MAX_RECORD characters or has a tag value over MAX_TAG_VALUE.
    `default_variant` as for `read_games` (an unknown name is a KeyError at once)."""
    variant = None if default_variant is None else resolve_rules(default_variant).key
    return _records(chunks, variant)


def _records(
    chunks: Iterable[str], default_variant: str | None
) -> Iterator[PdnGame | UnreadRecord]:
    for line, text, refusal in _record_texts(chunks):
        if refusal is not None:
            yield UnreadRecord(line, refusal)
            continue
        try:
            games = read_games(text, default_variant, line)
        except PdnError as error:
            yield UnreadRecord(line, str(error))
            continue
        yield from games


def _long_tag(line: int, name: str, size: str) -> str:
    return f"line {line}: tag {name} {size}; a tag value may have at most {MAX_TAG_VALUE:,}"


_TAG_START = re.compile(r'\s*\[\s*([A-Za-z][A-Za-z0-9_]*)\s*"')


def _record_texts(chunks: Iterable[str]) -> Iterator[tuple[int, str, str | None]]:
    """(first line, text, None) of each record, or (first line, "", why) for one over the
    limits, whose text is dropped as it comes. A record starts with a tag line after move
    text."""
    parts: list[str] = []
    refusal: str | None = None
    start, size, in_movetext = 1, 0, False
    for number, (line, length) in enumerate(_lines(chunks, MAX_RECORD + 1), start=1):
        if number == 1:
            line = line.lstrip("\ufeff")
        stripped = line.lstrip()
        if stripped.startswith("[") and in_movetext:
            yield start, "".join(parts), refusal
            start, parts, size, refusal, in_movetext = number, [], 0, None, False
        elif stripped and not stripped.startswith(("[", "%")):
            in_movetext = True
        if refusal is not None:
            continue
        size += length
        if size <= MAX_RECORD:
            parts.append(line)
            continue
        parts = []
        tag = _TAG_START.match(line)
        if tag is not None and length > MAX_TAG_VALUE:
            # The line may have been cut: its length is known, not where the value ends.
            refusal = _long_tag(number, tag[1], f"is on a line of {length:,} characters")
        else:
            refusal = (
                f"the record is over {MAX_RECORD:,} characters (at line {number}); a game "
                "record is far shorter"
            )
    text = "".join(parts)
    if refusal is not None or text.strip():
        yield start, text, refusal


def _lines(chunks: Iterable[str], longest: int) -> Iterator[tuple[str, int]]:
    """Each line of the text that comes in `chunks` (with its line end) and its length; a
    line of over `longest` characters comes cut to that many, the rest dropped as it comes."""
    head, length = "", 0  # the current line: its first characters, and its length so far
    for chunk in chunks:
        start = 0
        while start < len(chunk):
            end = chunk.find("\n", start)
            stop = len(chunk) if end < 0 else end + 1
            if len(head) < longest:
                head += chunk[start : min(stop, start + longest - len(head))]
            length += stop - start
            start = stop
            if end >= 0:
                yield head, length
                head, length = "", 0
    if length:
        yield head, length
