"""The ``cardgames`` command: play against bots, watch them, simulate, read rules and records.

* ``cardgames games`` lists the games; ``cardgames rules GAME`` prints a game's options.
* ``cardgames play GAME --seat 0`` seats you at the terminal against the game's bots: your hand
  and your legal moves, numbered; answer with a number or a move's text. The CLI deals for you.
* ``cardgames watch GAME --seed 7`` plays a seeded match between bots and prints every public
  event and each hand's score.
* ``cardgames simulate GAME -n 1000 --agents rule,random`` plays many matches and prints each
  agent's results (``--json`` for data).
* ``cardgames replay FILE`` plays back a game record that ``--record FILE`` saved: a UTF-8 JSON
  file of at most :data:`MAX_RECORD_BYTES` bytes.

Every command takes ``--rules key=value`` (repeatable) for the game's options. Output falls back
to letters (``QH`` for ``Q♥``) on a terminal that cannot show the card symbols. Bad arguments and
bad files are reported in one line with exit status 2, never with a traceback; at the ``play``
prompt, input that is no move (or that the terminal's encoding cannot read) is answered with what
was wrong and the prompt again. ``python -m cardgames`` is the same command.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import inspect
import json
import os
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final, TextIO

import attrs
import tqdm

import cardgames
from cardgames import agents, arguments, codec, dealing, errors, game, matches, simulate

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
    play.add_argument("--record", metavar="FILE", help="save the match as a game record (JSON)")
    run = commands.add_parser(
        "simulate", help="play many matches between agents; print results", parents=[letters]
    )
    _match_arguments(run)
    _simulate_arguments(run, names)
    replay = commands.add_parser("replay", help="play back a saved game record", parents=[letters])
    replay.add_argument(
        "file", help=f"a game record, as --record writes it (at most {MAX_RECORD_BYTES:,} bytes)"
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


def _score_lines(score: matches.Score[matches.HandScore]) -> list[str]:
    """Return the last hand's line and the totals."""
    last = score.hands[-1]
    totals = "  ".join(f"seat {seat}: {total:>5}" for seat, total in enumerate(score.totals))
    return [f"  {last.explanation}", f"  totals  {totals}"]


def _hands(state: Any) -> str:  # noqa: ANN401  # any game's state
    """Return how many hands were dealt, in words: ``1 hand``, ``3 hands``."""
    return f"{state.hand_number} hand{'' if state.hand_number == 1 else 's'}"


def _result_line(entry: game.AnyGame, final: Any) -> str:  # noqa: ANN401  # any game's state
    """Return the closing line of a match."""
    result = entry.score(final)
    winners = ", ".join(map(str, result.winners)) or "none"
    losers = ", ".join(map(str, result.losers)) or "none"
    hands = _hands(final)
    if not result.over:
        return f"stopped after {hands}"
    return f"match over after {hands}: won by seat(s) {winners}; lost by {losers}"


def _commentator(entry: game.AnyGame, out: _Out) -> Callable[[Any, Any, Any], None]:
    """Return an observer that prints each public event and each finished hand's score."""

    def observe(before: Any, move: Any, after: Any) -> None:  # noqa: ANN401  # any game's types
        line = entry.narrate(before, move, after)
        if line is not None:
            out(line)
        if after.hand_over and not before.hand_over and entry.score(after).hands:
            explanation, totals = _score_lines(entry.score(after))
            if line is None or explanation.strip() not in line:
                out(explanation)
            out(totals)

    return observe


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


def _show_turn(view: Any, out: _Out) -> None:  # noqa: ANN401  # any game's view
    """Print what the human seat sees when it is to move: its hand and its numbered moves."""
    hand = getattr(view, "hand", None)
    if hand is not None:
        out(f"your hand: {' '.join(map(str, hand)) or '(empty)'}")
    trick = getattr(view, "trick", None)
    if trick is not None:
        out(f"on the table: {trick}")
    pile = getattr(view, "pile", None)
    if pile:
        out(f"top of the discard pile: {pile[-1]}")
    for field in ("trump", "knock_limit", "stock_size"):
        value = getattr(view, field, None)
        if value is not None:
            out(f"{field.replace('_', ' ')}: {value}")
    for number, move in enumerate(view.legal_moves, start=1):
        out(f"  {number:>3}. {move}")


