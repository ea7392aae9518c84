"""The life of a club match: opened by its organiser, side B's chat that joins by the code,
players who sign for a side, the start that orders each side by rating and creates every
board's two games at once, the organiser's settling of a game, each game's result, the end.

Nothing is kept in memory: each step reads the stored facts and writes what it decides in one
transaction that happens once (storage's `start_club_match` moves the match to running and
creates its games together; `finish_club_match` ends it once). A game's end reaches
`game_over` through the kernel's finish listeners; `resume` after a restart ends a match whose
last game ended while nobody was listening.
"""

from __future__ import annotations

import secrets
from typing import Any

from bot.i18n import Text, text
from bot.service.clubmatches.lookup import EVERY, pick, require_organiser, side_of
from bot.service.clubmatches.scores import (
    all_played,
    first_white_is_a,
    game_points,
    total,
)
from bot.service.clubmatches.standings import standings_update
from bot.service.clubmatches.text import (
    board_line,
    game_headline,
    opened,
    refusal,
    result_notice,
    started,
    summary,
)
from bot.service.kernel.capability import Capability, routed
from bot.service.kernel.events import (
    CLUB_MATCH_OPTION,
    Actor,
    ClubMatchUpdate,
    Event,
    GameState,
    ServiceError,
)
from bot.service.kernel.families import family_of, game_title
from bot.service.kernel.game_flow.clocks import split_time_control
from bot.service.kernel.kernel import Kernel
from bot.service.kernel.rated.rated_games import pool_of
from bot.service.kernel.rated.seat_ratings import pool_rating
from games.base import GameKind, find_game
from games.chance import commitment, new_seed
from storage import (
    ChatRef,
    ClubMatchFacts,
    ClubMatchRecord,
    ClubMatchRefused,
    ClubMatchStore,
    NewClubMatchGame,
    RatingStore,
    SeatRecord,
    Side,
)

# The most boards a side fields: the score board stays one message, even on Discord (2,000
# characters) with the longest names.
MOST_BOARDS = 12
# The letters of a join code: none that reads as another (I and 1, O and 0).
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"
CODE_LENGTH = 6
# The organiser's verdicts on a game, as `settle` takes them.
VERDICTS = ("a", "b", "draw")


def news(record: ClubMatchRecord, said: Text) -> list[Event]:
    """The same news in each of the match's chats."""
    return [ClubMatchUpdate(record, chat, said) for chat in record.chats]


