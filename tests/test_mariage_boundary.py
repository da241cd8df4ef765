"""Tests of Mariage at a server's boundary: what a seat may do, and what a seat may see.

``is_legal`` agrees with ``legal_moves`` and the documented extras, with and without a seat;
the moves that only the table makes are refused from every seat; no seat's view, observation or
narration changes when hidden cards of other seats change; module data cannot be changed; the
functions whose parameters are not optional refuse None.
"""

from __future__ import annotations

import random
import types
from collections.abc import Iterator

import attrs
import pytest

from cardgames import cards, codec, errors, moves
from cardgames import mariage as mg
from cardgames.mariage import _deals as deals
from cardgames.mariage import _encoding as encoding
from cardgames.mariage import _engine as engine
from cardgames.mariage import _play as play
from cardgames.mariage._pools import Pool

# --- is_legal agrees with legal_moves ----------------------------------------------------------

OPTIONS = (
    mg.Rules(max_hands=2),
    mg.Rules(max_hands=2, auto_claim=False, forced_queen="penalty_only"),
    mg.Rules(max_hands=2, auto_claim=False, marriage_order="either", direction="counterclockwise"),
    mg.Rules(max_hands=2, forced_queen="off", must_trump_when_void=False, top_royal="K"),
)


def runs_in(hand: int) -> Iterator[mg.Claim]:
    """Every claim of pool I with 3 to 5 cards in sequence that the hand holds, parts included."""
    held = cards.cards_in(hand)
    for suit in cards.Suit:
        ranks = sorted(int(card.rank) for card in held if card.suit is suit)
        for low in ranks:
            for length in (3, 4, 5):
                wanted = range(low, low + length)
                if all(rank in ranks for rank in wanted):
                    yield mg.Claim(Pool.POINT, [cards.Card(cards.Rank(r), suit) for r in wanted])


def move_space(state: mg.State, chooser: random.Random) -> list[object]:
    """Every kind of move, with every card, the claims the hands allow and a few more."""
    pack = mg.pack(state.rules, state.players)
    stacked = list(pack)
    chooser.shuffle(stacked)
    wrong = list(cards.pack(52 if len(pack) == 36 else 36))
    space: list[object] = [mg.Play(card) for card in cards.CARDS]
    space += [mg.Deal(), mg.Deal(order=stacked), mg.Deal(order=wrong), mg.PASS, mg.DECLINE]
    space += [mg.Claim(pool) for pool in (Pool.MARRIAGE, Pool.JESTER, Pool.KING, Pool.QUEEN)]
    for hand in state.hands:
        space += runs_in(hand)
    space += [mg.Claim(Pool.POINT, "8♠ 9♠ 10♠"), mg.Claim(Pool.POINT, "Q♥ K♥ A♥")]
    space += [mg.MISDEAL, *(mg.DealOutOfTurn(seat) for seat in range(10))]
    return space


def extra(state: mg.State, move: object) -> bool:
    """Whether a move is one of the documented extras that ``legal_moves`` never lists.

    A stacked deal of the session's pack where ``Deal()`` is legal; a misdeal after a deal and
    before its first card; a deal out of turn between deals by a seat of the table that is not
    the dealer in turn, unless a misdeal is being dealt again or one is already recorded.
    """
    if mg.is_over(state):
        return False
    if type(move) is mg.Deal and move.order is not None:
        pack = set(mg.pack(state.rules, state.players))
        return state.hand_over and set(move.order) == pack and len(move.order) == len(pack)
    if type(move) is mg.Misdeal:
        return not state.hand_over and not state.trick and not state.tricks
    if type(move) is mg.DealOutOfTurn:
        return (
            state.hand_over
            and not state.match.redeal
            and not state.match.out_of_turn
            and move.seat < state.players
            and move.seat != mg.current_player(state)
        )
    return False


