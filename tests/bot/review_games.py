"""Finished games for the review's tests: the planted blunder (tests/planted_blunder.py) played
between two people and resigned, and a PDN record of it."""

from __future__ import annotations

from bot.service.game_service import GameService
from bot.service.kernel.events import Actor, ChallengeUpdate
from games.damas import Position
from storage import ChatRef
from tests import planted_blunder as planted

# Nodes a position in the tests: the shot is six plies deep, found at far less than this.
TEST_NODES = 3000
# Nodes of the second look at a marked move in the tests: deeper than the first pass.
TEST_SECOND_LOOK = 6000
PDN = (
    f'[White "Ana"] [Black "Bia"] [GameType "26"] [SetUp "1"] [FEN "{planted.FEN}"] '
    f"1... {planted.BLUNDER} *"
)


async def blundered_game(
    service: GameService, white: Actor, black: Actor, chat: ChatRef, *, finish: bool = True
) -> int:
    """A game in `chat` from the planted position where Black (`black`) blunders, then
    resigns (`finish`); its id."""
    events = await service.challenges.new_game(
        black, chat, planted.VARIANT, opponent=white, seat=1, option_words=[f"fen={planted.FEN}"]
    )
    challenge = next(event.challenge for event in events if isinstance(event, ChallengeUpdate))
    await service.challenges.accept(white, challenge.id, chat)
    game_id = (await service.records.games_in_progress(black))[0][0]
    await service.play.move(black, planted.BLUNDER, game_id)
    if finish:
        await service.results.resign(black, game_id)
    return game_id


def opening_pdn(plies: int) -> str:
    """A PDN record of the first `plies` legal moves of Brazilian draughts."""
    position, moves = Position.start("brazilian"), []
    for _ in range(plies):
        move = position.legal_moves()[0]
        moves.append(position.notation(move))
        position = position.play(move)
    numbered = " ".join(
        f"{index // 2 + 1}. {move}" if index % 2 == 0 else move for index, move in enumerate(moves)
    )
    return f'[White "Ana"] [Black "Bia"] [GameType "26"] {numbered} *'
