"""Kalter Schlag ("bolt from the blue"), the four-player penalty trick game from Hamburg.

Each player is alone; jacks are the only trumps; whoever takes the most card points in a hand is
charged them, doubled for each Kontra, Re, Bock or Hirsch and for each Jungfrau; the first to
2000 loses the match. See the game's docs page for the rules in full.

Example:
    >>> from cardgames import kalter_schlag
    >>> state = kalter_schlag.new_game(seed=7)
    >>> while not kalter_schlag.is_over(state):
    ...     state = kalter_schlag.apply(state, kalter_schlag.legal_moves(state)[-1])
    >>> kalter_schlag.score(state).losers
    (0,)
"""

from __future__ import annotations

from typing import Final

from cardgames import game
from cardgames.kalter_schlag import engine
from cardgames.kalter_schlag.engine import (
    PACK,
    apply,
    current_player,
    is_over,
    legal_moves,
    max_hand_moves,
    narrate,
    new_game,
    order_for,
    pack,
    score,
    view,
)
from cardgames.kalter_schlag.moves import DOUBLE, Deal, Double, Move, Play, parse_move
from cardgames.kalter_schlag.rules import Rules
from cardgames.kalter_schlag.scoring import (
    durchmarsch_penalty,
    explain_durchmarsch,
    explain_penalty,
    penalty,
    round_half_up,
)
from cardgames.kalter_schlag.state import HandScore, State, View

__all__ = [
    "DOUBLE",
    "GAME",
    "PACK",
    "Deal",
    "Double",
    "HandScore",
    "Move",
    "Play",
    "Rules",
    "State",
    "View",
    "apply",
    "current_player",
    "durchmarsch_penalty",
    "explain_durchmarsch",
    "explain_penalty",
    "is_legal",
    "is_over",
    "legal_moves",
    "max_hand_moves",
    "narrate",
    "new_game",
    "order_for",
    "pack",
    "parse_move",
    "penalty",
    "replay",
    "round_half_up",
    "score",
    "view",
]

GAME: Final[game.Game[Rules, State, Move, View, game.Score[HandScore]]] = game.register(
    game.Game.of(
        engine, name="kalter-schlag", title="Kalter Schlag", players=(4,), rules_type=Rules
    )
)
"""Kalter Schlag's entry in :data:`cardgames.GAMES`."""

is_legal: Final = GAME.is_legal
replay: Final = GAME.replay
