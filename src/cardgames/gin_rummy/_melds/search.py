"""The searches: a hand's melds, its count, and its best and every lay-out and defence.

:func:`melds` lists the melds a hand can make; :func:`deadwood` and :func:`knock_discards` give
its count and its knocking discards; :func:`best_arrangement` and :func:`arrangements` give the
knocker's lay-outs, and :func:`best_defence` and :func:`defences` the defender's, his own melds
and his lay-offs optimised together. Every list comes best first, in the orders given in
:mod:`cardgames.gin_rummy._melds`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cardgames import cards
from cardgames.gin_rummy._melds.count import (
    MAX_CARDS,
    SUIT,
    bad_mask,
    card_mask,
    deadwood_of,
    in_run_order,
    run_cards,
    run_position,
    run_value,
    set_states,
    three_ranks,
)
from cardgames.gin_rummy._melds.layout import (
    Arrangement,
    Defence,
    Layoffs,
    cards_of,
    check_limit,
    read_disjoint,
    read_hand,
)
from cardgames.gin_rummy._melds.meld import (
    ALL_MELDS,
    MELD_AT,
    ORDER,
    CardsLike,
    Meld,
    MeldKind,
    MeldsLike,
    card_at,
)

__all__ = [
    "arrangements",
    "best_arrangement",
    "best_defence",
    "deadwood",
    "defences",
    "knock_discards",
    "melds",
]


# ---------------------------------------------------------------------------------------------
# Card level: the searches.

_Key = tuple[int, int, int, tuple[int, ...]]
"""How layouts are ranked: count, deadwood cards, melds, the melds' places in the meld order."""


def _key(dead: int, chosen: Iterable[Meld]) -> _Key:
    """Rank a layout given by its deadwood (a card mask) and its melds; lower is better."""
    places = sorted(ORDER[meld.mask] for meld in chosen)
    return (run_value(in_run_order(dead)), dead.bit_count(), len(places), tuple(places))


def _runs(covered: int) -> list[int]:
    """Split a run-order mask of cards in sequences of three or more into its maximal runs."""
    found = []
    for shift in (0, 13, 26, 39):
        part = covered >> shift & SUIT
        while part:
            run = part & ~(part + (part & -part))
            found.append(run << shift)
            part ^= run
    return found


def _best_of(mask: int) -> tuple[_Key, Arrangement]:
    """The first layout of a hand in the documented order, with its rank."""
    gin = in_run_order(mask)
    candidates = []
    for left, taken in set_states(gin, three_ranks(gin)):
        covered = run_cards(left)
        chosen = [MELD_AT[card_mask(part)] for part in (*taken, *_runs(covered))]
        dead = card_mask(left & ~covered)
        candidates.append((_key(dead, chosen), chosen, dead))
    key, chosen, dead = min(candidates, key=lambda candidate: candidate[0])
    return key, Arrangement(chosen, cards_of(dead))


def _disjoint(found: Sequence[Meld]) -> list[tuple[tuple[Meld, ...], int]]:
    """Every collection of disjoint melds among ``found``, with the cards it uses."""
    result = []
    stack: list[tuple[tuple[Meld, ...], int, int]] = [((), 0, 0)]
    while stack:
        chosen, used, start = stack.pop()
        result.append((chosen, used))
        stack += [
            ((*chosen, meld), used | meld.mask, place + 1)
            for place, meld in enumerate(found[start:], start)
            if not meld.mask & used
        ]
    return result


def _melds_in(mask: int) -> tuple[Meld, ...]:
    """Every meld made of cards of the mask, in the meld order."""
    return tuple(meld for meld in ALL_MELDS if meld.mask & mask == meld.mask)


def _chains(target: Meld, mask: int) -> tuple[list[cards.Card], list[cards.Card]]:
    """The hand's cards that can go onto a meld: below it and above it, nearest first."""
    if target.kind is MeldKind.SET:
        rank = target.cards[0].index % 13
        missing = [cards.CARDS[13 * suit + rank] for suit in range(4)]
        fourth = [card for card in missing if card not in target.cards and mask & card.mask]
        return (fourth if len(target.cards) == 3 else []), []
    suit = target.cards[0].suit
    below: list[cards.Card] = []
    above: list[cards.Card] = []
    for chain, positions in (
        (below, range(run_position(target.cards[0]) - 1, -1, -1)),
        (above, range(run_position(target.cards[-1]) + 1, 13)),
    ):
        for position in positions:
            card = card_at(suit, position)
            if not mask & card.mask:
                break
            chain.append(card)
    return below, above


def _layoff_options(targets: Sequence[Meld], mask: int) -> list[list[tuple[int, Layoffs]]]:
    """For each of the knocker's melds: every set of the hand's cards that can be laid on it."""
    options = []
    for index, target in enumerate(targets):
        below, above = _chains(target, mask)
        chains = [
            below[:down] + above[:up]
            for down in range(len(below) + 1)
            for up in range(len(above) + 1)
        ]
        options.append(
            [(cards.mask_of(chain), tuple((card, index) for card in chain)) for chain in chains]
        )
    return options


