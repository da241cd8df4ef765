"""Tests of Gin Rummy's surface for applications: encoding, card facts, the rule agent, views.

The encoding is checked against ``legal_moves`` over random play and over play by rule agents
(which knock, so that lay-outs are met), the factored lay-outs action by action; the facts
against the engine's own hands; the agent for legal, reproducible choices from the view alone;
the view and ``narrate`` for the fields and the lines every game has; the package's functions
for what they answer to junk.
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import cardgames
from cardgames import agents, cards, errors, simulate
from cardgames import gin_rummy as gr
from cardgames.gin_rummy import _encoding as encoding
from cardgames.gin_rummy import _melds as melds

PACK = cards.pack(52)
GAME = cardgames.GAMES["gin-rummy"]
SHORT = gr.Rules(max_hands=3)


def junk(value: object) -> Any:  # passes any value where a type is expected
    """Return ``value`` typed as anything: junk given on purpose."""
    return value


def card(text: str) -> cards.Card:
    return cards.Card.parse(text)


def random_states(seed: int, rules: gr.Rules = SHORT, *, rule_agents: int = 0) -> Iterator[Any]:
    """Every state of a seeded match: random players, or rule agents at the first seats."""
    chooser = random.Random(seed)
    players = [gr.RuleAgent() if seat < rule_agents else agents.RandomAgent() for seat in (0, 1)]
    state = gr.new_game(rules, seed=seed)
    yield state
    while (seat := gr.current_player(state)) is not None:
        state = gr.apply(state, players[seat].choose(gr.view(state, seat), chooser))
        yield state


def stacked(hands: dict[int, str], *, upcard: str = "K♦", stock: str = "") -> gr.State:
    """A new match whose first hand is dealt as given; seat 1 deals, seat 0 is offered first."""
    order = gr.order_for(hands, dealer=1, upcard=upcard, stock=stock or None)
    return gr.apply(gr.new_game(seed=5, first_dealer=1), gr.Deal(order=order))


def play(state: gr.State, texts: str) -> gr.State:
    for text in texts.split(","):
        state = gr.apply(state, gr.parse_move(text.strip()))
    return state


KNOCKER = "3♠ 4♠ 5♠ J♣ J♠ J♥ 8♣ 8♥ 8♦ 2♥"
DEFENDER = "7♠ 6♠ J♦ A♥ 3♥ K♦ K♥ K♠ 9♣ 9♦"


def knocked() -> gr.State:
    """The source's lay-offs: seat 0 knocks with 2 and lays out three melds."""
    state = stacked({0: KNOCKER, 1: DEFENDER}, upcard="10♣", stock="2♣")
    return play(state, "pass, pass, draw stock, knock 2♣")


# --- encoding -------------------------------------------------------------------------------


def test_the_actions_of_single_moves() -> None:
    assert gr.NUM_MOVES == GAME.num_moves == encoding.END_LAY_OUT + 1 == 595
    assert gr.move_indices(gr.Deal()) == (encoding.DEAL_ACTION,) == (0,)
    assert gr.move_indices(gr.DRAW_STOCK) == (encoding.DRAW_STOCK_ACTION,) == (1,)
    assert gr.move_indices(gr.DRAW_PILE) == (encoding.DRAW_PILE_ACTION,) == (2,)
    assert gr.move_indices(gr.PASS) == (encoding.PASS_ACTION,) == (3,)
    assert gr.move_indices(gr.BIG_GIN) == (encoding.BIG_GIN_ACTION,) == (4,)
    discards = [gr.move_to_index(gr.Discard(each)) for each in PACK]
    knocks = [gr.move_to_index(gr.Knock(each)) for each in PACK]
    assert discards == list(range(encoding.DISCARD_ACTIONS, encoding.KNOCK_ACTIONS))
    assert knocks == list(range(encoding.KNOCK_ACTIONS, encoding.MELD_ACTIONS))
    # A stacked deal is the deal action: its order is chance's, not a choice of the dealer.
    order = gr.order_for({0: KNOCKER}, dealer=1)
    assert gr.move_indices(gr.Deal(order=order)) == (0,)


