"""Benchmark: the engine against the textbook alpha-beta and the peers, on Abapa.

Run: ``.venv/bin/python -m benchmarks engine`` (the peers need ``pip install easyAI
open_spiel``; without them their columns are skipped). ``BENCH_DEEP`` lists the deep
depths to time after 6 and 8 (default ``10,12``; the textbook search is left out above 10).
``BENCH_PARTS`` picks the parts to run (default all: ``openspiel,depth,nodes,pruning``;
``openspiel`` is the engine's CPU time over OpenSpiel's at depths 8 and 10, ``BENCH_ROUNDS``
interleaved rounds, 5 by default; ``BENCH_STEP=2`` runs the engine with ``step=2`` there).
``python -m benchmarks engine --against REF`` compares the engine with a git ref's instead
(:func:`against`).

Positions: the opening and 20 midgame positions, each reached by 10–30 random plies from
a seeded generator (seed 0..19). Evaluation: the store difference, for every search.

1. Time to depth, summed over the positions, and the ratio of each row's time to the
   engine's, as it comes (every depth) and deepening by two (``step=2``); above 1 the
   engine is faster. The engine's time includes all its iterations.
2. Pruning quality: the engine's nodes at its last depth (and over all its depths, with
   either step) divided by the nodes of alpha-beta with oracle ordering (each node's
   children sorted by their true value at the remaining depth): the practical lower bound.
   Like the oracle's, the engine's count leaves out the positions it only made and
   evaluated to sort the moves (the children of nodes three or more plies above the
   horizon); the times include them.
0. Against a git ref (``--against REF``): this tree's engine and REF's on the same
   positions at depths 6, 8 and 10, and solving tic-tac-toe (every leaf a finished game),
   each side in its own processes, interleaved rounds, CPU seconds; both must give the same
   values and visit the same nodes on every position.
"""

from __future__ import annotations

import math
import os
import random
import time
from typing import Any

from benchmarks import peers
from gametheory.games.abapa import Abapa, AbapaState, store_difference
from gametheory.search.alphabeta import alphabeta
from gametheory.search.engine import iterative_deepening

GAME = Abapa()


def positions(count: int = 20) -> list[tuple[str, tuple[int, ...], AbapaState]]:
    """The opening and ``count`` seeded midgame positions, with the moves that reach them."""
    found = [("opening", (), GAME.initial_state())]
    for seed in range(count):
        rng = random.Random(seed)
        state, moves = GAME.initial_state(), []
        for _ in range(rng.randint(10, 30)):
            if GAME.is_terminal(state):
                break
            move = rng.choice(GAME.legal_moves(state))
            moves.append(move)
            state = GAME.result(state, move)
        if not GAME.is_terminal(state):
            found.append((f"seed {seed}", tuple(moves), state))
    return found


def oracle_nodes(state: Any, depth: int) -> int:
    """Nodes of alpha-beta (negamax) whose children are searched best first, by true value."""
    exact: dict[tuple[Any, int], float] = {}
    nodes = 0

    def leaf(s: Any) -> float:
        if GAME.is_terminal(s):
            return GAME.utility(s, s.to_move)
        return store_difference(s, s.to_move)

    def true_value(s: Any, r: int) -> float:  # for the player to move at s
        if (s, r) not in exact:
            done = r == 0 or GAME.is_terminal(s)
            exact[s, r] = (
                leaf(s) if done else iterative_deepening(GAME, s, r, store_difference).value
            )
        return exact[s, r]

    def search(s: Any, r: int, alpha: float, beta: float) -> float:
        nonlocal nodes
        nodes += 1
        if r == 0 or GAME.is_terminal(s):
            return leaf(s)
        children = [GAME.result(s, m) for m in GAME.legal_moves(s)]
        children.sort(key=lambda c: true_value(c, r - 1))  # lowest for the opponent first
        best = -math.inf
        for child in children:
            best = max(best, -search(child, r - 1, -beta, -alpha))
            alpha = max(alpha, best)
            if alpha >= beta:
                break
        return best

    search(state, depth, -math.inf, math.inf)
    return nodes


def timed(work: Any) -> tuple[float, Any]:
    start = time.perf_counter()
    answer = work()
    return time.perf_counter() - start, answer