def _layoff_sets(options: list[list[tuple[int, Layoffs]]], used: int) -> list[tuple[int, Layoffs]]:
    """Every legal set of lay-offs onto all the knocker's melds, avoiding the cards ``used``."""
    combined: list[tuple[int, Layoffs]] = [(0, ())]
    for choices in options:
        combined = [
            (laid | more, (*layoffs, *extra))
            for laid, layoffs in combined
            for more, extra in choices
            if not more & (laid | used)
        ]
    return combined


def _layoff_key(layoffs: Layoffs) -> tuple[tuple[int, int], ...]:
    """Rank lay-offs: by target, then card."""
    return tuple(sorted((index, card.index) for card, index in layoffs))


# ---------------------------------------------------------------------------------------------
# Card level: the public functions.


def melds(cards: CardsLike) -> tuple[Meld, ...]:
    """Return every meld that can be made from the cards, overlapping ones included.

    Every set of three and of four (a rank held four times gives its four sets of three too) and
    every run of three or more (its shorter runs too), in the meld order: sets by rank A 2 … K,
    each rank's sets of three before its set of four; then runs by suit ♣ ♠ ♥ ♦, lowest card,
    length.

    Raises:
        RulesError: If a card is given twice or there are more than 11.
        CardParseError: If an item is not a card.

    Example:
        >>> [str(meld) for meld in melds("3♥ 4♥ 5♥ 6♥ 5♣ 5♠")]
        ['5♣ 5♠ 5♥', '3♥ 4♥ 5♥', '3♥ 4♥ 5♥ 6♥', '4♥ 5♥ 6♥']
    """
    return _melds_in(read_hand(cards)[1])


def deadwood(cards: CardsLike) -> int:
    """Return the hand's count: the least deadwood total over every arrangement into melds.

    Raises:
        RulesError: If a card is given twice or there are more than 11.
        CardParseError: If an item is not a card.

    Example:
        A set of four gives the 7♦ to a run and keeps three; the 5♥ 6♥ stay deadwood:

        >>> deadwood("7♣ 7♠ 7♥ 7♦ 8♦ 9♦ 5♥ 6♥")
        11
    """
    return deadwood_of(read_hand(cards)[1])


def best_arrangement(cards: CardsLike) -> Arrangement:
    """Return an arrangement of the hand with the least count, the way a player would show it.

    Among the arrangements with the least count it has the fewest deadwood cards, then the
    fewest melds (a run of six is one run), then the melds earliest in the meld order: the
    first of :func:`arrangements`. It is also the defender's lay-out after gin, when nothing may
    be laid off.

    Raises:
        RulesError: If a card is given twice or there are more than 11.
        CardParseError: If an item is not a card.

    Example:
        >>> print(best_arrangement("7♣ 7♠ 7♥ 7♦ 8♦ 9♦ 5♥ 6♥"))
        [7♣ 7♠ 7♥] [7♦ 8♦ 9♦] 5♥ 6♥ (count 11)
        >>> print(best_arrangement("4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♣ J♣ Q♣ K♣"))
        [10♣ J♣ Q♣ K♣] [4♠ 5♠ 6♠ 7♠ 8♠ 9♠] (count 0)
    """
    return _best_of(read_hand(cards)[1])[1]


def knock_discards(cards: CardsLike, limit: int = 10) -> tuple[cards.Card, ...]:
    """Return the cards an 11-card hand may discard to knock: those leaving a count ≤ ``limit``.

    In card order: what a player interface highlights as "you can knock". A limit of 0 asks for
    gin only; the Oklahoma variant passes the upcard's limit.

    Raises:
        RulesError: If the hand does not hold 11 different cards, or the limit is negative.
        CardParseError: If an item is not a card.

    Example:
        >>> hand = "A♣ 2♣ 3♣ 9♥ 9♠ 9♦ 4♦ 5♦ 6♦ 2♥ K♠"
        >>> knock_discards(hand), knock_discards(hand, limit=0)
        ((Card.parse('K♠'), Card.parse('2♥')), ())
    """
    hand, mask = read_hand(cards)
    limit = check_limit(limit)
    if len(hand) != MAX_CARDS:
        raise bad_mask(mask, exactly=MAX_CARDS)
    return tuple(card for card in sorted(hand) if deadwood_of(mask ^ card.mask) <= limit)


