"""What the ``cardgames`` command shows a player: the turn, the help, the rules, the commentary.

Internal to :mod:`cardgames.cli`, which reads and writes; this module only builds lines of
text, from the public API of the games (views, narration, scores, the ``Rules`` docstrings):

* :func:`rules_lines`: a game's options as plain text (the docstrings' reST made readable),
  wrapped to the terminal.
* :func:`turn_lines`: what the human seat sees when it is to move, in the game's own order
  and words (gin's ace-low hand, its deadwood, the card just drawn; Kalter Schlag's card points;
  Mariage's chips), and its numbered moves with what the less obvious ones mean.
* :func:`help_lines`: what may be typed at the prompt, and the game's notation.
* :func:`for_seat`: a line of narration as the human seat reads it: ``you look at your cards``,
  not ``seat 0 looks at his cards``.
* :func:`wrapped`: a long line of commentary (a Mariage deal) broken at its clauses.

Example:
    >>> print(for_seat("seat 0 looks at his cards", 0))
    you look at your cards
    >>> print(plain_text('``"ace_ten"`` ranks them as :func:`~cardgames.cards.parse` reads'))
    "ace_ten" ranks them as parse reads
"""

from __future__ import annotations

import inspect
import json
import os
import re
import textwrap
from collections.abc import Sequence
from typing import Any, Final, TextIO

import attrs

from cardgames import cards, codec, game

__all__ = [
    "COMMANDS",
    "MANY_MOVES",
    "banner",
    "for_seat",
    "hand_end_note",
    "hand_text",
    "help_lines",
    "move_lines",
    "only_move_lines",
    "plain_text",
    "rules_lines",
    "terminal_width",
    "turn_lines",
    "wrapped",
]

COMMANDS: Final = {"help": "help", "?": "help", "moves": "moves", "quit": "quit", "exit": "quit"}
"""The words the ``play`` prompt reads as commands, not moves, and what each asks for."""

_NARROWEST: Final = 40
_WIDEST: Final = 100


def terminal_width(stream: TextIO) -> int | None:
    """Return the width to wrap text at, within 40 to 100; None for a stream that is no terminal.

    ``COLUMNS``, when set, gives the width even for a file or a pipe; else a terminal's own
    width is used, and a file or a pipe gets one line per line of text.
    """
    if os.environ.get("COLUMNS", "").isdigit():
        columns = int(os.environ["COLUMNS"])
    else:
        try:
            columns = os.get_terminal_size(stream.fileno()).columns if stream.isatty() else 0
        except (OSError, ValueError):  # no file descriptor (a test's capture), or a closed one
            columns = 0
    return max(_NARROWEST, min(_WIDEST, columns)) if columns else None


_ROLE: Final = re.compile(r":[\w.:+-]+:`(?P<text>[^`]*)`")
_LITERAL: Final = re.compile(r"``(?P<text>[^`]+)``")
_EMPHASIS: Final = re.compile(r"(?<![\w*])\*{1,2}(?P<text>[^*\s][^*]*?)\*{1,2}(?![\w*])")
_INTERPRETED: Final = re.compile(r"(?<![\w`])`(?P<text>[^`]+)`(?![\w`])")


def _role_text(match: re.Match[str]) -> str:
    """Return what a role shows: its title (``title <target>``), or a target's last name (``~``)."""
    text = match.group("text")
    if titled := re.fullmatch(r"(?s)(.*?)\s*<[^<>]*>", text):
        return titled.group(1)
    if text.startswith("~"):
        return text.rsplit(".", 1)[-1]
    return text.lstrip("!")


def plain_text(rest: str) -> str:
    """Return reStructuredText as it reads on a terminal: roles, literals and emphasis undone.

    Example:
        >>> plain_text("see :class:`the rules <cardgames.mariage.Rules>` and *rule 25*")
        'see the rules and rule 25'
    """
    text = _ROLE.sub(_role_text, rest)
    text = _LITERAL.sub(lambda match: match.group("text"), text)
    text = _EMPHASIS.sub(lambda match: match.group("text"), text)
    return _INTERPRETED.sub(lambda match: match.group("text"), text)


def _fill(text: str, width: int, indent: str, follow: str | None = None) -> list[str]:
    """Return text wrapped at ``width``, never breaking a word or a card (``10♥``)."""
    return textwrap.wrap(
        text,
        width,
        initial_indent=indent,
        subsequent_indent=indent if follow is None else follow,
        break_long_words=False,
        break_on_hyphens=False,
    ) or [indent.rstrip()]


