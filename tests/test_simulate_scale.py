"""Tests of cardgames.simulate at scale: lineups, budgets, progress, executors, failed chunks."""

from __future__ import annotations

import concurrent.futures
import functools
import random
from collections.abc import Iterator
from typing import Any

import distributed
import pytest

import cardgames
from cardgames import agents, errors, kalter_schlag, protocols, simulate

KALTER_SCHLAG = cardgames.GAMES["kalter-schlag"]
GIN_RUMMY = cardgames.GAMES["gin-rummy"]


class LinearPolicy:
    """The tutorial's policy: the legal action whose row of weights scores the view highest."""

    def __init__(self, weights: list[list[float]], name: str | None = None) -> None:
        self.weights = weights
        if name is not None:
            self.name = name

    def choose(self, view: Any, _rng: random.Random) -> Any:  # a Kalter Schlag view and move
        seen = kalter_schlag.observation(view)
        mask = kalter_schlag.legal_mask(view)
        scores = {
            action: sum(w * x for w, x in zip(self.weights[action], seen, strict=True))
            for action, legal in enumerate(mask)
            if legal
        }
        return kalter_schlag.index_to_move(max(scores, key=scores.__getitem__), view)


def _policy(seed: int, name: str | None = None) -> LinearPolicy:
    draw = random.Random(seed)
    size = kalter_schlag.observation_size(None, 4)
    weights = [[draw.uniform(-1, 1) for _ in range(size)] for _ in range(kalter_schlag.NUM_MOVES)]
    return LinearPolicy(weights, name)


class Slip:
    """Plays randomly, but now and then answers with a move that is no move at all."""

    def choose(self, view: protocols.PlayerView[Any], rng: random.Random) -> Any:
        return "a slip" if rng.random() < 0.01 else rng.choice(view.legal_moves)


def test_a_learned_policy_plays_through_run_as_an_agent() -> None:
    policy = _policy(0)
    lineup: list[simulate.Entrant] = [policy, "rule", "rule", agents.RandomAgent()]
    summary = simulate.run(KALTER_SCHLAG, lineup, matches=6, seed=4)
    assert [result.name for result in summary.agents] == ["LinearPolicy", "rule", "RandomAgent"]
    assert summary.agent("LinearPolicy").seats == 6
    assert summary.agent("rule").seats == 12
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        assert simulate.run(KALTER_SCHLAG, lineup, matches=6, seed=4, executor=pool) == summary


def test_two_policies_need_names_of_their_own() -> None:
    twins: list[simulate.Entrant] = [_policy(0), _policy(1), "rule", "rule"]
    with pytest.raises(errors.RulesError, match="go by the name 'LinearPolicy': give each a name"):
        simulate.run(KALTER_SCHLAG, twins, matches=1, seed=1)
    lineup: list[simulate.Entrant] = [_policy(0, "zero"), _policy(1, "one"), "rule", "rule"]
    summary = simulate.run(KALTER_SCHLAG, lineup, matches=2, seed=1)
    assert [result.name for result in summary.agents] == ["zero", "one", "rule"]


def test_a_short_lineup_goes_round_the_table_again() -> None:
    mariage = cardgames.GAMES["mariage"]
    assert simulate.seating(mariage, ["rule", "random"], 0) == ("rule", "random") * 3
    assert simulate.seating(mariage, "rule", 3, players=5) == ("rule",) * 5
    assert simulate.seating(KALTER_SCHLAG, ["first"], 2) == ("first",) * 4
    summary = simulate.run(mariage, ["rule", "random"], matches=2, seed=1, players=7)
    assert (summary.agent("rule").seats, summary.agent("random").seats) == (8, 6)
    assert summary == simulate.run(mariage, ["rule", "random"] * 3 + ["rule"], matches=2, seed=1)
    with pytest.raises(errors.RulesError, match="index is a whole number of 0 or more, not -1"):
        simulate.seating(mariage, "rule", -1)