def arrangements(cards: CardsLike, limit: int) -> tuple[Arrangement, ...]:
    """Return every way to lay the hand out with a count ≤ ``limit``: the knocker's choices.

    Each collection of disjoint melds is one layout, even when more could be melded: the knocker
    may show a card as deadwood that would fit a meld, and no card can be laid off onto it.
    Best first: by count, then fewest deadwood cards, then fewest melds, then the melds in the
    meld order; the first is :func:`best_arrangement` when its count is within the limit.

    Raises:
        RulesError: If a card is given twice, there are more than 11, or the limit is negative.
        CardParseError: If an item is not a card.

    Example:
        >>> for layout in arrangements("5♥ 6♥ 7♥ 8♥ 8♣ 8♦ 2♠", 10):
        ...     print(layout)
        [8♣ 8♥ 8♦] [5♥ 6♥ 7♥] 2♠ (count 2)
    """
    mask = read_hand(cards)[1]
    limit = check_limit(limit)
    found = []
    for chosen, used in _disjoint(_melds_in(mask)):
        dead = mask & ~used
        if run_value(in_run_order(dead)) <= limit:
            found.append((_key(dead, chosen), Arrangement(chosen, cards_of(dead))))
    found.sort(key=lambda item: item[0])
    return tuple(layout for _, layout in found)


def best_defence(
    cards: CardsLike,
    knocker_melds: MeldsLike,
) -> Defence:
    """Return the defender's least count after a knock: his own melds and lay-offs together.

    Each card goes into one of his melds, onto one of the knocker's melds as laid down (the
    fourth card of a set of three; the next cards at either end of a run, one after another),
    or stays deadwood, whichever leaves the least. Never onto the knocker's deadwood. Ties are
    broken as in :func:`defences`, whose first item this is.

    After gin nothing may be laid off (the source: «Противник не имеет права подкладывать свои
    карты к выложенным комбинациям, даже если они подходят», "the opponent may not add his cards
    to the combinations laid out, even if they fit"): the engine calls :func:`best_arrangement`
    instead, or passes no knocker's melds here.

    Args:
        cards: The defender's hand.
        knocker_melds: The knocker's melds in the order he laid them down, as :class:`Meld`
            values or text; the lay-offs refer to them by index.

    Raises:
        RulesError: If a card is given twice, the hand has more than 11 cards, a knocker's meld
            is not one, or a card is both the defender's and the knocker's.
        CardParseError: If an item is not a card.

    Example:
        The source's lay-offs: 7♠ and 6♠ onto 3♠ 4♠ 5♠, the fourth jack onto three jacks; the
        knocker's deadwood 2♥ takes neither the A♥ nor the 3♥:

        >>> defence = best_defence("7♠ 6♠ J♦ A♥ 3♥ K♣ K♦ K♥ 9♣ 9♦", ["3♠ 4♠ 5♠", "J♣ J♠ J♥"])
        >>> [str(meld) for meld in defence.melds], cards.format_cards(defence.deadwood)
        (['K♣ K♥ K♦'], '9♣ 3♥ A♥ 9♦')
        >>> [(str(card), index) for card, index in defence.layoffs]
        [('6♠', 0), ('7♠', 0), ('J♦', 1)]
    """
    hand_mask = read_hand(cards)[1]
    targets = read_disjoint(knocker_melds, hand_mask, knocker=True)[0]
    options = _layoff_options(targets, hand_mask)
    ranked = []
    for laid, layoffs in _layoff_sets(options, 0):
        key, layout = _best_of(hand_mask & ~laid)
        ranked.append(((key, _layoff_key(layoffs)), layout, layoffs))
    _, layout, layoffs = min(ranked, key=lambda item: item[0])
    return Defence(layout.melds, layoffs, layout.deadwood)


def defences(
    cards: CardsLike,
    knocker_melds: MeldsLike,
) -> tuple[Defence, ...]:
    """Return every distinct lay-out the defender may make after a knock that is not gin.

    Any collection of disjoint melds of his own, with any legal set of lay-offs of his other
    cards onto the knocker's melds. Two defences differ by their melds or by their laid-off
    cards with their targets; a run extended at both ends is one defence whatever the order of
    laying, given below the run from the nearest card down, then above it from the nearest card
    up. Best first: by count, then fewest deadwood cards, then fewest own melds, then the melds
    in the meld order, then the lay-offs by target and card; the first is :func:`best_defence`.

    Args:
        cards: The defender's hand.
        knocker_melds: The knocker's melds in the order he laid them down.

    Raises:
        RulesError: As :func:`best_defence`.
        CardParseError: If an item is not a card.

    Example:
        >>> for defence in defences("9♥ 9♠ 9♦ 6♠", ["3♠ 4♠ 5♠"]):
        ...     print(defence.melds, [str(card) for card, _ in defence.layoffs], defence.count)
        (Meld.of('9♠ 9♥ 9♦'),) ['6♠'] 0
        (Meld.of('9♠ 9♥ 9♦'),) [] 6
        () ['6♠'] 27
        () [] 33
    """
    hand_mask = read_hand(cards)[1]
    targets = read_disjoint(knocker_melds, hand_mask, knocker=True)[0]
    options = _layoff_options(targets, hand_mask)
    found = []
    for chosen, used in _disjoint(_melds_in(hand_mask)):
        for laid, layoffs in _layoff_sets(options, used):
            dead = hand_mask & ~used & ~laid
            defence = Defence(chosen, layoffs, cards_of(dead))
            found.append(((_key(dead, chosen), _layoff_key(layoffs)), defence))
    found.sort(key=lambda item: item[0])
    return tuple(defence for _, defence in found)
