"""Challenges: open one (or start a game against the computer), accept, join a table, begin,
decline or withdraw; and the start of every game."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from bot.i18n import Text, quote, text
from bot.service.kernel.capability import Capability, routed
from bot.service.kernel.events import Actor, ChallengeUpdate, Event, ServiceError
from bot.service.kernel.families import family_of, players_text
from bot.service.kernel.game_flow.clocks import split_time_control
from bot.service.kernel.game_flow.turns import events_state
from bot.service.kernel.kernel import Kernel
from bot.service.kernel.rated.rated_games import FACE_TO_FACE, rated_at_start, split_rated
from bot.service.kernel.words.levels import DEFAULT_LEVEL, LEVEL_OPTION
from games.base import GameKind, find_game
from storage import (
    Challenge,
    ChallengeFull,
    ChallengeNotOpen,
    ChallengeStore,
    ChatRef,
    GameStore,
    NotFound,
    Player,
    SeatRecord,
)

COMPUTER = "computer"


class Challenges(Capability):
    """Challenges, tables, and the start of games."""

    def __init__(self, kernel: Kernel, games: GameStore, challenges: ChallengeStore) -> None:
        super().__init__(kernel)
        self.games = games
        self.challenges = challenges

    @routed
    async def new_game(
        self,
        actor: Actor,
        chat: ChatRef | None,
        game_name: str,
        *,
        opponent: Actor | None = None,
        computer: bool = False,
        seat: int | None = None,
        players: int | None = None,
        option_words: Sequence[str] = (),
        level: str | None = None,
    ) -> list[Event]:
        """Start a game against the computer (at `level`, None: the default), or challenge
        `opponent` (None: anyone in the chat). `seat` is the challenger's seat (None: drawn at
        random; against the computer from a set position, the side to move)."""
        kind = self._kind(game_name)
        family = family_of(kind)
        time_control, words = split_time_control(option_words)
        asked_rated, words = split_rated(words)
        options = family.new_options(kind, players, words)
        if time_control is not None:
            options["time"] = time_control.to_options()
        challenger = await self.kernel.roster.player(actor)
        if opponent is not None and (opponent.platform, opponent.user_id) == (
            actor.platform,
            actor.user_id,
        ):
            raise ServiceError(text("You cannot challenge yourself."))
        if level is not None and not computer:
            raise ServiceError(text("Only the computer plays at a level: write vs computer."))
        if computer:
            options[LEVEL_OPTION] = level or DEFAULT_LEVEL
            seat_count = family.seat_count(options)
            own_seat = _computer_game_seat(kind, options, seat_count) if seat is None else seat
            seats = [
                SeatRecord(
                    index,
                    challenger.id if index == own_seat else None,
                    None if index == own_seat else COMPUTER,
                )
                for index in range(seat_count)
            ]
            await self.kernel.first_players.played(actor, chat)
            return await self._start_game(kind, options, seats, chat, None, False)
        if chat is None:
            raise ServiceError(text("Challenges are made in a chat."))
        opponent_id = (
            (await self.kernel.roster.player(opponent)).id if opponent is not None else None
        )
        if seat is not None:
            options = {**options, "challenger_seat": seat}
        challenge = await self.challenges.create_challenge(
            kind.key,
            options,
            challenger.id,
            chat,
            opponent_id=opponent_id,
            rated=asked_rated is not False,
        )
        await self.kernel.first_players.played(actor, chat)
        headline = _challenge_headline(actor, opponent, kind, family.seat_count(options))
        return [ChallengeUpdate(challenge, headline)]

    @routed
    async def rematch(self, actor: Actor, game_id: int | None, chat: ChatRef | None) -> list[Event]:
        """The same two-player game again with the colours swapped: against the computer it
        starts at once, against a person it is a challenge to them."""
        player = await self.kernel.roster.player(actor)
        state = await self.kernel.lookup.game_of(player, game_id, finished=True, chat=chat)
        kind = find_game(state.record.kind)
        family = family_of(kind)
        if state.active:
            raise ServiceError(text("Game #{game} is still on.", game=state.id))
        if family.seat_count(state.record.options) != 2:
            raise ServiceError(text("A rematch is for two-player games."))
        if state.tournament is not None:
            raise ServiceError(
                text(
                    "Game #{game} was played in tournament #{tournament}, which pairs the "
                    "next games itself.",
                    game=state.id,
                    tournament=state.tournament,
                )
            )
        mine = self.kernel.lookup.own_seats(state, player.id)[0]
        other = state.record.seats[1 - mine]
        options = {key: value for key, value in state.record.options.items() if key != "rated"}
        if other.player_id is None:
            seats = [
                SeatRecord(mine, None, other.computer or COMPUTER),
                SeatRecord(1 - mine, player.id, None),
            ]
            seats.sort(key=lambda seat: seat.seat)
            await self.kernel.first_players.played(actor, chat)
            return await self._start_game(kind, options, seats, chat, None, False)
        if chat is None:
            raise ServiceError(text("Challenges are made in a chat."))
        challenge = await self.challenges.create_challenge(
            kind.key,
            {**options, "challenger_seat": 1 - mine},
            player.id,
            chat,
            opponent_id=other.player_id,
            rated=state.record.rated,
        )
        await self.kernel.first_players.played(actor, chat)
        headline = text(
            "{challenger} offers {opponent} a rematch of game #{game}, colours swapped: "
            "{/accept} {id}.",
            challenger=actor.display_name,
            opponent=await self.kernel.roster.name(other.player_id),
            game=state.id,
            id=challenge.id,
        )
        return [ChallengeUpdate(challenge, headline)]

    def _kind(self, name: str) -> GameKind:
        try:
            return find_game(name)
        except KeyError:
            raise ServiceError(
                text(
                    "Unknown game {name}. Games: brazilian, international, italian, "
                    "italian-familiar, ludo.",
                    name=quote(name),
                )
            ) from None

    @routed
    async def accept(self, actor: Actor, challenge_id: int | None, chat: ChatRef) -> list[Event]:
        """Accept a challenge; at a table for more than two, take a place, and the game starts
        when the table is full."""
        player = await self.kernel.roster.player(actor)
        challenge = await self._challenge_for(player, challenge_id, chat)
        if challenge.challenger_id == player.id:
            raise ServiceError(text("You cannot accept your own challenge."))
        if challenge.opponent_id not in (None, player.id):
            raise ServiceError(text("This challenge is for someone else."))
        family = family_of(find_game(challenge.kind))
        seat_count = family.seat_count(challenge.options)
        if seat_count == 2:
            return await self._start_challenge(challenge, [player.id])
        try:
            joined = await self.challenges.join_challenge(challenge.id, player.id, seat_count - 1)
        except ChallengeFull:
            raise ServiceError(text("This table is full.")) from None
        except ChallengeNotOpen:
            raise ServiceError(text("This challenge is no longer open.")) from None
        if len(joined.entrants) == seat_count - 1:
            return await self._start_challenge(joined, list(joined.entrants))
        return [
            ChallengeUpdate(
                joined,
                text(
                    "{name} joins ({count} of {seats}). The host can start now with {/begin}: "
                    "the computer takes the free seats.",
                    name=actor.display_name,
                    count=len(joined.entrants) + 1,
                    seats=seat_count,
                ),
            )
        ]

    @routed
    async def begin(self, actor: Actor, challenge_id: int | None, chat: ChatRef) -> list[Event]:
        """The host starts an open table now: the computer takes the free seats."""
        player = await self.kernel.roster.player(actor)
        challenge = await self._challenge_for(player, challenge_id, chat)
        if challenge.challenger_id != player.id:
            raise ServiceError(text("Only the player who opened the table can start it."))
        return await self._start_challenge(challenge, list(challenge.entrants))

    async def _start_challenge(self, challenge: Challenge, guests: list[int]) -> list[Event]:
        """The game of a challenge: the host at the seat they chose (else drawn), the guests in
        the order they came, the computer in the free seats."""
        kind = find_game(challenge.kind)
        family = family_of(kind)
        options = dict(challenge.options)
        host_seat = options.pop("challenger_seat", None)
        seat_count = family.seat_count(options)
        if host_seat is None:
            host_seat = secrets.randbelow(seat_count)
        others = iter(guests)
        seats = []
        for index in range(seat_count):
            if index == host_seat:
                seats.append(SeatRecord(index, challenge.challenger_id))
            else:
                guest = next(others, None)
                seats.append(SeatRecord(index, guest, None if guest else COMPUTER))
        return await self._start_game(
            kind, options, seats, challenge.chat, challenge.id, challenge.rated
        )

    @routed
    async def decline(self, actor: Actor, challenge_id: int | None, chat: ChatRef) -> list[Event]:
        player = await self.kernel.roster.player(actor)
        challenge = await self._challenge_for(player, challenge_id, chat)
        status: Literal["declined", "cancelled"]
        if challenge.challenger_id == player.id:
            status = "cancelled"
            message = text("{name} withdrew the challenge.", name=actor.display_name)
        elif challenge.opponent_id == player.id:
            status = "declined"
            message = text("{name} declined the challenge.", name=actor.display_name)
        else:
            raise ServiceError(text("Only the challenged player can decline this challenge."))
        try:
            closed = await self.challenges.resolve_challenge(challenge.id, status)
        except ChallengeNotOpen:
            raise ServiceError(text("This challenge is no longer open.")) from None
        return [ChallengeUpdate(closed, message)]

    async def _challenge_for(
        self, player: Player, challenge_id: int | None, chat: ChatRef
    ) -> Challenge:
        if challenge_id is not None:
            unknown = ServiceError(text("There is no challenge {id}.", id=challenge_id))
            try:
                challenge = await self.challenges.get_challenge(challenge_id)
            except NotFound:
                raise unknown from None
            if not _seen_by(challenge, player, chat):
                raise unknown
            if challenge.status != "open":
                raise ServiceError(text("This challenge is no longer open."))
            return challenge
        candidates = [
            challenge
            for challenge in await self.challenges.open_challenges(chat)
            if player.id in (challenge.challenger_id, challenge.opponent_id)
            or challenge.opponent_id is None
        ]
        if not candidates:
            raise ServiceError(text("There is no open challenge here."))
        return candidates[-1]

    async def _start_game(
        self,
        kind: GameKind,
        options: dict[str, Any],
        seats: list[SeatRecord],
        chat: ChatRef | None,
        challenge_id: int | None,
        asked_rated: bool,
    ) -> list[Event]:
        if chat in self.kernel.one_keyboard:
            options = {**options, FACE_TO_FACE: True}
        options, snapshot, clock = self.kernel.changes.opening(kind, options)
        try:
            record = await self.games.create_game(
                kind.key,
                options,
                seats,
                snapshot,
                chat,
                from_challenge=challenge_id,
                clock=clock,
                rated=rated_at_start(seats, options, asked_rated),
            )
        except ChallengeNotOpen:
            raise ServiceError(text("This challenge is no longer open.")) from None
        events = await self.kernel.changes.game_started(record)
        if challenge_id is not None:
            challenge = await self.challenges.get_challenge(challenge_id)
            state = events_state(events)
            assert state is not None
            accepted = text(
                "Challenge accepted: {players} play {title}, game #{game}.",
                players=players_text(state),
                title=family_of(kind).title(kind),
                game=record.id,
            )
            events.insert(0, ChallengeUpdate(challenge, accepted))
        return events


def _challenge_headline(
    actor: Actor, opponent: Actor | None, kind: GameKind, seat_count: int
) -> Text:
    """The line that opens a challenge: to someone, a table for more than two, or to anyone."""
    game = family_of(kind).title(kind)
    if opponent is not None:
        return text(
            "{challenger} challenges {opponent} to {game}.",
            challenger=actor.display_name,
            opponent=opponent.display_name,
            game=game,
        )
    if seat_count > 2:
        return text(
            "{challenger} opens a table of {game} for {seats}: {/accept} to join.",
            challenger=actor.display_name,
            game=game,
            seats=seat_count,
        )
    return text(
        "{challenger} is looking for an opponent for {game}.",
        challenger=actor.display_name,
        game=game,
    )


def _seen_by(challenge: Challenge, player: Player, chat: ChatRef) -> bool:
    """Whether `player` may see and answer the challenge from `chat`: where it lives, or
    anywhere as one of its players (the challenger, the challenged, who joined its table).
    Elsewhere it is answered as an id no challenge has: ids are sequential, and any other
    answer would let a stranger join a game in a chat he is not in."""
    parties = (challenge.challenger_id, challenge.opponent_id, *challenge.entrants)
    return challenge.chat == chat or player.id in parties


def _computer_game_seat(kind: GameKind, options: Mapping[str, Any], seat_count: int) -> int:
    """The person's seat against the computer when he chose none: in a game from a set
    position (fen=), the side to move (the position is his to play); else, a ballot's game
    too, drawn."""
    if "fen" in options and "ballot" not in options:
        return kind.start(family_of(kind).rules_options(options)).to_move()
    return secrets.randbelow(seat_count)
