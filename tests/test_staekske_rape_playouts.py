"""Random playouts of Staekske Rape, checked against a reference model written here.

Two thousand hands in all (four players with the seed's rules, five players, and each option),
played by a seeded random chooser. After every move the legal cards are compared with an
independent model of rules 26-28, every finished trick's winner with rule 29, and every
finished hand's score with rules 31-37; the 146 card points of a hand (141 in the pack and 5
for the last trick) must all be accounted for, in tricks or among the four set-aside cards.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from cardgames import cards
from cardgames import staekske_rape as sr
from cardgames.staekske_rape import _play as sr_play
from cardgames.staekske_rape import _state as sr_state

TRUMP_ORDER = ["J", "9", "A", "K", "Q", "10", "8", "7"]
PLAIN_ORDER = ["A", "K", "Q", "J", "10", "9", "8", "7"]
TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 3, "Q": 2}
PLAIN_POINTS = {"A": 11, "10": 10, "K": 3, "Q": 2, "J": 1}


def value(item: cards.Card, trump: cards.Suit) -> int:
    table = TRUMP_POINTS if item.suit == trump else PLAIN_POINTS
    return table.get(item.rank.text, 0)


def reference_plays(
    hand: set[cards.Card], led: cards.Card | None, trump: cards.Suit, rules: sr.Rules
) -> set[cards.Card]:
    """Rules 26-28 as the spec words them."""
    if led is None:
        return hand
    trumps = {item for item in hand if item.suit == trump}
    only_jack = trumps == {cards.Card(cards.Rank.JACK, trump)}
    if led.suit == trump:
        return trumps if trumps and not only_jack else hand
    same = {item for item in hand if item.suit == led.suit}
    if same:
        return same | trumps if rules.follow_mode == "lenient" else same
    if trumps and not (only_jack and rules.jack_exempt_on_plain_lead):
        return trumps
    return hand


@pytest.mark.parametrize("follow_mode", ["strict", "lenient"])
@pytest.mark.parametrize("exempt", [False, True])
def test_following_table_agrees_with_the_rules_as_worded(follow_mode: str, exempt: bool) -> None:
    rules = sr.Rules(follow_mode=follow_mode, jack_exempt_on_plain_lead=exempt)  # type: ignore[arg-type]
    rng = random.Random(f"{follow_mode}/{exempt}")
    for trump in cards.Suit:
        contract = sr_state.Contract(
            dealer=0,
            stock=0,
            looked=(True,) * 4,
            passed=0,
            calls=(),
            bid=3,
            bidder=0,
            others_bid=False,
            trump=trump,
            following=sr_play.following(trump, rules),
        )
        for _ in range(300):
            held = rng.sample(sr.PACK, rng.randint(1, 7))
            # Hands that hold only the trump jack of their trumps test the exemption.
            if rng.random() < 0.3:
                held = [card for card in held if card.suit != trump]
                held.append(cards.Card(cards.Rank.JACK, trump))
            hand = cards.mask_of(set(held))
            for led in sr.PACK:
                if led in held:
                    continue
                expected = reference_plays(set(held), led, trump, rules)
                got = sr_play.allowed(hand, (led.index,), contract)
                assert set(cards.cards_in(got)) == expected, (held, led, trump)
            assert sr_play.allowed(hand, (), contract) == hand  # any card leads


def reference_winner(played: list[cards.Card], trump: cards.Suit) -> int:
    """Rule 29: the highest trump, else the highest card of the suit led."""
    trumps = [item for item in played if item.suit == trump]
    if trumps:
        return played.index(min(trumps, key=lambda item: TRUMP_ORDER.index(item.rank.text)))
    led = [item for item in played if item.suit == played[0].suit]
    return played.index(min(led, key=lambda item: PLAIN_ORDER.index(item.rank.text)))


def reference_result(hand: sr.HandScore, rules: sr.Rules) -> int:
    """Rules 31-37, written out again."""
    assert hand.bid is not None
    declarer = hand.declarer
    if hand.tricks[declarer] == 0:
        return -rules.zero_tricks_penalty
    points = hand.card_points[declarer]
    if rules.set_aside_counts_for_declarer:
        points += hand.set_aside_points
    if hand.tricks[declarer] == 7 and rules.all_tricks_fixed_25:
        achieved = 25
    else:
        units = points % 10
        achieved = points // 10 + (units > 5 or (units == 5 and rules.rounding == "half_up"))
    needed = hand.bid + 10 - hand.meld_points // 10
    difference = achieved - needed
    result = difference if difference >= 0 else -(2 * -difference + 10)
    if hand.without_stock and (result > 0 or rules.no_stock_doubles_losses):
        result *= 2
    return result


def states(rules: sr.Rules, seed: int, players: int) -> Iterator[tuple[sr.State, sr.Move]]:
    """Each state of a seeded random match with the move chosen in it, the last excluded."""
    chooser = random.Random(seed)
    state = sr.new_game(rules, seed=seed, players=players)
    while not sr.is_over(state):
        moves = sr.legal_moves(state)
        assert moves
        move = chooser.choice(moves)
        yield state, move
        state = sr.apply(state, move)


def check_hand(hand: sr.HandScore, state: sr.State, rules: sr.Rules) -> None:
    """Check one finished hand's score sheet entry."""
    assert sum(1 for points in hand.points if points) <= 1  # only the declarer scores
    assert hand.points[hand.declarer] == hand.result
    if hand.conceded:
        assert hand.result == sr.CONCESSION
        assert hand.declarer == (state.dealer + 1) % state.players
        return
    assert hand.trump is not None
    assert sum(hand.tricks) == 7
    assert sum(hand.card_points) + hand.set_aside_points == 141 + 5
    for trick in state.tricks:
        played = list(trick.cards)
        assert trick.winner == trick.plays[reference_winner(played, hand.trump)][0]
    for seat in range(state.players):
        won = [trick for trick in state.tricks if trick.winner == seat]
        points = sum(value(item, hand.trump) for trick in won for item in trick.cards)
        if state.tricks[-1].winner == seat:
            points += 5
        assert hand.card_points[seat] == points
        assert hand.tricks[seat] == len(won)
    melds = sum(sr.meld_points(meld, rules) for meld in hand.melds) + 20 * hand.stoek
    assert hand.meld_points == melds
    assert hand.result == reference_result(hand, rules)
    assert hand.explanation.startswith(f"seat {hand.declarer}, bid {hand.bid}")


