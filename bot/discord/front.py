"""The Discord front end's work: interactions to service calls, events to Discord messages.

Every interaction is acknowledged first (a private "thinking" answer), then the service is
called, then the private part of the result (replies, files, refusals) replaces that answer
and the public part goes to the channel: boards (a PNG in an embed with the caption, whose
turn, the last move, and the components to play) and challenges (accept/decline buttons).

A move is stored by the service before any message is sent, so a failing message loses
nothing: a board that cannot be posted in its channel (missing permission) goes out as a
public follow-up of the interaction; without an interaction it waits and is sent again with
the next activity in that channel. A deleted old board is simply replaced. Rate limits are
waited out by discord.py (it retries after `retry_after`).

The parts, each a class the next one extends: front_base.py (the shared state, posting a
text), notices.py (messages for one player), showing.py (events: boards, challenges,
tournament news), interactions.py (one interaction from acknowledgement to answer; what the
slash commands ask), presses.py (the components pressed). The slash commands are in slash.py,
ratings.py and tournaments.py.
"""

from __future__ import annotations

from collections import deque

import discord

from bot.discord.posting.board_posts import BoardPoster
from bot.discord.posting.tournament_threads import TournamentThreads
from bot.discord.widgets.presses import ComponentPresses
from bot.service.core import GameService

# Enough private answers for the quick second clicks of every game at once.
TAKEN_AWAY_KEPT = 1000


class DiscordFront(ComponentPresses):
    """The Discord front end over one service and one connected client."""

    def __init__(self, client: discord.Client, service: GameService) -> None:
        self.client = client
        self.service = service
        self._channel_languages = {}
        self._challenge_messages = {}
        self._tournament_messages = {}
        self._answering = set()
        self._taken_away = deque(maxlen=TAKEN_AWAY_KEPT)
        self.poster = BoardPoster(client, service, self._channel_languages)
        self.threads = TournamentThreads(client, service, self._channel_languages)
