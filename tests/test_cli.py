"""Tests of the cardgames command line."""

from __future__ import annotations

import json
import os
import pathlib
import pty
import re
import select
import subprocess
import sys
import time

import pytest

from cardgames import cli, codec


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


def run_command(*arguments: str, stdin: str = "", **env: str) -> subprocess.CompletedProcess[str]:
    """Run ``python -m cardgames`` with arguments, input and environment variables."""
    return subprocess.run(  # noqa: S603  # the package's own command
        [sys.executable, "-m", "cardgames", *arguments],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
        env={**os.environ, "PYTHONIOENCODING": "utf-8", **env},
    )


def test_bare_command_shows_help() -> None:
    done = run_command()
    assert done.returncode == 0
    assert "usage: cardgames" in done.stdout
    assert "play" in done.stdout
    assert "simulate" in done.stdout


def test_play_with_piped_input_plays_a_whole_hand() -> None:
    answers = "\n".join(["9", "play", "play Z♥", "1", *["1"] * 40]) + "\n"
    done = run_command(
        "play", "kalter-schlag", "--seat", "0", "--seed", "4", "--max-hands", "1", stdin=answers
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    out = done.stdout
    assert out.startswith("Kalter Schlag, seed 4: you are seat 0; the others are rule bots")
    assert "your hand: " in out
    assert "choose a number from 1 to " in out  # 9 was out of range
    assert "not that: cannot read 'play' as a Kalter Schlag move" in out or "not that: " in out
    assert "not that: cannot read 'Z♥' as a card" in out
    assert "trick 8: " in out
    assert out.rstrip().splitlines()[-1].startswith("match over after 1 hand")
    assert "Traceback" not in out + done.stderr


def test_play_ends_quietly_when_the_input_ends(tmp_path: pathlib.Path) -> None:
    record = tmp_path / "left.json"
    done = run_command(
        "play", "gin-rummy", "--seat", "1", "--seed", "2", "--record", str(record), stdin="1\n"
    )
    assert done.returncode == 0, done.stderr
    assert "you left the match after 1 hands" in done.stdout
    assert codec.loads_record(record.read_text(encoding="utf-8")).game == "gin-rummy"


def test_play_in_a_pseudo_terminal_through_a_full_hand() -> None:
    leader, follower = pty.openpty()
    process = subprocess.Popen(  # the package's own command
        [
            sys.executable,
            "-m",
            "cardgames",
            "play",
            "kalter-schlag",
            "--seat",
            "0",
            "--seed",
            "11",
            "--max-hands",
            "1",
        ],
        stdin=follower,
        stdout=follower,
        stderr=follower,
        env={**os.environ, "LANG": "C.UTF-8", "PYTHONIOENCODING": "utf-8"},
    )
    os.close(follower)
    seen = b""
    deadline = time.monotonic() + 60
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([leader], [], [], 1)
            if not ready:
                continue
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # the command ended and closed the terminal
                break
            if not chunk:
                break
            seen += chunk
            if seen.rstrip().endswith(b"(number or text):"):
                os.write(leader, b"1\n")
        process.wait(timeout=30)
    finally:
        os.close(leader)
        if process.poll() is None:
            process.kill()
    text = seen.decode("utf-8", errors="replace")
    assert process.returncode == 0, text[-2000:]
    assert "your hand: " in text
    assert "trick 8: " in text
    assert "match over after 1 hand" in text
    assert "Traceback" not in text


def test_a_terminal_without_unicode_gets_letters() -> None:
    done = run_command("watch", "kalter-schlag", "--seed", "2", "--max-hands", "1", LC_ALL="C")
    assert done.returncode == 0, done.stderr
    assert "♥" not in done.stdout
    assert re.search(r"\b(10|[2-9JQKA])[CSHD]\b", done.stdout)
    ascii_flag = run_command("--ascii", "watch", "kalter-schlag", "--seed", "2", "--max-hands", "1")
    assert ascii_flag.stdout == done.stdout


def test_rules_simulate_record_and_replay(tmp_path: pathlib.Path) -> None:
    rules = run_command("rules", "gin_rummy")
    assert rules.returncode == 0
    assert "knock_limit = 10" in rules.stdout
    assert "The highest count a player may knock with" in rules.stdout
    table = run_command(
        "simulate", "kalter-schlag", "-n", "6", "--agents", "first,random", "--seed", "1"
    )
    assert table.returncode == 2
    assert "--agents names 2 agents for 4 seats" in table.stderr
    table = run_command(
        "simulate",
        "kalter-schlag",
        "-n",
        "6",
        "--agents",
        "first,random,random,random",
        "--seed",
        "1",
    )
    assert table.returncode == 0, table.stderr
    assert table.stdout.splitlines()[1].split() == [
        "agent",
        "seats",
        "wins",
        "win",
        "rate",
        "mean",
        "total",
        "hands",
        "up",
        "hands",
        "down",
    ]
    data = json.loads(
        run_command("simulate", "gin-rummy", "-n", "4", "--seed", "3", "--json").stdout
    )
    assert data["matches"] == 4
    assert data["agents"][0]["name"] == "random"
    record = tmp_path / "match.json"
    watched = run_command(
        "watch",
        "staekske-rape",
        "--seed",
        "5",
        "--max-hands",
        "2",
        "--rules",
        "target=50",
        "--record",
        str(record),
    )
    assert watched.returncode == 0, watched.stderr
    replayed = run_command("replay", str(record))
    assert replayed.returncode == 0, replayed.stderr
    assert replayed.stdout.splitlines()[1:] == watched.stdout.splitlines()[1:]
    record.write_text('{"version": 1}', encoding="utf-8")
    broken = run_command("replay", str(record))
    assert (broken.returncode, broken.stderr) == (2, "cardgames: game: missing field\n")
    bad = run_command("watch", "kalter-schlag", "--rules", "target=x")
    assert bad.stderr == "cardgames: --rules target: target must be a whole number, not 'x'\n"
