"""The deals a Mariage seat could be in, for what its view shows.

A seat sees its own cards, the trump turned up, the claims made and every card played. The
rest lies with the other seats (as many each as the view counts) and in the part of the pack
that was not dealt. The constraints a view implies:

* a claim shows cards its claimant was dealt: they are in his hand until he plays them; with
  ``auto_claim`` every player's point is claimed for him, so a seat with no point claimed was
  dealt no sequence, a point claimed is the whole of its holder's sequence, and K♥, Q♥ or J♦
  unclaimed was dealt to nobody;
* a player who did not follow the suit led holds none of it, and one who neither followed nor
  played a card of the duty (the trumps, K♥ and Q♥ with
  ``royals_count_as_trumps_for_obligation``, nothing without ``must_trump_when_void``) holds
  none of those either (rule 22); a queen played at once on her king is exempt (rule 23);
* a king played calls the holder of its queen if he has not played to the trick (rule 23):
  when she does not come at once, no seat yet to play held her, unless (``penalty_only``) her
  holder declined, which the view shows for the trick being played only; a seat called out of
  turn, the last card being a king, holds its queen.

:func:`worlds` draws full states uniformly among the deals that keep to these constraints and
rebuilds each by replaying the deal's public moves on the drawn deal.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Final

import attrs

from cardgames import _worlds, cards, errors
from cardgames import moves as core_moves
from cardgames.mariage import _claims as claims
from cardgames.mariage import _deals as deals
from cardgames.mariage import _engine as engine
from cardgames.mariage import _play as play
from cardgames.mariage._moves import DECLINE, MISDEAL, PASS
from cardgames.mariage._pools import JESTER, KING_OF_HEARTS, QUEEN_OF_HEARTS, Pool
from cardgames.mariage._rules import HAND_SIZE
from cardgames.mariage._state import HandScore, Phase, State, View

__all__ = ["worlds"]

_HELD: Final = (KING_OF_HEARTS, QUEEN_OF_HEARTS, JESTER)
"""The cards whose holders claim a pool for them (rules 14-17)."""
_TRIES: Final = 1_000_000
"""The most deals drawn for one that keeps the points claimed (nearly every deal does)."""


def worlds(view: View, rng: random.Random) -> Iterator[State]:
    """Yield, without end, full states whose view for ``view.seat`` is ``view``.

    The other seats' cards and the cards not dealt are drawn uniformly among the deals that
    keep every card constraint the view implies: the seat's own cards, the trump turned up, the
    cards played, the hand sizes, the cards the claims show (with ``auto_claim``, also the
    points and the K♥, Q♥ and J♦ nobody claimed), the voids and missing trumps shown by a
    failure to follow or to trump, and what a king whose queen did not come at once shows of
    the seats yet to play. Each state replays the deal's public moves on its deal; its later
    deals come from a seed drawn from ``rng``.

    A choice is taken to tell nothing about the cards: a claim not made (without
    ``auto_claim``), the card chosen among those allowed. Nor are the payments read: a view
    shows the balances, not who paid whom. The chips are the view's; the payments recorded
    for the deal so far are those its replay makes (the pools' contents before the deal are
    not in a view). The score sheet keeps the view's totals and last deal; the deals before it
    are not in the view: the first of them carries what the totals hold beyond the last, the
    others nothing, and none is taken to have been misdealt.

    Args:
        view: What one seat sees (:func:`~cardgames.mariage.view`).
        rng: The source of randomness (a ``random.Random``).

    Raises:
        RulesError: If ``view`` is not a Mariage view, ``rng`` not a ``random.Random``, or no
            deal is consistent with the view.

    Example:
        >>> import itertools, random
        >>> from cardgames import mariage
        >>> state = mariage.apply(mariage.new_game(seed=3), mariage.Deal())
        >>> seen = mariage.view(state, 2)
        >>> drawn = itertools.islice(mariage.worlds(seen, random.Random(1)), 3)
        >>> all(mariage.view(world, 2) == seen for world in drawn)
        True
    """
    _worlds.check(view, rng, View, "Mariage")
    return _draw(view, rng)


def _draw(view: View, rng: random.Random) -> Iterator[State]:
    """Yield the worlds of :func:`worlds` (its arguments checked)."""
    last = view.last_hand
    if view.phase in {Phase.DEAL, Phase.OVER} and last is not None and last.misdeal:
        yield from _misdealt(view, rng)
        return
    players = view.players
    played = [0] * players
    for trick in _worlds.plays(view):
        for who, card in trick.plays:
            played[who] |= card.mask
    fixed = [0] * players  # the cards the claims show, not yet played: still in hand
    for who, made in view.claims:
        if who != view.seat:
            fixed[who] |= made.mask & ~played[who]
    own = cards.mask_of(view.hand)
    seen = own | (view.trump.mask if view.trump is not None else 0)
    drawn = _merged_deals(*_groups(view, played, fixed, seen), rng)
    if view.hand_number and (
        view.rules.auto_claim or any(made.pool is Pool.POINT for _, made in view.claims)
    ):
        drawn = _keeping_points(drawn, view, [played[w] | fixed[w] for w in range(players)])
    yield from _kept(
        view,
        (
            {
                who: (own if who == view.seat else held[who] | fixed[who]) | played[who]
                for who in range(players)
            }
            for held in drawn
        ),
        rng,
    )


def _kept(view: View, dealt: Iterator[dict[int, int]], rng: random.Random) -> Iterator[State]:
    """Yield the replays of the deals that show the seat its view.

    Every deal that keeps the card constraints does, but in ``penalty_only``, where a queen
    declined and one played at once can look alike: there a deal on which neither way plays
    as the view shows is dropped. Dropping from a uniform stream keeps it uniform.
    """
    tries = 0
    for hands in dealt:
        world = _replay_on(view, hands, rng)
        if world is not None and engine.view(world, view.seat) == view:
            tries = 0
            yield world
            continue
        tries += 1
        if tries >= _TRIES:
            raise errors.RulesError(
                f"no deal that plays as this view shows turned up in {_TRIES} deals"
            )


def _merged_deals(
    groups: tuple[_worlds.Group, ...], sizes: dict[int, int], rng: random.Random
) -> Iterator[dict[int, int]]:
    """Yield :func:`cardgames._worlds.deals` of the groups, its receivers alike merged first.

    Receivers that may hold exactly the same groups are one receiver to the counting: each
    deal of the merged ones, its cards then shared out at random among the receivers merged
    (as many each as they hold), is as likely as any other. With many seats and few voids
    shown, this keeps the counting small.
    """
    where: dict[int, list[int]] = {receiver: [] for receiver in sizes}
    for place, (_, receivers) in enumerate(groups):
        for receiver in receivers:
            where[receiver].append(place)
    alike: dict[tuple[int, ...], list[int]] = {}
    for receiver, places in where.items():
        alike.setdefault(tuple(places), []).append(receiver)
    merged = {members[0]: members for members in alike.values()}
    first = {receiver: members[0] for members in merged.values() for receiver in members}
    joined = tuple(
        (mask, tuple(dict.fromkeys(first[receiver] for receiver in receivers)))
        for mask, receivers in groups
    )
    room = {head: sum(sizes[member] for member in members) for head, members in merged.items()}
    for held in _worlds.deals(joined, room, rng):
        dealt: dict[int, int] = {}
        for head, members in merged.items():
            pooled = [card.index for card in cards.cards_in(held[head])]
            rng.shuffle(pooled)
            for member in members:
                taken, pooled = pooled[: sizes[member]], pooled[sizes[member] :]
                dealt[member] = sum(1 << index for index in taken)
        yield dealt


def _groups(
    view: View, played: list[int], fixed: list[int], seen: int
) -> tuple[tuple[_worlds.Group, ...], dict[int, int]]:
    """Return the unseen cards grouped by the receivers that may hold them, and their sizes.

    The receivers are the other seats and, as receiver ``players``, the cards not dealt.
    ``seen`` is the seat's own hand and the trump turned up.
    """
    players = view.players
    rest = players
    known = seen
    for who in range(players):
        known |= played[who] | fixed[who]
    unseen = cards.mask_of(engine.pack(view.rules, players)) & ~known
    others = [other for other in range(players) if other != view.seat]
    sizes = {other: view.hand_sizes[other] - fixed[other].bit_count() for other in others}
    sizes[rest] = unseen.bit_count() - sum(sizes.values())
    if min(sizes.values()) < 0:
        raise errors.RulesError(
            "no deal is consistent with this view: it shows more cards than the seats hold"
        )
    barred, only = _ruled_out(view, seen)
    if view.rules.auto_claim and view.trump is not None:
        claimed = 0
        for _, made in view.claims:
            claimed |= made.mask
        for card in _HELD:
            if not claimed & card.mask:  # its holder would have claimed it: nobody was dealt it
                only[card.index] = (rest,)
    groups = _worlds.grouped(
        unseen,
        lambda card: tuple(
            receiver
            for receiver in only.get(card.index, (*others, rest))
            if receiver in sizes and not (receiver < players and barred[receiver] & card.mask)
        ),
    )
    # the narrowest first: the counting then meets fewer ways to have filled the seats so far
    groups.sort(key=lambda group: (len(group[1]), group[1]))
    return tuple(groups), sizes


def _misdealt(view: View, rng: random.Random) -> Iterator[State]:
    """Yield the worlds of a view just after a misdeal: its cards went back to the pack.

    Only the trump turned up is left of the deal; every seat's five cards are drawn at random.
    """
    players = view.players
    trump = view.trump.mask if view.trump is not None else 0
    unseen = cards.mask_of(engine.pack(view.rules, players)) & ~trump
    sizes = dict.fromkeys(range(players), HAND_SIZE)
    sizes[players] = unseen.bit_count() - HAND_SIZE * players
    drawn = _worlds.deals(((unseen, tuple(sizes)),), sizes, rng)
    yield from _kept(view, ({who: held[who] for who in range(players)} for held in drawn), rng)


def _ruled_out(view: View, seen: int) -> tuple[list[int], dict[int, tuple[int, ...]]]:
    """Return the cards each seat cannot hold, and the receivers a card is known to lie with.

    From the trick play: a failure to follow or to play the duty (rule 22), and what a king
    shows of the holder of his queen (rule 23). ``seen`` is what the view's own seat sees
    beyond the cards played: its hand and the trump.
    """
    players = view.players
    rules = view.rules
    barred = [0] * players
    only: dict[int, tuple[int, ...]] = {}
    if view.trump is None:
        return barred, only
    duty = play.duty_mask(rules, play.ranking(rules, view.trump.suit), view.trump.suit)
    pack = cards.mask_of(engine.pack(rules, players))
    forcing = rules.forced_queen != "off"
    for trick in _worlds.plays(view):
        for _, card in trick.plays:
            seen |= card.mask
    for trick in _worlds.plays(view):
        plays = trick.plays
        suit = play.allowed(pack, plays[0][1].index, duty)
        for place, (who, card) in enumerate(plays):
            if place and not (forcing and _called(plays, place)) and not card.mask & suit:
                barred[who] |= suit if card.mask & duty else suit | duty
            if forcing and card.rank is cards.Rank.KING:
                queen = cards.CARDS[play.queen_of(card.index)]
                if seen & queen.mask:  # played (at once or later), in sight, or turned up
                    continue
                _called_holder(
                    view, plays[: place + 1], queen, barred, only, current=trick is view.trick
                )
    return barred, only


def _called(plays: tuple[tuple[int, cards.Card], ...], place: int) -> bool:
    """Return whether the card at ``place`` is a queen played at once on her king by another."""
    (before, king), (who, card) = plays[place - 1], plays[place]
    return (
        king.rank is cards.Rank.KING
        and card.rank is cards.Rank.QUEEN
        and card.suit is king.suit
        and who != before
    )


def _called_holder(
    view: View,
    upto: tuple[tuple[int, cards.Card], ...],
    queen: cards.Card,
    barred: list[int],
    only: dict[int, tuple[int, ...]],
    *,
    current: bool,
) -> None:
    """Record what a king whose queen did not come at once shows of the queen's holder.

    ``upto`` is the trick up to the king. The seats yet to play then did not hold her, unless
    her holder declined (``penalty_only``: shown for the trick being played only, so a finished
    trick tells nothing there). A seat called out of turn on the last card, a king, holds her.
    """
    players = view.players
    step = view.rules.step
    seats = tuple(who for who, _ in upto)
    waiting = tuple(other for other in range(players) if other not in seats)
    penalty = view.rules.forced_queen == "penalty_only"
    if penalty and not current:
        return
    if penalty and queen.suit in view.queens_declined:
        only[queen.index] = waiting
        return
    mover = view.current_player
    trick = view.trick
    last = current and trick is not None and len(trick.plays) == len(upto)
    if last and mover is not None:
        if mover != play.next_in_turn(seats[-1], seats, players, step):
            only[queen.index] = (mover,)
            return
        waiting = tuple(other for other in waiting if other != mover)
    for other in waiting:
        barred[other] |= queen.mask


def _keeping_points(
    drawn: Iterator[dict[int, int]], view: View, shown: list[int]
) -> Iterator[dict[int, int]]:
    """Yield the deals that deal each seat the point the claims show, and no other sequence.

    With ``auto_claim`` every seat's sequence is claimed; without it, a claimant shows his
    whole sequence. ``shown`` is each seat's cards the view shows (played or claimed). Keeping
    the deals that pass from a uniform stream keeps it uniform among them.
    """
    points = [0] * view.players
    claimed = [False] * view.players
    for who, made in view.claims:
        if made.pool is Pool.POINT:
            points[who] = made.mask
            claimed[who] = True
    checked = [
        who
        for who in range(view.players)
        if who != view.seat and (view.rules.auto_claim or claimed[who])
    ]
    tries = 0
    for held in drawn:
        if all(claims.sequence_in(held[who] | shown[who]) == points[who] for who in checked):
            tries = 0
            yield held
            continue
        tries += 1
        if tries >= _TRIES:
            raise errors.RulesError(
                f"no deal that keeps the points claimed turned up in {_TRIES} deals"
            )


def _replay_on(view: View, dealt: Mapping[int, int], rng: random.Random) -> State | None:
    """Return the state after the view's deal is played on the deal ``dealt`` (bit sets by seat).

    None if its cards cannot have been played so on that deal (a queen declined or not).
    """
    players = view.players
    rules = view.rules
    state = engine.new_game(
        rules, seed=rng.getrandbits(64), players=players, first_dealer=view.dealer
    )
    closed = view.phase in {Phase.DEAL, Phase.OVER}
    finished = view.hand_number - (0 if closed else 1)
    if view.hand_number:
        replayed = _replay_deal(view, _before_deal(view, state, closed), dealt)
        if replayed is None:
            return None
        state = replayed
    match = state.match
    last = view.last_hand
    next_dealer = match.next_dealer
    if closed and view.current_player is not None:
        next_dealer = view.current_player  # a deal out of turn recorded shows here
    return attrs.evolve(
        state,
        match=attrs.evolve(
            match,
            totals=view.totals,
            hand_scores=_worlds.fill_sheet(
                finished,
                view.totals,
                last,
                HandScore,
                dealer=view.dealer,
                trump=view.trump or engine.pack(rules, players)[0],
                pools_won=(None,) * len(deals.NO_WINNERS),
                tricks=(0,) * players,
                misdeal=False,
            ),
            next_dealer=next_dealer,
            out_of_turn=next_dealer != match.next_dealer,
            winners=view.winners if view.over else None,
            losers=view.losers if view.over else None,
        ),
        table=state.table._replace(chips=(view.balances, view.pools, state.table.ledger)),
    )


def _before_deal(view: View, state: State, closed: bool) -> State:
    """Return the session just before the view's deal: its dealer to deal, the chips before."""
    rules = view.rules
    players = view.players
    last = view.last_hand
    totals = view.totals
    if closed and last is not None:
        totals = tuple(total - points for total, points in zip(totals, last.points, strict=True))
    length = players * rules.rounds
    if rules.max_hands is not None:
        length = min(length, rules.max_hands)
    # the deals counted before this one: the view's deals less its own, none misdealt
    counted = max(0, min(view.hand_number - 1, length - (2 if closed else 1)))
    if view.over:
        counted = length - 1
    redeal = not closed and last is not None and last.misdeal
    balances = tuple(rules.starting_chips + total for total in totals)
    chips = (balances, view.pools, None)
    return attrs.evolve(
        state,
        match=attrs.evolve(
            state.match,
            hand_number=view.hand_number - 1,
            totals=totals,
            dealer=view.dealer,
            next_dealer=view.dealer,
            deals=counted,
            redeal=redeal,
        ),
        table=state.table._replace(chips=chips, after_ante=chips),
    )


