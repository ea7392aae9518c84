"""The words of the rules in the reader's language: one template per message key of games/.

games/ raises errors and gives notices as a key and parameters (games.messages.Message),
with English as the default text. This table gives each key its template, written as the
English text of games/ so that the catalogue extractor finds it and the translators see the
same sentence; `message_text` turns a message (and the messages among its parameters: a
colour, an outcome reason, a notation example) into a `Text` for `translate`.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.i18n import Text, text
from games.base import GameError
from games.messages import Message

GAME_MESSAGES: Mapping[str, Text] = {
    "ply_does_not_replay": text("ply {ply} ('{text}') does not replay: {reason}"),
    "white": text("white"),
    "black": text("black"),
    "white_side": text("White"),
    "black_side": text("Black"),
    "squares_numbered": text("squares are 1..{count}"),
    "squares_named": text("squares are dark squares a1..{last} or numbers 1..{count}"),
    "not_a_move": text("'{text}' is not a move: write a move as {example}"),
    "not_a_square": text(
        "'{text}': {token} is not a square on this board: {where}; write a move as {example}"
    ),
    "not_a_huff_square": text(
        "'{text}': {token} is not a square on this board: {where}; huff with: soffio 22"
    ),
    "ambiguous_capture": text(
        "{text} is ambiguous: it names {count} captures; write the full path: {moves}"
    ),
    "no_destination": text("{text} is not legal: no move ends on {square}"),
    "ambiguous_destination": text(
        "{text} is ambiguous: {count} moves end on {square}; write the whole move: {moves}"
    ),
    "not_legal_here": text("{text} is not legal here: legal are {moves}"),
    "no_move_legal": text("{text} is not legal here: no move is legal"),
    "no_piece_on_square": text(
        "{text} is not legal: {square} holds no {colour} piece ({side} to move)"
    ),
    "capture_compulsory": text("{text} is not legal: a capture is compulsory: {moves}"),
    "take_the_most": text(
        "{text} is not legal: the capture of the most pieces is compulsory: {best} takes {most}"
    ),
    "king_must_capture": text(
        "{text} is not legal: the king must capture (a king's capture comes before a "
        "man's): {moves}"
    ),
    "take_most_kings": text("{text} is not legal: take the most kings: {best} takes {kings}"),
    "take_kings_first": text("{text} is not legal: take the kings met earliest: {moves}"),
    "capture_goes_on": text(
        "{text} is not legal: the capture goes on while the piece can take: {moves}"
    ),
    "man_cannot_take_king": text("{text} is not legal: a man cannot capture a king"),
    "piece_moves": text("{text} is not legal: the piece on {square} can play {moves}"),
    "piece_stuck": text("{text} is not legal: the piece on {square} can play no move"),
    "huff_only": text(
        "{text} is not legal: you may huff only the piece on {squares} ({huffs}), or play {moves}"
    ),
    "nothing_to_huff": text(
        "{text} is not legal: there is nothing to huff: the last move was not a missed capture"
    ),
    "already_huffed": text(
        "{text} is not legal: you have huffed the piece on {square}; now play your move: {moves}"
    ),
    "huff_which": text("{text}: say which piece you huff: {huffs}"),
    "huff_offer": text(
        "{side} did not make the required capture: you may huff the piece on {squares} "
        "({huffs}) or play on"
    ),
    "huffed": text("{side} huffed the piece on {square}"),
    "either": text("{some} or {last}"),
    "fen_side": text(
        "'{text}' is not a FEN: it starts with the side to move, W or B, as in W:W31,32:B1,2"
    ),
    "fen_field": text(
        "'{text}': the field '{field}' must start with W or B (the colour of its "
        "pieces), as in W:W31,32:B1,2"
    ),
    "fen_square_twice": text("'{text}': square {square} is listed twice"),
    "fen_crowned_man": text(
        "'{text}': a {colour} man cannot stand on {squares}, its crowning row; write it "
        "as a king (K)"
    ),
    "fen_bad_item": text(
        "'{text}': '{item}' is not a square or a range of squares of this board ({where})"
    ),
    "fen_light_square": text(
        "'{text}': {item} is a light square; pieces stand on the dark squares ({where})"
    ),
    "fen_too_many": text("'{text}': {side} has {count} pieces; a side has at most {most}"),
    "fen_no_pieces": text("'{text}': the game is already over: {side} has no pieces"),
    "fen_no_moves": text("'{text}': the game is already over: {side} is to move and has no move"),
    "snapshot_field": text("'{text}' in a snapshot: expected name=value with a name among {names}"),
    "snapshot_counters": text("'{text}': the counters must be whole numbers"),
    "snapshot_huff": text("'{text}': huff= lists squares of this board, e.g. huff=22,23"),
    "example_brazilian": text("c3-d4 or d4xf6 (or with numbers: 22-18, 18x11)"),
    "example_international": text("32-28 or 28x19"),
    "example_italian": text("21-17 or 22x13"),
    "example_italian-familiar": text("21-17 or 22x13; huff with: soffio 22"),
    "outcome_all_home": text("all_home"),
    "outcome_team_home": text("team_home"),
    "outcome_others_left": text("others_left"),
    "outcome_team_left": text("team_left"),
    "ludo_game_over": text("the game is over: {reason}"),
    "ludo_must_move": text("{text} is not legal here: player {player} must move the {roll}"),
    "ludo_roll_due": text("{text} is not legal here: a roll is due for player {player}"),
    "ludo_not_playing": text("player {player} is not playing; still playing: {players}"),
    "ludo_empty_move": text("an empty move: type a pawn (2 or p2), a square (c14) or roll N"),
    "ludo_roll_first": text("'{text}': the die must be rolled first"),
    "ludo_not_legal_with": text("'{text}' is not a legal move with a {roll}"),
    "ludo_command_number": text("write {command} and a number, like '{command} 2'"),
    "ludo_die_faces": text("a die shows 1 to 6, not {number}"),
    "ludo_no_roll_due": text("no roll is due: player {player} must move the {roll} first"),
    "ludo_not_a_word": text(
        "'{text}' is neither a pawn (1..4 or p1..p4) nor a square (c1..c52, h1..h5, "
        "yard, home) nor a way (c14-c20)"
    ),
    "ludo_players": text("Ludo takes 2, 3 or 4 players, not {players}"),
    "ludo_option_bool": text("the Ludo option {option} is true or false, not {value}"),
    "ludo_teams_four": text("teams need 4 players (1+3 against 2+4), not {players}"),
    "ludo_first_seat": text("first_seat is a seat 0..{last}, not {value}"),
    "ludo_unknown_option": text("unknown Ludo option {options}; the options are {known}"),
    "ludo_snapshot_fields": text(
        "a Ludo snapshot has 5 fields (pawns turn roll sixes left), not {count}: '{text}'"
    ),
    "ludo_snapshot_number": text("a Ludo snapshot field is not a number: '{text}'"),
    "ludo_snapshot_stuck": text("the roll {roll} is pending but has no legal move: '{text}'"),
    "ludo_snapshot_groups": text("a {players}-player snapshot has {players} groups of 4 pawns"),
    "ludo_snapshot_progress": text("a pawn's progress is {yard} (yard) to {home} (home)"),
    "ludo_snapshot_turn": text("player {player} cannot be the one to move"),
    "ludo_snapshot_roll": text("the roll is - or 1..6, not {roll}"),
    "ludo_snapshot_sixes": text("the sixes in a row are {most}, not {sixes}"),
    "ludo_snapshot_sixes_three": text("0..2 with three_sixes"),
    "ludo_snapshot_sixes_any": text("0 or more"),
    "ludo_snapshot_left": text("the players who left are numbered 1..{players}"),
    "ludo_snapshot_left_pawns": text("the pawns of a player who left are off the board (-1)"),
    "ludo_snapshot_square": text(
        "square c{square} holds {pawns} pawns of {colours} colours: a square holds one "
        "pawn or a tower of two of one colour"
    ),
}

# Keys of messages whose text already lists the moves that are legal.
_LISTS_MOVES = frozenset(
    key
    for key, template in GAME_MESSAGES.items()
    if "{moves}" in template.message or "{huffs}" in template.message
)


def message_text(message: Message) -> Text:
    """A message of games/ as a Text; a key without a template shows its English text."""
    template = GAME_MESSAGES.get(message.key)
    if template is None:
        return text("{reason}", reason=str(message))
    values = {
        name: message_text(value) if isinstance(value, Message) else value
        for name, value in message.params.items()
    }
    return Text(template.message, values)


def error_text(error: GameError) -> Text:
    """Why a move or a position was refused, with the legal moves when the reason does not
    list them already."""
    reason = message_text(error.message) if error.message else text("{reason}", reason=str(error))
    if error.choices and error.key not in _LISTS_MOVES:
        return text("{reason}. Legal: {choices}", reason=reason, choices=", ".join(error.choices))
    return reason
