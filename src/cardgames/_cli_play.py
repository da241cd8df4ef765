"""``cardgames play``: a human at one seat of the terminal, bots at the others.

Internal to :mod:`cardgames.cli`, which builds the match to play (a new one, or the one a
record resumes) and hands it to :func:`play`.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any, Final

import cardgames
from cardgames import _cli_shared as shared
from cardgames import _screens as screens
from cardgames import agents, arguments, cards, dealing, errors, game

__all__ = ["play"]


_QUIT: Final = object()
"""What :func:`_ask` returns when the player leaves: ``quit``, or the end of input."""


def _ask(
    entry: game.AnyGame,
    state: Any,  # noqa: ANN401  # any game's state
    seat: int,
    read: Callable[[str], str],
    out: shared.Out,
    *,
    drawn: frozenset[cards.Card],
) -> Any:  # noqa: ANN401  # any game's move, or _QUIT
    """Show the seat its turn and ask for a move until a legal one comes, or the player leaves.

    Besides a move (its number or text) the player may type ``help``, ``moves`` or ``quit``.
    """
    view = entry.view(state, seat)
    screen = screens.turn_lines(entry, view, drawn)
    out.show(screen)
    while True:
        text = _typed(read, out)
        if text is None:
            return _QUIT
        command = screens.COMMANDS.get(text.lower())
        if command == "quit":
            return _QUIT
        if command is not None:
            if command == "help":
                for line in screens.help_lines(entry, out.width(default=80)):
                    out(line)
            else:
                out.show(screens.turn_lines(entry, view, drawn, every_move=True))
        elif text and (move := _read_move(entry, state, view, text, out)) is not None:
            return move


def _typed(read: Callable[[str], str], out: shared.Out) -> str | None:
    """Return the line typed, stripped; ``""`` for one it could not read; None at the end."""
    try:
        return read("your move (number or text): ").strip()
    except EOFError:
        return None
    except UnicodeDecodeError as error:
        out(
            f"not that: the terminal sent text that is not {error.encoding}: "
            "type the move's number, or its text with letters (QH for the queen of hearts)"
        )
        return ""


def _read_move(
    entry: game.AnyGame,
    state: Any,  # noqa: ANN401  # any game's state
    view: Any,  # noqa: ANN401  # its view for the seat to move
    text: str,
    out: shared.Out,
) -> Any | None:  # noqa: ANN401  # any game's move
    """Return the legal move a number or a move's text names; else say what was wrong: None."""
    count = len(view.legal_moves)
    if text.isascii() and text.isdigit():  # "²" and "٣" are digits to Python, not here
        digits = text.lstrip("0")
        if 0 < len(digits) <= len(str(count)) and int(digits) <= count:
            return view.legal_moves[int(digits) - 1]
        out(f"choose a number from 1 to {count}, or type a move ('help' for help)")
        return None
    try:
        move = entry.parse_move(text)
        entry.apply(state, move, seat=view.seat)
    except errors.CardgamesError as error:
        out(f"not that: {error} ('moves' lists your moves, 'help' explains)")
        return None
    return move


def play(
    parsed: argparse.Namespace,
    out: shared.Out,
    read: Callable[[str], str],
    state: Any,  # noqa: ANN401  # any game's state
) -> int:
    """Play a match from ``state`` with a human at one seat and bots at the others.

    The player leaves with ``quit``, at the end of input or with Ctrl-C; whenever he leaves, the
    match so far is saved to ``--record``'s file.
    """
    entry = cardgames.GAMES[parsed.game]
    human = arguments.check_seat(parsed.seat, state.players, what="--seat")
    default = "rule" if "rule" in entry.bots else "random"
    lineup = shared.lineup(entry, parsed.agents or default, state.players)
    bots = [agents.by_name(entry, name) for name in lineup]
    resumed = len(state.moves) if parsed.resume is not None else None
    out.show(
        [
            screens.banner(entry, state.seed, human, lineup, resumed=resumed),
            "Type a move's number or text, 'help' for help, 'quit' to leave.",
        ]
    )
    rng = dealing.rng(state.seed, "agents")
    deal = entry.parse_move("deal")
    observe = shared.commentator(entry, out, you=human)
    held: tuple[int, frozenset[cards.Card]] | None = None  # the hand at the last turn
    try:
        while (seat := entry.current_player(state)) is not None:
            moves = entry.legal_moves(state)
            if seat == human and moves != (deal,):
                view = entry.view(state, seat)
                hand = frozenset(view.hand or ())
                seen = held[1] if held is not None and held[0] == state.hand_number else hand
                seen = seen or hand  # cards first seen (a Staekske Rape look) are not drawn
                held = (state.hand_number, hand)
                if len(moves) == 1:
                    move = moves[0]
                    out.show(screens.only_move_lines(view))
                else:
                    move = _ask(entry, state, seat, read, out, drawn=hand - seen)
                if move is _QUIT:
                    out("")
                    out(f"you left the match after {shared.hands_dealt(state)}")
                    shared.save(parsed.record, state)
                    return 0
            else:  # a bot's move, or the deal, which the command makes for you
                move = bots[seat].choose(entry.view(state, seat), rng)
            after = entry.apply(state, move, seat=seat)
            observe(state, move, after)
            state = after
    except KeyboardInterrupt:
        shared.save(parsed.record, state)
        saved = f"; the match so far is saved in {parsed.record}" if parsed.record else ""
        out("")
        out(f"interrupted after {shared.hands_dealt(state)}{saved}")
        return 130
    out.show([shared.result_line(entry, state, human)])
    shared.save(parsed.record, state)
    return 0
