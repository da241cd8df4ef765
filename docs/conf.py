"""Sphinx configuration for the cardgames documentation.

Build from the repository root (the package is imported from ``src``)::

    PYTHONPATH=src sphinx-build -W -n --keep-going -b html docs docs/_build/html
    PYTHONPATH=src sphinx-build -W -n --keep-going -b doctest docs docs/_build/doctest

Then check that no table or code block is wider than its column at 1,400 px and at 400 px (it
opens the pages in headless Chromium; see its docstring)::

    python docs/_ext/fit_check.py docs/_build/html
"""

from __future__ import annotations

import doctest
import html.parser
import importlib
import pathlib
import re
import sys
import textwrap
from typing import TYPE_CHECKING

from sphinx.builders.html import StandaloneHTMLBuilder
from sphinx.util import logging

import cardgames
from cardgames import views

if TYPE_CHECKING:
    from docutils.nodes import Element
    from sphinx.addnodes import pending_xref
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

_LOGGER = logging.getLogger(__name__)

sys.path.insert(0, str(pathlib.Path(__file__).parent / "_ext"))  # the project's own extensions

# -- Project -------------------------------------------------------------------------------------

project = "cardgames"
author = "The cardgames developers"
copyright = "The cardgames developers"
release = cardgames.__version__
version = ".".join(release.split(".")[:2])

# -- General -------------------------------------------------------------------------------------

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",  # the API index's table of modules, each with its summary
    "sphinx.ext.napoleon",
    "sphinx.ext.intersphinx",
    "sphinx.ext.doctest",
    "myst_parser",
    "layouts",
    "pictures",  # docs/_ext/pictures.py: the games' positions drawn as the docs are built
    "changelog_links",  # docs/_ext/changelog_links.py: the changelog's names link to the API
]
source_suffix = {".rst": "restructuredtext"}  # Markdown is only included (the changelog)
exclude_patterns = ["_build", "_intersphinx", "_ext"]
nitpicky = True
nitpick_ignore_regex = [
    # Type variables (MoveT, ScoreT_co, MatchT …) of the generic protocols, of Score, of History
    # and of the game entry (cardgames.game._entry). They are not public names (not in any
    # __all__), so nothing documents them; type hints still print their names.
    ("py:class", r"(cardgames(\.\w+)+\.)?[A-Z][A-Za-z]*T(_co|_contra)?"),
    # The adapted libraries' own types in the integrations' signatures (numpy arrays, Gymnasium
    # spaces, PettingZoo's base class): the offline inventories hold Python's and attrs' only.
    ("py:class", r"(numpy|gymnasium|pettingzoo)(\.\w+)+"),
    # The web app's type, Starlette's (cardgames.web.create_app); no inventory of it offline.
    ("py:class", r"starlette(\.\w+)+"),
]
nitpick_ignore = [
    # simulate.run's executor: the standard library documents it as concurrent.futures.Executor,
    # but the signature names the class where it is defined, which its inventory does not list.
    ("py:class", "concurrent.futures._base.Executor"),
    # The private alias of validators.py for attrs' validator callables; the signatures show it.
    ("py:class", "Validator"),
    # The engines' own records inside a State (its docstring says the stored fields may change
    # between versions). Not public, so not documented; State's signature still names them.
    ("py:class", "cardgames.staekske_rape._state.Contract"),
    ("py:class", "cardgames.gin_rummy._state.Match"),
    ("py:class", "cardgames.gin_rummy._state.Hand"),
    ("py:class", "cardgames.gin_rummy._state.Showdown"),
    ("py:class", "cardgames.mariage._state.Match"),
    ("py:class", "cardgames.mariage._state.Table"),
]
default_role = "py:obj"
language = "en"

# -- autodoc and napoleon ------------------------------------------------------------------------

# Types in the signatures: the attrs classes' fields are listed (with types) as attributes, so a
# "Parameters" list built from their generated __init__ would only repeat them.
autodoc_typehints = "signature"
autodoc_typehints_format = "short"
autodoc_member_order = "bysource"
autodoc_class_signature = "mixed"
autodoc_inherit_docstrings = True
# The registry's entries are shown by their alias, which says why the game's own types are not
# in it, rather than expanded to Game[Any, Any, Any, Any, Any].
autodoc_type_aliases = {"AnyGame": "cardgames.game.AnyGame"}

napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_rtype = False
napoleon_attr_annotations = True

# -- intersphinx ---------------------------------------------------------------------------------
# Each project is fetched online first. When that fails (an offline build, as in CI), the small
# version-1 inventory in _intersphinx/ is used instead: it lists only the outside names the API
# reference mentions, with their real addresses, so the build stays warning-free and linked.

intersphinx_mapping = {
    "python": ("https://docs.python.org/3", (None, "_intersphinx/python.inv")),
    "attrs": ("https://www.attrs.org/en/stable", (None, "_intersphinx/attrs.inv")),
}
intersphinx_timeout = 10

