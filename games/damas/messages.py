"""The English text of every message the draughts rules raise or show (see games.messages).

Keys name the situation; parameters: `text` (what was typed, made visible), `square`,
`squares`, `moves` (notation, comma-separated), numbers, and words given as messages
(`colour`, `side`, `example`, `where`).
"""

from __future__ import annotations

from games.damas.rules import RULES
from games.messages import Message, register_english, word

ENGLISH = {
    # words
    "white": "white",
    "black": "black",
    "white_side": "White",
    "black_side": "Black",
    "squares_numbered": "squares are 1..{count}",
    "squares_named": "squares are dark squares a1..{last} or numbers 1..{count}",
    # reading a move
    "not_a_move": "'{text}' is not a move: write a move as {example}",
    "not_a_square": "'{text}': {token} is not a square on this board: {where}; "
    "write a move as {example}",
    "not_a_huff_square": "'{text}': {token} is not a square on this board: {where}; "
    "huff with: soffio 22",
    "ambiguous_capture": "{text} is ambiguous: it names {count} captures; "
    "write the full path: {moves}",
    "no_destination": "{text} is not legal: no move ends on {square}",
    "ambiguous_destination": "{text} is ambiguous: {count} moves end on {square}; "
    "write the whole move: {moves}",
    # why a move is not legal
    "not_legal_here": "{text} is not legal here: legal are {moves}",
    "no_move_legal": "{text} is not legal here: no move is legal",
    "no_piece_on_square": "{text} is not legal: {square} holds no {colour} piece ({side} to move)",
    "capture_compulsory": "{text} is not legal: a capture is compulsory: {moves}",
    "take_the_most": "{text} is not legal: the capture of the most pieces is compulsory: "
    "{best} takes {most}",
    "king_must_capture": "{text} is not legal: the king must capture (a king's capture "
    "comes before a man's): {moves}",
    "take_most_kings": "{text} is not legal: take the most kings: {best} takes {kings}",
    "take_kings_first": "{text} is not legal: take the kings met earliest: {moves}",
    "capture_goes_on": "{text} is not legal: the capture goes on while the piece can take: {moves}",
    "man_cannot_take_king": "{text} is not legal: a man cannot capture a king",
    "piece_moves": "{text} is not legal: the piece on {square} can play {moves}",
    "piece_stuck": "{text} is not legal: the piece on {square} can play no move",
    # the huff (italian-familiar)
    "huff_only": "{text} is not legal: you may huff only the piece on {squares} ({huffs}), "
    "or play {moves}",
    "nothing_to_huff": "{text} is not legal: there is nothing to huff: "
    "the last move was not a missed capture",
    "already_huffed": "{text} is not legal: you have huffed the piece on {square}; "
    "now play your move: {moves}",
    "huff_which": "{text}: say which piece you huff: {huffs}",
    "huff_offer": "{side} did not make the required capture: you may huff the piece on "
    "{squares} ({huffs}) or play on",
    "huffed": "{side} huffed the piece on {square}",
    # positions (FEN and snapshots)
    "fen_side": "'{text}' is not a FEN: it starts with the side to move, W or B, "
    "as in W:W31,32:B1,2",
    "fen_field": "'{text}': the field '{field}' must start with W or B (the colour of its "
    "pieces), as in W:W31,32:B1,2",
    "fen_square_twice": "'{text}': square {square} is listed twice",
    "fen_crowned_man": "'{text}': a {colour} man cannot stand on {squares}, its crowning row; "
    "write it as a king (K)",
    "fen_bad_item": "'{text}': '{item}' is not a square or a range of squares of this board "
    "({where})",
    "fen_light_square": "'{text}': {item} is a light square; pieces stand on the dark "
    "squares ({where})",
    "fen_too_many": "'{text}': {side} has {count} pieces; a side has at most {most}",
    "fen_no_pieces": "'{text}': the game is already over: {side} has no pieces",
    "fen_no_moves": "'{text}': the game is already over: {side} is to move and has no move",
    "snapshot_field": "'{text}' in a snapshot: expected name=value with a name among {names}",
    "snapshot_counters": "'{text}': the counters must be whole numbers",
    "snapshot_huff": "'{text}': huff= lists squares of this board, e.g. huff=22,23",
}
# The example moves of each variant, named `example_<variant>`.
ENGLISH.update({f"example_{key}": rules.notation_example for key, rules in RULES.items()})
register_english(ENGLISH)

COLOURS = (word("white"), word("black"))
SIDES = (word("white_side"), word("black_side"))


def example(variant: str) -> Message:
    """How moves are written in a variant, as a message."""
    return word(f"example_{variant}")
