"""Pictures of the table: any game's view, or a state with every hand open, as SVG text.

:func:`svg` draws what a seat sees: its hand (the cards it may play stand up), the trick on the
table with the seat that played each card (or the last trick and who took it), the trump or the
upcard, the stock and the discard pile, what players have laid out (melds, lay-offs, deadwood,
claims), the pools of chips, one panel per seat with its total, cards and tricks, and the
auction and the last hand's score in words. Every card is drawn here from SVG primitives
(rounded rectangles, text, and paths for the suit symbols); nothing is downloaded or read from
a file, and the same arguments always give the same text.

The four suits differ by shape in every picture. ``colour=False`` draws in greys only, for
readers who tell red from black poorly and for printing: clubs and spades are solid, hearts and
diamonds hollow, and each suit has a pattern of its own behind its large symbol.

Each game's view has ``_repr_svg_`` (so a notebook shows a view as its picture), and each
game's state too, drawn with every hand open.

**The picture's elements** (what a front end may rely on, e.g. to make cards clickable):

* The root ``<svg>`` has ``class="cardgames-table"``, ``data-game`` (the registry name) and,
  for one seat's picture, ``data-seat``.
* Every card of the hand shown is ``<g class="card" data-card="Q♥" data-seat="1">``: its
  ``data-card`` is the card's text, which :meth:`cardgames.cards.Card.parse` reads back, and
  ``data-seat`` its holder. A card of the seat to move's legal moves (``Play``, ``Discard`` …)
  also has ``data-playable="true"``. With every hand open, each seat's hand is drawn so.
* Every other card face up is a ``<g>`` with a ``data-card`` too, whose ``class`` says where
  it lies: ``trick`` (the trick being played; ``data-seat`` is the seat that played it),
  ``last-trick`` (the last finished trick), ``trump`` (the card turned for trump),
  ``upcard``, ``pile`` (the discard pile, bottom first), ``meld``, ``deadwood``, ``layoff``,
  ``claim`` (a pool claimed, with the cards shown), ``known`` (cards another seat took from
  the pile), ``discard`` (the cards the seat itself laid aside). A card face down is a
  ``<g class="back">`` or ``<g class="stock">`` with no ``data-card``; a trump suit is
  ``<g class="trump" data-suit="♥">``.
* Each seat's panel is ``<g class="seat" data-seat="N">``; each pool ``<g class="pool"
  data-pool="N" data-chips="C">``.

A view's picture shows only what the view holds, so it tells no more than the view does.

Example:
    A notebook shows a view as its picture; the picture is well-formed XML, and the hand's
    cards are its ``card`` elements:

    >>> import xml.etree.ElementTree as ET
    >>> from cardgames import drawing, kalter_schlag
    >>> state = kalter_schlag.new_game(seed=1, first_dealer=0)
    >>> state = kalter_schlag.apply(state, kalter_schlag.Deal())
    >>> view = kalter_schlag.view(state, 1)
    >>> picture = view._repr_svg_()
    >>> picture[:4], picture == drawing.svg(view)
    ('<svg', True)
    >>> root = ET.fromstring(picture)
    >>> root.get("class"), root.get("data-game"), root.get("data-seat")
    ('cardgames-table', 'kalter-schlag', '1')
    >>> shown = [
    ...     g.get("data-card") for g in root.iter(drawing.SVG + "g") if g.get("class") == "card"
    ... ]
    >>> shown == [str(card) for card in view.hand]
    True
"""

from __future__ import annotations

import importlib
import math
from typing import Any, Final

import cardgames
from cardgames import arguments, cards, errors, game
from cardgames.drawing import _faces as faces
from cardgames.drawing import _table as table

__all__ = ["DEFAULT_WIDTH", "SVG", "svg"]

DEFAULT_WIDTH: Final = table.WIDTH
"""The width of a picture in pixels unless ``svg`` is told otherwise: 720."""

SVG: Final = "{http://www.w3.org/2000/svg}"
"""The SVG namespace as ``xml.etree.ElementTree`` spells it in tags, e.g. ``SVG + "g"``."""

_WIDEST: Final = 5000
_NARROWEST: Final = 100