def check_state(state: sr.State, move: sr.Move, chooser: random.Random) -> None:
    """Check the legal moves of one state and what each seat sees."""
    moves = sr.legal_moves(state)
    assert move in moves
    assert sr.parse_move(str(move)) == move
    sample = chooser.choice(moves)
    assert sr.parse_move(str(sample)) == sample
    seat = sr.current_player(state)
    assert seat is not None
    contract = state.contract
    if state.phase is sr.Phase.PLAY and contract is not None and not contract.stoek_pending:
        assert contract.trump is not None
        hand = set(cards.cards_in(state.hands[seat]))
        led = cards.CARDS[state.trick[0]] if state.trick else None
        plays = {m.card for m in moves if isinstance(m, sr.Play)}
        assert plays == reference_plays(hand, led, contract.trump, state.rules)
    if chooser.random() < 0.05:
        for other in range(state.players):
            view = sr.view(state, other)
            own = set(cards.cards_in(state.hands[other]))
            assert view.hand is None or set(view.hand) == own
            assert (view.legal_moves == moves) is (other == seat)
            if view.discards is not None:
                assert contract is not None
                assert other == contract.declarer


CASES = [
    # (rules, players, matches, hands per match): 2,000 hands in all.
    (sr.Rules(max_hands=100), 4, 10, 100),
    (sr.Rules(max_hands=50), 5, 4, 50),
    (sr.Rules(max_hands=50, follow_mode="lenient", jack_exempt_on_plain_lead=True), 4, 2, 50),
    (sr.Rules(max_hands=50, melds_may_share_cards=False, nanny_model="forced_open"), 4, 2, 50),
    (
        sr.Rules(
            max_hands=50,
            allow_jump_bids=True,
            blind_two=False,
            set_aside_counts_for_declarer=True,
            rounding="half_down",
            all_tricks_fixed_25=False,
            no_stock_doubles_losses=False,
            zero_tricks_penalty=30,
            long_sequence_value=150,
            deal_packets=(3, 4),
        ),
        4,
        2,
        50,
    ),
]


