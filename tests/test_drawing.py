"""Tests of cardgames.drawing: every game's table drawn in every phase, the element contract,
the grey palette, and pictures that show no more than their view."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

import cardgames
import playing
from cardgames import cards, drawing, errors, kalter_schlag

NAMES = sorted(cardgames.GAMES)

COLOUR_VALUE = re.compile(r'(?:fill|stroke)="(#[0-9a-f]{6})"')


def parse(picture: str) -> ET.Element:
    """The picture as XML (ElementTree raises if it is not well-formed)."""
    root = ET.fromstring(picture)  # noqa: S314  # the library's own output
    assert root.tag == drawing.SVG + "svg"
    return root


def groups(root: ET.Element, where: str) -> list[ET.Element]:
    """The ``<g>`` elements of a class, in document order."""
    return [g for g in root.iter(drawing.SVG + "g") if g.get("class") == where]


def drawn_cards(root: ET.Element) -> list[str]:
    """The text of every card drawn face up, wherever it lies."""
    return [g.get("data-card", "") for g in root.iter(drawing.SVG + "g") if g.get("data-card")]


def held_cards(value: object) -> set[str]:
    """The text of every card a value holds: in its fields, its tuples, their fields …"""
    if isinstance(value, cards.Card):
        return {str(value)}
    if isinstance(value, tuple | frozenset):
        return set().union(*map(held_cards, value))
    fields: tuple[attrs.Attribute[object], ...] = getattr(value, "__attrs_attrs__", ())
    return set().union(*(held_cards(getattr(value, field.name)) for field in fields))


def seeded_states(name: str, seed: int) -> Iterator[Any]:
    """Every state of a seeded random match of two hands, the players cycling with the seed."""
    players = cardgames.GAMES[name].players
    return playing.random_states(name, seed, hands=2, players=players[seed % len(players)])


@pytest.mark.parametrize("name", NAMES)
def test_every_phase_of_random_matches_draws_as_well_formed_xml(name: str) -> None:
    entry = cardgames.GAMES[name]
    phases: set[object] = set()
    for seed in range(3):
        for state in seeded_states(name, seed):
            mover = entry.current_player(state)
            seat = 0 if mover is None else mover
            view = entry.view(state, seat)
            root = parse(drawing.svg(view))
            hand = view.hand  # every game's view has a hand
            shown = [g.get("data-card") for g in groups(root, "card")]
            assert shown == ([] if hand is None else [str(card) for card in hand])
            assert {g.get("data-seat") for g in groups(root, "card")} <= {str(seat)}
            if view.phase not in phases:  # each phase's first state: every other way too
                phases.add(view.phase)
                for other in range(state.players):
                    parse(drawing.svg(state, seat=other, colour=False, width=400))
                parse(drawing.svg(state, open_hands=True))
    assert len(phases) >= 3, phases


@pytest.mark.parametrize("name", NAMES)
def test_a_state_drawn_for_a_seat_is_that_seat_s_view_and_open_hands_show_every_hand(
    name: str,
) -> None:
    entry = cardgames.GAMES[name]
    for number, state in enumerate(seeded_states(name, 5)):
        if number % 7:
            continue
        for seat in range(state.players):
            assert drawing.svg(state, seat=seat) == drawing.svg(entry.view(state, seat))
        opened = drawing.svg(state, open_hands=True)
        assert state._repr_svg_() == opened
        root = parse(opened)
        for seat in range(state.players):
            held = [
                g.get("data-card") for g in groups(root, "card") if g.get("data-seat") == str(seat)
            ]
            assert len(held) == entry.view(state, seat).hand_sizes[seat]
            assert all(cards.Card.parse(text or "") for text in held)


@pytest.mark.parametrize("name", NAMES)
def test_a_view_s_picture_shows_no_card_the_view_does_not_hold(name: str) -> None:
    entry = cardgames.GAMES[name]
    hidden_seen = 0
    for seed in range(2):
        for state in seeded_states(name, seed):
            view = entry.view(state, 0)
            known = held_cards(view)
            drawn = set(drawn_cards(parse(drawing.svg(view))))
            assert drawn <= known
            others = {
                str(card)
                for seat in range(1, state.players)
                for card in entry.view(state, seat).hand or ()
            }
            hidden = others - known
            hidden_seen += len(hidden)
            assert not hidden & drawn
    assert hidden_seen  # the other seats did hold cards seat 0 could not see


DEAL = {
    0: "J♠ A♣ 10♣ K♥ 9♥ 7♦ 8♦ A♦",
    1: "J♣ J♥ 7♣ 8♣ 7♠ 10♥ 7♥ Q♦",
    2: "9♣ Q♣ 8♠ 9♠ Q♠ 8♥ 9♦ K♦",
    3: "J♦ K♣ A♠ 10♠ K♠ A♥ Q♥ 10♦",
}
"""The deal of the Kalter Schlag page's complete hand: seat 0 deals, seat 1 leads."""


