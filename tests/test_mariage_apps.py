"""Tests of Mariage's surface for applications: the encoding, the card facts, the bot, the views.

Random sessions for every player count (5 to 10) and for option sets that bring the claims,
the passes and the declines into play check the encoding move by move: each legal move's
action, the legal mask and ``index_to_move`` agree with ``legal_moves``, and every observation
has the length ``observation_size`` gives. Stacked deals that differ only in cards a seat cannot
see give it the same observation. The facts are checked against the engine, the rule-based agent
plays a few whole sessions with legal moves only, and narrate ends each deal with its score line.
"""

from __future__ import annotations

import itertools
import random
import re
import typing

import attrs
import pytest

import cardgames
import playing
from cardgames import agents, cards, errors, simulate, tricks
from cardgames import mariage as mg
from cardgames.mariage import _claims as checked_claims
from cardgames.mariage import _deals as checked_deals
from cardgames.mariage import _encoding as encoding
from cardgames.mariage import _facts as facts
from cardgames.mariage import _ledger as checked_ledger
from cardgames.mariage._pools import Pool
from cardgames.mariage._rules import PLAYER_COUNTS

CLAIMING = mg.Rules(auto_claim=False, forced_queen="penalty_only", max_hands=2)
"""Options that bring every kind of move a seat chooses into play."""


def random_states(
    rules: mg.Rules, players: int, seed: int
) -> typing.Iterator[tuple[mg.State, tuple[mg.Move, ...]]]:
    """Yield every state of a random session, with its legal moves."""
    for state in playing.random_states("mariage", seed, rules=rules, players=players):
        yield state, mg.legal_moves(state)


# --- the encoding -------------------------------------------------------------------------------


def check_actions(state: mg.State, legal: tuple[mg.Move, ...]) -> None:
    """The legal moves' actions, the mask and index_to_move agree with legal_moves."""
    actions = [mg.move_indices(move) for move in legal]
    assert all(len(found) == 1 for found in actions)  # no move is factored
    assert len(set(actions)) == len(legal)
    assert all(0 <= found[0] < mg.NUM_MOVES for found in actions)
    mask = mg.legal_mask(state)
    assert len(mask) == mg.NUM_MOVES
    assert {index for index, bit in enumerate(mask) if bit} == {found[0] for found in actions}
    for move, found in zip(legal, actions, strict=True):
        assert mg.move_to_index(move) == found[0]
        assert mg.index_to_move(found[0], state) == move


@pytest.mark.parametrize("players", [5, 6, 7, 8, 9, 10])
def test_every_legal_move_is_one_action_that_index_to_move_reads_back(players: int) -> None:
    chooser = random.Random(players)
    kinds: set[str] = set()
    for rules in (mg.Rules(max_hands=3), CLAIMING):
        size = mg.observation_size(rules, players)
        assert size == 127 + 167 * players + players**2
        for state, legal in random_states(rules, players, seed=players):
            check_actions(state, legal)
            kinds.update(facts.kind_of(move).value for move in legal)
            seat = chooser.randrange(players)
            seen = mg.observation(state, seat)
            assert len(seen) == size
            assert all(type(value) is int for value in seen)
    assert kinds >= {"deal", "claim", "pass", "play"}


def test_the_actions_are_numbered_as_documented() -> None:
    assert mg.NUM_MOVES == 60
    assert [mg.move_to_index(mg.Play(card)) for card in cards.CARDS] == list(range(52))
    assert mg.move_to_index(mg.Deal()) == encoding.DEAL_ACTION == 52
    stacked = mg.Deal(order=mg.pack(mg.Rules(), 6))
    assert mg.move_indices(stacked) == (52,)
    claims = [mg.Claim(pool) for pool in (Pool.MARRIAGE, Pool.JESTER, Pool.KING, Pool.QUEEN)]
    point = mg.Claim(Pool.POINT, "8♠ 9♠ 10♠")
    assert [mg.move_to_index(move) for move in (point, *claims)] == [53, 54, 55, 56, 57]
    assert mg.move_to_index(mg.PASS) == encoding.PASS_ACTION == 58
    assert mg.move_to_index(mg.DECLINE) == encoding.DECLINE_ACTION == 59


