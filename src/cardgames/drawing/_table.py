"""The table as a picture: what a view holds, laid out in bands from top to bottom.

The bands are the header, one panel per seat (its total, cards, tricks), the table (the trump
or upcard, the trick, the stock and the pile), the pools (Mariage), what is laid out (melds,
lay-offs, claims), the hands shown, and lines of text (the auction, the last hand's score).
Every band reads the view's fields by their names in the games' shared vocabulary, so a view
that has no such field draws no such band: the code names no game.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from typing import Any, Final

import attrs

from cardgames import cards, tricks, views
from cardgames.drawing import _faces as faces

AnyView = views.View[Any, Any, Any, Any]
"""Any game's view: the bands read its shared fields, and the others by name (:func:`field`)."""

WIDTH: Final = 720
"""The widest layout, in the drawing's own units: a wider picture is this one scaled up."""
NARROWEST: Final = 360
"""The narrowest layout: a narrower picture is this one scaled down."""
PANEL: Final = 136
"""The narrowest a seat's panel may be; fewer panels share a row in a narrow layout."""
MARGIN: Final = 12
GAP: Final = 18
"""The space between groups of cards on one line."""
LABEL: Final = 16
"""The height of a group's label above its cards."""
CAPTION: Final = 15
"""The height of the captions under a group's cards (who played each card of a trick)."""
RAISE: Final = 8
"""How far a card the seat may play stands up from its hand."""
PILE_SHOWN: Final = 16
"""The most cards of the discard pile drawn, the top ones: a longer pile has the rest under them."""


@attrs.frozen
class Piece:
    """One thing in a group: a card face up, a card face down (``card`` None), or a suit."""

    card: cards.Card | None
    where: str
    seat: int | None = None
    caption: str = ""
    raised: bool = False
    marked: bool = False
    suit: cards.Suit | None = None


@attrs.frozen
class Group:
    """A label over a row of pieces: side by side as they fit, or overlapping if ``tight``.

    A tight group (a meld, the pile) overlaps its cards down to their index strips even when
    there is room: its cards belong together.
    """

    label: str
    pieces: tuple[Piece, ...]
    tight: bool = False


@attrs.frozen
class Held:
    """What a drawing shows of one seat's own cards.

    Attributes:
        seat: The seat.
        hand: Its cards, or None while it has not looked at them.
        size: How many cards it holds.
        laid_aside: The cards it laid aside (a declarer's discards), if it may see them.
        due: The card it must play out of turn now, if any.
        playable: The cards of its legal moves (the seat to move's, in its own view).
    """

    seat: int
    hand: tuple[cards.Card, ...] | None
    size: int
    laid_aside: tuple[cards.Card, ...] = ()
    due: cards.Card | None = None
    playable: frozenset[cards.Card] = frozenset()


def field(view: object, name: str) -> Any:  # noqa: ANN401  # any game's field, checked by its reader
    """Return a field of the view, or None if its game's view has no such field."""
    return getattr(view, name, None)


def card_tuple(value: object) -> tuple[cards.Card, ...]:
    """Return ``value`` if it is a tuple of cards, else an empty tuple."""
    if isinstance(value, tuple) and all(isinstance(card, cards.Card) for card in value):
        return value
    return ()


def int_tuple(value: object) -> tuple[int, ...] | None:
    """Return ``value`` if it is a tuple of whole numbers, else None."""
    if isinstance(value, tuple) and all(type(item) is int for item in value):
        return value
    return None


def word(value: object) -> str:
    """Return an enum's value (a phase) or anything else as text."""
    return str(value.value) if isinstance(value, enum.Enum) else str(value)


def seats(numbers: Iterable[int]) -> str:
    """Return seats as words: ``seat 2``, ``seats 0 and 3``."""
    listed = [str(number) for number in numbers]
    if len(listed) == 1:
        return f"seat {listed[0]}"
    return f"seats {', '.join(listed[:-1])} and {listed[-1]}"


