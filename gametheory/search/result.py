"""What every search returns."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gametheory.search.mcts_trace import MCTSTrace
    from gametheory.search.trace import Trace

__all__ = ["ChildStats", "SearchResult", "SearchStats"]


@dataclass(frozen=True)
class SearchStats:
    """How much work a search did.

    Attributes
    ----------
    nodes : int
        Positions visited (entered), the root included.
    leaves : int
        Positions scored by the utility or the evaluation function.
    cutoffs : int
        Times a node stopped looking at its remaining children.
    max_depth : int
        The deepest ply reached.
    seconds : float
        Wall-clock time.
    """

    nodes: int = 0
    leaves: int = 0
    cutoffs: int = 0
    max_depth: int = 0
    seconds: float = 0.0


@dataclass(frozen=True)
class ChildStats:
    """What Monte Carlo tree search learnt about one move at the root.

    Attributes
    ----------
    move
        The move (an outcome of the dice at a chance root).
    visits : int
        How many iterations went through it.
    value : float
        The mean result of those iterations, for the player to move at the root (for A at
        a chance root), like :attr:`SearchResult.value`.
    """

    move: Any
    visits: int
    value: float


@dataclass(frozen=True)
class SearchResult:
    """The answer of a search.

    Attributes
    ----------
    value : float
        The value of the position for the player to move there (for player 0 at a
        chance position).
    move
        The best first move (ties go to the first in ``legal_moves`` order), or None at a
        finished position.
    pv : tuple
        The principal variation: the line of best play, starting with ``move``.
    stats : SearchStats
    trace : Trace, MCTSTrace or None
        The event trace when the search ran with ``trace=True`` (an
        :class:`~gametheory.search.mcts_trace.MCTSTrace` for Monte Carlo tree search).
    iterations : tuple of SearchStats
        For iterative deepening: the work of each depth in turn.
    children : tuple of ChildStats
        For Monte Carlo tree search: the visits and mean value of every move tried at the
        root, in move order.
    stopped : str
        For iterative deepening: why it stopped deepening: ``"max_depth"``, ``"solved"``
        (every line reached the end of the game), ``"proven"`` (a win or loss as large as
        the game allows), ``"cycles"`` (as deep as the game has positions: longer lines only
        go round in circles) or ``"time_limit"``; ``""`` for the other searches.

    Examples
    --------
    >>> from gametheory import Nim, negamax
    >>> result = negamax(Nim(6))
    >>> result.value, result.move, result.pv
    (1.0, 2, (2, 1, 3))
    """

    value: float
    move: Any
    pv: tuple[Any, ...]
    stats: SearchStats
    trace: Trace | MCTSTrace | None = field(default=None, repr=False, compare=False)
    iterations: tuple[SearchStats, ...] = field(default=(), repr=False, compare=False)
    children: tuple[ChildStats, ...] = field(default=(), repr=False, compare=False)
    stopped: str = field(default="", repr=False, compare=False)

    def _repr_svg_(self) -> str | None:
        if self.trace is None:
            return None
        from gametheory.search.mcts_trace import MCTSTrace

        if isinstance(self.trace, MCTSTrace):
            from gametheory.draw.mcts import draw_mcts

            return str(draw_mcts(self.trace))
        from gametheory.draw import draw_trace

        return str(draw_trace(self.trace))