def random_states(rules: mg.Rules, seed: int) -> Iterator[mg.State]:
    """Every state of a random session, with table events now and then.

    The first deal is stacked so that the eldest hand holds a run of five: its parts (runs of
    three and four) are in the move space while the claims are made.
    """
    chooser = random.Random(seed)
    players = chooser.choice((5, 6, 7))
    state = mg.new_game(rules, seed=seed, players=players, first_dealer=0)
    yield state
    eldest = 1 if rules.direction == "clockwise" else players - 1
    order = mg.order_for({eldest: "8♠ 9♠ 10♠ J♠ Q♠"}, dealer=0, players=players, rules=rules)
    state = mg.apply(state, mg.Deal(order=order))
    yield state
    while not mg.is_over(state):
        events: list[mg.Move] = [mg.MISDEAL, mg.DealOutOfTurn(chooser.randrange(state.players))]
        event = chooser.choice(events)
        if chooser.random() < 0.05 and mg.is_legal(state, event):
            state = mg.apply(state, event)
        else:
            state = mg.apply(state, chooser.choice(mg.legal_moves(state)))
        yield state


@pytest.mark.parametrize("rules", OPTIONS)
def test_is_legal_is_legal_moves_and_the_documented_extras(rules: mg.Rules) -> None:
    chooser = random.Random(5)
    checked = extras = 0
    for seed in range(3):
        for state in random_states(rules, seed):
            legal = mg.legal_moves(state)
            mover = mg.current_player(state)
            for move in move_space(state, chooser):
                listed = move in legal
                assert mg.is_legal(state, move) == (listed or extra(state, move)), move
                extras += extra(state, move)
                # With a seat: the listed moves of the seat to move, and nothing else.
                assert mg.is_legal(state, move, seat=mover) == listed, (move, mover)
                other = chooser.randrange(state.players)
                assert mg.is_legal(state, move, seat=other) == (listed and other == mover)
                checked += 1
    assert checked > 10_000
    assert extras > 20


# --- Moves that only the table makes ------------------------------------------------------------


def test_a_client_s_table_event_is_refused_from_every_seat() -> None:
    state = mg.new_game(seed=1, players=6, first_dealer=0)
    charge = mg.parse_move("out-of-turn 3")  # a client's text: a table event charging seat 3
    assert charge == mg.DealOutOfTurn(3)
    assert mg.is_legal(state, charge)  # the table may record it
    for seat in range(6):
        assert not mg.is_legal(state, charge, seat=seat)
        with pytest.raises(errors.IllegalMoveError, match="only the table records it"):
            mg.apply(state, charge, seat=seat)
    dealt = mg.apply(state, mg.Deal())
    misdeal = mg.parse_move("misdeal")
    assert mg.is_legal(dealt, misdeal)
    for seat in range(6):
        assert not mg.is_legal(dealt, misdeal, seat=seat)
    with pytest.raises(errors.IllegalMoveError, match=r"^misdeal is a recorded table event"):
        mg.apply(dealt, misdeal, seat=mg.current_player(dealt))
    # A stacked deal is the table's too.
    stacked = mg.Deal(order=mg.pack(state.rules, 6))
    assert mg.is_legal(state, stacked)
    assert not mg.is_legal(state, stacked, seat=0)


def test_a_table_event_from_something_that_is_no_seat_is_a_rules_error() -> None:
    state = mg.new_game(seed=1, players=6, first_dealer=0)
    for junk in ("2", 2.0, True, -1):
        with pytest.raises(errors.RulesError, match=r"^seat must be a seat number"):
            mg.apply(state, mg.DealOutOfTurn(3), seat=junk)  # type: ignore[arg-type]  # junk
        with pytest.raises(errors.RulesError, match=r"^seat must be a seat number"):
            mg.is_legal(state, mg.DealOutOfTurn(3), seat=junk)  # type: ignore[arg-type]  # junk
    over = mg.new_game(mg.Rules(max_hands=1), seed=1, players=6, first_dealer=0)
    while not mg.is_over(over):
        over = mg.apply(over, mg.legal_moves(over)[0])
    for seat in (None, 0):
        with pytest.raises(errors.MatchOverError, match="the match is over"):
            mg.apply(over, mg.DealOutOfTurn(3), seat=seat)


# --- What a seat sees ---------------------------------------------------------------------------

QUEEN_LEAK_ORDER = (
    "A♦ K♥ 7♦ Q♦ K♣ 10♥ J♦ 8♥ 7♣ J♠ 9♦ 9♠ A♥ 8♦ 6♠ 7♥ 9♣ A♠ 10♠ Q♣ 6♦ A♣ K♦ 7♠ 8♠ J♥ Q♥ Q♠ 6♥ "
    "9♥ 10♣ 6♣ 8♣ K♠ 10♦ J♣"
)


