"""Gin Rummy's scoring as pure functions: a hand's score, the settlement, Oklahoma's knock limit.

A knock that wins scores the difference of the two counts; an undercut (the defender's count
equal or lower) scores the difference and the undercut bonus to the defender; gin scores the
defender's count and the gin bonus and cannot be undercut. In Oklahoma a spade upcard doubles
the whole hand score. At the end of a game the winner receives his total, the game bonus and the
box bonus for each hand won beyond the loser's, less the loser's total.

Example:
    The source's seven hands (A knocks with 6 against 19, B goes gin against 24, …) and its
    settlement:

    >>> [hand_score(6, 19).points, hand_score(0, 24).points, hand_score(4, 4).points]
    [13, 49, 25]
    >>> str(hand_score(4, 4).winner), str(hand_score(4, 4).kind)
    ('defender', 'undercut')
    >>> settlement(118, 50, 5, 2)
    243
"""

from __future__ import annotations

import enum
from typing import Final

import attrs

from cardgames import cards, errors, validators
from cardgames.gin_rummy import _melds as melds
from cardgames.gin_rummy._rules import Rules

__all__ = [
    "HandResult",
    "Kind",
    "Side",
    "doubles",
    "explain_settlement",
    "hand_score",
    "knock_limit",
    "settlement",
]

_DEFAULT: Final = Rules()
_MINUS: Final = "−"
_MOST_COUNT: Final = 10 * melds.MAX_CARDS
"""No hand counts more: eleven cards of 10."""


class Side(enum.StrEnum, metaclass=validators.ExactLookup):
    """Who scores a hand: the player who knocked or his opponent, the defender.

    ``Side("knocker")`` is ``Side.KNOCKER``; anything else raises
    :class:`~cardgames.errors.RulesError`.
    """

    KNOCKER = "knocker"
    DEFENDER = "defender"

    @classmethod
    def _missing_(cls, value: object) -> Side:
        """Refuse a value that names no side (Python calls this when a lookup fails)."""
        raise errors.RulesError(f"{errors.quote(value)} is not a side: use 'knocker' or 'defender'")


class Kind(enum.StrEnum, metaclass=validators.ExactLookup, what="kind of hand"):
    """How a hand was won.

    ``Kind("gin")`` is ``Kind.GIN``; anything else raises :class:`~cardgames.errors.RulesError`.
    """

    KNOCK = "knock"
    """The knocker's count is lower: he scores the difference (rule 16)."""
    GIN = "gin"
    """The knocker's count is 0: he scores the defender's count and the gin bonus (rule 15)."""
    BIG_GIN = "big gin"
    """Gin with all eleven cards, no discard (option ``big_gin``, note G13)."""
    UNDERCUT = "undercut"
    """The defender's count is equal or lower: he scores the difference and the bonus (rule 17)."""


@attrs.frozen
class HandResult:
    """The score of a hand that ended with a knock.

    Attributes:
        winner: Who scores: the knocker or the defender.
        kind: Knock, gin, big gin or undercut.
        points: What the winner scores, the bonus and any doubling included.
        knocker_count: The knocker's count as laid out.
        defender_count: The defender's count after laying off.
        bonus: The gin, big gin or undercut bonus included (before doubling); 0 for a knock.
        doubled: Whether an Oklahoma spade upcard doubled the score.
        arithmetic: The computation in one line, e.g. ``"19 − 6 = 13"``.
    """

    winner: Side
    kind: Kind
    points: int
    knocker_count: int
    defender_count: int
    bonus: int
    doubled: bool
    arithmetic: str

    def describe(self, knocker: str = "the knocker", defender: str = "the defender") -> str:
        """Return the hand in one line, naming the two players as given.

        Example:
            >>> print(hand_score(6, 19).describe("A", "B"))
            A knocks with 6, B has 19: 19 − 6 = 13 to A
            >>> print(hand_score(4, 4).describe("seat 1", "seat 0"))
            seat 1 knocks with 4, seat 0 has 4: undercut, 4 − 4 + 25 = 25 to seat 0
        """
        if self.kind is Kind.GIN:
            went = "goes gin"
        elif self.kind is Kind.BIG_GIN:
            went = "goes big gin"
        else:
            went = f"knocks with {self.knocker_count}"
        scorer = knocker if self.winner is Side.KNOCKER else defender
        undercut = "undercut, " if self.kind is Kind.UNDERCUT else ""
        return (
            f"{knocker} {went}, {defender} has {self.defender_count}: "
            f"{undercut}{self.arithmetic} to {scorer}"
        )


def _whole(name: str, value: object, most: int = validators.LARGEST) -> int:
    """Return ``value`` checked to be an int (not a bool) from 0 to ``most``."""
    if type(value) is not int or not 0 <= value <= most:
        raise errors.RulesError(
            f"{name} must be a whole number from 0 to {most}, not {errors.quote(value)}"
        )
    return value


