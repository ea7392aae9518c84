"""The commands about people and chats: profiles and leaderboards, vacations, reminders,
linked accounts, the board's side, languages."""

from __future__ import annotations

from bot.i18n import Text, text
from bot.service.command_table.entry import Command
from bot.service.command_table.options import GAME_KIND, game_kinds
from bot.service.command_table.spec import Args, Choice, Kind, Option
from bot.service.command_table.words import CHAT_WORDS, LOGOUT_WORDS, OFF_WORDS, ON_WORDS
from bot.service.game_service import GameService
from bot.service.kernel.events import Actor, Event
from bot.service.kernel.game_flow.clocks import DAY_WORDS
from bot.service.ratings.views import PACE_WORDS
from competition.rating import Pace
from storage import ChatRef


def _pace_words(pace: Pace) -> tuple[str, ...]:
    """The words of one pace of /top ("ao vivo"), its word in WORDS first."""
    return tuple(word for word, each in PACE_WORDS.items() if each is pace)


async def _profile(service: GameService, actor: Actor, chat: ChatRef, args: Args) -> list[Event]:
    return await service.ratings.profile(actor, args.member("player"), chat)


async def _top(service: GameService, actor: Actor, chat: ChatRef, args: Args) -> list[Event]:
    return await service.ratings.top(actor, chat, leaderboard_words(args))


def leaderboard_words(args: Args) -> list[str]:
    """The game and the pace of /top, as the service reads them."""
    return [word for word in (args.text("game"), args.text("pace")) if word is not None]


async def _vacation(service: GameService, actor: Actor, _chat: ChatRef, args: Args) -> list[Event]:
    days, on = args.number("days"), args.flag("on")
    if days is None and on is None:
        return await service.correspondence.vacation_status(actor)
    if on is False or days == 0:
        return await service.correspondence.vacation(actor, 0)
    return await service.correspondence.vacation(actor, days)


async def _remind(service: GameService, actor: Actor, _chat: ChatRef, args: Args) -> list[Event]:
    on = args.flag("on")
    if on is None:
        return await service.correspondence.reminder_status(actor)
    return await service.correspondence.set_reminders(actor, on)


async def _link(service: GameService, actor: Actor, _chat: ChatRef, args: Args) -> list[Event]:
    return await service.identities.link(actor, args.text("code"))


async def _web(service: GameService, actor: Actor, _chat: ChatRef, args: Args) -> list[Event]:
    if args.flag("logout"):
        return await service.web_sessions.log_out(actor)
    return await service.web_sessions.sign_in_link(actor)


async def _flip(service: GameService, actor: Actor, chat: ChatRef, _args: Args) -> list[Event]:
    return await service.chats.flip(actor, chat)


async def _language(service: GameService, actor: Actor, chat: ChatRef, args: Args) -> list[Event]:
    language = args.text("language") or ""
    if not language and not args.flag("channel"):
        return await service.identities.language_setting(actor)
    if args.flag("channel"):
        return await service.chats.set_chat_language(
            actor, chat, language, await args.administrator()
        )
    return await service.identities.set_language(actor, language)


PROFILE = Command(
    "profile",
    (),
    text("ratings, record, games and rating chart of a player (you, by default)"),
    _profile,
    (
        Option(
            "player",
            ("jogador", "giocatore"),
            Kind.MEMBER,
            text("the member whose profile to show (default: you)"),
            placeholder=text("NAME"),
        ),
    ),
)
TOP = Command(
    "top",
    ("classificacao", "classificação"),
    text("the leaderboard of this chat and of everyone"),
    _top,
    (
        Option(
            "game",
            ("jogo", "gioco"),
            Kind.TEXT,
            text("the game (default: Brazilian draughts)"),
            choices=game_kinds(),
            placeholder=GAME_KIND,
        ),
        Option(
            "pace",
            ("ritmo", "ritmo"),
            Kind.TEXT,
            text("live or correspondence games"),
            choices=(
                Choice("live", text("live"), _pace_words(Pace.LIVE)),
                Choice("corr", text("correspondence"), _pace_words(Pace.CORRESPONDENCE)),
            ),
        ),
    ),
)
VACATION = Command(
    "vacation",
    ("férias", "vacanze"),
    text("stop your clocks in every game (up to 30 days a year); off ends it"),
    _vacation,
    (
        Option(
            "days",
            ("dias", "giorni"),
            Kind.NUMBER,
            text("days away (0 ends it)"),
            low=0,
            high=366,
            placeholder=text("DAYS"),
            unit=DAY_WORDS,
        ),
        Option(
            "on",
            ("ligar", "attiva"),
            Kind.FLAG,
            text("on: every day left this year; off: back now"),
            yes=ON_WORDS,
            no=OFF_WORDS,
            either=True,
        ),
    ),
)
REMIND = Command(
    "remind",
    ("lembrete", "avvisi"),
    text("reminders before your deadlines on or off"),
    _remind,
    (
        Option(
            "on",
            ("ligados", "attivi"),
            Kind.FLAG,
            text("reminders before your deadlines"),
            yes=ON_WORDS,
            no=OFF_WORDS,
        ),
    ),
)
LINK = Command(
    "link",
    ("ligar",),
    text("play as one player on Telegram and Discord: get a code, then type it there"),
    _link,
    (
        Option(
            "code",
            ("código", "codice"),
            Kind.TEXT,
            text("the code from your other account (none: get one)"),
            placeholder=text("CODE"),
        ),
    ),
)
WEB = Command(
    "web",
    (),
    text("your own link to play your games on the web pages; logout signs you out"),
    _web,
    (
        Option(
            "logout",
            ("sair", "esci"),
            Kind.FLAG,
            text("sign out of the web pages everywhere"),
            yes=LOGOUT_WORDS,
        ),
    ),
)
FLIP = Command(
    "flip",
    ("virar", "gira"),
    text("turn this chat's boards between people around (White's or Black's side)"),
    _flip,
)
LANGUAGES = (
    Choice("pt", Text("português")),
    Choice("it", Text("italiano")),
    Choice("en", Text("English")),
)
LANG = Command(
    "lang",
    ("língua",),
    text("show or choose your language, or (admins) the language of this chat's boards"),
    _language,
    (
        # Typed, any name of a language ("português"): the service reads it.
        Option(
            "language",
            ("idioma", "lingua"),
            Kind.TEXT,
            text("the language I write to you in (none: the one you read now)"),
            choices=LANGUAGES,
        ),
        Option(
            "channel",
            ("canal", "canale"),
            Kind.FLAG,
            text("for this channel's boards and public messages instead (server managers)"),
            yes=CHAT_WORDS,
        ),
    ),
)
