"""Tests of cardgames.dealing: seeded shuffles, packets, stacking and order checks."""

from __future__ import annotations

import hashlib
import random
import time
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames import cards, dealing, errors

PACK32 = cards.pack(32)
RECEIVERS = (1, 2, 3, 0)
PACKETS = (3, 2, 3)


def test_shuffled_is_a_pure_function_of_seed_and_hand_number() -> None:
    first = dealing.shuffled(PACK32, seed=7, hand_number=1)
    assert first == dealing.shuffled(PACK32, seed=7, hand_number=1)
    assert first == dealing.shuffled(list(PACK32), seed=7, hand_number=1)
    assert sorted(first) == list(PACK32)
    assert first != PACK32


def test_shuffled_differs_across_hand_numbers_and_seeds() -> None:
    orders = {dealing.shuffled(PACK32, seed=7, hand_number=number) for number in range(1, 21)}
    assert len(orders) == 20
    by_seed = {dealing.shuffled(PACK32, seed=seed, hand_number=1) for seed in range(20)}
    assert len(by_seed) == 20


def test_shuffled_does_not_depend_on_earlier_calls() -> None:
    later = dealing.shuffled(PACK32, seed=3, hand_number=5)
    for number in range(1, 5):
        dealing.shuffled(PACK32, seed=3, hand_number=number)
    assert dealing.shuffled(PACK32, seed=3, hand_number=5) == later


def test_rng_depends_only_on_its_arguments() -> None:
    assert dealing.rng(1, "a", 2).random() == dealing.rng(1, "a", 2).random()
    assert dealing.rng(1, "a", 2).random() != dealing.rng(1, "a", 3).random()
    assert dealing.rng(1).random() != dealing.rng(2).random()


SEEDS = (*range(100), 2**31 - 1, 2**62 + 12345, 2**63 - 1, 8_613_540_204_186_539_421)
HAND_NUMBERS = (1, 2, 9, 1000)


def seeded_by_digest(seed: int, *labels: object) -> random.Random:
    """The generator as first written: seeded with the SHA-256 digest of the arguments' text."""
    text = "/".join(str(part) for part in (seed, *labels))
    return random.Random(hashlib.sha256(text.encode()).digest())


def reference_shuffled(pack: Sequence[cards.Card], seed: int, hand_number: int) -> list[cards.Card]:
    """The shuffle as first written: stored seeds must keep dealing the orders it gives."""
    order = list(pack)
    bits = seeded_by_digest(seed, "deal", hand_number).getrandbits
    for top in range(len(order) - 1, 0, -1):
        width = (top + 1).bit_length()
        place = bits(width)
        while place > top:
            place = bits(width)
        order[top], order[place] = order[place], order[top]
    return order


def test_rng_is_seeded_with_the_digest_of_its_arguments_text() -> None:
    for seed in SEEDS:
        for labels in ((), ("deal", 1), ("agents",), ("first dealer",)):
            expected = seeded_by_digest(seed, *labels).getstate()
            assert dealing.rng(seed, *labels).getstate() == expected


def test_new_seed_is_a_non_negative_63_bit_int() -> None:
    seeds = {dealing.new_seed() for _ in range(8)}
    assert all(0 <= seed < 1 << 63 for seed in seeds)
    assert len(seeds) > 1


def test_deal_in_packets() -> None:
    order = PACK32
    hands, stock = dealing.deal(order, receivers=RECEIVERS, packets=PACKETS)
    assert stock == ()
    assert len(hands) == 4
    # First round: 3 cards to each receiver, then 2 each, then 3 each.
    assert hands[0] == (*order[0:3], *order[12:14], *order[20:23])
    assert hands[1] == (*order[3:6], *order[14:16], *order[23:26])
    assert hands[2] == (*order[6:9], *order[16:18], *order[26:29])
    assert hands[3] == (*order[9:12], *order[18:20], *order[29:32])


def test_deal_leaves_a_stock() -> None:
    order = cards.pack(52)
    hands, stock = dealing.deal(order, receivers=(0, 1), packets=(5, 5))
    assert hands == (order[0:5] + order[10:15], order[5:10] + order[15:20])
    assert stock == order[20:]


@st.composite
def deals(draw: st.DrawFn) -> tuple[dict[int, tuple[cards.Card, ...]], int]:
    """Random hands for four seats of a 32-card pack, and a dealer."""
    order = draw(st.permutations(PACK32))
    dealer = draw(st.integers(0, 3))
    hands = {seat: tuple(order[8 * seat : 8 * seat + 8]) for seat in range(4)}
    return hands, dealer


def receivers_of(dealer: int) -> tuple[int, ...]:
    return tuple((dealer + offset) % 4 for offset in range(1, 5))