def _upcard(upcard: cards.Card | str | None) -> cards.Card | None:
    """Return the upcard given as a card or its text."""
    if upcard is None or isinstance(upcard, cards.Card):
        return upcard
    if isinstance(upcard, str):
        return cards.Card.parse(upcard)
    raise errors.RulesError(
        f"upcard must be a card or its text, such as '7♠', not {errors.quote(upcard)}"
    )


def _oklahoma_upcard(upcard: cards.Card | str | None, rules: Rules) -> cards.Card | None:
    """Return the upcard if it matters (Oklahoma); raise if Oklahoma lacks it."""
    card = _upcard(upcard)
    if not rules.oklahoma:
        return None
    if card is None:
        raise errors.RulesError("in Oklahoma the upcard sets the knock limit: give the upcard")
    return card


def knock_limit(upcard: cards.Card | str | None = None, rules: Rules | None = None) -> int:
    """Return the highest count a player may knock with in a hand (rules 12 and 24).

    Without Oklahoma it is ``rules.knock_limit`` (10) whatever the upcard. In Oklahoma the first
    upcard sets it: a ten or a court card 10, a pip card its value, an ace 0 (gin only) or 1 as
    ``rules.ace_upcard`` says (note G7).

    Args:
        upcard: The hand's first upcard, as a card or its text; needed in Oklahoma only.
        rules: The options; None for the defaults.

    Raises:
        RulesError: If Oklahoma is on and no upcard is given, or the upcard is not a card.
        CardParseError: If the upcard's text is not a card.

    Example:
        >>> oklahoma = Rules(oklahoma=True)
        >>> [knock_limit(card, oklahoma) for card in ("K♣", "10♦", "7♥", "3♠", "A♦")]
        [10, 10, 7, 3, 0]
        >>> knock_limit("A♦", Rules(oklahoma=True, ace_upcard="knock_at_1")), knock_limit()
        (1, 10)
    """
    rules = _rules(rules)
    card = _oklahoma_upcard(upcard, rules)
    if card is None:
        return rules.knock_limit
    if card.rank is cards.Rank.ACE and rules.ace_upcard == "gin_only":
        return 0
    return melds.VALUES[card.index]


def doubles(upcard: cards.Card | str | None = None, rules: Rules | None = None) -> bool:
    """Return whether the hand's score is doubled: an Oklahoma spade upcard (rule 26).

    Raises:
        RulesError: If Oklahoma is on and no upcard is given.

    Example:
        >>> doubles("7♠", Rules(oklahoma=True)), doubles("7♠", Rules())
        (True, False)
    """
    rules = _rules(rules)
    card = _oklahoma_upcard(upcard, rules)
    return card is not None and rules.spade_doubles and card.suit is cards.Suit.SPADES


def _rules(rules: Rules | None) -> Rules:
    """Return the options checked to be Gin Rummy's ``Rules``; the defaults for None."""
    if rules is None:
        return _DEFAULT
    if not isinstance(rules, Rules):
        raise errors.RulesError(f"expected gin_rummy.Rules, not {type(rules).__name__}")
    return rules


