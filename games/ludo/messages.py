"""The English text of every message the Ludo rules raise (see games.messages).

Players are numbered from 1 in turn order (`player`); `reason` is an outcome reason given
as a message (`outcome_all_home`, ...).
"""

from __future__ import annotations

from games.messages import Message, register_english, word

register_english(
    {
        "outcome_all_home": "all_home",
        "outcome_team_home": "team_home",
        "outcome_others_left": "others_left",
        "outcome_team_left": "team_left",
        "ludo_game_over": "the game is over: {reason}",
        "ludo_must_move": "{text} is not legal here: player {player} must move the {roll}",
        "ludo_roll_due": "{text} is not legal here: a roll is due for player {player}",
        "ludo_not_playing": "player {player} is not playing; still playing: {players}",
        "ludo_empty_move": "an empty move: type a pawn (2 or p2), a square (c14) or roll N",
        "ludo_roll_first": "'{text}': the die must be rolled first",
        "ludo_not_legal_with": "'{text}' is not a legal move with a {roll}",
        "ludo_command_number": "write {command} and a number, like '{command} 2'",
        "ludo_die_faces": "a die shows 1 to 6, not {number}",
        "ludo_no_roll_due": "no roll is due: player {player} must move the {roll} first",
        "ludo_not_a_word": "'{text}' is neither a pawn (1..4 or p1..p4) nor a square "
        "(c1..c52, h1..h5, yard, home) nor a way (c14-c20)",
        "ludo_players": "Ludo takes 2, 3 or 4 players, not {players}",
        "ludo_option_bool": "the Ludo option {option} is true or false, not {value}",
        "ludo_teams_four": "teams need 4 players (1+3 against 2+4), not {players}",
        "ludo_first_seat": "first_seat is a seat 0..{last}, not {value}",
        "ludo_unknown_option": "unknown Ludo option {options}; the options are {known}",
        "ludo_snapshot_fields": "a Ludo snapshot has 5 fields (pawns turn roll sixes left), "
        "not {count}: '{text}'",
        "ludo_snapshot_number": "a Ludo snapshot field is not a number: '{text}'",
        "ludo_snapshot_stuck": "the roll {roll} is pending but has no legal move: '{text}'",
        "ludo_snapshot_groups": "a {players}-player snapshot has {players} groups of 4 pawns",
        "ludo_snapshot_progress": "a pawn's progress is {yard} (yard) to {home} (home)",
        "ludo_snapshot_turn": "player {player} cannot be the one to move",
        "ludo_snapshot_roll": "the roll is - or 1..6, not {roll}",
        "ludo_snapshot_sixes": "the sixes in a row are {most}, not {sixes}",
        "ludo_snapshot_sixes_three": "0..2 with three_sixes",
        "ludo_snapshot_sixes_any": "0 or more",
        "ludo_snapshot_left": "the players who left are numbered 1..{players}",
        "ludo_snapshot_left_pawns": "the pawns of a player who left are off the board (-1)",
        "ludo_snapshot_square": "square c{square} holds {pawns} pawns of {colours} colours: "
        "a square holds one pawn or a tower of two of one colour",
    }
)


def outcome_word(reason: str) -> Message:
    """An outcome reason of the Ludo rules as a message."""
    return word(f"outcome_{reason}")
