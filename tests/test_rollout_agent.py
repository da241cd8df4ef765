"""The rollout agent of :mod:`cardgames.search`: budgets kept, reproducible, junk.

That its every move is legal is tested with the pimc agent's, in ``test_search_agents.py``.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

import attrs
import pytest

import cardgames
from cardgames import agents, errors, kalter_schlag, search, simulate

PLAYED = ("kalter-schlag", "staekske-rape", "mariage")
"""The games with a registered ``"rollout"`` agent."""

SMALL = {"kalter-schlag": 600, "staekske-rape": 60, "mariage": 300}
"""A budget of positions a move small enough to keep the tests quick, per game."""

DEPTH = {"kalter-schlag": 3, "staekske-rape": 30, "mariage": 3}
"""How many random moves into a hand the views searched in full are taken, per game (a
Staekske Rape world from the auction does not fit in its small budget)."""


def _agent(name: str, **changes: Any) -> search.RolloutAgent:
    """Return a small-budget rollout agent of a game."""
    return search.RolloutAgent(name, positions=SMALL[name], **changes)


def _view(name: str, seed: int, moves: int) -> Any:  # any game's view
    """Return the view of the seat to move after ``moves`` random moves of a first hand.

    None when that seat has a single legal move or the hand is over by then.
    """
    entry = cardgames.GAMES[name]
    choose = random.Random(seed)
    state = entry.new_game(entry.rules_type(max_hands=1), seed=seed)
    for _ in range(moves):
        if entry.is_over(state):
            return None
        state = entry.apply(state, choose.choice(entry.legal_moves(state)))
    seat = entry.current_player(state)
    if seat is None:
        return None
    seen = entry.view(state, seat)
    return seen if len(seen.legal_moves) > 1 else None


def _views(name: str, moves: int, count: int) -> list[Any]:
    """Return ``count`` views of :func:`_view` with that many moves made, from the first seeds."""
    found = (seen for seed in range(200) if (seen := _view(name, seed, moves)) is not None)
    return [next(found) for _ in range(count)]


@pytest.mark.parametrize("name", PLAYED)
def test_registered_beside_rule(name: str) -> None:
    entry = cardgames.GAMES[name]
    made = agents.by_name(entry, "rollout")
    assert isinstance(made, search.RolloutAgent)
    assert made.game == name
    assert made.seconds is None  # a budget of positions: a seeded simulation replays exactly
    assert made.positions is not None
    assert made.policy == "rule"
    assert {"rule", "pimc", "rollout"} <= set(agents.names(entry))


@pytest.mark.parametrize("name", PLAYED)
def test_every_legal_move_is_tried_in_the_same_worlds(name: str) -> None:
    seen = _views(name, DEPTH[name], 1)[0]
    found = search.estimate(
        search.RolloutAgent(name, positions=SMALL[name]), seen, random.Random(2)
    )
    assert found.moves == seen.legal_moves
    assert found.worlds[0] >= 1
    assert len(set(found.worlds)) == 1  # no halving: every move in every world
    assert found.kept == seen.legal_moves
    assert set(found.top) <= set(seen.legal_moves)
    assert all(0 <= tops <= worlds for tops, worlds in zip(found.tops, found.worlds, strict=True))


@pytest.mark.parametrize("name", PLAYED)
def test_a_budget_of_positions_is_kept(name: str) -> None:
    """A world is begun only with room for what the last took: at most one world's overrun."""
    entry = cardgames.GAMES[name]
    for seen in _views(name, DEPTH[name] - 2, 2):
        agent = _agent(name)
        found = search.estimate(agent, seen, random.Random(3))
        world = len(seen.legal_moves) * entry.max_hand_moves(seen.rules, len(seen.hand_sizes))
        assert found.spent <= SMALL[name] + world
        larger = search.estimate(
            attrs.evolve(agent, positions=4 * SMALL[name]), seen, random.Random(3)
        )
        assert larger.worlds[0] >= found.worlds[0]


@pytest.mark.parametrize("name", PLAYED)
def test_inference_weighs_the_worlds(name: str) -> None:
    """Without inference every world weighs 1; with it, at most 1 (a move the policy would not
    have made weighs it down), and less than 1 in some world once the others have chosen."""
    seen = _views(name, DEPTH[name] + 9, 1)[0]
    plain = search.RolloutAgent(name, positions=SMALL[name], infer=False)
    found = search.estimate(plain, seen, random.Random(6))
    assert found.weights == tuple(float(count) for count in found.worlds)
    weighed = search.estimate(attrs.evolve(plain, infer=True), seen, random.Random(6))
    assert all(
        0 < weight <= count for weight, count in zip(weighed.weights, weighed.worlds, strict=True)
    )
    assert found.moves == weighed.moves


