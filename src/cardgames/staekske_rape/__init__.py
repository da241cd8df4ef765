"""Staekske Rape ("pick up the stock"), the Jass-family bidding game from Maastricht.

Each player is alone. The highest bidder becomes the declarer: he may pick up the four-card
stock (or play without it, for double), names trumps, declares melds, and must take his bid
plus ten game points in tricks and melds. Only the declarer scores; the first to 100 game
points wins. The Russian source calls it «Насилие» ("Violence"), a mistranslation of the
dialect word *rape*, "to pick up". See the game's docs page for the rules in full.

Example:
    >>> from cardgames import staekske_rape
    >>> state = staekske_rape.new_game(staekske_rape.Rules(max_hands=3), seed=7)
    >>> while not staekske_rape.is_over(state):
    ...     state = staekske_rape.apply(state, staekske_rape.legal_moves(state)[-1])
    >>> len(staekske_rape.score(state).hands)
    3
"""

from __future__ import annotations

from typing import Final

from cardgames import game, matches
from cardgames.staekske_rape import _bots, _encoding, _engine
from cardgames.staekske_rape._about import ABOUT
from cardgames.staekske_rape._auction import max_bid
from cardgames.staekske_rape._bots import PassAgent, RuleAgent, SearchAgent
from cardgames.staekske_rape._encoding import NUM_MOVES, layout, move_indices, observation_size
from cardgames.staekske_rape._engine import (
    PACK,
    apply,
    current_player,
    draw_first_dealer,
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
from cardgames.staekske_rape._facts import (
    PLAIN_ORDER,
    TRUMP_ORDER,
    MoveKind,
    card_points,
    kind_of,
    rank_order,
    trick_winner,
    unseen,
    winning_card,
)
from cardgames.staekske_rape._melds import MELDS, find_melds, meld_name, meld_points
from cardgames.staekske_rape._moves import (
    CONCEDE,
    LOOK,
    NO_STOCK,
    PASS,
    STOEK,
    TAKE_STOCK,
    Bid,
    Concede,
    Deal,
    Discard,
    Look,
    Meld,
    Move,
    NameTrump,
    NoStock,
    Pass,
    Play,
    Stoek,
    TakeStock,
    parse_move,
)
from cardgames.staekske_rape._rules import Rules
from cardgames.staekske_rape._scoring import (
    CONCESSION,
    explain_result,
    game_points,
    hand_result,
)
from cardgames.staekske_rape._solver import solve
from cardgames.staekske_rape._state import HandScore, Phase, State, View
from cardgames.staekske_rape._worlds import worlds

__all__ = [
    "ABOUT",
    "CONCEDE",
    "CONCESSION",
    "GAME",
    "LOOK",
    "MELDS",
    "NO_STOCK",
    "NUM_MOVES",
    "PACK",
    "PASS",
    "PLAIN_ORDER",
    "STOEK",
    "TAKE_STOCK",
    "TRUMP_ORDER",
    "Bid",
    "Concede",
    "Deal",
    "Discard",
    "HandScore",
    "Look",
    "Meld",
    "Move",
    "MoveKind",
    "NameTrump",
    "NoStock",
    "Pass",
    "PassAgent",
    "Phase",
    "Play",
    "RuleAgent",
    "Rules",
    "SearchAgent",
    "State",
    "Stoek",
    "TakeStock",
    "View",
    "apply",
    "card_points",
    "current_player",
    "draw_first_dealer",
    "explain_result",
    "find_melds",
    "game_points",
    "hand_result",
    "hand_returns",
    "index_to_move",
    "is_legal",
    "is_over",
    "kind_of",
    "layout",
    "legal_mask",
    "legal_moves",
    "max_bid",
    "max_hand_moves",
    "meld_name",
    "meld_points",
    "move_indices",
    "move_to_index",
    "narrate",
    "new_game",
    "observation",
    "observation_size",
    "order_for",
    "pack",
    "parse_move",
    "rank_order",
    "replay",
    "returns",
    "score",
    "solve",
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
        bots={
            "rule": _bots.RuleAgent,
            "pass": _bots.PassAgent,
            "pimc": _bots.PIMC,
            "rollout": _bots.ROLLOUT,
            "search": _bots.SearchAgent,
        },
    )
)
"""Staekske Rape's entry in :data:`cardgames.GAMES`."""

is_legal: Final = GAME.is_legal
replay: Final = GAME.replay
move_to_index: Final = GAME.move_to_index
index_to_move: Final = GAME.index_to_move
legal_mask: Final = GAME.legal_mask
observation: Final = GAME.observation
