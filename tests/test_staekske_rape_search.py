"""Tests of the agents' searches: the rule agent's declarer search and the inferences it draws
from the play, and the search agent (``SearchAgent``, ``_playouts``) with its worlds."""

from __future__ import annotations

import random
import time

import pytest

from cardgames import agents, cards, errors, simulate, tricks
from cardgames import staekske_rape as sr
from cardgames.staekske_rape import _play as play
from cardgames.staekske_rape import _playouts as playouts
from cardgames.staekske_rape import _search as search
from cardgames.staekske_rape import _tactics as tactics
from cardgames.staekske_rape import _worlds as worlds


def hands_of(seed: int) -> tuple[int, int, int, int]:
    """Deal four seven-card hands (as bit sets) from a shuffle of the pack."""
    order = list(sr.PACK)
    random.Random(seed).shuffle(order)
    first, second, third, fourth = (cards.mask_of(order[7 * i : 7 * i + 7]) for i in range(4))
    return first, second, third, fourth


@pytest.mark.parametrize(
    "rules",
    [
        sr.Rules(),
        sr.Rules(follow_mode="lenient"),
        sr.Rules(jack_exempt_on_plain_lead=True),
        sr.Rules(follow_mode="lenient", jack_exempt_on_plain_lead=True),
    ],
)
def test_what_the_play_rules_out_is_never_in_the_hand(rules: sr.Rules) -> None:
    # Random legal play under each following rule: a card ruled out by what a player played is
    # never one he still holds, and the inference does find voids.
    found = 0
    rng = random.Random(7)
    for seed in range(150):
        trump = cards.Suit(seed % 4)
        contract = tactics._contract(trump, play.following(trump, rules))  # noqa: SLF001  # a playout's contract
        table = play.following(trump, rules)
        held = list(hands_of(seed))
        leader = 0
        for _ in range(7):
            trick: tuple[int, ...] = ()
            for place in range(4):
                seat = (leader + place) % 4
                can = play.allowed(held[seat], trick, contract)
                card = rng.choice([item.index for item in cards.cards_in(can)])
                held[seat] ^= 1 << card
                out = play.ruled_out(card, trick, table)
                assert not out & held[seat]
                found += bool(out)
                trick = (*trick, card)
            leader = (leader + tricks.best(trick, play.RANKINGS[trump])) % 4
    assert found > 100


def test_ruled_out_reads_every_trick_from_its_leader() -> None:
    heart = cards.Suit.HEARTS
    lead = [cards.Card.parse(text).index for text in ("A♣", "7♦", "8♣", "9♥")]
    out = search.ruled_out([(2, tuple(lead))], heart, sr.Rules())
    # Place 2 led; place 3 showed no club and no trump; place 0 followed; place 1 trumped.
    clubs = cards.mask_of(card for card in sr.PACK if card.suit == cards.Suit.CLUBS)
    hearts = cards.mask_of(card for card in sr.PACK if card.suit == heart)
    assert out == (0, clubs, 0, clubs | hearts)


def test_a_deal_keeps_the_sizes_and_the_voids() -> None:
    rng = random.Random(3)
    own = hands_of(11)[0]
    unknown = cards.mask_of(sr.PACK) & ~own
    spades = cards.mask_of(card for card in sr.PACK if card.suit == cards.Suit.SPADES)
    out = (spades, 0, spades)
    for _ in range(50):
        first, second, third, rest = search.deal(unknown, (7, 7, 7), out, rng)
        assert [first.bit_count(), second.bit_count(), third.bit_count()] == [7, 7, 7]
        assert first | second | third | rest == unknown
        assert rest.bit_count() == 4
        assert not (first | third) & spades
    # Voids no deal can keep (eight spades for one hand of seven) are dropped, not fatal.
    first, second, third, rest = search.deal(unknown, (7, 7, 7), (~spades, ~spades, 0), rng)
    assert first | second | third | rest == unknown


