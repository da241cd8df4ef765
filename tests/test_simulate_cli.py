"""Tests of ``cardgames simulate``: lineups, budgets, workers, Dask and the progress bar."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Iterator

import distributed
import pytest

import cardgames
from cardgames import cli, simulate


class Terminal(io.StringIO):
    """A text stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def _simulate(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str, str]:
    status = cli.main(["simulate", *arguments])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_the_tutorials_command_alternates_two_agents_round_six_seats(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = _simulate(
        capsys, "mariage", "-n", "4", "--agents", "rule,random", "--players", "6", "--seed", "1"
    )
    assert (status, err) == (0, "")
    rows = {line.split()[0]: line.split() for line in out.splitlines()[2:4]}
    assert rows["rule"][1] == rows["random"][1] == "12"
    assert "hands up:   hands in which the seat won chips" in out
    expected = simulate.run(cardgames.GAMES["mariage"], ["rule", "random"], matches=4, seed=1)
    assert f"{expected.hands} hands" in out


def test_one_name_fills_every_seat_and_the_table_says_what_up_means(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = _simulate(
        capsys, "kalter-schlag", "-n", "2", "--agents", "rule", "--seed", "3"
    )
    assert status == 0
    assert out.splitlines()[2].split()[:2] == ["rule", "8"]
    assert "hands up:   hands that charged the seat penalty points: bad" in out


def test_jobs_and_a_budget_of_hands_give_the_same_summary(
    capsys: pytest.CaptureFixture[str],
) -> None:
    common = ["gin-rummy", "--hands", "30", "--agents", "rule,random", "--seed", "5", "--json"]
    status, here, _ = _simulate(capsys, *common)
    assert status == 0
    status, pooled, _ = _simulate(capsys, *common, "--jobs", "2")
    assert status == 0
    assert json.loads(pooled) == json.loads(here)
    assert json.loads(here)["hands"] >= 30
    assert json.loads(here)["lineup"] == ["rule", "random"]


def test_a_progress_bar_is_drawn_on_a_terminal_only(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, _, err = _simulate(capsys, "kalter-schlag", "-n", "3", "--seed", "1")
    assert (status, err) == (0, "")
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert cli.main(["simulate", "kalter-schlag", "-n", "3", "--seed", "1"]) == 0
    drawn = terminal.getvalue()
    assert "3/3" in drawn
    assert "match" in drawn


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--jobs", "0"], "--jobs must be 1 or more, not 0"),
        (["-n", "0"], "--matches must be 1 or more, not 0"),
        (["--hands", "-2"], "--hands must be 1 or more, not -2"),
        (["--agents", "rule,genius"], "Kalter Schlag has no agent 'genius'"),
        (["--agents", "rule,rule,rule,rule,rule"], "the lineup names 5 agents for 4 seats"),
    ],
)
def test_bad_arguments_are_reported_in_one_line(
    capsys: pytest.CaptureFixture[str], arguments: list[str], message: str
) -> None:
    status, out, err = _simulate(capsys, "kalter-schlag", *arguments)
    assert (status, out) == (2, "")
    assert err.startswith(f"cardgames: {message}")
    assert err.count("\n") == 1


def test_jobs_and_a_scheduler_exclude_each_other(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        cli.main(["simulate", "gin-rummy", "--jobs", "2", "--scheduler", "tcp://127.0.0.1:1"])
    assert stopped.value.code == 2
    assert "not allowed with argument" in capsys.readouterr().err


def test_a_scheduler_that_is_not_there_or_dask_missing_is_reported(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, _, err = _simulate(capsys, "gin-rummy", "-n", "1", "--scheduler", "tcp://127.0.0.1:9")
    assert status == 2
    assert err.startswith("cardgames: --scheduler: no Dask scheduler at 'tcp://127.0.0.1:9'")
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if the extra were not installed
    status, _, err = _simulate(capsys, "gin-rummy", "-n", "1", "--scheduler", "tcp://127.0.0.1:9")
    assert status == 2
    assert "pip install 'python-cardgames[cluster]'" in err


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """The address of a Dask cluster of two worker processes, stopped after the tests."""
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=":0"
    ) as cluster:
        yield cluster.scheduler_address


def test_a_dask_scheduler_gives_the_same_summary(
    capsys: pytest.CaptureFixture[str], scheduler: str
) -> None:
    common = ["kalter-schlag", "-n", "6", "--agents", "rule,random", "--seed", "2", "--json"]
    status, here, _ = _simulate(capsys, *common)
    assert status == 0
    status, on_dask, err = _simulate(capsys, *common, "--scheduler", scheduler)
    assert (status, err) == (0, "")
    assert json.loads(on_dask) == json.loads(here)
