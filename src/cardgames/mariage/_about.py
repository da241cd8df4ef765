"""Mariage's facts, declared once: its names, its seats, its pack and its types.

Everything in the package that names the game, counts its players or checks its arguments
reads :data:`ABOUT`.

Example:
    >>> from cardgames import mariage
    >>> mariage.ABOUT.name, mariage.ABOUT.players
    ('mariage', (6, 5, 7, 8, 9, 10))
"""

from __future__ import annotations

from typing import Final

from cardgames import about, cards
from cardgames.mariage import _rules as rules
from cardgames.mariage._moves import Move
from cardgames.mariage._rules import Rules
from cardgames.mariage._state import State, View

__all__ = ["ABOUT"]

ABOUT: Final = about.About(
    name="mariage",
    title="Mariage",
    players=rules.PLAYER_COUNTS,
    players_rule="Mariage is played by 5 to 10 players",
    pack=cards.pack(52),
    rules_type=Rules,
    state_type=State,
    view_type=View,
    move_type=Move,
)
"""Mariage's facts: the pack is the 52-card pack, of which five or six players use the 36 cards
from the six up (rule 2)."""
