"""What apps rely on, checked over every game in ``cardgames.GAMES``.

* Untrusted input cannot stack a deal: move text never yields one, and ``apply`` with a seat
  refuses one.
* Views leak nothing in any form: two states that differ only in cards a seat has not seen give
  that seat equal views, equal ``repr``, equal pickles, equal JSON and (where the game has an
  encoding) equal observations.
* Where a game has an encoding, its actions agree with its legal moves.
"""

from __future__ import annotations

import pickle
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

import cardgames
import playing
from cardgames import cards, codec, dealing, errors, game, moves

NAMES = sorted(cardgames.GAMES)

CARD_TEXT = re.compile(r"(?:10|[2-9JQKA])[♣♠♥♦]")


def random_states(name: str, seed: int, *, hands: int = 2) -> Iterator[Any]:
    """Every state of a seeded random match of a few hands, its players cycling."""
    players = cardgames.GAMES[name].players
    return playing.random_states(name, seed, hands=hands, players=players[seed % len(players)])


@pytest.mark.parametrize("name", NAMES)
def test_client_text_never_stacks_a_deal(name: str) -> None:
    entry = cardgames.GAMES[name]
    state = entry.new_game(seed=3)
    dealer = entry.current_player(state)
    assert dealer is not None
    order = dealing.shuffled(entry.pack(state.rules, state.players), seed=99, hand_number=1)
    stacked = moves.Deal(order=order)
    with pytest.raises(errors.MoveParseError, match="move text cannot stack a deal"):
        entry.parse_move(str(stacked))
    with pytest.raises(errors.IllegalMoveError, match="a stacked deal is not a player's move"):
        entry.apply(state, stacked, seat=dealer)
    # In code, without a seat, it deals exactly that order.
    dealt = entry.apply(state, stacked)
    assert dealt.moves == (stacked,)
    assert entry.apply(state, entry.parse_move("deal"), seat=dealer).hand_number == 1


@pytest.mark.parametrize("name", NAMES)
def test_a_stacked_deal_of_a_deal_subclass_is_no_player_s_move(name: str) -> None:
    class Sneaky(moves.Deal):
        """A caller's own Deal class: it must not get past the guard."""

    entry = cardgames.GAMES[name]
    state = entry.new_game(seed=3)
    dealer = entry.current_player(state)
    order = dealing.shuffled(entry.pack(state.rules, state.players), seed=99, hand_number=1)
    with pytest.raises(errors.IllegalMoveError, match="a stacked deal is not a player's move"):
        entry.apply(state, Sneaky(order=order), seat=dealer)
    assert not entry.is_legal(state, Sneaky(order=order), seat=dealer)


@pytest.mark.parametrize("name", NAMES)
def test_index_to_move_takes_actions_only_and_refuses_illegal_ones(name: str) -> None:
    entry = cardgames.GAMES[name]
    state = entry.new_game(seed=3)
    (deal,) = entry.legal_moves(state)
    (action,) = entry.move_indices(deal)
    assert entry.index_to_move(action, state) == deal
    for wrong in (True, float(action), str(action), -1, entry.num_moves, None):
        with pytest.raises(errors.RulesError, match=r"^an action is a whole number from 0 to"):
            entry.index_to_move(wrong, state)  # type: ignore[arg-type]  # wrong on purpose
    other = next(index for index in range(entry.num_moves) if index != action)
    with pytest.raises(errors.IllegalMoveError, match=rf"^action {other} is not legal now$") as no:
        entry.index_to_move(other, state)
    assert (no.value.move, no.value.seat) == (other, entry.current_player(state))


@pytest.mark.parametrize("name", NAMES)
def test_is_legal_answers_for_a_seat_as_apply_would(name: str) -> None:
    entry = cardgames.GAMES[name]
    for step, state in enumerate(random_states(name, 17)):
        if step % 5 or entry.is_over(state):
            continue
        mover = entry.current_player(state)
        for move in entry.legal_moves(state)[:4]:
            assert entry.is_legal(state, move, seat=mover)
            for seat in range(state.players):
                if seat != mover:
                    assert not entry.is_legal(state, move, seat=seat)
            with pytest.raises(errors.RulesError, match=r"^seat must be a seat number"):
                entry.is_legal(state, move, seat="0")  # type: ignore[arg-type]  # on purpose


def _seen(entry: game.AnyGame, state: Any, seat: int) -> set[cards.Card]:
    """The cards that appear anywhere in the seat's view (its hand, the table, its moves)."""
    text = codec.dumps(entry.view(state, seat), game=entry.name)
    return {cards.Card.parse(found) for found in CARD_TEXT.findall(text)}


