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
import json
import os
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, TextIO

import attrs

import cardgames
from cardgames import _screens as screens
from cardgames import agents, arguments, cards, codec, dealing, errors, game, matches, simulate

__all__ = ["DEFAULT_MAX_HANDS", "MAX_RECORD_BYTES", "main"]

DEFAULT_MAX_HANDS: Final = 100
"""The hand limit of ``watch`` and ``play`` unless ``--max-hands`` says otherwise."""

MAX_RECORD_BYTES: Final = 32 * 1024 * 1024
"""The longest file ``replay`` reads: 32 MiB. A record of a thousand hands takes well under one;
a longer file (or one without end, such as ``/dev/zero``) is refused after reading this much."""

_PLAIN: Final = str.maketrans(
    {"♣": "C", "♠": "S", "♥": "H", "♦": "D", "×": "x", "→": "->", "−": "-", "–": "-", "—": "-"}
)
"""How the symbols the library prints are written on a terminal that cannot show them."""


class _Out:
    """Where the command prints: a text stream, in letters where it cannot show the symbols."""

    def __init__(self, stream: TextIO, *, plain: bool) -> None:
        self.stream = stream
        self.plain = plain

    def __call__(self, text: str = "") -> None:
        """Print a line."""
        line = text.translate(_PLAIN) if self.plain else text
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


def _shows_symbols(stream: TextIO) -> bool:
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
    run.add_argument("-n", "--matches", type=int, default=100, help="how many matches (100)")
    run.add_argument(
        "--agents", default="random", help=f"agents, one per seat or one for all: {names}"
    )
    run.add_argument("--json", action="store_true", help="print the summary as JSON")
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


def _rules(entry: game.AnyGame, pairs: Sequence[str], max_hands: int | None) -> Any:  # noqa: ANN401
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


def _lineup(entry: game.AnyGame, text: str, players: int) -> list[str]:
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


def _score_lines(score: matches.Score[matches.HandScore], you: int | None) -> list[str]:
    """Return the last hand's line and the totals (``you`` for the human's seat, if any)."""
    last = score.hands[-1]
    totals = "  ".join(
        f"{'you' if seat == you else f'seat {seat}'}: {total:>5}"
        for seat, total in enumerate(score.totals)
    )
    return [f"  {last.explanation}", f"  totals  {totals}"]


def _hands(state: Any) -> str:  # noqa: ANN401  # any game's state
    """Return how many hands were dealt, in words: ``1 hand``, ``3 hands``."""
    return f"{state.hand_number} hand{'' if state.hand_number == 1 else 's'}"


def _result_line(entry: game.AnyGame, final: Any, you: int | None = None) -> str:  # noqa: ANN401  # any game's state
    """Return the closing line of a match (with whether ``you`` won or lost, if given)."""
    result = entry.score(final)
    winners = ", ".join(map(str, result.winners)) or "none"
    losers = ", ".join(map(str, result.losers)) or "none"
    hands = _hands(final)
    if not result.over:
        return f"stopped after {hands}"
    line = f"match over after {hands}: won by seat(s) {winners}; lost by {losers}"
    if you in result.winners:
        return f"{line}: you win"
    return f"{line}: you lose" if you in result.losers else line


