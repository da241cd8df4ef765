"""The ``observation-layout`` directive: a game's observation blocks as a table, read from code.

Each game's page shows its observation's layout with ``.. observation-layout:: kalter-schlag``
(``:players: 6`` for a count other than the usual one). The table is built from the game's
:meth:`cardgames.game.Game.layout`, so the offsets, lengths, value ranges and meanings on the page
are those the encoding uses, and are written once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util.docutils import SphinxDirective

import cardgames
from cardgames import protocols

if TYPE_CHECKING:
    from sphinx.application import Sphinx

_HEADINGS = ("block", "offset", "length", "values", "meaning")
_WIDTHS = (16, 8, 8, 12, 56)


def values(block: protocols.Block) -> str:
    """Return the range of a block's ints as a reader says it: ``0–1``, ``0 or more``, ``any``."""
    low, high = block.low, block.high
    if low is None and high is None:
        return "any"
    if high is None:
        return f"{low} or more"
    if low is None:
        return f"{high} or less"
    return f"{low}–{high}".replace("-1–", "−1–")


def _row(cells: tuple[str, ...]) -> nodes.row:
    """Return a table row of plain-text cells."""
    row = nodes.row()
    for text in cells:
        entry = nodes.entry()
        entry += nodes.paragraph(text=text)
        row += entry
    return row


class ObservationLayout(SphinxDirective):
    """Render a game's observation layout as a table (one row per block)."""

    required_arguments = 1
    option_spec: ClassVar = {"players": directives.positive_int}

    def run(self) -> list[nodes.Node]:
        """Return the table of the blocks of the named game's observation."""
        entry = cardgames.GAMES[self.arguments[0]]
        blocks = entry.layout(None, self.options.get("players"))
        group = nodes.tgroup(cols=len(_HEADINGS))
        for width in _WIDTHS:
            group += nodes.colspec(colwidth=width)
        head = nodes.thead()
        head += _row(_HEADINGS)
        body = nodes.tbody()
        for block in blocks:
            body += _row(
                (block.name, str(block.offset), str(block.length), values(block), block.meaning)
            )
        group += head
        group += body
        table = nodes.table(classes=["observation-layout"])
        table += group
        return [table]


def setup(app: Sphinx) -> dict[str, object]:
    """Register the directive."""
    app.add_directive("observation-layout", ObservationLayout)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
