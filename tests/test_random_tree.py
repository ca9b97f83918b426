"""random_tree draws its trees without recursion: the same trees as before, at any depth."""

from __future__ import annotations

import random
import sys
from typing import Any

import pytest

from gametheory.trees import random_tree, tree


# -- deep trees ---------------------------------------------------------------------------------
def recursive_spec(rng: random.Random, lo: int, hi: int, depth: int, level: int = 0) -> Any:
    """How random_tree drew its trees before (by recursion): the same draws, in order."""
    if level == depth:
        return rng.randint(-9, 9)
    return [recursive_spec(rng, lo, hi, depth, level + 1) for _ in range(rng.randint(lo, hi))]


@pytest.mark.parametrize(("lo", "hi", "depth", "seed"), [(1, 1, 0, 1), (2, 2, 3, 1), (1, 3, 4, 2)])
def test_random_tree_draws_the_same_trees_without_recursion(
    lo: int, hi: int, depth: int, seed: int
) -> None:
    expected = tree(recursive_spec(random.Random(seed), lo, hi, depth))
    assert repr(random_tree((lo, hi), depth, seed=seed)) == repr(expected)


def test_random_tree_deeper_than_the_recursion_limit() -> None:
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(1000)  # Python's default, whatever an earlier test left
    try:
        chain = random_tree(1, 3000, seed=1)
    finally:
        sys.setrecursionlimit(limit)
    assert len(chain) == 3001