def test_a_lay_out_is_its_melds_its_lay_offs_and_the_end() -> None:
    assert len(melds.TABLE) == 329
    assert len(set(melds.TABLE)) == 329
    for place, meld in enumerate(melds.TABLE):
        assert gr.move_indices(gr.LayOut([meld])) == (
            encoding.MELD_ACTIONS + place,
            encoding.END_LAY_OUT,
        )
    assert gr.move_indices(gr.LayOut([])) == (encoding.END_LAY_OUT,)
    move = gr.parse_move("lay out K♠ K♥ K♦ off 7♠>2 J♦>1 6♠>2")
    king_set = melds.TABLE.index(melds.Meld.of("K♠ K♥ K♦"))
    assert gr.move_indices(move) == (
        encoding.MELD_ACTIONS + king_set,
        encoding.LAYOFF_ACTIONS + 52 + card("J♦").index,
        encoding.LAYOFF_ACTIONS + 104 + card("6♠").index,
        encoding.LAYOFF_ACTIONS + 104 + card("7♠").index,
        encoding.END_LAY_OUT,
    )
    # The order the lay-offs are written in does not change the actions.
    same = gr.parse_move("lay out K♠ K♥ K♦ off J♦>1 6♠>2 7♠>2")
    assert gr.move_indices(same) == gr.move_indices(move)
    with pytest.raises(errors.RulesError, match=r"is 5 actions, chosen one at a time"):
        gr.move_to_index(move)


@pytest.mark.parametrize(
    ("move", "message"),
    [
        ("draw stock", r"^expected a Gin Rummy move, not 'draw stock'$"),
        (None, r"^expected a Gin Rummy move, not None$"),
        (cardgames.GAMES["kalter-schlag"].parse_move("double"), r"^expected a Gin Rummy move"),
        (gr.LayOut([], layoffs=[("6♠", 3)]), r"onto meld 3: the knocker lays down at most 3"),
    ],
)
def test_what_is_no_action_is_refused(move: object, message: str) -> None:
    with pytest.raises(errors.RulesError, match=message):
        gr.move_indices(junk(move))


def check_actions(state: gr.State, chooser: random.Random) -> int:
    """Check a state's actions against its legal moves; return how many were lay-outs."""
    legal = gr.legal_moves(state)
    indices = [gr.move_indices(move) for move in legal]
    assert len(set(indices)) == len(legal)
    for first, second in itertools.permutations(indices, 2):
        assert second[: len(first)] != first  # no move's actions begin another's
    for prefix in {each[:size] for each in indices for size in range(len(each))}:
        following = {each[len(prefix)] for each in indices if each[: len(prefix)] == prefix}
        mask = gr.legal_mask(state, prefix)
        assert len(mask) == gr.NUM_MOVES
        assert {index for index, bit in enumerate(mask) if bit} == following
    move = chooser.choice(legal)
    actions = gr.move_indices(move)
    for size, action in enumerate(actions):
        chosen = gr.index_to_move(action, state, actions[:size])
        assert chosen == (move if size == len(actions) - 1 else None)
    unused = set(range(gr.NUM_MOVES)) - {each[0] for each in indices}
    for action in chooser.sample(sorted(unused), 3):
        with pytest.raises(errors.IllegalMoveError, match=r"^action \d+ is not legal now$"):
            gr.index_to_move(action, state)
    return sum(len(each) > 1 for each in indices)


@pytest.mark.parametrize(("seed", "rule_agents"), [(0, 0), (1, 1), (2, 2), (3, 2)])
def test_indices_mask_and_moves_agree_with_legal_moves(seed: int, rule_agents: int) -> None:
    chooser = random.Random(seed)
    size = gr.observation_size(SHORT, 2)
    lay_outs = 0
    for state in random_states(seed, rule_agents=rule_agents):
        if not gr.is_over(state):
            lay_outs += check_actions(state, chooser)
        for seat in (0, 1):
            assert len(gr.observation(state, seat)) == size
    if rule_agents:
        assert lay_outs > 3