@pytest.mark.parametrize(
    ("move", "message"),
    [
        (mg.MISDEAL, "misdeal is a recorded table event, not a seat's choice"),
        (mg.DealOutOfTurn(3), "out-of-turn 3 is a recorded table event"),
        ("play Q♥", "expected a Mariage move, not 'play Q♥'"),
        (cardgames.GAMES["kalter-schlag"].parse_move("double"), "expected a Mariage move"),
    ],
)
def test_what_is_no_action_is_refused(move: object, message: str) -> None:
    with pytest.raises(errors.RulesError, match=message):
        mg.move_indices(move)  # type: ignore[arg-type]  # junk on purpose


def test_the_point_is_one_action_and_index_to_move_shows_the_hand_s_sequence() -> None:
    order = mg.order_for({0: "8♠ 9♠ 10♠ J♠ 6♥"}, dealer=5, players=6, trump_card="7♣")
    state = mg.new_game(mg.Rules(auto_claim=False), seed=1, players=6, first_dealer=5)
    state = mg.apply(state, mg.Deal(order=order))
    assert mg.current_player(state) == 0
    move = mg.index_to_move(encoding.CLAIM_ACTIONS, state)
    assert move == mg.Claim(Pool.POINT, "8♠ 9♠ 10♠ J♠")
    assert mg.move_to_index(mg.Claim(Pool.POINT, "8♠ 9♠ 10♠")) == encoding.CLAIM_ACTIONS
    with pytest.raises(errors.IllegalMoveError, match="action 54 is not legal now"):
        mg.index_to_move(54, state)


def test_layout_blocks_follow_one_another_and_fill_the_observation() -> None:
    for players in PLAYER_COUNTS:
        blocks = mg.layout(None, players)
        assert blocks[0].offset == 0
        for first, second in itertools.pairwise(blocks):
            assert second.offset == first.offset + first.length
        assert blocks[-1].offset + blocks[-1].length == mg.observation_size(None, players)
    with pytest.raises(errors.RulesError, match="Mariage is played by 5 to 10 players, not 4"):
        mg.layout(None, 4)
    with pytest.raises(errors.RulesError, match=re.escape("expected mariage.Rules")):
        mg.observation_size(cardgames.GAMES["kalter-schlag"].rules_type(), 6)


def block(seen: tuple[int, ...], players: int, name: str) -> tuple[int, ...]:
    """Return one named block of an observation."""
    found = next(part for part in mg.layout(None, players) if part.name == name)
    return seen[found.offset : found.offset + found.length]


# The complete deal of the game's page: seat 5 deals, K♣ turned up.
PAGE_HANDS = {
    0: "9♠ 10♠ 7♦ A♥ 8♣",
    1: "K♠ 6♥ J♦ 10♥ 9♣",
    2: "8♠ 9♥ Q♦ K♦ A♦",
    3: "6♠ 7♥ 8♥ 7♣ J♣",
    4: "Q♠ K♥ Q♥ 10♣ A♣",
    5: "A♠ J♠ 6♦ 8♦ 9♦",
}


def page_deal(hands: dict[int, str], rules: mg.Rules | None = None) -> mg.State:
    """Deal the page's deal (or a variant of it) for six players, seat 5 dealing."""
    order = mg.order_for(hands, dealer=5, players=6, trump_card="K♣", rules=rules)
    state = mg.new_game(rules, seed=2024, players=6, first_dealer=5)
    return mg.apply(state, mg.Deal(order=order))


def play(state: mg.State, script: str) -> mg.State:
    for text in script.split():
        state = mg.apply(state, mg.parse_move(text))
    return state


