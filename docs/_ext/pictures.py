"""A Sphinx extension: pictures of the positions a page's examples reach, drawn as it is built.

A page's worked example is a group of ``.. doctest::`` blocks. A ``picture`` directive names
the group and gives an expression, a state or a view, in the group's namespace at that point::

    .. picture:: hand
       :alt: The table after the first trick, as seat 1 sees it

       kalter_schlag.view(state, 1)

The HTML build runs the group's examples that come before the directive (their output is not
checked here: the ``doctest`` build does that), evaluates the expression, draws it with
:func:`cardgames.drawing.svg` (``:open-hands:`` for a state with every hand open, ``:seat:``
for one seat of a state) and writes the SVG file into the build's ``_pictures`` folder, which
the page shows as an image that scales down with its column (with a second drawing laid out
for a phone's column). So every picture is computed from
the very position the example reaches, and nothing drawn is kept in the repository. Other
builders leave the pictures out.
"""

from __future__ import annotations

import contextlib
import doctest
import html
import io
import pathlib
import re
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.osutil import relative_uri

from cardgames import drawing

_LOGGER = logging.getLogger(__name__)

FOLDER = "_pictures"
"""The folder of the HTML build that holds the pictures."""

_TESTS = {"doctest", "testcode", "testsetup"}
"""The kinds of sphinx.ext.doctest blocks whose code a picture's position is built from."""


class picture(nodes.General, nodes.Element):  # noqa: N801  # docutils names its nodes so
    """Where a picture goes, until the HTML build draws it (other builders drop it)."""


class PictureDirective(SphinxDirective):
    """``.. picture:: GROUP``: draw the state or view the expression gives at this point."""

    required_arguments = 1
    has_content = True
    option_spec: ClassVar[dict[str, Any]] = {
        "alt": directives.unchanged_required,
        "open-hands": directives.flag,
        "seat": directives.nonnegative_int,
    }

    def run(self) -> list[nodes.Node]:
        """Return the placeholder; the picture is drawn once the page has been read."""
        if "alt" not in self.options or not self.content:
            raise self.error("a picture needs an :alt: text and an expression to draw")
        node = picture(
            group=self.arguments[0],
            expression="\n".join(self.content).strip(),
            alt=self.options["alt"],
            open_hands="open-hands" in self.options,
            seat=self.options.get("seat"),
        )
        self.set_source_info(node)
        return [node]


def _is_step(node: nodes.Node) -> bool:
    """Return whether a node is a picture, or an example block the pictures are built from."""
    return isinstance(node, picture) or (
        isinstance(node, nodes.Element) and node.get("testnodetype") in _TESTS
    )


def _run(node: nodes.Element, space: dict[str, Any]) -> None:
    """Run an example block's code in a group's namespace, its output thrown away."""
    code = node.get("test") or node.astext()
    if node["testnodetype"] == "doctest":
        examples = doctest.DocTestParser().get_examples(code)
    else:
        examples = [doctest.Example(code, "")]
    with contextlib.redirect_stdout(io.StringIO()):
        for example in examples:
            try:
                exec(compile(example.source, node.source or "<page>", "exec"), space)  # noqa: S102  # the page's own examples
            except Exception:
                if example.exc_msg is None:  # an example that shows a traceback raises on purpose
                    raise


NARROW = 380
"""The width of each picture's narrow form, which a phone's column shows (at most 600 px)."""


def _draw(app: Sphinx, node: picture, space: dict[str, Any], name: str) -> nodes.Node:
    """Return the HTML that shows a picture, after writing its SVG files into the build.

    Each picture is drawn twice: at the full width of the text column, and laid out for a
    phone's column, which the browser picks below 600 px.
    """
    seen = eval(node["expression"], space)  # noqa: S307  # the page's own expression
    options: dict[str, Any] = {"open_hands": node["open_hands"]}
    if node["seat"] is not None:
        options["seat"] = node["seat"]
    folder = pathlib.Path(app.outdir) / FOLDER
    folder.mkdir(exist_ok=True)
    shown = []
    for suffix, width in (("", drawing.DEFAULT_WIDTH), ("-narrow", NARROW)):
        text = drawing.svg(seen, width=width, **options)
        (folder / f"{name}{suffix}.svg").write_text(text, encoding="utf-8")
        found = re.search(r'height="(\d+)"', text)
        uri = relative_uri(
            app.builder.get_target_uri(app.env.docname), f"{FOLDER}/{name}{suffix}.svg"
        )
        shown.append((html.escape(uri), width, found.group(1) if found else ""))
    (wide, width, height), (narrow, small, low) = shown
    return nodes.raw(
        "",
        f'<figure class="cardgames-picture"><picture>'
        f'<source media="(max-width: 600px)" srcset="{narrow}" width="{small}" height="{low}">'
        f'<img src="{wide}" alt="{html.escape(node["alt"])}" width="{width}" height="{height}" '
        f'style="width: 100%; max-width: {width}px; height: auto"></picture></figure>',
        format="html",
    )


def _draw_pictures(app: Sphinx, doctree: nodes.document) -> None:
    """Replace each picture of a page just read by its drawing (HTML), or drop it (others)."""
    steps = [node for node in doctree.findall(_is_step) if isinstance(node, nodes.Element)]
    if not any(isinstance(node, picture) for node in steps):
        return
    drawn = app.builder.format == "html"
    spaces: dict[str, dict[str, Any]] = {}
    broken: set[str] = set()
    count = 0
    for node in steps:
        if not isinstance(node, picture):
            for group in node["groups"]:
                if drawn and group not in broken:
                    try:
                        _run(node, spaces.setdefault(group, {}))
                    except Exception as error:  # noqa: BLE001  # reported, and -W fails the build
                        broken.add(group)
                        _LOGGER.warning("the pictures' example failed: %r", error, location=node)
            continue
        group = node["group"]
        if not drawn or group in broken:
            node.parent.remove(node)
            continue
        count += 1
        name = f"{app.env.docname.replace('/', '-')}-{count}"
        try:
            node.replace_self(_draw(app, node, spaces.setdefault(group, {}), name))
        except Exception as error:  # noqa: BLE001  # reported, and -W fails the build
            _LOGGER.warning("cannot draw the picture: %r", error, location=node)
            node.parent.remove(node)


def setup(app: Sphinx) -> dict[str, object]:
    """Register the directive, its node and the hook that draws the pictures."""
    app.add_node(picture)
    app.add_directive("picture", PictureDirective)
    app.connect("doctree-read", _draw_pictures)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
