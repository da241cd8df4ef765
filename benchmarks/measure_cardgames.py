"""Benchmarks of every game in ``cardgames.GAMES``, through the public API only.

For each game: seeded uniformly-random full hands (the deal to the end of the hand) played with
``legal_moves`` + ``apply``; the same hands as a learner's loop plays them (the observation of
the seat to move, the legal mask, a random legal action, ``apply``); then ``apply`` alone,
``legal_moves`` alone and ``view`` alone over states recorded from such hands; a server's step
over the recorded hands (``apply``, then ``view`` for every seat); ``legal_moves`` + ``apply``
by kind of move, to show where a player action's cost goes; and the memory one hand's chain of
states keeps alive.

A *player action* is every move but the deal: the deal is the dealer's move in this library but a
chance event in OpenSpiel, so it is timed (inside the hand) but not counted as an action.
"""

from __future__ import annotations

import gc
import itertools
import random
import statistics
import tracemalloc
from collections.abc import Callable, Sequence
from typing import Any, cast

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


Act = Callable[[Any, timing.Choice], Any]
"""One player action of a timed hand: given the state and the choice, it returns the next state."""


def _hands_run(match_game: game.AnyGame, seed: int, act: Act) -> Callable[[float], timing.Trial]:
    """Return a timed run of seeded random full hands: the deal, then ``act`` until the hand ends.

    The deal is chosen from ``legal_moves`` and applied as every hand's first move; a match that
    ends is followed by a new seeded one.
    """
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
                current = act(current, choice)
                actions += 1
            state = current
            return actions

        return timing.hands_run(play_hand, min_seconds)

    return run


def _random_move(match_game: game.AnyGame) -> Act:
    """Return the random hands' player action: ``apply`` of a random move of ``legal_moves``."""
    legal_moves = match_game.legal_moves
    apply = match_game.apply

    def act(state: Any, choice: timing.Choice) -> Any:  # noqa: ANN401  # any game's state
        return apply(state, choice(legal_moves(state)))

    return act


def _learner_step(match_game: game.AnyGame) -> Act:
    """Return one step of a learner's loop: observe, mask, choose an action, ``apply``.

    The seat to move's observation is built, then the legal mask; a legal action is drawn from
    the mask's ones (``itertools.compress``, then the choice) and ``index_to_move`` reads the
    move. A move made of several actions (a discard of four cards, a lay-out) takes a mask and
    a choice per action, with the actions chosen so far as the prefix, and is one step.
    """
    observation = match_game.observation
    legal_mask = match_game.legal_mask
    index_to_move = match_game.index_to_move
    # A step is taken while the hand goes on, when a seat is always to move.
    current_player = cast("Callable[[Any], int]", match_game.current_player)
    apply = match_game.apply
    actions = range(match_game.num_moves)
    compress = itertools.compress

    def act(state: Any, choice: timing.Choice) -> Any:  # noqa: ANN401  # any game's state
        observation(state, current_player(state))
        prefix: tuple[int, ...] = ()
        while True:
            index = choice(list(compress(actions, legal_mask(state, prefix))))
            move = index_to_move(index, state, prefix)
            if move is not None:
                return apply(state, move)
            prefix = (*prefix, index)

    return act


def _server_run(match_game: game.AnyGame, corpus: Corpus) -> Callable[[float], timing.Trial]:
    """Return a timed replay of the recorded hands as a server plays them.

    Each player action is one ``apply`` and then one ``view`` for every seat of the match (what
    a server sends after each move); the deal is applied and timed, not counted, and not viewed.
    """
    apply = match_game.apply
    view = match_game.view
    scripts = [
        (
            start,
            [(move, () if _is_deal(move) else range(start.players)) for move in played],
            sum(not _is_deal(move) for move in played),
        )
        for start, played in corpus.hands
    ]

    def replay(script: tuple[Any, list[tuple[Any, range | tuple[()]]], int]) -> int:
        state, steps, actions = script
        for move, seats in steps:
            state = apply(state, move)
            for seat in seats:
                view(state, seat)
        return actions

    return timing.replays_run(scripts, replay)


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
        steps = trials.get("rl step")
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
            "rl_step_us": timing.median_cost_us(steps, "actions") if steps else None,
            "server_step_us": timing.median_cost_us(trials["server step"], "actions"),
            "server_seats": corpus.hands[0][0].players,
            "server_view": "view",
            "bytes_per_apply": statistics.median(memory),
            "bytes_per_apply_max": max(memory),
            "kinds": by_kind(trials),
            "runs": {key: timing.as_json(value) for key, value in trials.items()},
        }

    # A game without an encoding for learning agents has no learner's loop to time.
    learner = (
        {"rl step": _hands_run(match_game, seed, _learner_step(match_game))}
        if match_game.encoding is not None
        else {}
    )
    return timing.Suite(
        runs={
            "playout": _hands_run(match_game, seed, _random_move(match_game)),
            **learner,
            "server step": _server_run(match_game, corpus),
            "apply": _calls_run(match_game.apply, corpus.plays),
            "deal": _calls_run(match_game.apply, corpus.deals),
            "legal_moves": _calls_run(legal_moves, in_play),
            "view": _calls_run(match_game.view, in_play),
            **{f"kind {kind}": _calls_run(step, pairs) for kind, pairs in kinds.items()},
        },
        summarize=summarize,
    )