def draw(
    title: str,
    view: AnyView,
    held: Sequence[Held],
    palette: faces.Palette,
    *,
    open_hands: bool,
    width: float,
) -> tuple[str, float]:
    """Return the drawing's SVG content (without the ``<svg>`` element) and its height.

    The layout is ``width`` units wide (:data:`NARROWEST` to :data:`WIDTH`): a narrow one puts
    fewer seats' panels and groups of cards on a line, and overlaps long rows of cards more.
    """
    parts = [faces.definitions(palette)]
    y = 0.0
    for band in (
        _header(title, view, open_hands=open_hands, width=width),
        _panels(view, open_hands=open_hands, width=width),
        _flow(_table_groups(view, width), palette, width),
        _pools(view, palette, width),
        _flow(_laid_out(view, open_hands=open_hands), palette, width),
        _flow(_hands(held, open_hands=open_hands), palette, width),
        _lines(view, width),
    ):
        markup, height = band
        if height:
            parts.append(f'<g transform="translate(0 {y:g})">{markup}</g>')
            y += height
    return "".join(parts), y + MARGIN


def _header(title: str, view: AnyView, *, open_hands: bool, width: float) -> tuple[str, float]:
    """Return the title line: the game, the hand, the phase, whose move it is."""
    where = [title]
    if view.hand_number:
        where.append(f"hand {view.hand_number}")
    if not view.over:
        where.append(word(view.phase))
    if view.over:
        status = "match over"
    elif view.current_player == view.seat and not open_hands:
        status = f"your move (seat {view.seat})"
    else:
        status = f"seat {view.current_player} to move"
    heading = " · ".join(where)
    below = faces.text_width(heading, 16) + faces.text_width(status, 13) + 24 > width - 2 * MARGIN
    return (
        faces.label(MARGIN, 26, heading, size=16, bold=True, fill=faces.INK)
        + faces.label(
            width - MARGIN, 46 if below else 26, status, size=13, anchor="end", fill=faces.INK
        ),
        58.0 if below else 38.0,
    )


def _badges(view: AnyView, seat: int) -> list[str]:
    """Return the short public facts about a seat: dealer, to move, doubled, declarer."""
    found = []
    if view.dealer == seat:
        found.append("dealer")
    if view.current_player == seat and not view.over:
        found.append("▶ to move")
    if seat in (field(view, "doubles") or ()):
        found.append("doubled")
    if field(view, "declarer") == seat:
        found.append("declarer")
    if field(view, "knocker") == seat:
        found.append("knocked")
    looked = field(view, "looked")
    if isinstance(looked, tuple) and view.hand_sizes[seat] and not looked[seat]:
        found.append("not looked")
    if seat in view.winners:
        found.append("won")
    if seat in view.losers:
        found.append("lost")
    return found


