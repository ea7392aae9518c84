"""Tie-breaks and standings on crosstables computed by hand."""

from __future__ import annotations

from competition.pairing.results import GameResult, Outcome, PlayedGame
from competition.pairing.standings import Tiebreak, standings

S, SB, W = Tiebreak.SOLKOFF, Tiebreak.SONNEBORN_BERGER, Tiebreak.WINS


def games(rows: str) -> list[PlayedGame]:
    """'A 1-0 B' lines: White, result, Black."""
    outcome = {"1-0": Outcome.WHITE, "0-1": Outcome.BLACK, "½-½": Outcome.DRAW}
    played = []
    for number, line in enumerate(rows.strip().splitlines(), 1):
        white, result, black = line.split()
        played.append(PlayedGame(number, white, black, GameResult(outcome[result])))
    return played


# Round robin of four:   A    B    C    D   score  Solkoff  S-B   wins
#                   A    .    1    ½    1    2.5     3.5    2.75   2
#                   B    0    .    1    ½    1.5     4.5    1.75   1
#                   C    ½    0    .    1    1.5     4.5    1.75   1
#                   D    0    ½    0    .    0.5     5.5    0.75   0
ROUND_ROBIN = games("""
A 1-0 B
C ½-½ A
A 1-0 D
B 1-0 C
D ½-½ B
C 1-0 D
""")


def test_round_robin_of_four() -> None:
    table = standings("ABCD", ROUND_ROBIN, [], [S, SB, W])
    assert [(s.place, s.entry, s.score, s.tiebreaks) for s in table] == [
        (1, "A", 2.5, (3.5, 2.75, 2.0)),
        (2, "B", 1.5, (4.5, 1.75, 1.0)),
        (2, "C", 1.5, (4.5, 1.75, 1.0)),
        (4, "D", 0.5, (5.5, 0.75, 0.0)),
    ]
    assert (table[0].wins, table[0].draws, table[0].losses) == (2, 1, 0)


# Two Swiss rounds of six:
#   round 1: A 1-0 B, C 1-0 D, E ½-½ F;  round 2: A ½-½ C, B 1-0 E, D ½-½ F
#   entry  score  Solkoff        S-B                wins
#   A      1.5    B1 + C1.5 = 2.5  B1 + ½·C1.5 = 1.75  1
#   C      1.5    D.5 + A1.5 = 2   D.5 + ½·A1.5 = 1.25 1
#   B      1      A1.5 + E.5 = 2   E.5 = .5            1
#   F      1      E.5 + D.5 = 1    ½·E.5 + ½·D.5 = .5  0
#   D      .5     C1.5 + F1 = 2.5  ½·F1 = .5           0
#   E      .5     F1 + B1 = 2      ½·F1 = .5           0
SWISS = games("""
A 1-0 B
C 1-0 D
E ½-½ F
A ½-½ C
B 1-0 E
D ½-½ F
""")


def places(order: list[Tiebreak]) -> list[tuple[int, str]]:
    return [(s.place, s.entry) for s in standings("ABCDEF", SWISS, [], order)]


def test_solkoff_first_orders_everyone() -> None:
    assert places([S, SB, W]) == [(1, "A"), (2, "C"), (3, "B"), (4, "F"), (5, "D"), (6, "E")]


def test_sonneborn_berger_alone_leaves_shared_places() -> None:
    assert places([SB]) == [(1, "A"), (2, "C"), (3, "B"), (3, "F"), (5, "D"), (5, "E")]


def test_wins_after_sonneborn_berger_split_one_tie_only() -> None:
    assert places([SB, W]) == [(1, "A"), (2, "C"), (3, "B"), (4, "F"), (5, "D"), (5, "E")]


def test_a_bye_scores_but_adds_no_tiebreak() -> None:
    table = standings("AB", games("A 1-0 B"), [("B", 1.0)], [S, SB, W])
    assert [(s.place, s.entry, s.score, s.tiebreaks) for s in table] == [
        (1, "A", 1.0, (1.0, 1.0, 1.0)),
        (2, "B", 1.0, (1.0, 0.0, 0.0)),
    ]


def test_a_forfeit_counts_as_a_game() -> None:
    forfeit = [PlayedGame(1, "A", "B", GameResult(Outcome.BLACK, forfeit=True))]
    table = standings("AB", forfeit, [], [W])
    assert [(s.entry, s.score, s.wins) for s in table] == [("B", 1.0, 1), ("A", 0.0, 0)]
