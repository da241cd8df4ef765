"""Find every table and code block of the built HTML docs that is wider than its column.

A reader meets the docs at a desktop's width and at a phone's: a table wider than the text
column hides its last columns behind a scroll bar, and a code block that scrolls sideways hides
the ends of its lines. This script opens each built page in headless Chromium at each width
(1,400 px and 400 px unless told), measures the page after it has laid itself out, and reports
each table wider than the column and each code block whose text is wider than the block::

    PYTHONPATH=src sphinx-build -E -W -n -b html docs /tmp/cardgames-html
    python docs/_ext/fit_check.py /tmp/cardgames-html
    python docs/_ext/fit_check.py /tmp/cardgames-html --width 1400 --screenshots /tmp/shots

It needs a Chromium (Debian's ``chromium``; ``--browser`` names another) and nothing else: the
pages are copied to a scratch directory, a small script that measures them is added to each
copy, and Chromium's ``--dump-dom`` hands the measurements back. The exit status is 1 when
anything is too wide at a width that must fit (``--strict``, by default 1,400 px), else 0.
"""

from __future__ import annotations

import argparse
import html
import json
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

import attrs

WIDTHS = (1400, 400)
"""The window widths a page is measured at: a desktop's and a phone's."""

BROWSER_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
)
"""Chromium's flags: headless, offline, and nothing of a profile kept."""

_MEASURE = """
<script>
window.addEventListener("load", () => {
  const column = document.querySelector("article[role=main]") || document.body;
  const style = getComputedStyle(column);
  const width = column.clientWidth - parseFloat(style.paddingLeft)
    - parseFloat(style.paddingRight);
  const found = [];
  const where = (element) => {
    let section = element.closest("section[id]");
    return section ? "#" + section.id : "";
  };
  for (const table of column.querySelectorAll("table")) {
    if (table.closest("pre, .highlight")) continue;
    const wide = table.getBoundingClientRect().width;
    if (wide > width + 0.5) {
      found.push({kind: "table", where: where(table), width: Math.round(wide),
                  column: Math.round(width),
                  text: table.innerText.trim().split("\\n")[0].slice(0, 70)});
    }
  }
  for (const block of column.querySelectorAll("pre")) {
    if (block.scrollWidth > block.clientWidth + 1) {
      found.push({kind: "code", where: where(block), width: block.scrollWidth,
                  column: block.clientWidth,
                  text: block.innerText.trim().split("\\n")[0].slice(0, 70)});
    }
  }
  let wrapped = 0;  // blocks that fit only because their long lines wrap
  for (const block of column.querySelectorAll("pre")) {
    const before = block.style.whiteSpace;
    block.style.whiteSpace = "pre";
    wrapped += block.scrollWidth > block.clientWidth + 1;
    block.style.whiteSpace = before;
  }
  const blocks = column.querySelectorAll("pre").length;
  const tables = column.querySelectorAll("table").length;
  const report = {column: Math.round(width), window: innerWidth, blocks, wrapped, tables, found};
  parent.postMessage(JSON.stringify(report), "*");
});
</script>
"""
"""What each copied page runs once it has loaded: it sends its measurements to its frame."""

_FRAME = """<!DOCTYPE html>
<html><body style="margin: 0">
<iframe src="{page}" style="width: {width}px; height: 1000px; border: 0"></iframe>
<script>
window.addEventListener("message", (event) => {{
  const report = document.createElement("script");
  report.type = "application/json";
  report.id = "fit-check-report";
  report.textContent = event.data;
  document.body.append(report);
}});
</script>
</body></html>
"""
"""The page that shows a copied page in a frame of the width measured, and keeps its report.

A headless window is never narrower than 500 px, so a phone's width is a frame's."""

_SHOT_HEIGHT = 2400
"""How much of a page a screenshot shows, in CSS pixels from the top."""

_REPORT = re.compile(
    r'<script type="application/json" id="fit-check-report">(.*?)</script>', re.DOTALL
)


@attrs.frozen
class Overflow:
    """A table or code block wider than its column, on one page at one window width.

    Attributes:
        page: The page's file, relative to the build directory.
        window: The window's width in CSS pixels.
        kind: ``"table"`` or ``"code"``.
        where: The id of the section it is in (``#options``), or empty.
        width: Its width (a code block's: its text's) in CSS pixels.
        column: The width it has: the text column's (a table's) or the block's own (code).
        text: The start of its first line, to find it by.
    """

    page: str
    window: int
    kind: str
    where: str
    width: int
    column: int
    text: str

    def __str__(self) -> str:
        """Return the report's line."""
        return (
            f"{self.window:>5} px  {self.page}{self.where}: {self.kind} {self.width} px in "
            f"{self.column} px: {self.text!r}"
        )


@attrs.frozen
class Measured:
    """One page at one width: its code blocks (and how many wrap), its tables, what overflows."""

    page: str
    window: int
    column: int
    blocks: int
    wrapped: int
    tables: int
    overflows: tuple[Overflow, ...]


