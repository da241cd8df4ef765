"""What the ``cardgames`` command's subcommands share: the output, the options, the commentary.

Internal to :mod:`cardgames.cli`: :class:`Out` prints (in letters where the terminal cannot
show the card symbols); :func:`rules_from` and :func:`lineup` read the ``--rules`` and
``--agents`` options; :func:`commentator` narrates a match as ``watch``, ``play`` and
``replay`` print it; :func:`save` writes a ``--record`` file.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, TextIO

from cardgames import _screens as screens
from cardgames import agents, cards, codec, errors, game, matches

__all__ = [
    "PLAIN",
    "Out",
    "commentator",
    "hands_dealt",
    "lineup",
    "open_hand",
    "result_line",
    "rules_from",
    "save",
    "score_lines",
    "shows_symbols",
]


PLAIN: Final = str.maketrans(
    {"♣": "C", "♠": "S", "♥": "H", "♦": "D", "×": "x", "→": "->", "−": "-", "–": "-", "—": "-"}
)
"""How the symbols the library prints are written on a terminal that cannot show them."""


class Out:
    """Where the command prints: a text stream, in letters where it cannot show the symbols."""

    def __init__(self, stream: TextIO, *, plain: bool) -> None:
        self.stream = stream
        self.plain = plain

    def __call__(self, text: str = "") -> None:
        """Print a line."""
        line = text.translate(PLAIN) if self.plain else text
        encoding = getattr(self.stream, "encoding", None) or "utf-8"
        line = line.encode(encoding, errors="replace").decode(encoding, errors="replace")
        print(line, file=self.stream, flush=True)

    def width(self, *, default: int) -> int:
        """Return the width the stream wraps at, or ``default`` for a file or a pipe."""
        return screens.terminal_width(self.stream) or default

    def show(self, lines: Iterable[str]) -> None:
        """Print lines, broken to the terminal's width (at ``; ``, then between words), if any."""
        width = screens.terminal_width(self.stream)
        for line in lines:
            for part in screens.wrapped(line, width):
                self(part)


def shows_symbols(stream: TextIO) -> bool:
    """Whether the stream's encoding and the locale can show ``♥``, ``×`` and ``→``."""
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        "♣♠♥♦×→−".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    for name in ("LC_ALL", "LC_CTYPE", "LANG"):
        value = os.environ.get(name)
        if value:
            return bool(re.search(r"utf-?8", value, re.IGNORECASE))
    return True


def rules_from(entry: game.AnyGame, pairs: Sequence[str], max_hands: int | None) -> Any:  # noqa: ANN401
    """Build the game's rules from ``key=value`` options (values read as JSON where they can be)."""
    options: dict[str, object] = {}
    for pair in pairs:
        key, equals, text = pair.partition("=")
        if not equals or not key.strip():
            raise errors.RulesError(f"--rules takes key=value, not {errors.quote(pair)}")
        try:
            options[key.strip()] = json.loads(text)
        except (ValueError, RecursionError):  # not JSON (or nested past the parser): the text
            options[key.strip()] = text
    if max_hands is not None:
        options.setdefault("max_hands", max_hands or None)
    try:
        return codec.decode(options, entry.rules_type, game=entry.name)
    except errors.DecodeError as error:
        raise errors.RulesError(f"--rules {error}") from None


def lineup(entry: game.AnyGame, text: str, players: int) -> list[str]:
    """Return one agent name per seat from ``a,b,…`` (one name serves every seat)."""
    names = [name.strip() for name in text.split(",") if name.strip()]
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise errors.RulesError(
            f"--agents names {len(names)} agents for {players} seats: give one, or one per seat"
        )
    for name in names:
        agents.by_name(entry, name)
    return names


def score_lines(score: matches.Score[matches.HandScore], you: int | None) -> list[str]:
    """Return the last hand's line and the totals (``you`` for the human's seat, if any)."""
    last = score.hands[-1]
    totals = "  ".join(
        f"{'you' if seat == you else f'seat {seat}'}: {total:>5}"
        for seat, total in enumerate(score.totals)
    )
    return [f"  {last.explanation}", f"  totals  {totals}"]


def hands_dealt(state: Any) -> str:  # noqa: ANN401  # any game's state
    """Return how many hands were dealt, in words: ``1 hand``, ``3 hands``."""
    return f"{state.hand_number} hand{'' if state.hand_number == 1 else 's'}"


def result_line(entry: game.AnyGame, final: Any, you: int | None = None) -> str:  # noqa: ANN401  # any game's state
    """Return the closing line of a match (with whether ``you`` won or lost, if given)."""
    result = entry.score(final)
    winners = ", ".join(map(str, result.winners)) or "none"
    losers = ", ".join(map(str, result.losers)) or "none"
    hands = hands_dealt(final)
    if not result.over:
        return f"stopped after {hands}"
    line = f"match over after {hands}: won by seat(s) {winners}; lost by {losers}"
    if you in result.winners:
        return f"{line}: you win"
    return f"{line}: you lose" if you in result.losers else line


def commentator(
    entry: game.AnyGame, out: Out, *, you: int | None = None, hands: bool = False
) -> Callable[[Any, Any, Any], None]:
    """Return an observer that prints each public event and each finished hand's score.

    Lines about the seat ``you`` are said to "you"; with ``hands``, every seat's cards are
    shown after each deal. Long lines are broken to the terminal's width.
    """

    def say(line: str) -> None:
        out.show([line if you is None else screens.for_seat(line, you)])

    def observe(before: Any, move: Any, after: Any) -> None:  # noqa: ANN401  # any game's types
        line = entry.narrate(before, move, after)
        if line is not None:
            say(line)
        if hands and after.hand_number != before.hand_number:
            for seat in range(after.players):
                out(f"  seat {seat}: {open_hand(entry, after, seat)}")
        if after.hand_over and not before.hand_over and entry.score(after).hands:
            explanation, totals = score_lines(entry.score(after), you)
            if line is None or explanation.strip() not in line:
                say(explanation)
            say(totals)
            note = screens.hand_end_note(entry)
            if note is not None:
                out(f"  {note}")

    return observe


def open_hand(entry: game.AnyGame, state: Any, seat: int) -> str:  # noqa: ANN401  # a state
    """Return a seat's cards as a replay shows them, also those it has not looked at yet."""
    view = entry.view(state, seat)
    if view.hand is not None:
        return screens.hand_text(view)
    held = state.hands[seat]  # a Staekske Rape seat that has not looked: its cards, face down
    return screens.hand_text(view, tuple(cards.cards_in(held)))


def save(path: str | None, final: Any) -> None:  # noqa: ANN401  # any game's state
    """Write the match's record to ``path`` (if given)."""
    if path is None:
        return
    try:
        with open(path, "w", encoding="utf-8") as file:  # noqa: PTH123  # a path from the user
            file.write(codec.dumps(codec.record(final)) + "\n")
    except OSError as error:
        raise errors.RulesError(f"cannot write the record to {path}: {error.strerror}") from None
