"""Swiss rounds by the FIDE Dutch system, through the `pairing-core` library (fields of
more than `LIBRARY_FIELD_LIMIT` entries by score_groups.py, the library's search being too
slow there).

The library applies the Dutch rules (score groups split top half v bottom half, floaters
and backtracking, no repeat pairings, absolute colour rules: never a colour difference
beyond 2 nor three of a colour in a row, one pairing-allocated bye for an odd field, never
to an entry that already had one). This module turns the tournament's facts into its
input: points (a bye scores what the organiser chose), colour histories (a forfeit or a bye
counts as no game for colours) and opponents (a forfeited pairing is not repeated either).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from pairing_core import (
    DUTCH_TILL2026_COMPAT,
    CanonicalPlayer,
    CanonicalRequest,
    ImpossiblePairingError,
    pair_canonical,
)

from competition.pairing.draw import toss
from competition.pairing.errors import PairingError
from competition.pairing.relaxed import relaxed_pairing
from competition.pairing.results import PlayedGame, Round, Table
from competition.pairing.score_groups import LIBRARY_FIELD_LIMIT, Contender, score_group_round


def first_round(entries: Sequence[str], seed: bytes) -> Round:
    """Round 1 as the Dutch rules pair it (the top half against the bottom half, the last
    number sitting out an odd field), without the library's search, which costs hundreds of
    milliseconds on a big field where nothing is left to search. The coin gives the colour
    of number 1; it alternates down the boards."""
    bye = entries[-1] if len(entries) % 2 else None
    field = entries[:-1] if bye is not None else entries
    half = len(field) // 2
    top_white = toss(seed, 1, 1, purpose="swiss") == 0
    tables = tuple(
        Table(board, *((top, bottom) if top_white == (board % 2 == 1) else (bottom, top)))
        for board, (top, bottom) in enumerate(zip(field[:half], field[half:], strict=True), 1)
    )
    return Round(1, tables, bye)


def swiss_round(
    round_number: int,
    entries: Sequence[str],
    games: Sequence[PlayedGame],
    byes: Sequence[str],
    bye_points: float,
    seed: bytes,
    withdrawn: Collection[str] = (),
) -> Round:
    """Round `round_number` of a Swiss for `entries` in number order, given the finished
    `games`, the entries that had a bye (one per earlier round at most), and those that
    withdrew (no longer paired; they keep their numbers and scores)."""
    field = [entry for entry in entries if entry not in withdrawn]
    if len(field) < 2:
        raise PairingError("pairing.swiss_impossible", round=round_number)
    if not games and not byes:
        return first_round(field, seed)
    number = {entry: index + 1 for index, entry in enumerate(entries)}
    points = dict.fromkeys(entries, 0.0)
    colours = dict.fromkeys(entries, "")
    opponents: dict[str, set[int]] = {entry: set() for entry in entries}
    for game in sorted(games, key=lambda game: game.round):
        points[game.white] += game.result.points(as_white=True)
        points[game.black] += game.result.points(as_white=False)
        colours[game.white] += "-" if game.result.forfeit else "w"
        colours[game.black] += "-" if game.result.forfeit else "b"
        opponents[game.white].add(number[game.black])
        opponents[game.black].add(number[game.white])
    for entry in byes:
        points[entry] += bye_points
        colours[entry] += "-"
    if len(field) > LIBRARY_FIELD_LIMIT:
        ranked = sorted(field, key=lambda entry: (-points[entry], number[entry]))
        contenders = [
            Contender(
                entry,
                points[entry],
                colours[entry].replace("-", ""),
                frozenset(entries[opponent - 1] for opponent in opponents[entry]),
                entry in byes,
            )
            for entry in ranked
        ]
        quick = score_group_round(round_number, contenders)
        if quick is not None:
            return quick
    players = tuple(
        CanonicalPlayer(
            id=number[entry],
            pairing_no=number[entry],
            # Numbers already carry the seeding (drawn, or by rating).
            rating=len(entries) - number[entry] + 1,
            points=points[entry],
            color_hist=colours[entry],
            opponents=tuple(opponents[entry]),
            received_bye=entry in byes,
        )
        for entry in field
    )
    request = CanonicalRequest(
        players=players, ruleset=DUTCH_TILL2026_COMPAT, round_number=round_number
    )
    try:
        paired = pair_canonical(request)
    except ImpossiblePairingError as error:
        ranked = sorted(field, key=lambda entry: (-points[entry], number[entry]))
        met = {frozenset((game.white, game.black)) for game in games}
        relaxed = relaxed_pairing(ranked, met, set(byes), colours)
        if relaxed is None:
            raise PairingError("pairing.swiss_impossible", round=round_number) from error
        pairs, bye = relaxed
        relaxed_tables = tuple(Table(index, *pair) for index, pair in enumerate(pairs, 1))
        return Round(round_number, relaxed_tables, bye, relaxed=True)
    tables = tuple(
        Table(index + 1, entries[board.white_id - 1], entries[board.black_id - 1])
        for index, board in enumerate(board for board in paired.pairings if not board.is_bye)
    )
    bye = None if paired.bye_player_id is None else entries[paired.bye_player_id - 1]
    return Round(round_number, tables, bye)
