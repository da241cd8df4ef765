"""Benchmarks of every game in ``cardgames.GAMES``, through the public API only.

For each game: seeded uniformly-random full hands (the deal to the end of the hand) played with
``legal_moves`` + ``apply``; then ``apply`` alone, ``legal_moves`` alone and ``view`` alone over
states recorded from such hands; ``legal_moves`` + ``apply`` by kind of move, to show where a
player action's cost goes; and the memory one hand's chain of states keeps alive.

A *player action* is every move but the deal: the deal is the dealer's move in this library but a
chance event in OpenSpiel, so it is timed (inside the hand) but not counted as an action.
"""

from __future__ import annotations

import gc
import random
import statistics
import tracemalloc
from collections.abc import Callable, Sequence
from typing import Any

import attrs
import timing

import cardgames
from cardgames import game, moves

__all__ = ["prepare_game"]


@attrs.frozen
class Corpus:
    """States and moves recorded from seeded random hands, to time single calls on.

    Attributes:
        plays: ``(state, move)`` for every player action (not the deals).
        deals: ``(state, move)`` for every deal.
        hands: Per hand, the state before its deal and the moves of the hand, deal first.
    """

    plays: list[tuple[Any, Any]]
    deals: list[tuple[Any, Any]]
    hands: list[tuple[Any, list[Any]]]


def _is_deal(move: object) -> bool:
    """Return whether a move is a deal."""
    return isinstance(move, moves.Deal)


def _record(match_game: game.AnyGame, hands: int, seed: int) -> Corpus:
    """Play ``hands`` seeded random hands and keep every state and move."""
    rng = random.Random(seed)
    plays: list[tuple[Any, Any]] = []
    deals: list[tuple[Any, Any]] = []
    recorded: list[tuple[Any, list[Any]]] = []
    state = match_game.new_game(seed=rng.getrandbits(48))
    while len(recorded) < hands:
        if match_game.is_over(state):
            state = match_game.new_game(seed=rng.getrandbits(48))
        start = state
        played: list[Any] = []
        while True:
            move = rng.choice(match_game.legal_moves(state))
            (deals if _is_deal(move) else plays).append((state, move))
            played.append(move)
            state = match_game.apply(state, move)
            if state.hand_over:
                break
        recorded.append((start, played))
    return Corpus(plays, deals, recorded)


def _playout_run(match_game: game.AnyGame, seed: int) -> Callable[[float], timing.Trial]:
    """Return a timed run of random full hands: deal, then moves until the hand is over."""
    new_game = match_game.new_game
    is_over = match_game.is_over
    legal_moves = match_game.legal_moves
    apply = match_game.apply

    def run(min_seconds: float) -> timing.Trial:
        rng = random.Random(seed)
        choice = rng.choice
        state = new_game(seed=rng.getrandbits(48))

        def play_hand() -> int:
            nonlocal state
            current = state
            if is_over(current):
                current = new_game(seed=rng.getrandbits(48))
            current = apply(current, choice(legal_moves(current)))  # the deal
            actions = 0
            while not current.hand_over:
                current = apply(current, choice(legal_moves(current)))
                actions += 1
            state = current
            return actions

        return timing.hands_run(play_hand, min_seconds)

    return run


def _calls_run(
    call: Callable[[Any, Any], object], pairs: Sequence[tuple[Any, Any]]
) -> Callable[[float], timing.Trial]:
    """Return a timed run of ``call(a, b)`` over the pairs, round after round."""
    clock = timing.clock

    def run(min_seconds: float) -> timing.Trial:
        calls = 0
        start = clock()
        while clock() - start < min_seconds:
            for first, second in pairs:
                call(first, second)
            calls += len(pairs)
        return timing.Trial(clock() - start, {"calls": calls})

    return run


def _kinds(plays: Sequence[tuple[Any, Any]]) -> dict[str, list[tuple[Any, Any]]]:
    """Return the recorded player actions grouped by the kind of move (its class name)."""
    grouped: dict[str, list[tuple[Any, Any]]] = {}
    for state, move in plays:
        grouped.setdefault(type(move).__name__, []).append((state, move))
    return grouped


