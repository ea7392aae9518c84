"""The board's API, one for every surface a person plays on (the Telegram Mini App, the game
page, the Discord Activity): each surface names its reader its own way (Telegram's initData,
a session's cookie with its CSRF token, an Activity's session) and then every request passes
the same checks here: a per-person rate, each action's nonce used once, the game version the
page shows (a stale page is refused), and the chat's own calls (service.play.move, roll,
results.draw, resign), which refuse a move out of turn or not legal. The events go to the
chats (the board in the group) as the computer's do; the page follows the game's event
stream."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from bot.i18n import Text, text, translate
from bot.service import boards
from bot.service.game_service import GameService
from bot.service.kernel.events import (
    Actor,
    BoardChanged,
    Event,
    FileReady,
    GameState,
    Reply,
    ServiceError,
)
from bot.service.kernel.game_flow.lookup import board_changed
from bot.service.kernel.game_flow.turns import player_seats, seat_to_act
from bot.settings import WebSettings
from bot.web.access import number_in
from bot.web.game_view import game_view
from bot.web.guards import TOO_MANY, Nonces, RateLimit
from bot.web.language import reader_language
from bot.web.links import game_link
from bot.web.signing import game_subject, signed
from storage import ChatRef

# The reason of a request that is no page's of this bot: not JSON, fields of the wrong kind.
MALFORMED = text("This request is not one the board sends. Open the board again from the bot.")
ROUTES = text(
    "More than one capture ends on this square: tap one to see the pieces it takes, "
    "tap it again to play it."
)
DRAW_ANSWERS = ("offer", "accept", "decline")


class Answer(Exception):
    """A refusal as the API answers it: a status and the reason in the reader's language."""

    def __init__(self, status: int, reason: Text, state: GameState | None = None) -> None:
        super().__init__(reason.message)
        self.status = status
        self.reason = reason
        self.state = state


@dataclass(frozen=True)
class Reader:
    """Who sends a surface's request: the person, and the game the surface was opened on
    ("N-TOKEN": a game and its signed link) when the surface says so itself."""

    actor: Actor
    start: str | None = None


# How a surface names the reader of a request (its body read already), or refuses it.
Identify = Callable[[web.Request, dict[str, Any]], Awaitable[Reader]]


async def json_body(request: web.Request, malformed: Text = MALFORMED) -> dict[str, Any]:
    """A request's JSON object, or the refusal of anything else."""
    try:
        body = await request.json()
    except (
        ValueError,
        LookupError,
        RecursionError,
        ConnectionResetError,
        web.RequestPayloadError,
    ) as error:
        # Not JSON, not text in the charset it names, nested past what Python reads, or
        # broken off by its sender.
        raise Answer(400, malformed) from error
    if not isinstance(body, dict):
        raise Answer(400, malformed)
    return body


