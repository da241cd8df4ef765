"""Tests of the defender's count after a knock (rule 13, note G15): the least his cards make.

*D* is the least deadwood over every way the defender can meld his own cards and lay cards off
onto the knocker's melds (the spec's §2.5). By default the defender's legal lay-outs are those
that reach it, so that his choice changes what is shown, never the score; the option
``defender_count="as_laid"`` keeps OpenSpiel's model, every lay-out legal and scored as laid.
The count is checked here against a brute-force search written from the rules alone, over
random hands, and the engine's surfaces (``legal_moves``, ``is_legal``, ``apply``, the actions,
the bots, ``narrate``) are checked to agree.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Iterable

import attrs
import pytest

from cardgames import agents, cards, errors
from cardgames import gin_rummy as gr
from cardgames.gin_rummy import _melds as melds
from cardgames.gin_rummy._state import Phase

AS_LAID = gr.Rules(defender_count="as_laid")

# ------------------------------------------------------------------------------------------
# The reproducer: an undercut that the empty lay-out turned into 63 for the knocker.

KNOCKER = "2♣ 3♣ 4♣ 7♠ 7♥ 7♦ 10♥ J♥ Q♥ 5♠"
DEFENDER = "A♦ 2♦ 3♦ 9♣ 9♠ 9♦ K♣ K♠ K♦ 5♦"
KNOCKER_MELDS = "lay out 2♣ 3♣ 4♣ | 7♠ 7♥ 7♦ | 10♥ J♥ Q♥"
LEAST = "lay out 9♣ 9♠ 9♦ | K♣ K♠ K♦ | A♦ 2♦ 3♦"


def defending(rules: gr.Rules | None = None) -> gr.State:
    """The reproducer's hand up to the defender's lay-out: seat 0 knocked with 5 (the 5♠)."""
    order = gr.order_for({0: KNOCKER, 1: DEFENDER}, dealer=1, upcard="Q♦", stock="8♣ 6♣")
    state = gr.apply(gr.new_game(rules, seed=5, first_dealer=1), gr.Deal(order=order))
    for text in ("pass", "pass", "draw stock", "knock 8♣", KNOCKER_MELDS):
        state = gr.apply(state, gr.parse_move(text))
    return state


def test_the_defender_s_empty_lay_out_is_refused_and_the_hand_is_an_undercut() -> None:
    state = defending()
    empty = gr.parse_move("lay out")
    # Before the fix every lay-out was legal, and the empty one scored 68 − 5 = 63 to seat 0.
    assert gr.legal_moves(state) == (gr.parse_move(LEAST),)
    assert not gr.is_legal(state, empty)
    assert not gr.is_legal(state, empty, seat=1)
    with pytest.raises(errors.IllegalMoveError, match="leaves a count of 68, but your least is 5"):
        gr.apply(state, empty, seat=1)
    after = gr.apply(state, gr.legal_moves(state)[0], seat=1)
    last = gr.score(after).hands[-1]
    assert last.points == (0, 25)
    assert (
        last.explanation
        == "seat 0 knocks with 5, seat 1 has 5: undercut, 5 − 5 + 25 = 25 to seat 1"
    )
    line = gr.narrate(state, after.moves[-1], after)
    assert line == (
        "seat 1 lays out [9♣ 9♠ 9♦] [K♣ K♠ K♦] [A♦ 2♦ 3♦] 5♦ (count 5); "
        "seat 0 knocks with 5, seat 1 has 5: undercut, 5 − 5 + 25 = 25 to seat 1"
    )


def test_scored_as_laid_keeps_every_lay_out_legal() -> None:
    state = defending(AS_LAID)
    assert len(gr.legal_moves(state)) == 8  # any of his three melds, or none
    after = gr.apply(state, gr.parse_move("lay out"))
    assert gr.score(after).hands[-1].explanation == (
        "seat 0 knocks with 5, seat 1 has 68: 68 − 5 = 63 to seat 0"
    )


def test_the_defender_s_least_count_is_the_same_for_both_options() -> None:
    least = gr.best_lay_out(defending())
    assert least == gr.best_lay_out(defending(AS_LAID)) == gr.parse_move(LEAST)


def test_the_option_is_checked() -> None:
    assert gr.Rules().defender_count == "least"
    with pytest.raises(errors.RulesError, match="defender_count must be one of 'least', 'as_laid'"):
        gr.Rules(defender_count="best")  # type: ignore[arg-type]  # wrong on purpose


def test_after_gin_the_defender_lays_out_his_least_count_with_no_lay_offs() -> None:
    gin = "A♣ 2♣ 3♣ 4♣ 5♦ 6♦ 7♦ 9♥ 9♠ 9♦"
    defender = "10♣ J♣ Q♣ 10♠ J♠ Q♠ 10♥ J♥ Q♥ 8♦"
    order = gr.order_for({0: gin, 1: defender}, dealer=1, upcard="K♦", stock="K♣")
    state = gr.apply(gr.new_game(seed=5, first_dealer=1), gr.Deal(order=order))
    for text in ("pass", "pass", "draw stock", "gin K♣"):
        state = gr.apply(state, gr.parse_move(text))
    state = gr.apply(state, gr.best_lay_out(state))
    legal = gr.legal_moves(state)
    # Three runs or three sets: 8 either way, and nothing may go onto the 5♦ 6♦ 7♦.
    assert {str(move) for move in legal} == {
        "lay out 10♣ J♣ Q♣ | 10♠ J♠ Q♠ | 10♥ J♥ Q♥",
        "lay out 10♣ 10♠ 10♥ | J♣ J♠ J♥ | Q♣ Q♠ Q♥",
    }
    with pytest.raises(errors.IllegalMoveError, match="leaves a count of 38, but your least is 8"):
        gr.apply(state, gr.parse_move("lay out 10♣ J♣ Q♣ | 10♠ J♠ Q♠"))
    for move in legal:
        assert gr.score(gr.apply(state, move)).hands[-1].points == (8 + 25, 0)
    as_laid = gr.replay(AS_LAID, 5, state.moves, players=2, first_dealer=1)
    assert len(gr.legal_moves(as_laid)) > len(legal)


def test_a_listed_lay_out_laid_in_another_order_is_the_documented_extra() -> None:
    knocker = "5♠ 6♠ 7♠ 8♣ 8♥ 8♦ Q♣ Q♥ Q♦ A♦"
    defender = "3♠ 4♠ 8♠ 9♠ K♣ K♥ 2♦ 5♣ 6♥ 7♦"
    order = gr.order_for({0: knocker, 1: defender}, dealer=1, upcard="K♦", stock="J♥")
    state = gr.apply(gr.new_game(seed=5, first_dealer=1), gr.Deal(order=order))
    for text in (
        "pass",
        "pass",
        "draw stock",
        "knock J♥",
        "lay out 8♣ 8♥ 8♦ | Q♣ Q♥ Q♦ | 5♠ 6♠ 7♠",
    ):
        state = gr.apply(state, gr.parse_move(text))
    listed = gr.parse_move("lay out off 4♠>2 3♠>2 8♠>2 9♠>2")
    reordered = gr.parse_move("lay out off 8♠>2 4♠>2 9♠>2 3♠>2")
    assert gr.legal_moves(state) == (listed,)
    assert reordered not in gr.legal_moves(state)
    assert gr.is_legal(state, reordered, seat=1)
    assert gr.move_indices(reordered) == gr.move_indices(listed)
    assert gr.score(gr.apply(state, reordered)) == gr.score(gr.apply(state, listed))


# ------------------------------------------------------------------------------------------
# A brute-force defender's count, from the rules alone (none of the package's meld code).


def place(card: cards.Card) -> int:
    """The card's rank in runs, the ace low: A 1, 2 … 10, J 11, Q 12, K 13."""
    return 1 if card.rank is cards.Rank.ACE else int(card.rank)