def pages(build: pathlib.Path) -> list[pathlib.Path]:
    """Return the written pages of an HTML build, the generated indexes and search left out."""
    skipped = {"genindex.html", "py-modindex.html", "search.html"}
    return sorted(
        path
        for path in build.rglob("*.html")
        if path.name not in skipped and not {"_static", "_sources"} & set(path.parts)
    )


def measure(
    browser: str, copy: pathlib.Path, relative: str, window: int, screenshot: pathlib.Path | None
) -> Measured:
    """Open one copied page at a window width and return what it measured.

    Raises:
        RuntimeError: If Chromium does not return the measurements.
    """
    frame = copy.with_name(f"{copy.stem}.fit-check-{window}.html")
    frame.write_text(_FRAME.format(page=html.escape(copy.name), width=window), encoding="utf-8")
    with tempfile.TemporaryDirectory(prefix="fit-check-profile-") as profile:
        flags = [*BROWSER_FLAGS, f"--user-data-dir={profile}"]
        dumped = subprocess.run(  # noqa: S603  # the browser the caller named, no shell
            [
                browser,
                *flags,
                f"--window-size={window + 100},1000",
                "--virtual-time-budget=10000",
                "--dump-dom",
                frame.as_uri(),
            ],
            capture_output=True,
            text=True,
            check=False,
            timeout=120,
        )
        if screenshot is not None:
            subprocess.run(  # noqa: S603
                [
                    browser,
                    *flags,
                    f"--window-size={window},{_SHOT_HEIGHT}",
                    f"--screenshot={screenshot}",
                    copy.as_uri(),
                ],
                capture_output=True,
                check=False,
                timeout=120,
            )
    found = _REPORT.search(dumped.stdout)
    if found is None:
        raise RuntimeError(f"{relative} at {window} px: no measurements ({dumped.stderr[-300:]})")
    data = json.loads(html.unescape(found.group(1)))
    if data["window"] != window:
        raise RuntimeError(f"{relative}: measured at {data['window']} px, not {window} px")
    return Measured(
        page=relative,
        window=window,
        column=int(data["column"]),
        blocks=int(data["blocks"]),
        wrapped=int(data["wrapped"]),
        tables=int(data["tables"]),
        overflows=tuple(Overflow(page=relative, window=window, **item) for item in data["found"]),
    )


def check(
    build: pathlib.Path,
    *,
    browser: str = "chromium",
    widths: tuple[int, ...] = WIDTHS,
    only: str = "",
    screenshots: pathlib.Path | None = None,
) -> list[Measured]:
    """Measure every page of a build (those whose path contains ``only``) at every width."""
    results = []
    with tempfile.TemporaryDirectory(prefix="fit-check-") as scratch:
        copy_root = pathlib.Path(scratch) / "html"
        shutil.copytree(build, copy_root)
        for page in pages(copy_root):
            relative = page.relative_to(copy_root).as_posix()
            if only not in relative:
                continue
            text = page.read_text(encoding="utf-8")
            page.write_text(text.replace("</body>", f"{_MEASURE}</body>"), encoding="utf-8")
            for window in widths:
                shot = None
                if screenshots is not None:
                    screenshots.mkdir(parents=True, exist_ok=True)
                    name = relative.removesuffix(".html").replace("/", "-")
                    shot = screenshots / f"{name}-{window}.png"
                results.append(measure(browser, page, relative, window, shot))
    return results


def main(argv: list[str] | None = None) -> int:
    """Run the check from the command line; return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("build", type=pathlib.Path, help="an HTML build of the docs")
    parser.add_argument("--browser", default="chromium")
    parser.add_argument("--width", type=int, action="append", help="repeatable; 1400 and 400")
    parser.add_argument("--strict", type=int, action="append", help="a width that must fit")
    parser.add_argument("--only", default="", help="measure only pages whose path has this")
    parser.add_argument("--screenshots", type=pathlib.Path, help="a folder for screenshots")
    options = parser.parse_args(argv)
    widths = tuple(options.width or WIDTHS)
    strict = set(options.strict or [1400])
    measured = check(
        options.build,
        browser=options.browser,
        widths=widths,
        only=options.only,
        screenshots=options.screenshots,
    )
    failed = False
    for window in widths:
        at_width = [page for page in measured if page.window == window]
        overflows = [overflow for page in at_width for overflow in page.overflows]
        blocks = sum(page.blocks for page in at_width)
        wrapped = sum(page.wrapped for page in at_width)
        tables = sum(page.tables for page in at_width)
        kinds = {kind: sum(o.kind == kind for o in overflows) for kind in ("table", "code")}
        sys.stdout.write(
            f"{window} px: {len(at_width)} pages, {tables} tables ({kinds['table']} too wide), "
            f"{blocks} code blocks ({kinds['code']} scroll sideways, {wrapped} wrap lines)\n"
        )
        sys.stdout.writelines(f"  {overflow}\n" for overflow in overflows)
        failed = failed or (window in strict and bool(overflows))
    return int(failed)


if __name__ == "__main__":
    sys.exit(main())
