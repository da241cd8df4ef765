"""A game's entry: its facts, its engine's functions, and what every game adds to them.

Internal to :mod:`cardgames.game`, which publishes :class:`Game`: a frozen value that bundles a
game's engine functions with its names and types, and adds what is the same for every game:
:meth:`Game.is_legal`, :meth:`Game.replay` and the learning surface (the legal mask, actions
and moves, the observation and its layout), whose workings it inherits from
:class:`cardgames.game._learning.LearningSurface`.
"""

from __future__ import annotations

import types
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Generic, TypeVar, cast, overload

import attrs

from cardgames import about, cards, dealing, errors, moves, protocols
from cardgames.game import _learning as learning

__all__ = ["Game"]

BufferT = TypeVar("BufferT", bound=protocols.IntBuffer)
RulesT = TypeVar("RulesT")
StateT = TypeVar("StateT")
MoveT = TypeVar("MoveT")
ViewT = TypeVar("ViewT")
ScoreT = TypeVar("ScoreT")
for _each in (BufferT, RulesT, StateT, MoveT, ViewT, ScoreT):
    _each.__module__ = "cardgames.game"  # the API page prints them as game.Game's, as before
del _each


def _read_only(value: Mapping[str, Callable[[], Any]]) -> Mapping[str, Callable[[], Any]]:
    """Return a mapping that cannot be changed (a view of a copy)."""
    return types.MappingProxyType(dict(value))


