"""Every game as an OpenSpiel Python game (``pip install "python-cardgames[openspiel]"``).

Importing this module registers every game of :data:`cardgames.GAMES` with ``pyspiel``,
named ``python_cardgames_`` and the game's name in snake case
(``python_cardgames_kalter_schlag``), so ``pyspiel.load_game`` and every OpenSpiel algorithm
reach it. A game of OpenSpiel is one match, cut after ``max_hands`` hands (one unless told):

* Its type: sequential, explicitly stochastic, of imperfect information, general-sum, with
  terminal rewards; the game's player counts; a parameter for each option of its ``Rules``
  (with the same name and default; an option that is a list, such as Mariage's
  ``point_compare``, is JSON text), plus ``players``, ``first_dealer`` and ``max_hands``.
* The deal is chance, one card at a time: each chance node draws the next card of the pack's
  order, top card first, uniformly from those not drawn yet (an outcome is the card's place in
  the game's :attr:`~cardgames.game.Game.pack`), and once the whole order is drawn the hand is
  dealt from it by the game's own packet rule, as a stacked ``Deal(order=...)``. The tree is
  thus OpenSpiel's own picture of a deal (its poker games deal card by card too), every order
  equally likely, as the seeded shuffle makes them; a single chance node over the seeds would
  have hidden which cards are dealt from algorithms that reason about chance.
* A player's actions are those of the game's encoding (:attr:`~cardgames.game.Game.num_moves`):
  a move made of several actions (Staekske Rape's discard of four cards, a gin lay-out) takes
  several turns of the same player, as in the PettingZoo adapter.
* The returns are the game's :meth:`~cardgames.game.Game.returns`, the higher the better.
* The information state and the observation are the seat's view: the tensor is its
  :meth:`~cardgames.game.Game.observation` (laid out as the game's
  :meth:`~cardgames.game.Game.layout` says) followed by one flag per action for the actions
  already chosen of the move being made; the string is the view's text and those actions.
  A view holds all the seat knows of the match (its cards, every trick and bid of the hand,
  the totals), so it serves as both.
* ``resample_from_infostate`` (what OpenSpiel's IS-MCTS calls) deals the cards that the seat
  has not seen at random and replays the hand, until the seat's view is the same again.

Example:
    >>> import pyspiel
    >>> from cardgames.integrations import openspiel
    >>> game = pyspiel.load_game("python_cardgames_kalter_schlag")
    >>> state = game.new_initial_state()
    >>> state.is_chance_node(), len(state.chance_outcomes()), game.num_distinct_actions()
    (True, 32, 34)
    >>> while state.is_chance_node():
    ...     state.apply_action(state.chance_outcomes()[0][0])
    >>> state.current_player(), [state.action_to_string(a) for a in state.legal_actions()[:3]]
    (1, ['double', 'play 7♣', 'play 8♣'])
    >>> len(state.information_state_tensor(1)) == game.information_state_tensor_size()
    True
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Mapping
from typing import Any, ClassVar, Final

import attrs
import numpy as np
import numpy.typing as npt
import pyspiel

import cardgames
from cardgames import cards, codec, errors, game, moves
from cardgames.integrations import _episodes as episodes

__all__ = ["FIXED_PARAMETERS", "PREFIX", "game_name", "register"]

PREFIX: Final = "python_cardgames_"
"""What every game's OpenSpiel name begins with."""

FIXED_PARAMETERS: Final = ("players", "first_dealer", "max_hands")
"""The parameters every game has beside its rules' options: the seats, the seat that deals the
first hand, and the hands the match lasts at most."""

_TRIES: Final = 10_000
"""The most random deals :meth:`_State.resample_from_infostate` tries before it gives up."""


def game_name(entry: game.AnyGame) -> str:
    """Return a game's OpenSpiel name.

    Example:
        >>> import cardgames
        >>> game_name(cardgames.GAMES["gin-rummy"])
        'python_cardgames_gin_rummy'
    """
    return PREFIX + entry.name.replace("-", "_")


