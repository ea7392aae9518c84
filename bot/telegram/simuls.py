"""Simuls in Telegram: their news in the simul's chat, with Join and Leave buttons while it
takes challengers; the host's desk with a button to the next board that waits for him."""

from __future__ import annotations

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.i18n import text, translate
from bot.service.kernel.events import SimulDesk
from bot.telegram.widgets.callbacks import Action, Press
from storage import SimulRecord


def simul_keyboard(record: SimulRecord, language: str | None) -> InlineKeyboardMarkup | None:
    """Join and Leave while the simul takes challengers; nothing after."""
    if record.status != "registering":
        return None
    labels = ((Action.SIMUL_JOIN, text("Join")), (Action.SIMUL_LEAVE, text("Leave")))
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


def desk_keyboard(desk: SimulDesk, language: str | None) -> InlineKeyboardMarkup | None:
    """The next board that waits, when another does."""
    if not desk.more or desk.game_id is None:
        return None
    data = Press(Action.DESK_NEXT, desk.simul.id, desk.game_id).encode()
    label = translate(language, text("Next board"))
    return InlineKeyboardMarkup([[InlineKeyboardButton(label, callback_data=data)]])