def wrapped(line: str, width: int | None) -> list[str]:
    """Return a line of commentary as it fits the width: broken after its ``;``, then wrapped.

    Example:
        >>> wrapped("deal 1: seat 1 deals; seat 4 shows pool IV (K♥); king of hearts held", 40)
        ['deal 1: seat 1 deals;', '  seat 4 shows pool IV (K♥);', '  king of hearts held']
    """
    if width is None or len(line) <= width:
        return [line]
    clauses = line.split("; ")
    found = []
    for place, clause in enumerate(clauses):
        text = clause if place == len(clauses) - 1 else f"{clause};"
        found.extend(_fill(text, width, "" if place == 0 else "  ", "    "))
    return found


def _attribute_docs(doc: str) -> dict[str, str]:
    """Read the ``Attributes:`` section of a Google-style docstring: name → text (one line)."""
    found: dict[str, str] = {}
    inside = False
    current = ""
    for line in inspect.cleandoc(doc).splitlines():
        if line == "Attributes:":
            inside = True
        elif inside and (match := re.fullmatch(r" {4}(\w+): ?(.*)", line)):
            current = match.group(1)
            found[current] = match.group(2)
        elif inside and current and line.startswith(" " * 8):
            found[current] += " " + line.strip()
        elif inside and line.strip():
            inside = False
    return found


def rules_lines(entry: game.AnyGame, width: int) -> list[str]:
    """Return a game's options, their defaults and what each does, as plain text.

    Example:
        >>> import cardgames
        >>> lines = rules_lines(cardgames.GAMES["kalter-schlag"], 60)
        >>> for line in lines[5:8]:
        ...     print(line)
          plain_rank_order = "ace_ten"
              "ace_ten" ranks the plain suits A 10 K Q 9 8 7, as the
              source's points table and pagat do; "natural" ranks
    """
    counts = ", ".join(map(str, sorted(entry.players)))
    usual = f" (usually {entry.players[0]})" if len(entry.players) > 1 else ""
    found = _fill(
        f"{entry.title} ({entry.module}), players: {counts}{usual}. Options (--rules key=value):",
        width,
        "",
    )
    described = _attribute_docs(entry.rules_type.__doc__ or "")
    defaults = codec.encode(entry.rules_type(), game=entry.name)
    for field in attrs.fields(entry.rules_type):
        if not field.init:
            continue
        default = json.dumps(defaults.get(field.name), ensure_ascii=False)
        found.extend(_fill(f"{field.name} = {default}", width, "  ", " " * 6))
        text = plain_text(described.get(field.name, ""))
        if text:
            found.extend(_fill(text, width, " " * 6))
    found.append("The game's page in the documentation has the rules in full.")
    return found


_VERBS: Final = {"is": "are", "has": "have", "goes": "go", "does": "do"}


def _second_person(verb: str) -> str:
    """Return the verb said to "you": ``passes`` → ``pass``, ``looks`` → ``look``, ``dealt``."""
    if verb in _VERBS:
        return _VERBS[verb]
    if re.search(r"(ss|sh|ch|x|z)es$", verb):
        return verb[:-2]
    if verb.endswith("s") and not verb.endswith("ss"):
        return verb[:-1]
    return verb


def for_seat(line: str, seat: int) -> str:
    """Return a line of narration as ``seat`` reads it: its own doings said to "you".

    Example:
        >>> print(for_seat("seat 2 deals, seat 0 is the nanny; trick 1: 1:Q♣ 0:A♣ → 0 takes 15", 0))
        seat 2 deals, you are the nanny; trick 1: 1:Q♣ 0:A♣ → you take 15
    """

    def you(match: re.Match[str]) -> str:
        arrow = "→ " if match.group("lead") == "→ " else ""
        verb = match.group("verb")
        if verb is None:
            return f"{arrow}you"
        rest = re.sub(r"\bhis\b", "your", match.group("rest"))
        return f"{arrow}you {_second_person(verb)}{rest}"

    mention = rf"(?P<lead>(?<![\w:])seat |→ ){seat}(?!\d)"
    return re.sub(rf"{mention}(?: (?P<verb>[a-z]+)\b(?P<rest>[^;,]*))?", you, line)


def hand_text(
    view: Any,  # noqa: ANN401  # any game's view
    hand: Sequence[cards.Card] | None = None,
    drawn: frozenset[cards.Card] = frozenset(),
) -> str:
    """Return a hand (the view's, or ``hand``) in the game's order, ``drawn`` in brackets.

    Example:
        >>> from cardgames import gin_rummy
        >>> view = gin_rummy.view(gin_rummy.apply(gin_rummy.new_game(seed=3), gin_rummy.Deal()), 1)
        >>> hand_text(view, drawn=frozenset({cards.Card.parse("7♠")}))
        'A♣ Q♣ K♣ A♠ 2♠ 4♠ [7♠] A♥ 7♥ 7♦'
    """
    if hand is None:
        hand = getattr(view, "hand_in_order", None) or view.hand
    if hand is None:
        return "(not looked at yet)"
    return " ".join(f"[{card}]" if card in drawn else str(card) for card in hand) or "(empty)"


