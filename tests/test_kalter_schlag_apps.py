"""Tests of Kalter Schlag's surface for applications: encoding, card facts, the rule agent, views.

The encoding is checked against ``legal_moves`` over random play; the facts against the engine's
own tricks and hands; the agent for legal, reproducible choices from the view alone; the view
and ``narrate`` for the fields and the lines every game has.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

import pytest

import cardgames
import playing
from cardgames import agents, cards, errors, simulate, tricks
from cardgames import kalter_schlag as ks
from cardgames.kalter_schlag import _encoding as encoding

PACK = cards.pack(32)
GAME = cardgames.GAMES["kalter-schlag"]
SHORT = ks.Rules(max_hands=2)


def junk(value: object) -> Any:  # passes any value where a type is expected
    """Return ``value`` typed as anything: junk given on purpose."""
    return value


def card(text: str) -> cards.Card:
    return cards.Card.parse(text)


def random_states(seed: int, rules: ks.Rules | None = SHORT) -> Iterator[ks.State]:
    """Every state of a seeded random match (two hands by default), the first included."""
    return playing.random_states("kalter-schlag", seed, rules=rules)


def hands_of(state: ks.State) -> dict[int, tuple[cards.Card, ...]]:
    """Each seat's cards, read from the seats' own views."""
    return {seat: ks.view(state, seat).hand for seat in range(4)}


def stacked(hands: dict[int, str], *, dealer: int = 3, seed: int = 5) -> ks.State:
    """A new match whose first hand is dealt as given (seat 0 leads when seat 3 deals)."""
    state = ks.new_game(seed=seed, first_dealer=dealer)
    return ks.apply(state, ks.Deal(order=ks.order_for(hands, dealer=dealer)))


def apply_all(state: ks.State, texts: str) -> ks.State:
    for text in texts.split(","):
        state = ks.apply(state, ks.parse_move(text))
    return state


# --- encoding -------------------------------------------------------------------------------


def test_the_actions_deal_double_and_a_card_each() -> None:
    assert ks.NUM_MOVES == GAME.num_moves == 2 + len(PACK) == 34
    assert ks.move_indices(ks.Deal()) == (encoding.DEAL_ACTION,) == (0,)
    assert ks.move_indices(ks.DOUBLE) == (encoding.DOUBLE_ACTION,) == (1,)
    plays = [ks.move_to_index(ks.Play(each)) for each in PACK]
    assert plays == list(range(encoding.PLAY_ACTIONS, ks.NUM_MOVES))
    # A stacked deal is the deal action: its order is chance's, not a choice of the dealer.
    order = ks.order_for({0: "J♣ J♠ J♥ J♦ A♣ A♠ A♥ A♦"}, dealer=3)
    assert ks.move_indices(ks.Deal(order=order)) == (0,)


@pytest.mark.parametrize(
    ("move", "message"),
    [
        (ks.Play(card("2♥")), r"^play 2♥ plays a card that is not in the 32-card pack$"),
        ("play Q♥", r"^expected a Kalter Schlag move, not 'play Q♥'$"),
        (None, r"^expected a Kalter Schlag move, not None$"),
        (cardgames.GAMES["staekske-rape"].parse_move("pass"), r"^expected a Kalter Schlag move"),
    ],
)
def test_what_is_no_action_is_refused(move: object, message: str) -> None:
    with pytest.raises(errors.RulesError, match=message):
        ks.move_indices(junk(move))


@pytest.mark.parametrize("seed", range(3))
def test_indices_mask_and_moves_agree_with_legal_moves_over_random_play(seed: int) -> None:
    size = ks.observation_size(SHORT, 4)
    for state in random_states(seed):
        legal = ks.legal_moves(state)
        indices = [ks.move_indices(move) for move in legal]
        assert all(len(each) == 1 for each in indices)  # no move is a combination
        assert len(set(indices)) == len(legal)
        mask = ks.legal_mask(state)
        assert len(mask) == ks.NUM_MOVES
        assert [index for index, bit in enumerate(mask) if bit] == sorted(i for (i,) in indices)
        for move, (index,) in zip(legal, indices, strict=True):
            assert ks.index_to_move(index, state) == move
            assert ks.move_to_index(move) == index
        for index in set(range(ks.NUM_MOVES)) - {i for (i,) in indices}:
            with pytest.raises(errors.IllegalMoveError, match=r"^action \d+ is not legal now$"):
                ks.index_to_move(index, state)
        for seat in range(4):
            assert len(ks.observation(state, seat)) == size


def test_the_layout_tiles_the_observation() -> None:
    offset = 0
    for block in ks.LAYOUT:
        assert block.offset == offset
        assert block.length > 0
        offset += block.length
    assert offset == ks.observation_size(None, 4) == 319
    assert len({block.name for block in ks.LAYOUT}) == len(ks.LAYOUT)


def block(observation: tuple[int, ...], name: str) -> tuple[int, ...]:
    found = next(each for each in ks.LAYOUT if each.name == name)
    return observation[found.offset : found.offset + found.length]


def test_the_observation_reads_the_view_from_the_observer_s_seat() -> None:
    state = stacked(
        {
            0: "J♣ J♠ J♥ J♦ A♣ A♠ A♥ A♦",
            1: "10♣ 10♠ 10♥ 10♦ K♣ K♠ K♥ K♦",
            2: "Q♣ Q♠ Q♥ Q♦ 9♣ 9♠ 9♥ 9♦",
        },
        dealer=3,
    )
    state = apply_all(state, "double, play J♦, double, play 10♣")
    seen = ks.observation(state, 1)
    view = ks.view(state, 1)
    assert [PACK[place] for place, bit in enumerate(block(seen, "hand")) if bit] == list(view.hand)
    trick = block(seen, "trick")
    # Position 0 is seat 1 (its 10♣), position 3 is seat 0 (its J♦).
    assert [PACK[i] for i, bit in enumerate(trick[:32]) if bit] == [card("10♣")]
    assert [PACK[i] for i, bit in enumerate(trick[96:]) if bit] == [card("J♦")]
    assert sum(trick[32:96]) == 0
    assert block(seen, "to move") == (0, 1, 0, 0)  # seat 2
    assert block(seen, "dealer") == (0, 0, 1, 0)  # seat 3
    assert block(seen, "phase") == (0, 1, 0, 0)  # the first trick
    assert block(seen, "doubled") == (1, 0, 0, 1)  # seats 1 and 0
    assert block(seen, "target") == (2000,)
    assert block(seen, "hand number") == (1,)
    state = apply_all(state, "play Q♣, play 7♣")
    after = ks.observation(state, 0)
    assert block(after, "tricks taken") == (1, 0, 0, 0)
    assert block(after, "points taken") == (2 + 10 + 3 + 0, 0, 0, 0)
    assert sum(block(after, "played")) == 4
    assert block(after, "phase") == (0, 0, 1, 0)


def swap_hidden(state: ks.State, seat: int, rng: random.Random) -> ks.State | None:
    """The same match, with two unplayed cards of the same following suit swapped between two
    other seats' hands: everything ``seat`` sees, and every move's legality, stay the same."""
    start = next(i for i, move in enumerate(state.moves) if isinstance(move, ks.Deal))
    dealt = ks.replay(
        state.rules,
        state.seed,
        state.moves[: start + 1],
        players=4,
        first_dealer=state.first_dealer,
    )
    now = hands_of(state)
    held = {other: [c for c in hands_of(dealt)[other] if c in now[other]] for other in range(4)}
    suit = ks.suit_of
    pairs = [
        (a, b, x, y)
        for a in range(4)
        for b in range(a + 1, 4)
        if seat not in {a, b}
        for x in held[a]
        for y in held[b]
        if suit(x) == suit(y)
    ]
    if not pairs:
        return None
    a, b, x, y = rng.choice(pairs)
    hands = {other: list(cards_) for other, cards_ in hands_of(dealt).items()}
    hands[a][hands[a].index(x)] = y
    hands[b][hands[b].index(y)] = x
    order = ks.order_for(hands, dealer=dealt.dealer)
    moves = [ks.Deal(order=order), *state.moves[start + 1 :]]
    prefix = ks.replay(
        state.rules, state.seed, state.moves[:start], players=4, first_dealer=state.first_dealer
    )
    for move in moves:
        prefix = ks.apply(prefix, move)
    return prefix


@pytest.mark.parametrize("seed", range(2))
def test_hidden_cards_change_neither_the_observation_nor_the_agent_s_choice(seed: int) -> None:
    rng = random.Random(seed)
    compared = 0
    for step, state in enumerate(random_states(seed, ks.Rules(max_hands=1))):
        if not state.in_play or step % 3:
            continue
        seat = rng.randrange(4)
        other = swap_hidden(state, seat, rng)
        if other is None:
            continue
        assert hands_of(other) != hands_of(state)
        assert ks.view(other, seat) == ks.view(state, seat)
        assert ks.observation(other, seat) == ks.observation(state, seat)
        assert ks.unseen(ks.view(other, seat)) == ks.unseen(ks.view(state, seat))
        mover = ks.current_player(state)
        assert mover is not None
        if mover == seat:
            choose = ks.RuleAgent().choose
            assert choose(ks.view(other, seat), random.Random(1)) == choose(
                ks.view(state, seat), random.Random(1)
            )
        compared += 1
    assert compared > 5


def test_observation_and_size_refuse_junk() -> None:
    state = ks.new_game(seed=1)
    with pytest.raises(errors.RulesError, match=r"^seat must be a seat from 0 to 3, not 4$"):
        ks.observation(state, 4)
    with pytest.raises(errors.RulesError, match=r"^expected a kalter_schlag\.State"):
        ks.observation(junk(None), 0)
    with pytest.raises(errors.RulesError, match=r"exactly 4 players, not 3$"):
        ks.observation_size(None, 3)
    with pytest.raises(errors.RulesError, match=r"^expected kalter_schlag\.Rules"):
        ks.observation_size(junk("rules"), 4)


# --- card facts -----------------------------------------------------------------------------


def test_card_points_and_rank_orders() -> None:
    assert sum(ks.card_points(each) for each in PACK) == 120
    assert ks.points_in(PACK) == ks.points_in(cards.format_cards(PACK)) == 120
    assert [ks.card_points(text) for text in cards.parse_cards("A♥ 10♥ K♥ Q♥ J♥ 9♥ 8♥ 7♥")] == [
        11,
        10,
        4,
        3,
        2,
        0,
        0,
        0,
    ]
    assert cards.format_cards(ks.rank_order()) == cards.format_cards(ks.TRUMPS) == "J♣ J♠ J♥ J♦"
    natural = ks.Rules(plain_rank_order="natural")
    for suit in cards.Suit:
        symbol = str(card(f"A{suit.name[0]}"))[-1]
        assert cards.format_cards(ks.rank_order(suit)) == " ".join(
            f"{rank}{symbol}" for rank in ("A", "10", "K", "Q", "9", "8", "7")
        )
        assert cards.format_cards(ks.rank_order(suit, natural)) == " ".join(
            f"{rank}{symbol}" for rank in ("A", "K", "Q", "10", "9", "8", "7")
        )
    assert ks.suit_of("J♥") is None
    assert ks.suit_of(card("10♥")) is cards.Suit.HEARTS


def test_winning_card_follows_rule_12() -> None:
    assert ks.winning_card("K♣ 10♣ A♥") == card("10♣")
    assert ks.winning_card("K♣ 10♣", ks.Rules(plain_rank_order="natural")) == card("K♣")
    assert ks.winning_card("7♦ A♣ J♦ J♥") == card("J♥")
    assert ks.winning_card(["J♦", card("J♠")]) == card("J♠")
    assert ks.winning_card("9♠") == card("9♠")


@pytest.mark.parametrize("seed", range(2))
def test_the_facts_agree_with_the_engine_over_random_play(seed: int) -> None:
    for state in random_states(seed):
        for seat in range(4):
            view = ks.view(state, seat)
            others = sorted(
                c for other, held in hands_of(state).items() if other != seat for c in held
            )
            if state.hand_number:
                assert list(ks.unseen(view)) == others
            else:
                assert ks.unseen(view) == PACK
        view = ks.view(state, 0)
        for trick in view.tricks:
            assert ks.trick_winner(trick, view.rules) == trick.winner
            assert ks.trick_winner(tricks.Trick(trick.plays), view.rules) == trick.winner
        if view.trick is not None:
            assert ks.winning_card(view.trick.cards) in view.trick.cards
        for move in ks.legal_moves(state):
            assert ks.kind_of(move) is ks.MoveKind(str(move).split()[0])


def test_narrate_s_trick_points_are_the_facts_points() -> None:
    states = list(random_states(4))
    for before, after in itertools.pairwise(states):
        line = ks.narrate(before, after.moves[-1], after)
        if line is not None and line.startswith("trick"):
            taken = int(line.split(" takes ")[1].split(";")[0])
            assert taken == ks.points_in(after.tricks[-1].cards)


def test_unseen_after_a_hand_is_nothing() -> None:
    state = next(s for s in random_states(2) if s.hand_over and s.hand_number)
    assert all(ks.unseen(ks.view(state, seat)) == () for seat in range(4))


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: ks.card_points("2♥"), errors.RulesError, r"^2♥ is not in Kalter Schlag's 32"),
        (
            lambda: ks.card_points(junk(7)),
            errors.RulesError,
            r"^card must be a card of the 32-card",
        ),
        (lambda: ks.card_points("Q"), errors.CardParseError, r"^cannot read 'Q' as a card"),
        (lambda: ks.points_in(junk(7)), errors.RulesError, r"^played must be cards"),
        (lambda: ks.points_in(junk([7])), errors.CardParseError, r"^cannot read 7 as a card"),
        (lambda: ks.winning_card(""), errors.RulesError, r"^a trick holds one to four different"),
        (lambda: ks.winning_card("7♣ 7♣"), errors.RulesError, r"^a trick holds one to four"),
        (lambda: ks.winning_card("7♣ 8♣ 9♣ 10♣ A♣"), errors.RulesError, r"^a trick holds"),
        (
            lambda: ks.winning_card("7♣", junk("natural")),
            errors.RulesError,
            r"^expected kalter_schlag",
        ),
        (lambda: ks.rank_order(junk(0)), errors.RulesError, r"^suit must be a cards\.Suit"),
        (
            lambda: ks.trick_winner(junk("1:Q♣")),
            errors.RulesError,
            r"^trick must be a tricks\.Trick",
        ),
        (
            lambda: ks.trick_winner(tricks.Trick(((0, card("7♣")), (0, card("8♣"))))),
            errors.RulesError,
            r"^trick must be .* by different seats",
        ),
        (
            lambda: ks.trick_winner(tricks.Trick(((4, card("7♣")),))),
            errors.RulesError,
            r"^trick must be",
        ),
        (
            lambda: ks.unseen(junk(ks.new_game(seed=1))),
            errors.RulesError,
            r"^expected a kalter_schlag\.View",
        ),
        (lambda: ks.kind_of(junk("double")), errors.RulesError, r"^expected a Kalter Schlag move"),
        (lambda: ks.MoveKind("bid"), errors.RulesError, r"^'bid' is not a kind of move: use one"),
        (lambda: ks.Phase(junk(0)), errors.RulesError, r"^0 is not a phase: use one of 'deal'"),
    ],
)
def test_the_facts_refuse_junk_naming_it(
    call: object, error: type[Exception], message: str
) -> None:
    assert callable(call)
    with pytest.raises(error, match=message):
        call()


# --- the rule agent -------------------------------------------------------------------------


def test_the_rule_agent_is_the_game_s_rule_bot() -> None:
    assert GAME.bots["rule"] is ks.RuleAgent
    assert isinstance(agents.by_name(GAME, "rule"), ks.RuleAgent)
    assert "rule" in agents.names(GAME)


def test_the_rule_agent_chooses_legal_moves_reproducibly() -> None:
    lineup: list[agents.Agent] = [
        ks.RuleAgent(),
        agents.RandomAgent(),
        ks.RuleAgent(),
        agents.FirstAgent(),
    ]
    moves: list[ks.Move] = []

    def watch(before: ks.State, move: ks.Move, _after: ks.State) -> None:
        assert move in ks.legal_moves(before)
        moves.append(move)

    final = simulate.play_match(GAME, lineup, rules=ks.Rules(max_hands=3), seed=8, observe=watch)
    again = simulate.play_match(GAME, lineup, rules=ks.Rules(max_hands=3), seed=8)
    assert final == again
    assert list(final.moves) == moves
    assert ks.DOUBLE in moves or len(final.hand_scores) == 3


def test_the_rule_agent_ducks_under_the_winning_card() -> None:
    # Seat 0 leads the K♣; seat 1 holds A♣ 10♣ 9♣ and must follow: the 9♣ ducks.
    state = stacked({0: "K♣ 7♠ 8♠ 9♠ 7♥ 8♥ 9♥ 7♦", 1: "A♣ 10♣ 9♣ A♠ 10♠ A♥ 10♥ A♦"})
    state = apply_all(state, "play K♣")
    chosen = ks.RuleAgent().choose(ks.view(state, 1), random.Random(0))
    assert chosen == ks.Play(card("9♣"))


def test_the_rule_agent_throws_a_dangerous_card_when_void() -> None:
    # Seat 1 has no club: it throws its ace of the suit where nothing can beat it.
    state = stacked({0: "K♣ Q♣ 9♣ 8♣ 7♠ 8♥ 9♥ 7♦", 1: "A♠ 10♠ K♠ Q♠ 9♦ 8♦ J♦ Q♦"})
    state = apply_all(state, "play K♣")
    chosen = ks.RuleAgent().choose(ks.view(state, 1), random.Random(0))
    assert chosen == ks.Play(card("A♠"))


def test_the_rule_agent_leads_a_card_the_others_can_beat() -> None:
    state = stacked({0: "A♣ 10♣ A♠ 10♠ A♥ 10♥ A♦ 7♦"})
    chosen = ks.RuleAgent().choose(ks.view(state, 0), random.Random(0))
    assert chosen == ks.Play(card("7♦"))


def test_the_rule_agent_doubles_with_a_safe_hand_only() -> None:
    safe = stacked({0: "7♣ 8♣ 7♠ 8♠ 7♥ 8♥ 7♦ 8♦", 1: "J♣ J♠ A♣ A♠ A♥ A♦ 10♣ 10♠"})
    assert ks.RuleAgent().choose(ks.view(safe, 0), random.Random(0)) == ks.DOUBLE
    strong = apply_all(safe, "play 7♣")
    assert ks.RuleAgent().choose(ks.view(strong, 1), random.Random(0)) != ks.DOUBLE


def test_the_rule_agent_refuses_what_is_no_view_of_its_turn() -> None:
    state = ks.new_game(seed=1, first_dealer=0)
    agent = ks.RuleAgent()
    with pytest.raises(errors.RulesError, match=r"^choose needs a kalter_schlag\.View"):
        agent.choose(junk(state), random.Random(0))
    with pytest.raises(errors.RulesError, match=r"^choose needs a kalter_schlag\.View"):
        agent.choose(ks.view(state, 0), junk(3))
    with pytest.raises(errors.IllegalMoveError, match=r"^seat 1 has no move to choose"):
        agent.choose(ks.view(state, 1), random.Random(0))
    assert agent.choose(ks.view(state, 0), random.Random(0)) == ks.Deal()


# --- the view and narrate -------------------------------------------------------------------


def test_the_view_tells_players_phase_and_the_result() -> None:
    rules = ks.Rules(max_hands=2)
    phases = []
    final = None
    for state in random_states(3, rules):
        view = ks.view(state, 2)
        assert view.players == 4
        assert view.rules is rules
        assert view.phase is state.phase
        phases.append(view.phase)
        if not ks.is_over(state):
            assert (view.winners, view.losers) == ((), ())
        final = state
    assert final is not None
    result = ks.score(final)
    view = ks.view(final, 0)
    assert (view.winners, view.losers) == (result.winners, result.losers) != ((), ())
    assert phases[0] is ks.Phase.DEAL
    assert phases[1] is ks.Phase.FIRST_TRICK
    assert phases[-1] is ks.Phase.OVER
    assert phases.count(ks.Phase.OVER) == 1
    assert {ks.Phase.PLAY, ks.Phase.DEAL} <= set(phases[2:-1])


def test_narrate_ends_a_hand_with_its_score_and_the_match_with_its_result() -> None:
    rules = ks.Rules(target=300)
    lines = [
        (before, after, ks.narrate(before, after.moves[-1], after))
        for before, after in _pairs(random_states(6, rules))
    ]
    hand_ends = [(b, a, line) for b, a, line in lines if a.hand_over and not b.hand_over]
    assert hand_ends
    for _, after, line in hand_ends:
        assert line is not None
        explanation = after.hand_scores[-1].explanation
        assert f"; hand {after.hand_number}, {explanation}" in line
        assert line.startswith(f"trick 8: {after.tricks[-1]} takes ")
    _, last, line = hand_ends[-1]
    assert ks.is_over(last)
    assert line is not None
    (loser,) = last.losers or ()
    assert line.endswith(f"; the match is over: seat {loser} loses with {last.totals[loser]}")
    for _, _, line in hand_ends[:-1]:
        assert line is not None
        assert "match" not in line


def _pairs(states: Iterator[ks.State]) -> Iterator[tuple[ks.State, ks.State]]:
    previous = next(states)
    for state in states:
        yield previous, state
        previous = state


def test_narrate_names_every_loser_of_a_tie() -> None:
    # Seats 0 and 1 take 60 card points each: both are charged 60 × 4 = 240, both lose.
    hands = {
        0: "J♣ J♠ J♥ J♦ 7♣ 7♠ 7♥ 7♦",
        1: "10♣ Q♣ 8♣ 10♠ A♣ A♠ A♥ A♦",
        2: "Q♠ 8♠ 10♥ Q♥ K♣ 9♠ 9♥ 9♦",
        3: "8♥ 10♦ Q♦ 8♦ 9♣ K♠ K♥ K♦",
    }
    state = ks.new_game(ks.Rules(target=200), seed=5, first_dealer=3)
    state = ks.apply(state, ks.Deal(order=ks.order_for(hands, dealer=3)))
    queues = {seat: list(cards.parse_cards(text)) for seat, text in hands.items()}
    for _ in range(31):
        state = ks.apply(state, ks.Play(queues[ks.current_player(state) or 0].pop(0)))
    move = ks.Play(queues[ks.current_player(state) or 0].pop(0))
    after = ks.apply(state, move)
    line = ks.narrate(state, move, after)
    assert line is not None
    assert line.endswith(
        "; hand 1, seats 0, 1: 60 card points × 4 two Jungfrauen = 240; "
        "the match is over: seats 0, 1 lose with 240"
    )


def test_a_long_input_gets_a_short_message() -> None:
    with pytest.raises(errors.RulesError) as caught:
        ks.winning_card(list(PACK) * 2000)
    assert str(caught.value).startswith("a trick holds one to four different cards, not '7♣ 8♣")
    assert len(str(caught.value)) < 200
