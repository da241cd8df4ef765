"""The search agents of :mod:`cardgames.search`: legal moves, budgets kept, reproducible, junk."""

from __future__ import annotations

import random
import time
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardgames
from cardgames import _solving, agents, cli, errors, kalter_schlag, search, simulate, staekske_rape
from cardgames.kalter_schlag import _double_dummy as kalter_schlag_search

SEARCHED = ("kalter-schlag", "staekske-rape", "mariage")
"""The games with a registered ``"pimc"`` agent."""

SMALL = {"kalter-schlag": 4_000, "staekske-rape": 800, "mariage": 600}
"""A budget of positions a move small enough to keep the tests quick, per game."""


def _agent(name: str, **changes: Any) -> search.PimcAgent:
    """Return a small-budget pimc agent of a game."""
    return search.PimcAgent(name, seconds=None, nodes=SMALL[name], **changes)


def _in_play(name: str, seed: int, tricks_done: int) -> Any:  # any game's state
    """Return the first hand of ``seed``, played by random moves past ``tricks_done`` tricks.

    None when the hand ends (a Staekske Rape hand nobody bids) before its play gets there.
    """
    entry = cardgames.GAMES[name]
    choose = random.Random(seed)
    state = entry.apply(entry.new_game(seed=seed), entry.legal_moves(entry.new_game(seed=seed))[0])
    while True:
        seat = entry.current_player(state)
        if seat is None or state.hand_over:
            return None
        seen = entry.view(state, seat)
        plays = any(type(move).__name__ == "Play" for move in seen.legal_moves)
        if plays and len(seen.tricks) >= tricks_done:
            return state
        state = entry.apply(state, choose.choice(entry.legal_moves(state)))


def _view(name: str, seed: int, tricks_done: int) -> Any:  # any game's view
    """Return the view of the seat to move in :func:`_in_play`'s state, or None."""
    state = _in_play(name, seed, tricks_done)
    if state is None:
        return None
    entry = cardgames.GAMES[name]
    seat = entry.current_player(state)
    assert seat is not None
    return entry.view(state, seat)


@pytest.mark.parametrize("name", SEARCHED)
def test_registered_beside_rule(name: str) -> None:
    entry = cardgames.GAMES[name]
    made = agents.by_name(entry, "pimc")
    assert isinstance(made, search.PimcAgent)
    assert made.game == name
    assert made.seconds is None  # a budget of positions: a seeded simulation replays exactly
    assert made.nodes is not None
    assert {"rule", "pimc"} <= set(agents.names(entry))


ROLLOUT_SMALL = {"kalter-schlag": 600, "staekske-rape": 60, "mariage": 300}
"""A budget of positions a move of the rollout agent small enough to keep the tests quick."""


@pytest.mark.parametrize("name", SEARCHED)
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_only_legal_moves(name: str, seed: int) -> None:
    """Whatever a hand shows, every move of a pimc agent is legal."""
    _play_a_hand(name, seed, _agent(name))