def _seats(values: Sequence[int], seat: int) -> str:
    """Return a value per seat, ``you 13, seat 1 20, …``."""
    return ", ".join(
        f"{'you' if place == seat else f'seat {place}'} {value}"
        for place, value in enumerate(values)
    )


def _gin_lines(view: Any) -> list[str]:  # noqa: ANN401  # a gin view
    """Return what gin shows besides the hand: the count, the discard pile, the stock."""
    found = [f"deadwood: {view.deadwood}"]
    if view.top is not None:
        found.append(f"discard pile: {view.top} on top")
    found.append(f"stock: {view.stock_size} cards; knock limit: {view.knock_limit}")
    return found


def _kalter_schlag_lines(view: Any) -> list[str]:  # noqa: ANN401  # a Kalter Schlag view
    """Return what Kalter Schlag shows besides the hand: the card points taken so far."""
    return [f"card points taken: {_seats(view.points_taken, view.seat)} (points are bad)"]


def _mariage_lines(view: Any) -> list[str]:  # noqa: ANN401  # a Mariage view
    """Return what Mariage shows besides the hand: the trump and the chips."""
    return [f"trump: {view.trump}", f"chips: {_seats(view.balances, view.seat)}"]


def _staekske_rape_lines(view: Any) -> list[str]:  # noqa: ANN401  # a Staekske Rape view
    """Return what Staekske Rape shows besides the hand: the bid, the trump, the stock."""
    found = [f"stock: {view.stock_size} cards"]
    if view.bid:
        by = {None: "", view.seat: " by you"}.get(view.declarer, f" by seat {view.declarer}")
        found.append(f"highest bid: {view.bid}{by}")
    if view.trump is not None:
        found.append(f"trump: {view.trump}")
    return found


_TABLES: Final = {
    "gin-rummy": _gin_lines,
    "kalter-schlag": _kalter_schlag_lines,
    "mariage": _mariage_lines,
    "staekske-rape": _staekske_rape_lines,
}
"""What each game shows at a turn besides the hand, the trick and the moves."""


def _gin_meaning(view: Any, text: str) -> str:  # noqa: ANN401  # a gin view
    """Return what a gin move does, where its text alone does not say."""
    if text == "draw stock":
        return "take the top card of the stock"
    if text == "draw pile":
        return f"take {view.top} from the discard pile"
    if text == "pass" and view.top is not None:
        return f"leave the upcard {view.top}"
    return ""


_LAY_OFF: Final = "6♠>0 lays the 6♠ off onto the knocker's meld 0 (his melds count from 0)"


def _lay_off_note(view: Any, texts: Sequence[str]) -> list[str]:  # noqa: ANN401  # a gin view
    """Return how to read the first lay-off in the moves (``2♥>2``), naming the knocker's melds.

    Empty when no move lays a card off.
    """
    found = re.search(r"(\S+)>(\d+)", " ".join(texts))
    if found is None:
        return []
    card, number = found.groups()
    layout = getattr(view, "knocker_layout", None)
    melds = (
        ""
        if layout is None
        else ", ".join(f"{place} [{meld}]" for place, meld in enumerate(layout.melds))
    )
    return [
        f"  ({card}>{number} lays the {card} off onto the knocker's meld {number}"
        + (f"; his melds: {melds})" if melds else ")")
    ]


def move_lines(entry: game.AnyGame, view: Any) -> list[str]:  # noqa: ANN401  # any game's view
    """Return the numbered moves, with what gin's draws mean and how to read a lay-off."""
    texts = [str(move) for move in view.legal_moves]
    meanings = [_gin_meaning(view, text) if entry.name == "gin-rummy" else "" for text in texts]
    width = max(map(len, texts), default=0)
    found = [
        f"  {number:>3}. {text:<{width}}  ({meaning})" if meaning else f"  {number:>3}. {text}"
        for number, (text, meaning) in enumerate(zip(texts, meanings, strict=True), start=1)
    ]
    return found + _lay_off_note(view, texts)


def only_move_lines(view: Any) -> list[str]:  # noqa: ANN401  # any game's view
    """Return what a turn with one legal move says: the hand, and the move played for it."""
    move = str(view.legal_moves[0])
    return [
        f"your hand: {hand_text(view)}; your only move: {move}, played",
        *_lay_off_note(view, [move]),
    ]


MANY_MOVES: Final = 24
"""A turn with more moves than this (Staekske Rape's 330 discards) lists a few at first."""


