"""Self-checks for notebook 07 (alpha-beta pruning).

>>> from lesson_checks.alphabeta import check_pruned
>>> check_pruned({"Q", "R", "U", "V"})
✓ Right: alpha-beta never looks at Q, R, U, V.
True
>>> check_best_case_leaves(31)
✓ Right: with the best order alpha-beta evaluates 4^2 + 4^2 − 1 = 31 of the 256 leaves.
True
"""

from __future__ import annotations

from collections.abc import Iterable

from gametheory.search.alphabeta import alphabeta
from gametheory.search.trace import Trace
from gametheory.trees import GameTree, tree
from lesson_checks import Verdict, feedback, number, whole_numbers

__all__ = [
    "exercise_tree",
    "pruned_leaves",
    "check_pruned",
    "best_case_leaves",
    "check_best_case_leaves",
    "CHECKERS_ALFABETA",
    "checkers_pseudocode",
    "check_checkers_bugs",
]

_SPEC = [[[5, 7], [2, 9]], [[6, 1], [8, 3]], [[4, 4], [0, 2]]]


def exercise_tree() -> GameTree:
    """The tree of the "your turn" exercise: MAX, MIN, MAX, then twelve leaves K … V.

    >>> [leaf.name for leaf in exercise_tree().leaves()][:3]
    ['K', 'L', 'M']
    """
    return tree(_SPEC)


def pruned_leaves(t: GameTree) -> set[str]:
    """The names of the leaves alpha-beta (moves in the given order) never looks at.

    >>> sorted(pruned_leaves(exercise_tree()))
    ['Q', 'R', 'U', 'V']
    """
    cut = alphabeta(t, trace=True).trace
    assert isinstance(cut, Trace)
    pruned = cut.snapshot().pruned
    return {leaf.name for leaf in t.leaves() if any(leaf.path[: len(p)] == p for p in pruned)}


def check_pruned(names: Iterable[str]) -> Verdict:
    """Exercise: which leaves of :func:`exercise_tree` does alpha-beta never look at?

    >>> check_pruned({"B"})
    ✗ Not yet: B is not a leaf: the leaves are K to V (draw_tree(exercise) shows their names).
    False
    >>> check_pruned({"Q", "R", "K"})
    ✗ Not yet: K must be looked at: step to it in the explorer and watch the window [α, β].
    False
    >>> check_pruned({"Q", "R"})
    ✗ Not yet: alpha-beta skips 2 more leaves: look for the moment a node's value leaves the window [α, β].
    False
    """
    if isinstance(names, str):
        names = [names]
    t = exercise_tree()
    leaves = [leaf.name for leaf in t.leaves()]
    given = {str(name).strip().upper() for name in names}
    strangers = sorted(given - set(leaves))
    if strangers:
        what = ", ".join(strangers)
        verb = "is not a leaf" if len(strangers) == 1 else "are not leaves"
        return feedback(
            False,
            f"{what} {verb}: the leaves are {leaves[0]} to {leaves[-1]} "
            "(draw_tree(exercise) shows their names)",
        )
    truth = pruned_leaves(t)
    if given == truth:
        return feedback(True, f"alpha-beta never looks at {', '.join(sorted(truth))}")
    wrong = sorted(given - truth)
    if wrong:
        it = "it" if len(wrong) == 1 else "them"
        return feedback(
            False,
            f"{', '.join(wrong)} must be looked at: step to {it} in the explorer and watch "
            "the window [α, β]",
        )
    return feedback(
        False,
        f"alpha-beta skips {len(truth - given)} more leaves: look for the moment a node's "
        "value leaves the window [α, β]",
    )