def test_a_move_whose_first_world_does_not_fit_is_the_policy_s() -> None:
    """Nine moves played out to the end of a hand of eight tricks cannot fit in 40 positions."""
    seen = next(view for view in _views("kalter-schlag", 1, 5) if len(view.legal_moves) >= 5)
    agent = search.RolloutAgent("kalter-schlag", positions=40)
    found = search.estimate(agent, seen, random.Random(1))
    assert found.worlds == (0,) * len(seen.legal_moves)
    assert found.top == ()
    assert 40 < found.spent <= 40 + 32  # dropped as soon as one play-out overran
    rng = random.Random(1)
    own = random.Random(rng.getrandbits(64))
    rule = kalter_schlag.RuleAgent().choose(seen, random.Random(own.getrandbits(64)))
    assert agent.choose(seen, random.Random(1)) == rule


def test_the_worlds_bound_the_search() -> None:
    seen = _views("kalter-schlag", 4, 1)[0]
    agent = search.RolloutAgent("kalter-schlag", positions=None, seconds=30.0, worlds=3)
    assert search.estimate(agent, seen, random.Random(1)).worlds == (3,) * len(seen.legal_moves)


def test_a_budget_of_seconds_is_kept() -> None:
    seen = _views("kalter-schlag", 1, 1)[0]
    agent = search.RolloutAgent("kalter-schlag", positions=None, seconds=0.05, worlds=10_000)
    start = time.perf_counter()
    found = search.estimate(agent, seen, random.Random(2))
    took = time.perf_counter() - start
    assert took < 0.05 + 1.0  # generous: a loaded machine, the worlds' draw
    assert found.seconds <= took
    assert agent.choose(seen, random.Random(2)) in seen.legal_moves


def test_halving_keeps_the_better_half_each_round() -> None:
    seen = next(view for view in _views("kalter-schlag", 1, 5) if len(view.legal_moves) >= 5)
    agent = search.RolloutAgent("kalter-schlag", positions=3_000, halving=True)
    found = search.estimate(agent, seen, random.Random(4))
    count = len(seen.legal_moves)
    rounds = math.ceil(math.log2(count))
    kept = count
    for _ in range(rounds - 1):
        kept = math.ceil(kept / 2)
    assert len(found.kept) == kept
    assert max(found.worlds) == min(found.worlds[found.moves.index(move)] for move in found.kept)
    dropped = [move for move in found.moves if move not in found.kept]
    assert all(found.worlds[found.moves.index(move)] < max(found.worlds) for move in dropped)
    assert set(found.top) <= set(found.kept)


def test_the_aim_ranks_the_moves() -> None:
    found = search.Estimate(
        moves=("a", "b", "c"),
        worlds=(4, 4, 4),
        weights=(4.0, 4.0, 4.0),
        results=(-10.0, -40.0, -10.0),
        tops=(2.0, 3.0, 1.0),
        kept=("a", "b", "c"),
        spent=0,
        seconds=0.0,
    )
    assert found.top == ("a", "c")  # the best mean result, both in the game's order
    assert attrs.evolve(found, aim="top").top == ("b",)
    assert found.mean("b") == -10.0
    with pytest.raises(errors.RulesError, match="no play-out tried the move 'd'"):
        found.mean("d")
    assert attrs.evolve(found, worlds=(0, 0, 0)).top == ()


def test_the_policy_s_move_wins_a_tie() -> None:
    """The agent plays its policy's move when it is among the best, else the first best."""
    agent = search.RolloutAgent("kalter-schlag", positions=None, seconds=30.0, worlds=1)
    tied = 0
    for seen in _views("kalter-schlag", 25, 6):
        rng = random.Random(5)
        own = random.Random(rng.getrandbits(64))  # as choose draws: one number, then its own
        rule = kalter_schlag.RuleAgent().choose(seen, random.Random(own.getrandbits(64)))
        top = search.estimate(agent, seen, random.Random(own.getrandbits(64))).top
        tied += len(top) > 1
        assert agent.choose(seen, random.Random(5)) == (rule if rule in top else top[0])
    assert tied  # late in a hand, one world often leaves several moves equal


