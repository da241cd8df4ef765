"""The shape every game shares: its facts, its entry in the registry, the registry.

A game is a package (``cardgames.kalter_schlag`` …). It declares its facts once, first, in a
:class:`cardgames.about.About` value (its names, its player counts, its pack and its types), which
its argument checks and their messages read. Its engine has the functions every game has —
``new_game``, ``current_player``, ``legal_moves``, ``apply``, ``is_over``, ``score``, ``view``,
``parse_move``, ``narrate`` (see :class:`cardgames.protocols.Engine`) — and one :class:`Game` value,
its ``GAME``, bundles them with the facts and adds what is the same for every game
(:meth:`Game.is_legal`, :meth:`Game.replay`, the learning surface). The package registers ``GAME``
itself, so a game joins :data:`cardgames.GAMES`, the command line, the agents and the conformance
suite by being imported once.

:class:`Game` is generic in the game's types and checked by mypy: a game whose functions do not
have the shared signatures does not type-check where its ``GAME`` is built.

Example:
    >>> import cardgames
    >>> game = cardgames.GAMES["kalter-schlag"]
    >>> state = game.new_game(seed=3)
    >>> game.legal_moves(state)
    (Deal(),)
    >>> cardgames.GAMES["kalter_schlag"] is game
    True
    >>> cardgames.kalter_schlag.ABOUT.players_rule
    'Kalter Schlag is played by exactly 4 players'
"""

from __future__ import annotations

import types
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, Final, Generic, NoReturn, TypeVar, cast, overload

import attrs

from cardgames import about, cards, dealing, errors, moves, protocols, views

__all__ = [
    "AnyGame",
    "Game",
    "Registry",
    "check_game",
    "register",
    "registry",
]

BufferT = TypeVar("BufferT", bound=protocols.IntBuffer)
RulesT = TypeVar("RulesT")
StateT = TypeVar("StateT")
MoveT = TypeVar("MoveT")
ViewT = TypeVar("ViewT")
ScoreT = TypeVar("ScoreT")


def _read_only(value: Mapping[str, Callable[[], Any]]) -> Mapping[str, Callable[[], Any]]:
    """Return a mapping that cannot be changed (a view of a copy)."""
    return types.MappingProxyType(dict(value))