@given(deals())
def test_stack_is_the_inverse_of_deal(case: tuple[dict[int, tuple[cards.Card, ...]], int]) -> None:
    hands, dealer = case
    receivers = receivers_of(dealer)
    order = dealing.stack(hands, pack=PACK32, receivers=receivers, packets=PACKETS)
    assert sorted(order) == list(PACK32)
    dealt, stock = dealing.deal(order, receivers=receivers, packets=PACKETS)
    assert stock == ()
    assert dict(zip(receivers, dealt, strict=True)) == hands


@given(deals(), st.sets(st.integers(0, 3)))
def test_stack_fills_seats_left_out(
    case: tuple[dict[int, tuple[cards.Card, ...]], int], chosen: set[int]
) -> None:
    hands, dealer = case
    receivers = receivers_of(dealer)
    wanted = {seat: hands[seat] for seat in chosen}
    order = dealing.stack(wanted, pack=PACK32, receivers=receivers, packets=PACKETS)
    assert sorted(order) == list(PACK32)
    dealt = dict(
        zip(receivers, dealing.deal(order, receivers=receivers, packets=PACKETS)[0], strict=True)
    )
    for seat in chosen:
        assert dealt[seat] == hands[seat]
    # The rest go, in card order, to the seats left out, in dealing order.
    rest = sorted(set(PACK32) - {card for seat in chosen for card in hands[seat]})
    left_out = [seat for seat in receivers if seat not in chosen]
    assert [card for seat in left_out for card in dealt[seat]] == rest


def test_stack_accepts_text_and_leaves_the_rest_in_the_stock() -> None:
    pack = cards.pack(52)
    spades = "A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠"
    order = dealing.stack({0: spades}, pack=pack, receivers=(1, 0), packets=(5, 5))
    assert sorted(order) == list(pack)
    hands, stock = dealing.deal(order, receivers=(1, 0), packets=(5, 5))
    assert hands[1] == cards.parse_cards(spades)
    assert hands[0] == pack[:10]
    assert stock == tuple(sorted(set(pack) - set(hands[0]) - set(hands[1])))


def test_stack_places_the_wanted_stock() -> None:
    pack = cards.pack(52)
    wanted_stock = tuple(reversed(pack[20:]))
    order = dealing.stack({}, pack=pack, receivers=(0, 1), packets=(5, 5), stock=wanted_stock)
    hands, stock = dealing.deal(order, receivers=(0, 1), packets=(5, 5))
    assert stock == wanted_stock
    assert sorted(hands[0] + hands[1]) == list(pack[:20])


@pytest.mark.parametrize(
    ("wanted", "message"),
    [
        ({1: "J♣ J♠ J♥"}, "seat 1 must get 8 cards, not 3"),
        ({1: list(PACK32[:9])}, "seat 1 must get 8 cards, not 9"),
        (
            {1: "J♣ J♠ J♥ J♦ A♣ A♠ A♥ A♦", 2: "J♣ 7♠ 8♠ 9♠ 10♠ Q♠ K♠ 7♥"},
            r"cannot stack this deal \(wanted twice: J♣\)",
        ),
        ({1: "J♣ J♠ J♥ J♦ A♣ A♠ A♥ 2♦"}, r"cannot stack this deal \(not in the pack: 2♦\)"),
        ({1: "J♣ J♣ J♥ J♦ A♣ A♠ A♥ 2♦"}, r"wanted twice: J♣; not in the pack: 2♦"),
        ({4: PACK32[:8]}, r"seat 4 gets no cards in this deal \(receivers: \[1, 2, 3, 0\]\)"),
    ],
)
def test_stack_errors(wanted: dict[int, Sequence[cards.Card] | str], message: str) -> None:
    with pytest.raises(errors.RulesError, match=message):
        dealing.stack(wanted, pack=PACK32, receivers=RECEIVERS, packets=PACKETS)


def test_stack_rejects_a_stock_of_the_wrong_size() -> None:
    with pytest.raises(errors.RulesError, match="the stock must hold 32 cards, not 2"):
        dealing.stack({}, pack=cards.pack(52), receivers=(0, 1), packets=(5, 5), stock="2♣ 3♣")


def test_stack_rejects_cards_that_do_not_parse() -> None:
    with pytest.raises(errors.CardParseError, match="'Zz'"):
        dealing.stack({1: "Zz"}, pack=PACK32, receivers=RECEIVERS, packets=PACKETS)
    with pytest.raises(errors.CardParseError, match="expected a Card or text"):
        dealing.stack(
            {1: [3] * 8},  # type: ignore[list-item]  # a wrong item on purpose
            pack=PACK32,
            receivers=RECEIVERS,
            packets=PACKETS,
        )
    with pytest.raises(errors.CardParseError, match="cannot read 8 as cards"):
        dealing.stack(
            {1: 8},  # type: ignore[dict-item]  # not cards at all, on purpose
            pack=PACK32,
            receivers=RECEIVERS,
            packets=PACKETS,
        )


