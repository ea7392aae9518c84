"""Tournaments in Telegram: their news in the tournament's chat, with Join and Leave buttons
while it registers; a press joins or leaves through the service like the typed command."""

from __future__ import annotations

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.i18n import text, translate
from bot.service.kernel.events import takes_entries
from bot.telegram.widgets.callbacks import Action, Press
from storage import TournamentRecord


def tournament_keyboard(
    record: TournamentRecord, language: str | None
) -> InlineKeyboardMarkup | None:
    """Join and Leave while the tournament takes entries (an arena under way: Join and Take
    a break); nothing after."""
    if not takes_entries(record):
        return None
    leave = text("Leave") if record.status == "registering" else text("Take a break")
    labels = ((Action.JOIN, text("Join")), (Action.LEAVE, leave))
    return InlineKeyboardMarkup(
        [
            [
                InlineKeyboardButton(
                    translate(language, label), callback_data=Press(action, record.id).encode()
                )
                for action, label in labels
            ]
        ]
    )
