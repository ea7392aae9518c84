"""The commands about people and chats: profiles and leaderboards, vacations, reminders,
linked accounts, the board's side, languages; and /tournament, whose actions its own
dispatcher reads (bot/service/tournament/tournament_commands.py)."""

from __future__ import annotations

from bot.i18n import Text, text
from bot.service.command_table import typed
from bot.service.command_table.options import game_kinds
from bot.service.command_table.spec import Args, Choice, Command, Kind, Option
from bot.service.core import GameService
from bot.service.events import Actor, Event
from bot.service.tournament.tournament_commands import SUBCOMMANDS, tournament_command
from storage import ChatRef

# The largest tournament number the typed command's "#NUMBER" reads.
LARGEST_TOURNAMENT = 999_999_999
# Where a partner is a member chosen in a menu, the word that stands for him in the action.
PARTNER_TOKEN = "partner"


async def _profile(service: GameService, actor: Actor, _chat: ChatRef, args: Args) -> list[Event]:
    return await service.profile(actor, args.member("player"))


async def _top(service: GameService, actor: Actor, chat: ChatRef, args: Args) -> list[Event]:
    return await service.top(actor, chat, leaderboard_words(args))


def leaderboard_words(args: Args) -> list[str]:
    """The game and the pace of /top, as the service reads them."""
    return [word for word in (args.text("game"), args.text("pace")) if word is not None]


async def _vacation(service: GameService, actor: Actor, _chat: ChatRef, args: Args) -> list[Event]:
    days, on = args.number("days"), args.flag("on")
    if days is None and on is None:
        return await service.vacation_status(actor)
    if on is False or days == 0:
        return await service.vacation(actor, 0)
    return await service.vacation(actor, days)


async def _remind(service: GameService, actor: Actor, _chat: ChatRef, args: Args) -> list[Event]:
    on = args.flag("on")
    if on is None:
        return await service.reminder_status(actor)
    return await service.set_reminders(actor, on)


async def _link(service: GameService, actor: Actor, _chat: ChatRef, args: Args) -> list[Event]:
    return await service.link(actor, args.text("code"))


async def _flip(service: GameService, actor: Actor, chat: ChatRef, _args: Args) -> list[Event]:
    return await service.flip(actor, chat)


async def _language(service: GameService, actor: Actor, chat: ChatRef, args: Args) -> list[Event]:
    language = args.text("language") or ""
    if args.flag("channel"):
        return await service.set_chat_language(actor, chat, language, await args.administrator())
    return await service.set_language(actor, language)


async def _tournament(service: GameService, actor: Actor, chat: ChatRef, args: Args) -> list[Event]:
    """The action and its words as typed; Discord's tournament number and partner (a member
    chosen in the menu) put among them as the typed command has them."""
    action = args.text("action")
    words = [action] if action else []
    number = args.number("tournament")
    if number is not None:
        words.append(f"#{number}")
    words.extend(args.words("options"))
    partner = args.member("partner")
    if partner is not None:
        words.append(PARTNER_TOKEN)

    async def resolve(name: str) -> Actor | None:
        return (
            partner if partner is not None and name == PARTNER_TOKEN else await args.resolve(name)
        )

    return await tournament_command(service, actor, chat, words, resolve)


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
    text("{/lang} [{=chat}] pt|it|en"),
    text("choose your language, or (admins) the language of this chat's boards"),
    _language,
    typed.language,
    (
        Option(
            "language",
            ("idioma", "lingua"),
            Kind.TEXT,
            text("the language I write to you in"),
            required=True,
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
TOURNAMENT = Command(
    "tournament",
    (),
    text("{/tournament} [new|join|start|show|pairings|games|help ...]"),
    text("tournaments in this chat: {/tournament help} lists what you can do"),
    _tournament,
    typed.action,
    (
        Option(
            "action",
            ("ação", "azione"),
            Kind.TEXT,
            text("what to do"),
            required=True,
            choices=tuple(Choice(sub.name, sub.summary) for sub in SUBCOMMANDS),
        ),
        Option(
            "tournament",
            ("torneio", "torneo"),
            Kind.NUMBER,
            text("the tournament number (default: this channel's latest)"),
            low=1,
            high=LARGEST_TOURNAMENT,
        ),
        Option(
            "options",
            ("opções", "opzioni"),
            Kind.WORDS,
            text("for new: the variant, the format and options, e.g. brazilian knockout 10m"),
        ),
        Option("partner", ("parceiro", "compagno"), Kind.MEMBER, text("your team partner (join)")),
    ),
)