# -- doctest -------------------------------------------------------------------------------------
# Every example on the pages is a ``.. doctest::`` block; plain ``>>>`` blocks are not collected,
# so a page cannot hold an example that no builder runs (docstring examples run under pytest).

doctest_test_doctest_blocks = ""
# The default flags include IGNORE_EXCEPTION_DETAIL, which would let an example's error message
# go unchecked; the messages are part of the API (they name the rule broken), so check them.
# NORMALIZE_WHITESPACE lets a long output or message be written over several lines, so that no
# example on a page is wider than its column.
doctest_default_flags = (
    doctest.ELLIPSIS | doctest.DONT_ACCEPT_TRUE_FOR_1 | doctest.NORMALIZE_WHITESPACE
)
# No doctest_global_setup: each page's examples import what they use, in plain sight, so that a
# reader who copies them gets code that runs.

# -- HTML ----------------------------------------------------------------------------------------

html_theme = "furo"
html_title = f"cardgames {release}"
html_static_path = ["_static"]
html_css_files = ["cardgames.css"]  # tables and code blocks that fit their column
html_js_files = ["cardgames.js"]  # long names in tables break between their words

# -- Project-specific autodoc hooks --------------------------------------------------------------

# Types as napoleon reads them from the first line of an attribute's docstring ("int: the count").
_TYPE_LIKE = re.compile(r"[\w.]+(\[.*\])?(\s*\|\s*[\w.]+(\[.*\])?)*")


def _keep_summary_colon(
    _app: Sphinx, what: str, _name: str, _obj: object, _options: object, lines: list[str]
) -> None:
    """Undo napoleon's reading of a sentence before a colon as an attribute's type.

    Napoleon takes ``"X: y"`` on the first line of an attribute, constant or property docstring
    to mean "of type X", so ``"The card's place in the order: 0 for 2♣"`` would render with the
    type "The card's place in the order". This project writes types as annotations, never in
    docstrings, so a "type" that does not look like one is put back into the sentence.
    """
    if what not in {"attribute", "data", "property"}:
        return
    for index, line in enumerate(lines):
        if line.startswith(":type: ") and not _TYPE_LIKE.fullmatch(line[len(":type: ") :]):
            summary = line[len(":type: ") :]
            del lines[index]
            if index and not lines[index - 1]:
                del lines[index - 1]
            first = next(place for place, text in enumerate(lines) if text)
            lines[first] = f"{summary}: {lines[first]}"
            return


def _hide_protocol_signature(
    _app: Sphinx,
    what: str,
    _name: str,
    obj: object,
    _options: object,
    signature: str | None,
    return_annotation: str | None,
) -> tuple[str | None, str | None] | None:
    """Drop the signature of a class nobody builds: a Protocol, and a view.

    A Protocol's is a meaningless ``(*args, **kwargs)``. A view is built by its game's ``view``
    (``view(state, seat)``), never by hand, and its fields are listed below the class; its
    constructor's signature would spell the shared fields in the type variables of
    :class:`cardgames.views.View`.
    """
    if what == "class" and (
        getattr(obj, "_is_protocol", False)
        or (isinstance(obj, type) and issubclass(obj, views.View))
    ):
        return "", return_annotation
    return signature, return_annotation


def _resolve_reexport(
    app: Sphinx, env: BuildEnvironment, node: pending_xref, contnode: Element
) -> Element | None:
    """Point a reference to a name's defining module at the package that documents it.

    The API reference documents each game's names once, under the game package that re-exports
    them (``cardgames.kalter_schlag.State``, and likewise ``cardgames.game.Game``), while type
    hints name the defining submodule (``cardgames.kalter_schlag._state.State``). This tries
    the enclosing packages in turn and resolves to the first one whose ``__all__`` lists the
    name and that documents it.
    (``contnode`` is a docutils ``Element``; docutils ships no type hints, hence ``object``.)
    """
    if node.get("refdomain") != "py":
        return None
    target = str(node.get("reftarget", ""))
    if not target.startswith("cardgames."):
        return None
    parts = target.split(".")
    domain = env.domains.python_domain
    for end in range(len(parts) - 2, 0, -1):
        package = ".".join(parts[:end])
        candidate = f"{package}.{parts[-1]}"
        try:
            exported = getattr(importlib.import_module(package), "__all__", ())
        except ImportError:
            continue
        if parts[-1] in exported and candidate in domain.objects:
            return domain.resolve_xref(
                env,
                node.get("refdoc", ""),
                app.builder,
                str(node.get("reftype", "obj")),
                candidate,
                node,
                contnode,
            )
    return None


