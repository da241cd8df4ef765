"""Development sessions: ``nox`` runs every check; ``nox -s NAME`` runs one.

The default sessions are what CI runs (``.ci/run`` locally, ``.github/workflows/ci.yml`` on
every Python the classifiers name): lint, typing, wheel, compiled, fingerprint, docs, doctest,
build, browser. Every session runs on the Python that runs nox.

The test suite runs once in CI, in ``wheel``, against what users install: the wheel is built,
installed (not editable) into the session's fresh virtual environment, and the tests and the
package's docstring examples run from a scratch directory outside the checkout, with branch
coverage of the installed package. Running the suite a second time on the editable source would
prove nothing more and would add a second run to CI's time, which grows with every game;
``wheel`` is the one run and carries the coverage threshold. ``wheel`` (branch coverage makes
the suite several times slower) and ``fingerprint`` take most of a fresh clone's ``.ci/run``;
nox prints each session's time at its end.
``tests`` (not a default) is the quick loop for development: the editable source, no coverage,
arguments after ``--`` to pytest.

``bench`` (not a default) runs the benchmarks against the peer libraries.
"""

from __future__ import annotations

import os
import pathlib
import shutil
import tarfile
import tempfile
import tomllib
import zipfile

import nox
import nox.command

nox.options.default_venv_backend = "uv|venv"
nox.options.sessions = [
    "lint",
    "typing",
    "wheel",
    "compiled",
    "fingerprint",
    "docs",
    "doctest",
    "build",
    "browser",
]
nox.options.error_on_external_run = True

PACKAGE = pathlib.Path("src/cardgames")
"""The package's source tree: every file in it must reach the wheel."""

DISTRIBUTION = "python-cardgames"
"""The distribution's name on PyPI (the import name is ``cardgames``)."""

REPOSITORY_TESTS = ("test_release.py", "test_docs_api.py")
"""Tests of the repository's own files (workflows, configs, the docs pages), which an installed
wheel has not: ``build`` runs them, ``wheel`` leaves them out."""

COVERAGE = ("--cov=cardgames", "--cov-branch", "--cov-report=term", "--cov-fail-under=90")
"""Branch coverage of the package, wherever it is imported from, and the least that passes."""


@nox.session
def lint(session: nox.Session) -> None:
    """Ruff with every rule on, and the formatter in check mode."""
    session.install("ruff>=0.6")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")


@nox.session
def typing(session: nox.Session) -> None:
    """Mypy --strict over the package, the tests, the benchmarks, the docs config and this file."""
    session.install("-e", ".[typing,tests,docs,adapters,browser,cluster]")
    session.run("mypy")


@nox.session(default=False)
def tests(session: nox.Session) -> None:
    """Pytest on the editable source: the quick loop (``nox -s tests -- tests/test_cards.py``).

    Without arguments it runs what pyproject.toml's ``testpaths`` name: the tests and the
    package's docstring examples. CI runs the suite in ``wheel`` instead, with coverage.
    """
    session.install("-e", ".[tests,adapters,web,cluster]")
    session.run("pytest", *session.posargs)


@nox.session
def wheel(session: nox.Session) -> None:
    """The test suite and the docstring examples against the built wheel, installed as users do.

    The wheel must hold every file of ``src/cardgames`` (a module or ``py.typed`` left out
    fails here); it is installed, not editable, into this session's fresh environment; pytest
    then runs in a scratch directory holding only a copy of ``tests/`` and ``pyproject.toml``
    (for pytest's and coverage's settings), so the tests import the installed package, the
    docstring examples are collected from its site-packages directory, and a test that reads a
    file of the checkout fails. The suite runs on two workers (pytest-xdist), one per core of
    CI's machine; coverage is combined across them. ``cardgames --version``,
    ``cardgames.__version__`` and the installed metadata must name the wheel's version.
    The tests marked ``breadth`` (random play and brute-force comparisons in bulk, whose worth
    is the number of cases, not the lines they reach) run after the rest, without coverage:
    tracing makes them four to fifteen times slower, and the coverage of the other tests stays
    the measure. Arguments after ``--`` replace the targets, the markers and the coverage
    options (``nox -s wheel -- tests/test_cli.py``).
    """
    session.install("build")
    with tempfile.TemporaryDirectory(
        prefix="cardgames-wheel-", ignore_cleanup_errors=True
    ) as scratch:
        work = pathlib.Path(scratch)
        session.run("python", "-m", "build", "--wheel", "--outdir", str(work / "dist"), ".")
        (built,) = (work / "dist").glob("*.whl")
        _check_wheel_files(session, built)
        session.install(f"{built}[tests,adapters,web,cluster]", "pytest-xdist>=3.5")
        _copy_tests(work)
        with session.chdir(work):
            installed = _installed_package(session)
            _check_versions(session, version=built.name.split("-")[1])
            if session.posargs:
                session.run("pytest", "-p", "no:cacheprovider", "-n", "2", *session.posargs)
                return
            run = ("pytest", "-p", "no:cacheprovider", "-n", "2", "tests", str(installed))
            session.run(*run, "-m", "not fingerprint and not breadth", *COVERAGE)
            session.run(*run, "-m", "breadth")