def test_validate_order_accepts_cards_and_text() -> None:
    order = dealing.shuffled(PACK32, seed=1, hand_number=1)
    assert dealing.validate_order(order, PACK32) == order
    assert dealing.validate_order(list(order), PACK32) == order
    assert dealing.validate_order(cards.format_cards(order), PACK32) == order
    assert dealing.validate_order([str(card) for card in order], PACK32) == order


@pytest.mark.parametrize(
    ("order", "message"),
    [
        (PACK32[:31], r"each of the 32 cards once \(missing: A♦\)"),
        ((*PACK32[:31], PACK32[0]), r"\(twice: 7♣; missing: A♦\)"),
        ((*PACK32[:31], cards.Card.parse("2♦")), r"\(missing: A♦; not in the pack: 2♦\)"),
        ((*PACK32, PACK32[0]), r"\(twice: 7♣\)"),
        ((), r"each of the 32 cards once \(missing: 7♣ 8♣"),
        (5, "a deal order must be a sequence of cards, not 5"),
    ],
)
def test_validate_order_errors(order: object, message: str) -> None:
    with pytest.raises(errors.RulesError, match=message):
        dealing.validate_order(order, PACK32)


def test_validate_order_rejects_bad_items() -> None:
    with pytest.raises(errors.CardParseError, match="'Qx'"):
        dealing.validate_order("Qx", PACK32)
    with pytest.raises(errors.CardParseError, match="expected a Card or text"):
        dealing.validate_order([None], PACK32)


@pytest.mark.parametrize("size", cards.PACK_SIZES)
def test_shuffled_gives_the_orders_it_always_gave(size: int) -> None:
    # The shuffle is written out so stored seeds keep their deals; today it agrees with CPython.
    pack = cards.pack(size)
    for seed in SEEDS:
        for hand_number in HAND_NUMBERS:
            order = dealing.shuffled(pack, seed=seed, hand_number=hand_number)
            assert order == tuple(reference_shuffled(pack, seed, hand_number))
            expected = list(pack)
            dealing.rng(seed, "deal", hand_number).shuffle(expected)
            assert order == tuple(expected)


def test_shuffled_keeps_stored_deals() -> None:
    assert dealing.shuffled(PACK32, seed=7, hand_number=1) == cards.parse_cards(
        "10♣ K♠ J♠ 10♦ 8♥ 9♣ J♣ Q♠ 9♠ 7♠ Q♥ 8♦ 10♥ 8♣ 7♥ J♦ "
        "9♥ 9♦ A♣ Q♣ 7♦ A♦ Q♦ A♠ K♣ K♦ J♥ 10♠ A♥ 8♠ K♥ 7♣"
    )
    assert dealing.shuffled(cards.pack(52), seed=2**63 - 1, hand_number=12345) == cards.parse_cards(
        "10♦ 4♦ 7♠ 7♥ 3♦ 8♦ 4♣ 9♥ J♣ A♣ 6♣ Q♣ 2♠ 2♥ 3♣ Q♦ 9♦ 4♠ 4♥ J♥ 9♠ 5♥ 10♥ 8♥ J♠ 7♦ "
        "9♣ 10♣ 5♠ 7♣ 6♥ A♠ 3♠ K♠ K♥ 6♦ 6♠ 5♣ Q♠ 10♠ 3♥ A♦ K♣ 2♣ Q♥ J♦ 8♠ 5♦ 2♦ A♥ 8♣ K♦"
    )


# --- bad input and the cost of refusing it ------------------------------------------------

BIG = list(PACK32) * 2000
"""64,000 cards: once counted card by card against the whole list (17 s), now linear."""


def test_a_64000_card_order_is_refused_in_milliseconds_with_a_short_message() -> None:
    start = time.perf_counter()
    with pytest.raises(errors.RulesError) as caught:
        dealing.validate_order(BIG, PACK32)
    assert time.perf_counter() - start < 1.0  # a generous bound: about 30 ms on a slow machine
    assert len(str(caught.value)) < 300
    assert "twice: 7♣ 8♣" in str(caught.value)


def test_a_64000_card_hand_or_stock_is_refused_in_milliseconds() -> None:
    start = time.perf_counter()
    with pytest.raises(errors.RulesError, match="seat 1 must get 8 cards, not 64000"):
        dealing.stack({1: BIG}, pack=PACK32, receivers=RECEIVERS, packets=PACKETS)
    with pytest.raises(errors.RulesError, match="the stock must hold 0 cards, not 64000"):
        dealing.stack({}, pack=PACK32, receivers=RECEIVERS, packets=PACKETS, stock=BIG)
    assert time.perf_counter() - start < 1.0