def _defaults(entry: game.AnyGame) -> dict[str, object]:
    """Return the game's rules options but ``max_hands``, with their defaults as JSON data."""
    defaults = codec.encode(entry.rules_type(), game=entry.name)
    return {name: value for name, value in defaults.items() if name != "max_hands"}


def _plain(value: object) -> bool:
    """Return whether an option's JSON value is a parameter as it is (else it is JSON text)."""
    return isinstance(value, bool | int | str)


def _specification(entry: game.AnyGame) -> dict[str, object]:
    """Return the game's OpenSpiel parameters and their defaults.

    A rules option that is a number, a flag or a name is a parameter as it is; any other (a
    list) is its JSON text.
    """
    options = {
        name: value if _plain(value) else json.dumps(value)
        for name, value in _defaults(entry).items()
    }
    return {"players": entry.players[0], "first_dealer": 0, "max_hands": 1, **options}


def _rules(entry: game.AnyGame, parameters: Mapping[str, object]) -> Any:  # noqa: ANN401
    """Return the game's ``Rules`` that the parameters give, cut after ``max_hands`` hands.

    Raises:
        DecodeError: If an option's value is not one the rules accept (it names the option).
        RulesError: If ``max_hands`` is not a whole number of 1 or more.
    """
    hands = parameters["max_hands"]
    if type(hands) is not int or hands < 1:
        raise errors.RulesError(
            f"max_hands must be a whole number of 1 or more, not {errors.quote(hands)}"
        )
    data: dict[str, object] = {"max_hands": hands}
    for name, default in _defaults(entry).items():
        value = parameters[name]
        if not _plain(default):
            if not isinstance(value, str):
                raise errors.RulesError(f"{name} must be JSON text, not {errors.quote(value)}")
            try:
                value = json.loads(value)
            except json.JSONDecodeError as error:
                raise errors.DecodeError(f"{name} is not JSON: {error}") from None
        data[name] = value
    return codec.decode(data, entry.rules_type, game=entry.name)


def _seat(entry: game.AnyGame, value: object, players: int, what: str) -> int:
    """Return ``value`` checked to be a seat of a match of ``players``."""
    if type(value) is not int or not 0 <= value < players:
        raise errors.RulesError(
            f"{what} must be a seat of {entry.title}'s {players} players, "
            f"0 to {players - 1}, not {errors.quote(value)}"
        )
    return value


def _game_type(entry: game.AnyGame) -> pyspiel.GameType:
    """Return the OpenSpiel type of a game: its facts and its parameters."""
    return pyspiel.GameType(
        short_name=game_name(entry),
        long_name=f"Python cardgames {entry.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(entry.players),
        min_num_players=min(entry.players),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_specification(entry),
    )


@attrs.frozen
class _Facts:
    """What a game of OpenSpiel is: the game, its rules and seats, its pack, its sizes."""

    entry: game.AnyGame
    rules: Any
    players: int
    first_dealer: int
    pack: tuple[cards.Card, ...]
    size: int

    def __deepcopy__(self, memo: dict[int, object]) -> _Facts:
        """Return the value itself: OpenSpiel deep-copies a state to clone it."""
        return self


@attrs.frozen
class _Now:
    """Where a match stands: the match, the deal being drawn, the move being chosen.

    Attributes:
        match: The game's state.
        dealing: Whether a deal is being drawn (the state is a chance node).
        order: The places in the pack of the cards drawn so far of that deal.
        chosen: The actions chosen so far of the move being made.
        deals: Each finished deal's order, in the order of the hands.
        rewards: Each seat's reward since a seat last acted: the change in its return.
    """

    match: Any
    dealing: bool
    order: tuple[int, ...] = ()
    chosen: tuple[int, ...] = ()
    deals: tuple[tuple[int, ...], ...] = ()
    rewards: tuple[int, ...] = ()

    def __deepcopy__(self, memo: dict[int, object]) -> _Now:
        """Return the value itself: OpenSpiel deep-copies a state to clone it."""
        return self


