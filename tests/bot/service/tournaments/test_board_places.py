"""`boards=`: where the boards of a tournament's games go (group, threads, private), read in
three languages; a wrong word is refused in the reader's language; tournaments stored with
the older `threads` flag keep their threads."""

from __future__ import annotations

import pytest

from bot.i18n import translate
from bot.service.kernel.events import ServiceError
from bot.service.tournaments.options import (
    GROUP,
    PRIVATE,
    THREADS,
    board_place,
    read_plan,
)


@pytest.mark.parametrize(
    ("word", "place"),
    [
        ("boards=private", PRIVATE),
        ("tabuleiros=privado", PRIVATE),
        ("damiere=privato", PRIVATE),
        ("boards=threads", THREADS),
        ("boards=topics", THREADS),
        ("tabuleiros=tópicos", THREADS),
        ("damiere=discussioni", THREADS),
        ("threads", THREADS),
        ("Boards=Group", GROUP),
        ("damiere=gruppo", GROUP),
    ],
)
def test_the_organiser_chooses_where_boards_go(word: str, place: str) -> None:
    assert board_place(read_plan(["brazilian", "swiss", "rounds=3", word]).options) == place


def test_boards_go_to_the_group_unless_chosen() -> None:
    assert board_place(read_plan(["brazilian", "knockout"]).options) == GROUP
    assert board_place({"threads": True}) == THREADS, "a tournament stored before boards="


@pytest.mark.parametrize(
    ("words", "place"),
    [
        (["10m"], PRIVATE),  # live: its games' boards would queue behind each other
        (["10m", "boards=group"], GROUP),  # the organiser's word wins
        (["10m", "threads"], THREADS),
        (["3d"], GROUP),  # correspondence: nobody waits for a board
        ([], GROUP),  # no clock counts as correspondence (docs/ratings.md)
    ],
)
def test_a_live_tournament_in_a_chat_paced_as_a_whole_sends_its_boards_privately(
    words: list[str], place: str
) -> None:
    plan = read_plan(["brazilian", "knockout", *words], whole_chat_paced=True)
    assert board_place(plan.options) == place
    assert plan.private_for_pace == (words == ["10m"])
    elsewhere = read_plan(["brazilian", "knockout", *words])  # a Discord channel, the console
    assert board_place(elsewhere.options) == (GROUP if words == ["10m"] else place)


def test_a_place_that_does_not_exist_is_refused_in_the_readers_language() -> None:
    with pytest.raises(ServiceError) as refused:
        read_plan(["brazilian", "knockout", "tabuleiros=mesa"])
    assert translate("pt", refused.value.reason) == (
        "tabuleiros=mesa: escreva tabuleiros=grupo, tabuleiros=topicos ou tabuleiros=privado."
    )
