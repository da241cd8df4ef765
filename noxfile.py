"""Development sessions: ``nox`` runs every check; ``nox -s NAME`` runs one.

The default sessions are what CI runs (``.ci/run``): lint, typing, tests, docs, doctest, build.
``bench`` (not a default) runs the benchmarks against the peer libraries.
"""

from __future__ import annotations

import pathlib
import shutil

import nox
import nox.command

nox.options.default_venv_backend = "uv|venv"
nox.options.sessions = ["lint", "typing", "tests", "docs", "doctest", "build"]
nox.options.error_on_external_run = True


@nox.session
def lint(session: nox.Session) -> None:
    """Ruff with every rule on, and the formatter in check mode."""
    session.install("ruff>=0.6")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")


@nox.session
def typing(session: nox.Session) -> None:
    """Mypy --strict over the package, the tests, the benchmarks, the docs config and this file."""
    session.install("-e", ".[typing,docs]")
    session.run("mypy")


@nox.session
def tests(session: nox.Session) -> None:
    """Pytest: the tests and the package's docstring examples, with branch coverage."""
    session.install("-e", ".[tests]")
    session.run(
        "pytest",
        "--cov=cardgames",
        "--cov-branch",
        "--cov-report=term",
        "--cov-fail-under=90",
        *session.posargs,
    )


@nox.session
def docs(session: nox.Session) -> None:
    """The Sphinx HTML build; any warning or broken reference fails it."""
    session.install("-e", ".[docs]")
    session.run(
        "sphinx-build", "-W", "-n", "--keep-going", "-b", "html", "docs", "docs/_build/html"
    )


@nox.session
def doctest(session: nox.Session) -> None:
    """The worked examples on the docs pages, run by Sphinx's doctest builder."""
    session.install("-e", ".[docs]")
    session.run(
        "sphinx-build", "-W", "-n", "--keep-going", "-b", "doctest", "docs", "docs/_build/doctest"
    )


@nox.session
def build(session: nox.Session) -> None:
    """Build the wheel and sdist into a clean dist/ and check their metadata."""
    shutil.rmtree("dist", ignore_errors=True)
    session.install("build", "twine")
    session.run("python", "-m", "build", "--outdir", "dist", ".")
    session.run(
        "twine", "check", "--strict", *sorted(str(path) for path in pathlib.Path("dist").iterdir())
    )


PEERS = (
    # OpenSpiel has compiled wheels for some Pythons and platforms only; never build it from
    # source (CMake, a C++ toolchain and a long wait): skip it instead.
    ("open-spiel", ("--only-binary=open-spiel", "open-spiel")),
    # RLCard is pure Python, published as an sdist.
    ("rlcard", ("rlcard",)),
)
"""Each peer of the benchmarks, and the pip arguments that install it."""


@nox.session(default=False)
def bench(session: nox.Session) -> None:
    """Benchmarks side by side with OpenSpiel and RLCard (not in CI; see benchmarks/README.md).

    A peer that cannot be installed is skipped with a warning. Arguments after ``--`` go to
    ``benchmarks/bench.py`` (``nox -s bench -- --quick``); only a full run without arguments
    rewrites ``docs/performance.rst`` from the new ``benchmarks/results.json``.
    """
    session.install(".")
    for name, arguments in PEERS:
        try:
            session.install(*arguments)
        except nox.command.CommandFailed:
            session.warn(f"{name} could not be installed here: its benchmarks are skipped")
    session.run("python", "benchmarks/bench.py", *session.posargs)
    if not session.posargs:
        session.run("python", "benchmarks/render_docs.py")
