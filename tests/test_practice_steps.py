"""The step-by-step mode: the search's questions in the order it meets them, each answer
graded and explained."""

from __future__ import annotations

import math
from typing import Any

import pytest

from gametheory import Drill, tree

TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def test_steps_walk_the_textbook_search() -> None:
    drill = Drill("alphabeta", tree(TEXTBOOK))
    steps = drill.steps()
    assert [(s.ask, s.node) for s in steps] == [
        ("window", "A"),
        ("window", "B"),
        ("cut", "B"),
        ("cut", "B"),
        ("value", "B"),
        ("cut", "A"),
        ("window", "C"),
        ("cut", "C"),
        ("value", "C"),
        ("cut", "A"),
        ("window", "D"),
        ("cut", "D"),
        ("cut", "D"),
        ("value", "D"),
        ("value", "A"),
    ]
    replies = [
        "-inf, inf",
        "−∞ ∞",
        "no",
        "n",
        3,
        "no",
        "3, inf",
        "yes",
        "2",
        "no",
        "[3, +∞]",
        "no",
        "no",
        2,
        3.0,
    ]
    results = [drill.answer(step, reply) for step, reply in zip(steps, replies, strict=True)]
    assert all(r.correct for r in results) and results[-1].score == 1.0
    assert results[7].message == (
        "Right: α-cutoff at C: 2 ≤ α = 3, so the rest of its children (I, J) are never looked at."
    )
    wrong = drill.answer(steps[6], "−∞, ∞")
    assert not wrong.correct and wrong.first_wrong == "C"
    assert "Enter C (MIN) with window [α = 3, β = +∞]" in wrong.message
    assert wrong.score == 1.0  # the first try counts
    assert drill.record()["score"] == 1.0


def test_steps_of_the_other_kinds_ask_for_values_or_labels() -> None:
    assert [s.question for s in Drill("minimax", tree(TEXTBOOK)).steps()] == [
        "Value B returns?",
        "Value C returns?",
        "Value D returns?",
        "Value A returns?",
    ]
    andor = Drill("andor", tree([[1, -1], [1, 1]]))
    steps = andor.steps()
    assert [s.question for s in steps][0] == "Label of B (W, L or D)?"
    assert andor.answer(steps[0], "L").correct and not andor.answer(steps[1], "L").correct
    assert "is not a label" in andor.answer(steps[2], "maybe").message


def test_the_step_at_a_deep_cutoff_says_where_its_bound_comes_from_as_check_does() -> None:
    """The student trial: one step at a time, a deep cutoff was told without the
    explanation that ``check`` gives ("a deep cutoff: α = … is A's best so far, …")."""
    from gametheory.practice import Drill

    found = 0
    for seed in range(2024, 2034):
        drill = Drill("alphabeta", seed=seed, level=3)
        for step in drill.steps():
            if step.ask == "cut" and step.expected:
                said = str(drill.answer(step, "yes"))
                deep = "(a deep cutoff:" in said
                found += deep
                if deep:
                    assert said.startswith("✓") and "best so far, passed down through" in said
    assert found >= 5  # level 3 promises a deep cutoff in every tree


def _windows_by_hand(node: Any, alpha: float, beta: float, out: dict[str, tuple]) -> float:
    """The textbook alpha-beta, written out here: the window each inner node is entered with
    (the oracle for :meth:`Drill.check_window`)."""
    if node.is_leaf:
        return float(node.payoff if node.payoff is not None else node.evaluation)
    out[node.name] = (alpha, beta)
    best = -math.inf if node.player == 0 else math.inf
    for child in node.children:
        value = _windows_by_hand(child, alpha, beta, out)
        if node.player == 0:
            best, alpha = max(best, value), max(alpha, value)
        else:
            best, beta = min(best, value), min(beta, value)
        if alpha >= beta:
            break
    return best


@pytest.mark.parametrize("seed", range(12))
def test_check_window_accepts_the_window_each_node_is_entered_with_and_nothing_else(
    seed: int,
) -> None:
    drill = Drill("alphabeta", seed=seed, level=1 + seed % 3)
    entered: dict[str, tuple] = {}
    _windows_by_hand(drill.tree.node(()), -math.inf, math.inf, entered)
    for name in drill.inner:
        if name not in entered:  # under a cut: never entered
            right, text = drill.check_window(name, "-inf, inf")
            assert not right and "never entered" in text
            continue
        alpha, beta = entered[name]
        assert drill.check_window(name, f"{alpha}, {beta}")[0], (seed, name)
        if math.isfinite(beta):
            wrong = (alpha, beta - 1)
        else:
            wrong = (alpha + 1, beta) if math.isfinite(alpha) else (0.0, beta)
        right, text = drill.check_window(name, f"{wrong[0]}, {wrong[1]}")
        assert not right and name in text
    assert drill.attempts == 0
    for leaf in drill.leaves[:1]:
        assert drill.check_window(leaf, "1, 2") == (
            False,
            f"{leaf} is a leaf, so it has no window: leave its α, β empty.",
        )
    assert "There is no node" in drill.check_window("ZZZ", "1, 2")[1]
