"""Hypothesis strategies shared by the tests, and seeded random games of Abapa."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import strategies as st

from gametheory import tree
from gametheory.games.abapa import Abapa, AbapaRules, AbapaState
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


ABAPA_GRAND_SLAMS = ["no_capture", "capture", "forbidden", "leave_first", "leave_last"]
ABAPA_CYCLES = ["repetition", "below_four"]
abapa_rules = st.builds(
    AbapaRules,
    grand_slam=st.sampled_from(ABAPA_GRAND_SLAMS),
    cycle=st.sampled_from(ABAPA_CYCLES),
    houses_per_side=st.sampled_from([2, 3, 4, 6]),
    seeds_per_house=st.sampled_from([1, 2, 3, 4, 5]),
)
"""Every rule variant, on boards from 2 to 6 houses a side with 1 to 5 seeds a house."""


@st.composite
def abapa_positions(draw: st.DrawFn) -> tuple[Abapa, AbapaState]:
    """Any Abapa position under any rules: stores below the winning threshold, the rest of
    the seeds spread over the board, one side often empty (the feeding rule's case), either
    player to move. It may be finished (the mover has no move)."""
    rules = AbapaRules(
        grand_slam=draw(st.sampled_from(["no_capture", "capture", "forbidden", "leave_first"])),
        cycle=draw(st.sampled_from(["repetition", "below_four"])),
        houses_per_side=draw(st.sampled_from([2, 3, 6])),
        seeds_per_house=draw(st.integers(1, 4)),
    )
    game = Abapa(rules)
    n, total = rules.houses_per_side, rules.total_seeds
    store_a = draw(st.integers(0, rules.win_threshold - 1))
    store_b = draw(st.integers(0, min(rules.win_threshold - 1, total - store_a)))
    on_board = total - store_a - store_b
    empty_side = draw(st.sampled_from([None, None, 0, 1]))
    houses = [0] * (2 * n)
    places = [i for i in range(2 * n) if empty_side is None or i // n != empty_side]
    lopsided = draw(st.booleans())  # most seeds in one house, as a long game makes them
    for _ in range(on_board):
        pick = places[-1] if lopsided and draw(st.booleans()) else draw(st.sampled_from(places))
        houses[pick] += 1
    return game, game.state(houses, (store_a, store_b), to_move=draw(st.sampled_from([0, 1])))


MAX_PLIES = 2_000  # random games end within a few hundred plies (longest seen: about 300)


def abapa_random_game(game: Abapa, seed: int) -> list[tuple[AbapaState, int]]:
    """(position, move) pairs of a random game, plus the final position with move 0."""
    rng = random.Random(seed)
    state = game.initial_state()
    steps: list[tuple[AbapaState, int]] = []
    while not game.is_terminal(state):
        assert len(steps) < MAX_PLIES, "the game did not end"
        move = rng.choice(game.legal_moves(state))
        steps.append((state, move))
        state = game.result(state, move)
    steps.append((state, 0))
    return steps