@pytest.mark.parametrize("name", SEARCHED)
@settings(max_examples=1, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_only_legal_moves_of_the_rollout_agent(name: str, seed: int) -> None:
    """Whatever a hand shows, every move of a rollout agent is legal."""
    _play_a_hand(name, seed, search.RolloutAgent(name, positions=ROLLOUT_SMALL[name]))


def _play_a_hand(name: str, seed: int, agent: agents.Agent) -> None:
    """Play a hand of one seed with ``agent`` in every seat, checking that each move is legal."""
    entry = cardgames.GAMES[name]
    choose = random.Random(seed)
    state = entry.new_game(entry.rules_type(max_hands=1), seed=seed)
    while not entry.is_over(state):
        seat = entry.current_player(state)
        assert seat is not None
        seen = entry.view(state, seat)
        move = agent.choose(seen, choose)
        assert move in seen.legal_moves
        state = entry.apply(state, move)


@pytest.mark.parametrize("name", SEARCHED)
def test_a_budget_of_positions_is_kept_exactly(name: str) -> None:
    """Early in a hand no world is solved in the share: the search stops at its share."""
    seen = next(_view(name, seed, 0) for seed in range(50) if _view(name, seed, 0) is not None)
    agent = _agent(name, least_worlds=4)
    found = search.tally(agent, seen, random.Random(3))
    assert found.spent <= SMALL[name]
    if not found.solved:  # the share was spent on one world: no more than a quarter
        assert found.spent <= SMALL[name] // 4 + 1


def test_early_in_a_hand_the_rule_agents_card_is_played() -> None:
    """With no world solved in the budget, the agent plays what the rule agent plays."""
    seen = _view("kalter-schlag", 5, 0)
    agent = search.PimcAgent("kalter-schlag", seconds=None, nodes=40)
    assert search.tally(agent, seen, random.Random(1)).solved == 0
    rule = kalter_schlag.RuleAgent().choose(seen, random.Random(1))
    assert agent.choose(seen, random.Random(1)) == rule


def test_a_budget_of_seconds_is_kept() -> None:
    """A whole deal cannot be solved in 50 ms; the move still comes back in about that time."""
    seen = _view("kalter-schlag", 2, 0)
    agent = search.PimcAgent("kalter-schlag", seconds=0.05)
    start = time.perf_counter()
    move = agent.choose(seen, random.Random(2))
    took = time.perf_counter() - start
    assert move in seen.legal_moves
    assert took < 0.05 + 2.0  # generous: a loaded machine, the worlds' draw, the rule agent


def test_late_in_a_hand_every_world_is_solved_and_votes() -> None:
    seen = _view("kalter-schlag", 8, 6)
    agent = search.PimcAgent("kalter-schlag", seconds=None, nodes=100_000, samples=6)
    found = search.tally(agent, seen, random.Random(4))
    assert found.solved == 6
    assert sum(count for _, count in found.votes) >= found.solved  # each keeps a card at least
    assert [move for move, _ in found.votes] == [
        move for move in seen.legal_moves if isinstance(move, kalter_schlag.Play)
    ]
    assert found.best in seen.legal_moves
    assert agent.choose(seen, random.Random(4)) == found.best


@pytest.mark.parametrize("name", SEARCHED)
def test_reproducible_with_a_budget_of_positions(name: str) -> None:
    entry = cardgames.GAMES[name]
    views = [seen for seed in range(40) if (seen := _view(name, seed, 2)) is not None][:3]
    agent = _agent(name)
    for seen in views:
        first = search.tally(agent, seen, random.Random(9))
        again = search.tally(agent, seen, random.Random(9))
        assert (first.votes, first.solved, first.spent) == (again.votes, again.solved, again.spent)
        assert agent.choose(seen, random.Random(9)) == agent.choose(seen, random.Random(9))
    rules = entry.rules_type(max_hands=1)
    lineup: list[simulate.Entrant] = [agent, *["rule"] * (entry.players[0] - 1)]
    assert simulate.run(entry, lineup, matches=2, seed=5, rules=rules) == simulate.run(
        entry, lineup, matches=2, seed=5, rules=rules
    )


def test_a_measure_is_passed_to_the_solve() -> None:
    seen = _view("kalter-schlag", 8, 6)
    for measure in kalter_schlag.MEASURES:
        agent = search.PimcAgent("kalter-schlag", seconds=None, nodes=50_000, measure=measure)
        assert search.tally(agent, seen, random.Random(1)).solved == agent.samples


def test_one_number_is_drawn_from_the_generator() -> None:
    """However many worlds it solves, the agent leaves the match's generator in one state."""
    seen = _view("kalter-schlag", 3, 5)
    after = []
    for nodes in (40, 40_000):
        rng = random.Random(11)
        search.PimcAgent("kalter-schlag", seconds=None, nodes=nodes).choose(seen, rng)
        after.append(rng.random())
    assert after[0] == after[1]


def test_meters_stop_both_kinds_of_solver_cleanly() -> None:
    for solve, state in (
        (kalter_schlag.solve, _in_play("kalter-schlag", 1, 0)),
        (staekske_rape.solve, next(s for i in range(50) if (s := _in_play("staekske-rape", i, 0)))),
    ):
        with pytest.raises(_solving.Exhausted), _solving.metered(_solving.Meter(nodes=25)):
            solve(state)
        assert _solving.meter() is None  # the block's meter is gone
        deadline = _solving.Meter(deadline=time.perf_counter())
        with pytest.raises(_solving.Exhausted), _solving.metered(deadline):
            solve(state)
        assert deadline.spent <= 64 * 2  # the clock is read every 64 positions


def _early(name: str) -> Any:  # any game's state
    """Return a state at the start of a hand's play, too large to solve in a small budget."""
    return next(state for seed in range(50) if (state := _in_play(name, seed, 0)) is not None)


@pytest.mark.parametrize("name", SEARCHED)
def test_a_solve_given_a_budget_stops_with_an_error_that_says_so(name: str) -> None:
    solve = getattr(cardgames, name.replace("-", "_")).solve
    state = _early(name)
    with pytest.raises(errors.BudgetSpentError, match="budget of 25 positions is spent"):
        solve(state, nodes=25)
    with pytest.raises(errors.BudgetSpentError, match=r"budget of 1e-06 s is spent"):
        solve(state, seconds=1e-6)
    with pytest.raises(errors.BudgetSpentError, match=r"budget of 25 positions or 60 s"):
        solve(state, nodes=25, seconds=60)
    assert _solving.meter() is None  # the budget's meter is gone


@pytest.mark.parametrize("name", SEARCHED)
def test_an_ample_budget_changes_nothing_and_spends_its_own(name: str) -> None:
    solve = getattr(cardgames, name.replace("-", "_")).solve
    state = _in_play(name, 3, 3)
    if state is None:  # a Staekske Rape hand that nobody bid
        state = _in_play(name, 4, 3)
    unbounded = solve(state)
    agent_budget = _solving.Meter(nodes=10)  # a search agent's, which the call's replaces
    with _solving.metered(agent_budget):
        assert solve(state, nodes=10_000_000, seconds=600) == unbounded
    assert agent_budget.spent == 0


@pytest.mark.parametrize(
    ("budget", "message"),
    [
        ({"nodes": 0}, "nodes must be a whole number above 0, or None, not 0"),
        ({"nodes": 2.5}, "nodes must be a whole number above 0"),
        ({"nodes": True}, "nodes must be a whole number above 0"),
        ({"seconds": 0}, "seconds must be a number of seconds above 0"),
        ({"seconds": float("inf")}, "seconds must be a number of seconds above 0"),
        ({"seconds": "1"}, "seconds must be a number of seconds above 0"),
    ],
)
@pytest.mark.parametrize("name", SEARCHED)
def test_a_bad_budget_is_refused(name: str, budget: dict[str, Any], message: str) -> None:
    solve = getattr(cardgames, name.replace("-", "_")).solve
    with pytest.raises(errors.RulesError, match=message):
        solve(_early(name), **budget)


def test_the_solvers_search_base_cannot_be_made() -> None:
    base = kalter_schlag_search._Search  # noqa: SLF001  # the base class itself, on purpose
    state = _in_play("kalter-schlag", 1, 0)
    # Interpreted it is abstract; compiled (tests/test_kalter_schlag_compiled.py), mypyc
    # refuses it with a TypeError of its own.
    with pytest.raises(TypeError):
        base(state, 0)  # type: ignore[abstract]


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"game": "nope"}, "game must be the name of a game"),
        ({"game": 3}, "game must be the name of a game"),
        ({"game": "gin-rummy"}, "no worlds and solve"),
        ({"seconds": 0}, "seconds must be a number of seconds above 0"),
        ({"seconds": float("nan")}, "seconds must be"),
        ({"seconds": "1"}, "seconds must be"),
        ({"nodes": 1.5}, "nodes must be a whole number above 0"),
        ({"nodes": True}, "nodes must be a whole number"),
        ({"samples": 0}, "samples must be a whole number above 0"),
        ({"samples": None}, "samples must be a whole number above 0, not None"),
        ({"least_worlds": -1}, "least_worlds must be"),
        ({"seconds": None, "nodes": None}, "needs a budget"),
        ({"name": 1}, "name must be text"),
        ({"measure": "tricks"}, "measure must be one of the game's solve measures"),
        ({"game": "staekske-rape", "measure": "penalty"}, r"measures \(none\)"),
    ],
)
def test_junk_fields_are_refused(changes: dict[str, Any], message: str) -> None:
    fields = {"game": "kalter-schlag", "seconds": 0.1, **changes}
    with pytest.raises(errors.RulesError, match=message):
        search.PimcAgent(**fields)


