"""The families of games stay behind their base (bot.service.kernel.families.Family): no
front end and no board module asks which family a game is, nothing outside the families asks
which position class a game has, a family that describes its boards its own way is drawn by
every front from its description alone, and a family that states only what its game does
differently plays through the whole service on the base's defaults."""

from __future__ import annotations

import ast
import importlib
import secrets
import warnings
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from telegram import InlineKeyboardMarkup

from bot.i18n import Text, text, translate
from bot.service import boards
from bot.service.game_service import GameService
from bot.service.kernel import families
from bot.service.kernel.display.choices import MoveChoice
from bot.service.kernel.events import (
    ComputerThinking,
    Event,
    GameState,
    ServiceError,
)
from bot.service.kernel.words.rules_text import rules_of
from bot.service.kernel.words.text_boards import text_board
from bot.telegram.widgets.keyboards import board_keyboard
from games.base import CHANCE, AnyGame, GameKind, game_kinds
from games.ludo.dice import roll
from tests.bot.conftest import ANA, CHAT
from tests.bot.service.test_service import latest, two_player_game
from tests.processes import ROOT

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    import discord

    from bot.discord.widgets.views import board_view

# The modules that draw games for people without being a family's own.
FRONTS = [
    "bot/console.py",
    "bot/telegram",
    "bot/discord",
    "bot/web",
    "bot/service/boards.py",
    "bot/service/kernel/words/text_boards.py",
    "bot/service/kernel/words/rules_text.py",
]
# A family's own modules: its rules, and its module, boards and words in the families.
FAMILY_MODULES = ("games.ludo", "games.damas", "bot.service.kernel.families.")
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
        "from bot.service.kernel.families.ludo_words import next_step\n"
        "if kind == 'ludo': pass\n"
    )
    assert family_checks(source) == [
        "line 1: imports games.ludo",
        "line 1: imports LudoPosition",
        "line 2: imports Draughts",
        "line 3: imports bot.service.kernel.families.ludo_words",
        "line 4: compares with 'ludo'",
    ]


# The families' own package: the only modules of bot/ that may ask a position's class.
FAMILIES = ROOT / "bot" / "service" / "kernel" / "families"
# The classes of the registered games' positions, and every class of games/ they derive from.
POSITION_CLASSES = frozenset(
    cls
    for kind in game_kinds()
    for cls in type(kind.start({})).__mro__
    if cls.__module__.startswith("games.")
)


def _games_names(tree: ast.AST) -> dict[str, Any]:
    """What each name a module imports from games/ is (`from games.damas import Position`,
    `import games.ludo as ludo`)."""
    names: dict[str, Any] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("games"):
            module = importlib.import_module(node.module or "")
            for alias in node.names:
                found = getattr(module, alias.name, None)
                if found is None:
                    found = importlib.import_module(f"{node.module}.{alias.name}")
                names[alias.asname or alias.name] = found
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("games"):
                    module = importlib.import_module(alias.name)
                    if alias.asname:
                        names[alias.asname] = module
                    else:
                        names["games"] = importlib.import_module("games")
    return names


def _named(node: ast.expr, names: Mapping[str, Any]) -> Any:
    if isinstance(node, ast.Name):
        return names.get(node.id)
    if isinstance(node, ast.Attribute):
        return getattr(_named(node.value, names), node.attr, None)
    return None


def position_checks(source: str) -> list[str]:
    """Where `source` asks whether a position is of a game's class: isinstance, or a class
    pattern of `match`."""
    tree = ast.parse(source)
    names = _games_names(tree)
    asked: list[ast.expr] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and ast.unparse(node.func) == "isinstance":
            classes = node.args[1] if len(node.args) == 2 else None
            if classes is not None:
                asked.extend(classes.elts if isinstance(classes, ast.Tuple) else [classes])
        elif isinstance(node, ast.MatchClass):
            asked.append(node.cls)
    return [
        f"line {node.lineno}: asks for {ast.unparse(node)}"
        for node in sorted(asked, key=lambda node: node.lineno)
        if _named(node, names) in POSITION_CLASSES
    ]


def _outside_the_families() -> list[Path]:
    return [
        path for path in sorted((ROOT / "bot").rglob("*.py")) if not path.is_relative_to(FAMILIES)
    ]


@pytest.mark.parametrize(
    "path", _outside_the_families(), ids=lambda path: str(path.relative_to(ROOT))
)
def test_only_the_families_ask_a_positions_class(path: Path) -> None:
    assert position_checks(path.read_text(encoding="utf-8")) == []


def test_the_check_finds_every_way_of_asking_a_positions_class() -> None:
    source = (
        "from games.damas import Position as Draughts, Move\n"
        "import games.ludo\n"
        "from games.damas.position import BrazilianPosition\n"
        "isinstance(p, Draughts)\n"
        "isinstance(p, (int, games.ludo.LudoPosition))\n"
        "isinstance(m, Move)\n"
        "match p:\n"
        "    case BrazilianPosition(): pass\n"
    )
    assert position_checks(source) == [
        "line 4: asks for Draughts",
        "line 5: asks for games.ludo.LudoPosition",
        "line 8: asks for BrazilianPosition",
    ]


