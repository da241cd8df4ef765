"""The release machinery agrees with itself: the workflows, Read the Docs, nox and pyproject.toml.

GitHub Actions and Read the Docs cannot run here, so these tests read their files and check
that they run what ``noxfile.py`` and ``pyproject.toml`` say: the default nox sessions, on every
Python the classifiers name, with the docs built as the ``docs`` session builds them. They read
the repository's own files, which an installed wheel has not: the nox session ``build`` runs
them, and ``wheel`` (the suite against the installed wheel) leaves them out.
"""

from __future__ import annotations

import ast
import pathlib
import re
import shlex
import tomllib
from typing import Any

import pytest
import yaml

from cardgames import analysis

ROOT = pathlib.Path(__file__).resolve().parents[1]
WORKFLOWS = ROOT / ".github" / "workflows"


def _text(relative: str) -> str:
    return (ROOT / relative).read_text(encoding="utf-8")


def _yaml(relative: str) -> dict[Any, Any]:
    loaded = yaml.safe_load(_text(relative))
    assert isinstance(loaded, dict), f"{relative} is not a YAML mapping"
    return loaded


def _triggers(workflow: dict[Any, Any]) -> dict[str, Any]:
    """Return a workflow's ``on:`` mapping (YAML 1.1 reads the bare key ``on`` as True)."""
    triggers = workflow.get("on", workflow.get(True))
    assert isinstance(triggers, dict)
    return triggers


def _pyproject() -> dict[str, Any]:
    return tomllib.loads(_text("pyproject.toml"))


def _classifier_pythons() -> list[str]:
    prefix = "Programming Language :: Python :: "
    return [
        version
        for classifier in _pyproject()["project"]["classifiers"]
        if classifier.startswith(prefix)
        and re.fullmatch(r"3\.\d+", version := classifier.removeprefix(prefix))
    ]


def _noxfile() -> ast.Module:
    return ast.parse(_text("noxfile.py"))


def _default_sessions() -> list[str]:
    for node in ast.walk(_noxfile()):
        if isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == "nox.options.sessions":
            sessions = ast.literal_eval(node.value)
            assert isinstance(sessions, list)
            return [str(name) for name in sessions]
    pytest.fail("noxfile.py sets no nox.options.sessions")


def _session(name: str) -> ast.FunctionDef:
    for node in _noxfile().body:
        if (
            isinstance(node, ast.FunctionDef)
            and node.name == name
            and any(ast.unparse(each).startswith("nox.session") for each in node.decorator_list)
        ):
            return node
    pytest.fail(f"noxfile.py has no session {name!r}")


def _calls(session: ast.FunctionDef, method: str) -> list[list[str]]:
    """Return the string arguments of each ``session.<method>(...)`` call in a session."""
    return [
        [
            arg.value
            for arg in node.args
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str)
        ]
        for node in ast.walk(session)
        if isinstance(node, ast.Call) and ast.unparse(node.func) == f"session.{method}"
    ]


def _nox_command(run: str) -> list[str] | None:
    """Return the sessions a step's ``python -m nox --sessions ...`` names, None if not nox."""
    words = shlex.split(run)
    if words[:3] != ["python", "-m", "nox"]:
        return None
    assert words[3] == "--sessions", f"nox is run without naming its sessions: {run}"
    return words[4:]


def _steps(job: dict[str, Any]) -> list[dict[str, Any]]:
    steps = job.get("steps", [])
    assert isinstance(steps, list)
    return steps


def test_ci_runs_the_default_nox_sessions() -> None:
    ci = _yaml(".github/workflows/ci.yml")
    (job,) = ci["jobs"].values()
    commands = [_nox_command(step["run"]) for step in _steps(job) if "run" in step]
    assert [command for command in commands if command is not None] == [_default_sessions()]
    for name in _default_sessions():
        _session(name)


def test_ci_runs_on_every_python_the_classifiers_name_on_three_systems() -> None:
    pythons = _classifier_pythons()
    assert pythons == ["3.11", "3.12", "3.13"]
    assert _pyproject()["project"]["requires-python"] == f">={pythons[0]}"
    (job,) = _yaml(".github/workflows/ci.yml")["jobs"].values()
    matrix = job["strategy"]["matrix"]
    assert matrix["python"] == pythons
    assert sorted(system.split("-")[0] for system in matrix["os"]) == ["macos", "ubuntu", "windows"]
    assert job["runs-on"] == "${{ matrix.os }}"
    (setup,) = (
        step for step in _steps(job) if step.get("uses", "").startswith("actions/setup-python")
    )
    assert setup["with"]["python-version"] == "${{ matrix.python }}"


def test_ci_runs_on_main_on_pull_requests_and_for_the_release() -> None:
    triggers = _triggers(_yaml(".github/workflows/ci.yml"))
    assert triggers["push"] == {"branches": ["main"]}
    assert set(triggers) == {"push", "pull_request", "workflow_call"}