@pytest.mark.breadth
@pytest.mark.parametrize(("rules", "players", "matches", "hands"), CASES)
def test_random_playouts_keep_every_invariant(
    rules: sr.Rules, players: int, matches: int, hands: int
) -> None:
    chooser = random.Random(7)
    played = 0
    for match in range(matches):
        seed = 1000 * players + match
        state = sr.new_game(rules, seed=seed, players=players)
        for state, move in states(rules, seed, players):  # the last state is kept
            check_state(state, move, chooser)
            after = sr.apply(state, move)
            if after.hand_scores != state.hand_scores:
                played += 1
                last = after.hand_scores[-1]
                assert isinstance(last, sr.HandScore)
                check_hand(last, after, rules)
                assert after.totals == tuple(
                    sum(hand.points[seat] for hand in after.hand_scores) for seat in range(players)
                )
        final = sr.apply(state, move)
        assert sr.is_over(final)
        result = sr.score(final)
        assert len(result.hands) <= hands
        top = max(result.totals)
        if any(total >= rules.target for total in result.totals):
            assert result.winners == (final.hand_scores[-1].declarer,)
        else:
            assert len(result.hands) == hands
            assert result.winners == tuple(s for s, t in enumerate(result.totals) if t == top)
        assert set(result.winners) | set(result.losers) == set(range(players))
        if match == 0:
            assert (
                sr.replay(
                    rules, seed, final.moves, players=players, first_dealer=final.first_dealer
                )
                == final
            )
    assert played == matches * hands  # random declarers never reach 100


def test_first_to_one_hundred_wins_the_match_rule_39() -> None:
    """Seat 1 is dealt seven trumps in sequence every hand and bids; he reaches 100 and wins."""
    state = sr.new_game(seed=11, first_dealer=0)
    while not sr.is_over(state):
        dealer = sr.current_player(state)
        assert dealer is not None
        order = sr.order_for({1: "J♥ 9♥ A♥ K♥ Q♥ 10♥ 7♣"}, dealer=dealer, stock="8♥ 7♥ 7♠ 7♦")
        state = sr.apply(state, sr.Deal(order=order))
        while state.phase in {sr.Phase.AUCTION, sr.Phase.NANNY}:
            wanted: sr.Move = sr.Bid(1) if state.phase is sr.Phase.NANNY else sr.Bid(3)
            if sr.current_player(state) != 1 or wanted not in sr.legal_moves(state):
                wanted = sr.PASS
            state = sr.apply(state, wanted)
        state = sr.apply(state, sr.TAKE_STOCK)
        state = sr.apply(state, sr.Discard("7♣ 7♠ 7♥ 7♦"))
        state = sr.apply(state, sr.NameTrump(cards.Suit.HEARTS))
        while not state.hand_over:
            moves = sr.legal_moves(state)
            state = sr.apply(state, moves[0])  # melds and Stoek come first
    result = sr.score(state)
    assert result.winners == (1,)
    # As the nanny (hands 1 and 5) nobody else bids: he takes the forced game, bid 1, and
    # makes 25 − (1 + 10 − 12) = 26; otherwise bid 3 makes 25 − (3 + 10 − 12) = 24.
    assert [hand.points[1] for hand in result.hands] == [26, 24, 24, 24, 26]
    assert result.totals == (0, 124, 0, 0)
