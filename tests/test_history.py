"""Tests of cardgames.history: shared move chains that compare and hash by their moves."""

from __future__ import annotations

import pickle
from collections.abc import Iterable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames import errors, history


def chain(moves: Iterable[str]) -> history.History[str] | None:
    link: history.History[str] | None = None
    for move in moves:
        link = history.record(move, link)
    return link


def test_record_and_moves_of() -> None:
    assert history.moves_of(None) == ()
    first = history.record("deal", None)
    second = history.record("play Q♥", first)
    assert history.moves_of(second) == ("deal", "play Q♥")
    assert history.moves_of(first) == ("deal",)  # the earlier link is untouched
    assert second.previous is first
    assert second.length == 2
    assert second.move == "play Q♥"
    assert repr(second) == "<History of 2 moves, last play Q♥>"


def test_chains_of_the_same_moves_are_equal_and_hash_alike() -> None:
    built_once = chain(["deal", "double", "play Q♥"])
    built_again = chain(["deal", "double", "play Q♥"])
    assert built_once is not built_again
    assert built_once == built_again
    assert hash(built_once) == hash(built_again)
    assert len({built_once, built_again}) == 1


def test_chains_that_differ_are_unequal() -> None:
    base = chain(["deal", "double"])
    assert base != chain(["deal", "play Q♥"])
    assert base != chain(["deal"])
    assert base != chain(["double", "deal"])
    assert base != chain(["deal", "double", "double"])
    assert base is not None
    assert base != "deal double"
    assert base.__eq__("deal double") is NotImplemented


def test_shared_prefix_links_compare_equal() -> None:
    prefix = chain(["deal", "double"])
    left = history.record("play 7♣", prefix)
    right = history.record("play 7♣", prefix)
    assert left == right
    assert left != history.record("play 8♣", prefix)


@given(st.lists(st.sampled_from(["deal", "double", "play Q♥", "play 7♣"]), max_size=30))
def test_moves_of_round_trip(moves: list[str]) -> None:
    link = chain(moves)
    assert history.moves_of(link) == tuple(moves)
    assert (link is None) == (not moves)
    assert link == chain(list(moves))


@given(
    st.lists(st.integers(0, 3), max_size=12),
    st.lists(st.integers(0, 3), max_size=12),
)
def test_equality_matches_the_moves(first: list[int], second: list[int]) -> None:
    left: history.History[int] | None = None
    for move in first:
        left = history.record(move, left)
    right: history.History[int] | None = None
    for move in second:
        right = history.record(move, right)
    assert (left == right) == (first == second)
    if first == second:
        assert hash(left) == hash(right)


def test_long_chains_compare_and_hash_without_recursion() -> None:
    moves = [f"play {number % 32}" for number in range(10_000)]
    long_one = chain(moves)
    long_two = chain(moves)
    assert long_one is not None
    assert long_two is not None
    assert long_one.length == 10_000
    assert long_one == long_two
    assert hash(long_one) == hash(long_two)
    assert long_one != chain(["deal", *moves[1:]])
    assert history.moves_of(long_one) == tuple(moves)
    assert len({long_one, long_two}) == 1


def test_equal_digests_are_checked_move_by_move() -> None:
    # hash(-1) == hash(-2) in CPython, so these chains have equal lengths and digests.
    assert hash(-1) == hash(-2)
    minus_one = history.record(-1, None)
    minus_two = history.record(-2, None)
    assert hash(minus_one) == hash(minus_two)
    assert minus_one != minus_two


def test_long_chains_differing_only_at_the_start_are_walked_to_the_end() -> None:
    rest = list(range(10_000))
    first: history.History[int] | None = history.record(-1, None)
    second: history.History[int] | None = history.record(-2, None)
    same_start: history.History[int] | None = history.record(-1, None)
    for move in rest:
        first = history.record(move, first)
        second = history.record(move, second)
        same_start = history.record(move, same_start)
    assert hash(first) == hash(second)
    assert first != second
    assert first == same_start


def test_a_long_chain_pickles_without_recursion() -> None:
    chain = None
    for move in range(20_000):
        chain = history.record(move, chain)
    assert chain is not None
    copied = pickle.loads(pickle.dumps(chain))  # noqa: S301  # our own data, just written
    assert copied == chain
    assert hash(copied) == hash(chain)
    assert history.moves_of(copied) == tuple(range(20_000))


def test_a_link_cannot_be_changed() -> None:
    first = history.record("deal", None)
    second = history.record("play Q♥", first)
    for name in ("move", "previous", "length", "digest", "_memo", "_length", "new"):
        with pytest.raises(AttributeError, match="a move history cannot be changed"):
            setattr(second, name, "double")
        with pytest.raises(AttributeError, match="a move history cannot be changed"):
            delattr(second, name)
    assert history.moves_of(second) == ("deal", "play Q♥")
    assert second.previous is first
    assert not hasattr(second, "__dict__")


def test_length_and_digest_are_kept_once_computed() -> None:
    link = chain(["deal", "double", "play Q♥"])
    assert link is not None
    assert link.length == 3
    assert link.digest == hash(link) == link.digest
    longer = history.record("play 7♣", link)
    assert longer.length == 4
    assert longer.previous is link


@pytest.mark.parametrize("previous", [5, "deal", ("deal", None), object()])
def test_a_link_follows_a_history_or_none(previous: object) -> None:
    with pytest.raises(errors.RulesError, match="a move history links to a History or None"):
        history.History("deal", previous)  # type: ignore[arg-type]  # a wrong value on purpose
    with pytest.raises(errors.RulesError, match="expected a History or None"):
        history.moves_of(previous)  # type: ignore[arg-type]  # a wrong value on purpose
