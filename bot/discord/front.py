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

The parts, each an object built here with the others it needs (no part extends another):
posting/channels.py (the channels' languages, posting a text), posting/board_posts.py (the
boards), posting/showing.py (events: boards, challenges, tournament news; it owns the notices
for players, posting/notices.py, and the tournament threads), interactions.py (one
interaction from acknowledgement to answer; what the slash commands ask), widgets/presses.py
(the components pressed). The slash commands are built from the command table in
commands/slash.py.
"""

from __future__ import annotations

import discord

from bot.discord.interactions import Interactions
from bot.discord.posting.board_posts import BoardPoster
from bot.discord.posting.channels import Channels
from bot.discord.posting.showing import EventShowing
from bot.discord.widgets.presses import ComponentPresses
from bot.service.game_service import GameService
from bot.settings import WebSettings


class DiscordFront:
    """The Discord front end over one service and one connected client: its parts."""

    def __init__(
        self, client: discord.Client, service: GameService, web: WebSettings | None = None
    ) -> None:
        self.service = service
        self.channels = Channels(client, service)
        activity = web is not None and web.discord_client is not None
        self.poster = BoardPoster(client, service, self.channels.language, activity)
        self.showing = EventShowing(client, service, self.poster, self.channels)
        self.interactions = Interactions(service, self.poster, self.channels, self.showing, web)
        self.presses = ComponentPresses(service, self.interactions)
