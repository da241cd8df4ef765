"""The learning surface's fingerprint: one sha256 per game over what its encoding gives.

The states are the first :data:`STATES` of the behaviour fingerprint's seeded matches (every
option set, every player count: see :mod:`test_fingerprint`). At each the digest takes in, for
every seat, ``observation(state, seat)``; ``legal_mask(state)``; ``index_to_move`` of every
action the mask allows and of the first it refuses; and, for one legal move chosen by the
state's number, the mask and ``index_to_move`` at every prefix of its actions (so a
combination move's later choices are covered too). A speed-up of an encoding or of the
generic learning surface must leave every digest as it was (``python
tests/test_observations.py`` prints them).
"""

from __future__ import annotations

import hashlib
import itertools
import sys
from typing import Any, Final

import pytest

import cardgames
import test_fingerprint
from cardgames import errors, game

STATES: Final = 20_000
"""How many states of the behaviour fingerprint's matches each game's digest takes in."""

EXPECTED: Final = {
    "gin-rummy": "1fae75dc05f608a8cd3a5053d84e83696145d2eba8d852231b314b212a097292",
    "kalter-schlag": "408d03d91dbb5de2a51075afc31fbe84566359eeed13df2496f99bb409b54ec3",
    "mariage": "00fdd36da5d3c056d39246268420c9a89ecfb84fecb2a29825a01d8cbe4b4bcb",
    "staekske-rape": "249cb5b2084a3e3ca226db0eb68e54a8a3fa4311e9fd7f66e582dd2468f66c94",
}
"""Each game's digest, recorded before the observations and masks were made faster."""


def _answer(entry: game.AnyGame, index: int, state: Any, prefix: tuple[int, ...]) -> str:
    """Return the text of ``index_to_move(index, state, prefix)``, or of the error it raises."""
    try:
        found = entry.index_to_move(index, state, prefix)
    except errors.IllegalMoveError as error:
        return f"illegal {error.seat}"
    return "None" if found is None else test_fingerprint.canonical(found)


def _mask(mask: tuple[int, ...]) -> str:
    """Return a mask's text."""
    return "".join(map(str, mask))


def _parts(entry: game.AnyGame, state: Any, number: int) -> list[str]:
    """Return the texts one state adds to its game's digest."""
    parts = [",".join(map(str, entry.observation(state, seat))) for seat in range(state.players)]
    legal = entry.legal_moves(state)
    if not legal:
        return parts
    mask = entry.legal_mask(state)
    parts.append(_mask(mask))
    parts += [_answer(entry, index, state, ()) for index, flag in enumerate(mask) if flag]
    if 0 in mask:
        parts.append(_answer(entry, mask.index(0), state, ()))
    chosen = entry.move_indices(legal[number % len(legal)])
    for size in range(1, len(chosen)):
        prefix = chosen[:size]
        parts.append(_mask(entry.legal_mask(state, prefix)))
        parts.append(_answer(entry, chosen[size], state, prefix))
    return parts


def observations_fingerprint(name: str) -> tuple[str, int]:
    """Return the game's digest and the number of states it took in."""
    entry = cardgames.GAMES[name]
    digest = hashlib.sha256()
    count = 0
    states = itertools.islice(test_fingerprint.fingerprint_states(entry), STATES)
    for number, state in enumerate(states):
        digest.update("\n".join(_parts(entry, state, number)).encode())
        digest.update(b"\x00")
        count += 1
    return digest.hexdigest(), count


@pytest.mark.fingerprint
@pytest.mark.parametrize("name", sorted(cardgames.GAMES))
def test_the_learning_surface_is_the_fingerprinted_one(name: str) -> None:
    digest, count = observations_fingerprint(name)
    assert count == STATES
    assert digest == EXPECTED[name], f"{name}'s observations, masks or actions changed"


if __name__ == "__main__":
    for each in sys.argv[1:] or sorted(cardgames.GAMES):
        print(each, *observations_fingerprint(each))  # noqa: T201  # the digests to record
