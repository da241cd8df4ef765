"""The checks every search agent makes of its fields: the game it plays, and its budgets.

:class:`cardgames.search.PimcAgent`, :class:`cardgames.search.RolloutAgent` and
:class:`cardgames.gin_rummy.SearchAgent` each take a budget per move, of wall-clock seconds and
of a count (positions, nodes or worlds), and the two trick-game agents take a game by its name;
the checks and their messages are written here once.
"""

from __future__ import annotations

import importlib
import math
import types
from typing import Final

import attrs

from cardgames import errors, game

__all__ = ["MOST_SECONDS", "check_budget", "check_count", "check_seconds", "game_with", "seconds"]


def game_with(name: object, *needs: str, agent: str) -> tuple[game.AnyGame, types.ModuleType]:
    """Return a game's registry entry and package, refusing a game without the functions needed.

    Args:
        name: The game's name in :data:`cardgames.GAMES`.
        needs: The functions the agent calls from the game's package (``"worlds"``, ...).
        agent: The agent's name, for the message: ``"pimc"``, ``"rollout"``.

    Raises:
        RulesError: If ``name`` names no game, or the game lacks one of ``needs`` or a View.
    """
    import cardgames  # noqa: PLC0415  # the registry imports this module's users first

    entry = cardgames.GAMES.get(name) if isinstance(name, str) else None
    if entry is None:
        raise errors.RulesError(
            f"game must be the name of a game in cardgames.GAMES, not {errors.quote(name)}"
        )
    package = importlib.import_module(entry.module)
    if entry.view_type is None or any(getattr(package, each, None) is None for each in needs):
        raise errors.RulesError(
            f"{entry.title} has no {' and '.join(needs)} to search with: no {agent} agent plays it"
        )
    return entry, package


def check_count(value: object, what: str, *, optional: bool) -> None:
    """Refuse ``value`` unless it is a whole number above 0 (or None, if ``optional``).

    Raises:
        RulesError: If it is not, naming ``what``.
    """
    if value is None and optional:
        return
    if type(value) is not int or value <= 0:
        extra = ", or None" if optional else ""
        raise errors.RulesError(
            f"{what} must be a whole number above 0{extra}, not {errors.quote(value)}"
        )


def check_seconds(value: object, *, most: float | None = None) -> None:
    """Refuse a time budget that is not None or a finite number of seconds above 0.

    Args:
        value: The budget.
        most: The longest budget allowed, if any.

    Raises:
        RulesError: If it is not.
    """
    if value is None:
        return
    if (
        type(value) not in {int, float}
        or not math.isfinite(value)  # type: ignore[arg-type]  # an int or a float by now
        or value <= 0  # type: ignore[operator]  # an int or a float by now
        or (most is not None and value > most)  # type: ignore[operator]  # a number by now
    ):
        bound = "" if most is None else f" and at most {most:g}"
        raise errors.RulesError(
            f"seconds must be a number of seconds above 0{bound}, or None, "
            f"not {errors.quote(value)}"
        )


MOST_SECONDS: Final = 60.0
"""The longest time budget per move a game's own search agent takes, in seconds."""


def seconds(_agent: object, _attribute: attrs.Attribute[float | None], value: float | None) -> None:
    """Refuse a time budget that is not None or a number of seconds above 0 and at most 60.

    An attrs validator of a game's own search agent's ``seconds`` (:data:`MOST_SECONDS`).
    """
    check_seconds(value, most=MOST_SECONDS)


def check_budget(seconds: object, count: object, *, agent: str, what: str) -> None:
    """Refuse an agent with neither budget: it would never stop searching.

    Args:
        seconds: Its budget of seconds.
        count: Its other budget, ``what`` (``"nodes"``, ``"positions"``, ``"worlds"``).
        agent: The agent's name, for the message.
        what: The other budget's name.

    Raises:
        RulesError: If both are None.
    """
    if seconds is None and count is None:
        raise errors.RulesError(
            f"a {agent} agent needs a budget: give seconds or {what} (or both), not neither"
        )