def _ask(
    entry: game.AnyGame,
    state: Any,  # noqa: ANN401  # any game's state
    seat: int,
    read: Callable[[str], str],
    out: _Out,
) -> Any | None:  # noqa: ANN401  # any game's move
    """Ask the human for a move until a legal one comes; None at the end of input."""
    view = entry.view(state, seat)
    _show_turn(view, out)
    count = len(view.legal_moves)
    while True:
        try:
            text = read("your move (number or text): ").strip()
        except EOFError:
            return None
        except UnicodeDecodeError as error:
            out(
                f"not that: the terminal sent text that is not {error.encoding}: "
                "type the move's number, or its text with letters (QH for the queen of hearts)"
            )
            continue
        if not text:
            continue
        if text.isascii() and text.isdigit():  # "²" and "٣" are digits to Python, not here
            digits = text.lstrip("0")
            if 0 < len(digits) <= len(str(count)) and int(digits) <= count:
                return view.legal_moves[int(digits) - 1]
            out(f"choose a number from 1 to {count}, or type a move")
            continue
        try:
            move = entry.parse_move(text)
            entry.apply(state, move, seat=seat)
        except errors.CardgamesError as error:
            out(f"not that: {error}")
            continue
        return move


def _play(parsed: argparse.Namespace, out: _Out, read: Callable[[str], str]) -> int:
    """Play a match with a human at one seat and bots at the others."""
    entry = cardgames.GAMES[parsed.game]
    rules = _rules(entry, parsed.rules, parsed.max_hands)
    state = entry.new_game(rules, seed=parsed.seed, players=parsed.players)
    human = arguments.check_seat(parsed.seat, state.players, what="--seat")
    default = "rule" if "rule" in entry.bots else "random"
    lineup = _lineup(entry, parsed.agents or default, state.players)
    bots = [agents.by_name(entry, name) for name in lineup]
    out(f"{entry.title}, seed {state.seed}: you are seat {human}; the others are {lineup[0]} bots")
    rng = dealing.rng(state.seed, "agents")
    deal = entry.parse_move("deal")
    observe = _commentator(entry, out)
    while (seat := entry.current_player(state)) is not None:
        if seat == human and entry.legal_moves(state) != (deal,):
            move = _ask(entry, state, seat, read, out)
            if move is None:
                out("")
                out(f"you left the match after {_hands(state)}")
                _save(parsed.record, state)
                return 0
        else:  # a bot's move, or the deal, which the command makes for you
            move = bots[seat].choose(entry.view(state, seat), rng)
        after = entry.apply(state, move, seat=seat)
        observe(state, move, after)
        state = after
    out(_result_line(entry, state))
    _save(parsed.record, state)
    return 0


def _simulate_arguments(run: argparse.ArgumentParser, names: str) -> None:
    """Add the options of ``simulate`` (beside the match-playing ones)."""
    budget = run.add_mutually_exclusive_group()
    budget.add_argument(
        "-n", "--matches", type=int, default=None, help="how many matches (100 unless --hands)"
    )
    budget.add_argument(
        "--hands", type=int, default=None, help="play matches until they take this many hands"
    )
    run.add_argument(
        "--agents",
        default="random",
        help=f"agents laid round the table, again and again (rule,random alternates): {names}",
    )
    where = run.add_mutually_exclusive_group()
    where.add_argument(
        "--jobs", type=int, default=1, help="worker processes (default 1: play here)"
    )
    where.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="play on a Dask cluster, e.g. tcp://10.0.0.5:8786 (needs the extra cluster)",
    )
    run.add_argument("--json", action="store_true", help="print the summary as JSON")


_HANDS_UP_DOWN: Final = {
    "kalter-schlag": (
        "hands that charged the seat penalty points: bad, the highest total loses",
        "none (penalties only add up)",
    ),
    "gin-rummy": ("hands the seat won", "none (the loser of a hand scores nothing)"),
    "staekske-rape": (
        "contracts the seat made as declarer",
        "contracts it lost (only the declarer wins or loses game points)",
    ),
    "mariage": ("hands in which the seat won chips", "hands in which it paid chips"),
}
"""What the table's last two columns count, game by game."""