def test_observations_hold_what_the_seat_sees() -> None:
    state = play(page_deal(PAGE_HANDS), "9♠ K♠")  # seat 4 is called to play Q♠
    seen = mg.observation(state, 0)
    assert sum(block(seen, 6, "hand")) == 4
    assert block(seen, 6, "trump card")[cards.Card.parse("K♣").index] == 1
    assert block(seen, 6, "trump suit") == (1, 0, 0, 0)
    trick = block(seen, 6, "trick")
    first, second = trick[:58], trick[58:116]
    assert first[cards.Card.parse("9♠").index] == 1
    assert first[52:] == (1, 0, 0, 0, 0, 0)  # position 0 led
    assert second[cards.Card.parse("K♠").index] == 1
    assert second[52:] == (0, 1, 0, 0, 0, 0)
    assert not any(trick[116:])
    shown = block(seen, 6, "shown")
    assert shown[4 * 52 + cards.Card.parse("K♥").index] == 1  # seat 4 showed the marriage
    assert shown[2 * 52 + cards.Card.parse("A♦").index] == 1  # seat 2 showed its point
    assert block(seen, 6, "pools won") == (
        (0, 0, 1, 0, 0, 0) + (0, 0, 0, 0, 1, 0) + (0, 1, 0, 0, 0, 0) + (0, 0, 0, 0, 1, 0) * 2
    )
    assert block(seen, 6, "to move") == (0, 0, 0, 0, 1, 0)
    assert block(seen, 6, "dealer") == (0, 0, 0, 0, 0, 1)
    assert block(seen, 6, "phase") == (0, 0, 1, 0)
    assert block(seen, 6, "queen due") == (0, 0, 0, 0)  # only her holder, seat 4, is told
    assert block(seen, 6, "balances") == state.balances
    assert block(seen, 6, "pools") == state.pools
    assert block(seen, 6, "hand number") == (1,)
    # Seat 4's observation is turned: it is position 0 there, and seat 0 is position 2.
    turned = mg.observation(state, 4)
    assert block(turned, 6, "to move") == (1, 0, 0, 0, 0, 0)
    assert block(turned, 6, "queen due") == (0, 1, 0, 0)
    assert block(turned, 6, "balances") == state.balances[4:] + state.balances[:4]
    done = play(state, "Q♠ 8♠ 6♠ A♠")
    played = block(mg.observation(done, 0), 6, "played")
    assert played[cards.Card.parse("9♠").index] == 1
    assert played[52 + cards.Card.parse("K♠").index] == 1
    assert block(mg.observation(done, 0), 6, "tricks taken") == (0, 1, 0, 0, 0, 0)


def test_counterclockwise_positions_follow_the_play() -> None:
    rules = mg.Rules(direction="counterclockwise")
    state = mg.apply(mg.new_game(rules, seed=5, players=6, first_dealer=0), mg.Deal())
    assert mg.current_player(state) == 5  # the dealer's left, counterclockwise
    seen = mg.observation(state, 0)
    assert block(seen, 6, "to move") == (0, 1, 0, 0, 0, 0)  # the next to play after seat 0
    assert block(seen, 6, "dealer") == (1, 0, 0, 0, 0, 0)


def test_hidden_cards_do_not_change_the_observation() -> None:
    # Seats 1 and 2 swap 6♥ and 9♥ (no claim changes), and an undealt card is swapped in.
    swapped = dict(PAGE_HANDS)
    swapped[1] = "K♠ 9♥ J♦ 10♥ 9♣"
    swapped[2] = "8♠ 6♥ Q♦ K♦ A♦"
    undealt = dict(PAGE_HANDS)
    undealt[3] = "6♠ 7♥ 8♥ 7♣ 10♦"  # J♣ stays in the pack, 10♦ comes out of it
    first = page_deal(PAGE_HANDS)
    for other in (page_deal(swapped), page_deal(undealt)):
        assert first != other
        for seat in (0, 4, 5):
            assert mg.observation(first, seat) == mg.observation(other, seat)
            assert mg.view(first, seat) == mg.view(other, seat)
        script = "9♠ K♠ Q♠ 8♠ 6♠ A♠"
        assert mg.observation(play(first, script), 0) == mg.observation(play(other, script), 0)
    assert mg.observation(first, 1) != mg.observation(page_deal(swapped), 1)


SPECIAL = frozenset((*Pool.MARRIAGE.cards, *Pool.JESTER.cards))
"""The cards whose holders are shown by the claims: a swap must leave them where they are."""