def test_the_layout_tiles_the_observation() -> None:
    offset = 0
    for block in gr.LAYOUT:
        assert block.offset == offset
        assert block.length > 0
        offset += block.length
    assert offset == gr.observation_size(None, 2) == 762
    assert len({block.name for block in gr.LAYOUT}) == len(gr.LAYOUT)


def block(observation: tuple[int, ...], name: str) -> tuple[int, ...]:
    found = next(each for each in gr.LAYOUT if each.name == name)
    return observation[found.offset : found.offset + found.length]


def marked(ints: tuple[int, ...]) -> str:
    """The cards a block of 52 marks, as text."""
    return cards.format_cards(PACK[index] for index, bit in enumerate(ints) if bit)


def test_the_observation_reads_the_view_from_the_observer_s_seat() -> None:
    state = stacked({0: KNOCKER, 1: DEFENDER}, upcard="10♣", stock="2♣")
    seen = gr.observation(state, 0)
    assert marked(block(seen, "hand")) == cards.format_cards(gr.view(state, 0).hand)
    assert marked(block(seen, "pile")) == marked(block(seen, "top")) == "10♣"
    assert block(seen, "to move") == (1, 0)
    assert block(seen, "dealer") == (0, 1)
    assert block(seen, "phase") == (0, 1, 0, 0, 0, 0, 0)  # the offer
    assert block(seen, "hand sizes") == (10, 10)
    assert block(seen, "stock") == (31,)
    assert block(seen, "knock limit") == (10,)
    assert block(seen, "target") == (100,)
    assert block(seen, "hand number") == (1,)
    assert block(gr.observation(state, 1), "to move") == (0, 1)
    state = play(state, "draw pile, discard 2♥")
    other = gr.observation(state, 1)
    assert marked(block(other, "known")[52:]) == "10♣"  # seat 0 took it: position 1 for seat 1
    assert marked(block(other, "top")) == "2♥"
    assert sum(block(other, "known")[:52]) == 0


def test_the_observation_shows_the_lay_outs() -> None:
    state = knocked()
    best = gr.best_lay_out(state)
    seen = gr.observation(state, 1)
    assert block(seen, "knocker") == (0, 1)  # seat 0 knocked: position 1 for seat 1
    assert sum(block(seen, "knocker melds")) == 0
    assert block(gr.observation(gr.new_game(seed=1), 0), "knocker") == (0, 0)
    state = gr.apply(state, best)
    seen = gr.observation(state, 1)
    targets = block(seen, "knocker melds")
    assert [marked(targets[52 * k : 52 * k + 52]) for k in range(3)] == [
        "8♣ 8♥ 8♦",
        "J♣ J♠ J♥",
        "3♠ 4♠ 5♠",
    ]
    assert marked(block(seen, "knocker deadwood")) == "2♥"
    assert block(seen, "phase") == (0, 0, 0, 0, 0, 0, 1)
    defence = gr.best_lay_out(state)
    # The defender's lay-out, chosen one action at a time.
    actions = gr.move_indices(defence)
    for size, action in enumerate(actions):
        assert gr.legal_mask(state, actions[:size])[action] == 1
        chosen = gr.index_to_move(action, state, actions[:size])
        assert chosen == (defence if size == len(actions) - 1 else None)
    state = gr.apply(state, defence)
    seen = gr.observation(state, 0)
    assert marked(block(seen, "defender melds")) == "K♠ K♥ K♦"
    offs = block(seen, "layoffs")
    assert [marked(offs[52 * k : 52 * k + 52]) for k in range(3)] == ["", "J♦", "6♠ 7♠"]
    assert marked(block(seen, "defender deadwood")) == "9♣ 3♥ A♥ 9♦"
    assert block(seen, "totals") == (20, 0)
    assert block(seen, "hands won") == (1, 0)