def value(card: cards.Card) -> int:
    """The card's deadwood value: A 1, two to ten their face, J Q K 10."""
    return min(place(card), 10)


def is_meld(group: Iterable[cards.Card]) -> bool:
    """Whether the cards are a set of 3 or 4 of a rank, or a run of 3 or more in a suit."""
    found = sorted(group, key=place)
    if len(found) < 3:
        return False
    if len({card.rank for card in found}) == 1:
        return len(found) <= 4
    runs = [place(card) for card in found]
    return len({card.suit for card in found}) == 1 and runs == list(
        range(runs[0], runs[0] + len(runs))
    )


def melds_with(card: cards.Card, hand: frozenset[cards.Card]) -> Iterable[frozenset[cards.Card]]:
    """Every meld of the hand's cards that holds ``card``: its sets, and its runs in the suit."""
    same_rank = sorted(other for other in hand if other.rank == card.rank and other != card)
    for size in (2, 3):
        for others in itertools.combinations(same_rank, size):
            yield frozenset((card, *others))
    by_place = {place(other): other for other in hand if other.suit == card.suit}
    low = place(card)
    while low - 1 in by_place:
        low -= 1
    for start in range(low, place(card) + 1):
        for end in range(max(start + 2, place(card)), 14):
            spots = range(start, end + 1)
            if not all(spot in by_place for spot in spots):
                break
            yield frozenset(by_place[spot] for spot in spots)


