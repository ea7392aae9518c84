"""Through the service: a refused move or set-up position reaches the player as a keyed
message of the rules, translated whole (no English reason inside a translated frame)."""

from __future__ import annotations

import pytest

from bot.i18n import translate
from bot.service.game_service import GameService
from bot.service.kernel.events import ChallengeUpdate, ServiceError
from tests.bot.conftest import ANA, BIA, CHAT
from tests.bot.service.test_service import latest


async def started(service: GameService, kind: str, *words: str) -> int:
    events = await service.challenges.new_game(
        ANA, CHAT, kind, opponent=BIA, seat=0, option_words=words
    )
    challenge = next(e for e in events if isinstance(e, ChallengeUpdate)).challenge
    await service.challenges.accept(BIA, challenge.id, CHAT)
    return challenge.id


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("pt", "f6-e5 não é um lance válido: não há peça branca em f6 (jogam as Brancas)."),
        ("it", "f6-e5 non è una mossa valida: in f6 non c'è una pedina o dama bianca"),
        ("en", "f6-e5 is not legal: f6 holds no white piece (White to move). Legal: a3-b4"),
    ],
)
async def test_an_illegal_move_is_explained_in_the_players_language(
    service: GameService, language: str, expected: str
) -> None:
    await started(service, "brazilian")
    with pytest.raises(ServiceError) as caught:
        await service.play.move(ANA, "f6-e5")
    assert translate(language, caught.value.reason).startswith(expected)


async def test_moves_typed_without_separator_or_as_a_destination_are_played(
    service: GameService,
) -> None:
    await started(service, "brazilian")
    await service.play.move(ANA, "c3d4")
    await service.play.move(BIA, "f6-e5")
    played = latest(await service.play.move(ANA, "f6"))  # d4xf6, the only move ending on f6
    assert played.log == ("c3-d4", "f6-e5", "d4xf6")


async def test_a_decided_set_up_position_is_refused_in_words(service: GameService) -> None:
    with pytest.raises(ServiceError) as caught:
        await started(service, "international", "fen=W:W46:B41,37")
    shown = translate("pt", caught.value.reason)
    assert "a partida já acabou: jogam as Brancas e não têm lance" in shown