def queen_leak_states() -> tuple[mg.State, mg.State, mg.State, mg.State]:
    """The issue's states: seat 3 holds Q♣, or Q♣ is undealt; 9♣ and K♣ are played.

    Returns the two states after K♣ and the two before it.
    """
    start = mg.new_game(mg.Rules(max_hands=1), seed=6, players=5, first_dealer=0)
    swapped = QUEEN_LEAK_ORDER.replace("Q♣", "X").replace("6♥", "Q♣").replace("X", "6♥")
    found = []
    for order in (QUEEN_LEAK_ORDER, swapped):
        led = mg.apply(mg.apply(start, mg.Deal(order=order)), mg.parse_move("play 9♣"))
        found.append((led, mg.apply(led, mg.parse_move("play K♣"))))
    (led, held), (led_undealt, undealt) = found
    return held, undealt, led, led_undealt


def test_the_queen_due_is_told_to_her_holder_only() -> None:
    held, undealt, led, led_undealt = queen_leak_states()
    queen = cards.Card.parse("Q♣")
    assert mg.current_player(held) == mg.current_player(undealt) == 3  # next in turn anyway
    assert mg.view(held, 3).queen_due == queen
    assert mg.view(held, 3).legal_moves == (mg.Play(queen),)
    assert mg.view(undealt, 3).queen_due is None
    for seat in (0, 1, 2, 4):
        assert mg.view(held, seat).queen_due is None
        assert mg.view(held, seat) == mg.view(undealt, seat)
        assert repr(mg.view(held, seat)) == repr(mg.view(undealt, seat))
        assert mg.observation(held, seat) == mg.observation(undealt, seat)
        assert codec.encode(mg.view(held, seat), game="mariage") == codec.encode(
            mg.view(undealt, seat), game="mariage"
        )
        assert mg.view(held, seat).legal_moves == ()
    king = mg.parse_move("play K♣")
    assert mg.narrate(led, king, held) == mg.narrate(led_undealt, king, undealt)


def hidden(state: mg.State, seat: int) -> set[cards.Card]:
    """The cards a seat holds that no other seat has seen: not played, not shown in a claim."""
    shown = {card for who, made in state.table.claims if who == seat for card in made.cards}
    return set(cards.cards_in(state.hands[seat])) - shown


def public(state: mg.State) -> tuple[object, ...]:
    """What the rules show every seat by acts, not by cards: whose turn, the claims, payments."""
    return (mg.current_player(state), state.table.claims, state.table.chips)


LEAK_OPTIONS = (
    mg.Rules(max_hands=1),
    mg.Rules(max_hands=1, auto_claim=False, forced_queen="penalty_only"),
    mg.Rules(max_hands=1, marriage_order="either", jester_penalty_payee="trick_winner"),
)


@attrs.frozen
class Swap:
    """A random deal played some moves, and two cards to exchange in its deal order.

    Attributes:
        start: The session before the deal.
        order: The deal's order.
        made: The moves played after the deal.
        owner: The seat whose unseen card goes.
        partner: The seat whose unseen card comes, None for an undealt card.
        cards: The two cards.
    """

    start: mg.State
    order: tuple[cards.Card, ...]
    made: tuple[mg.Move, ...]
    owner: int
    partner: int | None
    cards: tuple[cards.Card, cards.Card]

    def states(self, *, swapped: bool) -> list[mg.State]:
        """Every state from the deal on, with the cards exchanged or not."""
        first, second = self.cards
        places = {first: second, second: first} if swapped else {}
        found = [mg.apply(self.start, mg.Deal(order=[places.get(c, c) for c in self.order]))]
        for move in self.made:
            found.append(mg.apply(found[-1], move))
        return found


def next_anyway(state: mg.State) -> bool:
    """Whether a queen is called from the seat that is next in turn anyway after her king."""
    if state.due < 0:
        return False
    after = play.next_in_turn(state.seats[-1], state.seats, state.players, state.rules.step)
    return after == state.turn


