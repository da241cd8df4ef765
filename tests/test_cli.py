"""Tests of the cardgames command line."""

from __future__ import annotations

import subprocess
import sys

import pytest

from cardgames import cli


def test_games_lists_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["games"]) == 0
    out = capsys.readouterr().out
    assert "kalter-schlag    Kalter Schlag (4 players)" in out
    assert "staekske-rape" in out


def test_watch_plays_a_seeded_match_to_its_end(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["watch", "kalter-schlag", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0] == "Kalter Schlag, seed 7, 4 random bots"
    assert lines[1].startswith("hand 1: seat ")
    assert any(line.startswith("trick 8: ") for line in lines)
    assert any(line.startswith("  totals  seat 0: ") for line in lines)
    assert lines[-1].startswith("match over after ")
    assert cli.main(["watch", "kalter-schlag", "--seed", "7"]) == 0
    assert capsys.readouterr().out == out


def test_watch_accepts_the_module_spelling(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["watch", "kalter_schlag", "--seed", "7", "--max-hands", "1"]) == 0
    assert capsys.readouterr().out.startswith("Kalter Schlag, seed 7, 4 random bots")
    with pytest.raises(SystemExit) as exited:
        cli.main(["watch", "kalter schlag"])
    assert exited.value.code == 2
    assert "invalid choice: 'kalter schlag'" in capsys.readouterr().err


def test_watch_stops_at_the_hand_limit(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        cli.main(["watch", "staekske-rape", "--seed", "3", "--players", "5", "--max-hands", "2"])
        == 0
    )
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "Staekske Rape, seed 3, 5 random bots"
    assert out.splitlines()[-1].startswith("match over after 2 hands")


def test_bad_options_are_reported_not_raised(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["watch", "kalter-schlag", "--players", "5"]) == 2
    assert capsys.readouterr().err == (
        "cardgames: Kalter Schlag is played by exactly 4 players, not 5\n"
    )
    assert cli.main(["watch", "kalter-schlag", "--max-hands", "-1"]) == 2
    assert "max_hands must be at least 1" in capsys.readouterr().err


def test_an_unknown_game_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        cli.main(["watch", "poker"])
    assert stopped.value.code == 2
    assert "invalid choice: 'poker'" in capsys.readouterr().err


def test_python_dash_m_runs_the_command() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "cardgames",
            "watch",
            "kalter-schlag",
            "--seed",
            "1",
            "--max-hands",
            "1",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1].startswith("match over after 1 hand: won by seat(s) ")
