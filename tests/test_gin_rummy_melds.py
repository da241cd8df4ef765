"""Tests of Gin Rummy's meld mathematics, against an independent brute force.

The brute force below knows nothing of the module's bit tricks: it lists melds by grouping the
cards by rank and by suit, tries every collection of disjoint melds, and finds lay-offs by laying
one card at a time while the knocker's meld plus the laid cards is still a meld.
"""

from __future__ import annotations

import inspect
import itertools
import random
from collections.abc import Iterable, Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames import cards, errors, gin_rummy
from cardgames.gin_rummy import _melds as melds

Card = cards.Card
Hand = tuple[Card, ...]
Group = frozenset[Card]
Lay = frozenset[tuple[Card, int]]

# --- the brute force ------------------------------------------------------------------------


def low_rank(card: Card) -> int:
    """A 1, 2 … 10, J 11, Q 12, K 13."""
    return 1 if card.rank is cards.Rank.ACE else int(card.rank)


def value(card: Card) -> int:
    return min(low_rank(card), 10)


def total(found: Iterable[Card]) -> int:
    return sum(value(card) for card in found)


def is_meld(group: Iterable[Card]) -> bool:
    found = list(group)
    if len(found) < 3:
        return False
    if len({card.rank for card in found}) == 1:
        return len(found) <= 4
    if len({card.suit for card in found}) != 1:
        return False
    ranks = sorted(low_rank(card) for card in found)
    return ranks == list(range(ranks[0], ranks[0] + len(ranks)))


def all_melds(hand: Iterable[Card]) -> list[Group]:
    """Every meld in the hand: subsets of each rank, consecutive stretches of each suit."""
    found: list[Group] = []
    by_rank: dict[cards.Rank, list[Card]] = {}
    by_suit: dict[cards.Suit, list[Card]] = {}
    for card in hand:
        by_rank.setdefault(card.rank, []).append(card)
        by_suit.setdefault(card.suit, []).append(card)
    for group in by_rank.values():
        for size in (3, 4):
            found += [frozenset(combo) for combo in itertools.combinations(group, size)]
    for group in by_suit.values():
        ordered = sorted(group, key=low_rank)
        for start, stop in itertools.combinations(range(len(ordered) + 1), 2):
            if is_meld(ordered[start:stop]):
                found.append(frozenset(ordered[start:stop]))
    return found


def collections(found: Sequence[Group]) -> list[list[Group]]:
    """Every collection of pairwise disjoint melds, the empty one included."""
    result: list[list[Group]] = [[]]

    def grow(start: int, used: frozenset[Card], chosen: list[Group]) -> None:
        for place in range(start, len(found)):
            if not found[place] & used:
                result.append([*chosen, found[place]])
                grow(place + 1, used | found[place], [*chosen, found[place]])

    grow(0, frozenset(), [])
    return result


def brute_deadwood(hand: Iterable[Card]) -> int:
    held = frozenset(hand)
    return min(total(held.difference(*chosen)) for chosen in collections(all_melds(held)))


def layoff_sets(rest: frozenset[Card], targets: Sequence[Group]) -> set[Lay]:
    """Every set of (card, target) lay-offs reachable by laying one legal card at a time."""
    start: Lay = frozenset()
    seen = {start}
    todo = [start]
    while todo:
        laid = todo.pop()
        used = {card for card, _ in laid}
        for card in rest - used:
            for index, target in enumerate(targets):
                on_it = {other for other, where in laid if where == index}
                if is_meld(target | on_it | {card}):
                    grown = laid | {(card, index)}
                    if grown not in seen:
                        seen.add(grown)
                        todo.append(grown)
    return seen


Identity = tuple[frozenset[Group], Lay]


def brute_defences(hand: Iterable[Card], targets: Sequence[Group]) -> dict[Identity, int]:
    """Every defence as (own melds, lay-offs) with its count."""
    held = frozenset(hand)
    result: dict[Identity, int] = {}
    for chosen in collections(all_melds(held)):
        rest = held.difference(*chosen)
        for laid in layoff_sets(rest, targets):
            left = rest - {card for card, _ in laid}
            result[frozenset(chosen), laid] = total(left)
    return result


def identity(defence: melds.Defence) -> Identity:
    return frozenset(frozenset(meld.cards) for meld in defence.melds), frozenset(defence.layoffs)


