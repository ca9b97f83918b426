"""Self-checks for notebook 12 (Monte Carlo tree search).

All three exercises look at the same search: :func:`exercise_search`, twelve iterations
on the small tree :func:`exercise_tree`. The right answers are computed from its trace.

>>> from lesson_checks.mcts import check_ucb1, check_next_child, check_backup
>>> check_ucb1(1.078)
✓ Right: 2/7 + √2·√(ln 9 / 7) = 0.286 + 0.792 = 1.078.
True
>>> check_next_child("C")
✓ Right: C (a2) and D (a3) both score 1.096, above B's 1.078, and a tie goes to the first move.
True
>>> check_backup(3, 1 / 3)
✓ Right: C now has N = 3 and Q = 0.333 for MIN: (0 · 2 + 1) / 3.
True
"""

from __future__ import annotations

import math

from gametheory.search.mcts import mcts
from gametheory.search.mcts_trace import MCTSSnapshot, MCTSTrace
from gametheory.search.result import SearchResult
from gametheory.trees import GameTree, tree
from lesson_checks import Verdict, feedback, number

__all__ = [
    "exercise_tree",
    "exercise_search",
    "before_iteration",
    "check_ucb1",
    "check_next_child",
    "check_backup",
]

_SPEC = [[0, 1], [1, -1, 1], [-1, 0]]
_NEXT = 10  # the iteration the questions are about
_BACKUP = 11  # the iteration of the backpropagation question


def exercise_tree() -> GameTree:
    """The tree of the exercises (our own): MAX, then MIN, then payoffs for MAX.

    >>> print(exercise_tree().text().splitlines()[0])
    A (MAX)
    """
    return tree(_SPEC)


def exercise_search() -> SearchResult:
    """The search the exercises look at: mcts with seed 0 and √2, traced.

    >>> exercise_search().trace.iterations
    12
    """
    return mcts(exercise_tree(), iterations=12, seed=0, trace=True)


def _trace() -> MCTSTrace:
    found = exercise_search().trace
    assert isinstance(found, MCTSTrace)
    return found


def before_iteration(iteration: int) -> MCTSSnapshot:
    """The tree as iteration ``iteration`` finds it (after the previous one's last phase).

    >>> before_iteration(10).visits[()]
    9
    """
    trace = _trace()
    return trace.snapshot(0 if iteration == 1 else trace.step_of(iteration - 1, "backpropagation"))


def check_ucb1(score: object) -> Verdict:
    """Exercise: the UCB1 score of B (move a1) at the root, as iteration 10 begins.

    Before iteration 10 the root A has N = 9 visits and B has n = 7, with mean result
    Q = 2/7 for MAX; c = √2.

    >>> check_ucb1(0.286)
    ✗ Not yet: 0.286 is only Q, the mean; UCB1 adds the exploration bonus c·√(ln N / n).
    False
    >>> check_ucb1(0.808)
    ✗ Not yet: that looks like log base 10; UCB1 uses the natural logarithm, ln 9 ≈ 2.197.
    False
    """
    snap = before_iteration(_NEXT)
    big_n, n, q = snap.visits[()], snap.visits[(0,)], snap.value((0,), 0)
    assert q is not None
    c = math.sqrt(2)
    bonus = c * math.sqrt(math.log(big_n) / n)
    right = q + bonus
    given = number(score)
    if given is None:
        return feedback(False, f"answer with a number, not {score!r}")
    if math.isclose(given, right, abs_tol=0.005):
        return feedback(
            True,
            f"2/7 + √2·√(ln {big_n} / {n}) = {q:.3f} + {bonus:.3f} = {right:.3f}",
        )
    mistakes = {
        "only Q, the mean; UCB1 adds the exploration bonus c·√(ln N / n)": q,
        "only the exploration bonus; add Q, the mean result for MAX (2/7)": bonus,
        "what you get without c; multiply the square root by c = √2": q + bonus / c,
        "what you get with N and n swapped: the parent's visits go inside the logarithm": q
        + c * math.sqrt(math.log(n) / big_n),
        "what you get with Q for MIN; at the root MAX chooses, so Q is for MAX": -q + bonus,
    }
    for why, value in mistakes.items():
        if math.isclose(given, value, abs_tol=0.005):
            return feedback(False, f"{given:g} is {why}")
    others = _score(snap, (1,))  # C's and D's score (one visit each, Q = −1)
    if math.isclose(given, others, abs_tol=0.005):
        return feedback(
            False,
            f"{given:g} is the score of C and D (n = 1, Q = −1 for MAX), or what N = {big_n + 1} "
            f"would give; the question is about B as iteration {_NEXT} begins: N = {big_n}, "
            f"n = {n}, Q = 2/7",
        )
    if math.isclose(given, q + c * math.sqrt(math.log10(big_n) / n), abs_tol=0.005):
        return feedback(
            False,
            f"that looks like log base 10; UCB1 uses the natural logarithm, ln {big_n} ≈ "
            f"{math.log(big_n):.3f}",
        )
    return feedback(False, "use Q + c·√(ln N / n) with Q = 2/7, N = 9, n = 7 and c = √2 ≈ 1.414")


