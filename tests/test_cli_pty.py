"""``cardgames play`` driven in a pseudo-terminal, as a player at a terminal meets it.

Each test starts the command on a new pseudo-terminal of a known size, waits for what a player
would wait for (the prompt, the answer to a command), types a line, and reads the screen.
"""

from __future__ import annotations

import fcntl
import os
import pathlib
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from typing import Self

from cardgames import codec, kalter_schlag

PROMPT = "your move (number or text): "


def _take_the_terminal() -> None:
    """Make the new session's standard input its controlling terminal (in the child).

    SIGINT goes back to its default disposition, unblocked: a Python started with it ignored or
    blocked (as a test that ran before in this process may leave it) never turns Ctrl-C into
    KeyboardInterrupt.
    """
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


class Terminal:
    """The command on a pseudo-terminal: what it printed, and a keyboard to type on."""

    def __init__(self, *arguments: str, columns: int = 80) -> None:
        """Start ``python -m cardgames`` with the arguments, on a terminal ``columns`` wide."""
        self.leader, follower = pty.openpty()
        fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 40, columns, 0, 0))
        env = {key: value for key, value in os.environ.items() if key not in {"COLUMNS", "LINES"}}
        self.process = subprocess.Popen(  # noqa: S603  # the package's own command
            [sys.executable, "-m", "cardgames", *arguments],
            stdin=follower,
            stdout=follower,
            stderr=follower,
            env={**env, "LANG": "C.UTF-8", "PYTHONIOENCODING": "utf-8"},
            start_new_session=True,  # a session of its own, whose terminal is this one:
            preexec_fn=_take_the_terminal,  # so that Ctrl-C interrupts it  # noqa: PLW1509
        )
        os.close(follower)
        self.screen = ""
        self.read_up_to = 0

    def __enter__(self) -> Self:
        """Return the terminal."""
        return self

    def __exit__(self, *_: object) -> None:
        """Close the terminal; stop the command if it still runs."""
        os.close(self.leader)
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=30)

    def expect(self, text: str, timeout: float = 60) -> str:
        """Wait until ``text`` is on the screen after what was read; return the screen up to it.

        Raises:
            AssertionError: If the command ends, or ``timeout`` seconds pass, without it.
        """
        deadline = time.monotonic() + timeout
        while (found := self.screen.find(text, self.read_up_to)) < 0:
            left = deadline - time.monotonic()
            assert left > 0, f"no {text!r} after:\n{self.screen[self.read_up_to :]}"
            ready, _, _ = select.select([self.leader], [], [], min(left, 1))
            if not ready:
                continue
            try:
                chunk = os.read(self.leader, 4096)
            except OSError:  # the command ended and the terminal closed
                chunk = b""
            assert chunk, f"the command ended before {text!r}:\n{self.screen[self.read_up_to :]}"
            self.screen += chunk.decode("utf-8", errors="replace").replace("\r\n", "\n")
        seen = self.screen[self.read_up_to : found + len(text)]
        self.read_up_to = found + len(text)
        return seen

    def type(self, keys: str) -> None:
        """Type keys on the terminal's keyboard (a line ends with ``\\n``)."""
        os.write(self.leader, keys.encode())

    def wait_until_reading(self, timeout: float = 60) -> None:
        """Wait until the command sleeps, as it does once it reads the keyboard after a prompt.

        Python turns SIGINT into KeyboardInterrupt only between steps of its own: a signal that
        arrives after ``input()`` has printed its prompt but before it reads waits there until
        the next line is typed. A player's Ctrl-C never comes that fast; a test's can, so it
        waits for the read first (the state of ``/proc/PID/stat``, ``S`` while asleep).

        Raises:
            AssertionError: If ``timeout`` seconds pass and the command never sleeps.
        """
        stat = pathlib.Path(f"/proc/{self.process.pid}/stat")
        deadline = time.monotonic() + timeout
        while stat.read_text(encoding="ascii").rpartition(")")[2].split()[0] != "S":
            assert time.monotonic() < deadline, "the command never waited for the keyboard"
            time.sleep(0.01)

    def status(self) -> int:
        """Wait for the command to end and return its exit status."""
        return self.process.wait(timeout=60)


def test_a_player_starts_asks_for_help_plays_and_quits() -> None:
    with Terminal("play", "gin-rummy", "--seed", "3") as terminal:
        opening = terminal.expect(PROMPT)
        assert opening.startswith(
            "Gin Rummy, seed 3: you are seat 0; the other player is a rule bot\n"
            "Type a move's number or text, 'help' for help, 'quit' to leave.\n"
            "hand 1: you deal, the upcard is 6♣\n"
        )
        assert "your hand: 2♣ 7♣ J♣ K♠ 3♥ 6♥ Q♥ 2♦ 5♦ 6♦\ndeadwood: 61\n" in opening
        assert "    1. draw pile  (take 6♣ from the discard pile)\n" in opening
        terminal.type("help\n")
        shown = terminal.expect(PROMPT)
        assert "At the prompt, type:" in shown
        assert "  quit           leave the match" in shown
        assert "In a lay-out, 6♠>0 lays the 6♠ off onto the knocker's meld 0" in " ".join(
            shown.split()
        )
        terminal.type("1\n")
        shown = terminal.expect(PROMPT)
        assert "you take 6♣ from the discard pile\n" in shown
        assert "your hand: 2♣ [6♣] 7♣ J♣ K♠ 3♥ 6♥ Q♥ 2♦ 5♦ 6♦   ([ ]: new in your hand)\n" in shown
        terminal.type("moves\n")
        shown = terminal.expect(PROMPT)
        assert "your hand: 2♣ [6♣] 7♣ J♣ " in shown
        assert "    1. discard 2♣\n" in shown
        terminal.type("discard KS\n")
        shown = terminal.expect(PROMPT)
        assert "you discard K♠\n" in shown
        terminal.type("quit\n")
        assert terminal.expect("you left the match after 1 hand\n")
        assert terminal.status() == 0


def test_ctrl_c_at_the_prompt_saves_the_match_so_far(tmp_path: pathlib.Path) -> None:
    record = tmp_path / "cut.json"
    with Terminal("play", "kalter-schlag", "--seed", "3", "--record", str(record)) as terminal:
        terminal.expect(PROMPT)
        terminal.type("1\n")
        terminal.expect(PROMPT)
        terminal.wait_until_reading()
        terminal.type("\x03")  # the terminal's interrupt key sends SIGINT
        assert terminal.expect(f"interrupted after 1 hand; the match so far is saved in {record}")
        assert terminal.status() == 130
    saved = codec.loads_record(record.read_text(encoding="utf-8"))
    played = ["deal", "double", "play 7♦", "play Q♦", "double", "play 8♦"]  # 8♦ the only card
    assert [str(move) for move in saved.moves[:6]] == played
    state = codec.replay(saved)
    assert isinstance(state, kalter_schlag.State)  # a record's state is of the record's game
    assert kalter_schlag.current_player(state) == 0  # the prompt it was cut at


def test_the_commentary_fits_a_narrow_terminal() -> None:
    with Terminal("play", "mariage", "--seed", "3", "--max-hands", "1", columns=60) as terminal:
        shown = terminal.expect(PROMPT)
        terminal.type("quit\n")
        shown += terminal.expect("you left the match")
        assert terminal.status() == 0
    assert "deal 1: seat 1 deals, J♥ turned up for trump;\n  ante 1 chip a pool" in shown
    assert all(len(line) <= 60 for line in shown.splitlines() if not line.startswith(PROMPT))
