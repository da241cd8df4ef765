"""Link the changelog's code names to the API reference.

``CHANGELOG.md`` is read on GitHub as well as in the docs, so it writes names as plain code
(```codec.replay```, ```returns(state)```), not as Sphinx roles. On the changelog page each
such name becomes a link to where the API reference documents it, when the name says which one
it is:

* ``cardgames.codec.replay``, ``codec.replay`` and ``codec.replay(record)`` name
  :func:`cardgames.codec.replay` (a call's arguments are not part of the name);
* a name that ends several documented names is linked when exactly one of them is in the core
  (outside the four game packages): ``returns(state)`` is :meth:`cardgames.game.Game.returns`,
  the entry every game shares; or when exactly one is documented at all;
* anything else (``max_hands``, which every game's ``Rules`` has; ``"Q♥"``; ``--ascii``) stays
  plain code.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from docutils import nodes

import cardgames

if TYPE_CHECKING:
    from sphinx.application import Sphinx

CHANGELOG = "changelog"
"""The docname of the page that includes the changelog."""

_NAME = re.compile(r"(?P<name>[A-Za-z_][\w.]*?)(?:\(.*\))?")
"""A dotted name, perhaps called: the name is the part before the call's parentheses."""


def target(name: str, objects: dict[str, tuple[str, str]], games: tuple[str, ...]) -> str | None:
    """Return the documented name a changelog's code names, or None if it names none for sure.

    Args:
        name: The code's text (``codec.replay``, ``returns(state)`` …).
        objects: Every documented Python name, with its page and its anchor.
        games: The game packages' prefixes (``"cardgames.kalter_schlag."`` …): not the core.

    Example:
        >>> objects = {
        ...     "cardgames.game.Game.returns": ("api/game", "a"),
        ...     "cardgames.kalter_schlag.returns": ("api/kalter-schlag", "b"),
        ...     "cardgames.codec.replay": ("api/codec", "c"),
        ... }
        >>> games = ("cardgames.kalter_schlag.",)
        >>> target("codec.replay(record)", objects, games)
        'cardgames.codec.replay'
        >>> target("returns(state)", objects, games)
        'cardgames.game.Game.returns'
        >>> target("kalter_schlag.returns", objects, games)
        'cardgames.kalter_schlag.returns'
        >>> print(target("max_hands", objects, games))
        None
    """
    found = _NAME.fullmatch(name.strip())
    if found is None:
        return None
    dotted = found.group("name").rstrip(".")
    for exact in (dotted, f"cardgames.{dotted}"):
        if exact in objects:
            return exact
    ending = [full for full in objects if full.endswith(f".{dotted}")]
    core = [full for full in ending if not full.startswith(games)]
    if len(core) == 1:
        return core[0]
    return ending[0] if len(ending) == 1 else None


def _link_names(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Turn the changelog page's code names into links to their API entries."""
    if docname != CHANGELOG:
        return
    domain = app.env.domains.python_domain
    objects = {
        name: (entry.docname, entry.node_id)
        for name, entry in domain.objects.items()
        if name.startswith("cardgames") and not entry.aliased
    }
    games = tuple(f"cardgames.{name.replace('-', '_')}." for name in cardgames.GAMES)
    for literal in list(doctree.findall(nodes.literal)):
        if isinstance(literal.parent, nodes.reference):
            continue
        name = target(literal.astext(), objects, games)
        if name is None:
            continue
        page, anchor = objects[name]
        uri = app.builder.get_relative_uri(docname, page) + f"#{anchor}"
        link = nodes.reference("", "", internal=True, refuri=uri, reftitle=name)
        literal.replace_self(link)
        link.append(literal)


def setup(app: Sphinx) -> dict[str, bool]:
    """Connect the linking to the resolved changelog page."""
    app.connect("doctree-resolved", _link_names)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
