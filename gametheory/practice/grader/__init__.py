"""Grade a student's own search, step by step, and name the mistake.

:func:`grade` runs a function the student wrote — ``minimax``, ``negamax``, ``alphabeta``,
``alphabeta_negamax``, ``expectiminimax``, ``ucb1`` or an MCTS ``backup`` — on seeded random
trees of the drill levels (and on any trees given), through a *watched game*: every question
the function asks the game is written down. It compares what the function did with what the
search does, node by node, in the order the search visits them: the leaves scored, the
window each node is given, the value each node returns. The first step where they part is
the :class:`Divergence`; when the student's function behaves exactly like a mistake of the
catalogue (:data:`BUGS`) on every tree, the report names it.

The functions use only the game protocol — ``to_move``, ``legal_moves``, ``result``,
``is_terminal``, ``utility``, ``chance_outcomes`` — and positions are opaque: the function
cannot look inside them, only ask the game. The signatures:

* ``minimax(game, state) -> float``: the value for MAX (player 0);
* ``negamax(game, state) -> float``: the value for the player to move;
* ``alphabeta(game, state, alpha, beta) -> float``: minimax form, the value for MAX; the root
  is called with ``(-inf, +inf)``;
* ``alphabeta_negamax(game, state, alpha, beta) -> float``: for the player to move;
* ``expectiminimax(game, state) -> float``: the value for MAX; a chance position has
  ``game.to_move(state) == CHANCE`` (−1) and ``game.chance_outcomes(state)`` pairs each
  outcome (a move) with its probability;
* a search may also take ``depth`` and ``evaluate`` (by those names): it is then graded with a
  depth limit, ``evaluate(state, player)`` scoring the positions where it stops;
* ``ucb1(child_mean, child_visits, parent_visits, c) -> float``: the UCB1 score of a child
  whose mean result is ``child_mean`` for the player choosing at the parent (the mean, the
  total already divided by the visits: the textbook's W/n);
* ``backup(node, reward)``: add one playout's ``reward`` (its result for player 0: +1, 0, −1)
  to ``node`` and every node above it; a node is a :class:`BackupNode`.

A student's code is hostile input: a function that raises, calls itself without end, loops,
returns None, a string or NaN, or tries to change a position gets a message that names what
happened, within ``time_limit`` seconds per tree, and the grader's own traceback is never
shown.

>>> def minimax(game, state):
...     if game.is_terminal(state):
...         return game.utility(state, 0)
...     values = [minimax(game, game.result(state, m)) for m in game.legal_moves(state)]
...     return max(values) if game.to_move(state) == 0 else min(values)
>>> grade(minimax, "minimax", seed=1).passed
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from numbers import Real
from typing import Any

from gametheory.core import CHANCE, GameError
from gametheory.practice import sandbox
from gametheory.practice.grader.catalogue import BUGS, Bug
from gametheory.practice.grader.choice import _choose_trees
from gametheory.practice.grader.kinds import KIND
from gametheory.practice.grader.mcts import BackupNode
from gametheory.practice.grader.report import Divergence, Report, _message
from gametheory.practice.grader.running import _parameters
from gametheory.practice.grader.verdict import _grade_search
from gametheory.practice.levels import stream
from gametheory.trees import GameTree, tree

__all__ = ["BUGS", "KINDS", "BackupNode", "Bug", "Divergence", "Report", "grade"]


KINDS = tuple(KIND)
"""What :func:`grade` can grade."""


def grade(
    function: Callable[..., Any],
    kind: str,
    *,
    seed: int | None = None,
    trees: Sequence[Any] | None = None,
    level: int = 1,
    time_limit: float = 2.0,
    strict: bool = False,
) -> Report:
    """Run the student's ``function`` as the search ``kind`` on seeded trees, step by step.

    Parameters
    ----------
    function
        The student's function, with the signature of its kind (see the module docstring).
    kind
        One of :data:`KINDS`.
    seed
        Seeds the random trees (and the cases of ``ucb1`` and ``backup``); the same seed
        gives the same tests. None: seed 0.
    trees
        Trees (or tree specs, as :func:`~gametheory.trees.tree` takes) to test first; the
        random trees follow, as many as it takes to tell every mistake of the catalogue from
        the right search (at least three).
    level
        1, 2 or 3: the size of the random trees (depth 3 or 4, up to 24 leaves) and of the
        values (level 1: 1..9; then −9..9).
    time_limit
        Seconds per test: a function that runs longer is stopped and told so.
    strict
        Raise an ``AssertionError`` with the message unless the function passed (for an
        nbgrader autograder cell).

    Returns
    -------
    Report

    Examples
    --------
    >>> def alphabeta(game, state, alpha, beta):
    ...     if game.is_terminal(state):
    ...         return game.utility(state, 0)
    ...     for move in game.legal_moves(state):
    ...         value = alphabeta(game, game.result(state, move), alpha, beta)
    ...         if game.to_move(state) == 0:
    ...             alpha = max(alpha, value)
    ...         else:
    ...             beta = min(beta, value)
    ...         if alpha > beta:
    ...             break
    ...     return alpha if game.to_move(state) == 0 else beta
    >>> report = grade(alphabeta, "alphabeta", seed=3)
    >>> report.passed, report.bug.title
    (False, 'the cutoff test with > where ≥ is enough')
    """
    if sandbox.inside_run():
        raise GameError(
            "grade(...) was called from inside the function being graded: move the grade "
            "line out of your function (one indent less)"
        )
    if kind not in KINDS:
        raise GameError(f"kind must be one of {', '.join(KINDS)}; got {kind!r}")
    if not callable(function):
        raise GameError(f"grade needs your function itself (without brackets), got {function!r}")
    if not isinstance(level, int) or isinstance(level, bool) or level not in (1, 2, 3):
        raise GameError(f"level must be 1, 2 or 3, got {level!r}")
    if isinstance(time_limit, bool) or not isinstance(time_limit, Real) or not 0 < time_limit <= 60:
        raise GameError(f"time_limit must be a number of seconds in (0, 60], got {time_limit!r}")
    seed = 0 if seed is None else seed
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise GameError(f"seed must be a whole number (or None), got {seed!r}")
    rng = stream(seed)
    chosen: tuple[GameTree, ...] = ()
    trace_step = None
    convention = None
    name = getattr(function, "__name__", kind)
    step = KIND[kind].step
    if step is not None:
        passed, divergence, bug, tests = step(function, rng, level, float(time_limit))
    else:
        given = [_given_tree(t, kind) for t in trees or ()]
        depth_limited = "depth" in _parameters(function, kind)
        chosen = tuple(_choose_trees(kind, level, seed, given, depth_limited))
        passed, divergence, bug, convention, trace_step = _grade_search(
            function, kind, list(chosen), float(time_limit), depth_limited
        )
        tests = len(chosen)
    message = _message(name, kind, passed, divergence, bug, convention, tests, level, seed, chosen)
    if not sandbox.isolation_available():
        message += (
            " (Graded in this process: no child process can be had here, so only an alarm "
            "and a trace guard the time, and work inside C code or a loop in a bare except "
            "can outlast them.)"
        )
    report = Report(
        kind, passed, divergence, bug, message, convention, level, seed, tests, chosen, trace_step
    )
    if strict and not passed:
        raise AssertionError(message)
    return report


def _given_tree(spec: Any, kind: str) -> GameTree:
    t = spec if isinstance(spec, GameTree) else tree(spec)
    if not KIND[kind].chance and any(n.player == CHANCE and not n.is_leaf for n in t):
        raise GameError(f"a tree for {kind} must have no chance nodes (that is expectiminimax's)")
    if len(t) > 200:
        raise GameError(f"a tree for grading has at most 200 nodes; this one has {len(t)}")
    return t
