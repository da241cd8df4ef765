"""The ``cardgames`` command: play against bots, watch them, simulate, read rules and records.

* ``cardgames games`` lists the games; ``cardgames rules GAME`` prints a game's options, as
  plain text wrapped to the terminal.
* ``cardgames play GAME --seat 0`` seats you at the terminal against the game's bots: your hand
  (in the game's order) and your legal moves, numbered; answer with a number or a move's text,
  or ``help``, ``moves`` or ``quit``. The CLI deals for you, and plays a turn that has one legal
  move only (and says so). Leaving, by ``quit``, the end of input or Ctrl-C, saves the match so
  far to ``--record FILE``; ``--resume FILE`` goes on with a saved match, you at ``--seat`` and
  the bots at every other seat.
* ``cardgames watch GAME --seed 7`` plays a seeded match between bots and prints every public
  event and each hand's score.
* ``cardgames simulate GAME -n 1000 --agents rule,random`` plays many matches and prints each
  agent's results (``--json`` for data).
* ``cardgames replay FILE`` plays back a game record that ``--record FILE`` saved: a UTF-8 JSON
  file of at most :data:`MAX_RECORD_BYTES` bytes; ``--hands`` shows every seat's cards at each
  deal.

Every command takes ``--rules key=value`` (repeatable) for the game's options, and ``--ascii``
(before or after its name). Output falls back to letters (``QH`` for ``Q♥``) on a terminal that
cannot show the card symbols. Bad arguments and bad files (a record to resume included) are
reported in one line with exit status 2, never with a traceback; at the ``play`` prompt, input
that is no move (or that the terminal's encoding cannot read) is answered with what was wrong
and the prompt again. ``python -m cardgames`` is the same command.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, Final

import cardgames
from cardgames import _cli_play as playing
from cardgames import _cli_shared as shared
from cardgames import _cli_simulate as simulating
from cardgames import _screens as screens
from cardgames import agents, codec, errors, game, simulate

__all__ = ["DEFAULT_MAX_HANDS", "MAX_RECORD_BYTES", "main"]

DEFAULT_MAX_HANDS: Final = 100
"""The hand limit of ``watch`` and ``play`` unless ``--max-hands`` says otherwise."""

MAX_RECORD_BYTES: Final = 32 * 1024 * 1024
"""The longest file ``replay`` reads: 32 MiB. A record of a thousand hands takes well under one;
a longer file (or one without end, such as ``/dev/zero``) is refused after reading this much."""


def _game_argument(parser: argparse.ArgumentParser) -> None:
    """Add the game argument (registry or module spelling)."""
    parser.add_argument(
        "game",
        choices=cardgames.GAMES,  # accepts "kalter_schlag" as well as "kalter-schlag"
        metavar="game",
        help=f"the game: {', '.join(cardgames.GAMES)} (or with _ for -)",
    )


def _match_arguments(parser: argparse.ArgumentParser, *, hands: bool = True) -> None:
    """Add the options every match-playing command has."""
    _game_argument(parser)
    parser.add_argument("--seed", type=int, default=None, help="the seed (random if left out)")
    parser.add_argument("--players", type=int, default=None, help="number of seats (game's usual)")
    parser.add_argument(
        "--rules",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option, e.g. --rules target=500 (see 'cardgames rules GAME'); repeatable",
    )
    if hands:
        parser.add_argument(
            "--max-hands",
            type=int,
            default=DEFAULT_MAX_HANDS,
            help=f"end a match after this many hands (default {DEFAULT_MAX_HANDS}); 0: no limit",
        )


_ASCII_HELP: Final = "write cards with letters (QH), never symbols (Q♥)"


def _agent_names() -> str:
    """Name every agent: the generic ones, then the games' own (with the games of each)."""
    games_of: dict[str, list[str]] = {}
    for entry in cardgames.GAMES.values():
        for name in entry.bots:
            games_of.setdefault(name, []).append(entry.name)
    own = [
        name if len(games) == len(cardgames.GAMES) else f"{name} ({', '.join(games)})"
        for name, games in games_of.items()
    ]
    return ", ".join([*agents.GENERIC, *own])