def test_one_name_agent_or_factory_fills_every_seat() -> None:
    by_name = simulate.run(KALTER_SCHLAG, "random", matches=3, seed=2)
    assert by_name == simulate.run(KALTER_SCHLAG, ["random"] * 4, matches=3, seed=2)
    by_agent = simulate.run(KALTER_SCHLAG, agents.RandomAgent(), matches=3, seed=2)
    by_factory = simulate.run(KALTER_SCHLAG, agents.RandomAgent, matches=3, seed=2)
    assert by_agent.agents == by_factory.agents
    assert (by_agent.agent("RandomAgent").points, by_agent.hands) == (
        by_name.agent("random").points,
        by_name.hands,
    )


def test_a_factory_builds_an_agent_for_each_seat_of_each_match() -> None:
    made: list[agents.Agent] = []

    def fresh() -> agents.Agent:
        agent = agents.RandomAgent()
        made.append(agent)
        return agent

    summary = simulate.run(KALTER_SCHLAG, [fresh, "rule"], matches=3, seed=5)
    assert len(made) == 6
    assert summary.agent("fresh").seats == 6
    partial = functools.partial(kalter_schlag.RuleAgent)
    assert simulate.run(KALTER_SCHLAG, partial, matches=1, seed=5).agents[0].name == "RuleAgent"

    def not_an_agent() -> Any:  # a name, where an agent was wanted
        return "rule"

    with pytest.raises(simulate.ChunkError, match="returned 'rule', not an agent") as failed:
        simulate.run(KALTER_SCHLAG, [not_an_agent, "rule"], matches=1, seed=5)
    assert isinstance(failed.value.__cause__, errors.RulesError)


def test_every_match_seed_replays_its_deal_in_play_match() -> None:
    lineup = ["rule", "random"]
    index, seed = 3, 17
    alone = simulate.run(KALTER_SCHLAG, lineup, matches=1, seed=seed, start=index)
    seated = simulate.seating(KALTER_SCHLAG, lineup, index)
    deals: list[Any] = []
    final = simulate.play_match(
        KALTER_SCHLAG,
        [agents.by_name(KALTER_SCHLAG, name) for name in seated],
        seed=simulate.match_seed(seed, index),
        observe=functools.partial(_first_deal, deals),
    )
    totals = kalter_schlag.score(final).totals
    assert alone.agent("rule").points == sum(
        total for total, name in zip(totals, seated, strict=True) if name == "rule"
    )
    # The same deal, another agent in the first seat.
    again = simulate.play_match(
        KALTER_SCHLAG,
        [_policy(0), *(agents.by_name(KALTER_SCHLAG, name) for name in seated[1:])],
        seed=simulate.match_seed(seed, index),
        observe=functools.partial(_first_deal, deals),
    )
    assert kalter_schlag.is_over(again)
    assert len(deals) == 2
    assert deals[0] == deals[1]
    with pytest.raises(errors.RulesError, match="index is a whole number of 0 or more"):
        simulate.match_seed(1, 1.5)  # type: ignore[arg-type]  # junk on purpose


def _first_deal(deals: list[Any], before: Any, _move: Any, after: Any) -> None:  # any game's
    """Keep the state after a match's first deal (its first move)."""
    if not before.moves:
        deals.append(after)


@pytest.mark.parametrize("chunk", [1, 4, 50])
def test_a_budget_of_hands_ends_at_the_first_match_that_reaches_it(chunk: int) -> None:
    summary = simulate.run(GIN_RUMMY, ["rule", "random"], hands=40, seed=9, chunk=chunk)
    assert summary.hands >= 40
    shorter = simulate.run(GIN_RUMMY, ["rule", "random"], matches=summary.matches - 1, seed=9)
    assert shorter.hands < 40
    assert summary == simulate.run(GIN_RUMMY, ["rule", "random"], matches=summary.matches, seed=9)
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        threaded = simulate.run(
            GIN_RUMMY, ["rule", "random"], hands=40, seed=9, chunk=chunk, executor=pool
        )
    assert threaded == summary


