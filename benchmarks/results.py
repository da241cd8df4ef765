"""The benchmark results: the table's rows, the targets of issue 17, and plain-text printing.

The same functions feed the table printed by ``bench.py`` and the docs page written by
``render_docs.py``, so the page shows exactly what the run printed.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Final

__all__ = [
    "CALL_COLUMNS",
    "COMPARISON_HEADINGS",
    "KIND_HEADINGS",
    "PLAYOUT_COLUMNS",
    "STEP_COLUMNS",
    "TARGET_HEADINGS",
    "call_rows",
    "comparisons",
    "describe",
    "format_table",
    "headings",
    "kind_rows",
    "playout_rows",
    "step_rows",
    "target_rows",
    "targets",
]

Results = dict[str, Any]

TRICK_LIMITS: Final = {"kalter-schlag": 1.3, "staekske-rape": 1.8, "mariage": 1.8}
"""The trick games, and how many times OpenSpiel skat's µs per player action each may take."""

TRICK_GAMES: Final = tuple(TRICK_LIMITS)
"""The games compared with OpenSpiel's trick games (skat, hearts)."""

GIN_LIMIT: Final = 3.0
"""Gin rummy's random hands per second must be at least this many times ``evaluate_bots``'."""

VIEW_LIMIT: Final = 1.0
"""Every game's ``view`` may take at most this many times its ``apply``."""

RL_LIMITS: Final = {"gin-rummy": 1.0, **dict.fromkeys(TRICK_GAMES, 1.5)}
"""How many times OpenSpiel's RL step each game's may take: gin rummy's against OpenSpiel
gin_rummy's, the trick games' against OpenSpiel skat's."""

MEMORY_LIMIT: Final = 1024
"""Bytes a hand's chain of states may retain per ``apply`` ("well under 1 KiB")."""

Column = tuple[str, str, str]
"""A table column: the result's key, the heading, the number format."""

PLAYOUT_COLUMNS: Final[tuple[Column, ...]] = (
    ("name", "implementation", "{}"),
    ("hands_per_s", "hands/s", "{:,.0f}"),
    ("actions_per_s", "player actions/s", "{:,.0f}"),
    ("us_per_action", "µs/action", "{:.2f}"),
    ("actions_per_hand", "actions/hand", "{:.1f}"),
)
"""Random full hands: every implementation."""

CALL_COLUMNS: Final[tuple[Column, ...]] = (
    ("name", "game", "{}"),
    ("apply_us", "apply µs", "{:.2f}"),
    ("legal_moves_us", "legal_moves µs", "{:.2f}"),
    ("view_us", "view µs", "{:.2f}"),
    ("deal_us", "deal µs", "{:.1f}"),
    ("bytes_per_apply", "bytes/apply", "{:.0f}"),
    ("bytes_per_apply_max", "worst hand", "{:.0f}"),
)
"""Single calls and memory: this library's games."""

STEP_COLUMNS: Final[tuple[Column, ...]] = (
    ("name", "implementation", "{}"),
    ("rl_step_us", "RL step µs", "{:.2f}"),
    ("server_step_us", "server step µs", "{:.2f}"),
    ("server_seats", "seats viewed", "{}"),
    ("server_view", "server's view", "{}"),
)
"""A learner's step and a server's step: this library's games and the peers that have them."""


def headings(columns: Sequence[Column]) -> list[str]:
    """Return the headings of some columns."""
    return [heading for _, heading, _ in columns]


def _cell(value: object, form: str) -> str:
    """Format one cell; a missing value prints as a dash."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "—"
    return form.format(value)


def _row(entry: Results, columns: Sequence[Column]) -> list[str]:
    """Return one row of a table."""
    return [_cell(entry.get(key), form) for key, _, form in columns]


def playout_rows(results: Results) -> list[list[str]]:
    """Return the random-hands table: this library's games, then the peers (or why skipped)."""
    table = [
        _row({**measured, "name": f"cardgames {name}"}, PLAYOUT_COLUMNS)
        for name, measured in results["games"].items()
    ]
    for peer in results["peers"].values():
        if peer["status"] == "ok":
            table.append(_row({**peer, "name": peer["label"]}, PLAYOUT_COLUMNS))
        else:
            table.append([f"{peer['label']}: skipped", *["—"] * (len(PLAYOUT_COLUMNS) - 1)])
    return table


def call_rows(results: Results) -> list[list[str]]:
    """Return the single-call and memory table of this library's games."""
    return [
        _row({**measured, "name": name}, CALL_COLUMNS)
        for name, measured in results["games"].items()
    ]


def step_rows(results: Results) -> list[list[str]]:
    """Return the RL-step and server-step table: this library's games, then the peers timed so."""
    table = [
        _row({**measured, "name": f"cardgames {name}"}, STEP_COLUMNS)
        for name, measured in results["games"].items()
    ]
    table += [
        _row({**peer, "name": peer["label"]}, STEP_COLUMNS)
        for peer in results["peers"].values()
        if peer["status"] == "ok" and ("rl_step_us" in peer or "server_step_us" in peer)
    ]
    return table


