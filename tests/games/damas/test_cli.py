"""The command line `python -m games.damas`: perft, moves, check-pdn, play, errors, --help."""

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from games.damas.__main__ import main

Capture = pytest.CaptureFixture[str]

WOLDOUBY = "W:W25,27,28,30,32,33,34,35,37,38:B12,13,14,16,18,19,21,23,24,26"


def run(argv: list[str], capsys: Capture) -> tuple[int, list[str], list[str]]:
    status = main(argv)
    captured = capsys.readouterr()
    return status, captured.out.splitlines(), captured.err.splitlines()


# ----------------------------------------------------------------------------------------
# perft


@pytest.mark.parametrize(
    ("variant", "depth", "nodes"),
    [("international", "4", 4265), ("brasileira", "5", 7473), ("dama italiana", "5", 7361)],
)
def test_perft_prints_the_count_alone_first(
    variant: str, depth: str, nodes: int, capsys: Capture
) -> None:
    status, out, _ = run(["perft", variant, depth], capsys)
    assert status == 0
    assert out[0] == str(nodes)
    assert re.fullmatch(r"time \d+\.\d{3} s, \d+ nodes/s", out[1])


def test_perft_from_a_fen(capsys: Capture) -> None:
    status, out, _ = run(["perft", "international", "4", "--fen", WOLDOUBY], capsys)
    assert (status, out[0]) == (0, "73")


def test_perft_divide_counts_each_first_move_in_notation(capsys: Capture) -> None:
    status, out, _ = run(["perft", "brazilian", "3", "--divide"], capsys)
    assert status == 0
    per_move = dict(line.split() for line in out[:7])
    assert set(per_move) == {"a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"}
    assert sum(map(int, per_move.values())) == 302
    assert out[7] == "302"
    assert out[8].startswith("time ")


# ----------------------------------------------------------------------------------------
# moves


def test_moves_one_per_line_in_notation(capsys: Capture) -> None:
    status, out, _ = run(["moves", "italian", "W:W21-32:B1-12"], capsys)
    assert status == 0
    assert sorted(out) == ["21-17", "21-18", "22-18", "22-19", "23-19", "23-20", "24-20"]


def test_moves_json_gives_paths_and_captures_in_fen_numbers(capsys: Capture) -> None:
    status, out, _ = run(["moves", "--json", "international", "W:W32:B27,17"], capsys)
    assert status == 0
    assert json.loads("\n".join(out)) == [
        {"path": [32, 21, 12], "captures": [27, 17], "notation": "32x12"}
    ]


def test_moves_json_of_the_start_lists_every_opening_move(capsys: Capture) -> None:
    status, out, _ = run(["moves", "--json", "brazilian", "W:W21-32:B1-12"], capsys)
    moves = json.loads(out[0])
    assert status == 0
    assert len(moves) == 7
    assert all(move["captures"] == [] and len(move["path"]) == 2 for move in moves)
    assert {move["notation"] for move in moves} >= {"c3-d4", "g3-h4"}


# ----------------------------------------------------------------------------------------
# Bad input: one line, status 2


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["perft", "chess", "2"], "unknown draughts variant 'chess'"),
        (["perft", "ludo", "2"], "unknown draughts variant 'ludo'"),
        (["perft", "international", "two"], "depth must be a whole number"),
        (["perft", "international", "-1"], "depth must be a whole number"),
        (["moves", "international", "W:W32:B99"], "bad FEN"),
        (["moves", "international"], "required: FEN"),
        (["play", "italian", "--fen", "X:Y"], "bad FEN"),
        (["check-pdn", "/no/such/file.pdn"], "cannot read /no/such/file.pdn"),
        (["check-pdn", "--variant", "chess", "x.pdn"], "unknown draughts variant"),
        (["fly"], "invalid choice"),
        ([], "required: command"),
    ],
)
def test_bad_input_gets_one_line_and_status_2(
    argv: list[str], message: str, capsys: Capture
) -> None:
    status, out, err = run(argv, capsys)
    assert status == 2
    assert out == []
    assert len(err) == 1
    assert message in err[0]
    assert "Traceback" not in err[0]


