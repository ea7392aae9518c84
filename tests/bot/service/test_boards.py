"""Boards as front ends get them: pictures, text, captions and the move choices of buttons."""

from __future__ import annotations

import pytest

from bot.i18n import translate
from bot.service import boards
from bot.service.game_service import GameService, seat_to_act
from bot.service.kernel.families.draughts_boards import draughts_view
from bot.service.kernel.words.text_boards import text_board
from games.base import CHANCE
from tests.bot.conftest import ANA, CHAT
from tests.bot.service.test_service import latest, two_player_game


async def test_move_choices_name_the_piece_and_the_target(service: GameService) -> None:
    state = await two_player_game(service, "brazilian")
    choices = boards.move_choices(state)
    assert len(choices) == 7
    assert {choice.piece for choice in choices} == {"a3", "c3", "e3", "g3"}
    c3 = sorted(choice.target for choice in choices if choice.piece == "c3")
    assert c3 == ["b4", "d4"]
    for choice in choices:
        assert state.position.notation(state.position.legal_moves()[choice.index]) == (
            choice.notation
        )
    assert all(not choice.captured and not choice.via for choice in choices), "none captures"


@pytest.mark.parametrize(
    ("kind", "fen", "captured", "via"),
    [
        ("brazilian", "fen=W:W21,30:B17,10,2", ("b4", "d6"), ("c5",)),
        ("international", "fen=W:W32,47:B28,19,3", ("28", "19"), ("23",)),
        ("italian", "fen=W:W26:B13,21,4", ("21", "13"), ("17",)),
    ],
)
async def test_a_capture_choice_names_what_it_takes_and_where_it_lands(
    service: GameService, kind: str, fen: str, captured: tuple[str, ...], via: tuple[str, ...]
) -> None:
    """In the squares' names of the notation, which the board pictures carry too."""
    state = await two_player_game(service, kind, fen)
    [capture] = boards.move_choices(state)
    assert (capture.captured, capture.via) == (captured, via)


async def test_ludo_offers_no_moves_until_the_die_is_rolled(service: GameService) -> None:
    state = latest(
        await service.challenges.new_game(ANA, CHAT, "ludo", computer=True, players=2, seat=0)
    )
    await service.kernel.background.idle()
    state = await service.kernel.state(state.id)
    assert state.position.to_move() == CHANCE
    assert boards.move_choices(state) == []


@pytest.mark.parametrize("kind", ["brazilian", "international", "italian", "italian-familiar"])
async def test_every_draughts_board_draws_and_captions(service: GameService, kind: str) -> None:
    state = await two_player_game(service, kind)
    notation = state.position.notation(state.position.legal_moves()[0])
    state = latest(await service.play.move(ANA, notation, state.id))
    assert boards.picture(state, 0).startswith(b"\x89PNG")
    assert boards.picture(state, 1) != boards.picture(state, 0)
    assert text_board(state, 0, "pt")
    caption = translate("en", boards.caption(state))
    assert f"last move: {notation}" in caption
    assert "Bia (Black) to move" in caption


async def test_a_ludo_board_draws_and_captions(service: GameService) -> None:
    state = latest(
        await service.challenges.new_game(ANA, CHAT, "ludo", computer=True, players=4, seat=0)
    )
    await service.kernel.background.idle()
    state = await service.kernel.state(state.id)
    assert boards.picture(state, 0).startswith(b"\x89PNG")
    assert "Ana (Red)" in translate("en", boards.caption(state))


async def test_a_capture_written_short_is_drawn_along_its_route(service: GameService) -> None:
    state = await two_player_game(service, "brazilian", "fen=W:W21,30:B17,10,2")
    state = latest(await service.play.move(ANA, "a3xe7", state.id))
    view = draughts_view(state, 0)
    assert view.last_move == (21, 14, 7), "through the square it jumped to, not a straight line"
    assert view.captured == (17, 10)


async def test_brazilian_boards_show_square_numbers_on_request(service: GameService) -> None:
    plain = await two_player_game(service, "brazilian")
    numbered = await two_player_game(service, "brazilian", "numeros")
    assert draughts_view(plain, 0).labels == "alphanumeric"
    assert draughts_view(numbered, 0).labels == "both"
    assert boards.picture(numbered, 0) != boards.picture(plain, 0)
    international = await two_player_game(service, "international", "numbers")
    assert draughts_view(international, 0).labels == "numeric"


async def test_one_orientation_policy_for_every_board(service: GameService) -> None:
    """A board between two people is drawn from White's side whoever is to move (it never
    turns around); a board read privately from the reader's side; a game against the
    computer from the person's side."""
    between_people = await two_player_game(service, "brazilian")
    assert boards.viewer_seat(between_people) == 0
    after = latest(await service.play.move(ANA, "c3-d4"))
    assert seat_to_act(after) == 1
    assert boards.viewer_seat(after) == 0
    assert boards.viewer_seat(after, [1]) == 1
    versus = latest(await service.challenges.new_game(ANA, CHAT, "italian", computer=True, seat=1))
    assert boards.viewer_seat(versus) == 1
