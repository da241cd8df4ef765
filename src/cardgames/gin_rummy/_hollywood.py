"""Hollywood scoring: three games on one sheet, each entered in turn and settled on its own.

A player's first winning hand is written in game 1; his second in games 1 and 2; his third and
every later one in all three games still open (rule 28). A game closes when a player reaches
the target in it (150 by default) and is settled like a plain game, with the boxes won in that
game (rules 29–30). The session ends when all three are closed, or, with
``hollywood_end="one_player_all_three"``, when one player has the target in all three (rule 31).

Example:
    The source's five Oklahoma hands: A wins three, then B two, the last one doubled.

    >>> sheet = HollywoodSheet()
    >>> for seat, points in ((0, 18), (0, 6), (0, 11), (1, 26), (1, 18)):
    ...     sheet = sheet.record(seat, points)
    >>> sheet.columns(0), sheet.columns(1)
    ((35, 17, 11), (44, 18, None))
"""

from __future__ import annotations

from typing import Final

import attrs

from cardgames import errors
from cardgames.gin_rummy import _scoring as scoring
from cardgames.gin_rummy._rules import Rules

__all__ = ["GAMES", "HollywoodGame", "HollywoodSheet"]

GAMES: Final = 3
"""A Hollywood sheet holds three games («три двойных столбца»)."""

SEATS: Final = 2


@attrs.frozen
class HollywoodGame:
    """One game (a pair of columns) of a Hollywood sheet.

    Attributes:
        number: The game's number, 1 to 3.
        totals: Each seat's total in this game; None for a seat that has not entered it.
        boxes: How many hands each seat has scored in this game.
        closed: Whether the game is over (its target reached, or the session ended).
        winner: The seat that won the game once it is closed; None before, or for a drawn
            game (equal totals when the session ended).
        settlement: What the winner receives from the loser once the game is closed and won.
    """

    number: int
    totals: tuple[int | None, int | None] = (None, None)
    boxes: tuple[int, int] = (0, 0)
    closed: bool = False
    winner: int | None = None
    settlement: int | None = None

    def total(self, seat: int) -> int:
        """Return the seat's total in this game, 0 if it has not entered it.

        Raises:
            RulesError: If ``seat`` is not 0 or 1.
        """
        return self.totals[_seat(seat)] or 0

    def close(self, rules: Rules) -> HollywoodGame:
        """Return the game closed and settled between its two totals (rule 30).

        The higher total wins; equal totals leave the game drawn, with no settlement.

        Raises:
            RulesError: If ``rules`` is not Gin Rummy's ``Rules``.
        """
        _check_rules(rules)
        first, second = self.total(0), self.total(1)
        if first == second:
            return attrs.evolve(self, closed=True)
        winner = 0 if first > second else 1
        loser = 1 - winner
        owed = scoring.settlement(
            self.total(winner),
            self.total(loser),
            self.boxes[winner],
            self.boxes[loser],
            rules=rules,
        )
        return attrs.evolve(self, closed=True, winner=winner, settlement=owed)


@attrs.frozen
class HollywoodSheet:
    """A Hollywood score sheet: three games scored at once (rules 27–31). Immutable.

    Attributes:
        rules: The options it follows: ``hollywood_target``, ``hollywood_end`` and the game,
            box and shutout bonuses of the settlement.
        games: The three games, game 1 first.

    Example:
        >>> sheet = HollywoodSheet(Rules(hollywood_target=20)).record(0, 18).record(0, 6)
        >>> sheet.columns(0), sheet.closed
        ((24, 6, None), (1,))
        >>> game = sheet.games[0]
        >>> game.winner, game.settlement  # 24 + 100 + 2 × 25 − 0
        (0, 174)
    """

    rules: Rules = attrs.field(default=Rules(hollywood=True))
    games: tuple[HollywoodGame, ...] = tuple(HollywoodGame(number=number) for number in range(1, 4))

    @rules.validator
    def _check_rules(self, _attribute: object, value: object) -> None:
        _check_rules(value)

    def columns(self, seat: int) -> tuple[int | None, ...]:
        """Return the seat's total in each game, None for a game it has not entered.

        Raises:
            RulesError: If ``seat`` is not 0 or 1.
        """
        seat = _seat(seat)
        return tuple(game.totals[seat] for game in self.games)

    @property
    def closed(self) -> tuple[int, ...]:
        """The numbers of the closed games."""
        return tuple(game.number for game in self.games if game.closed)

    @property
    def over(self) -> bool:
        """Whether the session has ended: every game is closed (and settled)."""
        return all(game.closed for game in self.games)

    def net(self, seat: int) -> int:
        """Return what the seat has won (positive) or lost over the settled games.

        Raises:
            RulesError: If ``seat`` is not 0 or 1.
        """
        seat = _seat(seat)
        won = 0
        for game in self.games:
            if game.winner is not None and game.settlement is not None:
                won += game.settlement if game.winner == seat else -game.settlement
        return won

    def record(self, winner_seat: int, points: int) -> HollywoodSheet:
        """Return the sheet after a hand that ``winner_seat`` won with ``points`` (rule 28).

        The points go to every open game the seat has entered, and enter it in the first open
        game it has not. A game whose total reaches the target closes and is settled (rule 29);
        with ``hollywood_end="one_player_all_three"`` no game closes until one seat has the
        target in all three, and then all are settled.

        Raises:
            RulesError: If the seat is not 0 or 1, the points are not a whole number of 0 or
                more, or the session is over.
        """
        seat = _seat(winner_seat, what="winner_seat")
        if type(points) is not int or points < 0:
            raise errors.RulesError(
                f"points must be a whole number of 0 or more, not {errors.quote(points)}"
            )
        if self.over:
            raise errors.RulesError("the Hollywood session is over: every game is closed")
        games: list[HollywoodGame] = []
        entering = True
        for game in self.games:
            if game.closed or (game.totals[seat] is None and not entering):
                games.append(game)
                continue
            if game.totals[seat] is None:
                entering = False
            added = game.total(seat) + points
            first, second = game.totals
            one, two = game.boxes
            totals = (added, second) if seat == 0 else (first, added)
            boxes = (one + 1, two) if seat == 0 else (one, two + 1)
            games.append(attrs.evolve(game, totals=totals, boxes=boxes))
        target = self.rules.hollywood_target
        if self.rules.hollywood_end == "all_closed":
            games = [
                game.close(self.rules) if not game.closed and game.total(seat) >= target else game
                for game in games
            ]
        elif all(game.total(seat) >= target for game in games):
            games = [game.close(self.rules) for game in games]
        return HollywoodSheet(rules=self.rules, games=tuple(games))

    def ended(self) -> HollywoodSheet:
        """Return the sheet with every open game closed and settled between its totals.

        What ``max_hands`` does when it stops a session: the higher total of each open game
        wins it; equal totals leave it drawn.
        """
        return HollywoodSheet(
            rules=self.rules,
            games=tuple(game if game.closed else game.close(self.rules) for game in self.games),
        )


def _seat(seat: object, *, what: str = "seat") -> int:
    """Return ``seat`` checked to be 0 or 1."""
    if type(seat) is int and 0 <= seat < SEATS:
        return seat
    raise errors.RulesError(f"{what} must be 0 or 1, not {errors.quote(seat)}")


def _check_rules(rules: object) -> None:
    """Refuse options that are not Gin Rummy's ``Rules`` (None included: they are needed)."""
    if not isinstance(rules, Rules):
        raise errors.RulesError(f"expected gin_rummy.Rules, not {type(rules).__name__}")