def check_next_child(name: str) -> Verdict:
    """Exercise: where does selection go from the root in iteration 10? Answer a node (B, C,
    D) or its move (a1, a2, a3).

    >>> check_next_child("B")
    ✗ Not yet: B has the best mean (0.286 for MAX), but it has had 7 of the 9 visits: its bonus is small. Compute all three scores.
    False
    """
    trace = _trace()
    snap = before_iteration(_NEXT)
    scores = {(i,): _score(snap, (i,)) for i in range(3)}
    chosen = tuple(trace.events[trace.step_of(_NEXT) - 1].path[:1])
    names = {path: (trace.name(path), trace.label(path)) for path in scores}
    given = str(name).strip()
    picked = next((p for p, ns in names.items() if given in ns or given.upper() in ns), None)
    if picked is None:
        listed = ", ".join(f"{n} ({m})" for n, m in names.values())
        return feedback(False, f"{name!r} is not a child of the root; choose one of {listed}")
    best = max(scores.values())
    tied = [p for p in scores if math.isclose(scores[p], best)]
    if picked == chosen:
        others = [p for p in tied if p != chosen]
        first = names[chosen]
        if others:
            other = names[others[0]]
            return feedback(
                True,
                f"{first[0]} ({first[1]}) and {other[0]} ({other[1]}) both score "
                f"{best:.3f}, above B's {scores[(0,)]:.3f}, and a tie goes to the first move",
            )
        return feedback(True, f"{first[0]} has the best UCB1 score, {best:.3g}")
    if picked in tied:
        return feedback(
            False,
            f"{names[picked][0]} ties for the best score ({best:.3f}), but a tie goes to the "
            "first move in the game's order",
        )
    mean = snap.value(picked, 0)
    return feedback(
        False,
        f"{names[picked][0]} has the best mean ({mean:.3g} for MAX), but it has had "
        f"{snap.visits[picked]} of the {snap.visits[()]} visits: its bonus is small. Compute "
        "all three scores",
    )


def _score(snap: MCTSSnapshot, path: tuple[int, ...]) -> float:
    q = snap.value(path, 0)
    assert q is not None
    return q + math.sqrt(2) * math.sqrt(math.log(snap.visits[()]) / snap.visits[path])


def check_backup(visits: object, q: object) -> Verdict:
    """Exercise: iteration 11 goes through C and adds C's second child, whose playout ends
    with a win for MIN (B). Before it, C had N = 2 and Q = 0 (for MIN, who moves at C).
    What are N and Q at C afterwards?

    >>> check_backup(3, -1 / 3)
    ✗ Not yet: that is Q for MAX; at C, MIN moves, and Q is the mean result for the player to move there.
    False
    >>> check_backup(2, 1 / 3)
    ✗ Not yet: the visit counts too: every node on the way gets N + 1.
    False
    """
    trace = _trace()
    before = before_iteration(_BACKUP)
    after = trace.snapshot(trace.step_of(_BACKUP, "backpropagation"))
    right_n = after.visits[(1,)]
    right_q = after.values[(1,)]
    old_n = before.visits[(1,)]
    old_q = before.values[(1,)]
    given_q, given_n = number(q), number(visits)
    if given_n is None or not given_n.is_integer() or given_q is None:
        return feedback(False, "answer with a whole number of visits and a number for Q")
    visits = int(given_n)
    if visits != right_n:
        hint = (
            "the visit counts too: every node on the way gets N + 1"
            if visits == old_n
            else f"C had N = {old_n} and this iteration passes through it once"
        )
        return feedback(False, hint)
    if math.isclose(given_q, right_q, abs_tol=0.005):
        return feedback(
            True,
            f"C now has N = {right_n} and Q = {right_q:.3f} for MIN: ({fmt_q(old_q)} · {old_n} "
            f"+ 1) / {right_n}",
        )
    if math.isclose(given_q, -right_q, abs_tol=0.005):
        return feedback(
            False,
            "that is Q for MAX; at C, MIN moves, and Q is the mean result for the player to "
            "move there",
        )
    return feedback(
        False,
        f"Q is a mean: the old total ({fmt_q(old_q)} · {old_n}) plus the new result (+1 for "
        f"MIN), divided by the new N",
    )


def fmt_q(q: float) -> str:
    """A mean as the sentences write it: ``0``, ``0.5``, ``−0.333``."""
    text = f"{q:.3g}"
    return text.replace("-", "−")
