"""Deals drawn uniformly among those consistent with what a seat has seen.

Every game's ``worlds(view, rng)`` turns its view into card constraints: the cards it cannot
see, split into groups whose members may lie only with some receivers (the seats, the stock),
and how many cards each receiver holds. :func:`deal` then draws one assignment of the cards to
the receivers, each consistent assignment with the same chance: it counts the assignments that
complete every partial choice (a dynamic programme over the groups and the room left with each
receiver) and draws each choice in proportion to its count.

Example:
    Four cards, two of which seat 1 cannot hold, split two and two:

    >>> import random
    >>> groups = ((0b0011, (0,)), (0b1100, (0, 1)))
    >>> next(deals(groups, {0: 2, 1: 2}, random.Random(1)))
    {0: 3, 1: 12}
    >>> count(groups, {0: 2, 1: 2})
    1
"""

from __future__ import annotations

import bisect
import math
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import cache
from typing import Final, Protocol, TypeVar

from cardgames import cards, errors, matches, tricks

__all__ = ["Group", "check", "count", "deals", "fill_sheet", "grouped", "plays"]

HandT = TypeVar("HandT", bound=matches.HandScore)

Group = tuple[int, tuple[int, ...]]
"""A bit set of unseen cards and the receivers that may hold them."""


Trick = tricks.Trick
"""A trick (named here because :class:`TrickView`'s ``tricks`` hides the module in its body)."""


class TrickView(Protocol):
    """A trick game's view: the hand's finished tricks and the one being played."""

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The hand's finished tricks."""

    @property
    def trick(self) -> Trick | None:
        """The trick being played, if one is."""


def check(view: object, rng: object, kind: type, title: str) -> None:
    """Refuse what a game's ``worlds`` was given unless it is that game's view and a Random.

    Raises:
        RulesError: If ``view`` is not a ``kind`` or ``rng`` not a ``random.Random``.
    """
    if not isinstance(view, kind):
        raise errors.RulesError(f"worlds needs a {title} View, not {errors.quote(view)}")
    if not isinstance(rng, random.Random):
        raise errors.RulesError(f"worlds needs a random.Random, not {errors.quote(rng)}")


def plays(view: TrickView) -> tuple[tricks.Trick, ...]:
    """Return the tricks of the hand so far, the one being played last."""
    return (*view.tricks, view.trick) if view.trick is not None else view.tricks


def grouped(unseen: int, receivers_of: Callable[[cards.Card], tuple[int, ...]]) -> list[Group]:
    """Return the unseen cards as groups: those that may lie with the same receivers together.

    ``receivers_of`` gives the receivers a card may lie with; the groups come in the order of
    their lowest cards.
    """
    by_receivers: dict[tuple[int, ...], int] = {}
    for card in cards.cards_in(unseen):
        allowed = receivers_of(card)
        by_receivers[allowed] = by_receivers.get(allowed, 0) | card.mask
    return [(mask, receivers) for receivers, mask in by_receivers.items()]


def _splits(
    size: int, receivers: tuple[int, ...], room: tuple[int, ...]
) -> Iterator[tuple[int, ...]]:
    """Yield every way to share ``size`` cards among ``receivers`` within their ``room``."""
    if not receivers:
        if size == 0:
            yield ()
        return
    first, rest = receivers[0], receivers[1:]
    beyond = sum(room[receiver] for receiver in rest)  # what the others can take at most
    for taken in range(max(0, size - beyond), min(size, room[first]) + 1):
        for more in _splits(size - taken, rest, room):
            yield (taken, *more)


def _ways(
    groups: tuple[tuple[int, tuple[int, ...]], ...],
    place: int,
    room: tuple[int, ...],
    memo: dict[tuple[int, tuple[int, ...]], int],
) -> int:
    """Return how many assignments of ``groups[place:]`` fill exactly the ``room`` left."""
    if place == len(groups):
        return int(not any(room))
    seen = memo.get((place, room))
    if seen is not None:
        return seen
    size, receivers = groups[place]
    total = 0
    for split in _splits(size, receivers, room):
        left = list(room)
        for receiver, taken in zip(receivers, split, strict=True):
            left[receiver] -= taken
        total += _multinomial(size, split) * _ways(groups, place + 1, tuple(left), memo)
    memo[place, room] = total
    return total


@cache
def _multinomial(size: int, split: tuple[int, ...]) -> int:
    """Return the number of ways to share ``size`` distinct cards in parts of ``split``."""
    ways, left = 1, size
    for part in split:
        ways *= math.comb(left, part)
        left -= part
    return ways


def _plan(
    groups: Sequence[Group], sizes: Mapping[int, int]
) -> tuple[list[int], tuple[tuple[int, tuple[int, ...]], ...], tuple[int, ...]]:
    """Return the receivers, the groups by receiver place and each receiver's room."""
    order = sorted(sizes)
    place = {receiver: number for number, receiver in enumerate(order)}
    try:
        planned = tuple(
            (mask.bit_count(), tuple(sorted(place[receiver] for receiver in set(receivers))))
            for mask, receivers in groups
        )
    except KeyError as error:
        raise errors.RulesError(f"a group names receiver {error}, which holds no cards") from None
    return order, planned, tuple(sizes[receiver] for receiver in order)


