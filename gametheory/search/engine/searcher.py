"""The engine's search of one depth: alpha-beta in negamax form, made fast.

:meth:`Searcher.negamax` is :func:`~gametheory.search.alphabeta.alphabeta_negamax` with the
enhancements of :mod:`gametheory.search.engine`: it asks the transposition table first
(:mod:`~gametheory.search.engine.table`), tries the moves in the order of
:mod:`~gametheory.search.engine.ordering`, searches every move after the first with a null
window first (principal-variation search), and one ply above the depth limit scores the
children where they are made (:meth:`Searcher.frontier`). A finished game's score carries
its tempo (:class:`~gametheory.search.engine.scores.Timed`) so that, among equal values, a
quicker win is preferred. A :class:`Searcher` lives for one ``iterative_deepening`` call,
whose driver asks it for one depth after another (:meth:`Searcher.iteration`).

>>> from gametheory import tree
>>> t = tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> searcher = Searcher(t, t.root, lambda s, p: 0.0)
>>> done = searcher.iteration(2, None, None)
>>> done.value, done.move, searcher.line, done.nodes
(3.0, 0, (0, 0), 11)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from gametheory.core import CHANCE, Evaluation, Game, NodeNames
from gametheory.moves import successor_of
from gametheory.search.engine.ordering import Ordering
from gametheory.search.engine.scores import (
    FULL_WINDOW,
    LeafValue,
    Score,
    Scorer,
    Window,
    around,
    chance_error,
    just_above,
    timed,
)
from gametheory.search.engine.table import Children, Table, answer
from gametheory.search.paths import Path
from gametheory.search.result import SearchStats
from gametheory.search.trace import Algorithm, Backup, Cutoff, Enter, Exit, Leaf, Trace

__all__ = ["ENGINE", "Iteration", "Counters", "Searcher"]

ENGINE = Algorithm("engine", "the engine (iterative deepening)", negamax=True, windowed=True)
"""The engine in the registry of searches (its traces are negamax traces with windows)."""

_CHECK_EVERY = 1023  # look at the clock once every 1024 nodes


@dataclass(frozen=True)
class Iteration(SearchStats):
    """The work and the answer of one depth of ``iterative_deepening``.

    Attributes
    ----------
    depth : int
        The depth searched.
    value : float
        The value found at this depth, for the player to move at the root.
    move
        The best move at this depth.
    researches : int
        How many times an aspiration window failed and the depth was searched again.
    table_hits : int
        Positions answered from the transposition table without a search.
    """

    depth: int = 0
    value: float = 0.0
    move: Any = None
    researches: int = 0
    table_hits: int = 0


@dataclass(slots=True)
class Counters:
    """The work of a search, counted as it goes.

    >>> spent = Counters(nodes=3, leaves=2)
    >>> spent.add(Counters(nodes=4, leaves=3, cutoffs=1))
    >>> spent.nodes, spent.leaves, spent.cutoffs
    (7, 5, 1)
    """

    nodes: int = 0
    """Positions visited, the root included."""
    leaves: int = 0
    """Positions scored by the rules or the evaluation."""
    cutoffs: int = 0
    """Nodes that stopped before their last move."""
    deepest: int = 0
    """The deepest ply reached."""
    hits: int = 0
    """Positions answered by the transposition table."""
    horizon: int = 0
    """Positions where the search stopped at the depth limit, not at the end of the game
    (an answer of the table counts those of the search it remembers)."""

    def add(self, other: Counters) -> None:
        """Count ``other``'s nodes, leaves and cutoffs too (the totals of a call)."""
        self.nodes += other.nodes
        self.leaves += other.leaves
        self.cutoffs += other.cutoffs


def _no_deadline() -> None:
    """The clock of a search without a deadline (never looked at)."""