@contextlib.contextmanager
def _executor(parsed: argparse.Namespace) -> Iterator[concurrent.futures.Executor | None]:
    """Yield where ``simulate`` plays: here, on a process pool (``--jobs``) or on Dask."""
    if type(parsed.jobs) is not int or parsed.jobs < 1:
        raise errors.RulesError(f"--jobs must be 1 or more, not {parsed.jobs}")
    if parsed.scheduler is None:
        if parsed.jobs == 1:
            yield None
            return
        with concurrent.futures.ProcessPoolExecutor(parsed.jobs) as pool:
            yield pool
        return
    try:
        import distributed  # noqa: PLC0415  # the extra cluster, only for --scheduler
    except ImportError:
        raise errors.RulesError(
            "--scheduler needs Dask: pip install 'python-cardgames[cluster]'"
        ) from None
    try:
        client = distributed.Client(parsed.scheduler, timeout=5)
    except (OSError, ValueError, TypeError) as error:
        raise errors.RulesError(
            f"--scheduler: no Dask scheduler at {errors.quote(parsed.scheduler)} ({error})"
        ) from None
    with client:
        yield client.get_executor()


def _simulate(parsed: argparse.Namespace, out: _Out, progress: TextIO) -> int:
    """Play many matches between agents and print the summary (a progress bar on a terminal)."""
    entry = cardgames.GAMES[parsed.game]
    rules = _rules(entry, parsed.rules, parsed.max_hands)
    lineup = [name.strip() for name in parsed.agents.split(",") if name.strip()]
    if parsed.hands is None:
        what, budget = "matches", 100 if parsed.matches is None else parsed.matches
    else:
        what, budget = "hands", parsed.hands
    if type(budget) is not int or budget < 1:
        raise errors.RulesError(f"--{what} must be 1 or more, not {budget}")
    seed = parsed.seed if parsed.seed is not None else dealing.new_seed()
    seated = simulate.seating(entry, lineup, 0, players=parsed.players)  # the lineup, checked
    with (
        _executor(parsed) as executor,
        tqdm.tqdm(
            total=budget, unit=what[:-1], file=progress, disable=not progress.isatty()
        ) as bar,
    ):

        def advance(summary: simulate.Summary) -> None:
            bar.update(min(budget, summary.hands if what == "hands" else summary.matches) - bar.n)

        total = simulate.run(
            entry,
            lineup,
            seed=seed,
            players=parsed.players,
            rules=rules,
            executor=executor,
            progress=advance,
            **{what: budget},
        )
    if parsed.json:
        out(json.dumps({"seed": seed, "lineup": seated, **attrs.asdict(total)}, ensure_ascii=False))
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
    up, down = _HANDS_UP_DOWN.get(
        entry.name, ("hands in which the seat's total rose", "hands in which it fell")
    )
    out(f"hands up:   {up}")
    out(f"hands down: {down}")
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
    observe = _commentator(entry, out)
    for move in saved.moves:
        after = entry.apply(state, move)
        observe(state, move, after)
        state = after
    out(_result_line(entry, state))
    return 0


def _rules_text(parsed: argparse.Namespace, out: _Out) -> int:
    """Print a game's options: name, default, and what each does."""
    entry = cardgames.GAMES[parsed.game]
    counts = ", ".join(map(str, sorted(entry.players)))
    usual = f" (usually {entry.players[0]})" if len(entry.players) > 1 else ""
    out(f"{entry.title} ({entry.module}), players: {counts}{usual}. Options (--rules key=value):")
    described = _attribute_docs(entry.rules_type.__doc__ or "")
    defaults = codec.encode(entry.rules_type(), game=entry.name)
    for field in attrs.fields(entry.rules_type):
        if not field.init:
            continue
        out(f"  {field.name} = {json.dumps(defaults.get(field.name), ensure_ascii=False)}")
        for line in described.get(field.name, "").splitlines():
            out(f"      {line}")
    out("The game's page in the documentation has the rules in full.")
    return 0


def _attribute_docs(doc: str) -> dict[str, str]:
    """Read the ``Attributes:`` section of a Google-style docstring: name → text."""
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
            found[current] += "\n" + line.strip()
        elif inside and line.strip():
            inside = False
    return found


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
