"""The pieces of a drawing: SVG elements, the suit symbols, card faces and backs, chips.

Everything here is plain SVG text built from primitives (rounded rectangles, paths, circles
and text): no image, font or file from outside. The two palettes are :data:`COLOUR` (red and
black suits, as on a printed pack) and :data:`PLAIN` (greys only): in both, each suit has a
shape of its own, and in :data:`PLAIN` also a fill of its own (hollow ♥ ♦, solid ♣ ♠) and a
pattern of its own behind the large symbol, so no two suits differ by colour alone.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final
from xml.sax import saxutils

import attrs

from cardgames import cards

CARD_WIDTH: Final = 48
"""A card's width, in the drawing's units (pixels at the default width)."""
CARD_HEIGHT: Final = 68
"""A card's height."""
INDEX_WIDTH: Final = 25
"""The strip at a card's left that shows its rank and suit: what an overlapped card shows."""
FONT: Final = "DejaVu Sans, Verdana, Arial, sans-serif"
"""The font of every text: a wide sans-serif that reads well small."""

INK: Final = "#1a1a1a"
"""Text and lines."""
MUTED: Final = "#5a5a5a"
"""Labels."""
PAPER: Final = "#ffffff"
"""A card's face."""

_SYMBOLS: Final = {
    cards.Suit.CLUBS: (
        '<circle cx="50" cy="29" r="19"/><circle cx="28" cy="59" r="19"/>'
        '<circle cx="72" cy="59" r="19"/><circle cx="50" cy="52" r="10"/>'
        '<path d="M46 56C46 75 42 86 33 94H67C58 86 54 75 54 56Z"/>'
    ),
    cards.Suit.SPADES: (
        '<path d="M50 6C62 22 92 40 92 60C92 73 82 81 71 81C63 81 57 77 54 71C55 80 59 88 66 94'
        'H34C41 88 45 80 46 71C43 77 37 81 29 81C18 81 8 73 8 60C8 40 38 22 50 6Z"/>'
    ),
    cards.Suit.HEARTS: (
        '<path d="M50 88C24 68 8 52 8 34C8 20 18 11 30 11C39 11 46 16 50 24C54 16 61 11 70 11'
        'C82 11 92 20 92 34C92 52 76 68 50 88Z"/>'
    ),
    cards.Suit.DIAMONDS: '<path d="M50 6L85 50L50 94L15 50Z"/>',
}
"""Each suit's symbol in a 100 × 100 box, drawn in the fill of the ``<use>`` that shows it."""

_PATTERNS: Final = {
    cards.Suit.CLUBS: '<circle cx="3" cy="3" r="1.3"/>',
    cards.Suit.SPADES: '<rect x="0" y="2.4" width="6" height="1.3"/>',
    cards.Suit.HEARTS: '<path d="M-1 1L1 -1M0 6L6 0M5 7L7 5" stroke-width="1.3"/>',
    cards.Suit.DIAMONDS: '<path d="M0 3H6M3 0V6" stroke-width="1.1"/>',
}
"""Each suit's fill pattern in :data:`PLAIN`: dots, stripes, slants, a grid (6 × 6 tiles)."""


@attrs.frozen
class Palette:
    """How the suits and the backs are coloured.

    Attributes:
        name: The palette's part of the element ids (``c`` or ``p``), so that pictures of
            both palettes can share one HTML page.
        suit_fills: Each suit's fill, by suit number.
        hollow: The suits drawn as outlines, by suit number.
        patterns: Whether each suit's card shows its pattern behind the large symbol.
        back: The fill of a card's back.
        accent: The edge of the seat to move, of the cards it may play, of a trick's winner.
    """

    name: str
    suit_fills: tuple[str, str, str, str]
    hollow: tuple[bool, bool, bool, bool]
    patterns: bool
    back: str
    accent: str

    def ref(self, what: str) -> str:
        """Return the id of a definition of this palette, e.g. ``cardgames-c-suit-2``."""
        return f"cardgames-{self.name}-{what}"


