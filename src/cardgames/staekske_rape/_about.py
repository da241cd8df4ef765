"""Staekske Rape's facts, declared once: its names, its seats, its pack and its types.

Everything in the package that names the game, counts its players or checks its arguments
reads :data:`ABOUT`.

Example:
    >>> from cardgames import staekske_rape
    >>> staekske_rape.ABOUT.name, staekske_rape.ABOUT.players
    ('staekske-rape', (4, 5))
"""

from __future__ import annotations

from typing import Final

from cardgames import about, cards
from cardgames.staekske_rape._moves import Move
from cardgames.staekske_rape._rules import Rules
from cardgames.staekske_rape._state import PLAYERS, State, View

__all__ = ["ABOUT"]

ABOUT: Final = about.About(
    name="staekske-rape",
    title="Staekske Rape",
    players=PLAYERS,
    players_rule="Staekske Rape is played by 4 players (or 5, the dealer sitting out)",
    pack=cards.pack(32),
    rules_type=Rules,
    state_type=State,
    view_type=View,
    move_type=Move,
)
"""Staekske Rape's facts: the pack is the 32-card pack."""