def best_case_leaves(branching: int, depth: int) -> int:
    """Leaves alpha-beta evaluates on a uniform tree when every node tries its best move
    first: b^⌈d/2⌉ + b^⌊d/2⌋ − 1 (Knuth and Moore, 1975).

    >>> best_case_leaves(3, 2), best_case_leaves(4, 4)
    (5, 31)
    """
    return int(branching ** ((depth + 1) // 2) + branching ** (depth // 2) - 1)


def check_best_case_leaves(answer: object, branching: int = 4, depth: int = 4) -> Verdict:
    """Exercise: how many leaves does alpha-beta evaluate, with the best move order, on a
    uniform tree of ``branching`` and ``depth``?

    >>> check_best_case_leaves(256)
    ✗ Not yet: 256 = 4^4 is every leaf, what minimax evaluates; with the best order alpha-beta needs far fewer.
    False
    >>> check_best_case_leaves(16)
    ✗ Not yet: 16 = 4^(4/2) is the rough size; count exactly: b^⌈d/2⌉ + b^⌊d/2⌋ − 1.
    False
    """
    b, d = branching, depth
    truth = best_case_leaves(b, d)
    value = number(answer)
    if value is None or not value.is_integer():
        return feedback(False, f"{answer!r} is not a whole number of leaves")
    n = int(value)
    if n == truth:
        formula = f"{b}^{(d + 1) // 2} + {b}^{d // 2} − 1"
        return feedback(
            True,
            f"with the best order alpha-beta evaluates {formula} = {truth} of the {b**d} leaves",
        )
    if n == b**d:
        return feedback(
            False,
            f"{n} = {b}^{d} is every leaf, what minimax evaluates; with the best order "
            "alpha-beta needs far fewer",
        )
    if n in (b ** (d // 2), b ** ((d + 1) // 2), 2 * b ** (d // 2)):
        return feedback(
            False,
            f"{n} = {b}^({d}/2) is the rough size; count exactly: b^⌈d/2⌉ + b^⌊d/2⌋ − 1"
            if n != 2 * b ** (d // 2)
            else f"{n} = 2·{b}^({d}/2) counts one leaf twice: the two halves share the best line",
        )
    return feedback(
        False,
        f"not {n}: the best order evaluates b^⌈d/2⌉ + b^⌊d/2⌋ − 1 leaves; put in b = {b}, d = {d}",
    )


CHECKERS_ALFABETA = """\
alfabeta(Pozicia, HlbkaPrehladavania, alfa, beta)
{
NajlepsiaHodnota=-∞;
if(HlbkaPrehladavania<=0 || KoncovaPozicia(Pozicia)==TRUE)
return OhodnotPoziciu(Pozicia);
pocet=ZistiPocetMoznychTahov(Pozicia);
for(IndexTahu=1, IndexTahu<pocet, IndexTahu++)
{
UrobTah(Pozicia, IndexTahu);
//hodnoty alfa a beta sa musia “prevratit” pre druheho hraca
Hodnota=-minimax(Pozicia, HlbkaPrehladavania-1, -beta, -alfa);
VratTah(Pozicia, IndexTahu);
if(Hodnota>NajlepsiaHodnota)
NajlepsiaHodnota=Hodnota;
//ak sa najde nevyhodna hodnota pre maximalizujuceho hraca, tak
//sa z danej nevyhodnej vetvy hned ”vyskoci” a usetri sa cas
if(NajlepsiaHodnota>=beta)
break; //vyskocenie z for cyklu
if(NajlepsiaHodnota>alfa)
alfa=NajlepsiaHodnota;
}
return NajlepsiaHodnota;
}"""
"""The alpha-beta pseudocode of the checkers thesis (chapter 4), exactly as it stands."""

_BUGS = {
    7: "line 7 starts the moves at 1 and stops before pocet, so one move is never tried (the "
    "first if moves are numbered from 0, the last if from 1; and C wants ; not , there)",
    11: "line 11 calls minimax, a function this listing does not define, not alfabeta "
    "itself: as printed, the window (−β, −α) goes to another function and alfabeta never "
    "searches below the root with it",
}
_COMMENT = (
    "lines 15–16 are a comment, not code: they say the branch is left because it is "
    "unfavourable for the maximizing player, which is right at the opponent's nodes only (at "
    "MAX's own nodes a value ≥ β is cut because it is too good: MIN will not allow it); no "
    "instruction is wrong there"
)
_FINE = {
    3: "line 3 is right: the best so far starts below every value",
    4: "lines 4–5 are right: at the depth limit or the end of the game, evaluate (for the "
    "player to move, as negamax needs)",
    5: "lines 4–5 are right: at the depth limit or the end of the game, evaluate (for the "
    "player to move, as negamax needs)",
    13: "lines 13–14 are right: keep the best value so far",
    14: "lines 13–14 are right: keep the best value so far",
    15: _COMMENT,
    16: _COMMENT,
    17: "lines 17–18 are right: a value ≥ β is the cutoff of negamax form (the opponent will "
    "not allow this line), so the loop stops",
    18: "lines 17–18 are right: a value ≥ β is the cutoff of negamax form (the opponent will "
    "not allow this line), so the loop stops",
    19: "lines 19–20 are right: a better value raises α for the moves still to come",
    20: "lines 19–20 are right: a better value raises α for the moves still to come",
    22: "line 22 is right: negamax form returns the best value for the player to move",
}


def checkers_pseudocode() -> str:
    """:data:`CHECKERS_ALFABETA` with line numbers, for the spot-the-bug exercise.

    >>> print(checkers_pseudocode().splitlines()[6])
     7  for(IndexTahu=1, IndexTahu<pocet, IndexTahu++)
    """
    lines = CHECKERS_ALFABETA.splitlines()
    return "\n".join(f"{i:2}  {line}" for i, line in enumerate(lines, 1))


def check_checkers_bugs(lines: Iterable[int] | int | str) -> Verdict:
    """Exercise: which two lines of :func:`checkers_pseudocode` are wrong?

    >>> check_checkers_bugs({7, 11})
    ✓ Right: line 7 starts the moves at 1 and stops before pocet, so one move is never tried (the first if moves are numbered from 0, the last if from 1; and C wants ; not , there); line 11 calls minimax, a function this listing does not define, not alfabeta itself: as printed, the window (−β, −α) goes to another function and alfabeta never searches below the root with it.
    True
    >>> check_checkers_bugs({7, 17})
    ✗ Not yet: lines 17–18 are right: a value ≥ β is the cutoff of negamax form (the opponent will not allow this line), so the loop stops.
    False
    >>> check_checkers_bugs([7])
    ✗ Not yet: line 7 is one; one more is wrong: look at the function the loop calls.
    False
    """
    numbers = whole_numbers(lines)
    if numbers is None:
        return feedback(False, "give the line numbers as a set of whole numbers, e.g. {3, 5}")
    given = set(numbers)
    n = len(CHECKERS_ALFABETA.splitlines())
    outside = sorted(x for x in given if not 1 <= x <= n)
    if outside:
        verb = "is not one of them" if len(outside) == 1 else "are not among them"
        return feedback(
            False, f"the lines are numbered 1 to {n}; {', '.join(map(str, outside))} {verb}"
        )
    fine = sorted(given - set(_BUGS))
    if fine:
        return feedback(False, _FINE.get(fine[0], f"line {fine[0]} is fine as it stands"))
    if given == set(_BUGS):
        return feedback(True, "; ".join(_BUGS[line] for line in sorted(_BUGS)))
    if given == {7}:
        return feedback(
            False, "line 7 is one; one more is wrong: look at the function the loop calls"
        )
    if given == {11}:
        return feedback(
            False, "line 11 is one; one more is wrong: look at the moves the loop tries"
        )
    return feedback(False, "two lines are wrong: give both line numbers, e.g. {3, 5}")
