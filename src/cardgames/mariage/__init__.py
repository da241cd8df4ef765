"""Mariage («Марьяж»), the Russian pool-and-tricks game for 5 to 10 players, played for chips.

Before each deal every player antes a chip into each of six pools. Five cards each and a trump
turned up; the best sequence in a suit, K♥ and Q♥ together, the jester J♦, K♥ and Q♥ win the
pools I to V. Then five tricks, in which Q♥ and K♥ beat every trump, a king calls his queen
out of turn, a king and queen played together make a marriage on the table, and the jester is
paid or captured; the tricks pool pays those who took two tricks or more. See the game's docs
page for the rules in full.

Example:
    >>> from cardgames import mariage
    >>> state = mariage.new_game(seed=7, players=6)
    >>> while not mariage.is_over(state):
    ...     state = mariage.apply(state, mariage.legal_moves(state)[-1])
    >>> sheet = mariage.score(state)
    >>> len(sheet.hands), sum(sheet.balances) + sheet.discarded == 6 * 50
    (6, True)
"""

from __future__ import annotations

from typing import Final

from cardgames import game
from cardgames.mariage import _bots, _encoding, _engine
from cardgames.mariage._about import ABOUT
from cardgames.mariage._bots import RuleAgent
from cardgames.mariage._claims import (
    is_sequence,
    point_key,
    point_winner,
    qualifies,
    sequence_in,
    winners,
)
from cardgames.mariage._encoding import NUM_MOVES, layout, move_indices, observation_size
from cardgames.mariage._engine import (
    PACKS,
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
from cardgames.mariage._facts import (
    MoveKind,
    kind_of,
    plain_order,
    point_in,
    trick_winner,
    trump_order,
    unseen,
)
from cardgames.mariage._ledger import DISCARDED, Payment, Transfer
from cardgames.mariage._moves import (
    DECLINE,
    MISDEAL,
    PASS,
    Claim,
    Deal,
    DealOutOfTurn,
    Decline,
    Misdeal,
    Move,
    Pass,
    Play,
    TableEvent,
    parse_move,
)
from cardgames.mariage._pools import POOLS, Pool
from cardgames.mariage._rules import Rules
from cardgames.mariage._scoring import (
    FORCED_QUEEN_CHIPS,
    HEART_TABLE_MARRIAGE_CHIPS,
    JESTER_CHIPS,
    MISDEAL_CHIPS,
    OUT_OF_TURN_CHIPS,
    OWN_MARRIAGE_LEAD_CHIPS,
    ante,
    each_other,
    fines,
    from_each_other,
    jester,
    leftover_split,
    pool_win,
    table_marriage,
    tricks_payout,
)
from cardgames.mariage._solver import solve
from cardgames.mariage._state import HandScore, Phase, Score, State, View
from cardgames.mariage._worlds import worlds

__all__ = [
    "ABOUT",
    "DECLINE",
    "DISCARDED",
    "FORCED_QUEEN_CHIPS",
    "GAME",
    "HEART_TABLE_MARRIAGE_CHIPS",
    "JESTER_CHIPS",
    "MISDEAL",
    "MISDEAL_CHIPS",
    "NUM_MOVES",
    "OUT_OF_TURN_CHIPS",
    "OWN_MARRIAGE_LEAD_CHIPS",
    "PACKS",
    "PASS",
    "POOLS",
    "Claim",
    "Deal",
    "DealOutOfTurn",
    "Decline",
    "HandScore",
    "Misdeal",
    "Move",
    "MoveKind",
    "Pass",
    "Payment",
    "Phase",
    "Play",
    "Pool",
    "RuleAgent",
    "Rules",
    "Score",
    "State",
    "TableEvent",
    "Transfer",
    "View",
    "ante",
    "apply",
    "current_player",
    "each_other",
    "fines",
    "from_each_other",
    "hand_returns",
    "index_to_move",
    "is_legal",
    "is_over",
    "is_sequence",
    "jester",
    "kind_of",
    "layout",
    "leftover_split",
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
    "plain_order",
    "point_in",
    "point_key",
    "point_winner",
    "pool_win",
    "qualifies",
    "replay",
    "returns",
    "score",
    "sequence_in",
    "solve",
    "table_marriage",
    "trick_winner",
    "tricks_payout",
    "trump_order",
    "unseen",
    "view",
    "winners",
    "worlds",
]

GAME: Final[game.Game[Rules, State, Move, View, Score]] = game.register(
    game.Game.of(
        _engine,
        ABOUT,
        encoding=_encoding,
        bots={"rule": _bots.RuleAgent, "pimc": _bots.PIMC, "rollout": _bots.ROLLOUT},
    )
)
"""Mariage's entry in :data:`cardgames.GAMES`."""

is_legal: Final = GAME.is_legal
replay: Final = GAME.replay
move_to_index: Final = GAME.move_to_index
index_to_move: Final = GAME.index_to_move
legal_mask: Final = GAME.legal_mask
observation: Final = GAME.observation