@functools.cache
def least_deadwood(hand: frozenset[cards.Card]) -> int:
    """The least deadwood of a hand: its lowest card is deadwood, or in some meld of the hand."""
    if not hand:
        return 0
    lowest = min(hand)
    best = value(lowest) + least_deadwood(hand - {lowest})
    for meld in melds_with(lowest, hand):
        assert is_meld(meld)
        best = min(best, least_deadwood(hand - meld))
    return best


def fits(card: cards.Card, meld: frozenset[cards.Card]) -> bool:
    """Whether the card could ever go onto the meld: its rank for a set, its suit for a run."""
    if len({each.rank for each in meld}) == 1:
        return all(each.rank == card.rank for each in meld)
    return all(each.suit == card.suit for each in meld)


def spec_defender_count(
    hand: Iterable[cards.Card], knocker_melds: Iterable[Iterable[cards.Card]]
) -> int:
    """The spec's D: the least deadwood over every meld and lay-off of the defender's cards.

    Each card that fits one of the knocker's melds is laid off onto one of them or kept; a way
    of laying off is legal when each of the knocker's melds, with what was laid on it, is still
    a meld (lay-offs chain outwards one card at a time, so that is all it takes).
    """
    held = frozenset(hand)
    targets = [frozenset(meld) for meld in knocker_melds]
    candidates = sorted(card for card in held if any(fits(card, meld) for meld in targets))
    best = least_deadwood(held)
    choices = [
        [None, *(k for k, meld in enumerate(targets) if fits(card, meld))] for card in candidates
    ]
    for chosen in itertools.product(*choices):
        laid = [set(meld) for meld in targets]
        for card, target in zip(candidates, chosen, strict=True):
            if target is not None:
                laid[target].add(card)
        if all(is_meld(meld) for meld in laid):
            off = {
                card for card, target in zip(candidates, chosen, strict=True) if target is not None
            }
            best = min(best, least_deadwood(held - off))
    return best


def test_the_brute_force_count_on_the_source_s_example() -> None:
    # The source: 7♠ and 6♠ onto 5 4 3♠, the fourth jack onto three; nothing onto the 2♥.
    hand = cards.parse_cards("7♠ 6♠ J♦ A♥ 3♥ K♣ K♦ K♥ 9♣ 9♦")
    knocker = [cards.parse_cards("3♠ 4♠ 5♠"), cards.parse_cards("J♣ J♠ J♥")]
    assert spec_defender_count(hand, knocker) == 9 + 3 + 1 + 9
    assert (
        spec_defender_count(hand, []) == least_deadwood(frozenset(hand)) == 7 + 6 + 10 + 1 + 3 + 18
    )