def test_random_swaps_of_hidden_cards_keep_every_other_observation() -> None:
    chooser = random.Random(3)
    compared = 0
    for players in (5, 8):
        for seed in range(8):
            state = mg.apply(mg.new_game(seed=seed, players=players), mg.Deal())
            hands = {seat: mg.view(state, seat).hand for seat in range(players)}
            # A card of one seat goes back to the undealt rest of the pack, another comes out.
            seat = chooser.randrange(players)
            rest = set(mg.pack(mg.Rules(), players)) - {state.trump}
            rest -= {card for held in hands.values() for card in held}
            out = chooser.choice(sorted(set(hands[seat]) - SPECIAL))
            into = chooser.choice(sorted(rest - SPECIAL))
            changed = tuple(into if card == out else card for card in hands[seat])
            if mg.point_in(changed) != mg.point_in(hands[seat]):
                continue  # the claims would show it
            order = mg.order_for(
                {**hands, seat: changed},
                dealer=state.dealer,
                players=players,
                trump_card=state.trump,
            )
            other = mg.apply(mg.new_game(seed=seed, players=players), mg.Deal(order=order))
            assert other != state
            for viewer in range(players):
                if viewer != seat:
                    assert mg.observation(state, viewer) == mg.observation(other, viewer)
                    compared += 1
            assert mg.observation(state, seat) != mg.observation(other, seat)
    assert compared >= 40


# --- the facts ----------------------------------------------------------------------------------


def test_trump_and_plain_orders() -> None:
    def shown(found: tuple[cards.Card, ...]) -> str:
        return cards.format_cards(found)

    spades, hearts = cards.Suit.SPADES, cards.Suit.HEARTS
    assert shown(mg.trump_order(spades)) == "Q♥ K♥ A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠"
    assert shown(mg.trump_order(hearts)) == "Q♥ K♥ A♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥"
    assert shown(mg.trump_order(spades, mg.Rules(top_royal="K"), 10)).startswith(
        "K♥ Q♥ A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 3♠ 2♠"
    )
    assert len(mg.trump_order(spades, None, 7)) == 2 + 13
    assert shown(mg.plain_order(cards.Suit.DIAMONDS, spades)) == "A♦ K♦ Q♦ J♦ 10♦ 9♦ 8♦ 7♦ 6♦"
    assert shown(mg.plain_order(hearts, spades)) == "A♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥"
    with pytest.raises(errors.RulesError, match="♠ is trumps: trump_order lists them"):
        mg.plain_order(spades, spades)
    with pytest.raises(errors.RulesError, match=re.escape("trump must be a cards.Suit")):
        mg.trump_order(1)  # type: ignore[arg-type]  # junk on purpose
    with pytest.raises(errors.RulesError, match="not 11"):
        mg.trump_order(spades, None, 11)


def trick_of(text: str, seats: tuple[int, ...] | None = None) -> tricks.Trick:
    played = cards.parse_cards(text)
    return tricks.Trick(tuple(zip(seats or range(len(played)), played, strict=True)))


def test_trick_winner_of_finished_and_partial_tricks() -> None:
    clubs = cards.Suit.CLUBS
    assert mg.trick_winner(trick_of("9♠ K♠ Q♠ A♠ 7♣ 6♠", (0, 1, 4, 2, 3, 5)), clubs) == 1
    assert mg.trick_winner(trick_of("9♠ A♠ 7♣"), clubs) == 2  # a trump, no marriage
    assert mg.trick_winner(trick_of("9♠ 7♣ K♥"), clubs) == 2  # K♥ beats every trump
    assert mg.trick_winner(trick_of("K♥ Q♥"), clubs) == 1  # the heart marriage: Q♥ on top
    assert mg.trick_winner(trick_of("K♥ Q♥"), clubs, mg.Rules(top_royal="K")) == 0
    assert mg.trick_winner(trick_of("A♠ K♠ Q♠"), clubs) == 0  # E2b: frozen with the ace
    assert (
        mg.trick_winner(trick_of("A♠ K♠ Q♠"), clubs, mg.Rules(marriage_trick_rule="king_wins")) == 1
    )
    assert mg.trick_winner(trick_of("9♠ K♠ Q♠ 7♣"), clubs) == 1
    assert mg.trick_winner(trick_of("9♠ K♠ Q♠ 7♣"), clubs, declined=[cards.Suit.SPADES]) == 3
    assert mg.trick_winner(trick_of("9♠ K♦"), clubs) == 0  # another plain suit never wins


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ((None, cards.Suit.CLUBS), "trick must be a cardgames.tricks.Trick"),
        ((tricks.Trick(()), cards.Suit.CLUBS), "trick must be a cardgames.tricks.Trick"),
        ((trick_of("9♠ 9♠"), cards.Suit.CLUBS), "each card once"),
        ((trick_of("9♠"), "clubs"), "trump must be a cards.Suit"),
        ((trick_of("9♠"), cards.Suit.CLUBS, {"top_royal": "K"}), "expected mariage.Rules"),
    ],
)
def test_trick_winner_refuses_junk(arguments: tuple[object, ...], message: str) -> None:
    with pytest.raises(errors.RulesError, match=message):
        mg.trick_winner(*arguments)  # type: ignore[arg-type]  # junk on purpose
    with pytest.raises(errors.RulesError, match=r"declined must be a sequence of cards\.Suit"):
        mg.trick_winner(trick_of("9♠"), cards.Suit.CLUBS, declined="♠")  # type: ignore[arg-type]
    with pytest.raises(errors.RulesError, match=r"each declined suit must be a cards\.Suit"):
        mg.trick_winner(trick_of("9♠"), cards.Suit.CLUBS, declined=[3])  # type: ignore[list-item]


