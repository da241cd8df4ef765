"""One conformance suite for every game in ``cardgames.GAMES``.

Each test is parametrised over the registry, so a game joins the suite by registering itself.
The generic checks use only the registry's entry (its functions ``GAMES[name].new_game``,
``apply`` … and its facts: player counts, the bound on a hand's moves), the properties every
``State`` inherits from :class:`cardgames.matches.MatchFacts` and the ``PlayerView`` protocol. What
the suite needs beyond the entry (how many random hands CI must play, a pack to conserve, card
points per hand) is in :data:`FACTS`.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest

import cardgames
from cardgames import cards, errors, game

NAMES = sorted(cardgames.GAMES)


@attrs.frozen
class Facts:
    """What the suite knows about one game beyond the shared API.

    Attributes:
        matches: Seeded random matches played to their end.
        min_hands: The fewest hands those matches must play in total.
        max_hands: Play the matches with ``GAME.rules_type(max_hands=...)`` (every game's
            ``Rules`` has it), for games whose random matches run long; None to play full
            matches with the default rules.
        max_moves: A match longer than this fails: it would never end under random play.
        pack: The game's cards, for the conservation check; None to skip it.
        cards_in_play: Every card of the current hand, as the seats' views show it: in the
            hands and played to the table. None to skip the conservation check.
        hand_card_points: What each finished hand's ``card_points`` add up to; None to skip.
    """

    matches: int = 10
    min_hands: int = 0
    max_hands: int | None = 12
    max_moves: int = 20_000
    pack: tuple[cards.Card, ...] | None = None
    cards_in_play: Callable[[game.AnyGame, Any], list[cards.Card]] | None = None
    hand_card_points: int | None = None


def trick_game_cards(rules_of: game.AnyGame, state: Any) -> list[cards.Card]:
    """The cards in the seats' hands, in the trick being played and in this hand's tricks."""
    found: list[cards.Card] = []
    views = [rules_of.view(state, seat) for seat in range(state.players)]
    for view in views:
        found.extend(view.hand)
    table = views[0]
    if table.trick is not None:
        found.extend(table.trick.cards)
    for trick in table.tricks:
        found.extend(trick.cards)
    return found


FACTS: dict[str, Facts] = {
    # 130 full matches of about 17 random hands each: well over the 2,000 hands CI must play.
    "kalter-schlag": Facts(
        matches=130,
        max_hands=None,
        min_hands=2000,
        pack=cards.pack(32),
        cards_in_play=trick_game_cards,
        hand_card_points=120,
    ),
    # Random declarers rarely make a contract, so matches are capped: 100 × 20 hands. The views
    # hide the stock and the discards, so card conservation is checked by the game's own tests.
    "staekske-rape": Facts(matches=100, max_hands=20, min_hands=2000),
    # Random matches to 100 run for about 88 hands (up to ~400), so they are capped; the views
    # hide the stock, so the game's own tests check card conservation.
    "gin-rummy": Facts(matches=115, max_hands=20, min_hands=2000),
    # A session is one deal per player; the views hide the undealt cards, so the game's own
    # playouts check conservation (and play 2,000 deals across 5, 6, 7 and 10 players).
    "mariage": Facts(matches=40, max_hands=None, min_hands=240),
}


def facts_of(name: str) -> Facts:
    return FACTS.get(name, Facts())


def rules_for(name: str) -> Any:
    """The rules of the suite's matches: the defaults, bounded by ``max_hands`` if set."""
    max_hands = facts_of(name).max_hands
    if max_hands is None:
        return None
    return cardgames.GAMES[name].rules_type(max_hands=max_hands)


def probes(rules_of: game.AnyGame) -> list[object]:
    """Moves to try in every state: a plain deal and a play of each of the 52 cards."""
    found: list[object] = []
    for text in ["deal", *(f"play {item}" for item in cards.CARDS)]:
        try:
            found.append(rules_of.parse_move(text))
        except errors.CardgamesError:
            continue
    return found


def playout(name: str, seed: int) -> Iterator[tuple[Any, tuple[Any, ...], Any]]:
    """Play a seeded random match; yield each state, its legal moves and the move chosen."""
    rules_of = cardgames.GAMES[name]
    facts = facts_of(name)
    chooser = chooser_for(seed)
    state = rules_of.new_game(rules_for(name), seed=seed)
    for _ in range(facts.max_moves):
        legal = rules_of.legal_moves(state)
        if not legal:
            yield state, legal, None
            return
        move = chooser.choice(legal)
        yield state, legal, move
        state = rules_of.apply(state, move)
    pytest.fail(f"{name}: seed {seed} did not end within {facts.max_moves} moves")


def is_card(text: str) -> bool:
    try:
        cards.Card.parse(text)
    except errors.CardParseError:
        return False
    return True