def dealt(hands: dict[int, str], dealer: int = 0) -> kalter_schlag.State:
    """A Kalter Schlag state just after a stacked deal."""
    order = kalter_schlag.order_for(hands, dealer=dealer)
    state = kalter_schlag.new_game(seed=1, first_dealer=dealer)
    return kalter_schlag.apply(state, kalter_schlag.Deal(order=order))


def test_every_card_off_the_hand_says_where_it_lies_and_who_played_it() -> None:
    state = kalter_schlag.apply(dealt(DEAL), kalter_schlag.parse_move("play 7♣"))
    root = parse(drawing.svg(state, seat=2))
    (led,) = groups(root, "trick")
    assert (led.get("data-card"), led.get("data-seat")) == ("7♣", "1")
    playable = [g.get("data-card") for g in groups(root, "card") if g.get("data-playable")]
    assert playable == ["9♣", "Q♣"]
    assert not [
        g for g in groups(root, "card") if g.get("data-playable") and g.get("data-seat") != "2"
    ]
    # Once the trick is taken, its cards lie in the last trick, the winner named in words.
    for move in ("play 9♣", "play K♣", "play 10♣"):
        state = kalter_schlag.apply(state, kalter_schlag.parse_move(move))
    root = parse(drawing.svg(state, seat=2))
    assert [g.get("data-card") for g in groups(root, "last-trick")] == ["7♣", "9♣", "K♣", "10♣"]
    assert [g.get("data-seat") for g in groups(root, "last-trick")] == ["1", "2", "3", "0"]
    assert not groups(root, "trick")
    labels = [node.text for node in root.iter(drawing.SVG + "text")]
    assert "trick 1: seat 0 took it" in labels


def _suit_parts(picture: str, card: str) -> str:
    """The markup of one card's element, its rank and every colour erased."""
    found = re.search(rf'<g class="card" data-card="{card}".*?</g>', picture)
    assert found is not None
    markup = COLOUR_VALUE.sub("", found.group(0))
    return markup.replace(card, "").replace(f">{card[:-1]}<", "><")


@pytest.mark.parametrize("colour", [True, False])
def test_no_two_suits_differ_by_colour_alone(colour: bool) -> None:
    state = dealt(
        {
            seat: f"{low}♣ {low}♠ {low}♥ {low}♦ {high}♣ {high}♠ {high}♥ {high}♦"
            for seat, (low, high) in enumerate(["78", ["9", "10"], "JQ", "KA"])
        }
    )
    picture = drawing.svg(state, seat=0, colour=colour)
    colourless = {_suit_parts(picture, f"7{suit}") for suit in "♣♠♥♦"}
    assert len(colourless) == 4  # shapes (and, in greys, fills and patterns) tell them apart


