"""The Discord components of a board: ids within limits, menus split at 25 pieces."""

from __future__ import annotations

import warnings
from dataclasses import replace

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    import discord

from bot.discord.widgets.components import DYNAMIC_ITEMS
from bot.discord.widgets.views import board_view, destination_view
from bot.service import boards
from bot.service.boards import MoveChoice
from bot.service.game_service import GameService
from bot.service.kernel.events import Actor, BoardUpdate, GameState
from tests.fakes.discord_api import message_problems

ANA = Actor("discord", "1", "Ana")


@pytest.fixture
async def state(service: GameService) -> GameState:
    """An international game at its start, with a long id and version."""
    events = await service.challenges.new_game(ANA, None, "international", computer=True, seat=0)
    started = next(event.state for event in events if isinstance(event, BoardUpdate))
    await service.kernel.background.idle()
    return replace(started, record=replace(started.record, id=9_999_999_999, version=123_456))


def _inner(view: discord.ui.View) -> list[discord.ui.Item[discord.ui.View]]:
    """The buttons and menus inside the view's dynamic items."""
    return [getattr(child, "item", child) for child in view.children]


def _payload(view: discord.ui.View) -> dict[str, object]:
    return {"components": view.to_components()}


def test_the_custom_ids_of_a_big_game_fit_in_100_characters(state: GameState) -> None:
    view = board_view(state, None)
    assert view is not None
    assert message_problems(_payload(view)) == []
    ids = [item.custom_id for item in view.children if hasattr(item, "custom_id")]
    assert "dmb:p:9999999999:123456:0" in ids
    assert "dmb:t:9999999999:123456" in ids


def test_more_than_25_movable_pieces_are_split_into_menus(
    monkeypatch: pytest.MonkeyPatch, state: GameState
) -> None:
    many = [MoveChoice(n, f"p{n}-t{n}", f"p{n}", f"t{n}") for n in range(60)]
    monkeypatch.setattr(boards, "move_choices", lambda _state: many)
    view = board_view(state, "en")
    assert view is not None
    assert message_problems(_payload(view)) == []
    menus = [item for item in _inner(view) if isinstance(item, discord.ui.Select)]
    assert [len(menu.options) for menu in menus] == [25, 25, 10]
    assert menus[0].placeholder == "Pieces p0 to p24"
    offered = [option.value for menu in menus for option in menu.options]
    assert offered == [choice.piece for choice in many]


def test_a_piece_with_many_moves_gets_one_menu_per_25(
    monkeypatch: pytest.MonkeyPatch, state: GameState
) -> None:
    many = [MoveChoice(index, f"a1-t{index}", "a1", f"t{index}") for index in range(30)]
    monkeypatch.setattr(boards, "move_choices", lambda _state: many)
    view = destination_view(state, "a1", None)
    assert view is not None
    assert message_problems(_payload(view)) == []
    menus = [item for item in _inner(view) if isinstance(item, discord.ui.Select)]
    assert [len(menu.options) for menu in menus] == [25, 5]
    offered = [option.value for menu in menus for option in menu.options]
    assert offered == [str(index) for index in range(30)]


def test_two_routes_to_one_square_show_their_notation(
    monkeypatch: pytest.MonkeyPatch, state: GameState
) -> None:
    routes = [
        MoveChoice(0, "15x24x35", "15", "35"),
        MoveChoice(1, "15x26x35", "15", "35"),
        MoveChoice(2, "15-20", "15", "20"),
    ]
    monkeypatch.setattr(boards, "move_choices", lambda _state: routes)
    view = destination_view(state, "15", None)
    assert view is not None
    (menu,) = [item for item in _inner(view) if isinstance(item, discord.ui.Select)]
    assert [option.label for option in menu.options] == ["15x24x35", "15x26x35", "→ 20"]
    assert [option.value for option in menu.options] == ["0", "1", "2"]


def test_a_finished_game_offers_only_a_rematch(state: GameState) -> None:
    finished = replace(state, record=replace(state.record, status="finished"))
    view = board_view(finished, None)
    assert view is not None
    assert [item.custom_id for item in view.children] == [f"dmb:w:{state.id}"]  # type: ignore[attr-defined]
    assert boards.move_choices(finished) == []


@pytest.mark.parametrize(
    "custom_id",
    [
        "dmb:p:1:2:0",
        "dmb:m:1:2:3",
        "dmb:r:1:2",
        "dmb:t:1:2",
        "dmb:y:1:2",
        "dmb:n:1:2",
        "dmb:x:1:2",
        "dmb:e:1:2",
        "dmb:w:1",
        "dmb:a:7",
        "dmb:d:7",
        "dmb:b:7",
    ],
)
def test_every_custom_id_has_exactly_one_dynamic_item(custom_id: str) -> None:
    matching = [
        item for item in DYNAMIC_ITEMS if item.__discord_ui_compiled_template__.fullmatch(custom_id)
    ]
    assert len(matching) == 1
