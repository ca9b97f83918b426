"""Counting the pure subgame-perfect equilibria of a tree without listing them (their number
grows exponentially with the ties): the machinery behind the ``total`` of
:func:`gametheory.theory.extensive_form.backward_induction`.

>>> from gametheory.theory.extensive_form import ExtensiveFormGame
>>> tie = ExtensiveFormGame({"L": {"a": (1, 0), "b": (3, 0)}, "R": (2, 5)})
>>> count_equilibria(list(reversed(tie.nodes.values())), 2)
2
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, TypeAlias

__all__ = ["count_equilibria", "average", "MAX_PAYOFF_KINDS"]

Path: TypeAlias = tuple[str, ...]
"""A node's address: the move labels from the root."""

Payoffs: TypeAlias = tuple[Fraction, ...]
"""Exact payoffs, one per player."""


MAX_PAYOFF_KINDS = 10_000
"""Counting equilibria keeps, at each node, how many give each payoff vector; past this many
different vectors at one node it gives up (``total`` is None)."""


def count_equilibria(bottom_up: Sequence[Any], n_players: int) -> int | None:
    """How many equilibria backward induction would list, without listing them: the nodes
    ``bottom_up`` each come after all of their children (see
    :func:`gametheory.theory.extensive_form.backward_induction`).

    Each node keeps how many equilibria of its subgame give each payoff vector. A move is a
    best move exactly when no other child pays the mover more than its payoff plus the
    nothing, so the equilibria that choose move m with the vector v below it number
    ``count_m(v)`` times, for every other child, its equilibria paying the mover at most
    ``v[mover]``.
    """
    counts: dict[Path, dict[Payoffs, int]] = {}
    for node in bottom_up:
        if node.is_terminal:
            counts[node.path] = {node.exact_payoffs: 1}
            continue
        children = [counts.pop(child) for child in node.children()]
        here: dict[Payoffs, int] = {}
        if node.is_chance:
            here = {(Fraction(0),) * n_players: 1}
            for q, child in zip(node.exact_probabilities, children, strict=True):
                mixed: dict[Payoffs, int] = {}
                for sofar, a in here.items():
                    for vector, b in child.items():
                        key = tuple(s + q * x for s, x in zip(sofar, vector, strict=True))
                        mixed[key] = mixed.get(key, 0) + a * b
                here = mixed
                if len(here) > MAX_PAYOFF_KINDS:
                    return None
        else:
            mover = node.player or 0
            tables = [_cumulative(child, mover) for child in children]
            for m, child in enumerate(children):
                for vector, n in child.items():
                    limit = vector[mover]
                    for c, table in enumerate(tables):
                        if c != m:
                            n *= _at_most(table, limit)
                    if n:
                        here[vector] = here.get(vector, 0) + n
            if len(here) > MAX_PAYOFF_KINDS:
                return None
        counts[node.path] = here
    return sum(counts[()].values())


def _cumulative(child: Mapping[Payoffs, int], mover: int) -> tuple[list[Fraction], list[int]]:
    """The mover's payoffs in increasing order, and how many equilibria pay at most each."""
    pairs = sorted((vector[mover], n) for vector, n in child.items())
    return [p for p, _ in pairs], list(itertools.accumulate(n for _, n in pairs))


def _at_most(table: tuple[list[Fraction], list[int]], limit: Fraction) -> int:
    """How many equilibria pay the mover at most ``limit`` (a table of :func:`_cumulative`)."""
    payoffs, running = table
    k = bisect.bisect_right(payoffs, limit)
    return running[k - 1] if k else 0


def average(probabilities: Sequence[Fraction], below: Sequence[Payoffs]) -> Payoffs:
    """The payoffs of a chance node: each player's payoffs below, weighted."""
    return tuple(
        sum((q * b[k] for q, b in zip(probabilities, below, strict=True)), Fraction(0))
        for k in range(len(below[0]))
    )
