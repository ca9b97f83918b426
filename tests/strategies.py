"""Hypothesis strategies shared by the tests."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from gametheory import tree
from gametheory.trees import Chance, GameTree


def specs(max_leaves: int = 40, values: tuple[int, int] = (-9, 9)) -> st.SearchStrategy[Any]:
    """Nested-list tree specs with integer leaves (ties are likely, on purpose)."""
    leaf = st.integers(*values)
    return st.recursive(
        leaf, lambda kids: st.lists(kids, min_size=1, max_size=4), max_leaves=max_leaves
    )


def trees(max_leaves: int = 40) -> st.SearchStrategy[GameTree]:
    return specs(max_leaves).map(tree)


@st.composite
def chance_specs(draw: st.DrawFn, depth: int = 3) -> Any:
    """Specs with chance nodes mixed in."""
    if depth == 0 or draw(st.booleans()):
        return draw(st.integers(-9, 9))
    n = draw(st.integers(1, 3))
    children = [draw(chance_specs(depth - 1)) for _ in range(n)]
    if draw(st.booleans()):
        weights = [draw(st.integers(1, 4)) for _ in range(n)]
        total = sum(weights)
        return Chance([(w / total, c) for w, c in zip(weights, children, strict=True)])
    return children