def test_the_facts_agree_with_the_engine_in_random_play() -> None:
    settled = 0
    for players, rules in ((5, CLAIMING), (7, mg.Rules(max_hands=2)), (10, mg.Rules(max_hands=2))):
        declined: tuple[cards.Suit, ...] = ()
        before: mg.State | None = None
        for state, _ in random_states(rules, players, seed=players + 40):
            if before is not None and len(state.tricks) > len(before.tricks):
                last = state.tricks[-1]
                assert state.trump is not None
                found = mg.trick_winner(last, state.trump.suit, rules, declined=declined)
                assert found == last.winner
                settled += 1
            declined = mg.view(state, 0).queens_declined
            before = state
            for seat in range(players):
                seen = mg.view(state, seat)
                unseen = set(mg.unseen(seen))
                shown = {card for _, made in seen.claims for card in made.cards}
                others = {
                    card
                    for other in range(players)
                    if other != seat
                    for card in mg.view(state, other).hand
                }
                assert not unseen & set(seen.hand)
                assert others - shown <= unseen  # every card another holds and did not show
                assert state.trump not in unseen
                assert unseen <= set(mg.pack(rules, players))
    assert settled >= 20


def test_unseen_before_the_first_deal_is_the_whole_pack() -> None:
    state = mg.new_game(seed=1, players=7)
    assert mg.unseen(mg.view(state, 3)) == mg.pack(mg.Rules(), 7)
    with pytest.raises(errors.RulesError, match=re.escape("expected a mariage.View")):
        mg.unseen(state)  # type: ignore[arg-type]  # junk on purpose


def test_point_in() -> None:
    assert cards.format_cards(mg.point_in("Q♥ K♥ A♥ 7♣ 9♣")) == "Q♥ K♥ A♥"
    assert mg.point_in([]) == ()
    with pytest.raises(errors.CardParseError):
        mg.point_in(7)  # type: ignore[arg-type]  # junk on purpose


def test_kind_of_every_move() -> None:
    moves: dict[str, mg.Move] = {
        "deal": mg.Deal(),
        "claim": mg.Claim(Pool.JESTER),
        "pass": mg.PASS,
        "decline": mg.DECLINE,
        "play": mg.Play(cards.Card.parse("Q♥")),
        "misdeal": mg.MISDEAL,
        "deal out of turn": mg.DealOutOfTurn(2),
    }
    assert {kind.value for kind in mg.MoveKind} == set(moves)
    for value, move in moves.items():
        assert mg.kind_of(move) is mg.MoveKind(value)
    with pytest.raises(errors.RulesError, match="expected a Mariage move"):
        mg.kind_of("deal")  # type: ignore[arg-type]  # junk on purpose
    with pytest.raises(errors.RulesError, match="is not a kind of move"):
        mg.MoveKind("bid")


# --- the bot ------------------------------------------------------------------------------------


def test_the_rule_agent_is_the_game_s_rule_bot() -> None:
    assert mg.GAME.encoding is encoding
    assert isinstance(agents.by_name(mg.GAME, "rule"), mg.RuleAgent)
    assert agents.names(mg.GAME) == ("random", "first", "rule", "pimc", "rollout")


