"""`python -m bot check` for Telegram: who the bot is, what privacy mode means for typed
moves in groups, whether it may join groups, the command menus, and its rights in the groups
whose tournaments put their boards in forum topics."""

from __future__ import annotations

from collections.abc import Sequence

from telegram import Bot, ChatMember, ChatMemberAdministrator, ChatMemberOwner, User
from telegram.error import InvalidToken, NetworkError, TelegramError

from bot.checks.findings import Finding, fine, problem
from bot.i18n import LANGUAGES, text


async def telegram_findings(
    token: str, api_url: str, topic_tournaments: Sequence[tuple[int, str]] = ()
) -> list[Finding]:
    """`topic_tournaments`: (tournament number, chat id) of each tournament under way whose
    boards go to forum topics, where the bot must be an administrator who manages topics."""
    api = api_url.rstrip("/")
    bot = Bot(token, base_url=f"{api}/bot", base_file_url=f"{api}/file/bot")
    try:
        async with bot:
            return await _findings(bot) + await _topic_rights(bot, topic_tournaments)
    except InvalidToken:
        return [
            problem(
                text(
                    "Telegram refused TELEGRAM_TOKEN: copy the bot's token again from "
                    "@BotFather (/mybots, your bot, API Token)."
                )
            )
        ]
    except NetworkError as error:
        return [
            problem(
                text(
                    "Telegram is out of reach ({error}). Check that this computer reaches the "
                    "internet and resolves names (ping api.telegram.org), and that no firewall "
                    "or proxy (HTTPS_PROXY) blocks it; TELEGRAM_API_URL, if set, must be a Bot "
                    "API server's address.",
                    error=str(error),
                )
            )
        ]


async def _findings(bot: Bot) -> list[Finding]:
    me = await bot.get_me()
    found = [
        fine(
            text(
                "Telegram: the bot is {name} (@{username}), https://t.me/{username}",
                name=me.first_name,
                username=me.username or "",
            )
        )
    ]
    if me.can_read_all_group_messages:
        found.append(
            fine(text("Privacy mode is off: in groups the bot reads every message, moves too."))
        )
    else:
        found.append(
            fine(
                text(
                    "Privacy mode is on: in groups the bot reads only commands ({/move} c3-d4) "
                    "and replies to its messages, so a move typed alone must be a reply to the "
                    "board. To read every message: @BotFather, /setprivacy, Disable; then "
                    "remove the bot from each group and add it again."
                )
            )
        )
    if not me.can_join_groups:
        found.append(
            problem(text("The bot cannot be added to groups: @BotFather, /setjoingroups, Enable."))
        )
    found.append(await _menus(bot))
    return found


async def _menus(bot: Bot) -> Finding:
    missing = []
    for language in LANGUAGES:
        code = "" if language == "en" else language
        try:
            commands = await bot.get_my_commands(language_code=code)
        except TelegramError:
            commands = ()
        if not commands:
            missing.append(language)
    if missing:
        return fine(
            text(
                "The command menus ({languages}) are not set yet: the bot sets them when it "
                "starts.",
                languages=", ".join(missing),
            )
        )
    return fine(text("The command menus are set in Portuguese, Italian and English."))


async def _topic_rights(bot: Bot, tournaments: Sequence[tuple[int, str]]) -> list[Finding]:
    found = []
    for number, chat_id in tournaments:
        try:
            chat = await bot.get_chat(int(chat_id))
            member = await bot.get_chat_member(chat.id, bot.id)
        except TelegramError as error:
            found.append(
                problem(
                    text(
                        "Tournament #{number} puts its boards in topics of the group {chat}, "
                        "which the bot cannot reach ({error}): add the bot to the group again.",
                        number=number,
                        chat=chat_id,
                        error=str(error),
                    )
                )
            )
            continue
        title = chat.title or chat_id
        if _manages_topics(member, bot.bot):
            found.append(
                fine(
                    text(
                        "Tournament #{number}: the bot may open topics in the group {chat}.",
                        number=number,
                        chat=title,
                    )
                )
            )
        else:
            found.append(
                problem(
                    text(
                        "Tournament #{number} puts its boards in topics of the group {chat}, "
                        "but the bot is not an administrator who may manage topics: in the "
                        "group, Edit, Administrators, Add Admin, the bot, with Manage Topics on.",
                        number=number,
                        chat=title,
                    )
                )
            )
    return found


def _manages_topics(member: ChatMember, me: User) -> bool:
    if member.user.id != me.id:
        return False
    if isinstance(member, ChatMemberOwner):
        return True
    return isinstance(member, ChatMemberAdministrator) and bool(member.can_manage_topics)
