"""Ballots for the Draughts family (families/draughts.py): the opening drawn from a variant's
official list (games/damas/ballots, docs/ballots.md), set as the game's starting position.

A game of a ballot keeps two options: `ballot`, the ballot's code in its list ("3-IV"), and
`fen`, the position its moves reach, from which the game is played, replayed and written as
PDN like any game from a set position; a rematch copies both, so the same ballot is played
again with the colours swapped. A casual game draws its ballot by lot; a tournament draws it
from its committed seed (`seeded_ballot`), so that the draw is checked with the others when
the seed is revealed, and gives both games of a pairing the same one.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

from bot.i18n import Text, quote, text
from bot.service.kernel.events import ServiceError
from games.base import GameKind
from games.chance import uniform
from games.damas.ballots import BALLOT_LISTS, Ballot, BallotList

BALLOT_OPTION = "ballot"
# The words of /new (alone, or with a code: ballot=3-IV) that ask for a ballot.
BALLOT_WORDS = frozenset({"ballot", "sorteio", "sorteggio"})


def ballot_list(kind: GameKind) -> BallotList:
    """The variant's list, or a refusal that says why it has none."""
    ballots = BALLOT_LISTS.get(kind.key)
    if ballots is None:
        raise ServiceError(
            text(
                "There are no ballots for this variant yet: ballots are drawn from a "
                "federation's published list, and only the IDF's table for Brazilian draughts "
                "was found."
            )
        )
    return ballots


def ballot_options(kind: GameKind, code: str | None) -> dict[str, Any]:
    """The options of a game of the ballot `code`, or of one drawn by lot (None)."""
    ballots = ballot_list(kind)
    if code is None:
        return _options(ballots, ballots.ballots[secrets.randbelow(len(ballots.ballots))])
    ballot = ballots.find(code)
    if ballot is None:
        raise ServiceError(
            text(
                "The {list} has no ballot {code}; its codes run from {first} to {last}.",
                list=ballots.title,
                code=quote(code),
                first=ballots.ballots[0].code,
                last=ballots.ballots[-1].code,
            )
        )
    return _options(ballots, ballot)


def seeded_ballot(kind: GameKind, seed: bytes, label: str) -> dict[str, Any]:
    """The options of the ballot drawn for `label` (a pairing) from a committed seed."""
    ballots = ballot_list(kind)
    drawn = uniform(seed, f"ballot:{label}".encode(), len(ballots.ballots))
    return _options(ballots, ballots.ballots[drawn])


def _options(ballots: BallotList, ballot: Ballot) -> dict[str, Any]:
    return {BALLOT_OPTION: ballot.code, "fen": ballots.position(ballot).fen()}


def ballot_note(kind: GameKind, options: Mapping[str, Any]) -> Text | None:
    """ "Ballot 3-IV of the IDF Drawing Table 64, basic positions: c3-d4 b6-a5 d4-c5." """
    code = options.get(BALLOT_OPTION)
    ballots = BALLOT_LISTS.get(kind.key)
    ballot = ballots.find(code) if ballots is not None and code else None
    if ballots is None or ballot is None:
        return None
    if not ballot.moves:
        return text(
            "Ballot {code} of the {list}: free, from the start.",
            code=ballot.code,
            list=ballots.title,
        )
    return text(
        "Ballot {code} of the {list}: {moves}.",
        code=ballot.code,
        list=ballots.title,
        moves=" ".join(ballot.moves),
    )
