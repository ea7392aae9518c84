"""`/rules`: each game explained briefly in the reader's language, by its family
(bot.service.kernel.families), and the games, notations and options that /help lists."""

from __future__ import annotations

from collections.abc import Mapping

from bot.i18n import Text, text
from bot.service.kernel.families import family_of
from games.base import find_game


def rules_of(key: str, options: Mapping[str, object] | None = None) -> list[Text]:
    """The explanation of one game kind (with a game's rule options when given)."""
    kind = find_game(key)
    return family_of(kind).rules_text(kind, options)


# The games and options in the reader's words (bot/i18n/commands.py), as /new takes them.
GAMES_HELP = text(
    "Games: {=brazilian}, {=international}, {=italian}, {=italian-familiar} (with the soffio), "
    "{=ludo}. {/rules} GAME explains one."
)
NOTATION_HELP = text(
    "Moves: c3-d4 or d4xf6 on Brazilian boards (numbers also: 22-18, 18x11); 32-28 or "
    "28x19 in International draughts; 21-17 or 22x13 in Italian; soffio 22 huffs a piece; "
    "in Ludo, the pawn and its square: p2 c14-c20, or {/roll}."
)
OPTIONS_HELP = text(
    "Options for {/new}: fen=W:W31,32:B1,2 starts draughts from a position, {=ballot} draws "
    "the opening from the official list (Brazilian), {=numbers} shows "
    "square numbers on a Brazilian board; {=ludo} takes 2-4 players and {=three-sixes}, "
    "{=towers-block}, {=teams}; 3d or 5m sets a clock (days or minutes per move)."
)


def help_footer() -> list[Text]:
    """What /help says after the commands: the games, the notations, the options."""
    return [GAMES_HELP, NOTATION_HELP, OPTIONS_HELP]