def test_a_version_tag_runs_ci_then_one_build_then_trusted_publishing() -> None:
    release = _yaml(".github/workflows/release.yml")
    assert _triggers(release) == {"push": {"tags": ["v*"]}}
    jobs = release["jobs"]
    assert jobs["ci"] == {"uses": "./.github/workflows/ci.yml"}
    builders = [
        name
        for name, job in jobs.items()
        for step in _steps(job)
        if "run" in step and (_nox_command(step["run"]) or []) == ["build"]
    ]
    assert builders == ["build"]
    assert "build" in _default_sessions()
    assert jobs["build"]["needs"] == "ci"
    assert any(
        step.get("uses", "").startswith("actions/upload-artifact") for step in _steps(jobs["build"])
    )
    publish = jobs["publish"]
    assert publish["needs"] == ["build", "wheels"]
    assert publish["permissions"] == {"id-token": "write"}
    assert publish["environment"] == "pypi"
    uses = [step.get("uses", "") for step in _steps(publish)]
    assert uses[0].startswith("actions/download-artifact")
    assert uses[-1] == "pypa/gh-action-pypi-publish@release/v1"
    assert not any("run" in step for step in _steps(publish)), "publish builds nothing itself"


def test_the_platform_wheels_compile_the_search_and_test_it() -> None:
    wheels = _yaml(".github/workflows/release.yml")["jobs"]["wheels"]
    assert wheels["needs"] == "ci"
    assert sorted(system.split("-")[0] for system in wheels["strategy"]["matrix"]["os"]) == [
        "macos",
        "ubuntu",
        "windows",
    ]
    (build,) = (
        step for step in _steps(wheels) if step.get("uses", "").startswith("pypa/cibuildwheel")
    )
    options = build["env"]
    pythons = [f"cp{python.replace('.', '')}-*" for python in _classifier_pythons()]
    assert options["CIBW_BUILD"].split() == pythons
    assert options["CIBW_ENVIRONMENT"] == "HATCH_BUILD_HOOK_ENABLE_MYPYC=true"
    assert options["CIBW_TEST_ENVIRONMENT"] == "CARDGAMES_COMPILED=1"
    tested = options["CIBW_TEST_COMMAND"].split()
    assert "{project}/tests/test_kalter_schlag_compiled.py" in tested
    hook = _pyproject()["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]
    assert hook["enable-by-default"] is False  # the sdist and `build` make the pure wheel
    assert hook["include"] == [
        f"src/{name.replace('.', '/')}.py" for name in analysis.COMPILED_MODULES
    ]


def test_the_tag_must_name_the_version_built() -> None:
    build = _yaml(".github/workflows/release.yml")["jobs"]["build"]
    checks = [step["run"] for step in _steps(build) if "GITHUB_REF_NAME" in step.get("run", "")]
    assert checks == ['test -f "dist/python_cardgames-${GITHUB_REF_NAME#v}-py3-none-any.whl"']
    assert _pyproject()["project"]["name"].replace("-", "_") == "python_cardgames"


def test_read_the_docs_builds_as_the_docs_session() -> None:
    config = _yaml(".readthedocs.yaml")
    assert config["version"] == 2
    assert config["build"]["tools"]["python"] in _classifier_pythons()
    docs = _session("docs")
    (install,) = _calls(docs, "install")
    extras = [
        match[1].split(",") for word in install if (match := re.fullmatch(r"\.\[(.*)\]", word))
    ]
    assert config["python"]["install"] == [
        {"method": "pip", "path": ".", "extra_requirements": extras[0]}
    ]
    (sphinx,) = _calls(docs, "run")
    assert sphinx[0] == "sphinx-build"
    assert {"-W", "--keep-going"} <= set(sphinx)
    assert config["sphinx"]["fail_on_warning"] is True
    assert sphinx[sphinx.index("-b") + 1] == config["sphinx"]["builder"] == "html"
    source = sphinx[sphinx.index("-b") + 2]
    assert config["sphinx"]["configuration"] == f"{source}/conf.py"
    # Read the Docs passes no -n; conf.py's nitpicky does the same, so -n adds nothing.
    assert re.search(r"^nitpicky = True$", _text("docs/conf.py"), re.MULTILINE)


def test_the_ci_script_runs_the_readme_check_command() -> None:
    readme = [line for line in _text("README.md").splitlines() if line.endswith("-m nox")]
    assert len(readme) == 1
    script = [line for line in _text(".ci/run").splitlines() if line and not line.startswith("#")]
    assert script[-1] == readme[0]


def test_the_version_is_written_once() -> None:
    project = _pyproject()
    assert "version" not in project["project"]
    assert project["project"]["dynamic"] == ["version"]
    source = project["tool"]["hatch"]["version"]["path"]
    assert source == "src/cardgames/__init__.py"
    assignments = re.findall(r'^__version__ = "([^"]+)"$', _text(source), re.MULTILINE)
    assert len(assignments) == 1


def test_the_licence_is_the_mit_text_pyproject_declares() -> None:
    project = _pyproject()["project"]
    assert project["license"] == "MIT"
    assert project["license-files"] == ["LICENSE"]
    lines = _text("LICENSE").splitlines()
    assert lines[0] == "MIT License"
    assert re.fullmatch(r"Copyright \(c\) \d{4} The cardgames developers", lines[2])
    assert "Permission is hereby granted, free of charge, to any person obtaining a copy" in lines
    sdist = _pyproject()["tool"]["hatch"]["build"]["targets"]["sdist"]["include"]
    assert {"LICENSE", ".github/workflows/", ".readthedocs.yaml", ".ci/run"} <= set(sdist)
    assert sorted(path.name for path in WORKFLOWS.iterdir()) == ["ci.yml", "release.yml"]
