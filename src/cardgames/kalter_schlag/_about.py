"""Kalter Schlag's facts, declared once: its names, its seats, its pack and its types.

Everything in the package that names the game, counts its players or checks its arguments
reads :data:`ABOUT`.

Example:
    >>> from cardgames import kalter_schlag
    >>> kalter_schlag.ABOUT.name, kalter_schlag.ABOUT.players
    ('kalter-schlag', (4,))
"""

from __future__ import annotations

from typing import Final

from cardgames import about
from cardgames.kalter_schlag._moves import Move
from cardgames.kalter_schlag._rules import Rules
from cardgames.kalter_schlag._state import PACK, PLAYERS, State, View

__all__ = ["ABOUT"]

ABOUT: Final = about.About(
    name="kalter-schlag",
    title="Kalter Schlag",
    players=(PLAYERS,),
    players_rule="Kalter Schlag is played by exactly 4 players",
    pack=PACK,
    rules_type=Rules,
    state_type=State,
    view_type=View,
    move_type=Move,
)
"""Kalter Schlag's facts: the pack is the 32-card pack."""
