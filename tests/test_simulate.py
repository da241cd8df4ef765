"""Tests of cardgames.simulate: whole matches between agents."""

from __future__ import annotations

import concurrent.futures
import pickle
import re
from typing import Any

import pytest

import cardgames
from cardgames import agents, errors, game, simulate


@pytest.mark.parametrize("name", sorted(cardgames.GAMES))
def test_a_match_is_a_pure_function_of_its_seed(name: str) -> None:
    entry = cardgames.GAMES[name]
    rules = entry.rules_type(max_hands=3)
    bots = [agents.RandomAgent()] * entry.players[0]
    first = simulate.play_match(entry, bots, rules=rules, seed=21)
    again = simulate.play_match(entry, bots, rules=rules, seed=21)
    other = simulate.play_match(entry, bots, rules=rules, seed=22)
    assert entry.is_over(first)
    assert first == again
    assert first.moves != other.moves
    assert (
        entry.replay(rules, 21, first.moves, players=first.players, first_dealer=first.first_dealer)
        == first
    )


def test_the_observer_sees_every_move_in_order() -> None:
    entry = cardgames.GAMES["kalter-schlag"]
    seen: list[tuple[Any, Any, Any]] = []

    def observe(before: Any, move: Any, after: Any) -> None:  # any game's types
        seen.append((before, move, after))

    final = simulate.play_match(
        entry,
        [agents.RandomAgent()] * 4,
        rules=entry.rules_type(max_hands=1),
        seed=4,
        first_dealer=2,
        observe=observe,
    )
    assert [move for _, move, _ in seen] == list(final.moves)
    assert all(entry.apply(before, move) == after for before, move, after in seen)
    assert seen[0][0].first_dealer == 2
    assert seen[-1][2] == final


def test_the_number_of_agents_must_fit_the_game() -> None:
    entry: game.AnyGame = cardgames.GAMES["kalter-schlag"]
    with pytest.raises(errors.RulesError, match="exactly 4 players, not 3"):
        simulate.play_match(entry, [agents.RandomAgent()] * 3, seed=1)


def test_run_summarises_rotated_seeded_matches() -> None:
    entry = cardgames.GAMES["kalter-schlag"]
    lineup = ["first", "random", "random", "random"]
    summary = simulate.run(entry, lineup, matches=6, seed=3)
    assert summary.game == "kalter-schlag"
    assert summary.matches == 6
    assert [result.name for result in summary.agents] == ["first", "random"]
    first, random_agent = summary.agent("first"), summary.agent("random")
    assert (first.seats, random_agent.seats) == (6, 18)
    assert first.wins + first.losses == first.seats
    assert 0 <= first.win_rate <= 1
    # Kalter Schlag charges one seat or more a hand: some hand went up for someone.
    assert sum(result.hands_up for result in summary.agents) >= summary.hands
    assert summary.hands >= 6
    assert simulate.run(entry, lineup, matches=6, seed=3) == summary
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        assert simulate.run(entry, lineup, matches=6, seed=3, executor=pool) == summary
    first_half = simulate.run(entry, lineup, matches=3, seed=3)
    second_half = simulate.run(entry, lineup, matches=3, seed=3, start=3)
    assert first_half + second_half == summary
    assert summary.agent("first").mean_points == first.points / 6
    with pytest.raises(errors.RulesError, match="no agent 'rule' played"):
        summary.agent("rule")
    assert summary.__add__(3) is NotImplemented


@pytest.mark.parametrize(
    ("lineup", "matches", "seed", "message"),
    [
        (42, 1, 1, "each seat of a lineup takes an agent's name, an agent"),
        ([], 1, 1, "the lineup names no agent"),
        (["random"] * 5, 1, 1, "the lineup names 5 agents for 4 seats"),
        (["random"] * 4, 0, 1, "give one budget, matches=N or hands=N, .* not matches=0"),
        (["genius"] * 4, 1, 1, "Kalter Schlag has no agent 'genius'"),
        (["random"] * 4, 1, "x", "seed"),
    ],
)
def test_run_refuses_bad_arguments(
    lineup: object, matches: object, seed: object, message: str
) -> None:
    entry = cardgames.GAMES["kalter-schlag"]
    with pytest.raises(errors.RulesError, match=message):
        simulate.run(entry, lineup, matches=matches, seed=seed)  # type: ignore[arg-type]  # junk on purpose
    with pytest.raises(errors.RulesError, match="expected a game such as"):
        simulate.run("kalter-schlag", ["random"] * 4, matches=1, seed=1)  # type: ignore[arg-type]  # a name