def _replay_deal(view: View, state: State, dealt: Mapping[int, int]) -> State | None:
    """Replay the view's deal on ``dealt``: the deal, the claims, the tricks, a misdeal."""
    players = view.players
    rules = view.rules
    trump = view.trump
    order = engine.order_for(
        {who: tuple(cards.cards_in(hand)) for who, hand in dealt.items()},
        dealer=view.dealer,
        players=players,
        trump_card=trump,
        rules=rules,
    )
    state = engine.apply(state, core_moves.Deal(order=order))
    last = view.last_hand
    if view.phase in {Phase.DEAL, Phase.OVER} and last is not None and last.misdeal:
        return engine.apply(state, MISDEAL)
    if not rules.auto_claim:
        state = _replay_claims(view, state)
    plays = tuple(play for trick in _worlds.plays(view) for play in trick.plays)
    return _replay_plays(view, state, plays, 0)


def _replay_plays(
    view: View, state: State, plays: tuple[tuple[int, cards.Card], ...], done: int
) -> State | None:
    """Replay the deal's cards from ``plays[done]`` on; None if no way of playing them fits.

    In ``penalty_only`` a king calls the holder of his queen, who plays her at once or declines
    her. Where the view shows another seat moving next, or the holder playing another card, she
    was declined; where he plays her next, he may have played her at once (a marriage on the
    table) or declined and played her in turn: each is tried, and kept if the tricks come out
    as the view shows them.
    """
    while done < len(plays):
        who, card = plays[done]
        if state.due >= 0 and DECLINE in engine.legal_moves(state):
            if engine.current_player(state) == who and card.index == state.due:
                found = _replay_plays(view, _played(state, card), plays, done + 1)
                if found is not None:
                    return found
            state = engine.apply(state, DECLINE)
            continue
        finished = len(state.tricks)
        try:
            state = _played(state, card)
        except errors.IllegalMoveError:  # the drawn deal cannot have been played so
            return None
        if len(state.tricks) > finished and state.tricks[-1] != view.tricks[finished]:
            return None
        done += 1
    return _at_the_view(view, state)


