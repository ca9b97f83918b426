# A FROZEN BASELINE: the engine as it was on main before issue 22 restructured it
# (gametheory/search/engine/searcher.py at commit bf091b9), kept only so that
# benchmarks/bench_engine.py can time the restructured engine against it in one process.
# Never imported by the package or the tests; never edited (only this comment and the
# module's docstring line below were added). Its imports are the package's public modules.
"""The engine before issue 22 (a frozen baseline for the benchmark): the iterations of
:func:`iterative_deepening` (see :mod:`gametheory.search.engine` for the ideas)."""

from __future__ import annotations

import gc
import math
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import count
from typing import Any, TypeAlias

from gametheory.checks import checked_evaluation, checked_order, checked_state, whole_number
from gametheory.core import (
    CHANCE,
    Evaluation,
    Game,
    GameError,
    MoveOrdering,
    NodeNames,
    Successor,
    UnsupportedGameError,
)
from gametheory.search.result import SearchResult, SearchStats
from gametheory.search.trace import Algorithm, Backup, Cutoff, Enter, Exit, Leaf, Trace

__all__ = [
    "ENGINE",
    "iterative_deepening",
    "Iteration",
    "Successor",
    "MoveOrdering",
    "TABLE_LIMIT",
    "MADE_LIMIT",
]

Score: TypeAlias = tuple[float, int]
"""``(value, tempo)``: the value for the player to move, then the tie-break on speed."""

EXACT, LOWER, UPPER = 0, 1, 2
"""Transposition-table flags: the stored score is the value, at least it, or at most it."""

WIN_TEMPO = 1 << 30
"""Tempo of a win at ply 0; a win at ply p has tempo ``WIN_TEMPO - p``, a loss the opposite."""

TEMPO_INF = 1 << 40
"""Beyond every real tempo: window bounds ``(v, ±TEMPO_INF)`` sit just outside value v."""

FULL_WINDOW = ((-math.inf, -TEMPO_INF), (math.inf, TEMPO_INF))
"""The window that holds every score, infinite values included (a win worth ``+inf`` found
at once scores ``(inf, WIN_TEMPO)``, which ``(inf, 0)`` would not hold)."""

TABLE_LIMIT = 4_000_000
"""At most this many positions are kept in the transposition table (about 1 GB)."""

MADE_LIMIT = 100_000
"""At most this many positions keep the positions their moves lead to (a few hundred MB)."""

_CHECK_EVERY = 1023  # look at the clock once every 1024 nodes
_MAX_PLIES = 10_000  # the deepest line the recursion may follow
_NUMBERS = (int, float)
_clock: Callable[[], float] = time.perf_counter


