"""The commands about people and chats: profiles and leaderboards, vacations, reminders,
linked accounts, the board's side, languages."""

from __future__ import annotations

from bot.i18n import Text, text
from bot.service.command_table import typed
from bot.service.command_table.options import game_kinds
from bot.service.command_table.spec import Args, Choice, Command, Kind, Option
from bot.service.game_service import GameService
from bot.service.kernel.events import Actor, Event
from storage import ChatRef


async def _profile(service: GameService, actor: Actor, _chat: ChatRef, args: Args) -> list[Event]:
    return await service.ratings.profile(actor, args.member("player"))


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
    text("{/profile} [NAME]"),
    text("ratings, record, games and rating chart of a player (you, by default)"),
    _profile,
    typed.someone,
    (
        Option(
            "player",
            ("jogador", "giocatore"),
            Kind.MEMBER,
            text("the member whose profile to show (default: you)"),
        ),
    ),
)
TOP = Command(
    "top",
    ("classificacao", "classificação"),
    text("{/top} [GAME] [{=live|corr}]"),
    text("the leaderboard of this chat and of everyone"),
    _top,
    typed.leaderboard,
    (
        Option(
            "game",
            ("jogo", "gioco"),
            Kind.TEXT,
            text("the game (default: Brazilian draughts)"),
            choices=game_kinds(),
        ),
        Option(
            "pace",
            ("ritmo", "ritmo"),
            Kind.TEXT,
            text("live or correspondence games"),
            choices=(Choice("live", text("live")), Choice("corr", text("correspondence"))),
        ),
    ),
)
VACATION = Command(
    "vacation",
    ("férias", "vacanze"),
    text("{/vacation} [DAYS|{=on|off}]"),
    text("stop your clocks in every game (up to 30 days a year); off ends it"),
    _vacation,
    typed.vacation,
    (
        Option(
            "days",
            ("dias", "giorni"),
            Kind.NUMBER,
            text("days away (0 ends it)"),
            low=0,
            high=366,
        ),
        Option(
            "on",
            ("ligar", "attiva"),
            Kind.FLAG,
            text("on: every day left this year; off: back now"),
        ),
    ),
)
REMIND = Command(
    "remind",
    ("lembrete", "avvisi"),
    text("{/remind} [{=on|off}]"),
    text("reminders before your deadlines on or off"),
    _remind,
    typed.switch,
    (
        Option(
            "on",
            ("ligados", "attivi"),
            Kind.FLAG,
            text("reminders before your deadlines"),
        ),
    ),
)
LINK = Command(
    "link",
    ("ligar",),
    text("{/link} [CODE]"),
    text("play as one player on Telegram and Discord: get a code, then type it there"),
    _link,
    typed.code,
    (
        Option(
            "code",
            ("código", "codice"),
            Kind.TEXT,
            text("the code from your other account (none: get one)"),
        ),
    ),
)
FLIP = Command(
    "flip",
    ("virar", "gira"),
    text("{/flip}"),
    text("turn this chat's boards between people around (White's or Black's side)"),
    _flip,
    typed.nothing,
)
LANGUAGES = (
    Choice("pt", Text("português")),
    Choice("it", Text("italiano")),
    Choice("en", Text("English")),
)
LANG = Command(
    "lang",
    ("língua",),
    text("{/lang} [{=chat}] [pt|it|en]"),
    text("show or choose your language, or (admins) the language of this chat's boards"),
    _language,
    typed.language,
    (
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
        ),
    ),
)
