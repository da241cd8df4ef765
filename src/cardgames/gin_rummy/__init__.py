"""Gin Rummy, with its Oklahoma and Hollywood variants, for two players.

Each player holds ten cards and tries to form melds — sets of three or four of a rank, runs of
three or more in a suit — drawing from the stock or the discard pile and discarding. A player
whose unmelded cards (his deadwood) count ten or less may knock; the defender lays off what he
can onto the knocker's melds and the lower count wins the difference, with bonuses for gin
(no deadwood) and for an undercut. The first to 100 wins the game and the settlement. The source
is Vladimir Mendelev's «Энциклопедия игр»; see the game's docs page for the rules in full.

Example:
    >>> from cardgames import gin_rummy
    >>> state = gin_rummy.new_game(gin_rummy.Rules(max_hands=3), seed=7)
    >>> while not gin_rummy.is_over(state):
    ...     state = gin_rummy.apply(state, gin_rummy.legal_moves(state)[-1])
    >>> len(gin_rummy.score(state).hands)
    3
"""

from __future__ import annotations

from typing import Final

from cardgames import game
from cardgames.gin_rummy import _bots, _encoding, _engine
from cardgames.gin_rummy._about import ABOUT
from cardgames.gin_rummy._bots import RuleAgent
from cardgames.gin_rummy._encoding import (
    LAYOUT,
    NUM_MOVES,
    layout,
    move_indices,
    observation_size,
)
from cardgames.gin_rummy._engine import (
    PACK,
    apply,
    best_lay_out,
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
from cardgames.gin_rummy._facts import (
    MoveKind,
    card_value,
    kind_of,
    run_order,
    unseen,
    value_of,
)
from cardgames.gin_rummy._hollywood import HollywoodGame, HollywoodSheet
from cardgames.gin_rummy._melds import (
    MAX_CARDS,
    TABLE,
    VALUES,
    Arrangement,
    CardLike,
    CardsLike,
    Defence,
    LayoffsLike,
    Meld,
    MeldKind,
    MeldsLike,
    arrangements,
    best_arrangement,
    best_defence,
    check_arrangement,
    check_defence,
    deadwood,
    deadwood_of,
    defences,
    knock_count,
    knock_discards,
    melds,
)
from cardgames.gin_rummy._moves import (
    BIG_GIN,
    DRAW_PILE,
    DRAW_STOCK,
    PASS,
    BigGin,
    Deal,
    Discard,
    Draw,
    Knock,
    LayOut,
    Move,
    Pass,
    Source,
    parse_move,
)
from cardgames.gin_rummy._rules import Rules
from cardgames.gin_rummy._scoring import (
    HandResult,
    Kind,
    Side,
    doubles,
    explain_settlement,
    hand_score,
    knock_limit,
    settlement,
)
from cardgames.gin_rummy._state import HandScore, Phase, Score, State, View
from cardgames.gin_rummy._worlds import worlds

__all__ = [
    "ABOUT",
    "BIG_GIN",
    "DRAW_PILE",
    "DRAW_STOCK",
    "GAME",
    "LAYOUT",
    "MAX_CARDS",
    "NUM_MOVES",
    "PACK",
    "PASS",
    "TABLE",
    "VALUES",
    "Arrangement",
    "BigGin",
    "CardLike",
    "CardsLike",
    "Deal",
    "Defence",
    "Discard",
    "Draw",
    "HandResult",
    "HandScore",
    "HollywoodGame",
    "HollywoodSheet",
    "Kind",
    "Knock",
    "LayOut",
    "LayoffsLike",
    "Meld",
    "MeldKind",
    "MeldsLike",
    "Move",
    "MoveKind",
    "Pass",
    "Phase",
    "RuleAgent",
    "Rules",
    "Score",
    "Side",
    "Source",
    "State",
    "View",
    "apply",
    "arrangements",
    "best_arrangement",
    "best_defence",
    "best_lay_out",
    "card_value",
    "check_arrangement",
    "check_defence",
    "current_player",
    "deadwood",
    "deadwood_of",
    "defences",
    "doubles",
    "explain_settlement",
    "hand_returns",
    "hand_score",
    "index_to_move",
    "is_legal",
    "is_over",
    "kind_of",
    "knock_count",
    "knock_discards",
    "knock_limit",
    "layout",
    "legal_mask",
    "legal_moves",
    "max_hand_moves",
    "melds",
    "move_indices",
    "move_to_index",
    "narrate",
    "new_game",
    "observation",
    "observation_size",
    "order_for",
    "pack",
    "parse_move",
    "replay",
    "returns",
    "run_order",
    "score",
    "settlement",
    "unseen",
    "value_of",
    "view",
    "worlds",
]

GAME: Final[game.Game[Rules, State, Move, View, Score]] = game.register(
    game.Game.of(
        _engine,
        ABOUT,
        encoding=_encoding,
        bots={"rule": _bots.RuleAgent},
    )
)
"""Gin Rummy's entry in :data:`cardgames.GAMES`."""

is_legal: Final = GAME.is_legal
replay: Final = GAME.replay
move_to_index: Final = GAME.move_to_index
index_to_move: Final = GAME.index_to_move
legal_mask: Final = GAME.legal_mask
observation: Final = GAME.observation