def random_deal(
    rules: mg.Rules, seed: int, chooser: random.Random
) -> tuple[mg.State, list[cards.Card], list[mg.State], list[mg.Move]]:
    """Deal a random order and play random moves: the start, the order, the states, the moves."""
    players = chooser.choice((5, 6, 7))
    order = list(mg.pack(rules, players))
    chooser.shuffle(order)
    start = mg.new_game(rules, seed=seed, players=players, first_dealer=players - 1)
    states = [mg.apply(start, mg.Deal(order=order))]
    made: list[mg.Move] = []
    while not states[-1].hand_over and len(made) < chooser.randrange(4, 40):
        made.append(chooser.choice(mg.legal_moves(states[-1])))
        states.append(mg.apply(states[-1], made[-1]))
    return start, order, states, made


def random_swap(rules: mg.Rules, trial: int, chooser: random.Random) -> Swap | None:
    """Play a random deal some moves and choose two cards to exchange; None if none may be.

    Most of the time the deal is one in which a king calls his queen from the seat next in turn
    anyway (dealt again until one is): she goes out of the deal for an undealt card, and the
    moves stop there. Otherwise any unseen card goes, for another seat's or an undealt one.
    """
    start, order, states, made = random_deal(rules, trial, chooser)
    partner: int | None
    if chooser.random() < 0.7:
        for again in range(30):
            called = [step for step, state in enumerate(states) if next_anyway(state)]
            if called:
                break
            start, order, states, made = random_deal(rules, trial * 100 + again, chooser)
        else:
            return None
        states, made = states[: called[0] + 1], made[: called[0]]
        owner, first, partner = states[-1].turn, cards.CARDS[states[-1].due], None
    else:
        owner = chooser.randrange(start.players)
        mine = sorted(hidden(states[-1], owner))
        if not mine:
            return None
        first = chooser.choice(mine)
        others = [seat for seat in range(start.players) if hidden(states[-1], seat)]
        partner = chooser.choice([*(seat for seat in others if seat != owner), None])
    if first not in hidden(states[-1], owner):
        return None  # shown with a claim
    dealt = {card for hand in states[0].hands for card in cards.cards_in(hand)}
    undealt = set(order) - dealt - {states[0].trump}
    pool = sorted(undealt if partner is None else hidden(states[-1], partner))
    second = chooser.choice(pool)
    return Swap(start, tuple(order), tuple(made), owner, partner, (first, second))


@pytest.mark.parametrize(("number", "rules"), list(enumerate(LEAK_OPTIONS)))
def test_hidden_cards_of_other_seats_never_change_what_a_seat_sees(
    number: int, rules: mg.Rules
) -> None:
    """Swap an unseen card of one seat with another seat's, or with an undealt card; replay.

    Wherever the same moves are legal and the rules show the same acts (whose turn it is, the
    claims, the payments), every other seat's view, its repr, its JSON, its observation and the
    narration are the same (see :func:`random_swap` for the cards swapped).
    """
    chooser = random.Random(number)
    compared = due_compared = 0
    for trial in range(60):
        swap = random_swap(rules, trial, chooser)
        if swap is None:
            continue
        states = swap.states(swapped=False)
        try:
            twin = swap.states(swapped=True)
        except errors.IllegalMoveError:
            continue  # the same moves are not legal with the cards swapped
        if any(public(a) != public(b) for a, b in zip(states, twin, strict=True)):
            continue  # the rules show the swap by an act: a queen called out of turn, a claim
        for step, (state, other) in enumerate(zip(states, twin, strict=True)):
            for seat in set(range(state.players)) - {swap.owner, swap.partner}:
                seen = mg.view(state, seat)
                assert seen == mg.view(other, seat), (trial, step, seat)
                assert repr(seen) == repr(mg.view(other, seat))
                assert codec.encode(seen, game="mariage") == codec.encode(
                    mg.view(other, seat), game="mariage"
                )
                assert mg.observation(state, seat) == mg.observation(other, seat)
                compared += 1
                due_compared += state.due == swap.cards[0].index
            if step:
                move = swap.made[step - 1]
                assert mg.narrate(states[step - 1], move, state) == mg.narrate(
                    twin[step - 1], move, other
                )
    assert compared > 1_000
    assert due_compared > 20


