"""cardgames: traditional card games as a typed, immutable-state rules library.

The package re-exports the core modules and the registry of games. Import a game's module to
play it:

    >>> from cardgames import kalter_schlag
    >>> state = kalter_schlag.new_game(seed=1)

or reach every game the same way through :data:`GAMES`:

    >>> import cardgames
    >>> sorted(cardgames.GAMES)
    ['gin-rummy', 'kalter-schlag', 'mariage', 'staekske-rape']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from cardgames import cards, errors, game

# One line per game: importing a game package registers it in GAMES.
from cardgames import gin_rummy as _gin_rummy  # noqa: F401  # imported to register
from cardgames import kalter_schlag as _kalter_schlag  # noqa: F401  # imported to register
from cardgames import mariage as _mariage  # noqa: F401  # imported to register
from cardgames import staekske_rape as _staekske_rape  # noqa: F401  # imported to register
from cardgames.game import AnyGame  # by its own name, so that the docs show it, not its expansion

__all__ = ["GAMES", "__version__", "cards", "errors"]

__version__ = "0.1.0"

GAMES: Final[Mapping[str, AnyGame]] = game.registry()
"""Every game by its registry name, e.g. ``GAMES["kalter-schlag"]`` (or ``GAMES["kalter_schlag"]``).

Each game package registers itself when imported; the imports above, one line per game, are
the whole list. An entry found by a name known only at run time is an
:data:`~cardgames.game.AnyGame`; for a game's own types, use its package's ``GAME``
(``kalter_schlag.GAME`` is a ``Game[kalter_schlag.Rules, kalter_schlag.State, ...]``).
"""