def test_the_observation_of_a_hollywood_sheet() -> None:
    rules = gr.Rules(hollywood=True, max_hands=1)
    state = gr.new_game(rules, seed=5, first_dealer=1)
    order = gr.order_for({0: KNOCKER, 1: DEFENDER}, dealer=1, upcard="10♣", stock="2♣")
    state = play(gr.apply(state, gr.Deal(order=order)), "pass, pass, draw stock, knock 2♣")
    state = gr.apply(state, gr.best_lay_out(state))
    state = gr.apply(state, gr.best_lay_out(state))
    seen = gr.observation(state, 1)
    assert block(seen, "hollywood") == (0, 20, 1, 0, 0, 1, 0, 0, 1)  # closed at max_hands
    assert block(seen, "target") == (150,)
    assert block(seen, "over") == (1,)
    assert block(seen, "to move") == (0, 0)


def swapped(state: gr.State) -> gr.State | None:
    """The same match with a hidden card of seat 1 swapped for the bottom card of the stock.

    The hand's deal is restacked and its moves replayed; None if there is no such card, or a
    move is not legal after the swap (seat 1's knock may not be).
    """
    moves = state.moves
    start = max(place for place, move in enumerate(moves) if isinstance(move, gr.Deal))
    hand = state.hand
    assert hand is not None
    deck = [cards.CARDS[index] for index in hand.deck]
    hidden = hidden_from(state, 0)
    first = 1 if hand.dealer == 1 else 0  # seat 1 got every other card from here
    places = [place for place in range(first, 20, 2) if deck[place] in hidden]
    if not places or state.stock_size < 1:
        return None
    deck[places[0]], deck[-1] = deck[-1], deck[places[0]]
    again = gr.replay(
        state.rules, state.seed, moves[:start], players=2, first_dealer=state.first_dealer
    )
    try:
        for move in (gr.Deal(order=tuple(deck)), *moves[start + 1 :]):
            again = gr.apply(again, move)
    except errors.IllegalMoveError:
        return None
    return again


@pytest.mark.parametrize("seed", range(3))
def test_hidden_cards_change_neither_the_observation_nor_the_agent_s_choice(seed: int) -> None:
    compared = 0
    for step, state in enumerate(random_states(seed, gr.Rules(max_hands=1), rule_agents=1)):
        if state.hand_number == 0 or state.hand_over or step % 2:
            continue
        other = swapped(state)
        if other is None:
            continue
        assert gr.view(other, 1) != gr.view(state, 1)
        assert gr.view(other, 0) == gr.view(state, 0)
        assert gr.observation(other, 0) == gr.observation(state, 0)
        assert gr.unseen(gr.view(other, 0)) == gr.unseen(gr.view(state, 0))
        if gr.current_player(state) == 0:
            choose = gr.RuleAgent().choose
            assert choose(gr.view(other, 0), random.Random(1)) == choose(
                gr.view(state, 0), random.Random(1)
            )
        compared += 1
    assert compared > 5


def test_observation_and_size_refuse_junk() -> None:
    state = gr.new_game(seed=1)
    with pytest.raises(errors.RulesError, match=r"^seat must be a seat from 0 to 1, not 2$"):
        gr.observation(state, 2)
    with pytest.raises(errors.RulesError, match=r"^expected a gin_rummy\.State"):
        gr.observation(junk(None), 0)
    with pytest.raises(errors.RulesError, match=r"exactly 2 players, not 3$"):
        gr.observation_size(None, 3)
    with pytest.raises(errors.RulesError, match=r"^expected gin_rummy\.Rules"):
        gr.observation_size(junk("rules"), 2)
    with pytest.raises(errors.RulesError, match=r"^prefix must be a tuple of action indices"):
        gr.legal_mask(state, junk((595,)))


# --- card facts -----------------------------------------------------------------------------


def test_card_values_and_run_order() -> None:
    assert sum(gr.card_value(each) for each in PACK) == 4 * (55 + 30) == 340
    assert gr.value_of(PACK) == gr.value_of(cards.format_cards(PACK)) == 340
    assert [gr.card_value(text) for text in ("A♦", "2♦", "9♦", "10♦", "J♦", "Q♦", "K♦")] == [
        1,
        2,
        9,
        10,
        10,
        10,
        10,
    ]
    for suit in cards.Suit:
        order = gr.run_order(suit)
        assert [each.suit for each in order] == [suit] * 13
        assert order[0].rank is cards.Rank.ACE
        assert [int(each.rank) for each in order[1:]] == sorted(
            int(each.rank) for each in order[1:]
        )
        # Every run in the table is a stretch of neighbours in this order.
        runs = [
            meld
            for meld in melds.TABLE
            if meld.kind is melds.MeldKind.RUN and meld.cards[0].suit is suit
        ]
        assert all(
            order.index(meld.cards[-1]) - order.index(meld.cards[0]) == len(meld.cards) - 1
            for meld in runs
        )