def _at_the_view(view: View, state: State) -> State | None:
    """Return ``state``, its cards all played, at the view's moment; None if it cannot be.

    A queen called on the last card, a king, was declined where the view shows another seat
    to move or her suit among those declined; a queen played at once where the view shows her
    declined does not fit.
    """
    mover = view.current_player
    if view.phase is not Phase.PLAY or mover is None:
        return state
    declined = sum(1 << suit for suit in view.queens_declined)
    while state.due >= 0 and DECLINE in engine.legal_moves(state):
        due = cards.CARDS[state.due]
        if engine.current_player(state) == mover and not declined >> due.suit & 1:
            break
        state = engine.apply(state, DECLINE)
    return state if state.table.declined == declined else None


def _played(state: State, card: cards.Card) -> State:
    """Return the state after the seat to move plays ``card``."""
    return engine.apply(state, core_moves.Play(card))


def _replay_claims(view: View, state: State) -> State:
    """Replay the claims and passes of the deal, seat by seat from the dealer's left."""
    for who in deals.receivers(view.dealer, view.players, view.rules.step):
        for claimant, made in view.claims:
            if claimant == who:
                state = engine.apply(state, made)
        if view.phase is Phase.CLAIMS and who == view.current_player:
            break
        state = engine.apply(state, PASS)
    return state
