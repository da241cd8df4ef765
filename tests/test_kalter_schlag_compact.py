"""The solver's bit layout of Kalter Schlag's cards, checked against the engine's own ranking."""

from __future__ import annotations

import random

import pytest

from cardgames import cards, tricks
from cardgames.kalter_schlag import _compact as compact
from cardgames.kalter_schlag import _scoring as scoring
from cardgames.kalter_schlag._rules import PLAIN_RANK_ORDERS, PlainRankOrder
from cardgames.kalter_schlag._state import PACK, RANKINGS


@pytest.mark.parametrize("order", PLAIN_RANK_ORDERS)
def test_the_highest_bit_that_may_win_takes_the_trick(order: PlainRankOrder) -> None:
    layout = compact.LAYOUTS[order]
    choose = random.Random(order)
    for _ in range(2000):
        trick = [card.index for card in choose.sample(PACK, 4)]
        bits = [layout.bit_of[index] for index in trick]
        wins = layout.wins[bits[0]]
        top = max(bit for bit in bits if bit & wins)
        assert bits.index(top) == tricks.best(trick, RANKINGS[order])


@pytest.mark.parametrize("order", PLAIN_RANK_ORDERS)
def test_every_card_has_one_bit_and_its_points(order: PlainRankOrder) -> None:
    layout = compact.LAYOUTS[order]
    placed = [layout.bit_of[card.index] for card in PACK]
    assert sorted(placed) == [1 << at for at in range(32)]
    assert all(layout.index_of[layout.bit_of[card.index]] == card.index for card in PACK)
    choose = random.Random(7)
    for _ in range(200):
        held = choose.sample(PACK, choose.randint(0, 32))
        mask = layout.hand(cards.mask_of(held))
        assert compact.points_of(layout.bytes_points, mask) == sum(
            scoring.POINTS[card.index] for card in held
        )


@pytest.mark.parametrize("order", PLAIN_RANK_ORDERS)
def test_a_suit_follows_as_the_engine_has_it(order: PlainRankOrder) -> None:
    layout = compact.LAYOUTS[order]
    for led in PACK:
        followers = {
            card.index for card in PACK if RANKINGS[order].follows[led.index] >> card.index & 1
        }
        mask = layout.suit_mask[layout.bit_of[led.index]]
        assert {layout.index_of[1 << at] for at in range(32) if mask >> at & 1} == followers


def _runs_by_hand(layout: compact.Layout, playable: int, alive: int) -> list[list[int]]:
    """Return the runs of ``playable``: same points, nothing alive between, strongest first."""
    runs: list[list[int]] = []
    for base, width, _, _ in layout.suits:
        run: list[int] = []
        for at in range(base + width - 1, base - 1, -1):
            card = 1 << at
            if not alive & card:
                continue
            if playable & card and run and layout.points[run[-1]] == layout.points[card]:
                run.append(card)
                continue
            if run:
                runs.append(run)
            run = [card] if playable & card else []
        if run:
            runs.append(run)
    return runs


@pytest.mark.parametrize("order", PLAIN_RANK_ORDERS)
def test_distinct_plays_the_strongest_card_of_each_run(order: PlainRankOrder) -> None:
    layout = compact.LAYOUTS[order]
    choose = random.Random(order + "runs")
    for _ in range(500):
        alive_cards = choose.sample(PACK, choose.randint(1, 32))
        held = choose.sample(alive_cards, choose.randint(1, len(alive_cards)))
        alive = layout.hand(cards.mask_of(alive_cards))
        playable = layout.hand(cards.mask_of(held))
        runs = _runs_by_hand(layout, playable, alive)
        assert compact.distinct(layout.suits, playable, alive) == [run[0] for run in runs]
        assert layout.runs(playable, alive) == {card: run[0] for run in runs for card in run}