def turn_lines(
    entry: game.AnyGame,
    view: Any,  # noqa: ANN401  # any game's view
    drawn: frozenset[cards.Card] = frozenset(),
    *,
    every_move: bool = False,
) -> list[str]:
    """Return what the seat sees at its turn: hand, table, the game's figures, numbered moves.

    ``drawn`` holds the cards new in the hand since its last turn (gin's card just drawn): they
    are shown in brackets. Past :data:`MANY_MOVES` moves, only the first and the last few are
    listed, unless ``every_move``.
    """
    found = [f"your hand: {hand_text(view, drawn=drawn)}"]
    if drawn:
        found[-1] += "   ([ ]: new in your hand)"
    trick = getattr(view, "trick", None)
    if trick is not None:
        found.append(f"on the table: {trick}")
    found.extend(_TABLES[entry.name](view))
    listed = move_lines(entry, view)
    count = len(view.legal_moves)
    if count > MANY_MOVES and not every_move:
        listed[5:-3] = [f"       … {count - 8} more; 'moves' lists all {count}"]
    found.extend(listed)
    return found


def banner(
    entry: game.AnyGame, seed: int, you: int, lineup: Sequence[str], *, resumed: int | None
) -> str:
    """Return the line that opens ``play``: the game, the seed, your seat and who the others are.

    Example:
        >>> import cardgames
        >>> banner(cardgames.GAMES["gin-rummy"], 3, 0, ["rule", "rule"], resumed=None)
        'Gin Rummy, seed 3: you are seat 0; the other player is a rule bot'
    """
    others = [name for seat, name in enumerate(lineup) if seat != you]
    if len(others) == 1:
        against = f"the other player is a{'n' if others[0][0] in 'aeiou' else ''} {others[0]} bot"
    elif len(set(others)) == 1:
        against = f"the others are {others[0]} bots"
    else:
        against = "the others are " + ", ".join(
            f"seat {seat} a{'n' if name[0] in 'aeiou' else ''} {name} bot"
            for seat, name in enumerate(lineup)
            if seat != you
        )
    again = "" if resumed is None else f", resumed after {resumed} moves"
    return f"{entry.title}, seed {seed}{again}: you are seat {you}; {against}"


_HELP: Final = (
    ("a number", "the move with that number"),
    ("a move's text", "e.g. 'play Q♥' (a card as Q♥ or QH; a ten as 10♥, 10H or TH)"),
    ("moves", "show your hand and your moves again"),
    ("help", "this help"),
    ("quit", "leave the match (Ctrl-D too); with --record, what was played is saved"),
)
"""What the ``play`` prompt reads, and what each does."""

_GAME_HELP: Final = {
    "gin-rummy": (
        "Gin Rummy: draw a card (the top of the stock, or of the discard pile), then discard "
        "one. Deadwood is the value of your cards in no meld (A 1, J Q K 10); knock when it is "
        "at most the knock limit. The ace is low: A 2 3 is a run, Q K A is not. "
        f"In a lay-out, {_LAY_OFF}."
    ),
    "kalter-schlag": (
        "Kalter Schlag: card points are bad. The hand's most points are charged (× 2 a double); "
        "the match ends at the target, and the highest total loses."
    ),
    "mariage": (
        "Mariage: the chips are what counts. A marriage on the table (a king, then his queen) "
        "cannot be overtaken, not even by a trump (rule 25)."
    ),
    "staekske-rape": (
        "Staekske Rape: look at your cards (or bid blind), bid, and as declarer take the stock "
        "or play without it; card points count towards the bid."
    ),
}
"""A few words on each game: what is good, what is bad, its notation."""


def help_lines(entry: game.AnyGame, width: int) -> list[str]:
    """Return the help of the ``play`` prompt, with the game's own notes, wrapped at ``width``.

    Example:
        >>> import cardgames
        >>> for line in help_lines(cardgames.GAMES["kalter-schlag"], 60):
        ...     print(line)
        At the prompt, type:
          a number       the move with that number
          a move's text  e.g. 'play Q♥' (a card as Q♥ or QH; a ten
                         as 10♥, 10H or TH)
          moves          show your hand and your moves again
          help           this help
          quit           leave the match (Ctrl-D too); with
                         --record, what was played is saved
        A turn with one legal move only is played for you.
        Kalter Schlag: card points are bad. The hand's most points
        are charged (× 2 a double); the match ends at the target,
        and the highest total loses.
    """
    found = ["At the prompt, type:"]
    for term, meaning in _HELP:
        found.extend(_fill(f"{term:<14} {meaning}", width, "  ", " " * 17))
    found.extend(_fill("A turn with one legal move only is played for you.", width, ""))
    found.extend(_fill(_GAME_HELP[entry.name], width, ""))
    return found


_HAND_END: Final = {
    "kalter-schlag": "(in Kalter Schlag a high score is bad: the highest total loses)",
}


def hand_end_note(entry: game.AnyGame) -> str | None:
    """Return what the end of a hand adds for the game, or None."""
    return _HAND_END.get(entry.name)