KINDS = {
    "deal": gr.MoveKind.DEAL,
    "draw": gr.MoveKind.DRAW,
    "pass": gr.MoveKind.PASS,
    "discard": gr.MoveKind.DISCARD,
    "knock": gr.MoveKind.KNOCK,
    "big": gr.MoveKind.BIG_GIN,
    "lay": gr.MoveKind.LAY_OUT,
}
"""Each kind of move by the first word of its text."""


def hidden_from(state: gr.State, seat: int) -> list[cards.Card]:
    """The cards ``seat`` has not seen, computed from the state's own fields."""
    if state.hand is None:
        return list(PACK)
    other = 1 - seat
    shown = 0
    showdown = state.showdown
    if showdown is not None:
        for laid in (showdown.layout, showdown.defence):
            if laid is not None:
                shown |= cards.mask_of(laid.deadwood)
                shown |= cards.mask_of(c for meld in laid.melds for c in meld.cards)
        if showdown.defence is not None:
            shown |= cards.mask_of(c for c, _ in showdown.defence.layoffs)
    mask = state.hands[other] & ~state.picked[other] & ~shown
    for index in state.hand.deck[state.drawn :]:
        mask |= 1 << index
    if showdown is not None and showdown.discard is not None:
        mask |= 1 << showdown.discard
    return list(cards.cards_in(mask))


@pytest.mark.parametrize(("seed", "rule_agents"), [(0, 0), (1, 2)])
def test_the_facts_agree_with_the_engine(seed: int, rule_agents: int) -> None:
    for state in random_states(seed, rule_agents=rule_agents):
        for seat in (0, 1):
            assert list(gr.unseen(gr.view(state, seat))) == hidden_from(state, seat)
        for move in gr.legal_moves(state):
            assert gr.kind_of(move) is KINDS[str(move).split()[0]]


def test_the_count_of_a_finished_hand_is_the_value_of_its_deadwood() -> None:
    state = next(
        s for s in random_states(4, rule_agents=2) if s.hand_scores and not s.hand_scores[-1].void
    )
    last = state.hand_scores[-1]
    assert last.knocker_layout is not None
    assert last.defence is not None
    assert gr.value_of(last.knocker_layout.deadwood) == last.knocker_layout.count
    assert gr.value_of(last.defence.deadwood) == last.defence.count


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: gr.card_value(junk(7)), errors.RulesError, r"^card must be a card"),
        (lambda: gr.card_value("Q"), errors.CardParseError, r"^cannot read 'Q' as a card"),
        (lambda: gr.value_of(junk(7)), errors.CardParseError, r"^cannot read 7 as cards"),
        (lambda: gr.run_order(junk(0)), errors.RulesError, r"^suit must be a cards\.Suit"),
        (
            lambda: gr.unseen(junk(gr.new_game(seed=1))),
            errors.RulesError,
            r"^expected a gin_rummy\.View",
        ),
        (lambda: gr.kind_of(junk("pass")), errors.RulesError, r"^expected a Gin Rummy move"),
        (lambda: gr.MoveKind("bid"), errors.RulesError, r"^'bid' is not a kind of move: use one"),
        (lambda: gr.Phase(junk(0)), errors.RulesError, r"^0 is not a phase: use one of 'deal'"),
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
    assert GAME.bots["rule"] is gr.RuleAgent
    assert isinstance(agents.by_name(GAME, "rule"), gr.RuleAgent)
    assert "rule" in agents.names(GAME)