def test_every_registered_game_has_its_family() -> None:
    for kind in game_kinds():
        family = families.family_of(kind)
        assert kind.key in family.games
        assert translate("en", families.game_title(kind.key))


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

    def side_name(self, state: GameState, seat: int) -> Text:
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


class Plain(families.Family):
    """A family that states only what every game says its own way (its title, options, rules
    in words, moves and boards, its computer's name): two seats, no dice, no levels, no PDN,
    the results and a computer that answers at once are the base's."""

    games = frozenset({"brazilian"})

    def title(self, kind: GameKind) -> Text:
        return text("Plain game")

    def new_options(
        self, kind: GameKind, players: int | None, words: Sequence[str]
    ) -> dict[str, Any]:
        return {}

    def rules_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        return {}

    def rules_text(self, kind: GameKind, options: Mapping[str, object] | None) -> list[Text]:
        return [text("Plain rules")]

    def headline(self, state: GameState, notation: str, seat: int, before: AnyGame) -> Text:
        return text("{name}: {move}", name=self.seat_name(state, seat), move=notation)

    def shown(self, notation: str, before: AnyGame) -> str:
        return notation

    def history(self, state: GameState) -> str:
        return " ".join(state.log)

    def picture(self, state: GameState, viewer_seat: int | None) -> bytes:
        return b"plain picture"

    def svg(self, state: GameState, viewer_seat: int | None) -> str:
        return "<svg/>"

    def text_board(self, state: GameState, viewer_seat: int | None, language: str | None) -> str:
        return "plain board"

    def move_choice(self, position: AnyGame, move: Any, index: int) -> MoveChoice:
        notation = position.notation(move)
        return MoveChoice(index, notation, notation, "", notation)

    def side_name(self, state: GameState, seat: int) -> Text:
        return text("First") if seat == 0 else text("Second")

    def computer(self, state: GameState, seat: int) -> Text:
        return text("Plain computer")


def _thinking(published: list[Event]) -> list[ComputerThinking]:
    return [event for event in published if isinstance(event, ComputerThinking)]


async def test_a_family_that_states_only_its_differences_plays_on_the_defaults(
    service: GameService, published: list[Event], monkeypatch: pytest.MonkeyPatch
) -> None:
    plain = Plain()
    monkeypatch.setitem(families._FAMILIES, "brazilian", plain)
    state = latest(await service.challenges.new_game(ANA, CHAT, "brazilian", computer=True, seat=0))
    assert translate("en", families.players_text(state)) == "Ana - Plain computer"
    assert [translate("en", line) for line in rules_of("brazilian")] == ["Plain rules"]
    with pytest.raises(ServiceError) as refused:
        await service.play.roll(ANA, state.id)
    assert translate("en", refused.value.reason) == "No roll is due now: play your move."
    await service.play.move(ANA, "c3-d4", state.id)
    await service.kernel.background.idle()
    assert (await service.kernel.state(state.id)).plies == 2, "the computer answered"
    assert _thinking(published) == [], "the base's computer answers at once, unannounced"
    ended = latest(await service.results.resign(ANA, state.id))
    assert translate("en", plain.result_text(ended)) == (
        f"Plain computer won game #{state.id}: resignation."
    )
    assert plain.pdn(ended, ended.log) is None


async def test_a_draughts_computer_says_it_thinks_where_it_has_a_choice(
    service: GameService, published: list[Event]
) -> None:
    state = latest(await service.challenges.new_game(ANA, CHAT, "brazilian", computer=True, seat=0))
    await service.play.move(ANA, "c3-d4", state.id)
    await service.kernel.background.idle()
    assert [event.state.id for event in _thinking(published)] == [state.id]


async def test_each_family_says_what_to_do_where_no_roll_is_due(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Ana draws the first turn and rolls a 6: a pawn comes out (the pawns in the yard are one
    # move), and no roll is due.
    six_first = next(s for s in (bytes([n]) * 32 for n in range(256)) if roll(s, 0) == 6)
    monkeypatch.setattr("bot.service.kernel.families.ludo.new_seed", lambda: six_first)
    monkeypatch.setattr(secrets, "randbelow", lambda _players: 0)
    ludo = latest(
        await service.challenges.new_game(ANA, CHAT, "ludo", computer=True, players=2, seat=0)
    )
    await service.kernel.background.idle()
    assert (await service.kernel.state(ludo.id)).position.to_move() == CHANCE
    await service.play.roll(ANA, ludo.id)
    with pytest.raises(ServiceError) as ludo_refusal:
        await service.play.roll(ANA, ludo.id)
    assert translate("en", ludo_refusal.value.reason) == (
        "No roll is due now. The only move is p1 yard-c1: /move p1 plays it."
    )
    draughts = await two_player_game(service, "italian")
    with pytest.raises(ServiceError) as draughts_refusal:
        await service.play.roll(ANA, draughts.id)
    assert translate("en", draughts_refusal.value.reason) == "No roll is due now: play your move."