def _parser() -> argparse.ArgumentParser:
    """Build the argument parser."""
    parser = argparse.ArgumentParser(
        prog="cardgames", description="Traditional card games: rules engines and bots."
    )
    parser.add_argument("--version", action="version", version=f"cardgames {cardgames.__version__}")
    parser.add_argument("--ascii", action="store_true", help=_ASCII_HELP)
    # A command takes --ascii too, after its name; left out there, the one before it counts.
    letters = argparse.ArgumentParser(add_help=False)
    letters.add_argument(
        "--ascii", action="store_true", default=argparse.SUPPRESS, help=_ASCII_HELP
    )
    names = _agent_names()
    commands = parser.add_subparsers(dest="command")
    commands.add_parser("games", help="list the games", parents=[letters])
    _game_argument(
        commands.add_parser(
            "rules", help="print a game's options and their defaults", parents=[letters]
        )
    )
    watch = commands.add_parser("watch", help="watch bots play a seeded match", parents=[letters])
    _match_arguments(watch)
    watch.add_argument(
        "--agents", default="random", help=f"agents, one per seat or one for all: {names}"
    )
    watch.add_argument("--record", metavar="FILE", help="save the match as a game record (JSON)")
    play = commands.add_parser(
        "play", help="play a match at the terminal against bots", parents=[letters]
    )
    _match_arguments(play)
    play.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    play.add_argument(
        "--agents", default=None, help=f"the bots, one per seat or one for all: {names}"
    )
    play.add_argument(
        "--record",
        metavar="FILE",
        help="save the match as a game record (JSON), also when you quit or press Ctrl-C",
    )
    play.add_argument(
        "--resume",
        metavar="FILE",
        help="go on with the match a record saved (its seed, players and rules); you play --seat",
    )
    run = commands.add_parser(
        "simulate", help="play many matches between agents; print results", parents=[letters]
    )
    _match_arguments(run)
    simulating.add_arguments(run, names)
    replay = commands.add_parser("replay", help="play back a saved game record", parents=[letters])
    replay.add_argument(
        "file", help=f"a game record, as --record writes it (at most {MAX_RECORD_BYTES:,} bytes)"
    )
    replay.add_argument("--hands", action="store_true", help="show every seat's cards at each deal")
    serve = commands.add_parser(
        "serve", help="serve tables in the browser (the extra web)", parents=[letters]
    )
    serve.add_argument("--host", default="127.0.0.1", help="the address (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=8000, help="the port (default 8000)")
    serve.add_argument(
        "--records", default="cardgames-records", help="the records folder (cardgames-records)"
    )
    serve.add_argument(
        "--messages-per-second",
        type=float,
        default=5.0,
        help="the messages a connection may send per second, on average (default 5)",
    )
    serve.add_argument(
        "--tables-per-minute",
        type=int,
        default=10,
        help="the tables one address may create per minute (default 10)",
    )
    return parser


def _watch(parsed: argparse.Namespace, out: shared.Out) -> int:
    """Play and print a match between bots."""
    entry = cardgames.GAMES[parsed.game]
    rules = shared.rules_from(entry, parsed.rules, parsed.max_hands)
    probe = entry.new_game(rules, seed=parsed.seed, players=parsed.players)
    lineup = shared.lineup(entry, parsed.agents, probe.players)
    label = f"{probe.players} {lineup[0]} bots" if len(set(lineup)) == 1 else ", ".join(lineup)
    out(f"{entry.title}, seed {probe.seed}, {label}")
    final = simulate.play_match(
        entry,
        [agents.by_name(entry, name) for name in lineup],
        rules=rules,
        seed=probe.seed,
        first_dealer=probe.first_dealer,
        observe=shared.commentator(entry, out),
    )
    out(shared.result_line(entry, final))
    shared.save(parsed.record, final)
    return 0


def _resumed(entry: game.AnyGame, parsed: argparse.Namespace) -> Any:  # noqa: ANN401  # a state
    """Return the state the record ``--resume`` names leads to, checked to be of the game.

    Raises:
        RulesError: If the seed, the players or the rules are given too (the record has them).
        DecodeError: If the file is no record of a match of this game (see :func:`_read_record`).
    """
    given = [
        option
        for option, value in (
            ("--seed", parsed.seed),
            ("--players", parsed.players),
            ("--rules", parsed.rules or None),
        )
        if value is not None
    ]
    if given:
        raise errors.RulesError(
            f"--resume plays on with the record's seed, players and rules: leave out {given[0]}"
        )
    saved = _read_record(parsed.resume)
    if cardgames.GAMES[saved.game] is not entry:
        raise errors.DecodeError(
            f"{parsed.resume} is a record of {cardgames.GAMES[saved.game].title}, "
            f"not of {entry.title}"
        )
    return codec.replay(saved)


def _play(parsed: argparse.Namespace, out: shared.Out, read: Callable[[str], str]) -> int:
    """Play a new match, or the one ``--resume`` names, with a human at ``--seat``."""
    entry = cardgames.GAMES[parsed.game]
    if parsed.resume is not None:
        state = _resumed(entry, parsed)
    else:
        rules = shared.rules_from(entry, parsed.rules, parsed.max_hands)
        state = entry.new_game(rules, seed=parsed.seed, players=parsed.players)
    return playing.play(parsed, out, read, state)


def _read_record(path: str) -> codec.GameRecord:
    """Read and check the game record in a file of at most :data:`MAX_RECORD_BYTES` bytes.

    Raises:
        DecodeError: If the file cannot be read, is longer than the limit, is not UTF-8 text,
            or does not hold a valid record.
    """
    try:
        with open(path, "rb") as file:  # noqa: PTH123  # a path from the user
            data = file.read(MAX_RECORD_BYTES + 1)
    except OSError as error:
        raise errors.DecodeError(f"cannot read {path}: {error.strerror}") from None
    if len(data) > MAX_RECORD_BYTES:
        raise errors.DecodeError(
            f"{path} is longer than {MAX_RECORD_BYTES:,} bytes, the most a game record may take"
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise errors.DecodeError(
            f"{path} is not UTF-8 text (byte {data[error.start]:#04x} at offset {error.start}): "
            "a game record is JSON, written in UTF-8"
        ) from None
    return codec.loads_record(text)


def _replay(parsed: argparse.Namespace, out: shared.Out) -> int:
    """Play back a saved record, printing every public event."""
    saved = _read_record(parsed.file)
    entry = cardgames.GAMES[saved.game]
    out(f"{entry.title}, seed {saved.seed}, {saved.players} players: {len(saved.moves)} moves")
    state = entry.new_game(
        saved.rules, seed=saved.seed, players=saved.players, first_dealer=saved.first_dealer
    )
    observe = shared.commentator(entry, out, hands=parsed.hands)
    for move in saved.moves:
        after = entry.apply(state, move)
        observe(state, move, after)
        state = after
    out(shared.result_line(entry, state))
    return 0


def _rules_text(parsed: argparse.Namespace, out: shared.Out) -> int:
    """Print a game's options: name, default, and what each does, wrapped to the terminal."""
    for line in screens.rules_lines(cardgames.GAMES[parsed.game], out.width(default=80)):
        out(line)
    return 0


def _serve(parsed: argparse.Namespace, out: shared.Out) -> int:
    """Serve the web app's tables until interrupted (``cardgames serve``)."""
    try:
        from cardgames import web  # noqa: PLC0415  # an optional extra, imported when asked for
    except ImportError as error:
        raise errors.RulesError(
            f"cardgames serve needs the extra web ({error.name} is missing): "
            "pip install 'python-cardgames[web]'"
        ) from None
    if not 0 < parsed.port < 65536:
        raise errors.RulesError(f"--port must be from 1 to 65535, not {parsed.port}")
    out(f"serving http://{parsed.host}:{parsed.port}/ (records in {parsed.records}); Ctrl-C stops")
    limits = web.Limits(
        messages_per_second=parsed.messages_per_second, tables_per_minute=parsed.tables_per_minute
    )
    web.serve(parsed.records, host=parsed.host, port=parsed.port, limits=limits)
    return 0


def main(argv: Sequence[str] | None = None, *, read: Callable[[str], str] = input) -> int:
    """Run the command line; return the exit status (2 for bad arguments).

    Args:
        argv: The arguments, without the program name; None for ``sys.argv``.
        read: How ``play`` reads a line after showing a prompt (``input``).
    """
    parser = _parser()
    parsed = parser.parse_args(argv)
    out = shared.Out(sys.stdout, plain=parsed.ascii or not shared.shows_symbols(sys.stdout))
    try:
        if parsed.command is None:
            parser.print_help()
            return 0
        if parsed.command == "games":
            for name, entry in cardgames.GAMES.items():
                counts = "/".join(map(str, sorted(entry.players)))
                out(f"{name:<16} {entry.title} ({counts} players)")
            return 0
        commands: dict[str, Callable[[], int]] = {
            "rules": lambda: _rules_text(parsed, out),
            "watch": lambda: _watch(parsed, out),
            "play": lambda: _play(parsed, out, read),
            "simulate": lambda: simulating.run(parsed, out, sys.stderr),
            "replay": lambda: _replay(parsed, out),
            "serve": lambda: _serve(parsed, out),
        }
        return commands[parsed.command]()
    except errors.CardgamesError as error:
        message = str(error).translate(shared.PLAIN) if out.plain else str(error)
        print(f"cardgames: {message}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader stopped early, as `cardgames watch … | head` does
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no error at exit
        return 0