KIND_HEADINGS: Final = ("move", "per hand", "legal_moves + apply µs", "µs per action")
"""The headings of :func:`kind_rows`."""


def kind_rows(measured: Results) -> list[list[str]]:
    """Return one game's cost by kind of move, the costliest share of a player action first.

    Each kind is timed over its own recorded states, one kind at a time, so the shares add up to
    less than the random hands' µs/action, where the kinds come mixed and caches are colder.
    """
    kinds: dict[str, dict[str, float]] = measured.get("kinds", {})
    ordered = sorted(kinds.items(), key=lambda item: -item[1]["us_per_action"])
    return [
        [kind, f"{entry['per_hand']:.2f}", f"{entry['us']:.2f}", f"{entry['us_per_action']:.2f}"]
        for kind, entry in ordered
    ]


def _peer(results: Results, key: str) -> Results | None:
    """Return a peer's result if it ran."""
    peer: Results | None = results["peers"].get(key)
    return peer if peer is not None and peer["status"] == "ok" else None


def _check(
    name: str,
    target: str,
    ours: tuple[str, float | None],
    theirs: tuple[str, float | None],
    *,
    limit: float,
    at_least: bool = False,
    form: str = "{:.2f} µs",
) -> dict[str, Any]:
    """Return one target's check: ours over theirs, held against ``limit``.

    ``ours`` and ``theirs`` are each a label for the text (may be empty) and the number, None
    where it was not measured (its peer skipped, or a run older than the row). The target is
    met when the ratio is at most ``limit`` (``at_least``: at least ``limit``).
    """
    measured = [
        f"{label} {form.format(value) if value is not None else 'not measured'}".strip()
        for label, value in (ours, theirs)
    ]
    ratio = ours[1] / theirs[1] if ours[1] is not None and theirs[1] else None
    return {
        "game": name,
        "target": target,
        "value": " vs ".join(measured),
        "ratio": ratio,
        "met": None if ratio is None else ratio >= limit if at_least else ratio <= limit,
    }


def _field(entry: Results | None, key: str) -> float | None:
    """Return a measured number of a result, None where it is missing (or its peer skipped)."""
    value: float | None = None if entry is None else entry.get(key)
    return value


def targets(results: Results) -> list[dict[str, Any]]:
    """Check the targets of issue 17 against one run's results.

    Each entry has ``game``, ``target`` (what is required), ``value`` (what was measured, as
    text), ``ratio`` and ``met`` (None where a number needed was not measured: its peer skipped).
    """
    checks: list[dict[str, Any]] = []
    skat = _peer(results, "open_spiel/skat")
    gin = _peer(results, "open_spiel/gin_rummy")
    bots = _peer(results, "open_spiel/gin_rummy/evaluate_bots")
    for name, game in results["games"].items():
        if name in TRICK_LIMITS:
            checks.append(
                _check(
                    name,
                    f"µs per player action ≤ {TRICK_LIMITS[name]:g} × OpenSpiel skat's (Python)",
                    ("", game["us_per_action"]),
                    ("skat", _field(skat, "us_per_action")),
                    limit=TRICK_LIMITS[name],
                )
            )
        if name == "gin-rummy":
            checks.append(
                _check(
                    name,
                    f"hands/s ≥ {GIN_LIMIT:g} × OpenSpiel gin_rummy evaluate_bots",
                    ("", game["hands_per_s"]),
                    ("evaluate_bots", _field(bots, "hands_per_s")),
                    limit=GIN_LIMIT,
                    at_least=True,
                    form="{:,.0f} hands/s",
                )
            )
        checks.append(
            _check(
                name,
                f"view µs ≤ {VIEW_LIMIT:g} × apply µs",
                ("view", game["view_us"]),
                ("apply", game["apply_us"]),
                limit=VIEW_LIMIT,
            )
        )
        if name in RL_LIMITS:
            peer, label = (gin, "gin_rummy") if name == "gin-rummy" else (skat, "skat")
            checks.append(
                _check(
                    name,
                    f"RL step µs ≤ {RL_LIMITS[name]:g} × OpenSpiel {label}'s (Python)",
                    ("", _field(game, "rl_step_us")),
                    (label, _field(peer, "rl_step_us")),
                    limit=RL_LIMITS[name],
                )
            )
        checks.append(
            {
                "game": name,
                "target": f"bytes retained per apply < {MEMORY_LIMIT} (one hand's chain of states)",
                "value": f"{game['bytes_per_apply']:.0f} B "
                f"(worst hand {game['bytes_per_apply_max']:.0f} B)",
                "ratio": game["bytes_per_apply"] / MEMORY_LIMIT,
                "met": game["bytes_per_apply"] < MEMORY_LIMIT,
            }
        )
    return checks


