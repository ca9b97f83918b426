"""The step-by-step mode: the search's questions in the order it meets them, each answer
graded and explained."""

from __future__ import annotations

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