def assert_refused(rules_of: game.AnyGame, state: Any, move: object, **seat: int) -> None:
    """The move raises IllegalMoveError and the state stays as it was."""
    before = copy.copy(state)
    digest = hash(state)
    with pytest.raises(errors.IllegalMoveError) as caught:
        rules_of.apply(state, move, **seat)
    assert caught.value.move is move
    assert caught.value.reason == str(caught.value)
    message = str(caught.value)
    assert message
    # Messages are lower-case; one may open with a card ("Q♣ was just taken from the pile").
    opening = message.split(" ", 1)[0].rstrip(":,")
    assert message[0] == message[0].lower() or is_card(opening), "messages are lower-case"
    assert state == before
    assert hash(state) == digest


@pytest.mark.parametrize("name", NAMES)
def test_registry_entry(name: str) -> None:
    rules_of = cardgames.GAMES[name]
    assert rules_of.name == name
    assert cardgames.GAMES[name.replace("-", "_")] is rules_of
    assert rules_of.module == f"cardgames.{name.replace('-', '_')}"
    assert rules_of.title
    # Every game has the learning surface and its own rule-based agent.
    assert rules_of.encoding is not None
    assert rules_of.num_moves > 1
    assert "rule" in rules_of.bots
    assert rules_of.players
    assert all(count > 1 for count in rules_of.players)
    defaults = rules_of.rules_type()
    assert defaults == rules_of.rules_type()
    assert defaults.max_hands is None
    assert rules_of.rules_type(max_hands=3).max_hands == 3
    assert rules_of.new_game(defaults, seed=9) == rules_of.new_game(seed=9)
    with pytest.raises(errors.RulesError):
        rules_of.rules_type(max_hands=0)


@pytest.mark.parametrize("name", NAMES)
def test_new_game(name: str) -> None:
    rules_of = cardgames.GAMES[name]
    deal = rules_of.parse_move("deal")
    for players in rules_of.players:
        state = rules_of.new_game(None, seed=5, players=players)
        assert state.players == players
        assert state.seed == 5
        assert state.hand_number == 0
        assert state.hand_over
        assert state.moves == ()
        assert not rules_of.is_over(state)
        assert rules_of.legal_moves(state) == (deal,)
        seat = rules_of.current_player(state)
        assert seat is not None
        assert seat in range(players)
        assert rules_of.view(state, seat).legal_moves == (deal,)
        assert rules_of.new_game(None, seed=5, players=players) == state
        for dealer in range(players):
            started = rules_of.new_game(None, seed=5, players=players, first_dealer=dealer)
            assert rules_of.current_player(started) == dealer
    assert isinstance(rules_of.new_game().seed, int)


@pytest.mark.parametrize("name", NAMES)
def test_new_game_rejects_bad_arguments(name: str) -> None:
    rules_of = cardgames.GAMES[name]
    for players in (0, 1, max(rules_of.players) + 1):
        with pytest.raises(errors.RulesError):
            rules_of.new_game(players=players)
    with pytest.raises(errors.RulesError):
        rules_of.new_game(seed="7")  # type: ignore[arg-type]  # a wrong seed on purpose
    with pytest.raises(errors.RulesError):
        rules_of.new_game(first_dealer=max(rules_of.players))
    with pytest.raises(errors.RulesError):
        rules_of.new_game(rules=object())


def chooser_for(seed: int) -> random.Random:
    return random.Random(seed * 1_000_003 + 17)