# --- hands ----------------------------------------------------------------------------------


def random_hand(rng: random.Random, size: int) -> Hand:
    return tuple(rng.sample(cards.CARDS, size))


def dense_hand(rng: random.Random, size: int, ranks: int = 4) -> Hand:
    """Cards from a few adjacent ranks (ace low), so that sets and runs cross."""
    low = rng.randrange(0, 14 - ranks)
    pool = [melds_card(suit, position) for suit in range(4) for position in range(low, low + ranks)]
    return tuple(rng.sample(pool, size))


def melds_card(suit: int, position: int) -> Card:
    """The card of a suit at a place from the ace (0) up to the king (12)."""
    rank = cards.Rank.ACE if position == 0 else cards.Rank(position + 1)
    return Card(rank, cards.Suit(suit))


def hands(seed: int, count: int, size: int) -> list[Hand]:
    """Half random hands, half dense ones (from 3 to 5 adjacent ranks)."""
    rng = random.Random(seed)
    return [
        dense_hand(rng, size, ranks=3 + place % 3) if place % 2 else random_hand(rng, size)
        for place in range(count)
    ]


def card(text: str) -> Card:
    return Card.parse(text)


def check_valid_layout(hand: Hand, melds_shown: Sequence[melds.Meld], dead: Sequence[Card]) -> None:
    shown = [list(meld.cards) for meld in melds_shown]
    for group in shown:
        assert is_meld(group)
    used = [c for group in shown for c in group] + list(dead)
    assert sorted(used) == sorted(hand)


# --- against the brute force ----------------------------------------------------------------


def test_the_package_gives_this_module_by_its_name() -> None:
    # The package publishes the function melds.melds as gin_rummy.melds; its submodule keeps
    # its own name: ``from cardgames.gin_rummy import _melds`` is how the tests use it.
    assert inspect.ismodule(melds), f"cardgames.gin_rummy._melds is {melds!r}, not the module"
    assert gin_rummy.melds is melds.melds


@pytest.mark.breadth
@pytest.mark.parametrize("size", [10, 11])
def test_deadwood_and_best_layout_match_the_brute_force(size: int) -> None:
    for hand in hands(size, 4000, size):
        expected = brute_deadwood(hand)
        assert melds.deadwood(hand) == expected, hand
        layout = melds.best_arrangement(hand)
        assert layout.count == expected, hand
        check_valid_layout(hand, layout.melds, layout.deadwood)


@pytest.mark.breadth
def test_knock_count_and_knock_discards_match_the_brute_force() -> None:
    for hand in hands(7, 2000, 11):
        after = {discard: brute_deadwood(set(hand) - {discard}) for discard in hand}
        assert melds.knock_count(cards.mask_of(hand)) == min(after.values()), hand
        for limit in (0, 5, 10):
            expected = tuple(c for c in sorted(hand) if after[c] <= limit)
            assert melds.knock_discards(hand, limit) == expected, (hand, limit)


def knocker_and_defender(rng: random.Random, dense: bool) -> tuple[Hand, list[melds.Meld]]:
    """A defender's hand and some knocker's melds made of cards near them."""
    pool = dense_hand(rng, 20, ranks=5) if dense else random_hand(rng, 30)
    hand, rest = pool[:10], pool[10:]
    chosen = rng.choice(collections(all_melds(rest)))
    rng.shuffle(chosen)
    return hand, [melds.Meld.of(tuple(group)) for group in chosen]


@pytest.mark.breadth
@pytest.mark.parametrize("dense", [False, True])
def test_best_defence_matches_the_brute_force(dense: bool) -> None:
    rng = random.Random(int(dense))
    for _ in range(2000):
        hand, targets = knocker_and_defender(rng, dense)
        brute = brute_defences(hand, [frozenset(meld.cards) for meld in targets])
        defence = melds.best_defence(hand, targets)
        assert defence.count == min(brute.values()), (hand, targets)
        assert identity(defence) in brute
        assert melds.check_defence(hand, targets, defence.melds, defence.layoffs) == defence