COLOUR: Final = Palette(
    name="c",
    suit_fills=(INK, INK, "#c8102e", "#c8102e"),
    hollow=(False, False, False, False),
    patterns=False,
    back="#24508f",
    accent="#d98c00",
)
"""Red hearts and diamonds, black clubs and spades; a blue back."""

PLAIN: Final = Palette(
    name="p",
    suit_fills=(INK, INK, PAPER, PAPER),
    hollow=(False, False, True, True),
    patterns=True,
    back="#4d4d4d",
    accent=INK,
)
"""Greys only: solid clubs and spades, hollow hearts and diamonds, a pattern for each suit."""


def text(value: object) -> str:
    """Return text escaped for an SVG element's content."""
    return saxutils.escape(str(value))


def attr(value: object) -> str:
    """Return a value quoted and escaped as an SVG attribute."""
    return saxutils.quoteattr(str(value))


def label(
    x: float,
    y: float,
    words: object,
    *,
    size: int = 12,
    bold: bool = False,
    anchor: str = "start",
    fill: str = MUTED,
) -> str:
    """Return a ``<text>`` element (its baseline at ``y``)."""
    weight = ' font-weight="bold"' if bold else ""
    middle = f' text-anchor="{anchor}"' if anchor != "start" else ""
    return (
        f'<text x="{x:g}" y="{y:g}" font-size="{size}" fill="{fill}"{weight}{middle}>'
        f"{text(words)}</text>"
    )


def text_width(words: str, size: int) -> float:
    """Return about how wide a line of text is: what the layout uses to fit and wrap it."""
    return 0.6 * size * len(words)


def wrap(words: str, width: float, size: int) -> tuple[str, ...]:
    """Return the text cut into lines no wider than ``width`` (at word breaks)."""
    lines: list[str] = []
    line = ""
    for word in words.split():
        tried = f"{line} {word}" if line else word
        if line and text_width(tried, size) > width:
            lines.append(line)
            line = word
        else:
            line = tried
    return (*lines, line) if line else tuple(lines)


def definitions(palette: Palette) -> str:
    """Return the ``<defs>`` the pieces refer to: the suit symbols, the patterns, the back."""
    parts = [
        f'<symbol id={attr(palette.ref(f"suit-{int(suit)}"))} viewBox="0 0 100 100">{shape}'
        "</symbol>"
        for suit, shape in _SYMBOLS.items()
    ]
    if palette.patterns:
        parts.extend(
            f'<pattern id={attr(palette.ref(f"fill-{int(suit)}"))} width="6" height="6" '
            f'patternUnits="userSpaceOnUse" fill="#8c8c8c" stroke="#8c8c8c">{tile}</pattern>'
            for suit, tile in _PATTERNS.items()
        )
    parts.append(
        f'<pattern id={attr(palette.ref("back"))} width="8" height="8" '
        'patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
        f'<rect width="8" height="8" fill="{palette.back}"/>'
        '<path d="M0 0H8M0 0V8" stroke="#ffffff" stroke-opacity="0.45" stroke-width="1.5"/>'
        "</pattern>"
    )
    return f"<defs>{''.join(parts)}</defs>"


def suit_symbol(suit: cards.Suit, x: float, y: float, size: float, palette: Palette) -> str:
    """Return a suit's symbol, ``size`` wide and high, its top left corner at (``x``, ``y``)."""
    fill = palette.suit_fills[suit]
    outline = f' stroke="{INK}" stroke-width="9"' if palette.hollow[suit] else ""
    return (
        f'<use xlink:href="#{palette.ref(f"suit-{int(suit)}")}" x="{x:g}" y="{y:g}" '
        f'width="{size:g}" height="{size:g}" fill="{fill}"{outline}/>'
    )


