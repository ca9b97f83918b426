"""Move ordering: which move the engine tries first, and why (see "Best move first",
"Promising moves next", "Killer moves" and "History heuristic" in
:mod:`gametheory.search.engine`).

Alpha-beta gives the same value in any order, but prunes the most when the best move comes
first. :meth:`Ordering.moves` puts first the move the transposition table remembers; then,
far from the depth limit, the moves after which the position looks best *now* (its
evaluation), ties broken by killer moves and the history heuristic; near the limit, where
making every child only to sort them costs as much as searching them, the game's own quick
guess (:class:`~gametheory.core.MoveOrdering`; checked by :func:`~gametheory.checks.checked_order`
unless it is the package's own, which its tests prove) or else the game's order.

>>> from gametheory import Nim
>>> game = Nim(5)  # take 1, 2 or 3; leaving a multiple of 4 wins
>>> make = lambda state, move: (game.result(state, move), False)
>>> leaves_four = lambda child, player, ply, over: (float(child.matches % 4 == 0), 0)
>>> ordering = Ordering(game, make, leaves_four)
>>> ordering.new_search(depth=4)
>>> start = game.initial_state()
>>> [move for move, _ in ordering.moves(start, (1, 2, 3), 3, {}, 0, 4, 0)]  # the table's 3 first
[3, 1, 2]
>>> ordering.cutoff(0, 3, depth=4, ply=0)  # 3 refuted something: a killer move at ply 0
>>> [move for move, _ in ordering.moves(start, (1, 2, 3), None, {}, 0, 4, 0)]
[1, 3, 2]
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import Any

from gametheory.checks import checked_order
from gametheory.core import PLAYERS, Game, MoveOrdering
from gametheory.search.engine.scores import Score
from gametheory.search.engine.table import MADE_LIMIT, Child, Children

__all__ = ["Ordering"]


def _as_given(state: Any, moves: Sequence[Any]) -> Sequence[Any]:
    """The moves of a game without a guess: in its order."""
    return moves


class Ordering:
    """What one ``iterative_deepening`` call learns about good moves, and the order it
    gives them.

    ``make(state, move) -> (child, over)`` makes a move; ``guess(child, mover, ply, over)
    -> Score`` scores the position after a move for the player who made it (its
    evaluation, or the rules' value if the game is ``over``).
    """

    def __init__(
        self,
        game: Game[Any, Any],
        make: Callable[[Any, Any], Child],
        guess: Callable[[Any, int, int, bool], Score],
    ) -> None:
        self.make, self.guess = make, guess
        self.order_moves = game.order_moves if isinstance(game, MoveOrdering) else None
        # the package's own orderings are proven by its tests (Abapa's in
        # tests/test_abapa_fast.py) and trusted; any other is checked at every position
        module = getattr(self.order_moves, "__module__", None) or ""
        self.trusted = module.startswith("gametheory.")
        # guessed(state, moves): the moves in the game's guess of the best order, or as they are
        self.guessed: Callable[[Any, Sequence[Any]], Sequence[Any]] = _as_given
        if self.order_moves is not None:
            self.guessed = (
                self.order_moves if self.trusted else partial(checked_order, self.order_moves)
            )
        # position -> the guessed scores of its moves, kept for the positions far from the
        # depth limit, so that the next depth does not guess them again
        self.made: dict[Any, dict[Any, Score]] = {}
        # per player, per move: the sum of depth² over the cutoffs it caused
        self.history: list[defaultdict[Any, int]] = [defaultdict(int) for _ in PLAYERS]
        self.killers: list[list[Any]] = []  # per ply, the last two moves that caused a cutoff

    def new_search(self, depth: int) -> None:
        """Forget the killer moves (a search of the root to ``depth`` begins)."""
        self.killers = [[] for _ in range(depth + 1)]

    def cutoff(self, mover: int, move: Any, depth: int, ply: int) -> None:
        """``move`` of ``mover``, at ``ply`` with ``depth`` plies to go, caused a cutoff."""
        self.history[mover][move] += depth * depth
        killers = self.killers[ply]
        if move not in killers:
            self.killers[ply] = [move, *killers[:1]]

    def frontier(self, state: Any, legal: Sequence[Any], first: Any) -> Sequence[Any]:
        """The moves one ply above the depth limit: ``first`` (the table's move), then the
        game's guess or its order (measured: better here than killers and history)."""
        moves = self.guessed(state, legal)
        if first is not None and first != moves[0] and first in moves:
            return [first, *[m for m in moves if m != first]]
        return moves

    def moves(
        self,
        state: Any,
        legal: Sequence[Any],
        first: Any,
        children: Children,
        mover: int,
        depth: int,
        ply: int,
    ) -> Iterator[tuple[Any, Any]]:
        """The moves of ``state`` and the positions they lead to, most promising first.

        ``children`` holds the positions already made from ``state`` (by this search or an
        earlier one, kept by the transposition table); a position not made yet is made only
        when its move's turn comes, or when it is needed for the order: a cutoff by the
        table's move ``first`` saves making the others.
        """
        # measured on Abapa: two plies above the limit its guess orders as well as the
        # evaluations and costs far less; one ply above, it is the game's order or guess
        near = depth < 2 or (depth < 3 and self.order_moves is not None)
        rest, make = list(legal), self.make
        if first is not None and first in rest:
            rest.remove(first)
            made = children.get(first)
            if made is None:
                made = children[first] = make(state, first)
            yield first, made[0]
        if near:
            for move in self.guessed(state, rest):
                made = children.get(move)
                if made is None:
                    made = children[move] = make(state, move)
                yield move, made[0]
            return
        for move in rest:  # far from the limit the order needs them all
            if move not in children:
                children[move] = make(state, move)
        guesses = self.made.get(state)  # the scores an earlier depth guessed here
        if guesses is None:  # guess their scores, remember them if there is room
            guess = self.guess
            guesses = {m: guess(c, mover, ply + 1, over) for m, (c, over) in children.items()}
            if len(self.made) < MADE_LIMIT:
                self.made[state] = guesses
        killers, history = self.killers[ply], self.history[mover]
        rest.sort(key=lambda m: (guesses[m], m in killers, history[m]), reverse=True)
        for move in rest:
            yield move, children[move][0]