class _Game(pyspiel.Game):  # type: ignore[misc]  # pyspiel is untyped
    """A game of cardgames as an OpenSpiel game: one match of the parameters' rules.

    Each game registers a subclass of its own (:func:`register`), whose :attr:`entry` says
    which game it is. OpenSpiel keeps what it registers until the process ends, after Python
    has shut down: a class lasts that long (a function would be freed then, without the
    interpreter, and crash the exit).
    """

    entry: ClassVar[game.AnyGame]

    def __init__(self, params: Mapping[str, object] | None = None) -> None:
        """Build the game with the parameters given (the rest at their defaults).

        Raises:
            DecodeError: If a rules option is not one the rules accept.
            RulesError: If a parameter is unknown, ``players`` is not a player count of the
                game, ``first_dealer`` not a seat or ``max_hands`` not a number of hands.
        """
        entry = self.entry
        given = dict(params or {})
        specification = _specification(entry)
        unknown = sorted(set(given) - set(specification))
        if unknown:
            raise errors.RulesError(
                f"{entry.title} has no parameter {', '.join(map(errors.quote, unknown))}: "
                f"its parameters are {', '.join(specification)}"
            )
        parameters = {**specification, **given}
        players = parameters["players"]
        if type(players) is not int or players not in entry.players:
            raise errors.RulesError(
                f"players must be one of {entry.players} for {entry.title}, "
                f"not {errors.quote(players)}"
            )
        rules = _rules(entry, parameters)
        facts = _Facts(
            entry,
            rules,
            players,
            _seat(entry, parameters["first_dealer"], players, "first_dealer"),
            entry.pack(rules, players),
            entry.observation_size(rules, players),
        )
        actions_per_move = len(facts.pack) + 1  # a combination places a card with each but its end
        super().__init__(
            _game_type(entry),
            pyspiel.GameInfo(
                num_distinct_actions=entry.num_moves,
                max_chance_outcomes=len(facts.pack),
                num_players=players,
                min_utility=-float("inf"),
                max_utility=float("inf"),
                utility_sum=None,
                max_game_length=rules.max_hands
                * entry.max_hand_moves(rules, players)
                * actions_per_move,
            ),
            {name: parameters[name] for name in given},
        )
        self.facts: Final = facts

    def new_initial_state(self) -> _State:
        """Return the match before its first deal."""
        return _State(self, self.facts)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: object = None
    ) -> _Observer:
        """Return the observer of a seat's view (the information state and the observation).

        Raises:
            RulesError: If observer parameters are given, or the type asks for anything but a
                seat's own view (public information only, or every seat's cards).
        """
        if params:
            raise errors.RulesError(f"the observer takes no parameters, not {errors.quote(params)}")
        if iig_obs_type is not None and (
            not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise errors.RulesError(
                "the observer shows one seat's view: public and private information of that seat"
            )
        return _Observer(self.facts)


def _draw(state: Any, entry: game.AnyGame) -> bool:  # noqa: ANN401  # any game's state
    """Return whether the next move of the match is a deal (chance, not a seat's choice)."""
    if entry.is_over(state):
        return False
    return all(type(move) is moves.Deal for move in entry.legal_moves(state))


class _State(pyspiel.State):  # type: ignore[misc]  # pyspiel is untyped
    """A match of a game as an OpenSpiel state."""

    def __init__(self, spiel_game: _Game, facts: _Facts) -> None:
        """Start the match of ``spiel_game``, its first deal due."""
        super().__init__(spiel_game)
        self._facts = facts
        match = facts.entry.new_game(
            facts.rules,
            seed=0,  # every deal is drawn by chance nodes: the seed's shuffles are never used
            players=facts.players,
            first_dealer=facts.first_dealer,
        )
        self._now = _Now(match, _draw(match, facts.entry))

    def current_player(self) -> int:
        """Return the seat to move, CHANCE while a deal is drawn, or TERMINAL."""
        if self._now.dealing:
            return int(pyspiel.PlayerId.CHANCE)
        mover = self._facts.entry.current_player(self._now.match)
        return int(pyspiel.PlayerId.TERMINAL) if mover is None else mover

    def _legal_actions(self, player: int) -> list[int]:
        """Return the seat's legal actions, in ascending order."""
        del player  # only the seat to move is asked
        now = self._now
        return sorted(episodes.legal_actions(self._facts.entry, now.match, now.chosen))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Return the cards that may come next in the deal's order, equally likely."""
        drawn = set(self._now.order)
        left = [place for place in range(len(self._facts.pack)) if place not in drawn]
        return [(place, 1.0 / len(left)) for place in left]

    def _apply_action(self, action: int) -> None:
        """Draw the next card of the deal, or take the seat's action.

        Raises:
            IllegalMoveError: If the action is not legal now.
        """
        facts, now = self._facts, self._now
        entry = facts.entry
        if now.dealing:
            if action in now.order or not 0 <= action < len(facts.pack):
                raise errors.IllegalMoveError(
                    f"chance outcome {action} is not a card left to draw", move=action, seat=None
                )
            order = (*now.order, action)
            if len(order) < len(facts.pack):
                self._now = attrs.evolve(now, order=order)
                return
            move: Any = moves.Deal(order=tuple(facts.pack[place] for place in order))
            deals = (*now.deals, order)
        else:
            move = entry.index_to_move(action, now.match, now.chosen)
            if move is None:
                self._now = attrs.evolve(now, chosen=(*now.chosen, action), rewards=())
                return
            deals = now.deals
        match = entry.apply(now.match, move)
        # OpenSpiel reads the rewards where a seat is to move: those of a hand's end carry
        # over the chance nodes of the next deal.
        carried = now.rewards if now.dealing and now.rewards else (0,) * facts.players
        earned = tuple(
            kept + after - before
            for kept, after, before in zip(
                carried, entry.returns(match), entry.returns(now.match), strict=True
            )
        )
        self._now = _Now(match, _draw(match, entry), deals=deals, rewards=earned)

    def _action_to_string(self, player: int, action: int) -> str:
        """Return an action as text: a card drawn, the move it makes, or its index."""
        if player == pyspiel.PlayerId.CHANCE:
            return f"draw {self._facts.pack[action]}"
        now = self._now
        try:
            move = self._facts.entry.index_to_move(action, now.match, now.chosen)
        except errors.CardgamesError:
            return f"action {action}"
        return f"choose {action}" if move is None else str(move)

    def is_terminal(self) -> bool:
        """Return whether the match is over."""
        return bool(self._facts.entry.is_over(self._now.match))

    def returns(self) -> list[float]:
        """Return each seat's return so far (the game's ``returns``, the higher the better)."""
        return [float(value) for value in self._facts.entry.returns(self._now.match)]

    def rewards(self) -> list[float]:
        """Return each seat's reward since the last seat's action: the change in its return.

        A hand's return is settled when the hand ends, so in a match of one hand (the
        default) the only reward is at the end, and the rewards add up to the returns in any.
        """
        return [float(value) for value in self._now.rewards] or [0.0] * self._facts.players

    def view(self, seat: int) -> Any:  # noqa: ANN401  # any game's view
        """Return what ``seat`` knows now."""
        return self._facts.entry.view(self._now.match, seat)

    def chosen(self, seat: int) -> tuple[int, ...]:
        """Return the actions ``seat`` has chosen so far of the move it is making."""
        return self._now.chosen if seat == self.current_player() else ()

    def __str__(self) -> str:
        """Return the match as text: every seat's view, one a line."""
        return "\n".join(repr(self.view(seat)) for seat in range(self._facts.players))

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> _State:
        """Return a state the seat cannot tell from this one: the cards it has not seen dealt anew.

        In each hand dealt so far, every card the seat's view shows keeps its place in the
        deal's order; the others are shuffled among their places. The match is then replayed
        action by action, and the deal is kept when every action is still legal and the seat's
        view is the same as here; else another is tried.

        Raises:
            RulesError: If no such deal turns up in :data:`_TRIES` tries.
        """
        rng = random.Random(int(probability_sampler() * 2**53))  # a search's draw, not a secret
        wanted = _key(self, player_id)
        seen = {card.index for card in _cards_in(self.view(player_id))}
        pack = self._facts.pack
        for _ in range(_TRIES):
            draws: list[int] = []
            for order in (*self._now.deals, self._now.order):
                hidden = [
                    place for place, drawn in enumerate(order) if pack[drawn].index not in seen
                ]
                shuffled = [order[place] for place in hidden]
                rng.shuffle(shuffled)
                redrawn = list(order)
                for place, drawn in zip(hidden, shuffled, strict=True):
                    redrawn[place] = drawn
                draws.extend(redrawn)
            resampled = self._replayed(iter(draws))
            if resampled is not None and _key(resampled, player_id) == wanted:
                return resampled
        raise errors.RulesError(
            f"no deal of the cards seat {player_id} has not seen plays as this match was played"
        )

    def _replayed(self, draws: Iterator[int]) -> _State | None:
        """Return the match replayed with these cards drawn, or None if an action is illegal."""
        state: _State = self.get_game().new_initial_state()
        try:
            for step in self.full_history():
                chance = step.player == pyspiel.PlayerId.CHANCE
                state.apply_action(next(draws) if chance else step.action)
        except errors.IllegalMoveError:
            return None
        return state


def _cards_in(value: object) -> Iterator[cards.Card]:
    """Yield every card a value holds, however deep (a view's hand, tricks, melds, moves).

    A view is made of attrs values, tuples and frozensets of them, cards and plain values.
    """
    if isinstance(value, cards.Card):
        yield value
    elif isinstance(value, str | bytes | int | float | None):
        return
    elif isinstance(value, tuple | list | frozenset | set):
        for item in value:
            yield from _cards_in(item)
    elif attrs.has(kind := type(value)):
        for field in attrs.fields(kind):
            yield from _cards_in(getattr(value, field.name))


def _key(state: _State, seat: int) -> str:
    """Return the seat's information state as text: its view and its actions chosen."""
    return f"{state.view(seat)!r} chosen {list(state.chosen(seat))}"


class _Observer:
    """A seat's view as OpenSpiel's observer: one flat tensor, and its blocks by name."""

    def __init__(self, facts: _Facts) -> None:
        """Lay out the tensor: the observation's blocks, then the actions chosen."""
        entry = facts.entry
        self._entry = entry
        self._size = facts.size
        self.tensor: npt.NDArray[np.float32] = np.zeros(facts.size + entry.num_moves, np.float32)
        self._ints: npt.NDArray[np.int64] = np.zeros(facts.size, np.int64)
        self.dict: dict[str, npt.NDArray[np.float32]] = {
            block.name: self.tensor[block.offset : block.offset + block.length]
            for block in entry.layout(facts.rules, facts.players)
        }
        self.dict["chosen"] = self.tensor[facts.size :]

    def set_from(self, state: _State, player: int) -> None:
        """Fill the tensor with what ``player`` knows of ``state``."""
        self._entry.observation(state.view(player), out=self._ints)
        self.tensor[: self._size] = self._ints
        chosen = self.tensor[self._size :]
        chosen.fill(0)
        chosen[list(state.chosen(player))] = 1

    def string_from(self, state: _State, player: int) -> str:
        """Return what ``player`` knows of ``state`` as text: its view and its actions chosen."""
        return _key(state, player)


def register() -> tuple[str, ...]:
    """Register every game of :data:`cardgames.GAMES` with OpenSpiel (once); return the names.

    Importing the module calls it; a game already registered is left as it is.

    Example:
        >>> register()[:2]
        ('python_cardgames_gin_rummy', 'python_cardgames_kalter_schlag')
    """
    known = set(pyspiel.registered_names())
    names = []
    for entry in cardgames.GAMES.values():
        name = game_name(entry)
        if name not in known:
            kind = type(f"{entry.title.title().replace(' ', '')}Game", (_Game,), {"entry": entry})
            pyspiel.register_game(_game_type(entry), kind)
        names.append(name)
    return tuple(names)


register()
