"""Names that vulture (the dead-code check of .ci/run) cannot see used. Vulture matches by
name, so reading an attribute of anything here marks every definition of that name used.
Only vulture reads this file. Each name says who uses it."""

from typing import Any

__all__ = ["CALLED_BY_FRAMEWORKS", "KEPT_ON_PURPOSE", "SET_FOR_LIBRARIES"]

_: Any = None

CALLED_BY_FRAMEWORKS = (
    # discord.py calls an item's `callback`, a dynamic item's `from_custom_id`, and the
    # client's event methods by name.
    _.callback,
    _.from_custom_id,
    _.on_ready,
    _.setup_hook,
    _.on_interaction,
    # python-telegram-bot's BaseUpdateProcessor calls `do_process_update`.
    _.do_process_update,
    # The parameters of `__aexit__`, fixed by the protocol.
    _.exc_type,
    _.exc,
    _.traceback,
)

SET_FOR_LIBRARIES = (
    # The signature of a slash command's callback built from the command table: discord.py
    # reads its parameters (inspect.signature) to make the command's options.
    _.__signature__,
    # Class attributes of discord.py set to point it at the fake or to silence it.
    _.BASE,
    _.DEFAULT_GATEWAY,
    _.warn_nacl,
    _.warn_dave,
    # A log record rewritten in place (bot/discord/reconnects.py), read by logging.
    _.exc_text,
    _.levelname,
    _.levelno,
    # Read by babel when it writes a catalogue, by sqlite3 when it builds rows.
    _.revision_date,
    _.row_factory,
)

KEPT_ON_PURPOSE = (
    # A stored record carries every column of its row, read or not.
    _.played_at,
    _.reminded,
    _.sent_at,
    # The registry's reader, for the test that every game message is translated.
    _.english_templates,
    # A query of the pure pairing package's documented answers (docs/pairing.md).
    _.round_complete,
    # The lookup of a typed command by any of its names; the command table replaces it.
    _.find_command,
)