def card_face(
    card: cards.Card,
    x: float,
    y: float,
    palette: Palette,
    *,
    where: str,
    seat: int | None = None,
    extra: str = "",
) -> str:
    """Return a card face up: a ``<g>`` whose ``class`` is ``where`` and ``data-card`` its text.

    The rank and a small suit symbol sit in the left strip, which shows when cards overlap; a
    large symbol (on the suit's pattern, in :data:`PLAIN`) fills the rest.

    Args:
        card: The card.
        x: The left edge.
        y: The top edge.
        palette: The colours.
        where: Where the card lies: ``card`` for the seat's hand, ``trick``, ``pile`` …
        seat: The seat it belongs to or was played by, written as ``data-seat``; None for none.
        extra: More attributes for the ``<g>``, written as they are.
    """
    suit = card.suit
    ink = palette.suit_fills[suit] if not palette.hollow[suit] else INK
    rank = card.rank.text
    squeeze = ' textLength="22" lengthAdjust="spacingAndGlyphs"' if len(rank) > 1 else ""
    belongs = f' data-seat="{seat}"' if seat is not None else ""
    backing = (
        f'<rect x="19" y="30" width="25" height="34" rx="3" '
        f'fill="url(#{palette.ref(f"fill-{int(suit)}")})"/>'
        if palette.patterns
        else ""
    )
    return (
        f"<g class={attr(where)} data-card={attr(card)}{belongs}{extra} "
        f'transform="translate({x:g} {y:g})">'
        f"<title>{text(card)}</title>"
        f'<rect x="0.5" y="0.5" width="{CARD_WIDTH - 1}" height="{CARD_HEIGHT - 1}" rx="5" '
        f'fill="{PAPER}" stroke="{INK}" stroke-width="1"/>'
        f'<text x="3" y="20" font-size="19" font-weight="bold" fill="{ink}"{squeeze}>{rank}'
        "</text>"
        f"{suit_symbol(suit, 4, 24, 15, palette)}{backing}"
        f"{suit_symbol(suit, 18, 32, 27, palette)}"
        "</g>"
    )


def card_back(x: float, y: float, palette: Palette, *, where: str = "back") -> str:
    """Return a card face down: a ``<g class="back">`` with no ``data-card``."""
    return (
        f'<g class={attr(where)} transform="translate({x:g} {y:g})">'
        f'<rect x="0.5" y="0.5" width="{CARD_WIDTH - 1}" height="{CARD_HEIGHT - 1}" rx="5" '
        f'fill="url(#{palette.ref("back")})" stroke="{INK}" stroke-width="1"/>'
        f'<rect x="4" y="4" width="{CARD_WIDTH - 8}" height="{CARD_HEIGHT - 8}" rx="3" '
        'fill="none" stroke="#ffffff" stroke-width="1.5"/>'
        "</g>"
    )


def step_for(count: int, room: float, *, widest: float = CARD_WIDTH + 6) -> float:
    """Return the distance between the left edges of ``count`` cards laid in ``room`` units.

    Cards lie side by side when they fit, and overlap as they must, down to the index strip.
    """
    if count <= 1:
        return widest
    return max(min(widest, (room - CARD_WIDTH) / (count - 1)), INDEX_WIDTH)


def row_width(count: int, step: float) -> float:
    """Return the width of ``count`` cards laid ``step`` apart."""
    return 0 if count == 0 else CARD_WIDTH + step * (count - 1)


def chip(x: float, y: float, palette: Palette) -> str:
    """Return a chip: a ringed disc 14 units across, its centre at (``x``, ``y``)."""
    return (
        f'<circle cx="{x:g}" cy="{y:g}" r="7" fill="{palette.accent}" stroke="{INK}"/>'
        f'<circle cx="{x:g}" cy="{y:g}" r="3.5" fill="none" stroke="{PAPER}" stroke-width="1.5"/>'
    )


def joined(parts: Iterable[str]) -> str:
    """Return SVG pieces as one string."""
    return "".join(parts)