def time_to_depth(depth: int, chosen: list[tuple[str, tuple[int, ...], AbapaState]]) -> None:
    missing = peers.missing()
    totals = {
        "engine": 0.0,
        "engine, step=2": 0.0,
        "textbook alphabeta": 0.0,
        "OpenSpiel": 0.0,
        "easyAI": 0.0,
    }
    textbook = depth <= 10  # deeper, the textbook search alone takes minutes
    agree = 0
    engine_nodes = textbook_nodes = by_two_nodes = 0
    for _, moves, state in chosen:
        seconds, mine = timed(lambda s=state: iterative_deepening(GAME, s, depth, store_difference))
        totals["engine"] += seconds
        engine_nodes += mine.stats.nodes
        seconds, by_two = timed(
            lambda s=state: iterative_deepening(GAME, s, depth, store_difference, step=2)
        )
        assert by_two.value == mine.value, (state, by_two.value, mine.value)
        totals["engine, step=2"] += seconds
        by_two_nodes += by_two.stats.nodes
        if textbook:
            seconds, theirs = timed(lambda s=state: alphabeta(GAME, s, depth, store_difference))
            assert theirs.value == mine.value, (state, theirs.value, mine.value)
            totals["textbook alphabeta"] += seconds
            textbook_nodes += theirs.stats.nodes
        if "OpenSpiel" not in missing:
            spiel = peers.openspiel_state(moves, state.houses, state.stores)
            value, _, seconds = peers.openspiel_search(spiel, depth)
            totals["OpenSpiel"] += seconds
            agree += math.isclose(value, mine.value, abs_tol=1e-6)  # its tensor is float32
        if "easyAI" not in missing:
            _, seconds = peers.easyai_search(state.houses, state.stores, state.to_move, depth)
            totals["easyAI"] += seconds
    notes = {
        "engine": f"{engine_nodes} nodes, all iterations",
        "engine, step=2": f"{by_two_nodes} nodes, all iterations",
        "textbook alphabeta": f"{textbook_nodes} nodes",
        "OpenSpiel": f"same value on {agree}/{len(chosen)}",
        "easyAI": "",
    }
    print(f"depth {depth}, {len(chosen)} positions; ratio = this row's time / the engine's")
    print(f"  {'':<20} {'seconds':>9}  {'vs engine':>10}  {'vs step=2':>10}")
    one, two = totals["engine"], totals["engine, step=2"]
    for name, seconds in totals.items():
        if seconds == 0.0:
            why = missing.get(name, "not run at this depth")
            print(f"  {name:<20} {'—':>9}  ({why})")
            continue
        ratios = f"{seconds / one:9.2f}×  {seconds / two:9.2f}×"
        print(f"  {name:<20} {seconds:9.3f}  {ratios}  {notes[name]}".rstrip())


def pruning(depth: int, chosen: list[tuple[str, tuple[int, ...], AbapaState]]) -> None:
    last = total = by_two = oracle = 0
    for _, _, state in chosen:
        mine = iterative_deepening(GAME, state, depth, store_difference)
        last += mine.iterations[-1].nodes
        total += mine.stats.nodes
        by_two += iterative_deepening(GAME, state, depth, store_difference, step=2).stats.nodes
        oracle += oracle_nodes(state, depth)
    print(
        f"depth {depth}, {len(chosen)} positions: oracle {oracle} nodes; engine last depth "
        f"{last} ({last / oracle:.2f}×), all depths {total} ({total / oracle:.2f}×), "
        f"all depths with step=2 {by_two} ({by_two / oracle:.2f}×)"
    )


def peer_nodes(depth: int, chosen: list[tuple[str, tuple[int, ...], AbapaState]]) -> None:
    """The nodes each search visits (a separate, untimed pass: counting slows a search)."""
    counts = {
        "engine": sum(
            iterative_deepening(GAME, s, depth, store_difference).stats.nodes for _, _, s in chosen
        ),
        "engine, step=2": sum(
            iterative_deepening(GAME, s, depth, store_difference, step=2).stats.nodes
            for _, _, s in chosen
        ),
    }
    missing = peers.missing()
    if "OpenSpiel" not in missing:
        with peers.counting_nodes("OpenSpiel") as count:
            for _, moves, state in chosen:
                peers.openspiel_search(
                    peers.openspiel_state(moves, state.houses, state.stores), depth
                )
        counts["OpenSpiel"] = count[0]
    if "easyAI" not in missing:
        with peers.counting_nodes("easyAI") as count:
            for _, _, state in chosen:
                peers.easyai_search(state.houses, state.stores, state.to_move, depth)
        counts["easyAI"] = count[0]
    print(
        f"depth {depth}, {len(chosen)} positions: "
        + ", ".join(f"{k} {v}" for k, v in counts.items())
    )