@pytest.mark.parametrize(
    ("keywords", "message"),
    [
        ({"executor": 0}, "^executor must be a concurrent.futures.Executor"),
        ({"executor": "threads"}, "^executor must be a concurrent.futures.Executor"),
        ({"max_hands": 0}, "^max_hands must be a whole number of 1 or more, or None"),
        ({"max_hands": 2.0}, "^max_hands must be a whole number of 1 or more, or None"),
        ({"rules": {"max_hands": 2}}, "^expected kalter_schlag.Rules, not dict"),
        ({"players": 3}, "^Kalter Schlag is played by 4 players, not 3"),
        ({"hands": 10}, "^give one budget, matches=N or hands=N"),
        ({"chunk": 0}, "^chunk must be a whole number of 1 or more, or None, not 0"),
        ({"start": -1}, "^start must be a whole number of 0 or more, not -1"),
        ({"progress": "bar"}, "^progress must be callable or None, not 'bar'"),
    ],
)
def test_run_refuses_bad_keywords(keywords: dict[str, Any], message: str) -> None:
    entry = cardgames.GAMES["kalter-schlag"]
    with pytest.raises(errors.RulesError, match=message):
        simulate.run(entry, ["random"] * 4, matches=1, seed=1, **keywords)


def test_first_move_gin_players_cannot_hang_a_run() -> None:
    # Two "first" players pass the upcard and never knock: every hand is void, and the match
    # never ends by its own rules. The run's default cap ends it as max_hands would.
    entry = cardgames.GAMES["gin-rummy"]
    summary = simulate.run(entry, ["first", "first"], matches=1, seed=1)
    assert (summary.matches, summary.hands, summary.capped) == (1, simulate.MAX_HANDS, 1)
    assert summary.agent("first").seats == 2


def test_a_capped_match_ends_as_the_max_hands_rule_ends_it() -> None:
    entry = cardgames.GAMES["gin-rummy"]
    summary = simulate.run(entry, ["first", "random"], matches=2, seed=5, max_hands=3)
    assert (summary.hands, summary.capped) == (6, 2)
    by_rule = simulate.run(
        entry, ["first", "random"], matches=2, seed=5, rules=entry.rules_type(max_hands=3)
    )
    # The same matches: the rules' own max_hands ends them, so the run cut none of them.
    assert (by_rule.agents, by_rule.hands, by_rule.capped) == (summary.agents, 6, 0)


def test_matches_that_end_by_themselves_are_not_counted_as_capped() -> None:
    entry = cardgames.GAMES["kalter-schlag"]
    summary = simulate.run(entry, ["random"] * 4, matches=3, seed=2)
    assert summary.capped == 0
    assert summary == simulate.run(entry, ["random"] * 4, matches=3, seed=2, max_hands=None)
    longest = summary.hands  # no match is longer than all three together
    tight = simulate.run(entry, ["random"] * 4, matches=3, seed=2, max_hands=longest)
    assert (tight.capped, tight.agents) == (0, summary.agents)


def test_what_a_run_returns_pickles_under_the_module_it_is_published_in() -> None:
    # AgentResult, Summary and ChunkError are defined in internal modules of cardgames.simulate
    # and say they are cardgames.simulate's, so a pickle names no internal module.
    summary = simulate.run(cardgames.GAMES["kalter-schlag"], ["rule", "random"], matches=2, seed=1)
    failed = simulate.ChunkError(4, (7, 8), ValueError("lost"))
    for value in (summary, summary.agents[0], failed):
        assert type(value).__module__ == simulate.__name__
        data = pickle.dumps(value)
        assert set(re.findall(rb"cardgames[.\w]*", data)) == {b"cardgames.simulate"}
    assert pickle.loads(pickle.dumps(summary)) == summary  # noqa: S301  # our own pickle