def _retained_bytes(match_game: game.AnyGame, corpus: Corpus) -> list[float]:
    """Return, per recorded hand, the bytes its chain of states retains per ``apply``.

    Each hand is replayed from the state before its deal with every state kept alive; the
    traced memory after, less before, is what the chain adds to the states it shares.
    """
    apply = match_game.apply
    for start, played in corpus.hands[:3]:  # untraced: fill any lazily built tables first
        state = start
        for move in played:
            state = apply(state, move)
    per_apply: list[float] = []
    longest = max(len(played) for _, played in corpus.hands)
    tracemalloc.start()
    try:
        for start, played in corpus.hands:
            kept: list[Any] = [None] * longest
            gc.collect()
            before = tracemalloc.get_traced_memory()[0]
            state = start
            for place, move in enumerate(played):
                state = apply(state, move)
                kept[place] = state
            del state
            gc.collect()
            after = tracemalloc.get_traced_memory()[0]
            per_apply.append((after - before) / len(played))
            del kept
    finally:
        tracemalloc.stop()
    return per_apply


def prepare_game(name: str, *, seed: int = 2024) -> timing.Suite:
    """Record a corpus of hands of a registered game and return its timed runs.

    The memory measurement is made here, untimed, so that tracing never slows a timed run.
    """
    match_game = cardgames.GAMES[name]
    corpus = _record(match_game, hands=60, seed=seed)
    in_play = [(state, match_game.current_player(state)) for state, _ in corpus.plays]
    memory = _retained_bytes(match_game, corpus)

    kinds = _kinds(corpus.plays)

    def legal_moves(state: Any, _seat: object) -> object:  # noqa: ANN401  # any game's state
        return match_game.legal_moves(state)

    def step(state: Any, move: Any) -> object:  # noqa: ANN401  # any game's state and move
        match_game.legal_moves(state)
        return match_game.apply(state, move)

    def by_kind(trials: dict[str, list[timing.Trial]]) -> dict[str, dict[str, float]]:
        found = {}
        for kind, pairs in kinds.items():
            cost = timing.median_cost_us(trials[f"kind {kind}"], "calls")
            found[kind] = {
                "per_hand": len(pairs) / len(corpus.hands),
                "us": cost,
                "us_per_action": cost * len(pairs) / len(corpus.plays),
            }
        return found

    def summarize(trials: dict[str, list[timing.Trial]]) -> dict[str, Any]:
        playout = trials["playout"]
        return {
            "title": match_game.title,
            "hands_per_s": timing.median_rate(playout, "hands"),
            "actions_per_s": timing.median_rate(playout, "actions"),
            "us_per_action": timing.median_cost_us(playout, "actions"),
            "actions_per_hand": sum(trial.counts["actions"] for trial in playout)
            / sum(trial.counts["hands"] for trial in playout),
            "apply_us": timing.median_cost_us(trials["apply"], "calls"),
            "deal_us": timing.median_cost_us(trials["deal"], "calls"),
            "legal_moves_us": timing.median_cost_us(trials["legal_moves"], "calls"),
            "view_us": timing.median_cost_us(trials["view"], "calls"),
            "bytes_per_apply": statistics.median(memory),
            "bytes_per_apply_max": max(memory),
            "kinds": by_kind(trials),
            "runs": {key: timing.as_json(value) for key, value in trials.items()},
        }

    return timing.Suite(
        runs={
            "playout": _playout_run(match_game, seed),
            "apply": _calls_run(match_game.apply, corpus.plays),
            "deal": _calls_run(match_game.apply, corpus.deals),
            "legal_moves": _calls_run(legal_moves, in_play),
            "view": _calls_run(match_game.view, in_play),
            **{f"kind {kind}": _calls_run(step, pairs) for kind, pairs in kinds.items()},
        },
        summarize=summarize,
    )
