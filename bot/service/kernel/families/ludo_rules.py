"""The rules of Ludo in words (/rules), for the Ludo family: the rolls that bring a pawn out
and the track's length are read from the rules' own constants; with the options, what the
computer does at each level (games.computer.LUDO_LEVELS)."""

from __future__ import annotations

from collections.abc import Mapping

from bot.i18n import Text, text
from bot.service.kernel.words.levels import LEVEL_TEXTS
from games.ludo import LudoRules
from games.ludo.board import ENTRY_ROLLS, EXTRA_ROLL, TRACK_LENGTH

LUDO_OPTIONS: Mapping[str, Text] = {
    "three_sixes": text("three-sixes: a third six in a row is not played, and the turn passes."),
    "towers_block": text("towers-block: no pawn may pass a tower of another colour."),
    "teams": text(
        "teams: Red and Yellow play against Green and Blue; a player with every pawn "
        "finished moves the partner's pawns."
    ),
}

# What the computer does at each level, as games.computer.LUDO_LEVELS sets it.
LUDO_LEVEL_TEXTS: Mapping[str, Text] = {
    "beginner": text(
        "{level}: moves blindly one time in two, and otherwise picks a good move only roughly.",
        level=LEVEL_TEXTS["beginner"],
    ),
    "easy": text(
        "{level}: judges each move by where it leaves the pawns, with much chance in its choice.",
        level=LEVEL_TEXTS["easy"],
    ),
    "normal": text(
        "{level}: judges each move by where it leaves the pawns: progress, safety, towers and "
        "the danger to its opponents' pawns, with a little chance in its choice.",
        level=LEVEL_TEXTS["normal"],
    ),
    "strong": text(
        "{level}: also weighs every face of the next roll and the best answer to it; in games "
        "of four, each for themselves, it judges positions by their chance of winning as a "
        "network trained on thousands of games against itself reckons it.",
        level=LEVEL_TEXTS["strong"],
    ),
}


def ludo_rules(options: Mapping[str, object] | None = None) -> list[Text]:
    """The Ludo rules; with a game's options, the options in force, else every option."""
    lines = [
        text(
            "Each player brings four pawns round the {track}-square track into their own "
            "column; the first with all four at the end wins.",
            track=TRACK_LENGTH,
        ),
        text(
            "Roll the die with {/roll}. A {entry} brings a pawn out onto its start square; "
            "a {six} gives another roll.",
            entry=" / ".join(str(value) for value in sorted(ENTRY_ROLLS)),
            six=EXTRA_ROLL,
        ),
        text(
            "Landing on a single enemy pawn sends it back to its start area; a pawn on its "
            "own start square is safe. Capturing is never compulsory."
        ),
        text(
            "Two pawns of one colour on a square form a tower: no single pawn may land on "
            "it, and a tower captures only a tower."
        ),
        text("The end takes the exact count: a larger roll goes in and back."),
    ]
    if options is None:
        lines.append(text("Options for {/new ludo}:"))
        lines.extend(LUDO_OPTIONS.values())
        lines.append(text("The computer's levels:"))
        lines.extend(LUDO_LEVEL_TEXTS.values())
        return lines
    rules = LudoRules.from_options(dict(options))
    chosen = [LUDO_OPTIONS[name] for name in LUDO_OPTIONS if getattr(rules, name)]
    if chosen:
        lines.append(text("Options in this game:"))
        lines.extend(chosen)
    else:
        lines.append(text("No option is in force in this game: sixes go on giving rolls."))
    lines.append(text("{players} players.", players=rules.players))
    return lines
