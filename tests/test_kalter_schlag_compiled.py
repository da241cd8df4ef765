"""Kalter Schlag's search as mypyc compiles it, against its Python source: the same search.

The release's platform wheels compile the modules of ``analysis.COMPILED_MODULES`` (the mypyc
hook of ``pyproject.toml``); nox's ``compiled`` session builds such a wheel, installs it, sets
``CARDGAMES_COMPILED=1`` and runs this file with the solver's tests. Every other session runs
the pure-Python package, where this file checks that nothing is compiled, and the comparison
below compares the source with itself.

The comparison solves the same positions three times: in the test's process, and in two runs
of this file as a script, one importing the package as installed, the other with every module
of the package imported from its Python source (which the wheel ships beside the compiled
modules). Each digests every solution with the number of positions searched for it; the three
digests must be equal.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import os
import random
import subprocess
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType
from typing import Final

POSITIONS: Final = 24
"""The positions each run solves, for each measure."""


class _Sources(importlib.abc.MetaPathFinder):
    """Import every module of the package from its ``.py`` file, the compiled ones included."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> ModuleSpec | None:
        """Return the spec of a submodule's source file, or None for any other module."""
        if not fullname.startswith("cardgames.") or path is None:
            return None
        for directory in path:
            finder = importlib.machinery.FileFinder(
                directory,
                (importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES),
            )
            spec = finder.find_spec(fullname, target)
            if spec is not None:
                return spec
        return None


def _digest() -> str:
    """Return the digest of each position's solution and of the positions searched for it."""
    from cardgames import _solving  # noqa: PLC0415  # imported after _Sources, when asked
    from cardgames import kalter_schlag as ks  # noqa: PLC0415

    digest = hashlib.sha256()
    choose = random.Random(7)
    for measure in ks.MEASURES:
        for _ in range(POSITIONS):
            state = ks.apply(ks.new_game(seed=choose.getrandbits(32)), ks.Deal())
            cards_left = choose.randint(8, 24)
            while sum(hand.bit_count() for hand in state.hands) > cards_left:
                state = ks.apply(state, choose.choice(ks.legal_moves(state)))
            meter = _solving.Meter()
            with _solving.metered(meter):
                solution = ks.solve(state, measure=measure)
            digest.update(f"{solution!r} {meter.spent}\n".encode())
    return digest.hexdigest()


def _run(*arguments: str) -> list[str]:
    """Run this file as a script with ``arguments``; return its two lines of output."""
    done = subprocess.run(  # noqa: S603  # this interpreter and this file
        [sys.executable, __file__, *arguments],
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.splitlines()


def test_the_modules_are_compiled_where_the_session_says() -> None:
    from cardgames import analysis  # noqa: PLC0415  # as _digest imports it

    assert analysis.compiled() is (os.environ.get("CARDGAMES_COMPILED") == "1")


def test_the_compiled_search_is_the_source_search() -> None:
    digest = _digest()
    assert _run("--sources") == [digest, "False"]
    assert _run() == [digest, str(os.environ.get("CARDGAMES_COMPILED") == "1")]


def main() -> None:
    """Print the digest of the positions' solutions, then whether the search ran compiled."""
    if "--sources" in sys.argv[1:]:
        sys.meta_path.insert(0, _Sources())
    digest = _digest()
    from cardgames import analysis  # noqa: PLC0415  # after _Sources

    print(digest)  # noqa: T201  # read by the test
    print(analysis.compiled())  # noqa: T201


if __name__ == "__main__":
    main()