@attrs.frozen
class Game(Generic[RulesT, StateT, MoveT, ViewT, ScoreT]):
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

    def _encoding(self) -> protocols.Encoding[RulesT, StateT, MoveT, ViewT]:
        """Return the game's encoding, or raise RulesError if it has none."""
        if self.encoding is None:
            raise errors.RulesError(f"{self.title} has no encoding for learning agents")
        return self.encoding

    @property
    def num_moves(self) -> int:
        """How many distinct actions the game's encoding has (the length of a legal mask).

        Raises:
            RulesError: If the game has no encoding.
        """
        return self._encoding().NUM_MOVES

    def _players(self, players: object) -> int:
        """Return ``players`` checked to be a player count of the game (None: the usual one)."""
        if players is None:
            return self.players[0]
        if type(players) is int and players in self.players:
            return players
        counts = " or ".join(map(str, self.players))
        raise errors.RulesError(
            f"{self.title} is played by {counts} players, not {errors.quote(players)}"
        )

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

    def _prefix(self, prefix: object) -> tuple[int, ...]:
        """Return ``prefix`` checked to be a tuple of action indices."""
        if type(prefix) is tuple and not prefix:  # a new move: the learner's usual call
            return prefix
        size = self._encoding().NUM_MOVES
        if isinstance(prefix, tuple) and all(
            type(index) is int and 0 <= index < size for index in prefix
        ):
            return prefix
        raise errors.RulesError(
            f"prefix must be a tuple of action indices below {size}, not {errors.quote(prefix)}"
        )

    def _as_view(self, seen: object) -> views.View[Any, Any, Any, MoveT] | None:
        """Return ``seen`` if it is a view of the game, None if it is not (a state, say)."""
        if self.view_type is not None and type(seen) is self.view_type:
            return cast("views.View[Any, Any, Any, MoveT]", seen)
        return None

    def _next_actions(
        self, seen: StateT | ViewT, prefix: tuple[int, ...]
    ) -> Mapping[int, MoveT | None]:
        """Return the actions that may follow ``prefix`` now, each with the move it completes.

        ``seen`` is a state (its seat to move chooses) or a view (its seat chooses, from the
        view's legal moves: none when it is not that seat's turn). An action that completes a
        legal move maps to the first such move in ``legal_moves`` order; one that only begins
        longer moves maps to None. The answers for one state or view are worked out once (from
        its legal moves and their actions) and kept while the same one is asked about again,
        as a learner asks for a mask and then for the move of its choice, one action at a time.
        """
        answers = _NEXT_ACTIONS.get(self, seen)
        found = answers.get(prefix)
        if found is None:
            view = self._as_view(seen)
            legal = self.legal_moves(cast("StateT", seen)) if view is None else view.legal_moves
            found = answers[prefix] = self._work_out(legal, prefix)
        return found

    def _work_out(
        self, legal: tuple[MoveT, ...], prefix: tuple[int, ...]
    ) -> dict[int, MoveT | None]:
        """Return the actions that may follow ``prefix`` (see :meth:`_next_actions`)."""
        move_indices = self._encoding().move_indices
        size = len(prefix)
        found: dict[int, MoveT | None] = {}
        for move in legal:
            indices = move_indices(move)
            if len(indices) > size and (not size or indices[:size] == prefix):
                index = indices[size]
                if len(indices) == size + 1:
                    if found.get(index) is None:
                        found[index] = move
                else:
                    found.setdefault(index, None)
        return found

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
        return _filled(out, tuple(mask), "legal mask")

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
            return _filled(out, encoding.observe(cast("ViewT", view)), "observation")
        if seat is None:
            raise errors.RulesError(
                f"the observation of a {self.title} state needs the seat that observes "
                "(observation(state, seat)), or give that seat's view"
            )
        return _filled(out, encoding.observation(cast("StateT", seen), seat), "observation")


def _filled(
    out: protocols.IntBuffer | None, values: tuple[int, ...], what: str
) -> tuple[int, ...] | protocols.IntBuffer:
    """Return ``values``, or ``out`` filled with them when an array is given to fill."""
    if out is None:
        return values
    try:
        size = len(out)
    except TypeError:
        size = None
    if size != len(values):
        raise errors.RulesError(
            f"out must be an array of the {what}'s {len(values)} ints, not {errors.quote(out)}"
        )
    out[:] = values
    return out


class _LastState:
    """The answers of :meth:`Game._next_actions` for the state asked about last, by prefix.

    One state is kept (by identity, so a state equal to it but not it is worked out again):
    a learner's step asks about one state several times, then moves on. The state is held, so
    its identity is not reused while it is here. A thread that finds another's state here
    simply works its own out.
    """

    __slots__ = ("_last",)

    def __init__(self) -> None:
        """Start with no state."""
        self._last: tuple[object, object, dict[tuple[int, ...], Any]] = (None, None, {})

    def get(self, game: object, state: object) -> dict[tuple[int, ...], Any]:
        """Return the answers kept for ``game``'s ``state``, empty if it was not the last one."""
        last_game, last_state, answers = self._last
        if last_game is game and last_state is state:
            return answers
        answers = {}
        self._last = (game, state, answers)
        return answers


_NEXT_ACTIONS: Final = _LastState()
"""The answers about the state a learner asked about last."""


AnyGame = Game[Any, Any, Any, Any, Any]
"""An entry of any game, as generic code (agents, the command line, simulation) works with it.

A registry keyed by names known only at run time cannot carry each game's own ``Rules``,
``State``, ``Move``, ``View`` and ``Score`` types: ``Game`` takes its types in and hands them
back, so ``Game[kalter_schlag.Rules, ...]`` is no ``Game[object, ...]``, and a union of the
four entries would refuse every call made with one game's state. Code that knows its game uses
that package's ``GAME``, fully typed; code that takes any game by name gets this.
"""