def hand_score(
    knocker_count: int,
    defender_count: int,
    *,
    rules: Rules | None = None,
    upcard: cards.Card | str | None = None,
    big_gin: bool = False,
) -> HandResult:
    """Return the score of a hand that ended with a knock (rules 15–18, 26).

    Args:
        knocker_count: The knocker's count as he laid out his hand (0 for gin).
        defender_count: The defender's count after laying off.
        rules: The options (bonuses, Oklahoma); None for the defaults.
        upcard: The hand's first upcard, needed in Oklahoma: it sets the knock limit, and a
            spade doubles the score. Ignored otherwise.
        big_gin: Whether the knocker went out with all eleven cards (option ``big_gin``).

    Raises:
        RulesError: If a count is not a whole number from 0 to 110, the knocker's count is above
            the hand's knock limit, big gin is claimed with a count or without the option, or
            Oklahoma is on without an upcard.

    Example:
        >>> result = hand_score(0, 24)
        >>> result.winner, result.kind, result.points, result.arithmetic
        (<Side.KNOCKER: 'knocker'>, <Kind.GIN: 'gin'>, 49, '24 + 25 = 49')
        >>> hand_score(0, 0).points  # gin is never undercut (note G6)
        25
        >>> print(hand_score(7, 16, rules=Rules(oklahoma=True), upcard="7♠").arithmetic)
        (16 − 7) × 2 = 18
        >>> hand_score(11, 30)
        Traceback (most recent call last):
        ...
        cardgames.errors.RulesError: the knocker's count must be at most the knock limit, 10, not 11
    """
    rules = _rules(rules)
    knocker_count = _whole("knocker_count", knocker_count, _MOST_COUNT)
    defender_count = _whole("defender_count", defender_count, _MOST_COUNT)
    limit = knock_limit(upcard, rules)
    if knocker_count > limit:
        raise errors.RulesError(
            f"the knocker's count must be at most the knock limit, {limit}, not {knocker_count}"
        )
    if type(big_gin) is not bool:
        raise errors.RulesError(f"big_gin must be True or False, not {errors.quote(big_gin)}")
    if big_gin and not rules.big_gin:
        raise errors.RulesError("big gin is not played: it needs Rules(big_gin=True)")
    if big_gin and knocker_count:
        raise errors.RulesError(f"big gin has no count, not {knocker_count}")
    if knocker_count == 0:
        kind = Kind.BIG_GIN if big_gin else Kind.GIN
        bonus = rules.big_gin_bonus if big_gin else rules.gin_bonus
        winner, base, sum_text = Side.KNOCKER, defender_count + bonus, f"{defender_count} + {bonus}"
    elif knocker_count < defender_count:
        kind, bonus, winner = Kind.KNOCK, 0, Side.KNOCKER
        base = defender_count - knocker_count
        sum_text = f"{defender_count} {_MINUS} {knocker_count}"
    else:
        kind, bonus, winner = Kind.UNDERCUT, rules.undercut_bonus, Side.DEFENDER
        base = knocker_count - defender_count + bonus
        sum_text = f"{knocker_count} {_MINUS} {defender_count} + {bonus}"
    doubled = doubles(upcard, rules)
    points = base * 2 if doubled else base
    arithmetic = f"({sum_text}) × 2 = {points}" if doubled else f"{sum_text} = {points}"
    return HandResult(
        winner=winner,
        kind=kind,
        points=points,
        knocker_count=knocker_count,
        defender_count=defender_count,
        bonus=bonus,
        doubled=doubled,
        arithmetic=arithmetic,
    )


def settlement(
    winner_total: int,
    loser_total: int,
    winner_hands: int,
    loser_hands: int,
    *,
    rules: Rules | None = None,
) -> int:
    """Return what the winner of a game receives from the loser (rules 21–23).

    The winner's total, plus the game bonus (the shutout bonus instead, if that option is on
    and the loser scored nothing), plus the box bonus for each hand he won beyond the loser's
    (negative if he won fewer), less the loser's total.

    Args:
        winner_total: The winner's total in the game.
        loser_total: The loser's total in the game.
        winner_hands: How many hands the winner won (scored) in the game; void hands count for
            no one.
        loser_hands: How many hands the loser won.
        rules: The bonuses; None for the source's.

    Raises:
        RulesError: If an argument is not a whole number from 0 to 2**63 - 1.

    Example:
        >>> settlement(118, 50, 5, 2)
        243
        >>> settlement(104, 0, 4, 0), settlement(104, 0, 4, 0, rules=Rules(shutout_rule=True))
        (304, 404)
    """
    return _settled(winner_total, loser_total, winner_hands, loser_hands, rules)[0]


def explain_settlement(
    winner_total: int,
    loser_total: int,
    winner_hands: int,
    loser_hands: int,
    *,
    rules: Rules | None = None,
) -> str:
    """Return the arithmetic of :func:`settlement` in one line.

    Raises:
        RulesError: As :func:`settlement`.

    Example:
        >>> print(explain_settlement(118, 50, 5, 2))
        118 + 100 + 25 × (5 − 2) − 50 = 243
        >>> print(explain_settlement(104, 0, 4, 0, rules=Rules(shutout_rule=True)))
        104 + 200 shutout + 25 × (4 − 0) − 0 = 404
    """
    return _settled(winner_total, loser_total, winner_hands, loser_hands, rules)[1]


def _settled(
    winner_total: object,
    loser_total: object,
    winner_hands: object,
    loser_hands: object,
    rules: Rules | None,
) -> tuple[int, str]:
    """Return the settlement and its arithmetic, the arguments checked."""
    rules = _rules(rules)
    won = _whole("winner_total", winner_total)
    lost = _whole("loser_total", loser_total)
    boxes = _whole("winner_hands", winner_hands)
    other = _whole("loser_hands", loser_hands)
    shutout = rules.shutout_rule and lost == 0
    bonus = rules.shutout_game_bonus if shutout else rules.game_bonus
    owed = won + bonus + rules.box_bonus * (boxes - other) - lost
    game = f"{bonus} shutout" if shutout else f"{bonus}"
    text = (
        f"{won} + {game} + {rules.box_bonus} × ({boxes} {_MINUS} {other}) {_MINUS} {lost} = {owed}"
    )
    return owed, text