def test_progress_is_told_each_chunk_in_order() -> None:
    seen: list[simulate.Summary] = []
    summary = simulate.run(
        KALTER_SCHLAG, "random", matches=7, seed=1, chunk=2, progress=seen.append
    )
    assert [part.matches for part in seen] == [2, 4, 6, 7]
    assert seen[-1] == summary
    hands: list[int] = []
    by_hands = simulate.run(
        KALTER_SCHLAG, "random", hands=25, seed=1, chunk=2, progress=lambda s: hands.append(s.hands)
    )
    assert hands == sorted(hands)
    assert hands[-1] == by_hands.hands >= 25


def test_the_summary_is_the_same_on_a_process_pool_whatever_the_chunks() -> None:
    lineup: list[simulate.Entrant] = ["rule", agents.RandomAgent, kalter_schlag.RuleAgent()]
    here = simulate.run(KALTER_SCHLAG, lineup, matches=12, seed=8, chunk=5)
    with concurrent.futures.ProcessPoolExecutor(2) as pool:
        for chunk in (1, 5, 50):
            on_pool = simulate.run(
                KALTER_SCHLAG, lineup, matches=12, seed=8, chunk=chunk, executor=pool
            )
            assert on_pool == here
        by_hands = simulate.run(KALTER_SCHLAG, lineup, hands=100, seed=8, executor=pool, chunk=3)
    assert by_hands == simulate.run(KALTER_SCHLAG, lineup, hands=100, seed=8)


def test_a_failed_chunk_is_reported_with_its_seeds_and_reruns_alone() -> None:
    lineup: list[simulate.Entrant] = [Slip(), "random"]
    with pytest.raises(simulate.ChunkError) as failed:
        simulate.run(KALTER_SCHLAG, lineup, matches=40, seed=3, chunk=10)
    error = failed.value
    assert error.matches == 10
    assert error.seeds == tuple(
        simulate.match_seed(3, index) for index in range(error.start, error.start + 10)
    )
    assert isinstance(error.__cause__, errors.CardgamesError)
    assert f"matches {error.start} to {error.start + 9} of the run failed" in str(error)
    assert f"run(..., start={error.start}, matches=10)" in str(error)
    failing = next(note for note in error.__cause__.__notes__ if note.startswith("match "))
    index, seed = int(failing.split()[1].rstrip(",")), int(failing.split()[-1])
    assert seed == simulate.match_seed(3, index)
    assert str(seed) in str(error)
    # Alone, on a thread pool, the chunk fails the same way; the matches before it play.
    with (
        concurrent.futures.ThreadPoolExecutor(2) as pool,
        pytest.raises(simulate.ChunkError) as again,
    ):
        simulate.run(
            KALTER_SCHLAG, lineup, matches=10, seed=3, start=error.start, chunk=10, executor=pool
        )
    assert (again.value.start, again.value.seeds) == (error.start, error.seeds)
    if error.start:
        before = simulate.run(KALTER_SCHLAG, lineup, matches=error.start, seed=3, chunk=10)
        assert before.matches == error.start
    seated = simulate.seating(KALTER_SCHLAG, lineup, index)
    with pytest.raises(errors.CardgamesError):
        simulate.play_match(
            KALTER_SCHLAG,
            [entrant if isinstance(entrant, Slip) else agents.RandomAgent() for entrant in seated],
            seed=seed,
        )


@pytest.fixture(scope="module")
def cluster() -> Iterator[distributed.LocalCluster]:
    """A Dask cluster of two worker processes on this machine, stopped after the tests."""
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=":0",
    ) as local:
        yield local


def test_the_summary_is_the_same_on_a_dask_cluster(cluster: distributed.LocalCluster) -> None:
    lineup = ["rule", "random"]
    here = simulate.run(GIN_RUMMY, lineup, matches=16, seed=2)
    with distributed.Client(cluster) as client:
        assert len(client.scheduler_info()["workers"]) == 2
        executor = client.get_executor()
        assert simulate.run(GIN_RUMMY, lineup, matches=16, seed=2, chunk=3, executor=executor) == (
            here
        )
        by_hands = simulate.run(GIN_RUMMY, lineup, hands=60, seed=2, chunk=2, executor=executor)
    assert by_hands == simulate.run(GIN_RUMMY, lineup, hands=60, seed=2)
