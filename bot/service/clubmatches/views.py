"""What everyone reads of a club match: its sides while they sign, its score board, every
game in one PDN file, the boards and games as CSV."""

from __future__ import annotations

import csv
import io

from bot.i18n import joined, language_of, text, translate
from bot.service.clubmatches.lookup import EVERY, pick
from bot.service.clubmatches.scores import game_points
from bot.service.clubmatches.standings import board_names, score_board
from bot.service.clubmatches.text import points_text
from bot.service.kernel.capability import Capability, routed
from bot.service.kernel.events import Actor, Event, FileReady, Reply, ServiceError
from bot.service.kernel.families import family_of, game_title
from bot.service.kernel.kernel import Kernel
from bot.service.kernel.words.file_names import file_name
from games.base import find_game
from storage import ChatRef, ClubMatchStore


class ClubMatchViews(Capability):
    """A club match shown, and its games as files."""

    def __init__(self, kernel: Kernel, matches: ClubMatchStore) -> None:
        super().__init__(kernel)
        self.matches = matches

    @routed
    async def show(
        self, actor: Actor, chat: ChatRef | None, match_id: int | None = None
    ) -> list[Event]:
        """The sides while they sign; the score board from the start on."""
        record = await pick(self.kernel, self.matches, actor, chat, match_id, EVERY)
        facts = await self.matches.club_match_facts(record.id)
        if record.status != "registering" and facts.games:
            return [Reply(await score_board(self.kernel, facts))]
        sides = []
        for side in ("a", "b"):
            names = [
                await self.kernel.roster.name(p.player_id) for p in facts.players if p.side == side
            ]
            sides.append(
                text(
                    "side {side} ({count} of {boards}): {names}",
                    side=side.upper(),
                    count=len(names),
                    boards=record.boards,
                    names=joined(names, ", ") if names else text("nobody yet"),
                )
            )
        return [
            Reply(
                text(
                    "Club match #{id}, {game}: {sides}.",
                    id=record.id,
                    game=game_title(record.kind),
                    sides=joined(sides, "; "),
                )
            )
        ]

    @routed
    async def export_pdn(
        self, actor: Actor, chat: ChatRef | None, match_id: int | None = None
    ) -> list[Event]:
        """Every game in one PDN file, each tagged with the match (Event) and its board and
        game (Round "2.1"), the names in the reader's language."""
        record = await pick(self.kernel, self.matches, actor, chat, match_id, EVERY)
        facts = await self.matches.club_match_facts(record.id)
        language = await self._language(actor)
        event = text("Club match #{id}: {game}", id=record.id, game=game_title(record.kind))
        parts = []
        for game in facts.games:
            state = await self.kernel.state(game.game_id)
            tags = {"Event": translate(language, event), "Round": f"{game.board}.{game.leg}"}
            content = family_of(find_game(state.record.kind)).pdn(state, state.log, language, tags)
            if content is not None:
                parts.append(content.strip() + "\n")
        if not parts:
            raise ServiceError(text("Club match #{id} has not started.", id=record.id))
        return [
            FileReady(
                file_name("clubmatch", record.id, "pdn", language),
                "\n".join(parts).encode(),
                text("Every game of club match #{id} in PDN.", id=record.id),
            )
        ]

    @routed
    async def export_csv(
        self, actor: Actor, chat: ChatRef | None, match_id: int | None = None
    ) -> list[Event]:
        """A row a game: board, game, the players of side A and B, side A's colour, each
        side's points (empty while it is played, or aborted)."""
        record = await pick(self.kernel, self.matches, actor, chat, match_id, EVERY)
        facts = await self.matches.club_match_facts(record.id)
        if not facts.games:
            raise ServiceError(text("Club match #{id} has not started.", id=record.id))
        language = await self._language(actor)
        names = await board_names(self.kernel, facts)
        heads = [
            text("board"),
            text("game"),
            text("side A"),
            text("side B"),
            text("side A's colour"),
            text("side A's points"),
            text("side B's points"),
        ]
        colours = (text("White"), text("Black"))
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow([translate(language, head) for head in heads])
        for game in facts.games:
            points = game_points(game)
            shown = ("", "") if points is None else tuple(map(points_text, points))
            writer.writerow(
                [
                    game.board,
                    game.leg,
                    *names[game.board],
                    translate(language, colours[game.a_seat]),
                    *shown,
                ]
            )
        return [
            FileReady(
                file_name("clubmatch", record.id, "csv", language),
                out.getvalue().encode(),
                text("The games of club match #{id} as CSV.", id=record.id),
            )
        ]

    async def _language(self, actor: Actor) -> str | None:
        player = await self.kernel.roster.player(actor)
        return player.language or language_of(actor.language)
