"""Benchmark: the cost of one call of Abapa's move making, against a plain way in the same run.

Run: ``.venv/bin/python -m benchmarks abapa_moves``.

Positions: the engine benchmark's (the opening and 20 seeded midgame positions, see
:func:`benchmarks.bench_engine.positions`) and every position one move after them. Each
function is called on all of them (``successor`` once per legal move), the best of several
rounds is kept, and the time is divided by the number of calls. A call includes the
loop's own cost (the ``empty loop`` row).

Each row compares the function with a baseline doing the same job the plain way:

* ``successor(state, move)`` (:mod:`gametheory.games.abapa.fast`): against ``result(state,
  move)`` then ``is_terminal`` of that position, the readable rules, which is what the
  engine does for a game without ``successor``;
* ``legal_moves(state)``: against the rule written plainly, house by house (the mover's
  non-empty houses; only those that reach the opponent when the opponent has no seeds);
* ``is_terminal(state)``: against asking whether that plain list of moves is empty;
* ``store_difference(state, 0)``: against the formula written plainly (``check_player``
  first, then the stores and the sum of the houses).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from benchmarks.bench_engine import GAME, positions
from gametheory.core import check_player
from gametheory.games.abapa import AbapaState, store_difference

ROUNDS = 15


def plain_store_difference(state: AbapaState, player: int) -> float:
    check_player(player)
    own, opp = state.stores[player], state.stores[1 - player]
    return (own - opp) / (sum(state.houses) + own + opp)


def plain_legal_moves(state: AbapaState) -> tuple[int, ...]:
    n = len(state.houses) // 2
    own = range(state.to_move * n + 1, state.to_move * n + n + 1)
    moves = [h for h in own if state.houses[h - 1]]
    if sum(state.houses) == sum(state.houses[h - 1] for h in own):  # the opponent must be fed
        moves = [h for h in moves if h + state.houses[h - 1] > own[-1]]
    won = max(state.stores) > (sum(state.houses) + sum(state.stores)) // 2  # over half
    return () if won else tuple(moves)


def per_call(loop: Callable[[], Any], calls: int) -> float:
    """µs per call: the best of ``ROUNDS`` runs of ``loop``, which makes ``calls`` calls."""
    best = float("inf")
    for _ in range(ROUNDS):
        start = time.perf_counter()
        loop()
        best = min(best, time.perf_counter() - start)
    return best / calls * 1e6


def main() -> None:
    game = GAME
    roots = [state for _, _, state in positions()]
    states = roots + [game.result(s, m) for s in roots for m in game.legal_moves(s)]
    pairs = [(s, m) for s in states for m in game.legal_moves(s)]
    for state, move in pairs:  # the fast paths agree with the plain ones here
        after = game.result(state, move)
        assert game.successor(state, move) == (after, game.is_terminal(after))
    for state in states:
        assert game.legal_moves(state) == plain_legal_moves(state)
        assert store_difference(state, 0) == plain_store_difference(state, 0)

    successor, result, is_terminal, legal_moves = (
        game.successor,
        game.result,
        game.is_terminal,
        game.legal_moves,
    )
    rows = [
        (
            "successor",
            len(pairs),
            lambda: [successor(s, m) for s, m in pairs],
            lambda: [is_terminal(result(s, m)) for s, m in pairs],
        ),
        (
            "legal_moves",
            len(states),
            lambda: [legal_moves(s) for s in states],
            lambda: [plain_legal_moves(s) for s in states],
        ),
        (
            "is_terminal",
            len(states),
            lambda: [is_terminal(s) for s in states],
            lambda: [not plain_legal_moves(s) for s in states],
        ),
        (
            "store_difference",
            len(states),
            lambda: [store_difference(s, 0) for s in states],
            lambda: [plain_store_difference(s, 0) for s in states],
        ),
    ]
    print(f"{len(states)} positions, {len(pairs)} moves; µs per call, best of {ROUNDS} rounds")
    print(f"  {'':<18} {'fast':>7} {'plain':>7} {'plain/fast':>11}")
    for name, calls, fast, plain in rows:
        fast_us, plain_us = per_call(fast, calls), per_call(plain, calls)
        print(f"  {name:<18} {fast_us:7.2f} {plain_us:7.2f} {plain_us / fast_us:10.2f}x")
    print(f"  {'empty loop':<18} {per_call(lambda: [None for s in states], len(states)):7.2f}")


if __name__ == "__main__":
    main()
