"""Round trip: random legal games of every variant -> PDN text -> read -> replay.

The replay must reach the very position the game reached (counters and repetition history
included), whether the record starts from the start or from a FEN tag set up mid-game.
"""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.damas import RULES, Position
from games.damas.pdn import PdnGame, read_games
from games.damas.pdn_replay import replay_game
from games.damas.pdn_write import write_game, write_games

RESULTS = ("2-0", "0-2", "1-1", "1-0", "0-1", "1/2-1/2", "*")


def random_game(
    variant: str, choices: list[int], setup_plies: int
) -> tuple[Position, list[str], Position]:
    """(start of the record, move texts, final position), choosing moves by `choices`."""
    position = Position.start(variant)
    start = position
    texts: list[str] = []
    for ply, choice in enumerate(choices):
        if ply == setup_plies:
            # The record starts here, from a FEN tag (its counters start at zero).
            position = start = Position.from_fen(variant, position.fen())
        moves = position.legal_moves()
        if position.outcome() is not None or not moves:
            break
        move = moves[choice % len(moves)]
        if ply >= setup_plies:
            texts.append(position.notation(move))
        position = position.play(move)
    return start, texts, position


@settings(max_examples=150, deadline=None)
@given(
    variant=st.sampled_from(sorted(RULES)),
    seed=st.integers(min_value=0, max_value=2**32),
    plies=st.integers(min_value=0, max_value=200),
    setup_plies=st.one_of(st.just(0), st.integers(min_value=1, max_value=40)),
    result=st.sampled_from(RESULTS),
    event=st.text(st.characters(exclude_categories=("Cs", "Cc")), max_size=20),
)
def test_random_games_survive_pdn(
    variant: str, seed: int, plies: int, setup_plies: int, result: str, event: str
) -> None:
    # Seeded choices give long games (hypothesis' own lists stay short).
    rng = random.Random(seed)
    choices = [rng.randrange(10_000) for _ in range(plies)]
    start, texts, final = random_game(variant, choices, setup_plies)
    tags = {"Event": event}
    if setup_plies and start.fen() != Position.start(variant).fen():
        tags["FEN"] = start.fen()
    text = write_game(PdnGame(tags, tuple(texts), result, variant))

    (game,) = read_games(text)
    assert (game.variant, game.moves, game.result) == (variant, tuple(texts), result)
    assert game.tags["Event"] == event
    replay = replay_game(game)
    assert replay.problem is None, replay.problem
    assert replay.played == len(texts)
    if "FEN" in tags or not setup_plies:
        assert replay.position == final
    assert write_game(game) == text, "writing what was read gives the same text"


def test_several_random_games_in_one_text() -> None:
    games = []
    for index, variant in enumerate(sorted(RULES)):
        _, texts, _ = random_game(variant, list(range(index, index + 50)), 0)
        games.append(PdnGame({"Round": str(index)}, tuple(texts), "*", variant))
    again = read_games(write_games(games))
    assert [(game.variant, game.moves) for game in again] == [
        (game.variant, game.moves) for game in games
    ]
    assert all(replay_game(game).problem is None for game in again)
