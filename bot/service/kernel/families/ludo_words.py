"""Ludo in words: moves, rolls, captures and the history as people read them.

The rules write moves in an English notation (`roll 6`, `p2 yard-c1`, `p4 h5-home`); these
functions show the same moves in the reader's language, keeping the square names (`c14`,
`h2`) that the text board and the picture share.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from bot.i18n import Text, joined, text
from bot.service.kernel.events import GameState
from bot.service.kernel.families.base import Turn
from games.base import AnyGame, replay
from games.ludo import LudoPosition
from games.ludo.board import START

COLOUR_NAMES = {1: text("Red"), 2: text("Green"), 3: text("Yellow"), 4: text("Blue")}
# A turn whose roll allowed no move.
NO_MOVE = text("no move")
PLACE_WORDS = {"yard": text("yard"), "home": text("home")}
# The words people may type for the places, in every language, as the rules spell them.
TYPED_PLACES = {"base": "yard", "casa": "yard", "chegada": "home", "arrivo": "home"}
_WAY = re.compile(r"([-x])")
_WORD = re.compile(r"[^\W\d_]+")


def shown_ludo_move(notation: str) -> Text:
    """`roll 6` as "rolled 6", `p2 yard-c1` as "p2 yard-c1" with the places translated."""
    words = notation.split()
    if words[0] == "roll" and len(words) == 2:
        return text("rolled {value}", value=words[1])
    if words[0] == "leave" and len(words) == 2:
        return text("player {seat} left", seat=words[1])
    parts = [words[0], " ", *_WAY.split(" ".join(words[1:]))]
    # A capture reads as a way with the word said: "p1 yardxc1" is hard to read.
    captures = "x" in parts
    way = joined([PLACE_WORDS.get(part, "-" if part == "x" else part) for part in parts], "")
    return text("{move} (capture)", move=way) if captures else way


def next_step(position: LudoPosition) -> Text:
    """What the player to move does after the roll: the only move, offered to be played by
    naming its pawn alone, or the moves to choose from."""
    moves = position.legal_moves()
    if len(moves) == 1:
        notation = position.notation(moves[0])
        return text(
            "The only move is {move}: {/move} {pawn} plays it.",
            move=shown_ludo_move(notation),
            pawn=notation.split()[0],
        )
    shown = [shown_ludo_move(position.notation(move)) for move in moves]
    return text("Move a pawn: {moves}.", moves=joined(shown, ", "))


def options_note(options: Mapping[str, object]) -> Text | None:
    """The optional rules of a game, for its caption: "three sixes end the turn; teams Red +
    Yellow against Green + Blue"."""
    notes: list[Text | str] = []
    if options.get("three_sixes"):
        notes.append(text("three sixes end the turn"))
    if options.get("towers_block"):
        notes.append(text("towers block"))
    if options.get("teams"):
        red, green, yellow, blue = (COLOUR_NAMES[colour] for colour in (1, 2, 3, 4))
        notes.append(text("teams {a} + {b} against {c} + {d}", a=red, b=yellow, c=green, d=blue))
    return joined(notes, "; ") if notes else None


def typed_ludo_move(words: str) -> str:
    """A move typed with the places in the reader's language, as the rules read it."""
    return _WORD.sub(lambda word: TYPED_PLACES.get(word[0].lower(), word[0]), words)


def ludo_headline(
    state: GameState,
    notation: str,
    seat: int,
    before: AnyGame,
    names: Sequence[Text | str],
) -> Text:
    """What happened, in words: a roll (and when it passes the turn), a move, a capture."""
    after = state.position
    assert isinstance(after, LudoPosition)
    assert isinstance(before, LudoPosition)
    name = names[seat]
    words = notation.split()
    if words[0] == "roll":
        value = words[1]
        if state.active and after.roll == 0 and after.turn != seat and value == "6":
            return text("{name} rolled a third six in a row: the turn passes.", name=name)
        if state.active and after.roll == 0:
            return text(
                "{name} rolled {value}: no move is possible, the turn passes.",
                name=name,
                value=value,
            )
        if state.active and state.record.seats[seat].computer is None:
            return text(
                "{name} rolled {value}. {next}", name=name, value=value, next=next_step(after)
            )
        return text("{name} rolled {value}.", name=name, value=value)
    if words[0] == "leave":
        return text("{name} resigned and left the game.", name=name)
    played = text("{name} played {move}.", name=name, move=shown_ludo_move(notation))
    victims = _sent_home(before, after)
    if not victims:
        return played
    sent = joined([names[victim] for victim in victims], " & ")
    return text("{played} {names} sent back to the yard.", played=played, names=sent)


def _sent_home(before: LudoPosition, after: LudoPosition) -> list[int]:
    """The seats that have more pawns in the yard than before: captured."""
    return [
        seat
        for seat in range(before.rules.players)
        if seat not in after.left
        and sum(p < START for p in after.pawns[seat]) > sum(p < START for p in before.pawns[seat])
    ]


def ludo_history(state: GameState, names: Sequence[Text | str]) -> Text:
    """Each move with the player who made it: "Ana: rolled 6; Ana: p1 yard-c1; ..."."""
    position = replay(state.record.kind, _rules(state), ())
    lines: list[Text] = []
    for notation in state.log:
        assert isinstance(position, LudoPosition)
        move = position.parse(notation)
        mover = (
            position.turn if notation.startswith("roll") else getattr(move, "seat", position.turn)
        )
        lines.append(text("{name}: {move}", name=names[mover], move=shown_ludo_move(notation)))
        position = position.play(move)
    return joined(lines, "; ")


def ludo_turns(state: GameState, players: Sequence[Text | str]) -> list[Turn]:
    """The history by turn: the rolls and moves one player made in a row (a six rolls
    again) make one turn; `players` names each seat ("Ana (Red)")."""
    position = replay(state.record.kind, _rules(state), ())
    turns: list[tuple[int, list[str], list[Text]]] = []
    for notation in state.log:
        assert isinstance(position, LudoPosition)
        move = position.parse(notation)
        roll = notation.startswith("roll")
        mover = position.turn if roll else getattr(move, "seat", position.turn)
        if not turns or turns[-1][0] != mover:
            turns.append((mover, [], []))
        if roll:
            turns[-1][1].append(notation.split()[1])
        else:
            turns[-1][2].append(shown_ludo_move(notation))
        position = position.play(move)
    return [
        Turn(players[seat], ", ".join(rolls), joined(moves, ", ") if moves else NO_MOVE)
        for seat, rolls, moves in turns
    ]


def _rules(state: GameState) -> dict[str, object]:
    return dict(state.record.options.get("rules", {}))