def test_help_lists_the_commands_and_variants(capsys: Capture) -> None:
    status, out, _ = run(["--help"], capsys)
    text = " ".join(out)
    assert status == 0
    for word in ("perft", "moves", "check-pdn", "play", "brazilian", "italian-familiar"):
        assert word in text
    status, out, _ = run(["perft", "--help"], capsys)
    assert status == 0
    assert "--divide" in " ".join(out)


def test_runs_as_a_module() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "games.damas", "perft", "italian", "3"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "302"


# ----------------------------------------------------------------------------------------
# check-pdn

GOOD_GAME = '[Event "good"]\n[White "W1"]\n[Black "B1"]\n1. 32-28 19-23 2. 28x19 14x23 1-1\n'
BAD_GAME = (
    '[Event "bad"]\n[White "Alice"]\n[Black "Bob"]\n1. 32-28 19-23 2. 33-29 13-19 3. 28x19 1-1\n'
)


def test_check_pdn_passes_a_good_file(tmp_path: Path, capsys: Capture) -> None:
    path = tmp_path / "good.pdn"
    path.write_text(GOOD_GAME * 2)
    status, out, _ = run(["check-pdn", str(path)], capsys)
    assert (status, out) == (0, ["games=2 moves=8 illegal=0 unread=0"])


def test_check_pdn_reports_an_illegal_move_and_goes_on(tmp_path: Path, capsys: Capture) -> None:
    path = tmp_path / "bad.pdn"
    path.write_text(BAD_GAME + "\n" + GOOD_GAME)
    status, out, _ = run(["check-pdn", str(path)], capsys)
    assert status == 1
    assert out[-1] == "games=2 moves=6 illegal=1 unread=0"
    (report,) = out[:-1]
    # 2. 33-29 is not legal: 28x19 is compulsory.
    for part in (str(path), "game 1", "Alice - Bob (bad)", "move 2. 33-29", "28x19", "W:W"):
        assert part in report, part


def test_check_pdn_uses_the_variant_option_for_files_without_gametype(
    tmp_path: Path, capsys: Capture
) -> None:
    path = tmp_path / "italian.pdn"
    path.write_text("1. 21-17 12-15 2. 23-19 11-14 *\n")
    status, out, _ = run(["check-pdn", str(path)], capsys)
    assert status == 1, "as international, 21-17 is a white man moving backwards"
    status, out, _ = run(["check-pdn", "--variant", "italiana", str(path)], capsys)
    assert (status, out) == (0, ["games=1 moves=4 illegal=0 unread=0"])


def test_check_pdn_reports_a_bad_fen_tag(tmp_path: Path, capsys: Capture) -> None:
    path = tmp_path / "fen.pdn"
    path.write_text('[SetUp "1"]\n[FEN "W:W99:B1"]\n1. 32-28 *\n')
    status, out, _ = run(["check-pdn", str(path)], capsys)
    assert status == 1
    assert "bad set-up position" in out[0]
    assert out[-1] == "games=1 moves=0 illegal=1 unread=0"


def test_check_pdn_reports_text_that_is_not_pdn(tmp_path: Path, capsys: Capture) -> None:
    path = tmp_path / "broken.pdn"
    path.write_text("1. 32-28 {never closed\n")
    status, out, _ = run(["check-pdn", str(path)], capsys)
    assert status == 1
    assert "not readable as PDN" in out[0]
    assert out[-1] == "games=0 moves=0 illegal=0 unread=1"