class Searcher:
    """The searches of one ``iterative_deepening`` call: the root, the transposition table
    and the move ordering they share, the work they did, and the answer of the last depth
    that finished (:attr:`last`, :attr:`line`, :attr:`trace`).

    Raises
    ------
    UnsupportedGameError
        At a chance position (use ``expectiminimax``).
    """

    def __init__(
        self,
        game: Game[Any, Any],
        root: Any,
        evaluate: Evaluation,
        *,
        tracing: bool = False,
        leaf_value: LeafValue | None = None,
    ) -> None:
        self.game, self.root, self.tracing = game, root, tracing
        self.root_player = game.to_move(root)
        if self.root_player == CHANCE:
            raise chance_error(root)
        self.make = successor_of(game)
        self.to_move, self.legal_moves = game.to_move, game.legal_moves
        self.scorer = Scorer(game, evaluate, self.root_player, leaf_value)
        self.leaf, self.leaf_value = self.scorer.leaf, leaf_value
        self.table, self.ordering = Table(), Ordering(game, self.make, self.leaf)
        # the work of all the depths (abandoned ones included), and of the depth under way
        self.spent, self.counters = Counters(), Counters()
        self.last: Iteration | None = None
        self.line: tuple[Any, ...] = ()
        self.trace: Trace | None = None
        self.reached_horizon = False
        # the search under way: the best line below the node at each ply, as linked pairs
        # (move, rest) that share their tails; what it records; when to look at the clock
        self.lines: list[Any] = []
        self.record: _Recorder | None = None
        self.check_time: Callable[[], None] = _no_deadline
        self.next_check = math.inf

    def iteration(
        self, depth: int, aspiration: float | None, check_time: Callable[[], None] | None
    ) -> Iteration:
        """Search the root to ``depth``: first with a window of ``aspiration`` around the
        last depth's value, when asked, and again with the full window if the value falls
        outside. ``check_time()`` is called every 1024 nodes; it may raise to abandon the
        depth (the answer of the last finished one stays)."""
        started = time.perf_counter()
        self.counters = count = Counters()
        window = FULL_WINDOW
        if aspiration is not None and self.last is not None:
            window = around(self.last.value, aspiration)
        researches = 0
        try:
            score = self.run(depth, window, check_time)
            while not window[0] < score < window[1]:  # outside the aspiration window
                researches += 1
                window = FULL_WINDOW
                score = self.run(depth, window, check_time)
        finally:  # an abandoned depth still did its work
            self.spent.add(count)
        self.line = self.principal_variation(depth)
        self.trace = None if self.record is None else self.record.trace
        seconds, move = time.perf_counter() - started, self.line[0] if self.line else None
        stats = (count.nodes, count.leaves, count.cutoffs, count.deepest, seconds)
        self.last = Iteration(*stats, depth, float(score), move, researches, count.hits)
        return self.last

    def forget(self) -> None:
        """Drop the table and the positions the ordering kept: the search is over."""
        self.table, self.ordering = Table(), Ordering(self.game, self.make, self.leaf)

    def run(self, depth: int, window: Window, check_time: Callable[[], None] | None) -> Score:
        """One alpha-beta search of the root to ``depth`` with ``window``."""
        self.ordering.new_search(depth)
        self.lines = [() for _ in range(depth + 2)]
        self.record = _Recorder(self.game, self.root_player) if self.tracing else None
        self.check_time = check_time or _no_deadline
        self.next_check = self.counters.nodes + _CHECK_EVERY if check_time else math.inf
        horizon = self.counters.horizon
        score = self.negamax(self.root, self.root_player, depth, 0, *window)
        self.reached_horizon = self.counters.horizon > horizon
        return score

    def negamax(
        self, state: Any, mover: int, depth: int, ply: int, alpha: Score, beta: Score
    ) -> Score:
        """The score of ``state`` for ``mover``, the player to move there, searched
        ``depth`` plies deep with the window (alpha, beta); fail-soft: a score outside the
        window is a bound, as in the textbook."""
        count, record = self.counters, self.record
        count.nodes += 1
        self.lines[ply] = ()
        if record is not None:
            record.enter(state, mover, alpha, beta)
        # 1. a leaf: the depth limit is reached, or leaf_value knows the exact value (an
        # endgame database; the root is searched all the same, for its move)
        if self.leaf_value is not None and ply:
            exact = self.known(state, mover, ply)
            if exact is not None:
                return exact
        if depth == 0:
            return self.stop(state, mover, ply, self.game.is_terminal(state))
        # 2. the transposition table: an answer, or at least the move to try first, the
        # legal moves and the positions made (if the position was searched before)
        entry = self.table.entries.get(state)
        children: Children
        if entry is None:
            first, legal, children = None, self.legal_moves(state), {}
            if not legal:  # the game is over (no legal move, by the protocol's rule)
                return self.stop(state, mover, ply, True)
        else:
            if entry[0] == depth and (known := answer(entry, ply, alpha, beta)) is not None:
                return self.remembered(known, entry[4])
            # (no children kept: the table had no room for them)
            first, legal, children = entry[3], entry[5], entry[6] or {}
        # 3. one ply above the depth limit: score each child where it is made
        if depth == 1 and record is None:
            return self.frontier(state, mover, ply, (alpha, beta), legal, first, children)
        # 4. alpha-beta over the moves, most promising first
        horizon, window = count.horizon, (alpha, beta)
        best, best_move = -math.inf, None
        ordered = self.ordering.moves(state, legal, first, children, mover, depth, ply)
        for n, (move, child) in enumerate(ordered):
            if record is not None:
                record.down(legal, move)
            if n == 0 or record is not None:  # a trace shows each node once, with its full window
                score = self.search(child, mover, depth - 1, ply + 1, alpha, beta)
            else:  # principal-variation search: can it beat alpha at all? a null window says
                score = self.search(child, mover, depth - 1, ply + 1, alpha, just_above(alpha))
                if alpha < score < beta:  # it can: search it again for its value
                    score = self.search(child, mover, depth - 1, ply + 1, alpha, beta)
            if n == 0 or score > best:
                best, best_move = score, move
                if score > alpha:
                    alpha = score
                    self.lines[ply] = (move, self.lines[ply + 1])
            if record is not None:
                record.backup(best, alpha, beta)
            if alpha >= beta:  # the opponent will not let the game come here: stop
                count.cutoffs += 1
                self.ordering.cutoff(mover, move, depth, ply)
                if record is not None:
                    record.cutoff(legal, alpha, beta)
                break
        opened = count.horizon > horizon
        self.table.store(state, depth, ply, window, best, best_move, opened, legal, children)
        if record is not None:
            record.exit(best)
        return best

    def search(
        self, child: Any, mover: int, depth: int, ply: int, alpha: Score, beta: Score
    ) -> Score:
        """The score of ``child``, at ``ply``, for ``mover``, who moved there, with the
        window (alpha, beta): the child's own score, seen from the other side when the
        opponent moves there (negated, and the window too). Every 1024 nodes, look at the
        clock first."""
        count = self.counters
        if ply > count.deepest:
            count.deepest = ply
        if count.nodes >= self.next_check:
            self.look_at_the_clock()
        child_mover = self.to_move(child)
        if child_mover == mover:  # the same player moves again: no change of view
            return self.negamax(child, mover, depth, ply, alpha, beta)
        if child_mover == CHANCE:
            raise chance_error(child)
        return -self.negamax(child, child_mover, depth, ply, -beta, -alpha)

    def frontier(
        self,
        state: Any,
        mover: int,
        ply: int,
        window: Window,
        legal: Sequence[Any],
        first: Any,
        children: Children,
    ) -> Score:
        """Alpha-beta with ``window`` over the ``legal`` moves (the table's move ``first``
        first) one ply above the depth limit: each child is scored where it is made (see "The
        last ply for free"), or taken from ``children`` if it was made before, or scored by
        the game without being made (:class:`~gametheory.search.engine.scores.MoveValues`);
        not searched as a node of its own, it is counted as visited."""
        count, make, leaf = self.counters, self.make, self.leaf
        if ply >= count.deepest:
            count.deepest = ply + 1
        (alpha, beta), below = window, ply + 1
        best, best_move = -math.inf, None
        made = opened = 0  # children visited, and those where the game goes on (the horizon)
        move_value = self.scorer.move_value
        for move in self.ordering.frontier(state, legal, first):
            if move_value is not None:  # the game scores the position without making it
                value, over = move_value(state, move)
                score = timed(value, below) if over else value
            else:
                pair = children.get(move)
                if pair is None:
                    pair = children[move] = make(state, move)
                child, over = pair
                score = leaf(child, mover, below, over)
            made += 1
            opened += not over
            if made == 1 or score > best:
                best, best_move = score, move
                if score > alpha:
                    alpha = score
                    self.lines[ply] = (move, ())
                    if score >= beta:  # a cutoff: it counts for the history heuristic
                        count.cutoffs += 1  # (depth² = 1; killers are never asked for here)
                        self.ordering.history[mover][move] += 1
                        break
        count.nodes += made
        count.leaves += made
        count.horizon += opened
        self.table.store(state, 1, ply, window, best, best_move, opened > 0, legal, children)
        return best

    def look_at_the_clock(self) -> None:
        """Every 1024 nodes: ``check_time()`` may raise to abandon the search."""
        self.next_check = self.counters.nodes + _CHECK_EVERY
        self.check_time()

    def stop(self, state: Any, mover: int, ply: int, over: bool) -> Score:
        """A leaf at ``ply``: the depth limit, or the end of the game (``over``)."""
        self.counters.leaves += 1
        self.counters.horizon += not over
        score = self.leaf(state, mover, ply, over)
        if self.record is not None:
            self.record.leaf(score, over)
        return score

    def known(self, state: Any, mover: int, ply: int) -> Score | None:
        """A position below the root whose exact value ``leaf_value`` knows: a leaf."""
        score = self.scorer.known(state, mover, ply)
        if score is not None:
            self.counters.leaves += 1
            if self.record is not None:
                self.record.leaf(score, True)
        return score

    def remembered(self, score: Score, opened: bool) -> Score:
        """A position the transposition table answers."""
        self.counters.hits += 1
        self.counters.horizon += opened
        if self.record is not None:
            self.record.exit(score)
        return score

    def principal_variation(self, depth: int) -> tuple[Any, ...]:
        """The best line of the search just finished, completed from the table's exact
        entries where a table answer cut it short."""
        line: list[Any] = []
        linked, state = self.lines[0], self.root
        while len(line) < depth:
            if linked:
                move, linked = linked
            else:  # a table answer cut the line short: follow the exact entries after it
                move = self.table.exact_move(state, depth - len(line))
                if move is None:
                    break
            line.append(move)
            state = self.game.result(state, move)
        return tuple(line)