COMPILED_TESTS = (
    "tests/test_kalter_schlag_compiled.py",
    "tests/test_kalter_schlag_solver.py",
    "tests/test_kalter_schlag_compact.py",
    "tests/test_search_agents.py",
)
"""The tests of Kalter Schlag's search and what calls it, run against the compiled wheel."""


@nox.session
def compiled(session: nox.Session) -> None:
    """The platform wheel, Kalter Schlag's search compiled by mypyc, tested as users get it.

    The release builds such a wheel for each Python and system (``release.yml``): the mypyc
    hook of pyproject.toml, turned on by ``HATCH_BUILD_HOOK_ENABLE_MYPYC``, compiles the
    modules it names. Here one is built the same way (from the sdist, so that nothing is
    compiled into the checkout), must be tagged for this platform and hold each of them
    compiled, and is installed into this session's environment; then the tests of
    :data:`COMPILED_TESTS` and the docstring examples of the solver run against it, from a
    scratch directory, with ``CARDGAMES_COMPILED=1``: the package must import the compiled
    modules, and the compiled search must solve positions exactly as its Python source does,
    position for position.
    """
    session.install("build")
    with tempfile.TemporaryDirectory(
        prefix="cardgames-compiled-", ignore_cleanup_errors=True
    ) as scratch:
        work = pathlib.Path(scratch)
        session.run(
            "python",
            "-m",
            "build",
            "--outdir",
            str(work / "dist"),
            ".",
            env={"HATCH_BUILD_HOOK_ENABLE_MYPYC": "true"},
        )
        (built,) = (work / "dist").glob("*.whl")
        if built.name.endswith("-py3-none-any.whl"):
            session.error(f"{built.name} is a pure-Python wheel: nothing was compiled")
        _check_wheel_files(session, built)
        with zipfile.ZipFile(built) as archive:
            names = archive.namelist()
        for source in _compiled_sources():
            module = source.removeprefix("src/").removesuffix(".py")
            if not any(name.startswith(f"{module}.") and name != f"{module}.py" for name in names):
                session.error(f"{built.name} lacks {module} compiled")
        session.install(f"{built}[tests]", "pytest-xdist>=3.5")
        _copy_tests(work)
        with session.chdir(work):
            installed = _installed_package(session)
            session.run(
                "pytest",
                "-p",
                "no:cacheprovider",
                "-n",
                "2",
                *COMPILED_TESTS,
                str(installed / "kalter_schlag" / "_solver.py"),
                *session.posargs,
                env={"CARDGAMES_COMPILED": "1"},
            )


@nox.session
def fingerprint(session: nox.Session) -> None:
    """The behaviour fingerprint of every game (``tests/test_fingerprint.py``), on two workers.

    It plays at least 100,000 states of each game and digests every seat's view, the legal
    moves and the score: about a minute a game on this project's 2-core machine, so it runs
    here, without coverage and with one worker per core (pytest-xdist), not in ``wheel``.
    """
    session.install(".[tests,adapters,web,cluster]", "pytest-xdist>=3.5")  # every module
    session.run("pytest", "-p", "no:cacheprovider", "-n", "2", "-m", "fingerprint", "tests")


@nox.session
def browser(session: nox.Session) -> None:
    """The web table in a real browser: ``tests/browser``, Playwright driving Chromium.

    Each test runs ``cardgames serve`` (the extra ``web``) and plays it by clicking, with
    screenshots of each screen checked. The browser is ``$CARDGAMES_CHROMIUM``, else the
    system's ``chromium`` (``.ci/run`` installs Debian's), else the one that Playwright
    downloads. About a minute and a half on 2 cores.
    """
    session.install(".[tests,browser]")
    chromium = (
        os.environ.get("CARDGAMES_CHROMIUM")
        or shutil.which("chromium")
        or shutil.which("chromium-browser")
    )
    if chromium is None:
        session.run("playwright", "install", "chromium")
        chromium = "playwright"
    session.run(
        "pytest",
        "-p",
        "no:cacheprovider",
        "tests/browser",
        *session.posargs,
        env={"CARDGAMES_CHROMIUM": chromium},
    )


def _copy_tests(work: pathlib.Path) -> None:
    """Copy the tests of the installed package (not the repository's) and pyproject.toml."""
    shutil.copytree(
        "tests",
        work / "tests",
        ignore=shutil.ignore_patterns("__pycache__", ".hypothesis", *REPOSITORY_TESTS),
    )
    shutil.copy2("pyproject.toml", work)


