"""The ceiling of a bot's margin over the rule agent: a seat that sees every card and looks ahead.

Usage (from the repository root, with the package installed)::

    python benchmarks/ceiling.py --games mariage --matches 2000
    python benchmarks/ceiling.py --games mariage --matches 1000 --hands 0

No bot may see the other hands, so none can do better than one that does. This script plays
matches with the rule agent in every seat but one, the *clairvoyant* seat (seat
``i % players`` in match ``i``, so every seat takes its turn), which knows every card and how
the rule agents answer. At each of its moves with a choice it tries every sequence of its own
moves to the end of the deal, and makes the move whose line leaves it with the most: among
the winners if the deal ends the match, then with the most points (the game's ``totals`` at
the match's end, its ``returns`` at the end of an earlier deal). The rule agents break their
ties with generators seeded by the position's place in the search, so that each line has one
answer; the baseline plays the same deals with the rule agent in the clairvoyant seat too,
its ties broken the same way.

``--hands`` sets the rules' ``max_hands``: 1 (the default) plays one-deal matches, where the
clairvoyant seat looks to the match's end, so what it wins is an upper bound of what any bot
could win in that seat against these rule agents, over these deals: a bot that beats the rule
agent by a margin the clairvoyant seat does not reach cannot exist. ``--hands 0`` plays whole
matches (the rules' own length; Mariage: every player deals once) and ``--hands N`` matches of
N deals; there the seat looks only to the end of each deal, so it plays every deal for its
most but never gives up chips in one deal for the match: not a bound, but a far stronger
player than any that sees only its own cards. It searches every line of its own moves, so it
is for games with few decisions a deal (Mariage: five cards, the pools claimed by the rules);
the number of lines is printed.

The result goes to ``benchmarks/ceiling.json`` (one entry a game, player count and match
length, with its command), which the game's page quotes.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import intervals
import timing

import cardgames
from cardgames import game

HERE = Path(__file__).resolve().parent
DEFAULT_OUTPUT = HERE / "ceiling.json"


class Lookahead:
    """A clairvoyant search: every line of a seat's own moves, the rule agents answering."""

    def __init__(self, entry: game.AnyGame) -> None:
        """Keep the game and its rule agent."""
        self.entry = entry
        self.rule = entry.bots["rule"]()
        self.lines = 0

    def answer(self, state: Any, seat: int, tag: int) -> Any:  # noqa: ANN401  # any game
        """Return the rule agent's move at ``state``, its ties broken by the generator ``tag``."""
        legal = self.entry.legal_moves(state)
        if len(legal) == 1:
            return legal[0]
        return self.rule.choose(self.entry.view(state, seat), random.Random(tag))

    def best(self, state: Any, me: int, tag: int, deals: int) -> tuple[bool, int]:  # noqa: ANN401
        """Return the best (win, points) ``me`` reaches by his own choices by the deal's end.

        ``deals`` is how many deals were finished when the deal being searched began.
        """
        entry = self.entry
        seat = entry.current_player(state)
        if seat is None:
            self.lines += 1
            score = entry.score(state)
            return me in score.winners, score.totals[me]
        if len(entry.hand_returns(state)) > deals:
            self.lines += 1
            return False, entry.returns(state)[me]
        legal = entry.legal_moves(state)
        if seat == me and len(legal) > 1:
            return max(self.lines_of(state, legal, me, tag, deals))
        return self.best(entry.apply(state, self.answer(state, seat, tag)), me, 7 * tag + 3, deals)

    def lines_of(
        self,
        state: Any,  # noqa: ANN401  # any game
        legal: Sequence[Any],
        me: int,
        tag: int,
        deals: int,
    ) -> list[tuple[bool, int]]:
        """Return the best (win, points) by the deal's end after each of ``me``'s moves."""
        entry = self.entry
        return [self.best(entry.apply(state, move), me, 7 * tag + 1, deals) for move in legal]

    def play(self, state: Any, me: int, tag: int, *, sees: bool) -> tuple[bool, int]:  # noqa: ANN401
        """Play the match out; return ``me``'s (win, points) at its end.

        Every seat is the rule agent's, but ``me`` when he ``sees``: then his move is the
        first of those whose line (:meth:`best`) leaves him with the most by the deal's end.
        """
        entry = self.entry
        while (seat := entry.current_player(state)) is not None:
            legal = entry.legal_moves(state)
            chooses = seat == me and len(legal) > 1
            if chooses and sees:
                values = self.lines_of(state, legal, me, tag, len(entry.hand_returns(state)))
                move = legal[values.index(max(values))]
            else:
                move = self.answer(state, seat, tag)
            state = entry.apply(state, move)
            tag = 7 * tag + (1 if chooses else 3)
        score = entry.score(state)
        return me in score.winners, score.totals[me]


