"""The rules of draughts in words (/rules), for the Draughts family, from the rule sets.

The numbers (board size, the draw rules' move counts) are read from the rules' own constants,
so that the explanation cannot drift from the game.
"""

from __future__ import annotations

from bot.i18n import Text, joined, plural, text
from games.damas.movegen import majority_law
from games.damas.rules import REPETITION_COUNT, Material, Rules


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
