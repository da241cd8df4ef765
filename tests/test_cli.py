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

import attrs
import pytest

import cardgames
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
    assert "cannot read 'Z♥' as a card" in out
    assert "trick 8: " in out
    assert out.rstrip().splitlines()[-1].startswith("match over after 1 hand")
    assert "Traceback" not in out + done.stderr


def test_play_ends_quietly_when_the_input_ends(tmp_path: pathlib.Path) -> None:
    record = tmp_path / "left.json"
    done = run_command(
        "play", "gin-rummy", "--seat", "1", "--seed", "2", "--record", str(record), stdin="1\n"
    )
    assert done.returncode == 0, done.stderr
    assert "you left the match after 1 hand\n" in done.stdout
    assert codec.loads_record(record.read_text(encoding="utf-8")).game == "gin-rummy"


def play_in_a_terminal(answers: list[bytes], **env: str) -> tuple[int | None, str]:
    """Play a hand of Kalter Schlag in a pseudo-terminal: the answers first, then always 1."""
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
        env={**os.environ, "LANG": "C.UTF-8", "PYTHONIOENCODING": "utf-8", **env},
    )
    os.close(follower)
    pending = list(answers)
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
                os.write(leader, pending.pop(0) if pending else b"1\n")
        process.wait(timeout=30)
    finally:
        os.close(leader)
        if process.poll() is None:
            process.kill()
    return process.returncode, seen.decode("utf-8", errors="replace")


def test_play_in_a_pseudo_terminal_through_a_full_hand() -> None:
    returncode, text = play_in_a_terminal([])
    assert returncode == 0, text[-2000:]
    assert "your hand: " in text
    assert "trick 8: " in text
    assert "match over after 1 hand" in text
    assert "Traceback" not in text


def test_a_terminal_player_who_types_odd_digits_is_asked_again() -> None:
    returncode, text = play_in_a_terminal(["²\n".encode(), "٣\n".encode(), b"99\n"])
    assert returncode == 0, text[-2000:]
    assert "not that: cannot read '²' as a Kalter Schlag move" in text
    assert "not that: cannot read '٣' as a Kalter Schlag move" in text
    assert "choose a number from 1 to " in text
    assert "match over after 1 hand" in text
    assert "Traceback" not in text


def test_a_terminal_that_cannot_read_what_is_typed_asks_again() -> None:
    returncode, text = play_in_a_terminal(["play Q♥\n".encode()], PYTHONIOENCODING="ascii")
    assert returncode == 0, text[-2000:]
    assert "not that: the terminal sent text that is not ascii: type the move's number" in text
    assert "match over after 1 hand" in text
    assert "Traceback" not in text


def test_a_terminal_without_unicode_gets_letters() -> None:
    done = run_command("watch", "kalter-schlag", "--seed", "2", "--max-hands", "1", LC_ALL="C")
    assert done.returncode == 0, done.stderr
    assert "♥" not in done.stdout
    assert re.search(r"\b(10|[2-9JQKA])[CSHD]\b", done.stdout)
    ascii_flag = run_command("--ascii", "watch", "kalter-schlag", "--seed", "2", "--max-hands", "1")
    assert ascii_flag.stdout == done.stdout
    after = run_command("watch", "kalter-schlag", "--seed", "2", "--max-hands", "1", "--ascii")
    assert after.stdout == done.stdout  # the flag after the command's name counts too


@pytest.mark.parametrize("command", ["watch", "play", "simulate"])
def test_agents_help_names_every_agent(command: str) -> None:
    done = run_command(command, "--help", COLUMNS="200")
    assert done.returncode == 0, done.stderr
    assert "random, first, rule, pass (staekske-rape)" in done.stdout


def test_rules_simulate_record_and_replay(tmp_path: pathlib.Path) -> None:
    rules = run_command("rules", "gin_rummy")
    assert rules.returncode == 0
    assert "knock_limit = 10" in rules.stdout
    assert "The highest count a player may knock with" in rules.stdout
    table = run_command(
        "simulate", "kalter-schlag", "-n", "6", "--agents", "first,random", "--seed", "1"
    )
    assert table.returncode == 0, table.stderr  # the two names alternate round the table
    assert table.stdout.splitlines()[2].split()[:2] == ["first", "12"]
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


def play_in_process(
    capsys: pytest.CaptureFixture[str], answers: list[str | BaseException], *arguments: str
) -> tuple[int, str, int]:
    """Run ``cardgames play`` through ``main`` with typed answers (an exception is raised).

    Returns the exit status, what was printed (nothing on stderr), and how many prompts.
    """
    pending = list(answers)
    prompts = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        if not pending:
            raise EOFError
        answer = pending.pop(0)
        if isinstance(answer, BaseException):
            raise answer
        return answer

    status = cli.main(["play", *arguments], read=read)
    out, err = capsys.readouterr()
    assert err == ""
    return status, out, len(prompts)