class _Recorder:
    """The trace of one search of the root: the events of the textbook searches, at paths of
    move indices, values for the player to move at each node."""

    def __init__(self, game: Game[Any, Any], root_player: int) -> None:
        self.game = game
        self.trace = Trace(ENGINE, root_player)
        # the game's own node names, if it has them (asked once: a Protocol check is slow)
        self.namer: NodeNames | None = game if isinstance(game, NodeNames) else None
        self.path = Path()  # the move indices from the root to the node under way
        self.tried: list[list[int]] = []  # for each node on the way, the children searched

    def enter(self, state: Any, mover: int, alpha: Score, beta: Score) -> None:
        path, trace = self.path, self.trace
        trace.players[path] = mover
        trace.states[path] = state
        own = self.namer.node_name(state) if self.namer is not None else None
        if own:  # any other node is named by its path when asked (Trace.name)
            trace.names[path] = own
        self.trace.events.append(Enter(path, float(alpha), float(beta)))
        self.tried.append([])

    def leaf(self, score: Score, terminal: bool) -> None:
        self.trace.events.append(Leaf(self.path, float(score), terminal))
        self.exit(score)

    def down(self, legal: Sequence[Any], move: Any) -> None:
        self.path = self.path + (legal.index(move),)
        self.tried[-1].append(self.path[-1])

    def backup(self, best: Score, alpha: Score, beta: Score) -> None:
        child, self.path = self.path[-1], self.path[:-1]
        self.trace.events.append(Backup(self.path, child, float(best), float(alpha), float(beta)))

    def cutoff(self, legal: Sequence[Any], alpha: Score, beta: Score) -> None:
        pruned = tuple(i for i in range(len(legal)) if i not in self.tried[-1])
        if pruned:
            self.trace.events.append(Cutoff(self.path, float(alpha), float(beta), pruned))

    def exit(self, score: Score) -> None:
        self.trace.events.append(Exit(self.path, float(score)))
        self.tried.pop()