def test_the_rule_agent_chooses_legal_moves_reproducibly() -> None:
    lineup: list[agents.Agent] = [gr.RuleAgent(), agents.RandomAgent()]
    moves: list[gr.Move] = []

    def watch(before: gr.State, move: gr.Move, _after: gr.State) -> None:
        assert move in gr.legal_moves(before)
        moves.append(move)

    final = simulate.play_match(GAME, lineup, rules=SHORT, seed=8, observe=watch)
    again = simulate.play_match(GAME, lineup, rules=SHORT, seed=8)
    assert final == again
    assert list(final.moves) == moves
    assert any(isinstance(move, gr.Knock) for move in moves)


def test_the_rule_agent_beats_the_baselines_in_a_few_matches() -> None:
    for other in ("random", "first"):
        summary = simulate.run(GAME, ["rule", other], matches=4, seed=2)
        assert summary.agent("rule").wins == 4


def choice(state: gr.State, seat: int) -> gr.Move:
    chosen: gr.Move = gr.RuleAgent().choose(gr.view(state, seat), random.Random(0))
    return chosen


def test_the_rule_agent_takes_a_card_that_melds_and_passes_a_useless_one() -> None:
    hand = "7♣ 7♠ 2♥ 3♥ 9♦ J♦ K♣ Q♠ 5♣ 4♦"
    assert choice(stacked({0: hand}, upcard="7♥"), 0) == gr.DRAW_PILE
    assert choice(stacked({0: hand}, upcard="K♥"), 0) == gr.PASS
    later = play(stacked({0: hand}, upcard="K♥"), "pass, pass, draw stock")
    discard = choice(later, 0)
    assert isinstance(discard, gr.Discard)
    assert gr.card_value(discard.card) == 10  # a court card in no meld


def test_the_rule_agent_knocks_as_soon_as_it_may_and_goes_gin_when_it_can() -> None:
    state = knocked()
    before = stacked({0: KNOCKER, 1: DEFENDER}, upcard="10♣", stock="2♣")
    before = play(before, "pass, pass, draw stock")
    assert choice(before, 0) == gr.Knock(card("2♣"))  # the 2♥ stays: count 2
    gin = stacked({0: "3♠ 4♠ 5♠ J♣ J♠ J♥ 8♣ 8♥ 8♦ 2♥"}, upcard="10♣", stock="2♠")
    gin = play(gin, "pass, pass, draw stock")
    assert choice(gin, 0) == gr.Knock(card("2♥"))  # 2♠ 3♠ 4♠ 5♠: gin
    assert choice(state, 0) == gr.best_lay_out(state)


def test_the_rule_agent_keeps_lay_offs_from_the_defender() -> None:
    # The 7♦ goes to the sevens or to the diamonds: as a set of four beside 8♦ 9♦ 10♦, the
    # unseen 6♦ has nowhere to go.
    state = stacked(
        {0: "7♣ 7♠ 7♥ 7♦ 8♦ 9♦ 10♦ 2♣ 3♣ A♠", 1: "6♦ J♣ K♠ K♥ 5♥ 9♥ 9♠ 4♠ Q♣ 2♥"},
        upcard="5♣",
        stock="K♣",
    )
    state = play(state, "pass, pass, draw stock, knock K♣")
    first = gr.legal_moves(state)[0]
    assert isinstance(first, gr.LayOut)
    assert melds.Meld.of("7♦ 8♦ 9♦ 10♦") in first.melds
    chosen = choice(state, 0)
    assert isinstance(chosen, gr.LayOut)
    assert chosen.melds == (melds.Meld.of("7♣ 7♠ 7♥ 7♦"), melds.Meld.of("8♦ 9♦ 10♦"))


def test_the_rule_agent_refuses_what_is_no_view_of_its_turn() -> None:
    state = gr.new_game(seed=1, first_dealer=0)
    agent = gr.RuleAgent()
    with pytest.raises(errors.IllegalMoveError, match=r"^seat 1 has no move to choose"):
        agent.choose(gr.view(state, 1), random.Random(0))
    with pytest.raises(errors.RulesError, match=r"^choose needs a gin_rummy\.View"):
        agent.choose(junk(state), random.Random(0))
    with pytest.raises(errors.RulesError, match=r"^choose needs a gin_rummy\.View"):
        agent.choose(gr.view(state, 0), junk(0))
    other = cardgames.GAMES["kalter-schlag"]
    with pytest.raises(errors.RulesError, match=r"^choose needs a gin_rummy\.View"):
        agent.choose(other.view(other.new_game(seed=1), 0), random.Random(0))