def test_the_grey_palette_uses_greys_only_and_a_pattern_and_a_fill_for_each_suit() -> None:
    state = kalter_schlag.apply(kalter_schlag.new_game(seed=2), kalter_schlag.Deal())
    picture = drawing.svg(state, open_hands=True, colour=False)
    colours = set(COLOUR_VALUE.findall(picture))
    assert colours
    assert all(value[1:3] == value[3:5] == value[5:7] for value in colours), colours
    assert "#c8102e" in drawing.svg(state, open_hands=True)  # the default's red is gone here
    root = parse(picture)
    patterns = {p.get("id") for p in root.iter(drawing.SVG + "pattern")}
    for suit in cards.Suit:
        (example,) = [
            g for g in groups(root, "card") if g.get("data-card", "")[-1:] == suit.symbol
        ][:1]
        uses = list(example.iter(drawing.SVG + "use"))
        hrefs = {u.get("{http://www.w3.org/1999/xlink}href") for u in uses}
        assert hrefs == {f"#cardgames-p-suit-{int(suit)}"}
        hollow = {u.get("stroke") is not None for u in uses}
        assert hollow == {suit in {cards.Suit.HEARTS, cards.Suit.DIAMONDS}}
        fills = {r.get("fill") for r in example.iter(drawing.SVG + "rect")}
        assert f"url(#cardgames-p-fill-{int(suit)})" in fills
        assert f"cardgames-p-fill-{int(suit)}" in patterns


def test_a_narrow_picture_is_laid_out_for_its_width_and_a_wide_one_scaled() -> None:
    state = kalter_schlag.apply(kalter_schlag.new_game(seed=9), kalter_schlag.Deal())
    wide, narrow = parse(drawing.svg(state, seat=1)), parse(drawing.svg(state, seat=1, width=380))
    assert drawing.svg(state, seat=1) == drawing.svg(state, seat=1, width=drawing.DEFAULT_WIDTH)
    assert (wide.get("width"), narrow.get("width")) == (str(drawing.DEFAULT_WIDTH), "380")
    assert str(wide.get("viewBox")).startswith(f"0 0 {drawing.DEFAULT_WIDTH} ")
    assert str(narrow.get("viewBox")).startswith("0 0 380 ")
    # Four panels of seats take two rows in a narrow picture, so it is taller than it is scaled.
    assert float(str(narrow.get("height"))) > float(str(wide.get("height"))) * 380 / 720
    huge = parse(drawing.svg(state, seat=1, width=1440))
    assert huge.get("viewBox") == wide.get("viewBox")
    assert huge.get("height") == str(2 * int(str(wide.get("height"))))  # the same, scaled
    for seen in (wide, narrow):
        assert [g.get("data-card") for g in groups(seen, "card")] == [
            str(card) for card in kalter_schlag.view(state, 1).hand
        ]


def test_bad_arguments_are_refused_with_the_reason() -> None:
    state = kalter_schlag.apply(kalter_schlag.new_game(seed=1), kalter_schlag.Deal())
    view = kalter_schlag.view(state, 2)
    refused: list[tuple[Any, dict[str, Any], str]] = [
        ("Q♥", {}, r"^drawing.svg draws a game's view or state, not 'Q♥'$"),
        (state, {}, r"^a state is drawn for one seat \(seat=0 to 3\) or with every hand open"),
        (state, {"seat": 4}, r"seat"),
        (state, {"seat": 1, "open_hands": True}, r"^open_hands shows every seat: leave seat out$"),
        (view, {"seat": 1}, r"^this view is seat 2's, not seat 1's: leave seat out$"),
        (view, {"open_hands": True}, r"^a view holds one seat's cards only"),
        (view, {"colour": "no"}, r"^colour must be True or False, not 'no'$"),
        (view, {"open_hands": 1}, r"^open_hands must be True or False, not 1$"),
        (view, {"width": 20}, r"^width must be a number of pixels from 100 to 5000, not 20$"),
        (view, {"width": True}, r"^width must be a number of pixels"),
    ]
    for seen, options, message in refused:
        with pytest.raises(errors.RulesError, match=message):
            drawing.svg(seen, **options)
    assert drawing.svg(view, seat=2) == drawing.svg(view)