def test_junk_arguments_are_refused() -> None:
    agent = _agent("kalter-schlag")
    state = _in_play("kalter-schlag", 1, 0)
    seat = kalter_schlag.current_player(state)
    assert seat is not None
    seen = kalter_schlag.view(state, seat)
    with pytest.raises(errors.RulesError, match="a view of Kalter Schlag"):
        agent.choose(state, random.Random(1))
    with pytest.raises(errors.RulesError, match="a view of Kalter Schlag"):
        agent.choose(seen, 7)  # type: ignore[arg-type]
    with pytest.raises(errors.RulesError, match="a view of Kalter Schlag"):
        agent.choose(_view("staekske-rape", 1, 0), random.Random(1))
    with pytest.raises(errors.IllegalMoveError, match="not its turn"):
        agent.choose(kalter_schlag.view(state, (seat + 1) % 4), random.Random(1))
    with pytest.raises(errors.RulesError, match="agent must be a PimcAgent"):
        search.tally(agents.RandomAgent(), seen, random.Random(1))  # type: ignore[arg-type]
    dealing = kalter_schlag.new_game(seed=1, first_dealer=0)
    with pytest.raises(errors.RulesError, match="no card to play"):
        search.tally(agent, kalter_schlag.view(dealing, 0), random.Random(1))
    assert agent.choose(kalter_schlag.view(dealing, 0), random.Random(1)) == kalter_schlag.Deal()
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        agent.nodes = 3  # type: ignore[misc]


def test_the_command_line_seats_it(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "kalter-schlag", "--agents", "pimc,rule", "--seed", "3", "-n", "1"]
    assert cli.main([*argv, "--max-hands", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[:2] for line in lines[2:4]] == [["pimc", "2"], ["rule", "2"]]
