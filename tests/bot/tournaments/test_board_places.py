"""`boards=`: where the boards of a tournament's games go (group, threads, private), read in
three languages; a wrong word is refused in the reader's language; tournaments stored with
the older `threads` flag keep their threads."""

from __future__ import annotations

import pytest

from bot.i18n import translate
from bot.service.events import ServiceError
from bot.service.tournament.tournament_options import (
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


def test_a_place_that_does_not_exist_is_refused_in_the_readers_language() -> None:
    with pytest.raises(ServiceError) as refused:
        read_plan(["brazilian", "knockout", "tabuleiros=mesa"])
    assert translate("pt", refused.value.reason) == (
        "tabuleiros=mesa: escreva tabuleiros=grupo, tabuleiros=topicos ou tabuleiros=privado."
    )
