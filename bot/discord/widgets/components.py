"""Buttons, select menus and the move modal of the Discord boards, restart-proof.

Every component is a `DynamicItem`: its custom id carries all it needs (the game id and
version, or the challenge id), so a click on a message sent before a restart still works. The
ids (at most 100 characters):

    dmb:p:{game}:{version}:{part}   select of movable pieces (25 per menu, split in parts)
    dmb:s:{game}:{version}:{part}   select of one piece's destinations (values: move indexes)
    dmb:m:{game}:{version}:{index}  play the move `index` of `boards.move_choices`
    dmb:r:{game}:{version}          roll the die (Ludo)
    dmb:t:{game}:{version}          open the modal for a typed move
    dmb:tm:{game}:{version}         the modal itself (handled by the client's listener)
    dmb:y|n:{game}:{version}        accept or decline the draw offered
    dmb:o|q|k:{game}:{version}      offer a draw, resign (asks first), confirm resigning
    dmb:x|e:{game}:{version}        abort (asks first), confirm aborting
    dmb:w:{game}                    a rematch of a finished game
    dmb:a|d|b:{challenge}           accept, decline, begin a challenge
    dmb:tj|tl:{tournament}          join, leave a tournament (bot.discord.widgets.views)
    dmb:zp:{puzzle}:{step}:{part}   select of a puzzle's movable pieces (as dmb:p)
    dmb:z:{puzzle}:{step}:{part}    select of one piece's destinations in a puzzle (as dmb:s)
    dmb:zs:{puzzle}:{step}          show a puzzle's solution (under its picture after a miss)

The callbacks hand the click to the front end (a `ComponentHandler`), found on the client.
The components live in move_components.py (those that play a move) and action_buttons.py
(the answers: challenges, draws, resigning, rematches, tournaments).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

import discord

from bot.discord.widgets.action_buttons import (
    ActivityButton,
    ChallengeButton,
    DeskButton,
    DrawAnswerButton,
    GameActionButton,
    PuzzleSolutionButton,
    RematchButton,
    SimulButton,
    TournamentButton,
)
from bot.discord.widgets.component_base import PREFIX
from bot.discord.widgets.move_components import (
    DestinationSelect,
    MoveButton,
    PieceSelect,
    RollButton,
    TypeMoveButton,
)
from bot.service.kernel.ids import MAX_DIGITS

DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    PieceSelect,
    DestinationSelect,
    MoveButton,
    RollButton,
    TypeMoveButton,
    ChallengeButton,
    DrawAnswerButton,
    GameActionButton,
    RematchButton,
    TournamentButton,
    SimulButton,
    DeskButton,
    PuzzleSolutionButton,
    ActivityButton,
)


# A component id of this bot (of any version): `dmb:ACTION:NUMBER...`, where the number is a
# challenge for the actions a, d and b, a puzzle, a tournament or a simul for those below, and
# a game for the others (an older version's unknown action named its game).
STRAY_ID = re.compile(rf"^{PREFIX}:(?P<action>[a-z]+):(?P<number>\d{{1,{MAX_DIGITS}}})\b")
CHALLENGE_ACTIONS = frozenset("adb")
NEITHER_GAME_NOR_CHALLENGE = frozenset({"zp", "z", "zs", "tj", "tl", "sj", "sl", "sn"})


def is_known(custom_id: str, shown: Iterable[str]) -> bool:
    """Whether a click reaches a component handler: discord.py runs one only for an id its
    template matches and that the clicked message shows."""
    matches = any(
        item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in DYNAMIC_ITEMS
    )
    return matches and custom_id in shown


def stray_target(custom_id: str) -> tuple[int, bool] | None:
    """What an unknown component id names, if it can be read: (number, is a challenge)."""
    match = STRAY_ID.match(custom_id)
    if match is None or match["action"] in NEITHER_GAME_NOR_CHALLENGE:
        return None
    return int(match["number"]), match["action"] in CHALLENGE_ACTIONS