TARGET_HEADINGS: Final = ("game", "target", "measured", "ratio", "verdict")
"""The headings of :func:`target_rows`."""


def target_rows(results: Results, verdicts: dict[bool | None, str]) -> list[list[str]]:
    """Return the targets' table, each verdict (met, missed, not checked) written as given."""
    return [
        [
            check["game"],
            check["target"],
            check["value"],
            "—" if check["ratio"] is None else f"{check['ratio']:.2f}",
            verdicts[check["met"]],
        ]
        for check in targets(results)
    ]


PEER_KINDS: Final = {
    "open_spiel/skat": "trick",
    "open_spiel/hearts": "trick",
    "open_spiel/gin_rummy": "gin",
    "open_spiel/gin_rummy/evaluate_bots": "gin",
    "rlcard/gin_rummy": "gin",
}
"""Which of this library's games each peer is held against: trick games, or gin rummy."""


STEPS: Final = ("rl_step_us", "server_step_us")
"""The steps compared with the peers': a learner's and a server's."""


def _kind(game: str) -> str | None:
    """Return the kind of peer a game is compared with, if any."""
    if game in TRICK_GAMES:
        return "trick"
    return "gin" if game == "gin-rummy" else None


COMPARISON_HEADINGS: Final = (
    "game",
    "peer",
    "cost per action: ours / theirs",
    "hands/s: ours / theirs",
    "RL step: ours / theirs",
    "server step: ours / theirs",
)
"""The headings of :func:`comparisons`."""


def _ratio(ours: float | None, theirs: float | None) -> str:
    """Return ours over theirs as a cell, a dash where either was not measured."""
    return f"{ours / theirs:.2f} ×" if ours is not None and theirs else "—"


def comparisons(results: Results) -> list[list[str]]:
    """Return each game against each peer of its kind, as ratios of costs and of speeds.

    ``cost`` is this library's µs per player action over the peer's (lower is better);
    ``speed`` is this library's hands per second over the peer's (higher is better), given
    for gin rummy only: the trick games' hands are not the same game as skat's or hearts'. The
    RL step and the server step are µs per step over the peer's, where the peer has them.
    """
    table: list[list[str]] = []
    for name, game in results["games"].items():
        for key, peer in results["peers"].items():
            if peer["status"] != "ok" or PEER_KINDS.get(key) != _kind(name):
                continue
            speed = (
                _ratio(game["hands_per_s"], peer["hands_per_s"])
                if PEER_KINDS[key] == "gin"
                else "—"
            )
            table.append(
                [
                    f"cardgames {name}",
                    peer["label"],
                    _ratio(game["us_per_action"], peer.get("us_per_action")),
                    speed,
                    *(_ratio(game.get(step), peer.get(step)) for step in STEPS),
                ]
            )
    return table


def format_table(headings: Sequence[str], body: Sequence[Sequence[str]]) -> str:
    """Return a plain-text table: a heading line, a rule, and right-aligned numbers."""
    widths = [max(len(row[column]) for row in [headings, *body]) for column in range(len(headings))]

    def line(row: Sequence[str]) -> str:
        first = row[0].ljust(widths[0])
        rest = [cell.rjust(width) for cell, width in zip(row[1:], widths[1:], strict=True)]
        return "  ".join([first, *rest]).rstrip()

    rule = "  ".join("-" * width for width in widths)
    return "\n".join([line(headings), rule, *(line(row) for row in body)])


def describe(results: Results) -> str:
    """Return the whole report as plain text: the table, the comparisons, and the targets."""
    parts = [
        (
            f"{results['date']} on {results['machine']['cpu']} "
            f"({results['machine']['cores']} cores), {results['machine']['python']}; "
            f"median of {results['settings']['repeats']} rounds"
        ),
        "",
        format_table(headings(PLAYOUT_COLUMNS), playout_rows(results)),
    ]
    if results["games"]:
        parts += ["", format_table(headings(CALL_COLUMNS), call_rows(results))]
        parts += ["", format_table(headings(STEP_COLUMNS), step_rows(results))]
    for name, measured in results["games"].items():
        if measured.get("kinds"):
            parts += [
                "",
                f"{name}, by kind of move:",
                format_table(KIND_HEADINGS, kind_rows(measured)),
            ]
    compared = comparisons(results)
    if compared:
        parts += ["", format_table(COMPARISON_HEADINGS, compared)]
    checks = target_rows(results, {True: "met", False: "MISSED", None: "not checked"})
    if checks:
        parts += ["", format_table(TARGET_HEADINGS, checks)]
    skipped = [peer for peer in results["peers"].values() if peer["status"] != "ok"]
    parts += [f"skipped {peer['label']}: {peer['reason']}" for peer in skipped]
    return "\n".join(parts)
