"""The Mini App's API: each request carries Telegram's initData, checked every time, and
acts as that Telegram user through the chat's own calls (service.play.move, service.play.roll
with the game version the page shows, so that a stale page is refused). Its events go to the
chats (the board in the group) as the computer's do; the page itself follows the game's
event stream."""

from __future__ import annotations

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
from bot.service.kernel.game_flow.turns import player_seats, seat_to_act
from bot.settings import WebSettings
from bot.web.access import number_in
from bot.web.game_view import game_view
from bot.web.guards import Nonces, RateLimit
from bot.web.init_data import FORGED, InitDataRefused, WebAppUser, checked_user
from bot.web.language import reader_language
from bot.web.links import game_link
from bot.web.mini_app_page import mini_app_page
from bot.web.signing import game_subject, signed
from storage import ChatRef

NOT_SET_UP = text("The Mini App is not set up on this bot.")
ROUTES = text(
    "More than one capture ends on this square: tap one to see the pieces it takes, "
    "tap it again to play it."
)


class Answer(Exception):
    """A refusal as the API answers it: a status and the reason in the reader's language."""

    def __init__(self, status: int, reason: Text, state: GameState | None = None) -> None:
        super().__init__(reason.message)
        self.status = status
        self.reason = reason
        self.state = state


class MiniApp:
    def __init__(self, service: GameService, settings: WebSettings) -> None:
        self.service = service
        self.settings = settings
        clock = service.kernel.clock
        self.rate = RateLimit(clock)
        self.nonces = Nonces(clock)

    def routes(self) -> list[web.RouteDef]:
        return [
            web.get("/app", self.page),
            web.post("/app/api/state", self.state),
            web.post("/app/api/move", self.move),
            web.post("/app/api/roll", self.roll),
        ]

    async def page(self, request: web.Request) -> web.Response:
        return mini_app_page(reader_language(request))

    async def state(self, request: web.Request) -> web.Response:
        return await self._answer(request, None)

    async def move(self, request: web.Request) -> web.Response:
        return await self._answer(request, "move")

    async def roll(self, request: web.Request) -> web.Response:
        return await self._answer(request, "roll")

    async def _answer(self, request: web.Request, action: str | None) -> web.Response:
        language = reader_language(request)
        try:
            body = await self._body(request)
            user = self._user(body)
            actor = Actor("telegram", user.user_id, user.name, user.language)
            language = await self.service.identities.language(actor) or language
            if not self.rate.allows(user.user_id):
                raise Answer(429, text("Too many requests; wait a moment and try again."))
            state = await self._game(actor, user, body)
            said: list[Text] = []
            if action is not None:
                said, state = await self._act(action, actor, user, state, body)
            return web.json_response(self._shown(state, user, language, said))
        except Answer as answer:
            shown: dict[str, Any] = {"refused": translate(language, answer.reason)}
            if answer.state is not None:
                shown |= self._shown(answer.state, None, language, [])
            return web.json_response(shown, status=answer.status)

    @staticmethod
    async def _body(request: web.Request) -> dict[str, Any]:
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
            raise Answer(400, FORGED) from error
        if not isinstance(body, dict):
            raise Answer(400, FORGED)
        return body

    def _user(self, body: dict[str, Any]) -> WebAppUser:
        if self.settings.telegram_token is None:
            raise Answer(503, NOT_SET_UP)
        try:
            return checked_user(
                str(body.get("initData", "")),
                self.settings.telegram_token,
                self.service.kernel.clock(),
            )
        except InitDataRefused as refusal:
            raise Answer(401, refusal.reason) from refusal

    async def _game(self, actor: Actor, user: WebAppUser, body: dict[str, Any]) -> GameState:
        """The game of the page: from a signed start parameter (a group's t.me link), else
        one the user may see from his private chat with the bot (his own games, the boards
        shown to him there)."""
        start = str(body.get("start") or user.start_parameter or "")
        number, _, token = start.partition("-")
        if not number:
            number = str(body.get("game") or "")
        game_id = number_in(number)
        if game_id is None:
            raise Answer(404, text("Open a game from the bot: its board has the button."))
        try:
            if signed(self.settings.secret, game_subject(game_id), token or None):
                return await self.service.kernel.current(game_id)
            private = ChatRef("telegram", user.user_id)
            return await self.service.records.visible_state(actor, game_id, private)
        except ServiceError as error:
            raise Answer(404, error.reason) from error

    async def _act(
        self,
        action: str,
        actor: Actor,
        user: WebAppUser,
        state: GameState,
        body: dict[str, Any],
    ) -> tuple[list[Text], GameState]:
        nonce = body.get("nonce")
        if not isinstance(nonce, str) or not 8 <= len(nonce) <= 64:
            raise Answer(400, FORGED)
        if not self.nonces.first_use(user.user_id, nonce):
            raise Answer(409, text("This request was sent already; nothing was changed."))
        version = body.get("version")
        if not isinstance(version, int):
            raise Answer(400, FORGED)
        try:
            if action == "move":
                notation = str(body.get("move", ""))[:200]
                events = await self.service.play.move(actor, notation, state.id, version)
            else:
                events = await self.service.play.roll(actor, state.id, version)
        except BoardChanged as changed:
            raise Answer(409, changed.reason, changed.state) from changed
        except ServiceError as error:
            raise Answer(409, error.reason, state) from error
        await self._show_in_chats(events)
        said = [event.text for event in events if isinstance(event, Reply)]
        return said, await self.service.kernel.current(state.id)

    async def _show_in_chats(self, events: list[Event]) -> None:
        """The events the chat would have shown (the board in its chat, the turn notices) go
        to the front ends; what answers the person who acted is the page's."""
        await self.service.kernel.bus.publish(
            [event for event in events if not isinstance(event, Reply | FileReady)]
        )

    def _shown(
        self, state: GameState, user: WebAppUser | None, language: str, said: list[Text]
    ) -> dict[str, Any]:
        seats: tuple[int, ...] = ()
        if user is not None:
            player = self.service.kernel.roster.known_player_id(
                Actor("telegram", user.user_id, user.name)
            )
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
        to_roll = acting and not choices and state.active
        return {
            "view": game_view(state, language, seats),
            "choices": choices,
            "roll": to_roll,
            "routes": translate(language, ROUTES) if _shared_ends(offered) else None,
            "said": "\n".join(translate(language, line) for line in said),
            # The game's event stream, on this server whatever its public address.
            "live": game_link(self.settings, state.id, language)
            .removeprefix(self.settings.url)
            .replace("?", "/events?", 1),
        }


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
