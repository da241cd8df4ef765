"""The docs follow the rule of what a game package publishes (CONTRIBUTING.md).

A game package publishes exactly its ``__all__``; its modules are internal. So no docs page
names (or imports, in an example) a module of a game package, and every game's section of the
API reference has the same headings in the same order. (That the reference documents every
name of every ``__all__`` is checked by the HTML build itself: ``docs/conf.py`` warns about a
name left out.) These tests read the repository's ``docs/``, which an installed wheel has not:
the nox session ``wheel`` leaves them out.
"""

from __future__ import annotations

import importlib
import pathlib
import re

import pytest

import cardgames

DOCS = pathlib.Path(__file__).resolve().parents[1] / "docs"
PAGES = sorted(path for path in DOCS.rglob("*.rst") if "_build" not in path.parts)
"""Every page: the reference, the games' pages (their examples too), the glossary."""
GAME_PACKAGES = sorted(f"cardgames.{name.replace('-', '_')}" for name in cardgames.GAMES)

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
    "gin_rummy": ["Melds", "Hollywood scoring"],
    "kalter_schlag": ["Analysis"],
    "mariage": ["Analysis"],
    "staekske_rape": ["Analysis"],
}
"""The sections of a game's own, after the common ones."""


def _sections(text: str) -> list[str]:
    """The subsection titles of a page (underlined with ``~``), in order."""
    return re.findall(r"^(\S.*)\n~+$", text, flags=re.MULTILINE)


def test_every_game_package_is_found() -> None:
    for package in GAME_PACKAGES:
        assert importlib.import_module(package).GAME in cardgames.GAMES.values()


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.relative_to(DOCS).as_posix())
def test_no_page_names_a_module_of_a_game_package(page: pathlib.Path) -> None:
    text = page.read_text(encoding="utf-8")
    for package in GAME_PACKAGES:
        named = rf"{re.escape(package)}\._\w+|from {re.escape(package)} import _\w+"
        found = re.findall(named, text)
        assert not found, f"{page.name} names internal modules: {sorted(set(found))}"


@pytest.mark.parametrize("package", GAME_PACKAGES)
def test_every_game_s_section_has_the_same_headings(package: str) -> None:
    name = package.rsplit(".", 1)[1]
    page = DOCS / "_api" / f"{name.replace('_', '-')}.rst"
    assert f".. include:: _api/{page.name}" in (DOCS / "api.rst").read_text(encoding="utf-8")
    text = page.read_text(encoding="utf-8")
    assert text.startswith(f"``{package}``\n")
    expected = HEADINGS + OWN_HEADINGS.get(name, [])
    if name == "mariage":  # a session is Mariage's match
        expected = ["Playing a session", *expected[1:]]
    assert _sections(text) == expected