@pytest.mark.parametrize(
    ("typed", "reply"),
    [
        ("²", "not that: cannot read '²' as a Kalter Schlag move"),
        ("¹", "not that: cannot read '¹' as a Kalter Schlag move"),
        ("٣", "not that: cannot read '٣' as a Kalter Schlag move"),
        ("9" * 5000, "choose a number from 1 to "),
        ("0" * 4999 + "1", None),  # a long way to write 1
        ("0", "choose a number from 1 to "),
        ("-1", "not that: cannot read '-1' as a Kalter Schlag move"),
        ("play ZZ", "not that: cannot read 'play ZZ' as a Kalter Schlag move"),
    ],
)
def test_what_a_player_types_is_answered_and_asked_again(
    capsys: pytest.CaptureFixture[str], typed: str, reply: str | None
) -> None:
    status, out, prompts = play_in_process(
        capsys, [typed, "1"], "kalter-schlag", "--seed", "4", "--max-hands", "1"
    )
    assert status == 0
    if reply is None:  # it was read as move 1: the next prompt is for the next move
        assert "seat 0 doubles" in out or "seat 0 plays" in out
    else:
        assert reply in out
        assert prompts >= 3  # asked again after the reply, then once more at the end of input
    assert "you left the match after 1 hand\n" in out


def test_text_the_terminal_cannot_decode_is_answered_and_asked_again(
    capsys: pytest.CaptureFixture[str],
) -> None:
    bad = UnicodeDecodeError("ascii", b"play Q\xe2\x99\xa5", 6, 7, "ordinal not in range(128)")
    status, out, prompts = play_in_process(
        capsys, [bad, "1"], "kalter-schlag", "--seed", "4", "--max-hands", "1"
    )
    assert (status, prompts) == (0, 3)
    assert "not that: the terminal sent text that is not ascii: type the move's number" in out
    assert "seat 0 doubles" in out or "seat 0 plays" in out


def test_play_under_an_ascii_terminal_encoding_never_crashes() -> None:
    done = run_command(
        "play",
        "kalter-schlag",
        "--seed",
        "4",
        "--max-hands",
        "1",
        stdin="play Q♥\n1\n",
        PYTHONIOENCODING="ascii",
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert "not that: the terminal sent text that is not ascii" in done.stdout
    assert done.stdout.rstrip().endswith("you left the match after 1 hand")


def replay_file(capsys: pytest.CaptureFixture[str], path: str) -> tuple[int, str]:
    """Run ``cardgames replay`` on a file; return its status and what it wrote to stderr."""
    status = cli.main(["replay", path])
    return status, capsys.readouterr().err


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"\xff\xfe{}", "is not UTF-8 text (byte 0xff at offset 0): a game record is JSON"),
        (b'{"version": 1, "game": "caf\xe9"}', "is not UTF-8 text (byte 0xe9 at offset 27)"),
        (b"", "not JSON: "),
        (b"[1", "not JSON: "),
        (b'{"version": 1}', "game: missing field"),
    ],
)
def test_a_file_that_is_no_record_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path, content: bytes, message: str
) -> None:
    record = tmp_path / "record.json"
    record.write_bytes(content)
    status, err = replay_file(capsys, str(record))
    assert status == 2
    assert err.startswith("cardgames: ")
    assert message in err
    assert err.count("\n") == 1


def test_a_file_longer_than_the_limit_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert cli.MAX_RECORD_BYTES == 32 * 1024 * 1024
    monkeypatch.setattr(cli, "MAX_RECORD_BYTES", 1000)
    record = tmp_path / "long.json"
    record.write_text(" " * 1001, encoding="utf-8")
    status, err = replay_file(capsys, str(record))
    assert (status, err) == (
        2,
        f"cardgames: {record} is longer than 1,000 bytes, the most a game record may take\n",
    )
    record.write_text(" " * 1000, encoding="utf-8")  # at the limit: read, and then not JSON
    assert replay_file(capsys, str(record)) == (
        2,
        "cardgames: not JSON: Expecting value: line 1 column 1001 (char 1000)\n",
    )


def test_replay_of_an_endless_file_stops_at_the_limit() -> None:
    done = subprocess.run(  # the package's own command
        [sys.executable, "-m", "cardgames", "replay", "/dev/zero"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
        timeout=60,
    )
    assert done.returncode == 2
    assert (
        done.stderr
        == "cardgames: /dev/zero is longer than 33,554,432 bytes, the most a game record may take\n"
    )


BAD_OPTION_VALUES = (
    "x",
    "²",
    "٣",
    "9" * 5000,
    "1e999",
    "NaN",
    '{"a": [1]}',
    "[" * 500 + "]" * 500,
    "[" * 3000 + "]" * 3000,
)
"""Values that no option of any game takes."""

ODD_OPTION_VALUES = ("", "-1", "0", "1.5", "true", "null", "[1, 2]", str(2**63), str(-(2**63)))
"""Values that some option may take and others refuse."""


@pytest.mark.parametrize("name", sorted(cardgames.GAMES))
def test_every_bad_rules_value_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], name: str
) -> None:
    entry = cardgames.GAMES[name]
    for field in attrs.fields(entry.rules_type):
        if not field.init:
            continue
        for value in (*BAD_OPTION_VALUES, *ODD_OPTION_VALUES):
            # -n 0 is refused after the rules are read, so a good value costs no match.
            status = cli.main(["simulate", name, "-n", "0", "--rules", f"{field.name}={value}"])
            err = capsys.readouterr().err
            assert status == 2, (field.name, value)
            assert err.startswith("cardgames: ")
            assert err.count("\n") == 1, err
            if value in BAD_OPTION_VALUES:
                assert err.startswith(f"cardgames: --rules {field.name}"), err
    for pair in ("=5", "target", "targte=1", " =1"):
        assert cli.main(["simulate", name, "-n", "0", "--rules", pair]) == 2
        assert capsys.readouterr().err.startswith("cardgames: --rules ")