class ClubMatches(Capability):
    """Club matches from their opening to their end, over the kernel."""

    def __init__(self, kernel: Kernel, matches: ClubMatchStore, ratings: RatingStore) -> None:
        super().__init__(kernel)
        self.matches = matches
        self.ratings = ratings

    @routed
    async def create(
        self, actor: Actor, chat: ChatRef, game_name: str, boards: int, time: str | None = None
    ) -> list[Event]:
        """Open a match of `game_name` in `chat` (side A's) for `boards` players a side;
        `time` a clock as /new takes it ("10m", "3d")."""
        kind = _draughts(game_name)
        if not 1 <= boards <= MOST_BOARDS:
            raise ServiceError(text("A club match has 1 to {most} boards.", most=MOST_BOARDS))
        control, rest = split_time_control(time.split() if time else [])
        if rest:
            raise ServiceError(
                text("A club match's clock is written as {/new} writes it: 10m, 3d.")
            )
        game = family_of(kind).new_options(kind, None, [])
        if control is not None:
            game["time"] = control.to_options()
        seed = new_seed()
        options: dict[str, Any] = {"game": game, "seed": seed.hex(), "commitment": commitment(seed)}
        player = await self.kernel.roster.player(actor)
        record = await self._create(chat, player.id, kind, boards, options)
        await self.kernel.first_players.played(actor, chat)
        return news(record, opened(record, actor.display_name, game_title(kind.key)))

    async def _create(
        self, chat: ChatRef, organiser: int, kind: GameKind, boards: int, options: dict[str, Any]
    ) -> ClubMatchRecord:
        """The match stored with a fresh join code (another match's code is drawn again)."""
        while True:
            code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
            try:
                return await self.matches.create_club_match(
                    chat, organiser, kind.key, boards, code, dict(options)
                )
            except ValueError:
                continue

    @routed
    async def join(self, actor: Actor, chat: ChatRef, code: str) -> list[Event]:
        """Make `chat` side B's chat of the match whose code is `code`."""
        try:
            record = await self.matches.join_club_match(code.strip().upper(), chat)
        except ClubMatchRefused as refused:
            match = await self._coded(code)
            raise ServiceError(refusal(refused.why, match)) from None
        await self.kernel.first_players.played(actor, chat)
        said = text(
            "A second club joins club match #{id} as side B (joined by {name}): its players "
            "sign in its chat with {/clubmatch sign}.",
            id=record.id,
            name=actor.display_name,
        )
        return news(record, said)

    async def _coded(self, code: str) -> int | None:
        wanted = code.strip().upper()
        every = await self.matches.club_matches(EVERY)
        return next((record.id for record in every if record.code == wanted), None)

    @routed
    async def sign(
        self,
        actor: Actor,
        chat: ChatRef | None,
        side: str | None = None,
        match_id: int | None = None,
    ) -> list[Event]:
        """Sign for a side: the chat's side, or in one chat the side named ("a", "b")."""
        record = await pick(self.kernel, self.matches, actor, chat, match_id, ("registering",))
        chosen = side_of(record, chat, side)
        player = await self.kernel.roster.player(actor)
        try:
            count = await self.matches.sign_club_match(record.id, player.id, chosen)
        except ClubMatchRefused as refused:
            raise ServiceError(refusal(refused.why, record.id)) from None
        said = text(
            "{name} signs for side {side} of club match #{id} ({count} of {boards}).",
            name=actor.display_name,
            side=chosen.upper(),
            id=record.id,
            count=count,
            boards=record.boards,
        )
        return news(record, said)

    @routed
    async def leave(
        self, actor: Actor, chat: ChatRef | None, match_id: int | None = None
    ) -> list[Event]:
        record = await pick(self.kernel, self.matches, actor, chat, match_id, ("registering",))
        player = await self.kernel.roster.player(actor)
        try:
            await self.matches.leave_club_match(record.id, player.id)
        except ClubMatchRefused as refused:
            raise ServiceError(refusal(refused.why, record.id)) from None
        said = text("{name} leaves club match #{id}.", name=actor.display_name, id=record.id)
        return news(record, said)

    @routed
    async def start(
        self, actor: Actor, chat: ChatRef | None, match_id: int | None = None
    ) -> list[Event]:
        """The organiser starts: each side ordered by rating (board 1 its highest rated),
        each board's coin tossed, both games of every board created in one transaction."""
        record = await pick(self.kernel, self.matches, actor, chat, match_id, ("registering",))
        await require_organiser(self.kernel, actor, record)
        facts = await self.matches.club_match_facts(record.id)
        kind = find_game(record.kind)
        pool = pool_of(kind.key, record.options.get("game", {}))
        sides: dict[Side, list[int]] = {}
        for side in ("a", "b"):
            signed = [p.player_id for p in facts.players if p.side == side]
            if len(signed) != record.boards:
                raise ServiceError(
                    text(
                        "Side {side} of club match #{id} has {count} of {boards} players.",
                        side=side.upper(),
                        id=record.id,
                        count=len(signed),
                        boards=record.boards,
                    )
                )
            ratings = {p: (await pool_rating(self.ratings, p, pool)).value for p in signed}
            # Highest first; equal ratings in the order of signing (sorted is stable).
            sides[side] = sorted(signed, key=lambda p: -ratings[p])
        seed = bytes.fromhex(record.options["seed"])
        games: list[NewClubMatchGame] = []
        lines = []
        for board, (a, b) in enumerate(zip(sides["a"], sides["b"], strict=True), 1):
            a_white = first_white_is_a(seed, board)
            lines.append(board_line(board, await self._name(a), await self._name(b), a_white))
            for leg in (1, 2):
                a_seat = 0 if a_white == (leg == 1) else 1
                games.append(self._game(record, kind, board, leg, a_seat, a, b))
        try:
            start = await self.matches.start_club_match(record.id, sides, games)
        except ClubMatchRefused as refused:
            raise ServiceError(refusal(refused.why, record.id)) from None
        events = news(start.match, started(start.match, lines))
        for new, game in start.games:
            white, black = [await self._name(seat.player_id) for seat in game.seats]
            headline = game_headline(start.match, new.board, new.leg, game.id, white, black)
            events.extend(await self.kernel.changes.game_started(game, headline))
        return [*events, *await standings_update(self.kernel, self.matches, record.id)]

    async def _facts(self, match_id: int) -> ClubMatchFacts:
        return await self.matches.club_match_facts(match_id)

    async def _name(self, player_id: int | None) -> str:
        assert player_id is not None  # every seat of a match's game has its player
        return await self.kernel.roster.name(player_id)

    def _game(
        self,
        record: ClubMatchRecord,
        kind: GameKind,
        board: int,
        leg: int,
        a_seat: int,
        a: int,
        b: int,
    ) -> NewClubMatchGame:
        """A board's game: the first in side A's chat, the second in side B's (its own
        chat's, when both sides sign in one)."""
        chosen = {**record.options.get("game", {}), CLUB_MATCH_OPTION: record.id}
        options, snapshot, clock = self.kernel.changes.opening(kind, chosen)
        seats = sorted(
            (SeatRecord(a_seat, a), SeatRecord(1 - a_seat, b)), key=lambda seat: seat.seat
        )
        chat = record.chats[-1] if leg == 2 else record.chat
        return NewClubMatchGame(
            board, leg, a_seat, chat, kind.key, options, tuple(seats), snapshot, clock
        )

    @routed
    async def settle(
        self,
        actor: Actor,
        chat: ChatRef | None,
        board: int,
        leg: int,
        verdict: str,
        match_id: int | None = None,
    ) -> list[Event]:
        """The organiser decides a game being played: side A wins, side B wins, or a draw."""
        record = await pick(self.kernel, self.matches, actor, chat, match_id, ("running",))
        await require_organiser(self.kernel, actor, record)
        if verdict not in VERDICTS:
            raise ServiceError(text("The organiser settles a game for a, b or draw."))
        facts = await self._facts(record.id)
        game = next((g for g in facts.games if (g.board, g.leg) == (board, leg)), None)
        if game is None:
            raise ServiceError(
                text(
                    "Club match #{id} has no game {leg} on board {board}.",
                    id=record.id,
                    leg=leg,
                    board=board,
                )
            )
        winners = {"a": [game.a_seat], "b": [1 - game.a_seat], "draw": []}[verdict]
        async with self.kernel.lookup.lock(game.game_id):
            state = await self.kernel.state(game.game_id)
            if not state.active:
                raise ServiceError(text("Game #{game} is over already.", game=game.game_id))
            return await self.kernel.changes.finish(
                state, {"winners": winners, "reason": "settled"}
            )

    @routed
    async def cancel(
        self, actor: Actor, chat: ChatRef | None, match_id: int | None = None
    ) -> list[Event]:
        """The organiser calls the match off: the games still played are aborted."""
        record = await pick(self.kernel, self.matches, actor, chat, match_id)
        await require_organiser(self.kernel, actor, record)
        cancelled = await self.matches.cancel_club_match(record.id)
        if cancelled is None:
            raise ServiceError(text("Club match #{id} is over already.", id=record.id))
        events = news(cancelled, text("Club match #{id} is cancelled.", id=record.id))
        for game in (await self._facts(record.id)).games:
            if game.status == "active":
                events.extend(await self.kernel.call_off(game.game_id))
        return events

    # -- the end of games and of the match ----------------------------------------------------

    async def game_over(self, state: GameState) -> list[Event]:
        """A game ended: its result and the score board in both chats, the end after the
        last game."""
        if state.club_match is None:
            return []
        facts = await self._facts(state.club_match)
        game = next((g for g in facts.games if g.game_id == state.id), None)
        if game is None or facts.match.status != "running":
            return []
        notice = result_notice(facts.match, game, game_points(game), total(facts.games))
        return [
            *news(facts.match, notice),
            *await standings_update(self.kernel, self.matches, facts.match.id),
            *await self._finish(facts),
        ]

    async def _finish(self, facts: ClubMatchFacts) -> list[Event]:
        """The end, once, when every game has ended: the verdict and the seed."""
        if not all_played(facts):
            return []
        done = await self.matches.finish_club_match(facts.match.id)
        if done is None:
            return []
        said = summary(done, total(facts.games), done.options.get("seed", ""))
        return [
            *news(done, said),
            *await standings_update(self.kernel, self.matches, done.id),
        ]

    async def resume(self) -> list[Event]:
        """After a start: end every running match whose last game ended while the service
        was down (its end, once)."""
        events: list[Event] = []
        for record in await self.matches.club_matches(("running",)):
            events.extend(await self._finish(await self._facts(record.id)))
        await self.kernel.bus.publish(events)
        return events


def _draughts(name: str) -> GameKind:
    """The game of a club match: a draughts game of two."""
    try:
        kind = find_game(name)
    except KeyError:
        kind = None
    if kind is None or not family_of(kind).in_tournaments():
        raise ServiceError(
            text(
                "A club match is played at draughts: brazilian, international, italian or "
                "italian-familiar."
            )
        )
    return kind