def test_the_declarer_search_plays_every_hand_legally_and_reproducibly() -> None:
    # Four rule agents: the declarer's cards come from the search. Its choice draws nothing
    # from the generator and is the same whenever the view is.
    rules = sr.Rules(max_hands=3)
    agent = sr.RuleAgent()
    state = sr.new_game(rules, seed=5, first_dealer=0)
    searched = 0
    while not sr.is_over(state):
        seat = sr.current_player(state)
        assert seat is not None
        view = sr.view(state, seat)
        rng = random.Random(seat)
        move = agent.choose(view, rng)
        assert move in view.legal_moves
        assert rng.random() == random.Random(seat).random()
        if seat == view.declarer and view.phase is sr.Phase.PLAY and len(view.legal_moves) > 1:
            assert agent.choose(view, random.Random(99)) == move
            searched += 1
        state = sr.apply(state, move, seat=seat)
    assert searched > 5


def test_a_search_that_can_take_every_trick_takes_them() -> None:
    # Trumps are hearts; the declarer holds the four top trumps and three aces. An ace led now
    # may be ruffed by a defender void in its suit; drawing the trumps first keeps every trick.
    hand = cards.mask_of(cards.parse_cards("J♥ 9♥ A♥ K♥ A♣ A♠ A♦"))
    seen = search.Seen(
        hand=hand,
        sizes=(7, 7, 7),
        out=(0, 0, 0),
        trick=(),
        leader=0,
        gone=0,
        taken=0,
        won=0,
        done=0,
    )
    aside = cards.mask_of(cards.parse_cards("7♣ 8♣ 7♠ 8♠"))
    stakes = search.Stakes(
        bid=3,
        trump=cards.Suit.HEARTS,
        meld_points=20,
        without_stock=False,
        aside=aside,
        rules=sr.Rules(),
    )
    card = search.best_card(hand, seen, stakes)
    assert hand >> card & 1
    assert cards.CARDS[card].suit == cards.Suit.HEARTS  # trumps first: no ace is ruffed


# --- the search agent ---------------------------------------------------------------------

SMALL = {"deals": 6, "positions": 300, "worlds": 4}
"""A budget small enough to keep the tests quick (the moves are still the agent's own)."""


def test_the_search_agent_is_on_the_entry() -> None:
    made = agents.by_name(sr.GAME, "search")
    assert isinstance(made, sr.SearchAgent)
    assert (made.deals, made.positions, made.worlds) == (
        playouts.DEALS,
        playouts.POSITIONS,
        playouts.WORLDS,
    )
    assert made.name == "search"


@pytest.mark.parametrize(
    ("rules", "players"),
    [
        (sr.Rules(max_hands=3), 4),
        (sr.Rules(max_hands=3, follow_mode="lenient", jack_exempt_on_plain_lead=True), 4),
        (sr.Rules(max_hands=3, set_aside_counts_for_declarer=True, nanny_model="forced_open"), 4),
        (sr.Rules(max_hands=3, melds_may_share_cards=False, blind_two=False), 4),
        (sr.Rules(max_hands=3), 5),
    ],
)
def test_the_search_agent_plays_legally(rules: sr.Rules, players: int) -> None:
    # Search agents in every seat: every move is legal, and the hands reach the play.
    agent = sr.SearchAgent(**SMALL)
    phases = set()
    for seed in range(3):
        state = sr.new_game(rules, seed=seed, players=players)
        rng = random.Random(seed)
        while not sr.is_over(state):
            seat = sr.current_player(state)
            assert seat is not None
            view = sr.view(state, seat)
            move = agent.choose(view, rng)
            assert move in view.legal_moves
            if len(view.legal_moves) > 1:
                phases.add(view.phase)
            state = sr.apply(state, move, seat=seat)
    assert {sr.Phase.AUCTION, sr.Phase.STOCK, sr.Phase.TRUMP, sr.Phase.PLAY} <= phases


