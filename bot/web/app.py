"""The web application: the pages' routes, and refusals as pages in the reader's language."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from aiohttp import web

from bot.i18n import text
from bot.service.game_service import GameService
from bot.settings import WebSettings
from bot.web.access import Refused
from bot.web.game_pages import GamePages
from bot.web.headers import secure
from bot.web.index_page import IndexPage
from bot.web.language import reader_language
from bot.web.live import Onlookers
from bot.web.pages import refused
from bot.web.play.activity import Activity
from bot.web.play.board_api import BoardApi
from bot.web.play.mini_app import MiniApp
from bot.web.play.sessions import Sessions
from bot.web.report_pages import ReportPages

logger = logging.getLogger(__name__)
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@web.middleware
async def refusals(request: web.Request, handler: Handler) -> web.StreamResponse:
    """A refusal, an unknown address or a fault: a page that says so, never a traceback."""
    try:
        return await handler(request)
    except Refused as refusal:
        return refused(reader_language(request), refusal.reason, refusal.status)
    except web.HTTPNotFound:
        return refused(reader_language(request), text("There is no such page."))
    except web.HTTPException:
        raise
    except Exception:
        logger.exception("a page failed: %s", request.path)
        return refused(
            reader_language(request), text("Something went wrong; try again later."), 500
        )


async def hardened(_: web.Request, response: web.StreamResponse) -> None:
    """Every answer's headers, an event stream's too, before they are sent."""
    secure(response.headers)


def web_app(service: GameService, settings: WebSettings) -> web.Application:
    """The application; it shows every game change from the moment it starts."""
    onlookers = Onlookers()
    app = web.Application(middlewares=[refusals])
    app.on_response_prepare.append(hardened)
    sessions = Sessions(service, settings)
    app.add_routes(sessions.routes())
    # The game's page, signed in: the board API as the session's person.
    app.add_routes(BoardApi(service, settings, "/play/api", sessions.identify).routes())
    app.add_routes(GamePages(service, settings, onlookers, sessions).routes())
    app.add_routes(ReportPages(service, settings, onlookers).routes())
    app.add_routes(MiniApp(service, settings).routes())
    activity = Activity(service, settings)
    app.add_routes(activity.routes())
    index = IndexPage(service, settings, onlookers)
    app.add_routes(index.routes())

    async def front_door(request: web.Request) -> web.StreamResponse:
        """The index, or the Activity where Discord opens it: at the root of its URL
        mapping, with its launch parameters (docs/web.md, "The Discord Activity")."""
        if activity.opened_by_discord(request):
            return await activity.page(request)
        return await index.index(request)

    app.add_routes([web.get("/", front_door)])

    async def watch(_: web.Application) -> None:
        service.kernel.bus.watch(onlookers)

    async def unwatch(_: web.Application) -> None:
        service.kernel.bus.unwatch(onlookers)

    app.on_startup.append(watch)
    app.on_cleanup.append(unwatch)
    return app