GameT = TypeVar("GameT", bound=AnyGame)


class Registry(Mapping[str, AnyGame]):
    """The games by registry name; a name may also be given in its module's spelling.

    ``GAMES["kalter-schlag"]`` and ``GAMES["kalter_schlag"]`` are the same entry; iterating
    gives the registry names, in the order the games registered. It is read-only: a game joins
    it only through :func:`register`, and no attribute of it can be assigned.
    """

    __slots__ = ("_games",)

    _games: Mapping[str, AnyGame]

    def __init__(self, entries: object) -> None:
        """Create a registry that reads ``entries`` (a read-only view of them).

        Raises:
            RulesError: If ``entries`` is not a dict of games by name.
        """
        if type(entries) is not dict or not all(
            isinstance(key, str) and isinstance(value, Game) for key, value in entries.items()
        ):
            raise errors.RulesError(
                f"a registry reads a dict of games by name, not {errors.quote(entries)}"
            )
        object.__setattr__(
            self, "_games", types.MappingProxyType(cast("dict[str, AnyGame]", entries))
        )

    def __setattr__(self, name: str, value: object) -> NoReturn:
        """Refuse every assignment: the registry is read-only."""
        raise AttributeError(f"the registry of games is read-only: {name} cannot be assigned")

    def __delattr__(self, name: str) -> NoReturn:
        """Refuse every deletion: the registry is read-only."""
        raise AttributeError(f"the registry of games is read-only: {name} cannot be deleted")

    def __getitem__(self, name: str) -> AnyGame:
        """Return the game registered under ``name`` (``-`` or ``_`` between words).

        Raises:
            UnknownGameError: If no game has that name (a ``KeyError`` too, as a mapping's).
        """
        found = None
        if isinstance(name, str):  # callers may pass anything
            found = self._games.get(name.replace("_", "-"))
        if found is None:
            raise errors.UnknownGameError(
                f"no game is named {errors.quote(name)} (the games: {', '.join(self._games)})"
            )
        return found

    def __iter__(self) -> Iterator[str]:
        """Iterate over the registry names."""
        return iter(self._games)

    def __len__(self) -> int:
        """Return the number of games."""
        return len(self._games)

    def __repr__(self) -> str:
        """Return the registry's names."""
        return f"<Registry of {', '.join(self._games)}>"


_ENTRIES: dict[str, AnyGame] = {}
"""The registered games by registry name: :func:`register` is its one writer."""

_REGISTRY: Final = Registry(_ENTRIES)


def register(game: GameT) -> GameT:
    """Add a game to the registry under its name and return it: a game package's one line.

    A name is registered once: another game under a name already taken (in either spelling)
    is refused, so importing a package cannot silently replace a game that others use.
    Registering the same entry again changes nothing.

    Raises:
        RulesError: If ``game`` is not a :class:`Game`, or its name is already registered.
    """
    if not isinstance(game, Game):
        raise errors.RulesError(f"only a Game can be registered, not {errors.quote(game)}")
    key = game.name.replace("_", "-")
    if _ENTRIES.get(key, game) is not game:
        raise errors.RulesError(
            f"a game named {errors.quote(game.name)} is already registered: "
            f"{_ENTRIES[key].title} keeps its name"
        )
    _ENTRIES[key] = game
    return game


def registry() -> Registry:
    """Return the games known so far, by name."""
    return _REGISTRY


def check_game(value: object) -> AnyGame:
    """Return a game argument checked to be a registry entry, such as ``GAMES["mariage"]``.

    Raises:
        RulesError: For anything else (a game's name, its module …).
    """
    if isinstance(value, Game):
        return value
    raise errors.RulesError(
        f"expected a game such as cardgames.GAMES['kalter-schlag'], not {errors.quote(value)}"
    )