def test_the_search_agent_replays_and_draws_one_number() -> None:
    game_rules = sr.Rules(max_hands=1)
    lineup: list[simulate.Entrant] = [sr.SearchAgent(**SMALL), "rule", "rule", "rule"]
    first = simulate.run(sr.GAME, lineup, matches=2, seed=4, rules=game_rules)
    assert first == simulate.run(sr.GAME, lineup, matches=2, seed=4, rules=game_rules)
    assert first.agent("search").seats == 2
    agent = sr.SearchAgent(**SMALL)
    state = sr.new_game(game_rules, seed=8)
    while not sr.is_over(state):
        seat = sr.current_player(state)
        assert seat is not None
        view = sr.view(state, seat)
        rng, after_one = random.Random(seat), random.Random(seat)
        after_one.getrandbits(64)
        move = agent.choose(view, rng)
        assert rng.random() == after_one.random()  # one number, whatever the move
        assert agent.choose(view, random.Random(seat)) == move
        state = sr.apply(state, move, seat=seat)


@pytest.mark.parametrize("field", ["deals", "positions", "worlds"])
@pytest.mark.parametrize("value", [0, -3, True, 2.5, "8", None, 1_000_001])
def test_the_search_agent_refuses_a_budget_that_is_not_a_count(field: str, value: object) -> None:
    with pytest.raises(errors.RulesError, match=field):
        sr.SearchAgent(**{field: value})  # type: ignore[arg-type]  # junk, on purpose


def test_the_search_agent_keeps_a_time_budget() -> None:
    # Budgets of counts that would take minutes a move; 30 ms of time ends every judgement.
    huge = dict.fromkeys(SMALL, 1_000_000)
    agent = sr.SearchAgent(**huge, seconds=0.03)
    phases = set()
    slowest = 0.0
    for seed in range(4):
        state = sr.new_game(sr.Rules(max_hands=1), seed=seed)
        rng = random.Random(seed)
        while not sr.is_over(state):
            seat = sr.current_player(state)
            assert seat is not None
            view = sr.view(state, seat)
            start = time.perf_counter()
            move = agent.choose(view, rng)
            slowest = max(slowest, time.perf_counter() - start)
            assert move in view.legal_moves
            if len(view.legal_moves) > 1:
                phases.add(view.phase)
            state = sr.apply(state, move, seat=seat)
    assert {sr.Phase.AUCTION, sr.Phase.DISCARD, sr.Phase.TRUMP, sr.Phase.PLAY} <= phases
    assert slowest < 0.03 + 1.0  # generous: a loaded machine, the last round, the rule agent


def test_a_judgement_past_its_deadline_plays_one_deal() -> None:
    hand = cards.mask_of(cards.parse_cards("J♣ 9♣ A♣ 10♣ K♣ A♥ A♠"))
    judged = playouts.judge(hand, sr.Rules(), 100, random.Random(1), deadline=0.0)
    assert len(judged.with_stock) == 1
    assert all(len(outcomes) == 1 for outcomes in judged.without)


@pytest.mark.parametrize("value", [0, -1.0, float("nan"), float("inf"), 61, "1", True])
def test_the_search_agent_refuses_a_time_budget_that_is_not_seconds(value: object) -> None:
    with pytest.raises(errors.RulesError, match="seconds"):
        sr.SearchAgent(seconds=value)  # type: ignore[arg-type]  # junk, on purpose


def test_the_search_agent_refuses_junk() -> None:
    state = sr.apply(sr.new_game(seed=1, first_dealer=0), sr.Deal())
    with pytest.raises(errors.RulesError):
        sr.SearchAgent(**SMALL).choose(sr.view(state, 1), "not a generator")  # type: ignore[arg-type]  # junk
    with pytest.raises(errors.IllegalMoveError):
        sr.SearchAgent(**SMALL).choose(sr.view(state, 2), random.Random(1))  # not its turn


def _nanny(hand: str) -> sr.View:
    """Return the view of a nanny holding ``hand`` after the three others (and he) passed."""
    order = sr.order_for({1: hand}, dealer=0)
    state = sr.apply(sr.new_game(seed=2, first_dealer=0), sr.Deal(order=order))
    for _ in range(4):
        state = sr.apply(state, sr.PASS)
    assert state.phase is sr.Phase.NANNY
    return sr.view(state, 1)


