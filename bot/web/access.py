"""Who may see what on the pages: the chats' rules (docs/service.md, "Who sees a
tournament"). An anonymous page is read by nobody the service knows, so a game opens only
with the signed link the bot gave in a chat where it could be seen, a tournament with its
signed link or when it is open to every chat, and a page read as a chat (the chat's own
page, a player's page given there) only with the link signed for that chat. A refusal reads
like an id nothing has. (The Mini App knows its reader and reads as him:
bot/web/play/mini_app.py.)"""

from __future__ import annotations

from dataclasses import replace

from aiohttp import web

from bot.i18n import Text, text
from bot.service.game_service import GameService
from bot.service.kernel.events import Actor, GameState, ServiceError
from bot.service.kernel.ids import LARGEST_ID, whole_number
from bot.settings import WebSettings
from bot.web.signing import game_subject, signed, tournament_subject
from storage import ChatRef

# The one reader of every page: the service's calls take someone who asks.
ONLOOKER = Actor("web", "onlooker", "web")


def onlooker(language: str) -> Actor:
    """The reader of a page, with the page's language."""
    return replace(ONLOOKER, language=language)


# The chat a page without a signed link is read from: no game lives or is shown there, so
# only what every chat may see passes (an open tournament).
NOWHERE = ChatRef("web", "anyone")


class Refused(Exception):
    """A page the reader may not see, or that does not exist: the reason, for the reader."""

    def __init__(self, reason: Text, status: int = 404) -> None:
        super().__init__(reason)
        self.reason = reason
        self.status = status


def number_in(written: str) -> int | None:
    """The id an address or a request writes (ASCII digits only, as the chats read ids:
    `bot.service.kernel.ids`), None for anything else or a number no stored id can be."""
    number = whole_number(written)
    return number if number is not None and number <= LARGEST_ID else None


def known_number(written: str) -> int:
    """The number of an address's part, or the page an address nothing has gets."""
    number = number_in(written)
    if number is None:
        raise Refused(text("There is no such page."))
    return number


async def visible_game(
    service: GameService, settings: WebSettings, request: web.Request
) -> GameState:
    """The game of the page, only with its signed link."""
    game_id = known_number(request.match_info["game"])
    if not signed(settings.secret, game_subject(game_id), request.query.get("t")):
        raise Refused(text("There is no game {game}.", game=game_id))
    try:
        return await service.kernel.current(game_id)
    except ServiceError as error:
        raise Refused(error.reason) from error


def named_chat(request: web.Request) -> ChatRef | None:
    """The chat a page's link names (`?chat=telegram:-100123`: the page as that chat sees
    it), None where it names none; a chat written wrong reads like an id nothing has. The
    caller checks that the link's token signs it."""
    written = request.query.get("chat")
    if written is None:
        return None
    platform, colon, chat_id = written.partition(":")
    if not (colon and platform and chat_id):
        raise Refused(text("There is no such page."))
    return ChatRef(platform, chat_id)


def tournament_chat(settings: WebSettings, request: web.Request) -> ChatRef | None:
    """The chat a tournament page is read from: None (any) with its signed link, else a
    chat where only open tournaments are seen."""
    tournament_id = known_number(request.match_info["tournament"])
    if signed(settings.secret, tournament_subject(tournament_id), request.query.get("t")):
        return None
    return NOWHERE
