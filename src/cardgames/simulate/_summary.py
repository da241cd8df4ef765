"""What a run of matches returns: each agent's results, and the summary that merges.

Internal to :mod:`cardgames.simulate`, which publishes :class:`AgentResult` and
:class:`Summary`. Both are frozen values that add up (``first + second``) and pickle (a run's
workers send them back); they name ``cardgames.simulate`` as their module, where they are
published, so a pickle of a summary names the module it is imported from.
"""

from __future__ import annotations

import attrs

from cardgames import errors

__all__ = ["AgentResult", "Summary"]


@attrs.frozen
class AgentResult:
    """How one agent fared over a batch of matches.

    Attributes:
        name: The agent's name (``"random"``, ``"first"``, ``"rule"`` …; for an agent object or
            a factory, its ``name`` attribute, else its class's or function's name).
        seats: How many seats it played (matches × its seats in each).
        wins: How many of those seats won their match (a shared win counts for each).
        losses: How many lost.
        points: The sum of its seats' final totals (game points, penalty points or chips).
        hands_up: The hands in which its seat's total rose: a Staekske Rape contract made, a
            gin hand won, chips gained (in Kalter Schlag, a penalty taken).
        hands_down: The hands in which its seat's total fell (a contract lost, chips paid).
    """

    name: str
    seats: int = 0
    wins: int = 0
    losses: int = 0
    points: int = 0
    hands_up: int = 0
    hands_down: int = 0

    @property
    def win_rate(self) -> float:
        """The share of its seats that won, from 0 to 1 (0 when it played no seat)."""
        return self.wins / self.seats if self.seats else 0.0

    @property
    def mean_points(self) -> float:
        """Its seats' mean final total."""
        return self.points / self.seats if self.seats else 0.0

    def __add__(self, other: object) -> AgentResult:
        """Add the results of the same agent over two batches."""
        if not isinstance(other, AgentResult) or other.name != self.name:
            return NotImplemented
        return AgentResult(
            self.name,
            self.seats + other.seats,
            self.wins + other.wins,
            self.losses + other.losses,
            self.points + other.points,
            self.hands_up + other.hands_up,
            self.hands_down + other.hands_down,
        )


@attrs.frozen
class Summary:
    """The results of a batch of matches between agents; summaries of one game merge.

    Attributes:
        game: The game's registry name.
        matches: How many matches were played.
        hands: How many hands they took.
        agents: Each agent's results, in the order the agents first sat.
        capped: How many matches :func:`run`'s ``max_hands`` ended: they would have gone on,
            and ended instead as the game's own ``max_hands`` rule ends a match.
    """

    game: str
    matches: int
    hands: int
    agents: tuple[AgentResult, ...]
    capped: int = 0

    def agent(self, name: str) -> AgentResult:
        """Return the results of the agent of that name.

        Raises:
            RulesError: If no agent of that name played.
        """
        for result in self.agents:
            if result.name == name:
                return result
        raise errors.RulesError(f"no agent {errors.quote(name)} played in this summary")

    def __add__(self, other: object) -> Summary:
        """Merge two summaries of the same game."""
        if not isinstance(other, Summary) or other.game != self.game:
            return NotImplemented
        merged = {result.name: result for result in self.agents}
        for result in other.agents:
            merged[result.name] = merged[result.name] + result if result.name in merged else result
        return Summary(
            self.game,
            self.matches + other.matches,
            self.hands + other.hands,
            tuple(merged.values()),
            self.capped + other.capped,
        )


AgentResult.__module__ = Summary.__module__ = "cardgames.simulate"  # published there