@pytest.mark.parametrize("seed", range(3))
def test_defences_are_complete_valid_and_distinct(seed: int) -> None:
    rng = random.Random(100 + seed)
    for _ in range(150):
        hand, targets = knocker_and_defender(rng, dense=True)
        hand = hand[: rng.randrange(5, 10)]
        listed = melds.defences(hand, targets)
        brute = brute_defences(hand, [frozenset(meld.cards) for meld in targets])
        found = {identity(defence): defence.count for defence in listed}
        assert len(found) == len(listed)
        assert found == brute
        assert listed[0] == melds.best_defence(hand, targets)
        assert [item.count for item in listed] == sorted(item.count for item in listed)
        for defence in listed[:: max(1, len(listed) // 20)]:
            assert melds.check_defence(hand, targets, defence.melds, defence.layoffs) == defence


@pytest.mark.breadth
@pytest.mark.parametrize("limit", [0, 10, 200])
def test_arrangements_are_complete_valid_and_distinct(limit: int) -> None:
    for hand in hands(limit, 1000, 10):
        listed = melds.arrangements(hand, limit)
        groups = [frozenset(frozenset(meld.cards) for meld in layout.melds) for layout in listed]
        assert len(set(groups)) == len(groups)
        held = frozenset(hand)
        expected = {
            frozenset(chosen)
            for chosen in collections(all_melds(held))
            if total(held.difference(*chosen)) <= limit
        }
        assert set(groups) == expected, hand
        assert [layout.count for layout in listed] == sorted(layout.count for layout in listed)
        for layout in listed:
            assert layout.count <= limit
            check_valid_layout(hand, layout.melds, layout.deadwood)
        if listed:
            assert listed[0] == melds.best_arrangement(hand)


def test_melds_lists_every_meld_once_in_the_documented_order() -> None:
    for hand in hands(3, 500, 11):
        listed = melds.melds(hand)
        assert {frozenset(meld.cards) for meld in listed} == set(all_melds(hand))
        assert len(set(listed)) == len(listed)
        sets = [meld for meld in listed if meld.kind is melds.MeldKind.SET]
        runs = [meld for meld in listed if meld.kind is melds.MeldKind.RUN]
        assert listed == (*sets, *runs)
        assert [low_rank(meld.cards[0]) for meld in sets] == sorted(
            low_rank(meld.cards[0]) for meld in sets
        )
        run_keys = [(meld.cards[0].suit, low_rank(meld.cards[0]), len(meld.cards)) for meld in runs]
        assert run_keys == sorted(run_keys)


# --- properties -----------------------------------------------------------------------------

small_hands = st.lists(st.sampled_from(cards.CARDS), unique=True, max_size=11)
full_hands = st.lists(st.sampled_from(cards.CARDS), unique=True, min_size=11, max_size=11)


@given(small_hands)
def test_deadwood_of_matches_the_brute_force(hand: list[Card]) -> None:
    assert melds.deadwood_of(cards.mask_of(hand)) == brute_deadwood(hand)


@given(full_hands)
def test_knock_count_is_the_best_count_after_one_discard(hand: list[Card]) -> None:
    mask = cards.mask_of(hand)
    assert melds.knock_count(mask) == min(melds.deadwood_of(mask ^ c.mask) for c in hand)


@given(st.sampled_from(["9♣ 9♠ 9♥ 9♦ A♥ 2♥ 3♥ 4♥ 5♥", "J♣ Q♣ K♣ K♠ K♥"]), st.data())
def test_a_meld_reads_back_from_any_order(hand: str, data: st.DataObject) -> None:
    meld = data.draw(st.sampled_from(melds.melds(hand)))
    shuffled = data.draw(st.permutations(meld.cards))
    assert melds.Meld.of(shuffled) == meld
    assert melds.Meld.of(" ".join(map(str, shuffled))) == meld
    assert eval(repr(meld), {"Meld": melds.Meld}) == meld  # noqa: S307  # repr pastes back
    assert meld.mask == cards.mask_of(meld.cards)


@given(small_hands, st.integers(0, 100))
def test_a_layout_checks_back_to_itself(hand: list[Card], limit: int) -> None:
    layout = melds.best_arrangement(hand)
    assert melds.check_arrangement(hand, layout.melds) == layout
    assert (
        melds.check_arrangement(list(reversed(hand)), [str(m) for m in reversed(layout.melds)])
        == layout
    )
    if layout.count <= limit:
        assert melds.check_arrangement(hand, layout.melds, limit=limit) == layout
    else:
        with pytest.raises(errors.RulesError, match=f"your count is {layout.count}"):
            melds.check_arrangement(hand, layout.melds, limit=limit)


def test_values() -> None:
    assert len(melds.VALUES) == 52
    for each in cards.CARDS:
        assert melds.VALUES[each.index] == value(each)


# --- the source's examples and the rules' corner cases --------------------------------------


def laid_cards(defence: melds.Defence) -> list[str]:
    return [str(laid) for laid, _ in defence.layoffs]


def test_no_lay_off_onto_the_knockers_deadwood() -> None:
    # The source: the knocker shows 2♥ as deadwood; the defender's A♥ and 3♥ count against him.
    knocker = melds.check_arrangement(
        "5♣ 5♠ 5♦ 9♠ 10♠ J♠ Q♦ K♦ J♦ 2♥", ["5♣ 5♠ 5♦", "9♠ 10♠ J♠", "J♦ Q♦ K♦"]
    )
    assert [str(c) for c in knocker.deadwood] == ["2♥"]
    hand = "A♥ 3♥ 4♣ 7♣ 8♣ 9♣ K♣ K♠ K♥ 6♦"
    defence = melds.best_defence(hand, knocker.melds)
    assert {"A♥", "3♥"} <= {str(c) for c in defence.deadwood}
    assert all(laid.rank not in {cards.Rank.ACE, cards.Rank.THREE} for laid, _ in defence.layoffs)
    for each in melds.defences(hand, knocker.melds):
        assert not {"A♥", "3♥"} & set(laid_cards(each))
    with pytest.raises(errors.RulesError, match="A♥ 2♥ is not a meld"):
        melds.Meld.of("A♥ 2♥")


def test_the_sources_chained_lay_offs_and_fourth_jack() -> None:
    knocker = ["5♠ 4♠ 3♠", "J♣ J♠ J♥"]
    hand = "7♠ 6♠ J♦ 2♦ 9♥"
    defence = melds.check_defence(hand, knocker, [], [("6♠", 0), ("7♠", 0), ("J♦", 1)])
    assert [(str(c), i) for c, i in defence.layoffs] == [("6♠", 0), ("7♠", 0), ("J♦", 1)]
    assert defence.count == 11
    assert melds.best_defence(hand, knocker) == defence
    with pytest.raises(errors.RulesError, match="7♠ does not extend 3♠ 4♠ 5♠: a run takes"):
        melds.check_defence(hand, knocker, [], [("7♠", 0), ("6♠", 0)])
    downwards = melds.check_defence("2♠ A♠", knocker, [], [("2♠", 0), ("A♠", 0)])
    assert downwards.count == 0
    with pytest.raises(errors.RulesError, match="A♠ does not extend 3♠ 4♠ 5♠"):
        melds.check_defence("2♠ A♠", knocker, [], [("A♠", 0), ("2♠", 0)])


def test_the_order_of_laying_does_not_matter_to_the_result() -> None:
    knocker = ["5♠ 4♠ 3♠"]
    given = melds.check_defence(
        "A♠ 2♠ 6♠ 7♠", knocker, [], [("6♠", 0), ("2♠", 0), ("7♠", 0), ("A♠", 0)]
    )
    other = melds.check_defence(
        "A♠ 2♠ 6♠ 7♠", knocker, [], [("2♠", 0), ("A♠", 0), ("6♠", 0), ("7♠", 0)]
    )
    assert given == other
    assert laid_cards(given) == ["2♠", "A♠", "6♠", "7♠"]
    assert [laid_cards(d) for d in melds.defences("A♠ 2♠ 6♠ 7♠", knocker)].count(
        laid_cards(given)
    ) == 1


def test_the_knockers_arrangement_decides_what_can_be_laid_off() -> None:
    hand = "9♥ 2♣ 3♦"
    as_run = melds.best_defence(hand, ["5♥ 6♥ 7♥ 8♥"])
    assert laid_cards(as_run) == ["9♥"]
    assert as_run.count == 5
    as_run_and_set = melds.best_defence(hand, ["5♥ 6♥ 7♥", "8♥ 8♣ 8♦"])
    assert laid_cards(as_run_and_set) == []
    assert as_run_and_set.count == 14
    with pytest.raises(errors.RulesError, match="9♥ does not extend 5♥ 6♥ 7♥"):
        melds.check_defence(hand, ["5♥ 6♥ 7♥", "8♥ 8♣ 8♦"], [], [("9♥", 0)])
    with pytest.raises(errors.RulesError, match="9♥ does not extend 8♣ 8♥ 8♦: a set of three"):
        melds.check_defence(hand, ["5♥ 6♥ 7♥", "8♥ 8♣ 8♦"], [], [("9♥", 1)])
    knocker = "5♥ 6♥ 7♥ 8♥ 8♣ 8♦ A♠ A♣ A♦ 2♣"
    shown = {tuple(str(m) for m in layout.melds) for layout in melds.arrangements(knocker, 20)}
    assert ("A♣ A♠ A♦", "5♥ 6♥ 7♥ 8♥") in shown
    assert ("A♣ A♠ A♦", "8♣ 8♥ 8♦", "5♥ 6♥ 7♥") in shown


def test_a_card_goes_into_the_defenders_meld_or_onto_the_knockers_whichever_is_better() -> None:
    # Alone he melds the eights and keeps 6♠ 7♠ (13); laid off onto 3♠ 4♠ 5♠ they cost nothing.
    hand = "6♠ 7♠ 8♠ 8♣ 8♥"
    defence = melds.best_defence(hand, ["3♠ 4♠ 5♠"])
    assert defence.count == 0
    assert [str(m) for m in defence.melds] == ["8♣ 8♠ 8♥"]
    assert laid_cards(defence) == ["6♠", "7♠"]
    assert melds.best_arrangement(hand).count == 13
    # With 9♠ too, the run 6♠ … 9♠ is his own, and the eights are a set of two: 16. Laying off
    # 6♠ 7♠ and keeping 8♠ for the set leaves 9♠; laying off all four leaves 8♣ 8♥.
    assert melds.best_defence("6♠ 7♠ 8♠ 9♠ 8♣ 8♥", ["3♠ 4♠ 5♠"]).count == 9


def test_no_lay_off_onto_a_set_of_four() -> None:
    with pytest.raises(errors.RulesError, match="a set of four takes no more cards"):
        melds.check_defence("J♦ 2♣", ["Q♣ Q♠ Q♥ Q♦"], [], [("J♦", 0)])
    assert melds.Meld.of("Q♣ Q♠ Q♥ Q♦").extended("K♦") is None


def test_the_ace_is_low_only() -> None:
    assert melds.Meld.of("3♥ A♥ 2♥").cards == tuple(map(card, ("A♥", "2♥", "3♥")))
    with pytest.raises(errors.RulesError, match=r"Q K A is not\)"):
        melds.Meld.of("Q♥ K♥ A♥")
    with pytest.raises(errors.RulesError, match="consecutive ranks"):
        melds.Meld.of("K♥ A♥ 2♥")
    assert melds.deadwood("Q♥ K♥ A♥") == 21
    assert melds.deadwood("K♥ A♥ 2♥") == 13
    assert melds.deadwood("J♥ Q♥ K♥") == 0
    assert melds.Meld.of("J♥ Q♥ K♥").extended("A♥") is None
    assert str(melds.Meld.of("2♥ 3♥ 4♥").extended("A♥")) == "A♥ 2♥ 3♥ 4♥"


def test_a_set_of_four_gives_a_card_to_a_run() -> None:
    layout = melds.best_arrangement("7♣ 7♠ 7♥ 7♦ 8♦ 9♦")
    assert [str(m) for m in layout.melds] == ["7♣ 7♠ 7♥", "7♦ 8♦ 9♦"]
    assert layout.count == 0
    # Sets first leaves 8♦ 9♦ (17); runs first leaves 7♣ 7♠ 7♥ (21); the best splits.
    assert melds.deadwood("7♣ 7♠ 7♥ 7♦ 8♦ 9♦ 5♥ 6♥") == 11


def test_a_card_shared_by_a_set_and_a_run_is_tried_both_ways() -> None:
    # 5♥ into the run leaves 5♣ 5♠ (10); into the set leaves 3♥ 4♥ (7).
    assert melds.deadwood("3♥ 4♥ 5♥ 5♣ 5♠") == 7
    # The run 3♥ … 8♥ gives up its 5♥ to the fives and keeps 6♥ 7♥ 8♥: 3♥ 4♥ are left (7).
    layout = melds.best_arrangement("3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 5♣ 5♠")
    assert [str(m) for m in layout.melds] == ["5♣ 5♠ 5♥", "6♥ 7♥ 8♥"]
    assert layout.count == 7
    # Here the whole run is better: the fives alone would leave 3♥ 4♥ 6♥ 7♥ (20).
    assert melds.deadwood("3♥ 4♥ 5♥ 6♥ 7♥ 5♣ 5♠") == 10


def test_a_long_run_is_shown_whole_and_split_when_that_is_better() -> None:
    assert [str(m) for m in melds.best_arrangement("3♠ 4♠ 5♠ 6♠ 7♠ 8♠").melds] == [
        "3♠ 4♠ 5♠ 6♠ 7♠ 8♠"
    ]
    split = melds.best_arrangement("3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 6♣ 6♥")
    assert split.count == 0
    assert [str(m) for m in split.melds] == ["6♣ 6♠ 6♥", "3♠ 4♠ 5♠", "7♠ 8♠ 9♠"]


def test_gin_and_big_gin_knock_counts() -> None:
    gin = "A♣ 2♣ 3♣ 9♥ 9♠ 9♦ 4♦ 5♦ 6♦ 7♦ K♠"
    assert melds.knock_count(cards.mask_of(cards.parse_cards(gin))) == 0
    assert melds.knock_discards(gin, limit=0) == (card("K♠"),)
    big = "A♣ 2♣ 3♣ 4♣ 9♥ 9♠ 9♦ 4♦ 5♦ 6♦ 7♦"
    assert melds.knock_count(cards.mask_of(cards.parse_cards(big))) == 0
    assert melds.knock_discards(big, 0) == tuple(map(card, ("4♣", "A♣", "4♦", "7♦")))


def test_values_and_counts() -> None:
    assert melds.deadwood("A♣ 2♠ 10♥ J♦ Q♣ K♠") == 1 + 2 + 10 + 30
    assert melds.deadwood("") == 0
    assert melds.best_arrangement([]) == melds.Arrangement((), ())
    assert str(melds.best_arrangement("9♣ 2♦")) == "9♣ 2♦ (count 11)"
    assert melds.deadwood_of(0) == 0


def test_meld_kinds_and_text() -> None:
    meld = melds.Meld.of(["8♦", card("8♣"), "8s"])
    assert meld.kind is melds.MeldKind.SET
    assert str(meld) == "8♣ 8♠ 8♦"
    assert repr(meld) == "Meld.of('8♣ 8♠ 8♦')"
    assert str(meld.kind) == "set"
    assert str(meld.extended("8♥")) == "8♣ 8♠ 8♥ 8♦"
    assert meld.extended("8♣") is None
    assert meld.extended("9♦") is None


def test_every_three_of_a_four_is_listed() -> None:
    listed = [str(m) for m in melds.melds("9♣ 9♠ 9♥ 9♦")]
    assert listed == ["9♣ 9♠ 9♥", "9♣ 9♠ 9♦", "9♣ 9♥ 9♦", "9♠ 9♥ 9♦", "9♣ 9♠ 9♥ 9♦"]
    runs = [str(m) for m in melds.melds("A♦ 2♦ 3♦ 4♦ 5♦")]
    assert runs == [
        "A♦ 2♦ 3♦",
        "A♦ 2♦ 3♦ 4♦",
        "A♦ 2♦ 3♦ 4♦ 5♦",
        "2♦ 3♦ 4♦",
        "2♦ 3♦ 4♦ 5♦",
        "3♦ 4♦ 5♦",
    ]


def test_after_gin_nothing_is_laid_off() -> None:
    hand = "6♠ 7♠ J♦ 2♦"
    assert melds.best_defence(hand, []) == melds.Defence((), (), hand)
    assert melds.best_defence(hand, []).count == melds.best_arrangement(hand).count == 25
    assert melds.defences(hand, []) == (melds.Defence((), (), hand),)


def test_layout_and_defence_values() -> None:
    layout = melds.Arrangement(["3♥ 4♥ 5♥", melds.Meld.of("8♦ 8♣ 8♠")], ["K♠", "2♥"])
    assert layout == melds.Arrangement(["8♣ 8♠ 8♦", "5♥ 4♥ 3♥"], "2♥ K♠")
    assert layout.count == 12
    names = {"Arrangement": melds.Arrangement, "Meld": melds.Meld, "Card": Card}
    assert eval(repr(layout), names) == layout  # noqa: S307  # repr pastes back
    defence = melds.Defence([], [("6♠", 0)], "2♥")
    assert defence.layoffs == ((card("6♠"), 0),)
    assert defence.count == 2


# --- errors ---------------------------------------------------------------------------------


def test_bad_card_text() -> None:
    with pytest.raises(errors.CardParseError, match="'11♥'"):
        melds.deadwood("11♥ 2♣")
    with pytest.raises(errors.CardParseError):
        melds.Meld.of("3♥ 4♥ 5x")
    with pytest.raises(errors.CardParseError):
        melds.best_defence("3♥", ["4♣ 4♠ 4q"])
    with pytest.raises(errors.CardParseError):
        melds.check_defence("3♥", ["4♣ 4♠ 4♦"], [], [("zz", 0)])
    with pytest.raises(errors.CardParseError):
        melds.melds(42)  # type: ignore[arg-type]  # a wrong type on purpose


def test_duplicates_and_too_many_cards() -> None:
    with pytest.raises(errors.RulesError, match="the hand holds 5♥ twice"):
        melds.deadwood("5♥ 6♥ 5h")
    with pytest.raises(errors.RulesError, match="at most 11 cards, not 12"):
        melds.best_arrangement(cards.CARDS[:12])
    with pytest.raises(errors.RulesError, match="5♥ is given twice"):
        melds.Meld.of("5♥ 5♥ 5♣")
    with pytest.raises(errors.RulesError, match="used twice"):
        melds.Arrangement(["3♥ 4♥ 5♥"], "5♥")
    with pytest.raises(errors.RulesError, match="used twice"):
        melds.Defence([], [("6♠", 0), ("6♠", 1)], "")


def test_not_a_meld() -> None:
    with pytest.raises(
        errors.RulesError, match=r"^5♥ 6♥ 8♥ is not a meld: a run needs consecutive ranks$"
    ):
        melds.Meld.of("5♥ 6♥ 8♥")
    with pytest.raises(errors.RulesError, match="at least 3 cards"):
        melds.Meld.of("5♥ 6♥")
    with pytest.raises(
        errors.RulesError, match="a set needs cards of one rank, a run cards of one suit"
    ):
        melds.Meld.of("5♥ 6♥ 7♣")
    with pytest.raises(errors.RulesError, match=r"meld order, 3♥ 4♥ 5♥, not 5♥ 4♥ 3♥: build"):
        melds.Meld(tuple(map(card, ("5♥", "4♥", "3♥"))), melds.MeldKind.RUN)
    with pytest.raises(errors.RulesError, match="3♥ 4♥ 5♥ is a run, not a set"):
        melds.Meld(tuple(map(card, ("3♥", "4♥", "5♥"))), melds.MeldKind.SET)
    plain = melds.Meld(tuple(map(card, ("3♥", "4♥", "5♥"))), "run")  # type: ignore[arg-type]  # text kind on purpose
    assert plain.kind is melds.MeldKind.RUN
    with pytest.raises(errors.RulesError, match="a tuple of cards"):
        melds.Meld(["3♥", "4♥", "5♥"], melds.MeldKind.RUN)  # type: ignore[arg-type]  # on purpose
    with pytest.raises(errors.RulesError, match="not a meld"):
        melds.check_arrangement("5♥ 6♥ 8♥", ["5♥ 6♥ 8♥"])
    with pytest.raises(errors.RulesError, match="a sequence of melds"):
        melds.check_arrangement("3♥ 4♥ 5♥", "3♥ 4♥ 5♥")


def test_cards_not_in_the_hand_or_used_twice() -> None:
    with pytest.raises(errors.RulesError, match=r"^2♥ is not in your hand$"):
        melds.check_arrangement("3♥ 4♥ 5♥", ["2♥ 3♥ 4♥"])
    with pytest.raises(
        errors.RulesError, match="5♥ is in two of your melds: 3♥ 4♥ 5♥ and 5♣ 5♠ 5♥"
    ):
        melds.check_arrangement("3♥ 4♥ 5♥ 5♣ 5♠", ["3♥ 4♥ 5♥", "5♣ 5♠ 5♥"])
    with pytest.raises(errors.RulesError, match=r"^6♠ is not in your hand$"):
        melds.check_defence("7♠", ["3♠ 4♠ 5♠"], [], [("6♠", 0)])
    with pytest.raises(
        errors.RulesError, match="6♠ is in your meld 6♣ 6♠ 6♥: it cannot be laid off too"
    ):
        melds.check_defence("6♣ 6♠ 6♥", ["3♠ 4♠ 5♠"], ["6♣ 6♠ 6♥"], [("6♠", 0)])
    with pytest.raises(errors.RulesError, match="6♠ is laid off twice"):
        melds.check_defence("6♠", ["3♠ 4♠ 5♠", "6♣ 6♥ 6♦"], [], [("6♠", 0), ("6♠", 1)])
    with pytest.raises(
        errors.RulesError, match="3♠ is both in your hand and in the knocker's meld"
    ):
        melds.best_defence("3♠ 9♥", ["3♠ 4♠ 5♠"])
    with pytest.raises(errors.RulesError, match="5♠ is in two of the knocker's melds"):
        melds.defences("9♥", ["3♠ 4♠ 5♠", "5♣ 5♠ 5♥"])


def test_illegal_lay_offs() -> None:
    with pytest.raises(
        errors.RulesError,
        match="the knocker has no meld 2 to lay 6♠ on: his melds are numbered 0 to 1",
    ):
        melds.check_defence("6♠", ["3♠ 4♠ 5♠", "J♣ J♠ J♥"], [], [("6♠", 2)])
    with pytest.raises(errors.RulesError, match="he laid none"):
        melds.check_defence("6♠", [], [], [("6♠", 0)])
    with pytest.raises(errors.RulesError, match="by its index, 0 or more, not -1"):
        melds.check_defence("6♠", ["3♠ 4♠ 5♠"], [], [("6♠", -1)])
    with pytest.raises(errors.RulesError, match="a lay-off is a \\(card, meld index\\) pair"):
        melds.check_defence("6♠", ["3♠ 4♠ 5♠"], [], ["6♠"])  # type: ignore[list-item]  # on purpose
    with pytest.raises(errors.RulesError, match="lay-offs are given as"):
        melds.check_defence("6♠", ["3♠ 4♠ 5♠"], [], "6♠ 0")  # type: ignore[arg-type]  # on purpose
    with pytest.raises(errors.RulesError, match="2♥ does not extend 3♠ 4♠ 5♠"):
        melds.check_defence("2♥", ["3♠ 4♠ 5♠"], [], [("2♥", 0)])


def test_bad_limits_and_masks() -> None:
    hand = "A♣ 2♣ 3♣ 9♥ 9♠ 9♦ 4♦ 5♦ 6♦ 2♥ K♠"
    with pytest.raises(
        errors.RulesError, match="knock limit must be a whole number, 0 or more, not -1"
    ):
        melds.knock_discards(hand, -1)
    with pytest.raises(errors.RulesError, match="not True"):
        melds.arrangements(hand, limit=True)
    with pytest.raises(
        errors.RulesError, match="knocking needs the 11 cards held after drawing, not 10"
    ):
        melds.knock_discards(hand[:-3])
    with pytest.raises(errors.RulesError, match="not 10"):
        melds.knock_count(cards.mask_of(cards.CARDS[:10]))
    with pytest.raises(errors.RulesError, match="at most 11 cards, not 12"):
        melds.deadwood_of(cards.mask_of(cards.CARDS[:12]))
    for bad in (-1, 1 << 52, "7", 1.0, True):
        with pytest.raises(errors.RulesError, match="is not a bit set of cards"):
            melds.deadwood_of(bad)  # type: ignore[arg-type]  # wrong types on purpose
        with pytest.raises(errors.RulesError, match="is not a bit set of cards"):
            melds.knock_count(bad)  # type: ignore[arg-type]  # wrong types on purpose
    with pytest.raises(
        errors.RulesError, match="your count is 12: you may knock with a count of 10 or less"
    ):
        melds.check_arrangement("3♥ 4♥ 5♥ 2♥ K♠", ["3♥ 4♥ 5♥"], limit=10)
