"""`python -m games.damas endgame build|verify`: a file per material, what is there and whole
kept, a file cut short built again, every value checked, bad input refused in one line."""

import json
from pathlib import Path

import pytest

from games.damas.__main__ import main
from games.damas.engine import compiled

pytestmark = pytest.mark.usefixtures("compiled_core")
Capture = pytest.CaptureFixture[str]


def _run(argv: list[str], capsys: Capture) -> tuple[int, list[str], str]:
    status = main(["endgame", *argv])
    captured = capsys.readouterr()
    return status, captured.out.splitlines(), captured.err


def test_a_build_keeps_what_is_whole_and_builds_again_what_is_not(
    tmp_path: Path, capsys: Capture
) -> None:
    args = ["--variant", "brasileira", "--pieces", "3", "--folder", str(tmp_path)]
    status, out, err = _run(["build", *args], capsys)
    assert status == 0
    assert json.loads(out[-1])["built"] == 9
    assert "100.0%" in err  # the progress bar
    files = sorted(path.name for path in (tmp_path / "brazilian").iterdir())
    assert len(files) == 9
    assert "1k1m-1k0m.egdb" in files
    cut = tmp_path / "brazilian" / "1k1m-1k0m.egdb"
    cut.write_bytes(cut.read_bytes()[:-1])
    status, out, _ = _run(["build", *args], capsys)
    assert (json.loads(out[-1])["built"], json.loads(out[-1])["kept"]) == (1, 8)
    assert out[0].startswith("built 1k1m-1k0m: ")
    status, out, _ = _run(["verify", *args], capsys)
    assert status == 0
    assert "1k1m-1k0m: every value agrees with its successors" in out
    assert json.loads(out[-1])["wrong"] == 0


def test_a_verify_names_what_is_missing(tmp_path: Path, capsys: Capture) -> None:
    args = ["--variant", "italian", "--pieces", "2", "--folder", str(tmp_path)]
    assert _run(["build", *args], capsys)[0] == 0
    (tmp_path / "italian" / "1k0m-0k1m.egdb").unlink()
    status, out, _ = _run(["verify", *args], capsys)
    assert status == 1
    assert "1k0m-0k1m: missing, unreadable or not whole (its CRC-32)" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["build", "--variant", "chess"], "unknown draughts variant 'chess'"),
        (["build", "--variant", "italian", "--pieces", "7"], "--pieces: 2 to 6, not 7"),
        (["build"], "the following arguments are required: --variant"),
    ],
)
def test_bad_input_gets_one_line(argv: list[str], message: str, capsys: Capture) -> None:
    status, _, err = _run(argv, capsys)
    assert status == 2
    assert message in err
    assert "Traceback" not in err


def test_without_the_compiled_core_nothing_is_built(
    tmp_path: Path, capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(compiled, "COMPILED", False)
    status, _, err = _run(["build", "--variant", "italian", "--folder", str(tmp_path)], capsys)
    assert status == 2
    assert "the compiled core is not built here (no C compiler at install)" in err
    assert not (tmp_path / "italian").exists()
