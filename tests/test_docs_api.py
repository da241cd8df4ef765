"""The docs follow the rule of what a game package publishes (CONTRIBUTING.md).

A game package publishes exactly its ``__all__``; its modules are internal. So no docs page
names (or imports, in an example) a module of a game package, every public module has one page
of the API reference, and only one, and every game's page has the same headings in the same
order. (That each documented module's page documents every name of its ``__all__`` is checked
by the HTML build itself: ``docs/conf.py`` warns about a name left out.) These tests read the
repository's ``docs/``, which an installed wheel has not: the nox session ``wheel`` leaves them
out.
"""

from __future__ import annotations

import importlib
import pathlib
import pkgutil
import re

import pytest

import cardgames

DOCS = pathlib.Path(__file__).resolve().parents[1] / "docs"
PAGES = sorted(path for path in DOCS.rglob("*.rst") if "_build" not in path.parts)
"""Every page: the reference, the games' pages (their examples too), the glossary."""
API_PAGES = sorted((DOCS / "api").glob("*.rst"))
"""The API reference's pages, one a module."""
GAME_PACKAGES = sorted(f"cardgames.{name.replace('-', '_')}" for name in cardgames.GAMES)

PUBLIC_MODULES = sorted(
    {"cardgames"}
    | {
        found.name
        for found in pkgutil.walk_packages(cardgames.__path__, "cardgames.")
        if not any(part.startswith("_") for part in found.name.split("."))
    }
)
"""The package's public modules: every module none of whose names starts with an underscore."""

HEADINGS = [
    "Playing a match",
    "Facts",
    "Options, state and view",
    "Moves",
    "Scoring",
    "Card facts",
    "Learning agents",
    "Bots",
]
"""Every game's sections, in order; a game's own sections may follow."""

OWN_HEADINGS = {
    "gin_rummy": ["Analysis", "Melds", "Hollywood scoring"],
    "kalter_schlag": ["Analysis"],
    "mariage": ["Analysis"],
    "staekske_rape": ["Analysis"],
}
"""The sections of a game's own, after the common ones."""

_MODULE_DIRECTIVE = re.compile(r"^\.\. (?:automodule|module|py:module):: (\S+)$", re.MULTILINE)


def _sections(text: str) -> list[str]:
    """The subsection titles of a page (underlined with ``~``), in order."""
    return re.findall(r"^(\S.*)\n~+$", text, flags=re.MULTILINE)


def _documented(page: pathlib.Path) -> list[str]:
    """The modules a page documents (its ``automodule`` and ``module`` directives)."""
    return _MODULE_DIRECTIVE.findall(page.read_text(encoding="utf-8"))


def _api_toctree() -> list[str]:
    """The pages the API reference's index lists, in order (``api/cards`` …)."""
    return re.findall(
        r"^   (api/\S+)$", (DOCS / "api.rst").read_text(encoding="utf-8"), re.MULTILINE
    )


def test_every_game_package_is_found() -> None:
    for package in GAME_PACKAGES:
        assert importlib.import_module(package).GAME in cardgames.GAMES.values()


def test_the_public_modules_are_found() -> None:
    assert {"cardgames", "cardgames.cards", "cardgames.integrations.gymnasium"} <= set(
        PUBLIC_MODULES
    )
    assert set(GAME_PACKAGES) <= set(PUBLIC_MODULES)
    assert not [name for name in PUBLIC_MODULES if "._" in name]


@pytest.mark.parametrize("module", PUBLIC_MODULES)
def test_every_public_module_has_one_page(module: str) -> None:
    places = [
        page.relative_to(DOCS).as_posix()
        for page in PAGES
        for documented in _documented(page)
        if documented == module
    ]
    assert places == [f"api/{_page_name(module)}.rst"]


def _page_name(module: str) -> str:
    """The name of a module's API page: its last name, a game's spelt as in the registry."""
    return module.rsplit(".", 1)[-1].replace("_", "-")


@pytest.mark.parametrize("page", API_PAGES, ids=lambda page: page.stem)
def test_every_api_page_documents_one_module_under_its_title(page: pathlib.Path) -> None:
    (module,) = _documented(page)
    text = page.read_text(encoding="utf-8")
    assert text.startswith(f"``{module}``\n{'=' * (len(module) + 4)}\n")


def test_the_api_index_lists_every_page_once_the_core_first() -> None:
    listed = _api_toctree()
    assert sorted(listed) == sorted(f"api/{page.stem}" for page in API_PAGES)
    assert len(set(listed)) == len(listed)
    assert listed[:3] == ["api/cardgames", "api/cards", "api/errors"]
    first_game = min(listed.index(f"api/{_page_name(package)}") for package in GAME_PACKAGES)
    assert listed.index("api/codec") < first_game


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.relative_to(DOCS).as_posix())
def test_no_page_names_a_module_of_a_game_package(page: pathlib.Path) -> None:
    text = page.read_text(encoding="utf-8")
    for package in GAME_PACKAGES:
        named = rf"{re.escape(package)}\._\w+|from {re.escape(package)} import _\w+"
        found = re.findall(named, text)
        assert not found, f"{page.name} names internal modules: {sorted(set(found))}"


@pytest.mark.parametrize("package", GAME_PACKAGES)
def test_every_game_s_page_has_the_same_headings(package: str) -> None:
    name = package.rsplit(".", 1)[1]
    page = DOCS / "api" / f"{_page_name(package)}.rst"
    assert f"api/{page.stem}" in _api_toctree()
    text = page.read_text(encoding="utf-8")
    assert text.startswith(f"``{package}``\n")
    expected = HEADINGS + OWN_HEADINGS.get(name, [])
    if name == "mariage":  # a session is Mariage's match
        expected = ["Playing a session", *expected[1:]]
    assert _sections(text) == expected