def _forms(entry: game.AnyGame, state: Any, seat: int) -> tuple[object, ...]:
    """Every form in which a seat's view leaves the library."""
    seen = entry.view(state, seat)
    forms: tuple[object, ...] = (
        seen,
        repr(seen),
        pickle.dumps(seen),
        codec.dumps(seen, game=entry.name),
    )
    if entry.encoding is not None:
        forms += (entry.observation(state, seat),)
    return forms


def _replayed(entry: game.AnyGame, state: Any, deal_at: int, order: list[cards.Card]) -> Any:
    """The match with its hand dealt from ``order`` and its public commentary, or None."""
    history = state.moves
    current = entry.replay(
        state.rules,
        state.seed,
        history[:deal_at],
        players=state.players,
        first_dealer=state.first_dealer,
    )
    lines = []
    for move in (moves.Deal(order=order), *history[deal_at + 1 :]):
        try:
            after = entry.apply(current, move)
        except errors.IllegalMoveError:
            return None  # the swap changed what someone could play
        # Whose turn it is is public too: Mariage's forced queen moves the turn to her holder.
        lines.append((entry.narrate(current, move, after), entry.current_player(after)))
        current = after
    return current, lines


def _with_swapped(entry: game.AnyGame, state: Any, first: cards.Card, second: cards.Card) -> Any:
    """The same public match with two cards swapped in the current hand's deal, or None."""
    history = state.moves
    deal_at = max(index for index, move in enumerate(history) if type(move) is moves.Deal)
    dealt = history[deal_at]
    pack = entry.pack(state.rules, state.players)
    if dealt.order is None:
        order = list(dealing.shuffled(pack, seed=state.seed, hand_number=state.hand_number))
    else:
        order = list(dealt.order)
    original = _replayed(entry, state, deal_at, order)
    a, b = order.index(first), order.index(second)
    order[a], order[b] = order[b], order[a]
    swapped = _replayed(entry, state, deal_at, order)
    # Every public event (a claim showing cards, a jester paid) must be the same.
    if swapped is None or original is None or swapped[1] != original[1]:
        return None
    return swapped[0]


@pytest.mark.parametrize("name", NAMES)
def test_views_leak_no_unseen_card_in_any_form(name: str) -> None:
    entry = cardgames.GAMES[name]
    chooser = random.Random(7)
    compared = 0
    for seed in range(4):
        for step, state in enumerate(random_states(name, 300 + seed)):
            if state.hand_number == 0 or state.hand_over or step % 5:
                continue
            pack = set(entry.pack(state.rules, state.players))
            for seat in range(state.players):
                unseen = sorted(pack - _seen(entry, state, seat))
                if len(unseen) < 2:
                    continue
                first, second = chooser.sample(unseen, 2)
                other = _with_swapped(entry, state, first, second)
                if other is None:
                    continue
                assert other != state
                assert _forms(entry, other, seat) == _forms(entry, state, seat), (
                    f"seat {seat} can tell {first} and {second} apart"
                )
                compared += 1
    assert compared >= 20


@pytest.mark.parametrize(
    "name", [name for name in NAMES if cardgames.GAMES[name].encoding is not None]
)
def test_the_encoding_agrees_with_the_legal_moves(name: str) -> None:
    entry = cardgames.GAMES[name]
    for seed in range(2):
        for step, state in enumerate(random_states(name, 500 + seed, hands=1)):
            if step % 3:
                continue
            legal = entry.legal_moves(state)
            actions = {entry.move_indices(move): move for move in legal}
            assert len(actions) == len(legal), "two legal moves share their actions"
            for indices, move in actions.items():
                assert all(0 <= index < entry.num_moves for index in indices)
                for end in range(1, len(indices)):
                    assert indices[:end] not in actions, f"{move}'s actions begin another move's"
                prefix: tuple[int, ...] = ()
                for index in indices:
                    assert entry.legal_mask(state, prefix)[index] == 1
                    found = entry.index_to_move(index, state, prefix)
                    prefix = (*prefix, index)
                    assert found == (move if prefix == indices else None)
            assert sum(entry.legal_mask(state)) == len({indices[0] for indices in actions})
            for seat in range(state.players):
                size = entry.encoding.observation_size(state.rules, state.players)  # type: ignore[union-attr]  # filtered above
                assert len(entry.observation(state, seat)) == size
