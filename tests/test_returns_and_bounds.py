"""One return convention and stated value ranges: what generic learning code reads of every game.

``returns`` is each seat's result, the higher the better, in every game; ``hand_returns`` the
same for each finished hand. Every observation block states the least and greatest value of
its ints, and every observation of seeded random matches keeps within them.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest

import cardgames
import playing
from cardgames import errors, kalter_schlag, protocols

NAMES = sorted(cardgames.GAMES)


def _matches(name: str, seeds: range, hands: int) -> list[list[Any]]:
    """The states of seeded random matches, every player count of the game in turn."""
    counts = cardgames.GAMES[name].players
    return [
        list(playing.random_states(name, seed, hands=hands, players=counts[seed % len(counts)]))
        for seed in seeds
    ]


@pytest.mark.parametrize("name", NAMES)
def test_the_hands_returns_add_up_to_the_matchs_while_it_goes_on(name: str) -> None:
    entry = cardgames.GAMES[name]
    for states in _matches(name, range(3), hands=3):
        for state in states[:: max(1, len(states) // 40)]:
            per_hand = entry.hand_returns(state)
            assert len(per_hand) == len(entry.score(state).hands)
            if not entry.is_over(state) or name != "gin-rummy":
                assert entry.returns(state) == tuple(map(sum, zip(*per_hand, strict=True))) or (
                    not per_hand and entry.returns(state) == (0,) * state.players
                )


@pytest.mark.parametrize("name", NAMES)
def test_a_higher_return_is_a_better_result(name: str) -> None:
    entry = cardgames.GAMES[name]
    for states in _matches(name, range(4), hands=3):
        final = states[-1]
        sheet = entry.score(final)
        returns = entry.returns(final)
        assert sheet.over
        for winner, loser in itertools.product(sheet.winners, sheet.losers):
            if winner != loser:
                assert returns[winner] > returns[loser]


def test_each_games_return_is_made_of_its_own_score() -> None:
    state = next(iter(_matches("kalter-schlag", range(1), hands=2)))[-1]
    assert kalter_schlag.returns(state) == tuple(-total for total in state.totals)
    assert kalter_schlag.hand_returns(state) == tuple(
        tuple(-points for points in hand.points) for hand in kalter_schlag.score(state).hands
    )
    gin = cardgames.GAMES["gin-rummy"]
    final = _matches("gin-rummy", range(1), hands=2)[0][-1]
    sheet = gin.score(final)
    won = sheet.settlement or 0
    assert gin.returns(final) == tuple(won if s in sheet.winners else -won for s in range(2))
    assert sum(gin.returns(final)) == 0


@pytest.mark.parametrize("name", NAMES)
def test_every_observation_keeps_within_its_blocks_bounds(name: str) -> None:
    entry = cardgames.GAMES[name]
    for states in _matches(name, range(4), hands=2):
        players = states[0].players
        blocks = entry.layout(states[0].rules, players)
        low, high = protocols.bounds(blocks)
        assert len(low) == len(high) == entry.observation_size(states[0].rules, players)
        for state in states[:: max(1, len(states) // 30)]:
            for seat in range(players):
                seen = entry.observation(state, seat)
                for place, value in enumerate(seen):
                    least, most = low[place], high[place]
                    assert least is None or value >= least, (blocks, place, value)
                    assert most is None or value <= most, (blocks, place, value)


@pytest.mark.parametrize("name", NAMES)
def test_the_entrys_layout_is_the_packages(name: str) -> None:
    entry = cardgames.GAMES[name]
    package = __import__(entry.module, fromlist=["layout"])
    for players in entry.players:
        assert entry.layout(None, players) == package.layout(None, players)
        assert entry.observation_size(players=players) == package.observation_size(None, players)
    assert entry.layout() == package.layout(None, entry.players[0])
    assert all(block.low is not None for block in entry.layout() if block.high == 1)


def test_wrong_sizes_arguments_are_refused() -> None:
    entry = kalter_schlag.GAME
    with pytest.raises(errors.RulesError, match=r"^Kalter Schlag is played by 4 players, not 5$"):
        entry.layout(None, 5)
    with pytest.raises(errors.RulesError, match=r"not True$"):
        entry.observation_size(None, True)  # noqa: FBT003
    with pytest.raises(errors.RulesError, match=r"expected kalter_schlag\.Rules"):
        entry.layout(cardgames.GAMES["mariage"].rules_type())
    with pytest.raises(errors.RulesError, match="blocks of an observation"):
        protocols.bounds(entry.layout()[1:])
    with pytest.raises(errors.RulesError, match="a block is"):
        protocols.place_blocks(("hand", 4, "cards", 1, 0))
    with pytest.raises(errors.RulesError, match="a block is"):
        protocols.place_blocks(("hand", 4, "cards"))  # type: ignore[arg-type]
