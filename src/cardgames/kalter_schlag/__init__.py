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

from cardgames import game, matches
from cardgames.kalter_schlag import _bots, _encoding, _engine
from cardgames.kalter_schlag._about import ABOUT
from cardgames.kalter_schlag._bots import RuleAgent
from cardgames.kalter_schlag._encoding import (
    LAYOUT,
    NUM_MOVES,
    layout,
    move_indices,
    observation_size,
)
from cardgames.kalter_schlag._engine import (
    PACK,
    apply,
    current_player,
    hand_returns,
    is_over,
    legal_moves,
    max_hand_moves,
    narrate,
    new_game,
    order_for,
    pack,
    returns,
    score,
    view,
)
from cardgames.kalter_schlag._facts import (
    TRUMPS,
    MoveKind,
    card_points,
    kind_of,
    points_in,
    rank_order,
    suit_of,
    trick_winner,
    unseen,
    winning_card,
)
from cardgames.kalter_schlag._moves import DOUBLE, Deal, Double, Move, Play, parse_move
from cardgames.kalter_schlag._rules import Rules
from cardgames.kalter_schlag._scoring import (
    durchmarsch_penalty,
    explain_durchmarsch,
    explain_penalty,
    penalty,
    round_half_up,
)
from cardgames.kalter_schlag._solver import MEASURES, Measure, solve
from cardgames.kalter_schlag._state import HandScore, Phase, State, View
from cardgames.kalter_schlag._worlds import worlds

__all__ = [
    "ABOUT",
    "DOUBLE",
    "GAME",
    "LAYOUT",
    "MEASURES",
    "NUM_MOVES",
    "PACK",
    "TRUMPS",
    "Deal",
    "Double",
    "HandScore",
    "Measure",
    "Move",
    "MoveKind",
    "Phase",
    "Play",
    "RuleAgent",
    "Rules",
    "State",
    "View",
    "apply",
    "card_points",
    "current_player",
    "durchmarsch_penalty",
    "explain_durchmarsch",
    "explain_penalty",
    "hand_returns",
    "index_to_move",
    "is_legal",
    "is_over",
    "kind_of",
    "layout",
    "legal_mask",
    "legal_moves",
    "max_hand_moves",
    "move_indices",
    "move_to_index",
    "narrate",
    "new_game",
    "observation",
    "observation_size",
    "order_for",
    "pack",
    "parse_move",
    "penalty",
    "points_in",
    "rank_order",
    "replay",
    "returns",
    "round_half_up",
    "score",
    "solve",
    "suit_of",
    "trick_winner",
    "unseen",
    "view",
    "winning_card",
    "worlds",
]

GAME: Final[game.Game[Rules, State, Move, View, matches.Score[HandScore]]] = game.register(
    game.Game.of(
        _engine,
        ABOUT,
        encoding=_encoding,
        bots={"rule": _bots.RuleAgent, "pimc": _bots.PIMC, "rollout": _bots.ROLLOUT},
    )
)
"""Kalter Schlag's entry in :data:`cardgames.GAMES`."""

is_legal: Final = GAME.is_legal
replay: Final = GAME.replay
move_to_index: Final = GAME.move_to_index
index_to_move: Final = GAME.index_to_move
legal_mask: Final = GAME.legal_mask
observation: Final = GAME.observation