def count(groups: Sequence[Group], sizes: Mapping[int, int]) -> int:
    """Return how many assignments of the groups' cards give each receiver ``sizes[receiver]``."""
    _, planned, room = _plan(groups, sizes)
    return _ways(planned, 0, room, {})


def deals(
    groups: Sequence[Group], sizes: Mapping[int, int], rng: random.Random
) -> Iterator[dict[int, int]]:
    """Yield, without end, assignments of the groups' cards, uniformly among the consistent ones.

    Args:
        groups: Bit sets of cards, each with the receivers that may hold its cards.
        sizes: How many cards each receiver gets.
        rng: The source of randomness.

    Yields:
        Each receiver's cards as a bit set.

    Raises:
        RulesError: If no assignment is consistent (the constraints contradict each other).
    """
    order, planned, room = _plan(groups, sizes)
    memo: dict[tuple[int, tuple[int, ...]], int] = {}
    if not _ways(planned, 0, room, memo):
        raise errors.RulesError(
            "no deal is consistent with this view: its card constraints contradict each other"
        )
    steps = []
    for place, (mask, _) in enumerate(groups):
        receivers = planned[place][1]
        steps.append(
            (
                [index for index in range(mask.bit_length()) if mask >> index & 1],
                receivers,
                _choices(planned, place, memo),
            )
        )
    while True:
        yield _draw(order, steps, room, rng)


Choices = dict[tuple[int, ...], tuple[list[tuple[tuple[int, ...], tuple[int, ...]]], list[int]]]
"""For each room left before a group: its splits (with the room each leaves), running weights."""
Step = tuple[list[int], tuple[int, ...], Choices]
"""A group's card indices, its receivers' places and its :data:`Choices`."""


def _choices(
    planned: tuple[tuple[int, tuple[int, ...]], ...],
    place: int,
    memo: dict[tuple[int, tuple[int, ...]], int],
) -> Choices:
    """Return, for each room left before group ``place``, its splits and their running weights.

    A split's weight is the number of assignments that complete it: its own ways to share the
    group's cards times the ways to share the groups after it in the room it leaves.
    """
    size, receivers = planned[place]
    table: dict[
        tuple[int, ...], tuple[list[tuple[tuple[int, ...], tuple[int, ...]]], list[int]]
    ] = {}
    for (at, room), ways in list(memo.items()):
        if at != place or not ways:
            continue
        splits: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        weights: list[int] = []
        for split in _splits(size, receivers, room):
            left = list(room)
            for receiver, taken in zip(receivers, split, strict=True):
                left[receiver] -= taken
            weight = _multinomial(size, split) * _ways(planned, place + 1, tuple(left), memo)
            if weight:
                splits.append((split, tuple(left)))
                weights.append(weight + (weights[-1] if weights else 0))
        table[room] = (splits, weights)
    return table


def _draw(
    order: list[int], steps: list[Step], room: tuple[int, ...], rng: random.Random
) -> dict[int, int]:
    """Draw one assignment, group by group, each split in proportion to its completions."""
    held = [0] * len(order)
    for indices, receivers, table in steps:
        splits, weights = table[room]
        split, room = splits[bisect.bisect_right(weights, rng.randrange(weights[-1]))]
        shuffled = rng.sample(indices, len(indices))
        start = 0
        for receiver, taken in zip(receivers, split, strict=True):
            for index in shuffled[start : start + taken]:
                held[receiver] |= 1 << index
            start += taken
    return {receiver: held[place] for place, receiver in enumerate(order)}


FILLER: Final = "an earlier hand: the view shows only the last one"
"""The explanation of the hands :func:`fill_sheet` puts before the view's last hand."""


def fill_sheet(
    finished: int,
    totals: tuple[int, ...],
    last: HandT | None,
    filler: type[HandT],
    **fields: object,
) -> matches.Sheet[HandT]:
    """Return a score sheet of ``finished`` hands that ends with ``last`` and adds up to ``totals``.

    A view shows the totals and the last finished hand only; a world's sheet needs as many
    hands as were played (``max_hands`` counts them). The hands before the last are rebuilt:
    the first carries what the totals hold beyond the last hand, the others nothing. Their
    details (who was charged in each) are not known from a view.

    Args:
        finished: How many hands are finished.
        totals: Each seat's total.
        last: The last finished hand (None when ``finished`` is 0).
        filler: The game's ``HandScore`` class, for the rebuilt hands.
        fields: The values of the filler's own fields.
    """
    sheet: matches.Sheet[HandT] = matches.Sheet()
    if last is None:
        return sheet
    rest = tuple(total - points for total, points in zip(totals, last.points, strict=True))
    for number in range(1, finished):
        points = rest if number == 1 else (0,) * len(totals)
        sheet = sheet.add(filler(number, points, FILLER, **fields))
    return sheet.add(last)