def _compiled_sources() -> list[str]:
    """Return the source files pyproject.toml's mypyc hook compiles."""
    with pathlib.Path("pyproject.toml").open("rb") as project:
        hooks = tomllib.load(project)["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]
    return [str(source) for source in hooks["mypyc"]["include"]]


def _check_wheel_files(session: nox.Session, built: pathlib.Path) -> None:
    """Fail the session unless the wheel holds each file of the source package."""
    with zipfile.ZipFile(built) as archive:
        names = set(archive.namelist())
    wanted = {
        f"cardgames/{path.relative_to(PACKAGE).as_posix()}"
        for path in PACKAGE.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }
    missing = sorted(wanted - names)
    if missing:
        session.error(f"the wheel lacks {', '.join(missing)}")


def _installed_package(session: nox.Session) -> pathlib.Path:
    """Return the imported package's directory; fail unless it is inside this session's venv."""
    where = session.run("python", "-c", "import cardgames; print(cardgames.__file__)", silent=True)
    package = pathlib.Path(str(where).strip()).resolve().parent
    venv = pathlib.Path(str(session.virtualenv.location)).resolve()
    if not package.is_relative_to(venv):
        session.error(f"cardgames was imported from {package}, not from the installed wheel")
    return package


def _check_versions(session: nox.Session, *, version: str) -> None:
    """Fail unless the command, the module and the installed metadata all name ``version``."""
    command = str(session.run("cardgames", "--version", silent=True)).strip()
    module = str(
        session.run(
            "python",
            "-c",
            "import cardgames; from importlib import metadata; "
            f"print(cardgames.__version__, metadata.version({DISTRIBUTION!r}))",
            silent=True,
        )
    ).split()
    if command != f"cardgames {version}" or module != [version, version]:
        session.error(
            f"versions disagree: the wheel is {version}, `cardgames --version` says "
            f"{command!r}, cardgames.__version__ and the metadata say {module}"
        )
    session.log(f"cardgames {version}: the command, the module and the metadata agree")


@nox.session
def docs(session: nox.Session) -> None:
    """The Sphinx HTML build; any warning or broken reference fails it (as on Read the Docs)."""
    session.install("-e", ".[docs,adapters,web]")
    session.run(
        "sphinx-build", "-W", "-n", "--keep-going", "-b", "html", "docs", "docs/_build/html"
    )


@nox.session
def doctest(session: nox.Session) -> None:
    """The worked examples on the docs pages, run by Sphinx's doctest builder (Dask's too)."""
    session.install("-e", ".[docs,adapters,web,cluster]")
    session.run(
        "sphinx-build", "-W", "-n", "--keep-going", "-b", "doctest", "docs", "docs/_build/doctest"
    )


@nox.session
def build(session: nox.Session) -> None:
    """Build what a release publishes, check it, and check the workflows that publish it.

    The sdist and the wheel (built from the sdist, so the sdist must be complete) go to a clean
    ``dist/``; ``twine check`` reads their metadata and both must hold the LICENSE. Then, with
    the wheel installed, ``tests/test_release.py`` checks that CI, the release workflow and Read
    the Docs run the sessions and Pythons that this file and pyproject.toml name, and
    ``tests/test_docs_api.py`` that the docs publish each game's ``__all__`` by the rule
    (``--noconftest``: those tests need none of the suite's Hypothesis settings).
    """
    shutil.rmtree("dist", ignore_errors=True)
    session.install("build", "twine", "pytest", "pyyaml")
    session.run("python", "-m", "build", "--outdir", "dist", ".")
    archives = sorted(pathlib.Path("dist").iterdir())
    session.run("twine", "check", "--strict", *(str(path) for path in archives))
    for archive in archives:
        if not _has_license(archive):
            session.error(f"{archive.name} lacks the LICENSE")
    session.install(*(str(archive) for archive in archives if archive.suffix == ".whl"))
    session.run(
        "pytest",
        "-p",
        "no:cacheprovider",
        "--noconftest",
        *(f"tests/{name}" for name in REPOSITORY_TESTS),
    )


def _has_license(archive: pathlib.Path) -> bool:
    """Tell whether a wheel (in ``.dist-info/licenses/``) or an sdist (at its top) has LICENSE."""
    if archive.suffix == ".whl":
        with zipfile.ZipFile(archive) as wheel_file:
            return any(
                name.endswith(".dist-info/licenses/LICENSE") for name in wheel_file.namelist()
            )
    with tarfile.open(archive) as sdist:
        return any(name.count("/") == 1 and name.endswith("/LICENSE") for name in sdist.getnames())


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
    session.install(".[adapters]")  # the environment steps time the adapters
    for name, arguments in PEERS:
        try:
            session.install(*arguments)
        except nox.command.CommandFailed:
            session.warn(f"{name} could not be installed here: its benchmarks are skipped")
    session.run("python", "benchmarks/bench.py", *session.posargs)
    if not session.posargs:
        session.run("python", "benchmarks/environments.py")
        session.run("python", "benchmarks/render_docs.py")