def test_only_the_seat_to_move_sees_its_legal_moves() -> None:
    held, _, _, _ = queen_leak_states()
    assert [bool(mg.view(held, seat).legal_moves) for seat in range(5)] == [0, 0, 0, 1, 0]


# --- Module data cannot be changed --------------------------------------------------------------


def test_the_packs_cannot_be_changed_and_the_engine_reads_its_own() -> None:
    assert isinstance(mg.PACKS, types.MappingProxyType)
    assert mg.PACKS is deals.PACKS is engine.PACKS
    wrong = cards.pack(52)[:36]  # 2♣ to J♦: 36 cards, but not the 36-card pack
    with pytest.raises(TypeError):
        mg.PACKS[36] = wrong  # type: ignore[index]  # refused on purpose
    state = mg.new_game(seed=1, players=6, first_dealer=0)
    with pytest.MonkeyPatch.context() as patch:
        # Even a rebound name is not what the engine deals from.
        patch.setattr(deals, "PACKS", {36: wrong, 52: cards.pack(52)})
        patch.setattr(mg, "PACKS", {36: wrong, 52: cards.pack(52)})
        patch.setattr(engine, "PACKS", {36: wrong, 52: cards.pack(52)})
        assert not mg.is_legal(state, mg.Deal(order=wrong))
        with pytest.raises(errors.IllegalMoveError):
            mg.apply(state, mg.Deal(order=wrong))
        assert mg.pack(mg.Rules(), 6) == cards.pack(36)


def test_the_package_s_tables_are_read_only() -> None:
    assert isinstance(play.RANKINGS, types.MappingProxyType)
    with pytest.raises(TypeError):
        play.RANKINGS["Q"] = ()  # type: ignore[index]  # refused on purpose
    ranking = play.RANKINGS["Q"][0]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        ranking.trump_mask = 0  # type: ignore[misc]  # refused on purpose
    assert isinstance(ranking.power, tuple)
    assert isinstance(mg.POOLS, tuple)
    assert isinstance(moves.PLAYS, tuple)


# --- Parameters that are not optional -----------------------------------------------------------

SAYS = "^Mariage is played by 5 to 10 players, not None$"


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: mg.pack(None, 6), "^rules must be a mariage.Rules, not None"),  # type: ignore[arg-type]
        (lambda: mg.pack(mg.Rules(), None), SAYS),  # type: ignore[arg-type]
        (lambda: mg.pack("rules", 6), "^expected mariage.Rules, not str$"),  # type: ignore[arg-type]
        (lambda: mg.max_hand_moves(None, 6), "^rules must be a mariage.Rules, not None"),  # type: ignore[arg-type]
        (lambda: mg.max_hand_moves(mg.Rules(), None), SAYS),  # type: ignore[arg-type]
        (lambda: mg.max_hand_moves(mg.Rules(), 6.0), "players, not 6.0$"),  # type: ignore[arg-type]
        (lambda: mg.observation_size(None, None), SAYS),  # type: ignore[arg-type]
        (lambda: mg.observation_size({}, 6), "^expected mariage.Rules, not dict$"),  # type: ignore[arg-type]
        (lambda: mg.layout(None, None), SAYS),  # type: ignore[arg-type]
        (lambda: encoding.layout(None, True), "players, not True$"),  # noqa: FBT003  # type: ignore[arg-type]
        (lambda: mg.trump_order(cards.Suit.CLUBS, None, None), SAYS),  # type: ignore[arg-type]
        (lambda: mg.trump_order(None), "^trump must be a cards.Suit"),  # type: ignore[arg-type]
        (lambda: mg.plain_order(cards.Suit.CLUBS, cards.Suit.HEARTS, None, None), SAYS),  # type: ignore[arg-type]
    ],
)
def test_parameters_that_are_not_optional_refuse_none(call: object, message: str) -> None:
    assert callable(call)
    with pytest.raises(errors.RulesError, match=message):
        call()


def test_the_optional_parameters_still_take_none() -> None:
    assert mg.observation_size(None, 6) == 1165
    assert len(mg.trump_order(cards.Suit.CLUBS)) == 11
    assert len(mg.trump_order(cards.Suit.CLUBS, None, 7)) == 15
