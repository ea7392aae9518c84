"""A club match's score board: the match's score, and each board's players, score and games;
given as the edited score board message of both chats, and to whoever asks."""

from __future__ import annotations

from bot.i18n import Text, joined
from bot.service.clubmatches.scores import board_scores, game_points, total
from bot.service.clubmatches.text import board_score, game_result, standings
from bot.service.kernel.events import ClubMatchUpdate, Event, standings_clock
from bot.service.kernel.kernel import Kernel
from storage import ClubMatchFacts, ClubMatchStore


async def board_names(kernel: Kernel, facts: ClubMatchFacts) -> dict[int, tuple[str, str]]:
    """Each board's players: side A's, side B's."""
    sides: dict[int, dict[str, str]] = {}
    for player in facts.players:
        if player.board is not None:
            name = await kernel.roster.name(player.player_id)
            sides.setdefault(player.board, {})[player.side] = name
    return {board: (names["a"], names["b"]) for board, names in sides.items()}


async def score_board(kernel: Kernel, facts: ClubMatchFacts) -> Text:
    names = await board_names(kernel, facts)
    lines = []
    for score in board_scores(facts):
        results = joined([game_result(g, game_points(g)) for g in score.games], ", ")
        lines.append(board_score(score, names, results))
    return standings(facts.match, lines, total(facts.games))


async def standings_update(kernel: Kernel, matches: ClubMatchStore, match_id: int) -> list[Event]:
    """The score board for each of the match's chats, to replace the one shown there."""
    read_at = standings_clock()
    facts = await matches.club_match_facts(match_id)
    board = await score_board(kernel, facts)
    return [
        ClubMatchUpdate(facts.match, chat, board, standings=True, read_at=read_at)
        for chat in facts.match.chats
    ]