def _panels(view: AnyView, *, open_hands: bool, width: float) -> tuple[str, float]:
    """Return one panel per seat, up to five a row: its name, facts, total and counts."""
    fit = int((width - 2 * MARGIN + 8) // (PANEL + 8))
    per_row = max(1, min(view.players, 5, fit))
    rows = -(-view.players // per_row)
    per_row = -(-view.players // rows)  # as many in each row as can be
    width = (width - 2 * MARGIN - (per_row - 1) * 8) / per_row
    height = 70
    balances = int_tuple(field(view, "balances"))
    taken = int_tuple(field(view, "tricks_taken"))
    points = int_tuple(field(view, "points_taken"))
    won = int_tuple(field(view, "hands_won"))
    parts = []
    for seat in range(view.players):
        x = MARGIN + (seat % per_row) * (width + 8)
        y = 4 + (seat // per_row) * (height + 8)
        to_move = view.current_player == seat and not view.over
        name = f"seat {seat}" + (" (you)" if seat == view.seat and not open_hands else "")
        total = f"total {view.totals[seat]}"
        if balances is not None:
            total = f"chips {balances[seat]} · net {view.totals[seat]:+d}"
        counts = [f"{view.hand_sizes[seat]} cards"]
        if taken is not None:
            counts.append(f"{taken[seat]} tricks")
        if points is not None:
            counts.append(f"{points[seat]} pts")
        if won is not None:
            counts.append(f"{won[seat]} won")
        parts.append(
            f'<g class="seat" data-seat="{seat}">'
            f'<rect x="{x:g}" y="{y}" width="{width:g}" height="{height}" rx="6" fill="#f4f4f4" '
            f'stroke="{_edge(to_move)}" stroke-width="{3 if to_move else 1}"/>'
            + faces.label(x + 8, y + 17, name, size=13, bold=True, fill=faces.INK)
            + faces.label(x + 8, y + 33, " · ".join(_badges(view, seat)), size=11)
            + faces.label(x + 8, y + 49, total, size=12, fill=faces.INK)
            + faces.label(x + 8, y + 63, " · ".join(counts), size=11)
            + "</g>"
        )
    return "".join(parts), rows * (height + 8) + 4


def _edge(strong: bool) -> str:
    """Return the edge colour of a seat's panel: dark for the seat to move."""
    return faces.INK if strong else "#b5b5b5"


def _trick(view: AnyView) -> Group | None:
    """Return the trick on the table, or else the last finished one, with who played what."""
    finished = field(view, "tricks") or ()
    trick = field(view, "trick")
    if isinstance(trick, tricks.Trick) and trick.plays:
        label, where = f"trick {len(finished) + 1}", "trick"
    elif finished and isinstance(finished[-1], tricks.Trick):
        trick = finished[-1]
        label, where = f"trick {len(finished)}: seat {trick.winner} took it", "last-trick"
    else:
        return None
    return Group(
        label,
        tuple(
            Piece(card, where, seat, caption=f"seat {seat}", marked=seat == trick.winner)
            for seat, card in trick.plays
        ),
    )


def _table_groups(view: AnyView, width: float) -> list[Group]:
    """Return what lies in the middle of the table: trump or upcard, trick, stock, pile."""
    groups = []
    trump = field(view, "trump")
    if isinstance(trump, cards.Card):
        groups.append(Group("trump card", (Piece(trump, "trump"),)))
    elif isinstance(trump, cards.Suit):
        groups.append(Group("trumps", (Piece(None, "trump", suit=trump),)))
    upcard = field(view, "upcard")
    if isinstance(upcard, cards.Card):
        limit = field(view, "knock_limit")
        label = "upcard" + (f", knock at {limit} or less" if limit is not None else "")
        label += ", doubled" if field(view, "doubled") else ""
        groups.append(Group(label, (Piece(upcard, "upcard"),)))
    trick = _trick(view)
    if trick is not None:
        groups.append(trick)
    stock = field(view, "stock_size")
    if type(stock) is int and stock:
        groups.append(Group("stock", (Piece(None, "stock", caption=f"{stock} cards"),)))
    pile = card_tuple(field(view, "pile"))
    if pile:
        room = int((width - 2 * MARGIN - faces.CARD_WIDTH) // faces.INDEX_WIDTH) + 1
        shown = pile[-min(PILE_SHOWN, room) :]
        below = f", {len(pile) - len(shown)} more under them" if len(shown) < len(pile) else ""
        groups.append(
            Group(
                f"discard pile, top last ({len(pile)} cards{below})",
                tuple(Piece(card, "pile") for card in shown),
                tight=True,
            )
        )
    return groups


def _laid_out(view: AnyView, *, open_hands: bool) -> list[Group]:
    """Return what players have shown: melds, lay-offs, deadwood, claims, cards known taken."""
    groups = []
    declarer = field(view, "declarer")
    for meld in field(view, "melds") or ():
        shown = card_tuple(getattr(meld, "cards", None))
        groups.append(Group(f"seat {declarer}'s meld", _row(shown, "meld", declarer), tight=True))
    knocker = field(view, "knocker")
    layout = field(view, "knocker_layout")
    if layout is not None and knocker is not None:
        for number, meld in enumerate(layout.melds, start=1):
            groups.append(
                Group(
                    f"meld {number}, seat {knocker}", _row(meld.cards, "meld", knocker), tight=True
                )
            )
        groups.append(
            Group(
                f"seat {knocker}'s deadwood, count {layout.count}",
                _row(layout.deadwood, "deadwood", knocker),
                tight=True,
            )
        )
    defence = field(view, "defence")
    if defence is not None and knocker is not None:
        defender = (knocker + 1) % view.players
        groups.extend(
            Group(f"seat {defender}'s meld", _row(meld.cards, "meld", defender), tight=True)
            for meld in defence.melds
        )
        if defence.layoffs:
            groups.append(
                Group(
                    f"seat {defender} lays off",
                    tuple(
                        Piece(card, "layoff", defender, caption=f"on meld {target + 1}")
                        for card, target in defence.layoffs
                    ),
                )
            )
        groups.append(
            Group(
                f"seat {defender}'s deadwood, count {defence.count}",
                _row(defence.deadwood, "deadwood", defender),
                tight=True,
            )
        )
    for seat, claim in field(view, "claims") or ():
        label = f"seat {seat} claims {claim.pool.numeral} ({claim.pool.word})"
        groups.append(Group(label, _row(claim.cards, "claim", seat)))
    for seat, known in enumerate(field(view, "known") or ()):
        if known and not open_hands and seat != view.seat:
            groups.append(Group(f"seat {seat} took from the pile", _row(known, "known", seat)))
    return groups


def _row(shown: Iterable[cards.Card], where: str, seat: int | None) -> tuple[Piece, ...]:
    """Return cards face up, all lying in one place."""
    return tuple(Piece(card, where, seat) for card in shown)


def _hands(held: Sequence[Held], *, open_hands: bool) -> list[Group]:
    """Return the hands shown: the view's seat's, or every seat's with the hands open."""
    groups = []
    for mine in held:
        owner = f"seat {mine.seat}'s hand" if open_hands else f"your hand (seat {mine.seat})"
        if mine.hand is None:
            backs = tuple(Piece(None, "back", mine.seat) for _ in range(mine.size))
            groups.append(Group(f"{owner}: not looked at yet", backs))
        else:
            due = f": play {mine.due} now, on her king" if mine.due is not None else ""
            groups.append(
                Group(
                    owner + due,
                    tuple(
                        Piece(card, "card", mine.seat, raised=card in mine.playable)
                        for card in mine.hand
                    ),
                )
            )
        if mine.laid_aside:
            groups.append(Group("laid aside", _row(mine.laid_aside, "discard", mine.seat)))
    return groups


def _group_width(group: Group, width: float) -> tuple[float, float]:
    """Return a group's card step and its width (the wider of its cards and its label)."""
    room = width - 2 * MARGIN
    count = len(group.pieces)
    captions = any(piece.caption for piece in group.pieces)
    step = faces.step_for(count, room, widest=faces.CARD_WIDTH + (14 if captions else 4))
    if group.tight:
        step = min(step, faces.INDEX_WIDTH + 8)
    return step, max(faces.row_width(count, step), faces.text_width(group.label, 12))


def _flow(groups: Sequence[Group], palette: faces.Palette, room: float) -> tuple[str, float]:
    """Return groups laid left to right, a new line when the next does not fit, and the height."""
    if not groups:
        return "", 0.0
    parts = []
    x, y, line = float(MARGIN), 6.0, 0.0
    for group in groups:
        step, width = _group_width(group, room)
        raised = any(piece.raised for piece in group.pieces)
        height = LABEL + faces.CARD_HEIGHT + (RAISE if raised else 0) + 8
        height += CAPTION if any(piece.caption for piece in group.pieces) else 0
        if x > MARGIN and x + width > room - MARGIN:
            x, y, line = float(MARGIN), y + line, 0.0
        parts.append(faces.label(x, y + 12, group.label))
        top = y + LABEL + (RAISE if raised else 0)
        for place, piece in enumerate(group.pieces):
            parts.append(_piece(piece, x + place * step, top, palette))
        x += width + GAP
        line = max(line, height)
    return "".join(parts), y + line


def _piece(piece: Piece, x: float, y: float, palette: faces.Palette) -> str:
    """Return one piece of a group at (``x``, ``y``), its caption under it."""
    if piece.suit is not None:
        drawn = (
            f"<g class={faces.attr(piece.where)} data-suit={faces.attr(piece.suit)} "
            f'transform="translate({x:g} {y:g})"><title>{faces.text(piece.suit)}</title>'
            f'<rect x="0.5" y="0.5" width="{faces.CARD_WIDTH - 1}" height="{faces.CARD_HEIGHT - 1}"'
            f' rx="5" fill="#f4f4f4" stroke="{faces.INK}"/>'
            f"{faces.suit_symbol(piece.suit, 7, 17, 34, palette)}</g>"
        )
    elif piece.card is None:
        drawn = faces.card_back(x, y, palette, where=piece.where)
    else:
        extra = ' data-playable="true"' if piece.raised else ""
        lift = RAISE if piece.raised else 0
        drawn = faces.card_face(
            piece.card, x, y - lift, palette, where=piece.where, seat=piece.seat, extra=extra
        )
        if piece.marked:
            drawn += (
                f'<rect x="{x - 2:g}" y="{y - 2:g}" width="{faces.CARD_WIDTH + 4}" '
                f'height="{faces.CARD_HEIGHT + 4}" rx="7" fill="none" stroke="{palette.accent}" '
                'stroke-width="3"/>'
            )
    if piece.caption:
        drawn += faces.label(
            x + faces.CARD_WIDTH / 2,
            y + faces.CARD_HEIGHT + 13,
            piece.caption,
            size=11,
            bold=piece.marked,
            anchor="middle",
            fill=faces.INK if piece.marked else faces.MUTED,
        )
    return drawn


def _pools(view: AnyView, palette: faces.Palette, room: float) -> tuple[str, float]:
    """Return the pools of chips, each with its content and who took it."""
    pools = int_tuple(field(view, "pools"))
    if not pools:
        return "", 0.0
    won = field(view, "pools_won") or ()
    count = len(pools)
    per_row = count if room >= WIDTH / 2 + 120 else -(-count // 2)
    width = (room - 2 * MARGIN - (per_row - 1) * 8) / per_row
    parts = [faces.label(MARGIN, 14, "pools")]
    for place, chips in enumerate(pools):
        x = MARGIN + place % per_row * (width + 8)
        y = 20 + place // per_row * 54
        taker = won[place] if place < len(won) else None
        parts.append(
            f'<g class="pool" data-pool="{place + 1}" data-chips="{chips}">'
            f'<rect x="{x:g}" y="{y}" width="{width:g}" height="46" rx="6" fill="#f4f4f4" '
            f'stroke="#b5b5b5"/>'
            + faces.label(x + 8, y + 18, _NUMERALS[place], size=14, bold=True, fill=faces.INK)
            + faces.chip(x + 15, y + 33, palette)
            + faces.label(x + 26, y + 37, f"{chips}", size=13, fill=faces.INK)
            + (
                faces.label(x + width - 6, y + 17, f"seat {taker}", size=11, anchor="end")
                if taker is not None
                else ""
            )
            + "</g>"
        )
    return "".join(parts), 18 + 54 * -(-count // per_row) + 4.0


_NUMERALS: Final = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X")


def _lines(view: AnyView, width: float) -> tuple[str, float]:
    """Return lines of text: the auction and contract, and the last hand's score."""
    said = []
    auction = field(view, "auction")
    if auction:
        said.append("auction: " + " · ".join(f"seat {seat} {call}" for seat, call in auction))
    bid = field(view, "bid")
    declarer = field(view, "declarer")
    if declarer is not None and bid:
        stock = ", without the stock" if field(view, "without_stock") else ""
        stoek = ", Stoek announced" if field(view, "stoek") else ""
        said.append(f"contract: bid {bid}, seat {declarer} declares{stock}{stoek}")
    last = view.last_hand
    if last is not None:
        said.append(f"last hand: {last.explanation}")
    if view.over:
        won = seats(view.winners) if view.winners else "nobody"
        said.append(
            f"match over: won by {won}" + (f", lost by {seats(view.losers)}" if view.losers else "")
        )
    lines = [line for text in said for line in faces.wrap(text, width - 2 * MARGIN, 12)]
    parts = [
        faces.label(MARGIN, 16 + 17 * place, line, fill=faces.INK)
        for place, line in enumerate(lines)
    ]
    return "".join(parts), (17 * len(lines) + 8.0) if lines else 0.0
