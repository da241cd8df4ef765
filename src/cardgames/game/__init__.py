"""The shape every game shares: its facts, its entry in the registry, the registry.

A game is a package (``cardgames.kalter_schlag`` …). It declares its facts once, first, in a
:class:`cardgames.about.About` value (its names, its player counts, its pack and its types), which
its argument checks and their messages read. Its engine has the functions every game has —
``new_game``, ``current_player``, ``legal_moves``, ``apply``, ``is_over``, ``score``, ``view``,
``parse_move``, ``narrate`` (see :class:`cardgames.protocols.Engine`) — and one :class:`Game` value,
its ``GAME``, bundles them with the facts and adds what is the same for every game
(:meth:`Game.is_legal`, :meth:`Game.replay`, the learning surface). The package registers ``GAME``
itself, so a game joins :data:`cardgames.GAMES`, the command line, the agents and the conformance
suite by being imported once.

:class:`Game` is generic in the game's types and checked by mypy: a game whose functions do not
have the shared signatures does not type-check where its ``GAME`` is built.

Example:
    >>> import cardgames
    >>> game = cardgames.GAMES["kalter-schlag"]
    >>> state = game.new_game(seed=3)
    >>> game.legal_moves(state)
    (Deal(),)
    >>> cardgames.GAMES["kalter_schlag"] is game
    True
    >>> cardgames.kalter_schlag.ABOUT.players_rule
    'Kalter Schlag is played by exactly 4 players'
"""

from __future__ import annotations

import types
from collections.abc import Iterator, Mapping
from typing import Any, Final, NoReturn, TypeVar, cast

from cardgames import errors
from cardgames.game._entry import Game

__all__ = [
    "AnyGame",
    "Game",
    "Registry",
    "check_game",
    "register",
    "registry",
]


AnyGame = Game[Any, Any, Any, Any, Any]
"""An entry of any game, as generic code (agents, the command line, simulation) works with it.

A registry keyed by names known only at run time cannot carry each game's own ``Rules``,
``State``, ``Move``, ``View`` and ``Score`` types: ``Game`` takes its types in and hands them
back, so ``Game[kalter_schlag.Rules, ...]`` is no ``Game[object, ...]``, and a union of the
four entries would refuse every call made with one game's state. Code that knows its game uses
that package's ``GAME``, fully typed; code that takes any game by name gets this.
"""

GameT = TypeVar("GameT", bound=AnyGame)


class Registry(Mapping[str, AnyGame]):
    """The games by registry name; a name may also be given in its module's spelling.

    ``GAMES["kalter-schlag"]`` and ``GAMES["kalter_schlag"]`` are the same entry; iterating
    gives the registry names, in the order the games registered. It is read-only: a game joins
    it only through :func:`register`, and no attribute of it can be assigned.
    """

    __slots__ = ("_games",)

    _games: Mapping[str, AnyGame]

    def __init__(self, entries: object) -> None:
        """Create a registry that reads ``entries`` (a read-only view of them).

        Raises:
            RulesError: If ``entries`` is not a dict of games by name.
        """
        if type(entries) is not dict or not all(
            isinstance(key, str) and isinstance(value, Game) for key, value in entries.items()
        ):
            raise errors.RulesError(
                f"a registry reads a dict of games by name, not {errors.quote(entries)}"
            )
        object.__setattr__(
            self, "_games", types.MappingProxyType(cast("dict[str, AnyGame]", entries))
        )

    def __setattr__(self, name: str, value: object) -> NoReturn:
        """Refuse every assignment: the registry is read-only."""
        raise AttributeError(f"the registry of games is read-only: {name} cannot be assigned")

    def __delattr__(self, name: str) -> NoReturn:
        """Refuse every deletion: the registry is read-only."""
        raise AttributeError(f"the registry of games is read-only: {name} cannot be deleted")

    def __getitem__(self, name: str) -> AnyGame:
        """Return the game registered under ``name`` (``-`` or ``_`` between words).

        Raises:
            UnknownGameError: If no game has that name (a ``KeyError`` too, as a mapping's).
        """
        found = None
        if isinstance(name, str):  # callers may pass anything
            found = self._games.get(name.replace("_", "-"))
        if found is None:
            raise errors.UnknownGameError(
                f"no game is named {errors.quote(name)} (the games: {', '.join(self._games)})"
            )
        return found

    def __iter__(self) -> Iterator[str]:
        """Iterate over the registry names."""
        return iter(self._games)

    def __len__(self) -> int:
        """Return the number of games."""
        return len(self._games)

    def __repr__(self) -> str:
        """Return the registry's names."""
        return f"<Registry of {', '.join(self._games)}>"


_ENTRIES: dict[str, AnyGame] = {}
"""The registered games by registry name: :func:`register` is its one writer."""

_REGISTRY: Final = Registry(_ENTRIES)


def register(game: GameT) -> GameT:
    """Add a game to the registry under its name and return it: a game package's one line.

    A name is registered once: another game under a name already taken (in either spelling)
    is refused, so importing a package cannot silently replace a game that others use.
    Registering the same entry again changes nothing.

    Raises:
        RulesError: If ``game`` is not a :class:`Game`, or its name is already registered.
    """
    if not isinstance(game, Game):
        raise errors.RulesError(f"only a Game can be registered, not {errors.quote(game)}")
    key = game.name.replace("_", "-")
    if _ENTRIES.get(key, game) is not game:
        raise errors.RulesError(
            f"a game named {errors.quote(game.name)} is already registered: "
            f"{_ENTRIES[key].title} keeps its name"
        )
    _ENTRIES[key] = game
    return game


def registry() -> Registry:
    """Return the games known so far, by name."""
    return _REGISTRY


def check_game(value: object) -> AnyGame:
    """Return a game argument checked to be a registry entry, such as ``GAMES["mariage"]``.

    Raises:
        RulesError: For anything else (a game's name, its module …).
    """
    if isinstance(value, Game):
        return value
    raise errors.RulesError(
        f"expected a game such as cardgames.GAMES['kalter-schlag'], not {errors.quote(value)}"
    )
