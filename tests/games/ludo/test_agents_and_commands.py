"""The computer players and the `simulate` and `play` commands."""

import json
import random
from collections.abc import Callable

import pytest

from games.ludo import LudoPosition, LudoRules, Step
from games.ludo.__main__ import main
from games.ludo.agents import AGENTS, find_agent
from games.ludo.simulate import simulate

Board = Callable[..., LudoPosition]


@pytest.mark.parametrize("name", sorted(AGENTS))
def test_every_agent_plays_only_legal_moves(board: Board, name: str) -> None:
    agent = find_agent(name)
    rng = random.Random(3)
    position = board({0: ["c5", "c5", "c20"], 1: ["c8", "c8", "c22"], 2: ["c27"]}, roll=3)
    for _ in range(50):
        assert agent(position, rng) in position.legal_moves()


def test_an_unknown_agent_lists_the_known_ones() -> None:
    with pytest.raises(KeyError, match="the agents are random, simple, best"):
        find_agent("clever")


@pytest.mark.parametrize("name", ["simple", "best"])
def test_the_computer_players_take_a_far_advanced_enemy_pawn(board: Board, name: str) -> None:
    # Green's pawn on c8 has gone 46 of its 56 steps; red can take it or make a quiet move.
    position = board({0: ["c5", "c30"], 1: ["c8"]}, roll=3)
    assert find_agent(name)(position, random.Random(1)) == Step(0, 0, 4, 7, capture=True)


@pytest.mark.parametrize("name", ["simple", "best"])
def test_the_computer_players_run_from_a_pawn_about_to_take_them(board: Board, name: str) -> None:
    # Red's pawn on c35 has green's pawn two squares behind it; a 6 takes it out of reach.
    position = board({0: ["c35", "c1", "home", "home"], 1: ["c33", "c14"]}, roll=6)
    move = find_agent(name)(position, random.Random(1))
    assert move == Step(0, 0, 34, 40)


def test_best_beats_random_players() -> None:
    result = simulate(["best", "random", "random", "random"], 60, LudoRules(), seed=2)
    assert result.wins[0] / result.games > 0.4


def test_simulate_rejects_a_wrong_number_of_agents() -> None:
    with pytest.raises(ValueError, match="4 players need 4 agents, not 2"):
        simulate(["best", "random"], 10, LudoRules())


def test_a_simulation_repeats_with_its_seed() -> None:
    first = simulate(["simple", "random"], 20, LudoRules(players=2), seed=9)
    again = simulate(["simple", "random"], 20, LudoRules(players=2), seed=9)
    assert (first.wins, first.plies) == (again.wins, again.plies)


def test_simulate_prints_its_figures_as_json_on_the_last_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["simulate", "--games", "30", "--agents", "best,random,random", "--players", "3"]
    assert main([*argv, "--seed", "4", "--option", "three_sixes"]) == 0
    out, err = capsys.readouterr()
    figures = json.loads(out.strip().splitlines()[-1])
    assert figures["games"] == 30
    assert len(figures["win_rates"]) == 3
    assert abs(sum(figures["win_rates"]) - 1) < 1e-3
    assert figures["games_per_s"] > 0
    assert figures["options"]["three_sixes"] is True
    assert "30/30 games" in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "--agents", "best,random"], "4 players need 4 names, not 2"),
        (["simulate", "--agents", "best,random,random,genius"], "unknown player 'genius'"),
        (["simulate", "--option", "teams", "--players", "3"], "teams need 4 players"),
        (["simulate", "--option", "fast_dice"], "unknown option 'fast_dice'"),
        (["simulate", "--option", "teams=maybe"], "the value is true or false"),
        (["simulate", "--games", "0"], "--games is at least 1"),
        (["simulate", "--players", "6"], "2, 3 or 4 players"),
        (["simulate", "--games", "many"], "invalid int value: 'many'"),
        (["dance"], "invalid choice: 'dance'"),
    ],
)
def test_bad_command_lines_fail_in_one_line_with_status_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status: int | str | None
    try:
        status = main(argv)
    except SystemExit as stopped:
        status = stopped.code
    assert status == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1


def test_play_lets_a_person_play_against_the_computer(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    typed: list[str] = []

    def person(prompt: str) -> str:
        # First something wrong, then the first legal choice the prompt offers.
        answer = "p9" if not typed else prompt.split("(")[1].split(",")[0].split(")")[0]
        typed.append(answer)
        return answer

    monkeypatch.setattr("builtins.input", person)
    assert main(["play", "--players", "2", "--seats", "human,simple", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Dice commitment (SHA-256 of the secret seed): ")
    assert "is neither a pawn" in out
    assert "Game over (all_home)" in out
    assert out.rstrip().endswith("verified: True")
    assert len(typed) > 10


def test_play_stops_cleanly_when_the_input_ends(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_more(_prompt: str) -> str:
        raise EOFError

    monkeypatch.setattr("builtins.input", no_more)
    assert main(["play", "--seats", "human,human,human,human"]) == 2
    assert "input ended" in capsys.readouterr().err