@pytest.mark.breadth
@pytest.mark.parametrize("name", NAMES)
def test_random_matches(name: str) -> None:
    """Seeded random matches to their end, checking the invariants along the way.

    The cheap invariants hold at every step; the costly ones (state unchanged by apply, card
    conservation) at every step of the first matches, then at every hand's end and every
    seventh step.
    """
    rules_of = cardgames.GAMES[name]
    facts = facts_of(name)
    deal = rules_of.parse_move("deal")
    hands = 0
    for seed in range(facts.matches):
        chooser = chooser_for(seed)
        # Every player count the game allows, in turn.
        players = rules_of.players[seed % len(rules_of.players)]
        state = rules_of.new_game(rules_for(name), seed=seed, players=players)
        bound = rules_of.max_hand_moves(state.rules, state.players)
        last_hand_number = 0
        hand_began = 0
        for step in range(facts.max_moves):
            legal = rules_of.legal_moves(state)
            over = rules_of.is_over(state)
            seat = rules_of.current_player(state)
            # legal_moves is empty exactly when the match is over, and only then is nobody to move.
            assert (legal == ()) == over == (seat is None)
            # A hand is over when the next legal move is a deal, or the match is over.
            assert state.hand_over == (over or legal == (deal,))
            assert last_hand_number <= state.hand_number <= last_hand_number + 1
            if state.hand_number != last_hand_number:
                hand_began = step - 1  # the deal was the move before
            # No hand takes more moves than the entry's bound.
            assert step - hand_began <= bound
            last_hand_number = state.hand_number
            thorough = seed < 5 or step % 7 == 0 or state.hand_over
            if thorough and facts.cards_in_play is not None and state.hand_number:
                assert sorted(facts.cards_in_play(rules_of, state)) == sorted(facts.pack or ())
            if over:
                break
            move = chooser.choice(legal)
            if thorough:
                # apply returns a new state and never changes the one it was given.
                before = copy.copy(state)
                digest = hash(state)
                after = rules_of.apply(state, move)
                line = rules_of.narrate(state, move, after)
                assert line is None or line.strip() == line != ""
                assert len(set(legal)) == len(legal)
                assert state == before
                assert hash(state) == digest
                assert hash(after) == hash(copy.copy(after))
            else:
                after = rules_of.apply(state, move)
            assert after is not state
            state = after
        else:
            pytest.fail(f"{name}: seed {seed} did not end within {facts.max_moves} moves")
        assert len(state.moves) == step
        result = rules_of.score(state)
        assert result.over
        assert result.losers
        assert set(result.winners).isdisjoint(result.losers)
        assert set(result.winners) | set(result.losers) == set(range(state.players))
        assert len(result.totals) == state.players
        assert 0 < len(result.hands) <= state.hand_number
        for number, hand in enumerate(result.hands, start=1):
            assert hand.number == number
            assert len(hand.points) == state.players
            assert hand.explanation
            if facts.hand_card_points is not None:
                assert sum(hand.card_points) == facts.hand_card_points
        sums = tuple(map(sum, zip(*(hand.points for hand in result.hands), strict=True)))
        assert sums == result.totals
        hands += len(result.hands)
    assert hands >= facts.min_hands


@pytest.mark.breadth
@pytest.mark.parametrize("name", NAMES)
def test_every_legal_move_applies_and_others_are_refused(name: str) -> None:
    """Every listed move applies; a plain deal or a play that is not listed is refused."""
    rules_of = cardgames.GAMES[name]
    candidates = probes(rules_of)
    assert candidates
    for seed in range(3):
        for step, (state, legal, _) in enumerate(playout(name, 1000 + seed)):
            for move in legal:
                assert rules_of.is_legal(state, move)
                rules_of.apply(state, move)
                assert rules_of.parse_move(str(move)) == move
            if seed and step % 5:
                continue  # every state of the first match, every fifth of the others
            for move in candidates:
                if move not in legal:
                    assert not rules_of.is_legal(state, move)
                    assert_refused(rules_of, state, move)


@pytest.mark.parametrize("name", NAMES)
def test_views_and_seats(name: str) -> None:
    rules_of = cardgames.GAMES[name]
    final: Any = None
    for state, legal, move in playout(name, 2000):
        final = state
        seat = rules_of.current_player(state)
        for other in range(state.players):
            view = rules_of.view(state, other)
            assert view.seat == other
            assert view.legal_moves == (legal if other == seat else ())
            if move is not None and other != seat:
                assert_refused(rules_of, state, move, seat=other)
    assert_refused(rules_of, final, rules_of.parse_move("deal"))
    with pytest.raises(errors.MatchOverError):
        rules_of.apply(final, rules_of.parse_move("deal"))
    with pytest.raises(errors.RulesError):
        rules_of.view(final, final.players)


@pytest.mark.parametrize("name", NAMES)
def test_same_seed_same_match_and_replay(name: str) -> None:
    rules_of = cardgames.GAMES[name]
    rules = rules_for(name)
    finals = []
    for seed in (3, 4):
        first = [state for state, _, _ in playout(name, seed)][-1]
        finals.append(first)
        second = [state for state, _, _ in playout(name, seed)][-1]
        assert first is not second
        assert first == second
        assert hash(first) == hash(second)
        assert first.moves == second.moves
        assert rules_of.score(first) == rules_of.score(second)
        assert (
            rules_of.replay(
                rules, seed, first.moves, players=first.players, first_dealer=first.first_dealer
            )
            == first
        )
        assert (
            rules_of.replay(
                rules,
                seed,
                [str(move) for move in first.moves],
                players=first.players,
                first_dealer=first.first_dealer,
            )
            == first
        )
    assert finals[0] != finals[1]


@pytest.mark.parametrize("name", NAMES)
def test_closing_a_hand_shares_the_score_sheet(name: str) -> None:
    """A hand's close adds one link to the sheet: its cost does not grow with the match."""
    closed = 0
    previous = None
    for state, _, _ in playout(name, 77):
        sheet = state.hand_scores
        if previous is not None and len(sheet) == len(previous) + 1:
            assert sheet._chain.previous is previous._chain  # noqa: SLF001  # the sharing itself
            closed += 1
        previous = sheet
    assert closed >= 2
