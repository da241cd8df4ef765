"""The browser tests run only when asked for by their path (``pytest tests/browser``, as
``nox -s browser`` does), never inside ``pytest tests``: they need Chromium and servers of their
own.
"""

from __future__ import annotations

import pathlib

import pytest

HERE = pathlib.Path(__file__).parent


def pytest_ignore_collect(collection_path: pathlib.Path, config: pytest.Config) -> bool | None:
    """Leave this folder out unless the run names it (or a file in it); else let pytest decide."""
    asked = [pathlib.Path(argument.split("::")[0]).resolve() for argument in config.args]
    wanted = any(path == HERE or HERE in path.parents for path in asked)
    inside = collection_path == HERE or HERE in collection_path.parents
    return True if inside and not wanted else None