def svg(
    seen: object,
    *,
    seat: int | None = None,
    open_hands: bool = False,
    colour: bool = True,
    width: float = DEFAULT_WIDTH,
) -> str:
    """Return a picture of the table as SVG text: a seat's view, or a state.

    Args:
        seen: A game's view (what its seat sees), or a game's state: drawn for ``seat`` (the
            picture of that seat's view, exactly), or with every hand open.
        seat: With a state, the seat whose view to draw. With a view, None (or the view's own
            seat).
        open_hands: With a state and no seat, draw every seat's hand face up (a replay, a
            notebook); the public facts are the seat to move's view's.
        colour: False for greys only; the suits still differ by shape, fill and pattern.
        width: The picture's width in pixels (100 to 5000); its height follows. From 360 to 720
            the table is laid out for that width (a narrow picture puts fewer seats and cards on
            a line, so that its text stays as large); outside it, one of those is scaled.

    Returns:
        An ``<svg>`` element, well-formed XML (see the module's description of its elements).

    Raises:
        RulesError: If ``seen`` is no game's view or state, ``seat`` is not one of its seats,
            a view is given another seat or ``open_hands``, a state neither a seat nor
            ``open_hands``, or an option is not of its kind.

    Example:
        >>> from cardgames import drawing, gin_rummy
        >>> state = gin_rummy.apply(gin_rummy.new_game(seed=4), gin_rummy.Deal())
        >>> drawing.svg(state, seat=0) == drawing.svg(gin_rummy.view(state, 0))
        True
        >>> drawing.svg(state)
        Traceback (most recent call last):
        ...
        cardgames.errors.RulesError: a state is drawn for one seat (seat=0 to 1) or with every ...
    """
    _check_option(open_hands, "open_hands")
    _check_option(colour, "colour")
    if type(width) not in {int, float} or not _NARROWEST <= width <= _WIDEST:
        raise errors.RulesError(
            f"width must be a number of pixels from {_NARROWEST} to {_WIDEST}, "
            f"not {errors.quote(width)}"
        )
    entry, is_state = _game_of(seen)
    state: Any = seen
    if not is_state:
        view: Any = seen
        if open_hands:
            raise errors.RulesError(
                "a view holds one seat's cards only: draw a state with open_hands=True"
            )
        if seat is not None and (type(seat) is not int or seat != view.seat):
            raise errors.RulesError(
                f"this view is seat {view.seat}'s, not seat {errors.quote(seat)}'s: leave seat out"
            )
        held: tuple[table.Held, ...] = (_held(view),)
    elif open_hands:
        if seat is not None:
            raise errors.RulesError("open_hands shows every seat: leave seat out")
        every = [entry.view(state, place) for place in range(state.players)]
        mover = entry.current_player(state)
        view = every[0 if mover is None else mover]
        held = tuple(_held(one, state) for one in every)
    else:
        if seat is None:
            raise errors.RulesError(
                f"a state is drawn for one seat (seat=0 to {state.players - 1}) "
                "or with every hand open (open_hands=True)"
            )
        view = entry.view(state, arguments.check_seat(seat, state.players))
        held = (_held(view),)
    return _picture(entry, view, held, colour=colour, width=width, open_hands=open_hands)


def _check_option(value: object, name: str) -> None:
    """Refuse an on/off option that is not a bool."""
    if type(value) is not bool:
        raise errors.RulesError(f"{name} must be True or False, not {errors.quote(value)}")


def _game_of(seen: object) -> tuple[game.AnyGame, bool]:
    """Return the game whose view or state ``seen`` is, and whether it is a state."""
    for name in cardgames.GAMES:
        entry = cardgames.GAMES[name]
        if type(seen) is entry.view_type:
            return entry, False
        if type(seen) is importlib.import_module(entry.module).ABOUT.state_type:
            return entry, True
    raise errors.RulesError(f"drawing.svg draws a game's view or state, not {errors.quote(seen)}")


def _held(view: Any, state: object = None) -> table.Held:  # noqa: ANN401  # any game's view
    """Return what a view shows of its own seat's cards, or with ``state`` what it holds.

    A seat's view may hide its hand from itself (a Staekske Rape player who has not looked):
    with every hand open, the state's own record of the hand is shown instead.
    """
    hand = view.hand
    stored = getattr(state, "hands", None)
    if hand is None and isinstance(stored, tuple) and type(stored[view.seat]) is int:
        hand = tuple(cards.cards_in(stored[view.seat]))
    due = table.field(view, "queen_due")
    return table.Held(
        seat=view.seat,
        hand=None if hand is None else table.card_tuple(hand),
        size=view.hand_sizes[view.seat],
        laid_aside=table.card_tuple(table.field(view, "discards")),
        due=due if isinstance(due, cards.Card) else None,
        playable=frozenset(
            card
            for move in view.legal_moves
            if isinstance(card := getattr(move, "card", None), cards.Card)
        ),
    )


def _picture(
    entry: game.AnyGame,
    view: Any,  # noqa: ANN401  # any game's view
    held: tuple[table.Held, ...],
    *,
    colour: bool,
    width: float,
    open_hands: bool,
) -> str:
    """Return the ``<svg>`` element around the table's drawing."""
    palette = faces.COLOUR if colour else faces.PLAIN
    layout = min(max(width, table.NARROWEST), table.WIDTH)
    content, height = table.draw(
        entry.title, view, held, palette, open_hands=open_hands, width=layout
    )
    whose = "every hand open" if open_hands else f"seat {view.seat}'s view"
    seat = "" if open_hands else f' data-seat="{view.seat}"'
    scaled = math.ceil(height * width / layout)
    title = f"{entry.title}, {whose}"
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        f'class="cardgames-table" data-game="{entry.name}"{seat} '
        f'width="{width:g}" height="{scaled}" viewBox="0 0 {layout:g} {height:g}" '
        f'font-family="{faces.FONT}" role="img" aria-label={faces.attr(title)}>'
        f"<title>{faces.text(title)}</title>"
        f'<rect width="{layout:g}" height="{height:g}" rx="8" fill="#fafafa"/>'
        f"{content}</svg>"
    )
