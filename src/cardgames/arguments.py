"""The checks of the arguments of every game's public functions: seats, turns, rules, states.

A game's public functions check what they are given here, once, at the boundary, and raise a
:class:`~cardgames.errors.RulesError` (or, for a move out of turn, the move's own error) that
says what was wrong; the functions they call inside the game trust their arguments. A game
reads most of these through its :class:`cardgames.about.About`, which knows its name, rules,
state and player counts.

Example:
    >>> from cardgames import arguments
    >>> arguments.check_seat(3, 4)
    3
    >>> arguments.check_seat(4, 4)
    Traceback (most recent call last):
    ...
    cardgames.errors.RulesError: seat must be a seat from 0 to 3, not 4
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from cardgames import dealing, errors, moves

__all__ = [
    "check_new_game",
    "check_players",
    "check_rules",
    "check_seat",
    "check_state",
    "check_turn",
    "start_seed",
]


def _check_text(value: object, name: str) -> str:
    """Return an argument checked to be text (a game's name for a thing, in messages)."""
    if not isinstance(value, str):
        raise errors.RulesError(f"{name} must be text, not {errors.quote(value)}")
    return value


def _check_count(players: object) -> int:
    """Return a number of seats checked to be a whole number of 1 or more."""
    if type(players) is not int or players < 1:
        raise errors.RulesError(
            f"players must be a whole number of 1 or more, not {errors.quote(players)}"
        )
    return players


def check_seat(seat: object, players: int, *, what: str = "seat") -> int:
    """Return a seat argument checked to be an int in ``range(players)``.

    Raises:
        RulesError: For any other value.
    """
    if type(seat) is int and type(players) is int and 0 <= seat < players:
        return seat
    _check_count(players)
    what = _check_text(what, "what")
    raise errors.RulesError(
        f"{what} must be a seat from 0 to {errors.quote(players - 1)}, not {errors.quote(seat)}"
    )


OptionsT = TypeVar("OptionsT")


def check_rules(value: object, rules_type: type[OptionsT], module: str) -> OptionsT:
    """Return a ``rules`` argument checked to be the game's ``Rules``; the defaults for None.

    Args:
        value: The argument.
        rules_type: The game's ``Rules`` class.
        module: The game's module name for the message, e.g. ``"kalter_schlag"``.

    Raises:
        RulesError: For anything else (another game's rules, a dict …).
    """
    if not isinstance(rules_type, type):
        raise errors.RulesError(f"rules_type must be a class, not {errors.quote(rules_type)}")
    if value is None:
        return rules_type()
    if not isinstance(value, rules_type):
        module = _check_text(module, "module")
        raise errors.RulesError(f"expected {module}.Rules, not {type(value).__name__}")
    return value


def check_state(value: object, state_type: type[OptionsT], module: str) -> OptionsT:
    """Return a ``state`` argument checked to be a state of the game.

    A game's hot paths test ``type(state) is State`` inline and call this only when the test
    fails, so that checking costs them nothing more.

    Args:
        value: The argument.
        state_type: The game's ``State`` class.
        module: The game's module name for the message, e.g. ``"kalter_schlag"``.

    Raises:
        RulesError: For anything else: another game's state, a view, None … The message names
            what was expected and what came.
    """
    if type(value) is state_type:
        return value
    if not isinstance(state_type, type):
        raise errors.RulesError(f"state_type must be a class, not {errors.quote(state_type)}")
    module = _check_text(module, "module")
    kind = type(value)
    came = errors.quote(value)
    if kind.__module__.startswith("cardgames."):  # another game's state, a view …
        came = f"a {kind.__module__.split('.')[1]}.{kind.__name__}"
    raise errors.RulesError(
        f"expected a {module}.{state_type.__name__} (from {module}.new_game or apply), not {came}"
    )


def check_players(
    players: object, allowed: tuple[int, ...], *, says: str, none_is_usual: bool = True
) -> int:
    """Return a ``players`` argument checked to be one of ``allowed``; the first for None.

    Args:
        players: The argument.
        allowed: The game's player counts, the usual one first.
        says: The rule for the message, e.g. ``"Kalter Schlag is played by exactly 4 players"``.
        none_is_usual: Whether None stands for the usual count (``new_game``'s ``players``); a
            function whose ``players`` is not optional (``pack``, ``max_hand_moves``) refuses it.

    Raises:
        RulesError: For any other value (``4.0`` and ``True`` included, and None unless
            ``none_is_usual``).
    """
    if not _counts(allowed):
        raise errors.RulesError(
            f"allowed must be a tuple of player counts, not {errors.quote(allowed)}"
        )
    if players is None and none_is_usual:
        return allowed[0]
    if type(players) is int and players in allowed:
        return players
    says = _check_text(says, "says")
    raise errors.RulesError(f"{says}, not {errors.quote(players)}")


def _counts(allowed: object) -> bool:
    """Return whether ``allowed`` is a tuple of player counts, the usual one first."""
    return isinstance(allowed, tuple) and bool(allowed) and all(type(n) is int for n in allowed)


def check_turn(mover: int | None, seat: object, move: object) -> int:
    """Return the seat to move, checking that the match goes on and ``seat`` (if given) is it.

    Args:
        mover: The game's ``current_player``.
        seat: The ``seat`` given to ``apply``, or None.
        move: The move, for the error.

    Raises:
        MatchOverError: If the match is over.
        NotYourTurnError: If ``seat`` is given and is not the seat to move.
        IllegalMoveError: If ``seat`` is given and the move is a stacked deal (a subclass of
            ``Deal`` included): no player may choose the cards (a stacked deal is built in code
            and applied without a seat).
        RulesError: If ``mover`` is neither a seat nor None, or ``seat`` is neither a seat
            number nor None (``"2"``, ``2.0``, ``True``, ``-1``).
    """
    if mover is not None and type(mover) is not int:
        raise errors.RulesError(f"mover must be a seat or None, not {errors.quote(mover)}")
    if seat is not None and (type(seat) is not int or seat < 0):
        raise errors.RulesError(
            f"seat must be a seat number (a whole number from 0) or None, not {errors.quote(seat)}"
        )
    if mover is None:
        raise errors.MatchOverError("the match is over: no more moves", move=move, seat=seat)
    if seat is not None and seat != mover:
        raise errors.NotYourTurnError(
            f"not your turn: seat {mover} is to move, not seat {errors.quote(seat)}",
            move=move,
            seat=seat,
        )
    if seat is not None and isinstance(move, moves.Deal) and move.order is not None:
        raise errors.IllegalMoveError(
            "a stacked deal is not a player's move: the dealer deals with Deal(); a stacked deal "
            "is built in code and applied without a seat",
            move=move,
            seat=seat,
        )
    return mover


def check_new_game(
    rules: object,
    *,
    seed: object,
    players: object,
    first_dealer: object,
    rules_type: type[OptionsT],
    module: str,
    allowed: tuple[int, ...],
    says: str,
    draw_first_dealer: Callable[[int, int], int] | None = None,
) -> tuple[OptionsT, int, int, int]:
    """Check a game's ``new_game`` arguments; return its rules, seed, players and first dealer.

    Args:
        rules: The ``rules`` argument (None for the defaults).
        seed: The ``seed`` argument (None for a fresh random seed).
        players: The ``players`` argument (None for the usual count, the first of ``allowed``).
        first_dealer: The ``first_dealer`` argument (None to draw one from the seed).
        rules_type: The game's ``Rules`` class.
        module: The game's module name for messages, e.g. ``"kalter_schlag"``.
        allowed: The game's player counts, the usual one first.
        says: The player-count rule for the message.
        draw_first_dealer: ``draw(seed, players)``, the game's own way to draw the first dealer;
            None draws a seat uniformly from the seed.

    Raises:
        RulesError: For rules of another kind, a player count not allowed, a seed that is not a
            whole number, or a first dealer that is not a seat.
    """
    checked = check_rules(rules, rules_type, module)
    count = check_players(players, allowed, says=says)
    fresh = start_seed(seed)
    if first_dealer is None:
        if draw_first_dealer is None:
            first_dealer = dealing.rng(fresh, "first dealer").randrange(count)
        else:
            first_dealer = draw_first_dealer(fresh, count)
    return checked, fresh, count, check_seat(first_dealer, count, what="first_dealer")


def start_seed(seed: object) -> int:
    """Return a ``seed`` argument checked to be an int, or a fresh random seed for None.

    See :func:`cardgames.dealing.check_seed` for what a seed may be.

    Raises:
        RulesError: For any other value.
    """
    if seed is None:
        return dealing.new_seed()
    if type(seed) is int and seed.bit_length() <= dealing.SEED_BITS:
        return seed
    raise errors.RulesError(
        f"seed must be a whole number (of at most {dealing.SEED_BITS} bits) or None, "
        f"not {errors.quote(seed)}"
    )