def test_check_pdn_shows_progress_on_stderr_for_several_files(
    tmp_path: Path, capsys: Capture
) -> None:
    paths = [tmp_path / f"{name}.pdn" for name in "ab"]
    for path in paths:
        path.write_text(GOOD_GAME)
    status, out, err = run(["check-pdn", *map(str, paths)], capsys)
    assert (status, out) == (0, ["games=2 moves=8 illegal=0 unread=0"])
    assert len(err) == 2


# ----------------------------------------------------------------------------------------
# play


def play(argv: list[str], typed: str, capsys: Capture, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    assert main(["play", *argv]) == 0
    return capsys.readouterr().out


def test_play_takes_moves_lists_them_and_undoes(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = play(["international"], "moves\n32-28\nundo\n33-28\nquit\n", capsys, monkeypatch)
    listed = out.split("White to move> ", 1)[1].splitlines()[0].split()
    assert sorted(listed) == [
        f"{a}-{b}"
        for a, b in (
            (31, 26),
            (31, 27),
            (32, 27),
            (32, 28),
            (33, 28),
            (33, 29),
            (34, 29),
            (34, 30),
            (35, 30),
        )
    ]
    assert "played 32-28" in out
    assert "played 33-28" in out
    assert out.count("Black to move>") == 2, "one prompt after each move"


def test_play_shows_parse_errors_and_goes_on(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = play(["brasileira"], "j9-k8\nc3-c4\nc3-d4\n", capsys, monkeypatch)
    assert "j9 is not a square on this board" in out
    assert "c3-c4" in out
    assert "played c3-d4" in out
    assert out.rstrip().endswith("Black to move>"), "ends quietly at the end of input"


def test_play_reports_the_end_of_the_game(capsys: Capture, monkeypatch: pytest.MonkeyPatch) -> None:
    out = play(["italian", "--fen", "B:W28:B23"], "23x32\n", capsys, monkeypatch)
    assert "game over: Black wins (no_pieces: White has no pieces left)" in out


def test_play_board_marks_kings_and_names_squares(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = play(["brazilian", "--fen", "W:WK29,22:B1"], "quit\n", capsys, monkeypatch)
    ranks = {line.split()[0]: line.split()[1:] for line in out.splitlines()[1:9]}
    assert ranks["1"][0] == "W", "a White king on a1, the bottom left (square 29)"
    assert ranks["3"][:2] == ["a3", "w"], "a White man on c3 (square 22)"
    assert ranks["8"][0] == "b", "a Black man on b8 (square 1)"
    assert out.splitlines()[9].split() == list("abcdefgh")


def test_play_numbered_board_shows_the_numbers_of_each_row(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = play(["international"], "quit\n", capsys, monkeypatch)
    rows = out.splitlines()[1:11]
    assert rows[0].split() == ["b"] * 5 + ["1-5"]
    assert rows[4].split() == ["21", "22", "23", "24", "25", "21-25"]
    assert rows[9].split() == ["w"] * 5 + ["46-50"]


def test_play_the_household_game_with_a_huff(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 22x13 was the required capture; after 22-19 Black may huff the piece that missed it.
    typed = "22-19\nmoves\nsoffio 19\n"
    out = play(["familiare", "--fen", "W:W22:B18,1"], typed, capsys, monkeypatch)
    assert "Black to move> soffio 19 " in out
    assert "played soffio 19" in out
    assert "game over: Black wins (no_pieces: White has no pieces left)" in out


def test_check_pdn_reads_latin_1_and_bom_files(tmp_path: Path, capsys: Capture) -> None:
    latin = tmp_path / "latin.pdn"
    latin.write_bytes('[Dati "69° ASSOLUTO"]\n1. 21-17 12-15 *\n'.encode("latin-1"))
    bom = tmp_path / "bom.pdn"
    bom.write_bytes(b"\xef\xbb\xbf" + GOOD_GAME.encode())
    status, out, _ = run(["check-pdn", str(latin), str(bom)], capsys)
    assert (status, out) == (0, ["games=2 moves=6 illegal=0 unread=0"])