class EqualsAll:
    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 1


@pytest.mark.parametrize("seat", [EqualsAll(), 1.0, True, "1"])
def test_stack_takes_seats_that_are_whole_numbers(seat: object) -> None:
    with pytest.raises(errors.RulesError, match="gets no cards in this deal"):
        dealing.stack({seat: PACK32[:8]}, pack=PACK32, receivers=RECEIVERS, packets=PACKETS)  # type: ignore[dict-item]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"wanted": [PACK32[:8]]}, "the wanted hands must be a mapping"),
        ({"receivers": 4}, "receivers must be a sequence of whole numbers of 0 or more"),
        ({"packets": (3, 0, 5)}, "packets must be a sequence of whole numbers of 1 or more"),
        ({"packets": (5, 5)}, "cannot deal 10 cards to each of 4 seats from 32 cards"),
        ({"pack": "7♣ Zz"}, "'Zz'"),
    ],
)
def test_stack_checks_its_arguments(arguments: dict[str, object], message: str) -> None:
    given: dict[str, object] = {
        "wanted": {},
        "pack": PACK32,
        "receivers": RECEIVERS,
        "packets": PACKETS,
        **arguments,
    }
    with pytest.raises(errors.CardgamesError, match=message):
        dealing.stack(**given)  # type: ignore[arg-type]  # wrong values on purpose


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"order": 5}, "order must be a sequence of cards"),
        ({"receivers": None}, "receivers must be a sequence"),
        ({"packets": [3, "2"]}, "packets must be a sequence of whole numbers of 1 or more"),
        ({"order": PACK32[:31]}, "cannot deal 8 cards to each of 4 seats from 31 cards"),
    ],
)
def test_deal_checks_its_arguments(arguments: dict[str, object], message: str) -> None:
    given: dict[str, object] = {
        "order": PACK32,
        "receivers": RECEIVERS,
        "packets": PACKETS,
        **arguments,
    }
    with pytest.raises(errors.RulesError, match=message):
        dealing.deal(**given)  # type: ignore[arg-type]  # wrong values on purpose


@pytest.mark.parametrize("order", [set(PACK32), dict.fromkeys(PACK32, 1)])
def test_validate_order_needs_an_order(order: object) -> None:
    with pytest.raises(errors.RulesError, match="a deal order must be a sequence of cards"):
        dealing.validate_order(order, PACK32)


@pytest.mark.parametrize("seed", [None, True, 1.0, "7", 2**256, pytest.param(10**5000, id="huge")])
def test_seeds_are_whole_numbers_of_at_most_256_bits(seed: object) -> None:
    with pytest.raises(errors.RulesError, match="must be a whole number of at most 256 bits"):
        dealing.check_seed(seed)
    with pytest.raises(errors.RulesError, match="must be a whole number of at most 256 bits"):
        dealing.rng(seed)  # type: ignore[arg-type]  # a wrong value on purpose
    with pytest.raises(errors.RulesError, match="must be a whole number of at most 256 bits"):
        dealing.shuffled(PACK32, seed=seed, hand_number=1)  # type: ignore[arg-type]
    assert dealing.check_seed(2**256 - 1) == 2**256 - 1
    assert dealing.check_seed(-(2**256) + 1) == -(2**256) + 1


def test_rng_labels_are_text_or_whole_numbers() -> None:
    with pytest.raises(errors.RulesError, match="a label of rng must be a whole number"):
        dealing.rng(1, "deal", object())  # type: ignore[arg-type]  # a wrong label on purpose
    with pytest.raises(errors.RulesError, match="hand_number must be a whole number"):
        dealing.shuffled(PACK32, seed=1, hand_number=1.0)  # type: ignore[arg-type]
    with pytest.raises(errors.RulesError, match="expected the pack as a sequence of cards"):
        dealing.shuffled("7♣ 8♣", seed=1, hand_number=1)  # type: ignore[arg-type]  # text


def test_by_seat_reads_a_mapping_or_one_hand_per_seat() -> None:
    assert dealing.by_seat({2: "A♥"}, 4) == {2: "A♥"}
    assert dealing.by_seat([None, "A♥", None, "K♥"], 4) == {1: "A♥", 3: "K♥"}
    with pytest.raises(errors.RulesError, match=r"give a hand \(or None\) for each of the 4 seats"):
        dealing.by_seat(["A♥"], 4)
    with pytest.raises(errors.RulesError, match="give the hands by seat"):
        dealing.by_seat("A♥", 4)  # text is a sequence, but not one hand per seat