@pytest.mark.parametrize(
    ("rules", "players"),
    [
        (None, 6),
        (CLAIMING, 5),
        (mg.Rules(max_hands=3, top_royal="K"), 10),
        (mg.Rules(max_hands=2), 7),
    ],
)
def test_the_rule_agent_plays_legal_moves_the_same_way_each_time(
    rules: mg.Rules | None, players: int
) -> None:
    lineup = [agents.by_name(mg.GAME, "rule"), agents.RandomAgent()] * 5
    seen: list[tuple[mg.View, mg.Move]] = []

    def observe(before: mg.State, move: mg.Move, _after: mg.State) -> None:
        seat = mg.current_player(before)
        assert seat is not None
        if seat % 2 == 0:
            seen.append((mg.view(before, seat), move))

    final = simulate.play_match(mg.GAME, lineup[:players], rules=rules, seed=9, observe=observe)
    again = simulate.play_match(mg.GAME, lineup[:players], rules=rules, seed=9)
    assert final == again
    assert mg.is_over(final)
    for view, move in seen[:200]:
        assert move in view.legal_moves
        assert mg.RuleAgent().choose(view, random.Random(1)) == move


def test_the_rule_agent_refuses_junk() -> None:
    state = mg.new_game(seed=1, players=6, first_dealer=0)
    with pytest.raises(errors.RulesError, match=r"^choose needs a mariage\.View"):
        mg.RuleAgent().choose(state, random.Random(1))  # type: ignore[arg-type]  # junk
    with pytest.raises(errors.RulesError, match=r"^choose needs a mariage\.View"):
        mg.RuleAgent().choose(mg.view(state, 0), 7)  # type: ignore[arg-type]  # junk
    with pytest.raises(errors.IllegalMoveError, match="seat 1 has no move to choose"):
        mg.RuleAgent().choose(mg.view(state, 1), random.Random(1))


def choice(state: mg.State) -> mg.Move:
    seat = mg.current_player(state)
    assert seat is not None
    return mg.RuleAgent().choose(mg.view(state, seat), random.Random(0))


def test_the_rule_agent_leads_a_king_whose_queen_is_out() -> None:
    # Seat 0 leads; it holds K♠ and seat 4 holds Q♠: the king calls her and wins the marriage.
    state = page_deal({**PAGE_HANDS, 0: "K♠ 10♠ 7♦ A♥ 8♣", 1: "9♠ 6♥ J♦ 10♥ 9♣"})
    assert choice(state) == mg.Play(cards.Card.parse("K♠"))


def test_the_rule_agent_keeps_the_jester_from_a_royal_heart_and_plays_it_when_safe() -> None:
    # Seat 1 leads and holds J♦; seat 4 (K♥ and Q♥, shown) is still to play: keep the jester.
    state = play(page_deal(PAGE_HANDS), "9♠ K♠ Q♠ 8♠ 6♠ A♠")
    assert mg.current_player(state) == 1
    assert choice(state) != mg.Play(cards.Card.parse("J♦"))
    # Seat 5 plays after seat 4 has played a club: no royal heart can come, the jester is safe.
    hands = {**PAGE_HANDS, 5: "A♠ J♦ 6♦ 8♦ 9♦", 1: "K♠ 6♥ J♠ 10♥ 9♣"}
    state = play(page_deal(hands), "9♠ K♠ Q♠ 8♠ 6♠ A♠")
    state = play(state, "9♣ 9♥ 7♣ 10♣")  # seat 1 leads to trick 2; seat 4 follows with a club
    assert mg.current_player(state) == 5
    assert choice(state) == mg.Play(cards.Card.parse("J♦"))


def test_the_rule_agent_claims_what_it_may_and_plays_the_called_queen() -> None:
    state = page_deal(PAGE_HANDS, mg.Rules(forced_queen="penalty_only", auto_claim=False))
    assert choice(state) == mg.PASS  # seat 0 has nothing to claim
    state = mg.apply(state, mg.PASS)
    assert choice(state) == mg.Claim(Pool.JESTER)  # seat 1
    while mg.view(state, 0).phase is mg.Phase.CLAIMS:
        state = mg.apply(state, choice(state))
    made = {(seat, claim.pool) for seat, claim in mg.view(state, 0).claims}
    assert made == {
        (1, Pool.JESTER),
        (2, Pool.POINT),
        (4, Pool.MARRIAGE),
        (4, Pool.KING),
        (4, Pool.QUEEN),
    }
    state = play(state, "9♠ K♠")
    assert mg.legal_moves(state) == (mg.DECLINE, mg.Play(cards.Card.parse("Q♠")))
    assert choice(state) == mg.Play(cards.Card.parse("Q♠"))


