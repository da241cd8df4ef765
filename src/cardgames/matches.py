"""A match's record: the score of each hand, the score sheet, and what every state reads from it.

Every game's ``State`` holds a :class:`Match` (what no move inside a hand changes: the rules,
the seed, the seats, the score sheet) and inherits the read-only properties that forward to it
from :class:`MatchFacts`. Each game's ``score`` returns a :class:`Score` read from the match,
whose hands are the game's own :class:`HandScore`.

Example:
    >>> from cardgames import kalter_schlag, matches
    >>> state = kalter_schlag.new_game(seed=3, first_dealer=1)
    >>> isinstance(state, matches.MatchFacts), state.match.hand_number, state.dealer
    (True, 0, 1)
    >>> kalter_schlag.score(state).totals
    (0, 0, 0, 0)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final, Generic, NoReturn, TypeVar, overload

import attrs
import typing_extensions

from cardgames import arguments, dealing, errors, history

__all__ = ["MOST_PLAYERS", "HandScore", "Match", "MatchFacts", "Score", "Sheet", "check_step"]


@attrs.frozen
class HandScore:
    """What one finished hand changed on the score sheet.

    Attributes:
        number: The hand's number in the match, from 1.
        points: Each seat's change to its total in this hand.
        explanation: The arithmetic in one line, e.g.
            ``"seat 2: 66 card points × 2 Kontra × 2 one Jungfrau = 264 → 260"``.
    """

    number: int
    points: tuple[int, ...]
    explanation: str


HandScoreT_co = typing_extensions.TypeVar(
    "HandScoreT_co", bound=HandScore, default=HandScore, covariant=True
)


@attrs.frozen
class Score(Generic[HandScoreT_co]):
    """The score sheet of a match at some point: totals, finished hands, result.

    It is generic in the game's kind of hand score: ``kalter_schlag.score`` returns a
    ``Score[kalter_schlag.HandScore]``, whose hands carry card points and tricks. Games with more
    to report subclass it.

    Attributes:
        totals: Each seat's running total (game points, penalty points or chips: see the game).
        hands: Each finished hand's changes, oldest first.
        over: Whether the match has ended.
        winners: The seats that won the match (empty while it goes on).
        losers: The seats that lost the match (empty while it goes on).
    """

    totals: tuple[int, ...]
    hands: tuple[HandScoreT_co, ...]
    over: bool
    winners: tuple[int, ...]
    losers: tuple[int, ...]

    @classmethod
    def of(
        cls,
        match: Match[object, HandScoreT_co],
        **more: Any,  # noqa: ANN401  # a subclass's fields
    ) -> typing_extensions.Self:
        """Return the score sheet of a match as it stands: what each game's ``score`` returns.

        A game whose sheet has more to report (a subclass) gives its fields as keywords.

        Raises:
            RulesError: If ``match`` is not a :class:`Match`.

        Example:
            >>> sheet = Score.of(Match.opening("rules", 7, 2, first_dealer=0))
            >>> sheet.totals, sheet.hands, sheet.over, sheet.winners
            ((0, 0), (), False, ())
        """
        given: object = match  # callers may pass anything
        if not isinstance(given, Match):
            raise errors.RulesError(
                f"a score sheet is read from a Match, not {errors.quote(given)}"
            )
        return cls(
            totals=match.totals,
            hands=tuple(match.hand_scores),
            over=match.winners is not None,
            winners=match.winners or (),
            losers=match.losers or (),
            **more,
        )


RulesT_co = TypeVar("RulesT_co", covariant=True)
HandT_co = TypeVar("HandT_co", bound=HandScore, covariant=True)
MoveT_co = TypeVar("MoveT_co", covariant=True)


HandT = TypeVar("HandT", bound=HandScore)


class Sheet(Sequence[HandT_co]):
    """A match's finished hands, oldest first: an immutable sequence that grows in constant time.

    Closing a hand adds one link to a chain the earlier sheets share (:meth:`add`), so the cost
    of a hand does not grow with the hands before it. It reads like a tuple; ``tuple(sheet)`` (or
    a ``Score``'s ``hands``) gives one.

    Example:
        >>> from cardgames import matches
        >>> sheet = matches.Sheet().add(matches.HandScore(1, (5, 0), "seat 0 +5"))
        >>> sheet = sheet.add(matches.HandScore(2, (0, 3), "seat 1 +3"))
        >>> len(sheet), sheet[-1].explanation, [hand.number for hand in sheet]
        (2, 'seat 1 +3', [1, 2])
    """

    __slots__ = ("_chain", "_items")

    _chain: history.History[HandT_co] | None
    _items: tuple[HandT_co, ...] | None

    def __init__(self, chain: history.History[HandT_co] | None = None) -> None:
        """Wrap a chain of hand scores (None for no hand yet)."""
        object.__setattr__(self, "_chain", chain)
        object.__setattr__(self, "_items", None if chain is not None else ())

    def __setattr__(self, name: str, value: object) -> NoReturn:
        """Refuse to change a sheet: later states share it."""
        raise AttributeError(f"a score sheet cannot be changed: Sheet.{name} is read-only")

    def __delattr__(self, name: str) -> NoReturn:
        """Refuse to delete a part of a sheet: later states share it."""
        raise AttributeError(f"a score sheet cannot be changed: Sheet.{name} cannot be deleted")

    def add(self: Sheet[HandT], hand: HandT) -> Sheet[HandT]:
        """Return the sheet with one more finished hand."""
        return Sheet(history.History(hand, self._chain))

    def _tuple(self) -> tuple[HandT_co, ...]:
        """Return the hands as a tuple, built once per sheet."""
        items: tuple[HandT_co, ...] | None = self._items
        if items is None:
            items = history.moves_of(self._chain)
            object.__setattr__(self, "_items", items)
        return items

    def __len__(self) -> int:
        """Return the number of finished hands."""
        return 0 if self._chain is None else self._chain.length

    @overload
    def __getitem__(self, index: int) -> HandT_co: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[HandT_co, ...]: ...

    def __getitem__(self, index: int | slice) -> HandT_co | tuple[HandT_co, ...]:
        """Return a hand (the last one without building the tuple), or a slice as a tuple."""
        chain = self._chain
        if chain is not None and type(index) is int and (index == -1 or index == chain.length - 1):
            return chain.move
        return self._tuple()[index]

    def __iter__(self) -> Iterator[HandT_co]:
        """Iterate over the hands, oldest first."""
        return iter(self._tuple())

    def __eq__(self, other: object) -> bool:
        """Compare two sheets by their hands."""
        if not isinstance(other, Sheet):
            return NotImplemented
        return bool(self._chain == other._chain)

    def __hash__(self) -> int:
        """Hash the hands (computed once per link)."""
        return hash(self._chain)

    def __reduce__(self) -> tuple[Callable[..., Sheet[HandT_co]], tuple[object, ...]]:
        """Pickle the sheet as its chain (which pickles flat)."""
        return Sheet, (self._chain,)

    def __repr__(self) -> str:
        """Return a summary: the number of hands."""
        return f"<Sheet of {len(self)} hands>"


MOST_PLAYERS: Final = 100
"""The most seats a :class:`Match` may have: far more than any game seats (Mariage's 10), and a
bound that keeps a per-seat tuple small."""


@attrs.frozen
class Match(Generic[RulesT_co, HandT_co]):
    """What no move inside a hand changes: the rules, the seats, the seed and the score sheet.

    Every game's ``State`` holds one, so a move copies one reference for all of these. A game
    with more to keep for the whole match (a chip ledger, a Hollywood sheet) subclasses it.
    ``apply`` builds a new one only when a hand is dealt or closed.

    Attributes:
        rules: The match's options.
        seed: The seed every deal of the match derives from.
        players: The number of seats.
        first_dealer: The seat that dealt the first hand.
        hand_number: 0 before the first deal, then the number of hands dealt.
        totals: Each seat's running total (game points, penalty points or chips: see the game).
        hand_scores: Each finished hand's score, oldest first.
        winners: The match's winners once it is over, else None.
        losers: The match's losers once it is over, else None.
    """

    rules: RulesT_co
    seed: int
    players: int
    first_dealer: int
    hand_number: int
    totals: tuple[int, ...]
    hand_scores: Sheet[HandT_co]
    winners: tuple[int, ...] | None
    losers: tuple[int, ...] | None

    @classmethod
    def opening(
        cls,
        rules: RulesT_co,  # type: ignore[misc]  # a constructor: a covariant parameter is safe
        seed: int,
        players: int,
        first_dealer: int,
        **more: Any,  # noqa: ANN401  # a subclass's fields
    ) -> typing_extensions.Self:
        """Return the match before its first deal: no hand, zero totals, no result.

        A game whose ``Match`` has more fields gives their starting values as keywords.

        Raises:
            RulesError: If ``seed`` is not a whole number, ``players`` not a count from 1 to
                :data:`MOST_PLAYERS`, or ``first_dealer`` not one of the seats.

        Example:
            >>> match = Match.opening("rules", 7, 4, first_dealer=2)
            >>> match.hand_number, match.totals, len(match.hand_scores), match.winners
            (0, (0, 0, 0, 0), 0, None)
        """
        if type(players) is not int or not 1 <= players <= MOST_PLAYERS:
            raise errors.RulesError(
                f"players must be a whole number from 1 to {MOST_PLAYERS}, "
                f"not {errors.quote(players)}"
            )
        dealing.check_seed(seed)
        arguments.check_seat(first_dealer, players, what="first_dealer")
        return cls(
            rules=rules,
            seed=seed,
            players=players,
            first_dealer=first_dealer,
            hand_number=0,
            totals=(0,) * players,
            hand_scores=Sheet(),
            winners=None,
            losers=None,
            **more,
        )


class MatchFacts(Generic[RulesT_co, HandT_co, MoveT_co]):
    """The read-only facts of a match that every game's ``State`` has, read from its ``match``.

    A game's ``State`` (a frozen attrs class) inherits from this and has the fields ``match``
    (a :class:`Match`) and ``history`` (the move history). The properties here forward to them;
    a game adds only its own facts.
    """

    __slots__ = ()

    match: Match[RulesT_co, HandT_co]
    history: history.History[MoveT_co] | None

    @property
    def rules(self) -> RulesT_co:
        """The match's options."""
        return self.match.rules

    @property
    def seed(self) -> int:
        """The seed every deal of the match derives from."""
        return self.match.seed

    @property
    def players(self) -> int:
        """The number of seats."""
        return self.match.players

    @property
    def first_dealer(self) -> int:
        """The seat that dealt the first hand."""
        return self.match.first_dealer

    @property
    def hand_number(self) -> int:
        """0 before the first deal, then the number of hands dealt."""
        return self.match.hand_number

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's running total, in the game's unit (see the game's ``Score``)."""
        return self.match.totals

    @property
    def hand_scores(self) -> Sheet[HandT_co]:
        """Each finished hand's score, oldest first."""
        return self.match.hand_scores

    @property
    def winners(self) -> tuple[int, ...] | None:
        """The match's winners once it is over, else None."""
        return self.match.winners

    @property
    def losers(self) -> tuple[int, ...] | None:
        """The match's losers once it is over, else None."""
        return self.match.losers

    @property
    def over(self) -> bool:
        """Whether the match has ended."""
        return self.match.winners is not None

    @property
    def dealer(self) -> int:
        """The seat that dealt the current hand, or deals next before the first hand.

        The deal passes to the left after every hand; a game whose deal moves otherwise
        overrides this.
        """
        match = self.match
        return (match.first_dealer + max(match.hand_number - 1, 0)) % match.players

    @property
    def moves(self) -> tuple[MoveT_co, ...]:
        """Every move applied since the match began, oldest first."""
        return history.moves_of(self.history)

    def _repr_svg_(self) -> str:
        """Return the match drawn with every hand open (:func:`cardgames.drawing.svg`).

        What a notebook shows for a state: every game's ``State`` inherits it.
        """
        from cardgames import drawing  # noqa: PLC0415  # drawing reads the games, which import this

        return drawing.svg(self, open_hands=True)


def check_step(before: object, move: object, after: object) -> None:
    """Check that ``after`` is the state ``move`` led to from ``before``, as its history records.

    A game's ``narrate`` calls this (after checking that both are its states), so that a line is
    never made of two states that do not follow one another.

    Raises:
        RulesError: If ``before`` or ``after`` is not a state, ``after``'s last move is not
            ``move``, or the history before it is not ``before``'s.
    """
    if not isinstance(before, MatchFacts) or not isinstance(after, MatchFacts):
        raise errors.RulesError(
            f"expected two states, not {errors.quote(before)} and {errors.quote(after)}"
        )
    last = after.history
    if last is not None and last.previous is before.history and last.move == move:
        return  # after was made from before itself: it shares its history link
    if last is None or last.move != move or last.previous != before.history:
        raise errors.RulesError(
            f"after must be the state that {errors.quote(move)} led to from before "
            "(after = apply(before, move))"
        )