def measure(name: str, matches: int, players: int | None, hands: int) -> dict[str, Any]:
    """Play the matches of one game, clairvoyant and baseline; return what they show.

    ``hands`` is the rules' ``max_hands``, 0 for whole matches.
    """
    entry = cardgames.GAMES[name]
    seats = players or entry.players[0]
    rules = entry.rules_type(max_hands=hands) if hands else entry.rules_type()
    search = Lookahead(entry)
    won = base_won = 0
    points = base_points = 0
    start = time.process_time()
    for match in range(matches):
        me = match % seats
        state = entry.new_game(rules, seed=match, players=seats)
        win, total = search.play(state, me, match, sees=True)
        base_win, base_total = search.play(state, me, match, sees=False)
        won += win
        base_won += base_win
        points += total
        base_points += base_total
    return {
        "game": name,
        "players": seats,
        "matches": matches,
        "hands_per_match": hands or None,
        "clairvoyant": {
            "wins": won,
            "win_rate": won / matches,
            "interval_95": list(intervals.wilson(won, matches)),
            "mean_points": points / matches,
        },
        "baseline_rule": {
            "wins": base_won,
            "win_rate": base_won / matches,
            "interval_95": list(intervals.wilson(base_won, matches)),
            "mean_points": base_points / matches,
        },
        "margin_points": 100 * (won - base_won) / matches,
        "lines": search.lines,
        "cpu_seconds": time.process_time() - start,
        "date": timing.utc_now(),
        "machine": timing.machine(),
        "command": " ".join(["python benchmarks/ceiling.py", *sys.argv[1:]]),
    }


def main() -> None:
    """Parse the arguments, measure each game, print and save the results."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=["mariage"])
    parser.add_argument("--matches", type=int, default=2000)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--hands", type=int, default=1, help="max_hands; 0 for whole matches")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    arguments = parser.parse_args()
    results = json.loads(arguments.output.read_text()) if arguments.output.exists() else {}
    for name in arguments.games:
        found = measure(name, arguments.matches, arguments.players, arguments.hands)
        key = name
        if arguments.players not in {None, cardgames.GAMES[name].players[0]}:
            key += f", {found['players']} players"
        if arguments.hands != 1:
            key += f", {arguments.hands} hands a match" if arguments.hands else ", whole matches"
        results[key] = found
        own, base = found["clairvoyant"], found["baseline_rule"]
        print(
            f"{name}, {found['players']} players: the clairvoyant seat wins "
            f"{own['win_rate']:.1%} [{own['interval_95'][0]:.1%}, {own['interval_95'][1]:.1%}], "
            f"mean {own['mean_points']:+.2f}; the rule agent in its seat {base['win_rate']:.1%}, "
            f"mean {base['mean_points']:+.2f}; margin {found['margin_points']:+.1f} points "
            f"({found['lines']} lines searched, {found['cpu_seconds']:.0f} s; {found['command']})"
        )
        arguments.output.write_text(json.dumps(results, indent=2, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