class BoardApi:
    """The API of one surface under `prefix` ("/app/api"): state, move, roll, draw, resign."""

    def __init__(
        self,
        service: GameService,
        settings: WebSettings,
        prefix: str,
        identify: Identify,
        malformed: Text = MALFORMED,
    ) -> None:
        self.service = service
        self.settings = settings
        self.prefix = prefix
        self.identify = identify
        self.malformed = malformed
        clock = service.kernel.clock
        self.rate = RateLimit(clock)
        self.nonces = Nonces(clock)

    def routes(self) -> list[web.RouteDef]:
        return [
            web.post(f"{self.prefix}/{action}", self._handler(action))
            for action in ("state", "move", "roll", "draw", "resign")
        ]

    def _handler(self, action: str) -> Callable[[web.Request], Awaitable[web.Response]]:
        async def handle(request: web.Request) -> web.Response:
            return await self._answer(request, action)

        return handle

    async def _answer(self, request: web.Request, action: str) -> web.Response:
        language = reader_language(request)
        try:
            body = await json_body(request, self.malformed)
            reader = await self.identify(request, body)
            actor = reader.actor
            language = await self.service.identities.language(actor) or language
            if not self.rate.allows(f"{actor.platform}:{actor.user_id}"):
                raise Answer(429, TOO_MANY)
            state = await self._game(reader, body)
            said: list[Text] = []
            if action != "state":
                said, state = await self._act(action, actor, state, body)
            return web.json_response(self._shown(state, actor, language, said))
        except Answer as answer:
            shown: dict[str, Any] = {"refused": translate(language, answer.reason)}
            if answer.state is not None:
                shown |= self._shown(answer.state, None, language, [])
            return web.json_response(shown, status=answer.status)

    async def _game(self, reader: Reader, body: dict[str, Any]) -> GameState:
        """The game of the page: through its signed link ("N-TOKEN", from the surface or the
        page), else one the reader may see as himself (his own games, the boards shown in
        his private chat with the bot)."""
        start = str(body.get("start") or reader.start or "")
        number, _, token = start.partition("-")
        if not number:
            number = str(body.get("game") or "")
        game_id = number_in(number)
        if game_id is None:
            raise Answer(404, text("Open a game from the bot: its board has the button."))
        try:
            if signed(self.settings.secret, game_subject(game_id), token or None):
                return await self.service.kernel.current(game_id)
            private = ChatRef(reader.actor.platform, reader.actor.user_id)
            return await self.service.records.visible_state(reader.actor, game_id, private)
        except ServiceError as error:
            raise Answer(404, error.reason) from error

    async def _act(
        self, action: str, actor: Actor, state: GameState, body: dict[str, Any]
    ) -> tuple[list[Text], GameState]:
        key = f"{actor.platform}:{actor.user_id}"
        nonce = body.get("nonce")
        if not isinstance(nonce, str) or not 8 <= len(nonce) <= 64:
            raise Answer(400, self.malformed)
        if not self.nonces.first_use(key, nonce):
            raise Answer(409, text("This request was sent already; nothing was changed."))
        version = body.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            raise Answer(400, self.malformed)
        try:
            events = await self._call(action, actor, state, version, body)
        except BoardChanged as changed:
            raise Answer(409, changed.reason, changed.state) from changed
        except ServiceError as error:
            raise Answer(409, error.reason, state) from error
        await self._show_in_chats(events)
        said = [event.text for event in events if isinstance(event, Reply)]
        return said, await self.service.kernel.current(state.id)

    async def _call(
        self, action: str, actor: Actor, state: GameState, version: int, body: dict[str, Any]
    ) -> list[Event]:
        """The chat's own call for an action, on the board of `version` only."""
        if action == "move":
            notation = str(body.get("move", ""))[:200]
            return await self.service.play.move(actor, notation, state.id, version)
        if action == "roll":
            return await self.service.play.roll(actor, state.id, version)
        if action == "draw":
            answer = body.get("answer")
            if answer not in DRAW_ANSWERS:
                raise Answer(400, self.malformed)
            chosen = None if answer == "offer" else str(answer)
            return await self.service.results.draw(actor, chosen, state.id, version)
        # Resigning ends the game for good: the page asks first, and says it did.
        if body.get("confirm") is not True:
            raise Answer(400, self.malformed)
        if version != state.version:
            raise board_changed(state)
        return await self.service.results.resign(actor, state.id)

    async def _show_in_chats(self, events: list[Event]) -> None:
        """The events the chat would have shown (the board in its chat, the turn notices) go
        to the front ends; what answers the person who acted is the page's."""
        await self.service.kernel.bus.publish(
            [event for event in events if not isinstance(event, Reply | FileReady)]
        )

    def _shown(
        self, state: GameState, actor: Actor | None, language: str, said: list[Text]
    ) -> dict[str, Any]:
        seats: tuple[int, ...] = ()
        if actor is not None:
            player = self.service.kernel.roster.known_player_id(actor)
            seats = tuple(player_seats(state, player)) if player is not None else ()
        acting = boards.waits_for_a_person(state) and seat_to_act(state) in seats
        offered = boards.move_choices(state) if acting else []
        choices = [
            {
                "notation": choice.notation,
                "piece": choice.piece,
                "target": choice.target,
                "label": translate(language, choice.label) if choice.label else None,
                "captured": list(choice.captured),
                "via": list(choice.via),
                "takes": _takes(choice, language),
            }
            for choice in offered
        ]
        playing = bool(seats) and state.active
        return {
            "view": game_view(state, language, seats),
            "choices": choices,
            "roll": acting and not choices and state.active,
            # What the player may do besides moving: a draw (two-player games), resign.
            "draw": _draw_state(state, seats) if playing and len(state.record.seats) == 2 else None,
            "resign": playing,
            "routes": translate(language, ROUTES) if _shared_ends(offered) else None,
            "said": "\n".join(translate(language, line) for line in said),
            # The game's event stream, on this server whatever its public address.
            "live": game_link(self.settings, state.id, language)
            .removeprefix(self.settings.url)
            .replace("?", "/events?", 1),
        }


def _draw_state(state: GameState, seats: tuple[int, ...]) -> str:
    """The draw buttons a player gets: "offer", or "answer" an offer made to him, or
    "withdraw" his own."""
    offer = state.record.draw_offer
    if offer is None:
        return "offer"
    return "withdraw" if offer in seats else "answer"


def _takes(choice: boards.MoveChoice, language: str) -> str | None:
    """What a capture takes, in the reader's words, for the buttons that tell apart two
    captures ending on one square."""
    if not choice.captured:
        return None
    return translate(language, text("takes {squares}", squares=", ".join(choice.captured)))


def _shared_ends(choices: list[boards.MoveChoice]) -> bool:
    """Whether two moves of one piece end on one square: the page then offers them as
    buttons, and says how."""
    return len({(choice.piece, choice.target) for choice in choices}) < len(choices)