# --- views and commentary -------------------------------------------------------------------


def test_the_view_has_the_shape_every_game_has() -> None:
    states = list(random_states(3, rule_agents=2))
    for state in states:
        view = gr.view(state, 0)
        assert view.players == 2
        assert view.rules is state.rules
        assert isinstance(view.phase, gr.Phase)
        assert view.phase == view.phase.value  # a phase is its text too
        assert view.over == gr.is_over(state)
        if not view.over:
            assert view.winners == view.losers == ()
    final = gr.score(states[-1])
    view = gr.view(states[-1], 1)
    assert view.winners == final.winners
    assert view.losers == final.losers
    assert view.winners or view.losers == (0, 1)


def test_narrate_gives_the_score_line_of_every_hand_that_ends() -> None:
    ended = 0
    for seed, rule_agents in ((5, 2), (6, 0)):
        states = list(random_states(seed, gr.Rules(max_hands=2), rule_agents=rule_agents))
        for before, after in itertools.pairwise(states):
            line = gr.narrate(before, after.moves[-1], after)
            assert line is not None
            if after.hand_over and not before.hand_over:
                assert after.hand_scores[-1].explanation in line
                ended += 1
            else:
                assert len(after.hand_scores) == len(before.hand_scores)
    assert ended == 4


def test_narrate_of_the_source_s_lay_offs() -> None:
    state = knocked()
    after = gr.apply(state, gr.best_lay_out(state))
    assert gr.narrate(state, after.moves[-1], after) == (
        "seat 0 lays out [8♣ 8♥ 8♦] [J♣ J♠ J♥] [3♠ 4♠ 5♠] 2♥ (count 2)"
    )
    last = gr.apply(after, gr.best_lay_out(after))
    assert gr.narrate(after, last.moves[-1], last) == (
        "seat 1 lays out [K♠ K♥ K♦] off J♦>1 6♠>2 7♠>2 9♣ 3♥ A♥ 9♦ (count 22); "
        "seat 0 knocks with 2, seat 1 has 22: 22 − 2 = 20 to seat 0"
    )