def against_openspiel(depth: int, chosen: list[tuple[str, tuple[int, ...], AbapaState]]) -> None:
    """The engine and OpenSpiel's alpha-beta on the same positions, CPU seconds of this
    process, rounds alternating which goes first: the best round of each and their ratio."""
    rounds = int(os.environ.get("BENCH_ROUNDS", "5"))
    step = int(os.environ.get("BENCH_STEP", "1"))
    spiels = [peers.openspiel_state(m, s.houses, s.stores) for _, m, s in chosen]
    times: dict[str, list[float]] = {"engine": [], "OpenSpiel": []}
    for round_ in range(rounds):
        for name in ("engine", "OpenSpiel") if round_ % 2 == 0 else ("OpenSpiel", "engine"):
            start = time.process_time()
            if name == "engine":
                mine = [
                    iterative_deepening(GAME, s, depth, store_difference, step=step)
                    for _, _, s in chosen
                ]
            else:
                theirs = [peers.openspiel_search(s, depth)[0] for s in spiels]
            times[name].append(time.process_time() - start)
    agree = sum(math.isclose(v, r.value, abs_tol=1e-6) for v, r in zip(theirs, mine, strict=True))
    ratios = sorted(e / o for e, o in zip(times["engine"], times["OpenSpiel"], strict=True))
    best = min(times["engine"]) / min(times["OpenSpiel"])
    print(
        f"  depth {depth:2}, {len(chosen)} positions, {rounds} rounds: engine"
        f"{f' (step={step})' if step != 1 else ''} "
        f"{min(times['engine']):.3f} s, OpenSpiel {min(times['OpenSpiel']):.3f} s CPU (best "
        f"rounds); engine / OpenSpiel {best:.3f} (rounds {ratios[len(ratios) // 2]:.3f}, "
        f"{ratios[0]:.3f}–{ratios[-1]:.3f}); same value on {agree}/{len(chosen)}"
    )


def against(ref: str, rounds: int) -> None:
    """The engine of this tree against REF's at depths 6, 8 and 10 on the same positions
    (each side in its own processes, interleaved: :mod:`benchmarks.refs`)."""
    from benchmarks import refs

    tasks = {f"engine, depth {d}": ["engine", str(d)] for d in (6, 8, 10)}
    tasks["tic-tac-toe solved"] = ["solve", "10"]
    with refs.checkout(ref) as tree:
        refs.compare(tree, tasks, rounds)


def main() -> None:
    chosen = positions()
    deep = [int(d) for d in os.environ.get("BENCH_DEEP", "10,12").split(",") if d]
    parts = os.environ.get("BENCH_PARTS", "openspiel,depth,nodes,pruning").split(",")
    if "openspiel" in parts and "OpenSpiel" not in peers.missing():
        print(f"\nThe engine's CPU time over OpenSpiel's (load average {os.getloadavg()[0]:.1f})")
        for depth in (8, 10):
            against_openspiel(depth, chosen)
    if "depth" in parts:
        print("\nAbapa time to depth (store-difference evaluation), summed over the positions")
        for name, why in peers.missing().items():
            print(f"  (peer {name} unavailable: {why})")
        for depth in (6, 8, *deep):
            time_to_depth(depth, chosen)
    if "nodes" in parts:
        print("\nNodes visited (the engine's all iterations; easyAI's Awele is a smaller game)")
        peer_nodes(10, chosen)
    if "pruning" in parts:
        print("\nPruning quality: engine nodes / oracle-ordered alpha-beta nodes (target ≤ 1.5)")
        pruning(4, chosen)
        pruning(6, chosen)
        pruning(8, chosen)


if __name__ == "__main__":
    main()