@dataclass(frozen=True)
class Iteration(SearchStats):
    """The work and the answer of one depth of :func:`iterative_deepening`.

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


ENGINE = Algorithm("engine", "the engine (iterative deepening)", negamax=True, windowed=True)
"""The engine in the registry of searches (its traces are negamax traces with windows)."""


class _OutOfTime(Exception):
    """Raised inside the search when the time limit has passed."""


def iterative_deepening(
    game: Game[Any, Any],
    state: Any = None,
    max_depth: int | None = None,
    evaluate: Evaluation | None = None,
    *,
    time_limit: float | None = None,
    aspiration: float | None = None,
    step: int = 1,
    trace: bool = False,
) -> SearchResult:
    """Search depth 1, 2, … ``max_depth`` with the fast alpha-beta; return the last answer.

    Parameters
    ----------
    game, state
        The game and the position (its initial position by default).
    max_depth
        The deepest search, in plies. None searches until the game is solved (every line
        ends with the game over), the value is proven, or, in a game that goes round in
        circles, the depth reaches the number of its positions (see "Knowing when to stop"
        above); only small games allow that without a ``time_limit``.
    evaluate
        ``evaluate(state, player) -> float``, needed with a ``max_depth``. With
        ``max_depth=None`` and no evaluation, unfinished positions count 0 in the
        shallower depths, and the final, complete search does not need it.
    time_limit
        Seconds. The depth under way when time runs out is abandoned and the answer of the
        last finished depth is returned; the first depth always finishes.
    aspiration
        Half-width of the aspiration window, in evaluation units (None: no aspiration).
    step
        Deepen by this many plies: 1 searches every depth, 2 every other depth, ending at
        ``max_depth`` (the first depth is then 1 or 2).
    trace
        Record the events of the last finished depth (paths, windows and values as in the
        textbook searches, values for the player to move at each node). A traced search
        gives every move the full window and visits the last ply one node at a time, so
        each node appears once, as in the textbook; it is slower, not different in value.

    Returns
    -------
    SearchResult
        ``value`` equals ``alphabeta(game, state, depth, evaluate).value`` for the last
        finished depth. ``move`` is one of the best moves: among equal values the engine
        prefers the quickest win or the slowest loss, then the move it searched first, so
        it may differ from the textbook's first-in-``legal_moves`` choice. ``iterations``
        holds one :class:`Iteration` per finished depth; ``stats`` adds up all the work,
        an abandoned depth included; ``stopped`` says why it stopped deepening
        (``"max_depth"``, ``"solved"``, ``"proven"``, ``"cycles"`` or ``"time_limit"``).

    Raises
    ------
    GameError
        For a bad ``max_depth``, ``time_limit``, ``aspiration`` or ``step``, a depth without
        an evaluation function, a ``state`` that is not a position of ``game``, a game's
        ``order_moves`` that loses or adds moves, or a line deeper than about 10,000 plies.
    UnsupportedGameError
        At a chance position (use ``expectiminimax``).

    Examples
    --------
    >>> from gametheory import tree, alphabeta
    >>> t = tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> result = iterative_deepening(t)
    >>> result.value, result.move, result.value == alphabeta(t).value
    (3.0, 0, True)
    >>> from gametheory.games.nim import Nim
    >>> result = iterative_deepening(Nim(13), max_depth=6, evaluate=lambda s, p: 0)
    >>> result.move, [it.depth for it in result.iterations]
    (1, [1, 2, 3, 4, 5, 6])
    >>> result = iterative_deepening(Nim(13), max_depth=6, evaluate=lambda s, p: 0, step=2)
    >>> result.move, [it.depth for it in result.iterations]
    (1, [2, 4, 6])

    Notes
    -----
    The transposition table lives for one call. Positions must be hashable and must
    determine the rest of the game (the protocol's rule), or the table would mix them up.
    """
    root = checked_state(game, state)
    if max_depth is not None:
        max_depth = whole_number(max_depth, "max_depth", minimum=1, or_none=True)
    if max_depth is not None and evaluate is None:
        raise GameError(
            f"iterative_deepening with max_depth={max_depth} needs an evaluation function to "
            "score the positions where it stops: pass evaluate=, or max_depth=None to solve "
            "the game"
        )
    for name, number in (("time_limit", time_limit), ("aspiration", aspiration)):
        if number is not None and (
            isinstance(number, bool) or not isinstance(number, _NUMBERS) or not number >= 0
        ):
            raise GameError(f"{name} must be a number >= 0 or None, got {number!r}")
    step = whole_number(step, "step", minimum=1)
    if game.to_move(root) == CHANCE:
        raise UnsupportedGameError(
            "iterative_deepening cannot search chance positions; use expectiminimax"
        )
    if max_depth is None:
        depths: Iterable[int] = count(1, step)
    else:  # the last depth is max_depth
        depths = range((max_depth - 1) % step + 1, max_depth + 1, step)
    start = _clock()
    deadline = None if time_limit is None else start + time_limit
    search = _Search(game, root, evaluate or _zero, tracing=trace)
    old_limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old_limit, 2 * _MAX_PLIES + 200))  # two calls a ply
    collecting = gc.isenabled()
    gc.disable()  # see "Garbage collection paused" above
    finished: list[Iteration] = []
    pv: tuple[Any, ...] = ()  # the last finished depth's line and trace (only the last: the
    last_trace: Trace | None = None  # lines of all the depths would take depth² memory)
    reachable = _Reachable(game, root) if max_depth is None else None
    stopped = "max_depth"
    try:
        for depth in depths:
            if finished and deadline is not None and _clock() >= deadline:
                stopped = "time_limit"
                break
            previous = finished[-1] if finished else None
            known = len(search.table)
            try:  # the first depth always finishes
                done, pv, last_trace = search.iteration(
                    depth, previous, aspiration, deadline if finished else None
                )
            except _OutOfTime:
                stopped = "time_limit"
                break
            finished.append(done)
            if not search.reached_horizon:  # solved: deeper searches give the same value
                stopped = "solved"
                break
            # Once a depth meets no new position, the game may go round in circles: count
            # its positions, a little at a time (in all, a 32nd of the search's work). A
            # game that keeps meeting new ones is never counted.
            if reachable is not None and (reachable.started or len(search.table) == known):
                size = reachable.count(budget=search.total_nodes // 32)
            else:
                size = None
            if size is not None:  # see "Knowing when to stop" above
                positions, best, worst = size
                value = done.value
                if evaluate is None and ((value == best > 0) or (value == worst < 0)):
                    stopped = "proven"
                    break
                if depth >= positions:
                    stopped = "cycles"
                    break
    except RecursionError:
        raise GameError(
            f"iterative_deepening: the game goes deeper than the engine can follow (about "
            f"{_MAX_PLIES} plies); pass a smaller max_depth"
        ) from None
    finally:
        sys.setrecursionlimit(old_limit)
        if collecting:
            gc.enable()
    last = finished[-1]
    stats = SearchStats(
        nodes=search.total_nodes,
        leaves=search.total_leaves,
        cutoffs=search.total_cutoffs,
        max_depth=max(it.max_depth for it in finished),
        seconds=_clock() - start,
    )
    return SearchResult(
        value=last.value,
        move=last.move,
        pv=pv,
        stats=stats,
        trace=last_trace,
        iterations=tuple(finished),
        stopped=stopped,
    )


def _zero(state: Any, player: int) -> float:
    return 0.0


class _Reachable:
    """The positions reachable from ``root`` and the best and worst utility (for the player to
    move at ``root``) of the finished ones among them, found depth first, a budget at a
    time."""

    def __init__(self, game: Game[Any, Any], root: Any) -> None:
        self.game = game
        self.player = game.to_move(root)
        self.seen = {root}
        self.todo = [] if game.is_terminal(root) else [root]
        self.utilities: set[float] = set()
        if not self.todo:
            self.utilities.add(float(game.utility(root, self.player)))
        self.found: tuple[int, float, float] | None = None
        self.started = self.given_up = False
        self.expanded = 0
        if isinstance(game, Successor):
            self.make = game.successor
        else:

            def make(state: Any, move: Any) -> tuple[Any, bool]:
                child = game.result(state, move)
                return child, game.is_terminal(child)

            self.make = make

    def count(self, budget: int) -> tuple[int, float, float] | None:
        """``(positions, best, worst)`` once every position is found, else None (also when
        there are more than a quarter of :data:`TABLE_LIMIT`: too many to count).
        ``budget`` is how many positions may have been expanded in all, this call
        included."""
        if self.found is not None or self.given_up:
            return self.found
        self.started = True
        seen, todo, make = self.seen, self.todo, self.make
        legal_moves, utility, player = self.game.legal_moves, self.game.utility, self.player
        for _ in range(max(budget - self.expanded, 1)):
            if not todo:
                utilities = self.utilities or {0.0}
                self.found = (len(seen), max(utilities), min(utilities))
                self.seen = set()  # only the numbers are needed from now on
                return self.found
            self.expanded += 1
            state = todo.pop()
            for move in legal_moves(state):
                child, over = make(state, move)
                if child not in seen:
                    seen.add(child)
                    if over:
                        self.utilities.add(float(utility(child, player)))
                    else:
                        todo.append(child)
            if len(seen) > TABLE_LIMIT // 4:
                self.given_up = True
                self.seen, self.todo = set(), []
                return None
        return None


class _Search:
    """The state shared by the iterations of one :func:`iterative_deepening` call."""

    def __init__(
        self, game: Game[Any, Any], root: Any, evaluate: Evaluation, *, tracing: bool
    ) -> None:
        self.game = game
        self.root = root
        self.evaluate = evaluate
        self.root_player = game.to_move(root)
        self.tracing = tracing
        # position -> (depth, flag, score with node-relative tempo, best move, whether its
        # search stopped at the depth limit somewhere)
        self.table: dict[Any, tuple[int, int, Score, Any, bool]] = {}
        # position -> (the positions its moves lead to, their evaluations for ordering)
        self.made: dict[Any, tuple[dict[Any, tuple[Any, bool]], dict[Any, Score]]] = {}
        self.history: tuple[defaultdict[Any, int], defaultdict[Any, int]] = (
            defaultdict(int),
            defaultdict(int),
        )
        self.reached_horizon = False
        self.work = [0, 0, 0, 0, 0]
        self.total_nodes = self.total_leaves = self.total_cutoffs = 0

    def iteration(
        self,
        depth: int,
        previous: Iteration | None,
        aspiration: float | None,
        deadline: float | None,
    ) -> tuple[Iteration, tuple[Any, ...], Trace | None]:
        """Search the root to ``depth``; an aspiration window first when asked."""
        started = _clock()
        researches = 0
        full = FULL_WINDOW
        window = full
        if aspiration is not None and previous is not None:
            v = previous.value
            window = ((v - aspiration, -TEMPO_INF), (v + aspiration, TEMPO_INF))
        self.work = [0, 0, 0, 0, 0]  # nodes, leaves, cutoffs, deepest ply, table hits
        while True:
            score, pv, trace = self._run(depth, window, deadline)
            if window[0] < score < window[1]:
                break
            researches += 1  # the value lies outside the aspiration window: widen it
            window = full
        nodes, leaves, cutoffs, deepest, hits = self.work
        done = Iteration(
            nodes=nodes,
            leaves=leaves,
            cutoffs=cutoffs,
            max_depth=deepest,
            seconds=_clock() - started,
            depth=depth,
            value=float(score[0]),
            move=pv[0] if pv else None,
            researches=researches,
            table_hits=hits,
        )
        return done, pv, trace

    def _run(
        self, depth: int, window: tuple[Score, Score], deadline: float | None
    ) -> tuple[Score, tuple[Any, ...], Trace | None]:
        """One alpha-beta search of the root with the given window."""
        game = self.game
        to_move = game.to_move
        legal_moves = game.legal_moves
        result = game.result
        is_terminal = game.is_terminal
        utility = game.utility
        evaluate = self.evaluate
        root_player = self.root_player
        table = self.table
        made = self.made
        history = self.history
        killers: list[list[Any]] = [[] for _ in range(depth + 1)]
        # lines[ply]: the best line below the node at ply, as linked pairs (move, rest)
        lines: list[Any] = [() for _ in range(depth + 2)]
        nodes = leaves = cutoffs = deepest = hits = horizon = 0
        next_check = _CHECK_EVERY
        tracing = self.tracing
        trace = Trace(ENGINE, root_player) if tracing else None
        path: list[int] = []  # move indices from the root, kept only when tracing
        scout = not tracing  # a trace shows each node once, with the textbook window
        guess_order = game.order_moves if isinstance(game, MoveOrdering) else None
        if isinstance(game, Successor):  # the game can skip checks the engine does not need
            make = game.successor
        else:

            def make(state: Any, move: Any) -> tuple[Any, bool]:
                child = result(state, move)
                return child, is_terminal(child)

        def leaf(state: Any, mover: int, ply: int, over: bool) -> Score:
            """The score of ``state`` for ``mover`` if the search stopped there: the rules'
            value (with its tempo) if the game is ``over``, else the evaluation."""
            if to_move(state) == CHANCE:
                raise _chance(state)
            if over:
                value = utility(state, root_player)
                value = value if mover == root_player else -value
                tempo = WIN_TEMPO - ply if value > 0 else ply - WIN_TEMPO if value < 0 else 0
                return (value, tempo)
            value = evaluate(state, root_player)
            if value.__class__ not in _NUMBERS or value != value:
                value = checked_evaluation(evaluate, state, root_player)
            return (value if mover == root_player else -value, 0)

        def negamax(
            state: Any, mover: int, depth: int, ply: int, alpha: Score, beta: Score
        ) -> Score:
            """The score of ``state`` for ``mover`` (the player to move there), fail-soft."""
            nonlocal nodes, leaves, cutoffs, deepest, hits, horizon, next_check
            nodes += 1
            if ply > deepest:
                deepest = ply
            if deadline is not None and nodes >= next_check:
                next_check = nodes + _CHECK_EVERY
                if _clock() >= deadline:
                    raise _OutOfTime
            lines[ply] = ()
            if trace is not None:
                _enter(game, trace, tuple(path), state, mover, alpha, beta)
            if mover == CHANCE:
                raise _chance(state)
            # 1. a leaf: the depth limit is reached, or the game is over
            if depth == 0:
                leaves += 1
                terminal = is_terminal(state)
                score = leaf(state, mover, ply, terminal)
                horizon += not terminal
                if trace is not None:
                    where = tuple(path)
                    trace.events += [Leaf(where, score[0], terminal), Exit(where, score[0])]
                return score
            legal = legal_moves(state)
            if not legal:  # no legal move exactly when the game is over (the protocol's rule)
                return game_over(state, mover, ply)

            # 2. the transposition table: an answer, or at least the move to try first
            first = None
            entry = table.get(state)
            if entry is not None:
                stored_depth, flag, score, first, opened = entry
                if stored_depth == depth:
                    if score[1]:
                        score = _from_table(score, ply)
                    if (
                        flag == EXACT
                        or (flag == LOWER and score >= beta)
                        or (flag == UPPER and score <= alpha)
                    ):
                        hits += 1
                        horizon += opened
                        if trace is not None:
                            trace.events.append(Exit(tuple(path), score[0]))
                        return score

            # 3. one ply above the depth limit: score each child where it is made
            if depth == 1 and trace is None:
                return frontier(state, mover, ply, alpha, beta, legal, first)

            # 4. alpha-beta in negamax form over the moves, most promising first. After the
            # first move, principal-variation search: first try to prove a move no better
            # than the best so far with a null window (alpha, just above alpha), which is
            # cheap, and search it again with the full window only when that proof fails.
            horizon_before = horizon
            alpha_in = alpha
            best: Score = (-math.inf, 0)
            best_move = None
            tried = []
            for n, (move, (child, _)) in enumerate(ordered(state, legal, first, mover, depth, ply)):
                tried.append(move)
                child_mover = to_move(child)
                if trace is not None:
                    path.append(legal.index(move))
                if n == 0 or not scout:
                    score = search(child, mover, child_mover, depth - 1, ply + 1, alpha, beta)
                else:
                    just_above = (alpha[0], alpha[1] + 1)
                    score = search(child, mover, child_mover, depth - 1, ply + 1, alpha, just_above)
                    if alpha < score < beta:
                        score = search(child, mover, child_mover, depth - 1, ply + 1, alpha, beta)
                if trace is not None:
                    path.pop()
                if n == 0 or score > best:
                    best = score
                    best_move = move
                    if score > alpha:
                        alpha = score
                        lines[ply] = (move, lines[ply + 1])
                if trace is not None:
                    trace.events.append(
                        Backup(tuple(path), legal.index(move), best[0], alpha[0], beta[0])
                    )
                if alpha >= beta:
                    cutoffs += 1
                    history[mover][move] += depth * depth
                    if move not in killers[ply]:
                        killers[ply] = [move, *killers[ply][:1]]
                    if trace is not None and len(tried) < len(legal):
                        pruned = tuple(i for i, m in enumerate(legal) if m not in tried)
                        trace.events.append(Cutoff(tuple(path), alpha[0], beta[0], pruned))
                    break

            remember(state, depth, best, alpha_in, beta, ply, best_move, horizon > horizon_before)
            if trace is not None:
                trace.events.append(Exit(tuple(path), best[0]))
            return best

        def frontier(
            state: Any,
            mover: int,
            ply: int,
            alpha: Score,
            beta: Score,
            legal: Sequence[Any],
            first: Any,
        ) -> Score:
            """Alpha-beta one ply above the depth limit: the table's move, then the game's
            guess at the best (:class:`MoveOrdering`) or else its order (measured: better
            here than killers and history), each child scored as it is made instead of being
            searched as a node of its own."""
            nonlocal nodes, leaves, cutoffs, deepest, horizon
            moves = legal if guess_order is None else guessed(state, legal)
            if first is not None and first != moves[0] and first in moves:
                moves = [first, *[m for m in moves if m != first]]
            child_ply = ply + 1
            if child_ply > deepest:
                deepest = child_ply
            ours = mover == root_player
            alpha_in = alpha
            best: Score = (-math.inf, 0)
            best_move = None
            made_here = opened = 0  # children made, and those not over (the horizon)
            for move in moves:
                child, over = make(state, move)
                made_here += 1
                if over:
                    score = leaf(child, mover, child_ply, True)
                else:
                    opened += 1
                    if to_move(child) == CHANCE:
                        raise _chance(child)
                    value = evaluate(child, root_player)
                    if value.__class__ not in _NUMBERS or value != value:
                        value = checked_evaluation(evaluate, child, root_player)
                    score = (value, 0) if ours else (-value, 0)
                if made_here == 1 or score > best:
                    best = score
                    best_move = move
                    if score > alpha:
                        alpha = score
                        lines[ply] = (move, ())
                        if score >= beta:
                            cutoffs += 1
                            history[mover][move] += 1
                            break
            nodes += made_here
            leaves += made_here
            horizon += opened
            remember(state, 1, best, alpha_in, beta, ply, best_move, opened > 0)
            return best

        def guessed(state: Any, moves: Sequence[Any]) -> Sequence[Any]:
            """The game's order_moves, checked to return the same moves."""
            assert guess_order is not None
            return checked_order(guess_order, state, moves)

        def remember(
            state: Any,
            depth: int,
            best: Score,
            alpha: Score,
            beta: Score,
            ply: int,
            move: Any,
            reached_horizon: bool,
        ) -> None:
            """Store what the search of ``state`` with the window (alpha, beta) found."""
            if len(table) < TABLE_LIMIT or state in table:
                flag = UPPER if best <= alpha else LOWER if best >= beta else EXACT
                table[state] = (
                    depth,
                    flag,
                    _to_table(best, ply) if best[1] else best,
                    move,
                    reached_horizon,
                )

        def ordered(
            state: Any, legal: Sequence[Any], first: Any, mover: int, depth: int, ply: int
        ) -> Iterator[tuple[Any, tuple[Any, bool]]]:
            """The moves and the positions they lead to, most promising first: the table's
            move; then, far from the depth limit, by how good the position after the move
            looks right now (its evaluation), ties by killer moves and the history heuristic;
            near the limit, by the game's guess (:class:`MoveOrdering`) or in its order. A
            position is made only when its move's turn comes, or when it is needed for the
            order: a cutoff by the table's move saves making the others."""
            # measured on Abapa: two plies above the limit its guess orders as well as the
            # evaluations and costs far less; one ply above, it is the game's order or guess
            guessing = depth < 2 or (depth < 3 and guess_order is not None)
            known = None if guessing else made.get(state)  # what an earlier depth made here
            rest = list(legal)
            first_child = None
            if first is not None and first in rest:
                rest.remove(first)
                first_child = known[0][first] if known else make(state, first)
                yield first, first_child
            if guessing:
                if guess_order is not None:
                    rest = list(guessed(state, rest))
                for move in rest:
                    yield move, make(state, move)
                return
            if known is None:
                children = {move: make(state, move) for move in rest}
                guess = {m: leaf(c, mover, ply + 1, over) for m, (c, over) in children.items()}
                if first_child is not None:  # remembered too: the next depth may order it
                    children[first] = first_child
                    guess[first] = leaf(first_child[0], mover, ply + 1, first_child[1])
                if len(made) < MADE_LIMIT and len(children) == len(legal):
                    made[state] = (children, guess)
            else:
                children, guess = known
            killer = killers[ply]
            score_of = history[mover]
            rest.sort(key=lambda m: (guess[m], m in killer, score_of[m]), reverse=True)
            for move in rest:
                yield move, children[move]

        def game_over(state: Any, mover: int, ply: int) -> Score:
            """A finished game met before the depth limit."""
            nonlocal leaves
            leaves += 1
            score = leaf(state, mover, ply, True)
            if trace is not None:
                where = tuple(path)
                trace.events += [Leaf(where, score[0], True), Exit(where, score[0])]
            return score

        def search(
            child: Any,
            mover: int,
            child_mover: int,
            depth: int,
            ply: int,
            alpha: Score,
            beta: Score,
        ) -> Score:
            """The score of ``child`` for ``mover``, searched with the window (alpha, beta)."""
            if child_mover == mover:  # the same player moves again: no change of view
                return negamax(child, child_mover, depth, ply, alpha, beta)
            score = negamax(
                child, child_mover, depth, ply, (-beta[0], -beta[1]), (-alpha[0], -alpha[1])
            )
            return (-score[0], -score[1])

        try:
            score = negamax(self.root, to_move(self.root), depth, 0, window[0], window[1])
        finally:  # an abandoned search still did its work
            self.total_nodes += nodes
            self.total_leaves += leaves
            self.total_cutoffs += cutoffs
            work = self.work
            work[0] += nodes
            work[1] += leaves
            work[2] += cutoffs
            work[3] = max(work[3], deepest)
            work[4] += hits
            # negamax and search call each other: a reference cycle that would keep this
            # depth's lines and killers until the paused collector runs again. Break it.
            search = _searched
        self.reached_horizon = horizon > 0
        line = []
        linked = lines[0]
        while linked:
            move, linked = linked
            line.append(move)
        return score, self._extend(tuple(line), depth), trace

    def _extend(self, line: tuple[Any, ...], depth: int) -> tuple[Any, ...]:
        """Complete a principal variation cut short by a table answer, from exact entries."""
        state = self.root
        for move in line:
            state = self.game.result(state, move)
        extended = list(line)
        while len(extended) < depth:
            entry = self.table.get(state)
            if entry is None or entry[0] != depth - len(extended) or entry[1] != EXACT:
                break
            extended.append(entry[3])
            state = self.game.result(state, entry[3])
        return tuple(extended)


def _searched(
    child: Any, mover: int, child_mover: int, depth: int, ply: int, alpha: Score, beta: Score
) -> Score:
    """Stands in for a finished iteration's search function (see ``_Search._run``)."""
    raise RuntimeError("this iteration is over")


def _chance(state: Any) -> UnsupportedGameError:
    return UnsupportedGameError(
        f"iterative_deepening reached the chance position {state!r}; use expectiminimax for "
        "games with dice or cards"
    )


def _to_table(score: Score, ply: int) -> Score:
    """Make a tempo count from this position rather than from the root, for storing."""
    value, tempo = score
    return (value, tempo + ply if tempo > 0 else tempo - ply if tempo < 0 else 0)


def _from_table(score: Score, ply: int) -> Score:
    """The inverse of :func:`_to_table` for a position met at ``ply``."""
    value, tempo = score
    return (value, tempo - ply if tempo > 0 else tempo + ply if tempo < 0 else 0)


def _enter(
    game: Game[Any, Any],
    trace: Trace,
    path: tuple[int, ...],
    state: Any,
    mover: int,
    alpha: Score,
    beta: Score,
) -> None:
    trace.players[path] = mover
    trace.states[path] = state
    if isinstance(game, NodeNames):
        trace.names[path] = game.node_name(state) or trace.name(path)
    trace.events.append(Enter(path, alpha[0], beta[0]))