def test_the_nanny_concedes_only_a_hopeless_hand() -> None:
    agent = sr.SearchAgent(deals=40)
    assert agent.choose(_nanny("7♣ 8♣ 7♦ 8♦ 7♥ 8♥ 7♠"), random.Random(1)) == sr.CONCEDE
    assert agent.choose(_nanny("J♣ 9♣ A♣ 10♣ A♥ A♠ 10♠"), random.Random(1)) == sr.Bid(1)


def test_a_judgement_expects_less_of_a_higher_bid() -> None:
    hand = cards.mask_of(cards.parse_cards("J♣ 9♣ A♣ 10♣ K♣ A♥ A♠"))
    judged = playouts.judge(hand, sr.Rules(), 30, random.Random(2))
    values = [judged.value(bid)[0] for bid in (1, 3, 4, 5, 6)]
    assert values == sorted(values, reverse=True)
    assert len(judged.with_stock) == 30
    assert all(len(outcomes) == 30 for outcomes in judged.without)


def test_a_discard_keeps_seven_of_the_eleven() -> None:
    for seed in range(6):
        order = list(sr.PACK)
        random.Random(seed).shuffle(order)
        hand = cards.mask_of(order[:11])
        kept = playouts.best_discard(hand, 3, sr.Rules(), 12, random.Random(seed))
        assert kept & ~hand == 0
        assert kept.bit_count() == 7


def _declarer_to_lead(hand: str) -> sr.View:
    """Return the view of a declarer holding ``hand`` (hearts trumps, no stock), to lead."""
    order = sr.order_for({2: hand}, dealer=0)
    state = sr.apply(sr.new_game(seed=3, first_dealer=0), sr.Deal(order=order))
    for move in (
        sr.PASS,
        sr.Bid(3),
        sr.PASS,
        sr.PASS,
        sr.NO_STOCK,
        sr.NameTrump(cards.Suit.HEARTS),
    ):
        state = sr.apply(state, move)
    while declared := [move for move in sr.legal_moves(state) if isinstance(move, sr.Meld)]:
        state = sr.apply(state, declared[0])
    return sr.view(state, 2)


def test_the_card_search_draws_trumps_before_cashing_aces() -> None:
    # As the rule agent's search does (above): an ace led now may be ruffed by a void defender.
    seen = _declarer_to_lead("J♥ 9♥ A♥ K♥ A♣ A♠ A♦")
    card = playouts.best_card(seen, random.Random(5), positions=20_000, worlds=60, tie=lambda: -1)
    assert cards.CARDS[card].suit == cards.Suit.HEARTS
    move = sr.SearchAgent(positions=20_000).choose(seen, random.Random(5))
    assert isinstance(move, sr.Play)
    assert move.card.suit == cards.Suit.HEARTS


def test_a_tie_goes_to_the_card_offered() -> None:
    # Seven of the eight trumps: whatever he leads, the declarer takes every trick, so every
    # card ties, and the card offered is played; one he may not play leaves the first.
    seen = _declarer_to_lead("J♥ 9♥ A♥ K♥ Q♥ 10♥ 8♥")
    queen = cards.Card.parse("Q♥").index
    assert playouts.best_card(seen, random.Random(1), tie=lambda: queen) == queen
    first = min(move.card.index for move in seen.legal_moves if isinstance(move, sr.Play))
    assert playouts.best_card(seen, random.Random(1), tie=lambda: -1) == first


def test_the_hidden_cards_keep_every_constraint_the_view_shows() -> None:
    # Over random play: the true deal is always one the constraints allow.
    checked = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = sr.apply(sr.new_game(seed=seed), sr.Deal())
        while not state.hand_over:
            seat = sr.current_player(state)
            assert seat is not None
            view = sr.view(state, seat)
            if view.phase is sr.Phase.PLAY:
                unknown = worlds.hidden(view)
                sizes = dict(unknown.sizes)
                for other, size in sizes.items():
                    if other == view.players:
                        continue
                    allowed = sum(mask for mask, takers in unknown.groups if other in takers)
                    held = state.hands[other]
                    assert held.bit_count() == size
                    assert held & ~allowed == 0
                    checked += 1
            state = sr.apply(state, rng.choice(sr.legal_moves(state)))
    assert checked > 100