@pytest.mark.parametrize("name", PLAYED)
def test_reproducible_with_a_budget_of_positions(name: str) -> None:
    agent = _agent(name)
    for seen in _views(name, DEPTH[name], 2):
        first = search.estimate(agent, seen, random.Random(9))
        again = search.estimate(agent, seen, random.Random(9))
        assert attrs.evolve(first, seconds=0.0) == attrs.evolve(again, seconds=0.0)
        assert agent.choose(seen, random.Random(9)) == agent.choose(seen, random.Random(9))


@pytest.mark.parametrize("name", ["kalter-schlag", "mariage"])  # the fast engines
def test_a_seeded_simulation_replays(name: str) -> None:
    entry = cardgames.GAMES[name]
    rules = entry.rules_type(max_hands=1)
    lineup: list[simulate.Entrant] = [_agent(name), *["rule"] * (entry.players[0] - 1)]
    assert simulate.run(entry, lineup, matches=2, seed=5, rules=rules) == simulate.run(
        entry, lineup, matches=2, seed=5, rules=rules
    )


def test_one_number_is_drawn_from_the_generator() -> None:
    """However many worlds it plays out, the agent leaves the match's generator in one state."""
    seen = _views("kalter-schlag", 3, 1)[0]
    after = []
    for positions in (1, 3_000):
        rng = random.Random(11)
        search.RolloutAgent("kalter-schlag", positions=positions).choose(seen, rng)
        after.append(rng.random())
    assert after[0] == after[1]


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"game": "nope"}, "game must be the name of a game"),
        ({"game": 3}, "game must be the name of a game"),
        ({"seconds": 0}, "seconds must be a number of seconds above 0"),
        ({"seconds": float("nan")}, "seconds must be"),
        ({"seconds": float("inf")}, "seconds must be"),
        ({"seconds": "1"}, "seconds must be"),
        ({"positions": 1.5}, "positions must be a whole number above 0, or None"),
        ({"positions": True}, "positions must be a whole number"),
        ({"positions": 0}, "positions must be a whole number"),
        ({"worlds": 0}, "worlds must be a whole number above 0, not 0"),
        ({"worlds": None}, "worlds must be a whole number above 0, not None"),
        ({"seconds": None, "positions": None}, "needs a budget"),
        ({"aim": "tricks"}, "aim must be one of 'points', 'top'"),
        ({"halving": 1}, "halving must be True or False"),
        ({"infer": None}, "infer must be True or False, not None"),
        ({"policy": "nobody"}, r"policy must be the name of one of Kalter Schlag's own agents"),
        ({"policy": ["rule"]}, "policy must be the name"),
        ({"policy": "rollout"}, "a play-out cannot search itself"),
        ({"name": 1}, "name must be text"),
    ],
)
def test_junk_fields_are_refused(changes: dict[str, Any], message: str) -> None:
    fields = {"game": "kalter-schlag", **changes}
    with pytest.raises(errors.RulesError, match=message):
        search.RolloutAgent(**fields)


def test_junk_arguments_are_refused() -> None:
    agent = _agent("kalter-schlag")
    seen = _views("kalter-schlag", 3, 1)[0]
    state = kalter_schlag.new_game(seed=1, first_dealer=0)
    with pytest.raises(errors.RulesError, match="a view of Kalter Schlag"):
        agent.choose(state, random.Random(1))  # type: ignore[arg-type]
    with pytest.raises(errors.RulesError, match="a view of Kalter Schlag"):
        agent.choose(seen, 7)  # type: ignore[arg-type]
    with pytest.raises(errors.RulesError, match="a view of Kalter Schlag"):
        agent.choose(_views("mariage", 3, 1)[0], random.Random(1))
    with pytest.raises(errors.IllegalMoveError, match="not its turn"):
        agent.choose(kalter_schlag.view(state, 1), random.Random(1))
    with pytest.raises(errors.RulesError, match="agent must be a RolloutAgent"):
        search.estimate(agents.RandomAgent(), seen, random.Random(1))  # type: ignore[arg-type]
    with pytest.raises(errors.RulesError, match="a view of Kalter Schlag"):
        search.estimate(agent, seen, None)  # type: ignore[arg-type]
    assert agent.choose(kalter_schlag.view(state, 0), random.Random(1)) == kalter_schlag.Deal()
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        agent.positions = 3  # type: ignore[misc]
