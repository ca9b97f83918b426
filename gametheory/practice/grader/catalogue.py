"""The catalogue of mistakes: one :class:`Bug` a mistake, by name (:data:`BUGS`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Bug:
    """A mistake of the catalogue: its short name, its title, and what to change."""

    name: str
    title: str
    advice: str


BUGS: dict[str, Bug] = {
    bug.name: bug
    for bug in (
        Bug(
            "handed-off",
            "the work handed to the package's own search",
            "the exercise is to write the search yourself: ask the game only (to_move, "
            "legal_moves, result, is_terminal, utility) and recurse on your own function",
        ),
        Bug(
            "alternation",
            "the players assumed to alternate",
            "ask game.to_move(state) at every node: the same player may move twice in a row, "
            "so MAX and MIN cannot be told by the depth or by flipping a flag",
        ),
        Bug(
            "best-zero",
            "best started at 0",
            "start best at −∞ at MAX and +∞ at MIN: any real value must beat the start, and "
            "0 beats every negative one",
        ),
        Bug(
            "wrong-node",
            "α and β moved at the wrong node type: MAX lowers β, MIN raises α (in negamax "
            "form, where every node is MAX, β lowered)",
            "MAX raises α (α = max(α, value)); MIN lowers β (β = min(β, value)); in negamax "
            "form every node raises α, and the child's window (−β, −α) does the rest",
        ),
        Bug(
            "cut-before-update",
            "the cutoff before the update",
            "count the child's value into best (and α or β) first, then test α ≥ β",
        ),
        Bug(
            "returns-swapped",
            "the returns swapped: β at MAX, α at MIN",
            "return α at a MAX node and β at a MIN node (or best, fail-soft)",
        ),
        Bug(
            "cut-test-turned",
            "the cut test turned round: α ≤ β",
            "stop when α ≥ β: the window has closed",
        ),
        Bug("swapped", "α and β swapped", "MAX raises α and MIN lowers β; pass (α, β) on"),
        Bug(
            "strict",
            "the cutoff test with > where ≥ is enough",
            "stop as soon as α ≥ β: a tie already proves the other children cannot matter",
        ),
        Bug(
            "not-passed-down",
            "the window not passed down",
            "give each child both bounds you know, the ones you received as well as the one "
            "you raised, so that the root's α reaches the deeper nodes (deep cutoffs)",
        ),
        Bug(
            "full-window",
            "the children searched with (−∞, +∞) instead of the current window (the same, "
            "from the root down, as giving each child the window the node received)",
            "pass each child the node's current window, α and β as the earlier children moved them",
        ),
        Bug(
            "sign-value",
            "negamax's sign forgotten on the value",
            "a child's value is for the opponent: negate it before you compare",
        ),
        Bug(
            "sign-window",
            "negamax's sign forgotten on the window",
            "the child sees the window from the other side: pass (−β, −α)",
        ),
        Bug(
            "window-not-swapped",
            "the window not swapped in negamax: (−α, −β) instead of (−β, −α)",
            "negating the bounds turns them round: the child's α is −β and its β is −α",
        ),
        Bug(
            "max-min-swapped",
            "MAX and MIN swapped",
            "player 0 (MAX) takes the largest value, player 1 (MIN) the smallest",
        ),
        Bug(
            "max-everywhere",
            "MIN forgotten: the largest value everywhere",
            "at player 1's positions take the smallest value",
        ),
        Bug(
            "terminal-player",
            "the terminal value for the wrong player",
            "score a finished game with game.utility(state, p) for the player p the values are for",
        ),
        Bug(
            "depth-early",
            "a depth off by one: it stops a ply too early",
            "stop when depth == 0, not when depth == 1",
        ),
        Bug(
            "depth-late",
            "a depth off by one: it looks a ply too deep",
            "stop when depth reaches 0 and evaluate there; count one ply per move",
        ),
        Bug(
            "inner-evaluated",
            "evaluating inner nodes",
            "only finished positions have a utility, and only the positions at the depth "
            "limit are evaluated; at the others, look at the moves",
        ),
        Bug(
            "no-probabilities",
            "averaging without the probabilities",
            "a chance node is worth Σ p · value over its outcomes",
        ),
        Bug(
            "weighted-twice",
            "weighting twice: Σ p · value divided by the number of outcomes",
            "the probabilities already sum to 1: do not divide again",
        ),
        Bug(
            "backup-no-flip",
            "the reward backed up without the sign flip",
            "a node's total is for the player who chose it: add the reward for that player "
            "(−reward for player 1)",
        ),
        Bug(
            "backup-flip-by-level",
            "the sign flipped at every level instead of by player",
            "players need not alternate: add the reward as node.player sees it",
        ),
        Bug(
            "ucb-log-child",
            "UCB1 with the log of the child's visits",
            "the bonus is c·√(ln N / n): N the parent's visits, n the child's",
        ),
        Bug("ucb-no-sqrt", "UCB1 without the square root", "the bonus is c·√(ln N / n)"),
        Bug(
            "ucb-mean-divided",
            "the mean divided by the visits again",
            "child_mean is already the mean (the total W divided by the visits n): use it as "
            "it is, Q = child_mean",
        ),
        Bug(
            "ucb-unvisited",
            "an unvisited child not taken first",
            "a child with no visits scores +∞, so that every move is tried once",
        ),
    )
}
"""The catalogue of mistakes, by name."""


def either(names: Sequence[str]) -> Bug:
    """The mistakes ``names`` as one :class:`Bug`, where what was seen of a function cannot
    tell them apart (a mistake alone is itself); the name joins theirs with `` or ``.

    >>> bug = either(["swapped", "strict"])
    >>> bug.name, bug.title
    ('swapped or strict', 'α and β swapped” or “the cutoff test with > where ≥ is enough')
    >>> either(["swapped"]) == BUGS["swapped"]
    True
    """
    bugs = [BUGS[name] for name in names]
    if len(bugs) == 1:
        return bugs[0]
    return Bug(
        " or ".join(names),
        "” or “".join(bug.title for bug in bugs),
        "; or ".join(bug.advice for bug in bugs),
    )