# --- views and commentary -----------------------------------------------------------------------


def test_views_tell_players_phase_winners_and_losers() -> None:
    state = mg.new_game(CLAIMING, seed=4, players=5, first_dealer=0)
    phases: list[mg.Phase] = []
    while True:
        seen = mg.view(state, 2)
        assert seen.players == 5
        assert seen.rules is CLAIMING
        assert seen.phase is state.phase
        if seen.phase is not mg.Phase.OVER:
            assert seen.winners == seen.losers == ()
        if not phases or phases[-1] is not seen.phase:
            phases.append(seen.phase)
        if mg.is_over(state):
            break
        state = mg.apply(state, mg.legal_moves(state)[-1])
    assert phases[:4] == [mg.Phase.DEAL, mg.Phase.CLAIMS, mg.Phase.PLAY, mg.Phase.DEAL]
    assert phases[-1] is mg.Phase.OVER
    sheet = mg.score(state)
    assert (seen.winners, seen.losers) == (sheet.winners, sheet.losers)
    assert sheet.winners


def test_the_view_names_the_queens_declined_in_the_trick() -> None:
    state = play(page_deal(PAGE_HANDS, mg.Rules(forced_queen="penalty_only")), "9♠ K♠")
    declined = mg.apply(state, mg.DECLINE)
    assert mg.view(declined, 0).queens_declined == (cards.Suit.SPADES,)
    assert mg.view(state, 0).queens_declined == ()
    done = play(declined, "8♠ 6♠ Q♠ A♠")
    assert mg.view(done, 0).queens_declined == ()


def test_narrate_ends_each_deal_with_its_score_line() -> None:
    state = mg.new_game(mg.Rules(max_hands=2), seed=8, players=6)
    ended = []
    while not mg.is_over(state):
        move = mg.legal_moves(state)[0]
        after = mg.apply(state, move)
        line = mg.narrate(state, move, after)
        if after.hand_over and not state.hand_over:
            ended.append(line)
        else:
            assert line is None or " over: " not in line
        state = after
    sheet = mg.score(state)
    assert len(ended) == 2
    for number, (line, hand) in enumerate(zip(ended, sheet.hands, strict=True), start=1):
        assert line is not None
        assert line.startswith("trick 5: ")
        assert f"; deal {number} over: {hand.explanation}" in line
    (winner,) = sheet.winners
    assert ended[-1].endswith(  # type: ignore[union-attr]
        f"; the session is over: seat {winner} wins with {sheet.balances[winner]} chips"
    )


def test_narrate_names_several_winners_or_none() -> None:
    state = mg.new_game(mg.Rules(max_hands=1), seed=8, players=6)
    before, move = state, mg.legal_moves(state)[0]
    while not mg.is_over(state):
        before, move = state, mg.legal_moves(state)[0]
        state = mg.apply(state, move)
    match = state.match
    tied = attrs.evolve(state, match=attrs.evolve(match, winners=(1, 3), losers=(0, 2, 4, 5)))
    line = mg.narrate(before, move, tied)
    assert line is not None
    assert line.endswith(f"the session is over: seats 1, 3 win with {state.balances[1]} chips")
    nobody = attrs.evolve(state, match=attrs.evolve(match, winners=(), losers=tuple(range(6))))
    assert (mg.narrate(before, move, nobody) or "").endswith(
        "the session is over: every balance is equal, nobody wins"
    )


def test_narrate_refuses_states_that_do_not_follow() -> None:
    state = mg.new_game(seed=2, players=6)
    after = mg.apply(state, mg.Deal())
    with pytest.raises(errors.RulesError, match="after must be the state"):
        mg.narrate(after, mg.Deal(), state)
    with pytest.raises(errors.RulesError, match="expected a Mariage move"):
        mg.narrate(state, "deal", after)  # type: ignore[arg-type]  # junk on purpose
    with pytest.raises(errors.RulesError, match=r"expected a mariage\.State"):
        mg.narrate(None, mg.Deal(), after)  # type: ignore[arg-type]  # junk on purpose


# --- the boundary of the building blocks --------------------------------------------------------


