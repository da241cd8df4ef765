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
from cardgames import _screens as screens
from cardgames import (
    agents,
    cards,
    cli,
    codec,
    dealing,
    gin_rummy,
    kalter_schlag,
    mariage,
    simulate,
)


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
    assert "random, first, rule, pimc (kalter-schlag, staekske-rape), pass (staekske-rape)" in (
        done.stdout
    )


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
        assert "you double" in out or "trick 1: " in out
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
    assert "you double" in out or "trick 1: " in out


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


@pytest.mark.parametrize("name", sorted(cardgames.GAMES))
def test_rules_reads_as_plain_text_wrapped_to_the_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    monkeypatch.setenv("COLUMNS", "64")
    assert cli.main(["rules", name]) == 0
    out = capsys.readouterr().out
    assert "``" not in out
    assert not re.search(r":\w+:`", out)  # no :func:`…` or :class:`…` roles
    assert all(len(line) <= 64 or " " not in line.strip() for line in out.splitlines())
    described = [line for line in out.splitlines() if line.startswith(" " * 6)]
    assert len(described) >= len(attrs.fields(cardgames.GAMES[name].rules_type))


def test_rules_of_kalter_schlag_quote_the_option_values_as_typed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli.main(["rules", "kalter-schlag"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert '"ace_ten" ranks the plain suits A 10 K Q 9 8 7' in text
    assert '"all_lose" (rule 24, note K8) or "play_on"' in text


def test_the_play_prompt_reads_help_moves_and_quit(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, prompts = play_in_process(
        capsys, ["help", "MOVES", "quit"], "gin-rummy", "--seed", "3"
    )
    assert (status, prompts) == (0, 3)
    lines = out.splitlines()
    assert lines[0] == "Gin Rummy, seed 3: you are seat 0; the other player is a rule bot"
    assert lines[1] == ("Type a move's number or text, 'help' for help, 'quit' to leave.")
    assert "At the prompt, type:" in out
    assert "  quit           leave the match (Ctrl-D too)" in out
    assert "In a lay-out, 6♠>0 lays the 6♠ off onto the knocker's meld 0" in " ".join(out.split())
    assert out.count("    1. draw pile  (take 6♣ from the discard pile)") == 2  # and after "moves"
    assert out.endswith("you left the match after 1 hand\n")


def legal_turns(record: codec.GameRecord, seat: int) -> list[int]:
    """Return how many legal moves ``seat`` had at each of its turns in a record (not deals)."""
    entry = cardgames.GAMES[record.game]
    state = entry.new_game(
        record.rules, seed=record.seed, players=record.players, first_dealer=record.first_dealer
    )
    deal = entry.parse_move("deal")
    counts = []
    for move in record.moves:
        moves = entry.legal_moves(state)
        if entry.current_player(state) == seat and moves != (deal,):
            counts.append(len(moves))
        state = entry.apply(state, move)
    return counts


def test_a_turn_with_one_legal_move_is_played_without_asking(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path
) -> None:
    path = tmp_path / "hand.json"
    status, out, prompts = play_in_process(
        capsys, ["1"] * 40, "kalter-schlag", "--seed", "3", "--max-hands", "1",
        "--record", str(path),
    )  # fmt: skip
    assert status == 0
    counts = legal_turns(codec.loads_record(path.read_text(encoding="utf-8")), 0)
    assert 1 in counts
    assert out.count("; your only move: play ") == counts.count(1)
    assert prompts == len(counts) - counts.count(1)  # the match ended: no prompt at its end
    assert "your hand: 7♣ 10♣ Q♠ 7♥ 10♥ Q♥ 8♦ J♦; your only move: play 8♦, played" in out


def test_ctrl_c_during_play_saves_the_record_so_far(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path
) -> None:
    path = tmp_path / "cut.json"
    status, out, _ = play_in_process(
        capsys, ["1", "1", KeyboardInterrupt()], "gin-rummy", "--seed", "3",
        "--record", str(path),
    )  # fmt: skip
    assert status == 130
    assert out.endswith(f"\ninterrupted after 1 hand; the match so far is saved in {path}\n")
    saved = codec.loads_record(path.read_text(encoding="utf-8"))
    assert [str(move) for move in saved.moves[:4]] == ["deal", "pass", "draw pile", "discard 2♣"]
    status, out, _ = play_in_process(capsys, [KeyboardInterrupt()], "gin-rummy", "--seed", "3")
    assert status == 130
    assert out.endswith("\ninterrupted after 1 hand\n")


def test_play_resume_goes_on_from_a_saved_record_with_only_the_player_s_seat(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    path = tmp_path / "saved.json"
    play_in_process(capsys, ["1", "1", "quit"], "gin-rummy", "--seed", "3", "--record", str(path))
    first = codec.loads_record(path.read_text(encoding="utf-8"))
    status, out, prompts = play_in_process(
        capsys, ["quit"], "gin-rummy", "--seat", "1", "--resume", str(path),
        "--record", str(path),
    )  # fmt: skip
    assert (status, prompts) == (0, 1)
    assert out.startswith(
        f"Gin Rummy, seed 3, resumed after {len(first.moves)} moves: you are seat 1; "
        "the other player is a rule bot\n"
    )
    again = codec.loads_record(path.read_text(encoding="utf-8"))
    assert again.moves[: len(first.moves)] == first.moves
    assert len(again.moves) > len(first.moves)  # seat 0's moves, now the bot's
    resumed = codec.replay(again)
    assert cardgames.GAMES["gin-rummy"].current_player(resumed) == 1  # stopped at seat 1's turn


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"not json", "cardgames: not JSON: "),
        (b'{"version": 1}', "cardgames: game: missing field"),
        (
            (
                b'{"version": 1, "game": "gin-rummy", "rules": {}, "seed": 3, "players": 2,'
                b' "first_dealer": 0, "moves": ["deal", "knock"]}'
            ),
            "cardgames: moves[1]",
        ),
        (
            (
                b'{"version": 1, "game": "kalter-schlag", "rules": {}, "seed": 3, "players": 4,'
                b' "first_dealer": 0, "moves": ["deal"]}'
            ),
            "is a record of Kalter Schlag, not of Gin Rummy",
        ),
    ],
)
def test_a_bad_record_to_resume_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path, content: bytes, message: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    assert cli.main(["play", "gin-rummy", "--resume", str(path)], read=input) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith("cardgames: ")
    assert message in captured.err
    assert captured.err.count("\n") == 1
    assert "Traceback" not in captured.out + captured.err


def test_resume_takes_the_seed_and_rules_from_the_record(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path
) -> None:
    path = tmp_path / "saved.json"
    play_in_process(capsys, ["quit"], "gin-rummy", "--seed", "3", "--record", str(path))
    for extra in (["--seed", "4"], ["--players", "2"], ["--rules", "target=50"]):
        assert cli.main(["play", "gin-rummy", "--resume", str(path), *extra]) == 2
        assert capsys.readouterr().err == (
            "cardgames: --resume plays on with the record's seed, players and rules: "
            f"leave out {extra[0]}\n"
        )


def test_replay_hands_shows_every_seat_s_cards_at_each_deal(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path
) -> None:
    path = tmp_path / "match.json"
    assert (
        cli.main(
            ["watch", "staekske-rape", "--seed", "5", "--max-hands", "2", "--record", str(path)]
        )
        == 0
    )
    capsys.readouterr()
    assert cli.main(["replay", "--hands", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    record = codec.loads_record(path.read_text(encoding="utf-8"))
    entry = cardgames.GAMES[record.game]
    state = entry.new_game(record.rules, seed=record.seed, first_dealer=record.first_dealer)
    shown: list[str] = []
    for move in record.moves:
        after = entry.apply(state, move)
        if after.hand_number != state.hand_number:
            shown.extend(
                f"  seat {seat}: {cards.format_cards(cards.cards_in(after.hands[seat]))}"
                for seat in range(after.players)
            )
        state = after
    assert [line for line in lines if re.match(r"  seat \d: ", line)] == shown
    assert len(shown) == 2 * record.players


@pytest.mark.parametrize("name", sorted(cardgames.GAMES))
def test_narration_for_the_player_says_you(name: str) -> None:
    entry = cardgames.GAMES[name]
    lines: list[str] = []

    def listen(before: object, move: object, after: object) -> None:
        line = entry.narrate(before, move, after)
        if line is not None:
            lines.append(line)

    for seed in range(4):
        seat = seed % entry.players[0]
        rule = [agents.by_name(entry, "rule")] * entry.players[0]
        simulate.play_match(
            entry, rule, rules=entry.rules_type(max_hands=2), seed=seed, observe=listen
        )
        for line in lines:
            said = screens.for_seat(line, seat)
            assert not re.search(rf"(?<![\w:])seat {seat}(?!\d)|→ {seat}\b", said), said
            assert not re.search(r"\byou (is|has|goes|[a-z]*[^s\W]s)\b", said), said
            assert not re.search(r"\byou [a-z]+\b[^;,]*\bhis\b", said), said
        lines.clear()
    assert screens.for_seat("seat 0 looks at his cards", 0) == "you look at your cards"
    assert screens.for_seat("seat 10 passes", 1) == "seat 10 passes"


def test_staekske_rape_at_the_terminal_says_you_look_at_your_cards(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, out, _ = play_in_process(capsys, ["look", "quit"], "staekske-rape", "--seed", "3")
    assert "you look at your cards\n" in out
    assert "seat 0 looks" not in out
    assert "seat 3 looks at his cards\n" in out  # the others are still seats
    assert "[" not in out  # cards first seen are not marked as drawn


def gin_views(seeds: range) -> list[gin_rummy.View]:
    """Return seat 0's view at every state of rule-bot matches of gin, one hand each."""
    found = []
    for seed in seeds:
        state = gin_rummy.new_game(gin_rummy.Rules(max_hands=1), seed=seed)
        bot = gin_rummy.RuleAgent()
        rng = dealing.rng(seed, "agents")
        while (seat := gin_rummy.current_player(state)) is not None:
            found.append(gin_rummy.view(state, 0))
            state = gin_rummy.apply(state, bot.choose(gin_rummy.view(state, seat), rng))
    return found


def test_gin_shows_the_hand_ace_low_with_its_deadwood() -> None:
    entry = cardgames.GAMES["gin-rummy"]
    for view in gin_views(range(3)):
        ordered = view.hand_in_order
        assert sorted(ordered) == sorted(view.hand)
        keys = [
            (card.suit, 0 if card.rank is cards.Rank.ACE else int(card.rank)) for card in ordered
        ]
        assert keys == sorted(keys)
        assert view.deadwood == gin_rummy.deadwood(view.hand) if view.hand else view.deadwood == 0
        screen = screens.turn_lines(entry, view)
        assert screen[0] == f"your hand: {cards.format_cards(ordered) or '(empty)'}"
        assert f"deadwood: {view.deadwood}" in screen
    hand = cards.parse_cards("6♠ 7♠ A♠ 9♥")
    assert screens.hand_text(gin_views(range(1))[0], hand) == "6♠ 7♠ A♠ 9♥"  # as given


def test_gin_marks_the_card_just_drawn_and_names_the_piles(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, out, _ = play_in_process(capsys, ["1", "2", "1", "quit"], "gin-rummy", "--seed", "3")
    assert "    2. pass       (leave the upcard 6♣)" in out
    assert "you take 6♣ from the discard pile\nyour hand: 2♣ [6♣] 7♣ J♣ " in out
    assert "    1. draw stock  (take the top card of the stock)" in out
    assert "draw pile\n" not in out.replace("(", "\n")  # every "draw pile" says what it takes
    drawn = re.findall(r"you draw from the stock\nyour hand: .*\[(\S+)\]", out)
    assert len(drawn) == 1
    assert "([ ]: new in your hand)" in out


def test_gin_explains_the_lay_off_notation_where_the_moves_are_listed() -> None:
    entry = cardgames.GAMES["gin-rummy"]
    shown = 0
    for view in gin_views(range(12)):
        texts = [str(move) for move in view.legal_moves]
        if not any(">" in text for text in texts):
            continue
        note = screens.move_lines(entry, view)[-1]
        found = re.fullmatch(
            r"  \((\S+)>(\d) lays the \1 off onto the knocker's meld \2; his melds: (.*)\)", note
        )
        assert found is not None, note
        assert any(f"{found[1]}>{found[2]}" in text for text in texts)
        assert view.knocker_layout is not None  # a lay-off comes after the knocker's lay-out
        melds = ", ".join(
            f"{place} [{meld}]" for place, meld in enumerate(view.knocker_layout.melds)
        )
        assert found[3] == melds
        shown += 1
    assert shown


def test_kalter_schlag_shows_card_points_and_that_a_high_score_is_bad(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, out, _ = play_in_process(
        capsys, ["1"] * 40, "kalter-schlag", "--seed", "3", "--max-hands", "1"
    )
    assert "card points taken: you 0, seat 1 13, seat 2 0, seat 3 0 (points are bad)" in out
    assert "  (in Kalter Schlag a high score is bad: the highest total loses)\n" in out
    state = kalter_schlag.apply(kalter_schlag.new_game(seed=3), kalter_schlag.Deal())
    view = kalter_schlag.view(state, 2)
    points = ", ".join(
        f"{'you' if seat == 2 else f'seat {seat}'} {value}"
        for seat, value in enumerate(view.points_taken)
    )
    assert f"card points taken: {points} (points are bad)" in screens.turn_lines(
        cardgames.GAMES["kalter-schlag"], view
    )


def test_mariage_wraps_its_deal_names_who_takes_and_shows_the_chips(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "72")
    _, out, _ = play_in_process(capsys, ["1"] * 10, "mariage", "--seed", "3", "--max-hands", "1")
    lines = out.splitlines()
    assert all(len(line) <= 72 for line in lines if not line.startswith("your move"))
    assert lines[2] == "deal 1: seat 1 deals, J♥ turned up for trump;"
    assert lines[3] == "  ante 1 chip a pool from each player;"
    assert "trick 2: 3:6♠ 4:Q♠ 5:8♠ 0:J♠ 1:K♠ 2:7♠ → seat 1 takes" in lines
    assert "chips: you 43, seat 1 54, seat 2 43, seat 3 48, seat 4 48, seat 5 43" in lines
    note = "10♥ is a trump, but a marriage on the table cannot be overtaken (rule 25)"
    assert note in " ".join(out.split())
    state = mariage.apply(mariage.new_game(seed=3), mariage.Deal())
    view = mariage.view(state, 4)
    chips = ", ".join(
        f"{'you' if seat == 4 else f'seat {seat}'} {value}"
        for seat, value in enumerate(view.balances)
    )
    assert f"chips: {chips}" in screens.turn_lines(cardgames.GAMES["mariage"], view)


def test_the_banner_names_the_bots(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    _, out, _ = play_in_process(capsys, [], "kalter-schlag", "--seed", "3", "--agents", "random")
    assert out.startswith("Kalter Schlag, seed 3: you are seat 0; the others are random bots\n")
    _, out, _ = play_in_process(
        capsys, [], "kalter-schlag", "--seed", "3", "--agents", "rule,first,random,rule"
    )
    assert out.startswith(
        "Kalter Schlag, seed 3: you are seat 0;\n"  # a long line breaks at its "; "
        "  the others are seat 1 a first bot, seat 2 a random bot, seat 3 a rule bot\n"
    )


def test_a_turn_of_many_moves_lists_a_few_and_moves_lists_them_all(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, out, _ = play_in_process(
        capsys, ["look", "bid 3", "bid 5", "bid 7", "bid 9", "take stock", "moves"],
        "staekske-rape", "--seed", "3",
    )  # fmt: skip
    _, first, again = out.split("    1. discard 10♣ Q♣ K♣ 8♠\n")  # the turn, then "moves"
    assert "       … 322 more; 'moves' lists all 330\n" in first
    assert "  165. " not in first
    assert "  328. discard Q♠ K♠ 10♦ J♦\n" in first
    assert all(f"  {number:>3}. discard " in again for number in range(2, 331))
    assert "your hand: [10♣] Q♣ [K♣] 8♠ 9♠ 10♠ Q♠ [K♠] [8♥] 10♦ J♦   ([ ]: new in your hand)" in out


def test_a_pipe_gets_one_line_per_event_and_a_terminal_width_wraps() -> None:
    env = {key: value for key, value in os.environ.items() if key != "COLUMNS"}
    piped = subprocess.run(  # the package's own command
        [sys.executable, "-m", "cardgames", "watch", "mariage", "--seed", "3", "--max-hands", "1"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
        env={**env, "PYTHONIOENCODING": "utf-8"},
    )
    assert piped.returncode == 0, piped.stderr
    deal = piped.stdout.splitlines()[1]
    assert deal.startswith("deal 1: seat 1 deals, J♥ turned up for trump; ante 1 chip a pool")
    assert len(deal) > 100
    narrow = run_command("watch", "mariage", "--seed", "3", "--max-hands", "1", COLUMNS="50")
    assert all(len(line) <= 50 for line in narrow.stdout.splitlines()[1:-1])
    assert " ".join(narrow.stdout.split()) == " ".join(piped.stdout.split())