@attrs.frozen
class Game(
    learning.LearningSurface[RulesT, StateT, MoveT, ViewT],
    Generic[RulesT, StateT, MoveT, ViewT, ScoreT],
):
    """A game's entry in the registry: its names, its facts, and its engine's functions.

    Each game package builds its ``GAME`` from its engine's functions and registers it. The
    fields hold those functions, so ``GAME.apply(state, move)`` is the package's ``apply``; the
    methods are the same for every game. The type parameters are the game's ``Rules``,
    ``State``, move union, ``View`` and ``Score`` types, and mypy checks each function against
    the shared signature where the entry is built.

    Attributes:
        name: The registry key, e.g. ``"kalter-schlag"`` (``GAMES`` also accepts
            ``"kalter_schlag"``, the module's spelling).
        title: The game's name for people, e.g. ``"Kalter Schlag"``.
        players: The numbers of seats the game can be played with; the first is the usual one.
        rules_type: The game's ``Rules`` class: ``GAME.rules_type(max_hands=10)`` builds options.
        max_hand_moves: ``max_hand_moves(rules, players)``: no hand of a match with these rules
            and seats takes more moves than this (its deal included): a bound for simulations
            and for buffers sized in advance.
        pack: ``pack(rules, players)``: the cards such a match is played with, in card order.
        new_game: Start a match in its first hand's deal phase (see each game's ``new_game``).
        current_player: The seat to move, or None when the match is over.
        legal_moves: The moves the seat to move may make, in the game's documented order.
        apply: The state after a move; raises IllegalMoveError if it is not legal.
        is_over: Whether the match has ended.
        score: The score sheet so far.
        returns: Each seat's result so far, the higher the better, in every game: what a
            learner maximises (each game's ``returns`` says what it is made of: Kalter Schlag's
            penalty totals negated, gin's points against the other's, Staekske Rape's game
            points, Mariage's net chips).
        hand_returns: Each finished hand's result per seat, the higher the better.
        view: What a seat may know: ``view(state, seat)``.
        parse_move: Read a move from its text form.
        narrate: A line of public commentary on a move (a finished trick, a bid), or None; it
            tells only what every seat saw, so a server may broadcast it.
        encoding: The game's :class:`~cardgames.protocols.Encoding` for learning agents,
            behind :meth:`legal_mask`, :meth:`move_to_index`, :meth:`index_to_move` and
            :meth:`observation`.
        view_type: The game's ``View`` class: the learning surface takes a view where it takes
            a state (an agent is given a view). None for an entry built without one.
        bots: The game's own agents by name (``"rule"``: its rule-based agent), each a class to
            call with no arguments; :func:`cardgames.agents.by_name` adds the generic ones.
    """

    name: str
    title: str
    players: tuple[int, ...]
    rules_type: type[RulesT]
    max_hand_moves: Callable[[RulesT, int], int]
    pack: Callable[[RulesT, int], tuple[cards.Card, ...]]
    new_game: protocols.NewGame[RulesT, StateT]
    current_player: Callable[[StateT], int | None]
    legal_moves: Callable[[StateT], tuple[MoveT, ...]]
    apply: protocols.Apply[StateT, MoveT]
    is_over: Callable[[StateT], bool]
    score: Callable[[StateT], ScoreT]
    returns: Callable[[StateT], tuple[int, ...]]
    hand_returns: Callable[[StateT], tuple[tuple[int, ...], ...]]
    view: Callable[[StateT, int], ViewT]
    parse_move: Callable[[str], MoveT]
    narrate: Callable[[StateT, MoveT, StateT], str | None]
    encoding: protocols.Encoding[RulesT, StateT, MoveT, ViewT] | None = None
    view_type: type[ViewT] | None = None
    bots: Mapping[str, Callable[[], Any]] = attrs.field(
        factory=lambda: types.MappingProxyType({}), converter=_read_only
    )

    @classmethod
    def of(
        cls,
        engine: protocols.Engine[RulesT, StateT, MoveT, ViewT, ScoreT],
        facts: about.About[RulesT, StateT],
        *,
        encoding: protocols.Encoding[RulesT, StateT, MoveT, ViewT] | None = None,
        bots: Mapping[str, Callable[[], Any]] | None = None,
    ) -> Game[RulesT, StateT, MoveT, ViewT, ScoreT]:
        """Return the entry of a game whose functions are those of its engine module.

        A game package's ``GAME`` is one call: ``game.register(game.Game.of(engine, ABOUT))``,
        the names, the player counts and the ``Rules`` read from the game's facts. Mypy checks
        the module's functions against :class:`~cardgames.protocols.Engine` there, and their
        types against those of the facts.

        Raises:
            RulesError: If ``facts`` is not an :class:`~cardgames.about.About`.
        """
        if not isinstance(facts, about.About):
            raise errors.RulesError(f"facts must be an About, not {errors.quote(facts)}")
        return cls(
            name=facts.name,
            title=facts.title,
            players=facts.players,
            rules_type=facts.rules_type,
            max_hand_moves=engine.max_hand_moves,
            pack=engine.pack,
            new_game=engine.new_game,
            current_player=engine.current_player,
            legal_moves=engine.legal_moves,
            apply=engine.apply,
            is_over=engine.is_over,
            score=engine.score,
            returns=engine.returns,
            hand_returns=engine.hand_returns,
            view=engine.view,
            parse_move=engine.parse_move,
            narrate=engine.narrate,
            encoding=encoding,
            view_type=facts.view_type,
            bots=types.MappingProxyType(dict(bots or {})),
        )

    @property
    def module(self) -> str:
        """The game's module, e.g. ``"cardgames.kalter_schlag"``."""
        return "cardgames." + self.name.replace("-", "_")

    def is_legal(self, state: StateT, move: object, *, seat: int | None = None) -> bool:
        """Return whether ``apply(state, move, seat=seat)`` would succeed (stacked deals included).

        It answers False for anything that is not a legal move of the game; it never raises an
        :class:`~cardgames.errors.IllegalMoveError`. With ``seat`` (a server passes the seat of
        the connection) it answers for that seat: False when another seat is to move, and False
        for a stacked deal, which no player may make. Moves that only the table may record
        (Mariage's ``Misdeal`` and ``DealOutOfTurn``) are legal without a seat, never with one.

        Raises:
            RulesError: If ``state`` is not a state of the game, or ``seat`` is neither a seat
                number nor None (as for ``apply``).

        Example:
            >>> from cardgames import kalter_schlag
            >>> state = kalter_schlag.new_game(seed=1, first_dealer=0)
            >>> kalter_schlag.is_legal(state, kalter_schlag.Deal())
            True
            >>> kalter_schlag.is_legal(state, kalter_schlag.Deal(), seat=0)
            True
            >>> kalter_schlag.is_legal(state, kalter_schlag.Deal(), seat=1)  # seat 0 deals
            False
            >>> kalter_schlag.is_legal(state, "deal")  # text is not a move: parse_move reads it
            False
        """
        try:
            self.apply(state, move, seat=seat)  # type: ignore[arg-type]  # apply refuses non-moves
        except errors.IllegalMoveError:
            return False
        return True

    def replay(
        self,
        rules: RulesT | None,
        seed: int,
        moves: Iterable[MoveT | str],
        *,
        players: int,
        first_dealer: int,
    ) -> StateT:
        """Return the state reached by applying ``moves`` (moves or their text) to a new match.

        Every fact of the match is required, the seat count and the first dealer included: left
        out, the seed alone could draw another first dealer and silently rebuild another match.
        :func:`cardgames.codec.record` keeps them all in one value.

        Args:
            rules: The match's options (``state.rules``), None for the defaults.
            seed: The match's seed (``state.seed``).
            moves: The moves (``state.moves``), as moves or their text (a recorded stacked
                deal's text included: this is a trusted record, not a client's text).
            players: The number of seats (``state.players``).
            first_dealer: The seat that dealt first (``state.first_dealer``).

        Raises:
            IllegalMoveError: If a move is illegal where it comes (or is not a move at all);
                the message starts with the move's place and text (``moves[12]: 'deal': ...``).
            MoveParseError: If a move text does not parse; the message starts with its place.
            RulesError: If ``seed``, ``players`` or ``first_dealer`` is not a whole number
                (None included: a replay needs the match's own), ``moves`` is not a sequence of
                moves, or an option is bad (as for ``new_game``).

        Example:
            >>> from cardgames import kalter_schlag
            >>> state = kalter_schlag.new_game(seed=5, first_dealer=2)
            >>> for _ in range(6):
            ...     state = kalter_schlag.apply(state, kalter_schlag.legal_moves(state)[-1])
            >>> again = kalter_schlag.replay(
            ...     state.rules, state.seed, state.moves, players=4, first_dealer=state.first_dealer
            ... )
            >>> again == state
            True
        """
        dealing.check_seed(seed)
        for name, value in (("players", players), ("first_dealer", first_dealer)):
            if type(value) is not int:
                raise errors.RulesError(
                    f"replay needs the match's own {name} (state.{name}), a whole number, "
                    f"not {errors.quote(value)}: without it another match could be rebuilt"
                )
        if isinstance(moves, str | Mapping) or not isinstance(moves, Iterable):
            raise errors.RulesError(
                f"moves must be a sequence of moves or move texts, not {errors.quote(moves)}"
            )
        current = self.new_game(rules, seed=seed, players=players, first_dealer=first_dealer)
        for place, move in enumerate(moves):
            where = f"moves[{place}]"
            try:
                current = self.apply(
                    current, self.parse_recorded(move) if isinstance(move, str) else move
                )
            except errors.IllegalMoveError as error:
                raise type(error)(
                    f"{where}: {errors.quote(str(move))}: {error.reason}",
                    move=error.move,
                    seat=error.seat,
                ) from None
            except (errors.MoveParseError, errors.CardParseError) as error:
                raise type(error)(f"{where}: {error}") from None
        return current

    def parse_recorded(self, text: str) -> MoveT:
        """Read a move of a trusted record: as ``parse_move`` does, and a stacked deal's text too.

        Never call it on a client's text: a stacked deal chooses every hand (see
        :meth:`cardgames.moves.Deal.parse_recorded`).

        Raises:
            MoveParseError: If the text is no move of the game.
            CardParseError: If a card in it does not parse.
        """
        verb, rest = moves.split(text)
        if verb == "deal" and rest:
            return moves.Deal.parse_recorded(text)  # type: ignore[return-value]  # every game's
        return self.parse_move(text)

    @property
    def num_moves(self) -> int:
        """How many distinct actions the game's encoding has (the length of a legal mask).

        Raises:
            RulesError: If the game has no encoding.
        """
        return self._encoding().NUM_MOVES

    def layout(
        self, rules: RulesT | None = None, players: int | None = None
    ) -> tuple[protocols.Block, ...]:
        """Return the blocks of every observation of a match with these rules and seats.

        Each block says where it lies, what it holds and the least and greatest value of its
        ints (:func:`cardgames.protocols.bounds` lists them int by int, for an observation
        space).

        Args:
            rules: The match's options; None for the defaults.
            players: The number of seats; None for the usual number (the first of
                :attr:`players`).

        Raises:
            RulesError: If the game has no encoding, the rules are not the game's, or
                ``players`` is not a player count of the game.

        Example:
            >>> import cardgames
            >>> blocks = cardgames.GAMES["kalter-schlag"].layout()
            >>> [(block.name, block.low, block.high) for block in blocks[-5:-2]]
            [('points taken', 0, 120), ('totals', 0, None), ('target', 1, None)]
        """
        return self._encoding().layout(rules, self._players(players))

    def observation_size(self, rules: RulesT | None = None, players: int | None = None) -> int:
        """Return the length of every observation of a match with these rules and seats.

        It is the length of :meth:`observation`'s result; ``num_moves`` is the length of
        :meth:`legal_mask`'s, the same for every match of the game.

        Args:
            rules: The match's options; None for the defaults.
            players: The number of seats; None for the usual number.

        Raises:
            RulesError: If the game has no encoding, the rules are not the game's, or
                ``players`` is not a player count of the game.

        Example:
            >>> import cardgames
            >>> cardgames.GAMES["mariage"].observation_size(players=6)
            1165
        """
        return self._encoding().observation_size(rules, self._players(players))

    def move_indices(self, move: MoveT) -> tuple[int, ...]:
        """Return the actions that make up a move: one index for most, several for a combination.

        Raises:
            RulesError: If the game has no encoding, or ``move`` is not one of its moves.
        """
        return self._encoding().move_indices(move)

    def move_to_index(self, move: MoveT) -> int:
        """Return the one action that is the move.

        Raises:
            RulesError: If the move is a combination of several actions (use
                :meth:`move_indices`), not a move of the game, or the game has no encoding.
        """
        indices = self.move_indices(move)
        if len(indices) != 1:
            raise errors.RulesError(
                f"{move} is {len(indices)} actions, chosen one at a time: use move_indices"
            )
        return indices[0]

    @overload
    def legal_mask(self, seen: StateT | ViewT, prefix: tuple[int, ...] = ()) -> tuple[int, ...]: ...

    @overload
    def legal_mask(
        self, seen: StateT | ViewT, prefix: tuple[int, ...] = (), *, out: BufferT
    ) -> BufferT: ...

    def legal_mask(
        self,
        seen: StateT | ViewT,
        prefix: tuple[int, ...] = (),
        *,
        out: protocols.IntBuffer | None = None,
    ) -> tuple[int, ...] | protocols.IntBuffer:
        """Return, for every action, 1 if the seat may choose it now, else 0.

        Args:
            seen: A state (its seat to move chooses) or a seat's view (that seat chooses: all
                0 when it is not its turn). ``legal_mask(state)`` is ``legal_mask(view)`` of
                the seat to move's view.
            prefix: The actions already chosen of a combination move (empty for a new move).
            out: A preallocated array of ``num_moves`` ints (a numpy array, say) to fill
                with the mask and return, instead of a new tuple.

        Raises:
            RulesError: If the game has no encoding, ``seen`` is neither a state nor a view of
                the game, the prefix is not a tuple of indices, or ``out`` is not an array of
                ``num_moves`` ints.

        Example:
            >>> from cardgames import kalter_schlag
            >>> state = kalter_schlag.new_game(seed=1, first_dealer=0)
            >>> mask = kalter_schlag.GAME.legal_mask(kalter_schlag.view(state, 0))
            >>> mask == kalter_schlag.GAME.legal_mask(state), mask[:2]
            (True, (1, 0))
            >>> sum(kalter_schlag.GAME.legal_mask(kalter_schlag.view(state, 1)))  # not its turn
            0
        """
        prefix = self._prefix(prefix)
        mask = [0] * self._encoding().NUM_MOVES
        for index in self._next_actions(seen, prefix):
            mask[index] = 1
        return learning.filled(out, tuple(mask), "legal mask")

    def index_to_move(
        self, index: int, seen: StateT | ViewT, prefix: tuple[int, ...] = ()
    ) -> MoveT | None:
        """Return the move that the action completes, or None if more actions must follow.

        Args:
            index: The action chosen: a whole number below ``num_moves``.
            seen: A state (its seat to move chooses) or a seat's view (that seat chooses).
            prefix: The actions already chosen of a combination move.

        Raises:
            IllegalMoveError: If no legal move begins with ``prefix`` and ``index`` (the mask
                has 0 there, it is not the view's seat's turn, or the match is over); its
                ``seat`` is the seat to move, or the view's seat.
            RulesError: If ``index`` is not an action at all (``True``, ``1.0``, a negative or
                too large number), ``prefix`` is not a tuple of actions, ``seen`` is neither a
                state nor a view of the game, or the game has no encoding.

        Example:
            >>> from cardgames import kalter_schlag
            >>> state = kalter_schlag.new_game(seed=1)
            >>> kalter_schlag.GAME.index_to_move(0, state)
            Deal()
            >>> kalter_schlag.GAME.index_to_move(1, state)
            Traceback (most recent call last):
            ...
            cardgames.errors.IllegalMoveError: action 1 is not legal now
        """
        size = self._encoding().NUM_MOVES
        if type(index) is not int or not 0 <= index < size:
            raise errors.RulesError(
                f"an action is a whole number from 0 to {size - 1}, not {errors.quote(index)}"
            )
        following = self._next_actions(seen, self._prefix(prefix))
        if index not in following:
            view = self._as_view(seen)
            seat = self.current_player(cast("StateT", seen)) if view is None else view.seat
            raise errors.IllegalMoveError(f"action {index} is not legal now", move=index, seat=seat)
        return following[index]

    @overload
    def observation(self, seen: StateT | ViewT, seat: int | None = None) -> tuple[int, ...]: ...

    @overload
    def observation(
        self, seen: StateT | ViewT, seat: int | None = None, *, out: BufferT
    ) -> BufferT: ...

    def observation(
        self,
        seen: StateT | ViewT,
        seat: int | None = None,
        *,
        out: protocols.IntBuffer | None = None,
    ) -> tuple[int, ...] | protocols.IntBuffer:
        """Return what a seat may know as a flat tuple of ints (see the game's page).

        Args:
            seen: A seat's view, or a state.
            seat: With a state, the seat observing: ``observation(state, seat)`` is
                ``observation(view(state, seat))``. With a view, None (or the view's seat).
            out: A preallocated array of :meth:`observation_size` ints (a numpy array, say) to
                fill with the observation and return, instead of a new tuple.

        Raises:
            RulesError: If the game has no encoding, ``seen`` is neither a state nor a view of
                the game, a state comes without a seat or a view with another seat's, the
                seat is not a seat of the match, or ``out`` is not an array of the
                observation's length.

        Example:
            >>> from cardgames import kalter_schlag
            >>> state = kalter_schlag.apply(kalter_schlag.new_game(seed=3), kalter_schlag.Deal())
            >>> seen = kalter_schlag.GAME.observation(kalter_schlag.view(state, 2))
            >>> seen == kalter_schlag.GAME.observation(state, 2), len(seen)
            (True, 319)
        """
        encoding = self._encoding()
        view = self._as_view(seen)
        if view is not None:
            if seat is not None and (type(seat) is not int or seat != view.seat):
                raise errors.RulesError(
                    f"the view is seat {view.seat}'s, not seat {errors.quote(seat)}'s: "
                    "leave seat out"
                )
            return learning.filled(out, encoding.observe(cast("ViewT", view)), "observation")
        if seat is None:
            raise errors.RulesError(
                f"the observation of a {self.title} state needs the seat that observes "
                "(observation(state, seat)), or give that seat's view"
            )
        return learning.filled(out, encoding.observation(cast("StateT", seen), seat), "observation")