def test_the_brute_force_count_agrees_with_the_package_on_random_hands() -> None:
    chooser = random.Random(4)
    for _ in range(300):
        hand = chooser.sample(cards.CARDS, 10)
        assert least_deadwood(frozenset(hand)) == gr.deadwood(hand)


def knocked_hands(seed: int, rules: gr.Rules, wanted: int) -> Iterable[gr.State]:
    """Random first hands that knock whenever they may; yield each as the defender lays out.

    Each player draws at random and discards what leaves the least count, so that hands come to
    a knock soon; the knocker lays out a random one of his arrangements, so that what can be
    laid off varies. Each hand is the first of a new match, so that it replays quickly.
    """
    chooser = random.Random(seed)
    found = 0
    while found < wanted:
        state = gr.apply(gr.new_game(rules, seed=chooser.randrange(10**9)), gr.Deal())
        while not state.hand_over and state.phase is not Phase.DEFENDER:
            legal = gr.legal_moves(state)
            knocks = [move for move in legal if isinstance(move, gr.Knock | gr.BigGin)]
            discards = [move for move in legal if isinstance(move, gr.Discard)]
            held = state.hands[state.turn]
            move: gr.Move
            if knocks:
                move = chooser.choice(knocks)
            elif discards:
                move = min(discards, key=lambda each: melds.deadwood_of(held ^ each.card.mask))
            else:
                move = chooser.choice(legal)
            state = gr.apply(state, move)
        if state.phase is Phase.DEFENDER:
            found += 1
            yield state


def defender_count(state: gr.State, move: gr.Move) -> int:
    """The defender's count after ``move``, as the engine scores it."""
    showdown = gr.apply(state, move).showdown
    assert showdown is not None
    assert showdown.defence is not None
    return showdown.defence.count


@pytest.mark.breadth
@pytest.mark.parametrize(
    ("seed", "rules"),
    [
        (1, gr.Rules()),
        (2, gr.Rules(oklahoma=True)),  # limits from 0 (an ace: gin only) to 10
        (3, gr.Rules(big_gin=True, knock_limit=0)),  # gin and big gin: no lay-offs
    ],
)
def test_the_default_score_is_the_spec_s_least_count_over_random_hands(
    seed: int, rules: gr.Rules
) -> None:
    defender = agents.RandomAgent()
    chooser = random.Random(seed)
    changed = 0
    for state in knocked_hands(seed, rules, 120):
        showdown = state.showdown
        assert showdown is not None
        assert showdown.layout is not None
        knocked = showdown.layout
        targets = [meld.cards for meld in knocked.melds] if knocked.count else []  # G13, rule 13
        least = spec_defender_count(gr.view(state, state.turn).hand, targets)
        legal = gr.legal_moves(state)
        assert legal
        move = defender.choose(gr.view(state, state.turn), chooser)
        result = gr.score(gr.apply(state, move)).hands[-1].result
        assert result is not None
        assert result.defender_count == least
        # The same position scored as laid: every lay-out legal; the default keeps those of D.
        as_laid = gr.replay(
            attrs.evolve(rules, defender_count="as_laid"),
            state.seed,
            state.moves,
            players=2,
            first_dealer=state.first_dealer,
        )
        every = gr.legal_moves(as_laid)
        counts = {each: defender_count(as_laid, each) for each in every}
        assert min(counts.values()) == least
        assert legal == tuple(each for each in every if counts[each] == least)
        for each in every:
            assert gr.is_legal(state, each) == (each in legal)
        changed += len(legal) < len(every)
    assert changed  # some hands had lay-outs that the default refuses
