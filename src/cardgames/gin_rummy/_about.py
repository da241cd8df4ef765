"""Gin Rummy's facts, declared once: its names, its seats, its pack and its types.

Everything in the package that names the game, counts its players or checks its arguments
reads :data:`ABOUT`.

Example:
    >>> from cardgames import gin_rummy
    >>> gin_rummy.ABOUT.name, gin_rummy.ABOUT.players
    ('gin-rummy', (2,))
"""

from __future__ import annotations

from typing import Final

from cardgames import about, cards
from cardgames.gin_rummy._moves import Move
from cardgames.gin_rummy._rules import Rules
from cardgames.gin_rummy._state import PLAYERS, State, View

__all__ = ["ABOUT"]

ABOUT: Final = about.About(
    name="gin-rummy",
    title="Gin Rummy",
    players=(PLAYERS,),
    players_rule="Gin Rummy is played by exactly 2 players",
    pack=cards.pack(52),
    rules_type=Rules,
    state_type=State,
    view_type=View,
    move_type=Move,
)
"""Gin Rummy's facts: the pack is the 52-card pack."""
