"""`/rules`: each game explained briefly in the reader's language, from the rule sets.

The numbers (board size, the draw rules' move counts, the rolls that bring a pawn out) are
read from the rules' own constants, so that the explanation cannot drift from the game.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.i18n import Text, joined, plural, text
from games.damas import RULES as DRAUGHTS_RULES
from games.damas.movegen import majority_law
from games.damas.rules import REPETITION_COUNT, Material, Rules
from games.ludo import LudoRules
from games.ludo.board import ENTRY_ROLLS, EXTRA_ROLL, TRACK_LENGTH

LUDO = "ludo"


def draughts_rules(rules: Rules) -> list[Text]:
    """How men and kings move and capture, promotion, the capture priority, the draws."""
    squares = rules.board_size * rules.board_size // 2
    lines = [
        text(
            "A board of {size}x{size} with {squares} dark squares; White moves first.",
            size=rules.board_size,
            squares=squares,
        ),
        text("A man moves one square diagonally forward."),
        text("A man captures by jumping over an enemy piece onto the empty square behind it.")
        if not rules.men_capture_backwards
        else text("A man captures forwards and backwards, jumping over an enemy piece."),
        text("A man that reaches the far row becomes a king."),
        text("A king moves and captures along a whole diagonal (a flying king).")
        if rules.flying_kings
        else text("A king moves and captures one square in any diagonal direction."),
    ]
    if not rules.men_capture_kings:
        lines.append(text("A man may not capture a king."))
    if rules.capture_priority is majority_law:
        lines.append(
            text("Capturing is compulsory, and you must take the most pieces (majority rule).")
        )
    else:
        lines.append(
            text(
                "Capturing is compulsory: take the most pieces; then capture with a king "
                "rather than a man; then take the most kings; then meet a king first."
            )
        )
    if rules.huffing:
        lines.append(
            text(
                "Soffio: when a player does not make a capture that was possible, the "
                "opponent may remove (huff) the piece that should have captured, then plays "
                "on; write soffio and its square, e.g. soffio 22."
            )
        )
    lines.extend(_draw_rules(rules))
    return lines


def _draw_rules(rules: Rules) -> list[Text]:
    lines = [text("A draw by agreement: {/draw} offers one, and the opponent accepts it.")]
    if rules.repetition_draw:
        lines.append(
            text(
                "The same position {count} times with the same player to move is a draw.",
                count=REPETITION_COUNT,
            )
        )
    if rules.king_moves_limit is not None:
        lines.append(
            text(
                "{moves} moves of each player with only kings, without a capture, is a draw.",
                moves=rules.king_moves_limit,
            )
        )
    by_moves: dict[int, list[Material]] = {}
    for material, moves in rules.endgame_moves.items():
        by_moves.setdefault(moves, []).append(material)
    for moves, materials in sorted(by_moves.items(), reverse=True):
        lines.append(
            text(
                "Against a lone king, {material} must win within {moves} moves, else it is a draw.",
                material=_either([_material(kings, men) for kings, men in materials]),
                moves=moves,
            )
        )
    for sides in sorted(rules.drawn_material):
        lines.append(
            text(
                "{first} against {second} is a draw at once.",
                first=_material(*sides[0]),
                second=_material(*sides[1]),
            )
        )
    return lines


def _either(choices: list[Text]) -> Text:
    """ "3 kings, 2 kings + 1 man or 1 king + 2 men"."""
    if len(choices) == 1:
        return choices[0]
    return text("{some} or {last}", some=joined(choices[:-1], ", "), last=choices[-1])


def _material(kings: int, men: int) -> Text:
    parts: list[Text | str] = []
    if kings:
        parts.append(plural("{count} king", "{count} kings", kings))
    if men:
        parts.append(plural("{count} man", "{count} men", men))
    return joined(parts, " + ")


LUDO_OPTIONS: Mapping[str, Text] = {
    "three_sixes": text("three-sixes: a third six in a row is not played, and the turn passes."),
    "towers_block": text("towers-block: no pawn may pass a tower of another colour."),
    "teams": text(
        "teams: Red and Yellow play against Green and Blue; a player with every pawn "
        "finished moves the partner's pawns."
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


def rules_of(key: str, options: Mapping[str, object] | None = None) -> list[Text]:
    """The explanation of one game kind (with a game's Ludo options when given)."""
    if key == LUDO:
        return ludo_rules(options)
    return draughts_rules(DRAUGHTS_RULES[key])


GAMES_HELP = text(
    "Games: brazilian (brasileira), international (internacional), italian (italiana), "
    "italian-familiar (familiare, with the soffio), ludo. {/rules} GAME explains one."
)
NOTATION_HELP = text(
    "Moves: c3-d4 or d4xf6 on Brazilian boards (numbers also: 22-18, 18x11); 32-28 or "
    "28x19 in International draughts; 21-17 or 22x13 in Italian; soffio 22 huffs a piece; "
    "in Ludo, the pawn and its square: p2 c14-c20, or {/roll}."
)
OPTIONS_HELP = text(
    "Options for {/new}: fen=W:W31,32:B1,2 starts draughts from a position, numbers shows "
    "square numbers on a Brazilian board; ludo takes 2-4 "
    "players and three-sixes, towers-block, teams; 3d or 5m sets a clock (days or minutes "
    "per move)."
)


def help_footer() -> list[Text]:
    """What /help says after the commands: the games, the notations, the options."""
    return [GAMES_HELP, NOTATION_HELP, OPTIONS_HELP]