def _commentator(
    entry: game.AnyGame, out: _Out, *, you: int | None = None, hands: bool = False
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
                out(f"  seat {seat}: {_open_hand(entry, after, seat)}")
        if after.hand_over and not before.hand_over and entry.score(after).hands:
            explanation, totals = _score_lines(entry.score(after), you)
            if line is None or explanation.strip() not in line:
                say(explanation)
            say(totals)
            note = screens.hand_end_note(entry)
            if note is not None:
                out(f"  {note}")

    return observe


def _open_hand(entry: game.AnyGame, state: Any, seat: int) -> str:  # noqa: ANN401  # a state
    """Return a seat's cards as a replay shows them, also those it has not looked at yet."""
    view = entry.view(state, seat)
    if view.hand is not None:
        return screens.hand_text(view)
    held = state.hands[seat]  # a Staekske Rape seat that has not looked: its cards, face down
    return screens.hand_text(view, tuple(cards.cards_in(held)))


def _save(path: str | None, final: Any) -> None:  # noqa: ANN401  # any game's state
    """Write the match's record to ``path`` (if given)."""
    if path is None:
        return
    try:
        with open(path, "w", encoding="utf-8") as file:  # noqa: PTH123  # a path from the user
            file.write(codec.dumps(codec.record(final)) + "\n")
    except OSError as error:
        raise errors.RulesError(f"cannot write the record to {path}: {error.strerror}") from None


def _watch(parsed: argparse.Namespace, out: _Out) -> int:
    """Play and print a match between bots."""
    entry = cardgames.GAMES[parsed.game]
    rules = _rules(entry, parsed.rules, parsed.max_hands)
    probe = entry.new_game(rules, seed=parsed.seed, players=parsed.players)
    lineup = _lineup(entry, parsed.agents, probe.players)
    label = f"{probe.players} {lineup[0]} bots" if len(set(lineup)) == 1 else ", ".join(lineup)
    out(f"{entry.title}, seed {probe.seed}, {label}")
    final = simulate.play_match(
        entry,
        [agents.by_name(entry, name) for name in lineup],
        rules=rules,
        seed=probe.seed,
        first_dealer=probe.first_dealer,
        observe=_commentator(entry, out),
    )
    out(_result_line(entry, final))
    _save(parsed.record, final)
    return 0


_QUIT: Final = object()
"""What :func:`_ask` returns when the player leaves: ``quit``, or the end of input."""


def _ask(
    entry: game.AnyGame,
    state: Any,  # noqa: ANN401  # any game's state
    seat: int,
    read: Callable[[str], str],
    out: _Out,
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


def _typed(read: Callable[[str], str], out: _Out) -> str | None:
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
    out: _Out,
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


def _play(parsed: argparse.Namespace, out: _Out, read: Callable[[str], str]) -> int:
    """Play a match with a human at one seat and bots at the others.

    The player leaves with ``quit``, at the end of input or with Ctrl-C; whenever he leaves, the
    match so far is saved to ``--record``'s file.
    """
    entry = cardgames.GAMES[parsed.game]
    if parsed.resume is not None:
        state = _resumed(entry, parsed)
    else:
        rules = _rules(entry, parsed.rules, parsed.max_hands)
        state = entry.new_game(rules, seed=parsed.seed, players=parsed.players)
    human = arguments.check_seat(parsed.seat, state.players, what="--seat")
    default = "rule" if "rule" in entry.bots else "random"
    lineup = _lineup(entry, parsed.agents or default, state.players)
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
    observe = _commentator(entry, out, you=human)
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
                    out(f"you left the match after {_hands(state)}")
                    _save(parsed.record, state)
                    return 0
            else:  # a bot's move, or the deal, which the command makes for you
                move = bots[seat].choose(entry.view(state, seat), rng)
            after = entry.apply(state, move, seat=seat)
            observe(state, move, after)
            state = after
    except KeyboardInterrupt:
        _save(parsed.record, state)
        saved = f"; the match so far is saved in {parsed.record}" if parsed.record else ""
        out("")
        out(f"interrupted after {_hands(state)}{saved}")
        return 130
    out.show([_result_line(entry, state, human)])
    _save(parsed.record, state)
    return 0


def _simulate(parsed: argparse.Namespace, out: _Out, progress: TextIO) -> int:
    """Play many matches between named agents and print the summary."""
    entry = cardgames.GAMES[parsed.game]
    rules = _rules(entry, parsed.rules, parsed.max_hands)
    players = parsed.players if parsed.players is not None else entry.players[0]
    lineup = _lineup(entry, parsed.agents, players)
    if type(parsed.matches) is not int or parsed.matches < 1:
        raise errors.RulesError(f"-n must be 1 or more, not {parsed.matches}")
    seed = parsed.seed if parsed.seed is not None else dealing.new_seed()
    chunk = 20
    total: simulate.Summary | None = None
    shows_progress = progress.isatty() and not parsed.json
    for start in range(0, parsed.matches, chunk):
        count = min(chunk, parsed.matches - start)
        part = simulate.run(entry, lineup, matches=count, seed=seed, rules=rules, start=start)
        total = part if total is None else total + part
        if shows_progress:
            done = start + count
            bar = "#" * (30 * done // parsed.matches)
            print(f"\r[{bar:<30}] {done}/{parsed.matches}", end="", file=progress, flush=True)
    if shows_progress:
        print(file=progress)
    assert total is not None  # at least one chunk ran  # noqa: S101
    if parsed.json:
        out(json.dumps({"seed": seed, "lineup": lineup, **attrs.asdict(total)}, ensure_ascii=False))
        return 0
    out(f"{entry.title}: {total.matches} matches, {total.hands} hands, seed {seed}")
    out(
        f"{'agent':<10} {'seats':>6} {'wins':>6} {'win rate':>9} {'mean total':>11}"
        f" {'hands up':>9} {'hands down':>11}"
    )
    for result in total.agents:
        out(
            f"{result.name:<10} {result.seats:>6} {result.wins:>6} {result.win_rate:>9.1%}"
            f" {result.mean_points:>11.1f} {result.hands_up:>9} {result.hands_down:>11}"
        )
    return 0


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


def _replay(parsed: argparse.Namespace, out: _Out) -> int:
    """Play back a saved record, printing every public event."""
    saved = _read_record(parsed.file)
    entry = cardgames.GAMES[saved.game]
    out(f"{entry.title}, seed {saved.seed}, {saved.players} players: {len(saved.moves)} moves")
    state = entry.new_game(
        saved.rules, seed=saved.seed, players=saved.players, first_dealer=saved.first_dealer
    )
    observe = _commentator(entry, out, hands=parsed.hands)
    for move in saved.moves:
        after = entry.apply(state, move)
        observe(state, move, after)
        state = after
    out(_result_line(entry, state))
    return 0


def _rules_text(parsed: argparse.Namespace, out: _Out) -> int:
    """Print a game's options: name, default, and what each does, wrapped to the terminal."""
    for line in screens.rules_lines(cardgames.GAMES[parsed.game], out.width(default=80)):
        out(line)
    return 0


def _serve(parsed: argparse.Namespace, out: _Out) -> int:
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
    out = _Out(sys.stdout, plain=parsed.ascii or not _shows_symbols(sys.stdout))
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
            "simulate": lambda: _simulate(parsed, out, sys.stderr),
            "replay": lambda: _replay(parsed, out),
            "serve": lambda: _serve(parsed, out),
        }
        return commands[parsed.command]()
    except errors.CardgamesError as error:
        message = str(error).translate(_PLAIN) if out.plain else str(error)
        print(f"cardgames: {message}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader stopped early, as `cardgames watch … | head` does
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no error at exit
        return 0