class EqualsAll:
    """Equal to everything: a check by ``==`` would let it through."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0


CLUBS = cards.Suit.CLUBS
# The package and the modules as untyped values: the calls below pass junk on purpose. The
# package's card facts and scoring functions check their arguments; so do the few internal
# functions left checked (the ledger's settle and party, holder, the deals' receivers).
public: typing.Any = mg
claims: typing.Any = checked_claims
ledger: typing.Any = checked_ledger
deals: typing.Any = checked_deals
RUN = cards.parse_cards("8♠ 9♠ 10♠")

JUNK_CALLS: list[tuple[typing.Callable[[], object], str]] = [
    (lambda: public.sequence_in(-1), "hand must be a bit set of cards"),
    (lambda: public.sequence_in(True), "hand must be a bit set of cards"),  # noqa: FBT003
    (lambda: public.is_sequence(7), "shown must be a sequence"),
    (lambda: public.is_sequence([None, None, None]), "shown must be cards"),
    (lambda: public.point_key(RUN[:2], trump=CLUBS, place=0), "run must be 3 to 5 cards"),
    (lambda: public.point_key(RUN, trump=EqualsAll(), place=0), "trump must be a cards.Suit"),
    (lambda: public.point_key(RUN, trump=CLUBS, place=10), "place must be a whole number"),
    (lambda: public.point_key(RUN, trump=CLUBS, place=0, compare="x"), "point_compare must"),
    (lambda: public.point_winner({7: RUN}, trump=CLUBS, dealer=0, players=6), "each seat of runs"),
    (lambda: public.point_winner([], trump=CLUBS, dealer=0, players=6), "runs must be a mapping"),
    (lambda: public.point_winner({}, trump=CLUBS, dealer=0, players=6, step=0), "step must be"),
    (lambda: claims.holder("x", 1), "hands must be"),
    (lambda: public.qualifies(0, 1), "pool must be a mariage.Pool"),
    (lambda: public.winners([(0, EqualsAll(), ())], trump=CLUBS, dealer=0, players=6), "claim"),
    (lambda: public.ante(0, 1), "players must be a whole number from 1 to 10"),
    (lambda: public.each_other(6, players=6, amount=1), "payer must be a whole number"),
    (lambda: public.from_each_other(0, players=6, amount=-1), "amount must be"),
    (lambda: public.from_each_other(0, players=6, amount=1, exempt=(9,)), "exempt must be"),
    (lambda: public.pool_win(Pool.TRICKS, 0, content=1, refill=1), "pool must be one of"),
    (
        lambda: public.table_marriage(
            winner=0, king_seat=1, queen_seat=2, hearts=1, players=6, amount=1
        ),
        "hearts must be True or False",
    ),
    (
        lambda: public.jester(
            jester_seat=0, winner=1, winning_card="Q♥", queen_holder=None, players=6
        ),
        "winning_card must be a cards.Card",
    ),
    (
        lambda: public.jester(
            jester_seat=0,
            winner=1,
            winning_card=RUN[0],
            queen_holder=None,
            players=6,
            captors=EqualsAll(),
        ),
        "captors must be one of",
    ),
    (lambda: public.tricks_payout((2, 9), pool=1, dealer=0), "taken must be"),
    (lambda: public.fines((2, 0), threshold=-1), "threshold must be"),
    (lambda: public.leftover_split((1, 2), players=3), "pools must be 6 whole numbers"),
    (lambda: public.leftover_split((1,) * 6, players=0), "players must be"),
    (lambda: ledger.settle((1, 0), (0,) * 6, [(0, 5, 1)]), "each of transfers must be"),
    (lambda: ledger.settle((1, 0), (0,) * 6, [(-99, 0, 1)]), "each of transfers must be"),
    (lambda: ledger.party(-7), "number must be a seat"),
    (lambda: public.Payment.of(1, (0, 1, 0), "x"), "transfer must be"),
    (lambda: deals.receivers(6, 6), "dealer must be a whole number from 0 to 5"),
    (lambda: deals.receivers(0, 6, step=2), "step must be"),
]


@pytest.mark.parametrize(("call", "message"), JUNK_CALLS)
def test_the_building_blocks_name_the_argument_that_is_wrong(
    call: typing.Callable[[], object], message: str
) -> None:
    with pytest.raises(errors.RulesError, match=re.escape(message)):
        call()
