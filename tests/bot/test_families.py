"""The families of games stay behind their protocol (bot.service.kernel.families.Family): no
front end and no board module asks which family a game is, and a family that describes its
boards its own way is drawn by every front from its description alone."""

from __future__ import annotations

import ast
import warnings
from pathlib import Path
from typing import Any

import pytest
from telegram import InlineKeyboardMarkup

from bot.i18n import Text, text, translate
from bot.service import boards
from bot.service.game_service import GameService
from bot.service.kernel import families
from bot.service.kernel.display.choices import MoveChoice
from bot.service.kernel.events import GameState
from bot.service.kernel.words.text_boards import text_board
from bot.telegram.widgets.keyboards import board_keyboard
from games.base import AnyGame
from tests.bot.test_service import two_player_game

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    import discord

    from bot.discord.widgets.views import board_view

ROOT = Path(__file__).resolve().parents[2]
# The modules that draw games for people without being a family's own.
FRONTS = [
    "bot/console.py",
    "bot/telegram",
    "bot/discord",
    "bot/web",
    "bot/service/boards.py",
    "bot/service/kernel/words/text_boards.py",
]
FAMILY_MODULES = (
    "games.ludo",
    "games.damas",
    "bot.service.kernel.display.draughts_boards",
    "bot.service.kernel.display.ludo_boards",
)
FAMILY_NAMES = {"Draughts", "Ludo", "LudoPosition", "Position", "DraughtsView", "LudoView"}
GAME_KEYS = {"ludo", "brazilian", "international", "italian", "italian-familiar"}


def _modules() -> list[Path]:
    found: list[Path] = []
    for name in FRONTS:
        path = ROOT / name
        found.extend(sorted(path.rglob("*.py")) if path.is_dir() else [path])
    return found


def family_checks(source: str) -> list[str]:
    """What in `source` asks which family a game is: an import of a family's own module or
    class, or a comparison with a game's key."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module.startswith(FAMILY_MODULES):
                found.append(f"line {node.lineno}: imports {node.module}")
            named = {alias.name for alias in node.names} & FAMILY_NAMES
            found.extend(f"line {node.lineno}: imports {name}" for name in sorted(named))
        elif isinstance(node, ast.Compare):
            keys = [
                part.value
                for part in [node.left, *node.comparators]
                if isinstance(part, ast.Constant) and part.value in GAME_KEYS
            ]
            found.extend(f"line {node.lineno}: compares with {key!r}" for key in keys)
    return found


@pytest.mark.parametrize("path", _modules(), ids=lambda path: str(path.relative_to(ROOT)))
def test_no_front_asks_which_family_a_game_is(path: Path) -> None:
    assert family_checks(path.read_text(encoding="utf-8")) == []


def test_the_check_finds_family_questions() -> None:
    source = (
        "from games.ludo import LudoPosition\n"
        "from bot.service.kernel.families import Draughts, family_of\n"
        "if kind == 'ludo': pass\n"
    )
    assert family_checks(source) == [
        "line 1: imports games.ludo",
        "line 1: imports LudoPosition",
        "line 2: imports Draughts",
        "line 3: compares with 'ludo'",
    ]


class Compass(families.Draughts):
    """A family whose boards are its own: sides named North and South, every move on a
    button of its own, a picture and a text board of its own. (Its games, options and results
    are draughts': only what the fronts draw is new.)"""

    def picture(self, state: GameState, viewer_seat: int | None) -> bytes:
        return f"compass picture of #{state.id} from seat {viewer_seat}".encode()

    def text_board(self, state: GameState, viewer_seat: int | None, language: str | None) -> str:
        return f"compass board of #{state.id} from seat {viewer_seat} for {language}"

    def move_choice(self, position: AnyGame, move: Any, index: int) -> MoveChoice:
        notation = position.notation(move)
        return MoveChoice(index, notation, "", "", text("{move} by compass", move=notation))

    def side_name(self, state: GameState, seat: int) -> Text:  # noqa: ARG002 (the protocol's)
        return text("North") if seat == 0 else text("South")


@pytest.fixture
async def compass_game(service: GameService, monkeypatch: pytest.MonkeyPatch) -> GameState:
    monkeypatch.setitem(families._FAMILIES, "brazilian", Compass())
    return await two_player_game(service, "brazilian")


async def test_a_new_family_draws_its_boards_on_the_service_side(compass_game: GameState) -> None:
    state = compass_game
    assert boards.picture(state, 1) == f"compass picture of #{state.id} from seat 1".encode()
    assert text_board(state, 0, "pt") == f"compass board of #{state.id} from seat 0 for pt"
    assert "Ana (North)" in translate("en", boards.caption(state))
    choices = boards.move_choices(state)
    assert len(choices) == 7
    assert all(translate("en", choice.label or "").endswith(" by compass") for choice in choices)


async def test_a_new_familys_moves_reach_the_telegram_buttons(compass_game: GameState) -> None:
    keyboard = board_keyboard(compass_game, "en")
    assert isinstance(keyboard, InlineKeyboardMarkup)
    *moves, ending = keyboard.inline_keyboard
    labels = [button.text for row in moves for button in row]
    expected = [choice.notation for choice in boards.move_choices(compass_game)]
    assert labels == [f"{notation} by compass" for notation in expected]
    assert [len(row) for row in moves] == [2, 2, 2, 1]
    assert [button.text for button in ending] == ["Resign", "Abort"]


async def test_a_new_familys_moves_reach_the_discord_buttons(compass_game: GameState) -> None:
    view = board_view(compass_game, "en")
    assert view is not None
    inner = [getattr(child, "item", child) for child in view.children]
    assert not any(isinstance(item, discord.ui.Select) for item in inner)
    buttons = [item for item in inner if isinstance(item, discord.ui.Button)]
    moves = [button for button in buttons if (button.custom_id or "").startswith("dmb:m:")]
    expected = [choice.notation for choice in boards.move_choices(compass_game)]
    assert [button.label for button in moves] == [f"{notation} by compass" for notation in expected]
