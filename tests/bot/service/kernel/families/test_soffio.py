"""The soffio explains itself (issue 12 item 4, the bot's side): the skipped capture and the
piece that may be huffed said in words, `soffio` alone, a wrong huff, the huff itself, the
computer's huff, and the huffable piece marked on the picture."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest

from bot.console import Console
from bot.i18n import translate
from bot.service.game_service import GameService
from bot.service.kernel.families import family_of
from bot.service.kernel.families.draughts_boards import draughts_view
from games.base import find_game
from tests.bot.conftest import ANA, BIA
from tests.bot.service.test_service import latest, two_player_game

MISSED = "fen=W:W22,28:B18,1"  # White may take 22x13; 28-24 skips it


async def _console(service: GameService, name: str, language: str) -> tuple[Console, io.StringIO]:
    output = io.StringIO()
    console = Console(service, output, player=name)
    await console.handle(f"/lang {language}")
    return console, output


@pytest.mark.parametrize(
    ("language", "offer", "huffed", "wrong"),
    [
        (
            "pt",
            "Soffio: você não fez a tomada obrigatória: bia (Pretas) pode soprar a sua peça em 22, "
            "ou então jogar normalmente",
            "bia soprou (soffio) a peça em 22, que devia ter tomado",
            "soffio 22",
        ),
        (
            "it",
            "Soffio: non hai fatto la presa dovuta: bia (Nero) può soffiare la tua pedina in 22, "
            "oppure giocare normalmente",
            "bia ha soffiato il pezzo su 22, che doveva prendere",
            "soffio 22",
        ),
    ],
)
async def test_a_skipped_capture_is_offered_as_a_huff_in_words(
    service: GameService, language: str, offer: str, huffed: str, wrong: str
) -> None:
    ana, told = await _console(service, "ana", language)
    bia, said = await _console(service, "bia", language)
    await ana.handle(f"/new familiare vs bia white {MISSED}")
    await bia.handle("/accept")
    await ana.handle("28-24")
    await bia.handle("soffio 24")
    await bia.handle("soffio")
    assert offer in told.getvalue(), told.getvalue()
    text = said.getvalue()
    assert wrong in text, "a wrong huff lists the huffs and the moves"
    assert "18x27" in text, "a wrong huff lists the huffs and the moves"
    assert huffed.lower() in text.lower(), text
    assert "missed capture" not in text
    state = latest(await service.records.board(bia.actor, None))
    assert state.log[-1] == "soffio 22"


async def test_the_picture_marks_the_piece_that_may_be_huffed(service: GameService) -> None:
    state = await two_player_game(service, "italian-familiar", MISSED)
    after = latest(await service.play.move(ANA, "28-24", state.id))
    view = draughts_view(after, 1)
    assert view.highlight == (22,)
    huffed = latest(await service.play.move(BIA, "soffio", after.id))
    assert draughts_view(huffed, 1).highlight == ()
    assert draughts_view(huffed, 1).captured == (22,)


async def test_the_computers_huff_is_explained(service: GameService) -> None:
    state = await two_player_game(service, "italian-familiar", MISSED)
    after = latest(await service.play.move(ANA, "28-24", state.id))
    huffed = latest(await service.play.move(BIA, "soffio", after.id))
    seats = (huffed.record.seats[0], replace(huffed.record.seats[1], player_id=None, computer="2"))
    by_computer = replace(huffed, record=replace(huffed.record, seats=seats))
    family = family_of(find_game("italian-familiar"))
    headline = family.headline(by_computer, "soffio 22", 1, after.position)
    assert translate("pt", headline) == (
        "Computador (normal) soprou (soffio) a peça em 22, que devia ter tomado; agora "
        "Computador (normal) joga o seu lance."
    )


async def test_telegram_and_discord_show_the_huff_as_its_own_button(service: GameService) -> None:
    from bot.discord.widgets.views import board_view
    from bot.telegram.widgets.keyboards import board_keyboard

    state = await two_player_game(service, "italian-familiar", MISSED)
    after = latest(await service.play.move(ANA, "28-24", state.id))
    keyboard = board_keyboard(after, "it")
    assert keyboard is not None
    rows = [[button.text for button in row] for row in keyboard.inline_keyboard]
    assert rows[-2:] == [["Soffio: soffia il pezzo su 22"], ["Abbandona"]]
    assert "22" not in [label for row in rows[:-1] for label in row]
    view = board_view(after, "pt")
    assert view is not None
    labels = [getattr(getattr(item, "item", item), "label", None) for item in view.children]
    assert "Soffio: soprar a peça em 22" in labels
