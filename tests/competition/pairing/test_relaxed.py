"""The Swiss's last resort: any pairing with no repeats and no second bye."""

from __future__ import annotations

from itertools import combinations

import pytest

from competition.pairing.errors import PairingError
from competition.pairing.relaxed import relaxed_pairing
from competition.pairing.results import GameResult, Outcome

FIELD = ["a", "b", "c", "d", "e", "f"]
NO_COLOURS = dict.fromkeys(FIELD, "")


def met(*pairs: str) -> set[frozenset[str]]:
    return {frozenset(pair) for pair in pairs}


def test_no_pairing_when_only_two_triangles_are_left() -> None:
    # Everyone of a, b, c met everyone of d, e, f: what is left is two triangles.
    played = met("ad", "ae", "af", "bd", "be", "bf", "cd", "ce", "cf")
    assert relaxed_pairing(FIELD, played, set(), NO_COLOURS) is None


def test_the_search_goes_past_the_first_choices() -> None:
    # a has met everyone but f; the others must then pair around it.
    played = met("ab", "ac", "ad", "ae", "bc", "de")
    found = relaxed_pairing(FIELD, played, set(), NO_COLOURS)
    assert found is not None
    pairs, bye = found
    assert bye is None
    assert not {frozenset(pair) for pair in pairs} & played
    assert ("a", "f") in pairs or ("f", "a") in pairs
    assert sorted(side for pair in pairs for side in pair) == sorted(FIELD)


def test_the_bye_goes_to_the_lowest_entry_without_one() -> None:
    found = relaxed_pairing(FIELD[:5], set(), {"e"}, NO_COLOURS)
    assert found is not None
    assert found[1] == "d"


def test_colours_go_to_the_entry_owed_white() -> None:
    colours = {"a": "ww", "b": "bb"}
    assert relaxed_pairing(["a", "b"], set(), set(), colours) == ([("b", "a")], None)


def test_no_pairing_when_one_new_pair_is_left() -> None:
    played = met(*("".join(pair) for pair in combinations("abcd", 2) if pair != ("a", "d")))
    found = relaxed_pairing(["a", "b", "c", "d"], played, set(), dict.fromkeys("abcd", ""))
    # Only a-d has not been played: b and c cannot meet again.
    assert found is None


def test_a_forfeit_has_a_winner() -> None:
    with pytest.raises(PairingError) as error:
        GameResult(Outcome.DRAW, forfeit=True)
    assert error.value.key == "pairing.forfeit_draw"