# --- the boundary ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "foreign",
    [None, 3, "state", gr.Rules(), cardgames.GAMES["kalter-schlag"].new_game(seed=1)],
    ids=["None", "int", "text", "rules", "kalter-schlag"],
)
def test_every_function_refuses_what_is_no_gin_rummy_state(foreign: object) -> None:
    own = gr.new_game(seed=2)
    calls: list[Callable[[], object]] = [
        lambda: gr.current_player(junk(foreign)),
        lambda: gr.legal_moves(junk(foreign)),
        lambda: gr.apply(junk(foreign), gr.Deal()),
        lambda: gr.apply(junk(foreign), gr.Deal(), seat=0),
        lambda: gr.is_over(junk(foreign)),
        lambda: gr.score(junk(foreign)),
        lambda: gr.view(junk(foreign), 0),
        lambda: gr.best_lay_out(junk(foreign)),
        lambda: gr.narrate(junk(foreign), gr.Deal(), own),
        lambda: gr.narrate(own, gr.Deal(), junk(foreign)),
        lambda: gr.observation(junk(foreign), 0),
    ]
    for call in calls:
        with pytest.raises(errors.RulesError, match=r"^expected a gin_rummy\.State "):
            call()
    assert gr.is_legal(junk(own), junk(foreign)) is False


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: gr.max_hand_moves(junk("rules")), errors.RulesError, r"^expected gin_rummy"),
        (lambda: gr.max_hand_moves(None, 3), errors.RulesError, r"exactly 2 players, not 3$"),
        (lambda: gr.max_hand_moves(None, junk(None)), errors.RulesError, r"players, not None$"),
        (lambda: gr.observation_size(None, junk(None)), errors.RulesError, r"players, not None$"),
        (lambda: gr.observation_size(None, junk(2.0)), errors.RulesError, r"players, not 2\.0$"),
        (lambda: gr.observation_size(junk("x"), 2), errors.RulesError, r"^expected gin_rummy"),
        (lambda: gr.pack(junk("rules"), 2), errors.RulesError, r"^expected gin_rummy\.Rules"),
        (lambda: gr.pack(None, junk(None)), errors.RulesError, r"players, not None$"),
        (lambda: gr.pack(None, 4), errors.RulesError, r"exactly 2 players, not 4$"),
        (lambda: gr.pack(None, junk(2.0)), errors.RulesError, r"exactly 2 players, not 2\.0$"),
        (
            lambda: gr.HollywoodSheet().games[0].close(junk(None)),
            errors.RulesError,
            r"^expected gin_rummy\.Rules, not NoneType$",
        ),
        (
            lambda: gr.HollywoodSheet().games[0].total(junk(None)),
            errors.RulesError,
            r"^seat must be 0 or 1, not None$",
        ),
        (lambda: gr.order_for(junk(7), dealer=0), errors.RulesError, r"^hands must be a mapping"),
        (lambda: gr.Draw(junk(None)), errors.MoveParseError, r"^None is not a source to draw"),
        (lambda: gr.Source(junk(1)), errors.MoveParseError, r"^1 is not a source to draw"),
        (lambda: gr.MeldKind(junk(0)), errors.RulesError, r"^0 is not a kind of meld"),
        (lambda: gr.Side(junk(2.5)), errors.RulesError, r"^2\.5 is not a side"),
        (lambda: gr.Kind("knocks"), errors.RulesError, r"^'knocks' is not a kind of hand"),
        (
            lambda: gr.hand_score(10**5000, 3),
            errors.RulesError,
            r"^knocker_count must be a whole number from 0 to 110, not <a whole number",
        ),
        (
            lambda: gr.hand_score(3, 111),
            errors.RulesError,
            r"^defender_count must be a whole number from 0 to 110, not 111$",
        ),
        (
            lambda: gr.settlement(2**63, 0, 0, 0),
            errors.RulesError,
            r"^winner_total must be a whole number from 0 to 9223372036854775807",
        ),
        (
            lambda: gr.parse_move("x" * 100_000),
            errors.MoveParseError,
            r"^cannot read 'xxx.*…",
        ),
        (
            lambda: gr.narrate(gr.new_game(seed=1), gr.Deal(), gr.new_game(seed=1)),
            errors.RulesError,
            r"^after must be the state that Deal\(\) led to from before",
        ),
        (
            lambda: gr.narrate(gr.new_game(seed=1), junk("deal"), gr.new_game(seed=1)),
            errors.RulesError,
            r"^expected a Gin Rummy move, not 'deal'$",
        ),
    ],
)
def test_junk_meets_a_documented_error_naming_it(
    call: object, error: type[Exception], message: str
) -> None:
    assert callable(call)
    with pytest.raises(error, match=message) as raised:
        call()
    assert len(str(raised.value)) <= 300


@pytest.mark.parametrize(
    "call",
    [
        melds.Meld.of,
        lambda cards_: gr.Arrangement([], cards_),
        lambda cards_: gr.LayOut([cards_]),
        gr.deadwood,
        lambda cards_: gr.parse_move("lay out " + cards.format_cards(cards_)),
        lambda cards_: gr.order_for({0: cards_}, dealer=1),
    ],
    ids=["Meld.of", "Arrangement", "LayOut", "deadwood", "parse_move", "order_for"],
)
def test_sixty_four_thousand_cards_are_refused_at_once_and_briefly(call: Any) -> None:
    many = list(cards.pack(32)) * 2000
    started = time.perf_counter()
    with pytest.raises(errors.CardgamesError) as raised:
        call(many)
    assert time.perf_counter() - started < 2  # a generous bound: milliseconds in fact
    assert len(str(raised.value)) <= 100