def _check_public_names(_app: Sphinx, env: BuildEnvironment) -> None:
    """Warn about each public name the API reference leaves out (so ``-W`` fails the build).

    Every module the reference documents is checked: each name of its ``__all__`` must be
    documented too. (``tests/test_docs_api.py`` checks that every public module has one page,
    and only one; a game package's own modules are internal, see "Add a game" in
    CONTRIBUTING.md, and have none.) A name counts as documented under its own module, or,
    when it is re-exported, where it is defined (``cardgames.kalter_schlag.Play`` is
    :class:`cardgames.moves.Play`) or in a package on the way there that re-exports it.
    """
    domain = env.domains.python_domain
    for module_name in sorted(domain.modules):
        module = importlib.import_module(module_name)
        for name in getattr(module, "__all__", ()):
            value = getattr(module, name)
            home = str(getattr(value, "__module__", ""))
            qualname = getattr(value, "__qualname__", "")
            places = [".".join(home.split(".")[:end]) for end in range(home.count(".") + 1, 1, -1)]
            if (
                f"{module_name}.{name}" in domain.objects
                or getattr(value, "__name__", None) in domain.modules
                or any(f"{place}.{qualname}" in domain.objects for place in places)
            ):
                continue
            _LOGGER.warning("public name %s.%s is not in the API reference", module_name, name)


# -- The written pages show no error box ----------------------------------------------------------
# Some mistakes pass ``-W`` yet put a red box in front of the reader: Furo's stylesheet turns any
# ``.. contents::`` table into an "ERROR: Adding a table of contents in Furo-based documentation
# is unnecessary …" banner, and docutils leaves a "System Message" box, or red "problematic"
# text, where it could not read the markup. So the HTML build reads back every page it wrote.

# Furo's escape hatch: a contents table with this class is shown without the error banner.
_FURO_CONTENTS_ALLOWED = "this-will-duplicate-information-and-it-is-still-useful-here"


class _ErrorBoxFinder(html.parser.HTMLParser):
    """Collect the error boxes of one HTML page, each as what it is and the text it shows."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.boxes: list[str] = []
        self._tag: str | None = None  # the element of the box being read, if any
        self._depth = 0  # how many elements of that name are open inside the box
        self._what = ""
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Start reading a box at an element whose classes mark one."""
        if self._tag is not None:
            self._depth += tag == self._tag
            return
        classes = set((dict(attrs).get("class") or "").split())
        if "contents" in classes and _FURO_CONTENTS_ALLOWED not in classes:
            what = (
                "a table of contents (the contents directive), which Furo shows as an ERROR "
                "banner; Furo already lists the page's sections beside it"
            )
        elif "system-message" in classes:
            what = "a docutils system message"
        elif "problematic" in classes:
            what = "markup docutils could not read, shown in red"
        else:
            return
        self._tag, self._depth, self._what, self._text = tag, 1, what, []

    def handle_endtag(self, tag: str) -> None:
        """Finish the box when its element closes."""
        if tag != self._tag:
            return
        self._depth -= 1
        if not self._depth:
            text = textwrap.shorten(" ".join(self._text), width=160, placeholder=" …")
            self.boxes.append(f"{self._what}: {text!r}")
            self._tag = None

    def handle_data(self, data: str) -> None:
        """Keep the text inside a box."""
        if self._tag is not None:
            self._text.append(data)


def _check_written_pages(app: Sphinx, exception: Exception | None) -> None:
    """Warn about each error box on a written HTML page (so ``-W`` fails the build).

    Each warning names the page (its source file and its HTML file), what the box is and the
    text it shows. Builders that write no HTML pages (``doctest`` …) are not checked.
    """
    builder = app.builder
    if exception is not None or not isinstance(builder, StandaloneHTMLBuilder):
        return
    outdir = pathlib.Path(app.outdir)
    pages: dict[pathlib.Path, str] = {}  # each HTML file, with the first document it holds
    for docname in sorted(app.env.found_docs):
        pages.setdefault(pathlib.Path(builder.get_outfilename(docname)), docname)
    for path, docname in pages.items():
        if not path.is_file():
            continue  # not a page of this builder (singlehtml writes one page for all)
        finder = _ErrorBoxFinder()
        finder.feed(path.read_text(encoding="utf-8"))
        finder.close()
        for box in finder.boxes:
            _LOGGER.warning(
                "the page %s shows an error box: %s",
                path.relative_to(outdir).as_posix(),
                box,
                location=(docname, None),
                type="cardgames",
                subtype="error_box",
            )


def setup(app: Sphinx) -> None:
    """Connect the project's hooks."""
    app.connect("autodoc-process-docstring", _keep_summary_colon, priority=600)  # after napoleon
    app.connect("autodoc-process-signature", _hide_protocol_signature)
    app.connect("missing-reference", _resolve_reexport)
    app.connect("env-check-consistency", _check_public_names)
    app.connect("build-finished", _check_written_pages)
