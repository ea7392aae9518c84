"""`python -m bot check` for Telegram: who the bot is, what privacy mode means for typed
moves in groups, whether it may join groups, and the command menus."""

from __future__ import annotations

from telegram import Bot
from telegram.error import InvalidToken, NetworkError, TelegramError

from bot.checks.findings import Finding, fine, problem
from bot.i18n import LANGUAGES, text


async def telegram_findings(token: str, api_url: str) -> list[Finding]:
    api = api_url.rstrip("/")
    bot = Bot(token, base_url=f"{api}/bot", base_file_url=f"{api}/file/bot")
    try:
        async with bot:
            return await _findings(bot)
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
        return [problem(text("Telegram is out of reach ({error}).", error=str(error)))]


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
