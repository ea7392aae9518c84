"""The committed dice of Ludo told to people: the SHA-256 published at the start, the seed
revealed at the end, and `/verify GAME`, which checks every roll of a finished game."""

from __future__ import annotations

from bot.i18n import Text, text
from bot.service.kernel.events import GameState
from games.ludo.dice import verify

ROLL_WORD = "roll"


def opening_note(state: GameState) -> Text | None:
    published = state.record.options.get("commitment")
    if published is None:
        return None
    return text(
        "The dice are fixed in advance: SHA-256 {commitment}. The seed is shown at the end; "
        "{/verify} {game} then checks every roll.",
        commitment=published,
        game=state.id,
    )


def closing_note(state: GameState) -> Text | None:
    seed = state.record.options.get("seed")
    if seed is None:
        return None
    return text(
        "The seed of the dice was {seed}; {/verify} {game} checks every roll.",
        seed=seed,
        game=state.id,
    )


def rolls_of(state: GameState) -> list[int]:
    return [int(notation.split()[1]) for notation in state.log if notation.startswith(ROLL_WORD)]


def verification(state: GameState) -> Text:
    """Whether the revealed seed is the one published and gives every roll of the game."""
    published = state.record.options.get("commitment")
    seed = state.record.options.get("seed")
    if published is None or seed is None:
        return text("Game #{game} has no dice to verify.", game=state.id)
    if state.active:
        return text(
            "Game #{game} is still on: its seed stays secret until the end. Published "
            "SHA-256: {commitment}.",
            game=state.id,
            commitment=published,
        )
    rolls = rolls_of(state)
    if verify(bytes.fromhex(seed), published, rolls):
        return text(
            "Game #{game}: the seed {seed} matches the SHA-256 {commitment} published at the "
            "start and gives all {count} rolls of the game.",
            game=state.id,
            seed=seed,
            commitment=published,
            count=len(rolls),
        )
    return text(
        "Game #{game}: the seed does NOT match the published SHA-256 or the rolls.",
        game=state.id,
    )
