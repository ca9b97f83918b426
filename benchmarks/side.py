"""One side of a benchmark against a git ref: one timed task in a fresh process.

Run by :mod:`benchmarks.refs` as ``python benchmarks/side.py TASK [ARGUMENT]`` with
``PYTHONPATH`` set to the tree under test (this tree, or the ref checked out in a temporary
worktree), so that ``import gametheory`` loads that tree's package. It prints one line of
JSON: ``{"seconds": ..., "answer": ...}``, the CPU seconds of the task in this process
(``time.process_time``) and what it answered, so both sides can be compared for sameness.

This file imports nothing from ``benchmarks`` (that package would be the other tree's) and
only what both sides of a comparison have of ``gametheory``: the public functions of the
package (``iterative_deepening``, ``mcts``, ``EndgameDatabase.build``, ``Drill``).

Tasks:

* ``engine DEPTH``: the engine to DEPTH from the opening and the seeded midgame positions
  of ``bench_engine`` (store difference), summed; answers each position's value and nodes.
* ``solve COUNT``: the engine solves tic-tac-toe (no depth limit) COUNT times, a search
  whose every leaf is a finished game; answers the value, move and nodes.
* ``mcts GAME``: 200 iterations of MCTS on Abapa (``abapa``) or 2000 on tic-tac-toe
  (``tictactoe``), seeds 0–4; answers the moves chosen.
* ``endgame SEEDS``: build the Abapa endgame database of SEEDS seeds; answers its checksum.
* ``drill COUNT``: COUNT alpha-beta drills of level 2 made, solved and checked.
* ``labels CHILDREN``: ``draw_tree`` of a root with CHILDREN leaves; answers the SVG's hash.
* ``import``: ``import gametheory`` itself (the first import in this process).
"""

from __future__ import annotations

import json
import random
import sys
import time
from typing import Any


def engine(depth: int, count: int = 20) -> Any:
    from gametheory.games.abapa import Abapa, store_difference
    from gametheory.search import iterative_deepening

    game = Abapa()
    found = [game.initial_state()]
    for seed in range(count):  # the positions of bench_engine.positions()
        rng = random.Random(seed)
        state = game.initial_state()
        for _ in range(rng.randint(10, 30)):
            if game.is_terminal(state):
                break
            state = game.result(state, rng.choice(game.legal_moves(state)))
        if not game.is_terminal(state):
            found.append(state)
    start = time.process_time()
    results = [iterative_deepening(game, s, depth, store_difference) for s in found]
    seconds = time.process_time() - start
    return seconds, [(r.value, r.stats.nodes) for r in results]


def solve(count: int) -> Any:
    from gametheory.games.tictactoe import TicTacToe
    from gametheory.search import iterative_deepening

    game = TicTacToe()
    start = time.process_time()
    results = [iterative_deepening(game) for _ in range(count)]
    seconds = time.process_time() - start
    return seconds, sorted({(r.value, r.move, r.stats.nodes) for r in results})


def mcts(name: str) -> Any:
    from gametheory.games.abapa import Abapa
    from gametheory.games.tictactoe import TicTacToe
    from gametheory.search import mcts as search

    game, iterations = (Abapa(), 200) if name == "abapa" else (TicTacToe(), 2000)
    start = time.process_time()
    moves = [search(game, iterations=iterations, seed=k).move for k in range(5)]
    return time.process_time() - start, moves


def endgame(seeds: int) -> Any:
    import hashlib

    from gametheory.games.abapa import Abapa
    from gametheory.games.abapa.endgame import EndgameDatabase

    start = time.process_time()
    database = EndgameDatabase.build(Abapa(), seeds)
    seconds = time.process_time() - start
    return seconds, hashlib.sha256(bytes(database.values)).hexdigest()[:16]


def drill(count: int) -> Any:
    from gametheory.practice.drill import Drill

    start = time.process_time()
    right = 0
    for seed in range(count):
        made = Drill("alphabeta", seed=seed, level=2)
        values, pruned = made.solution()
        right += made.check(values, pruned).correct
        right += not made.check({}, ()).correct
    return time.process_time() - start, right


def labels(children: int) -> Any:
    import hashlib

    from gametheory.draw.tree import draw_tree
    from gametheory.trees import random_tree

    tree = random_tree(children, 1, seed=1)
    start = time.process_time()
    svg = str(draw_tree(tree))
    return time.process_time() - start, hashlib.sha256(svg.encode()).hexdigest()[:16]


def import_package() -> Any:
    start = time.process_time()
    import gametheory

    return time.process_time() - start, len(gametheory.__all__)


TASKS = {
    "engine": engine,
    "solve": solve,
    "mcts": mcts,
    "endgame": endgame,
    "drill": drill,
    "labels": labels,
}


def main(argv: list[str]) -> None:
    task, *rest = argv
    if task == "import":
        seconds, answer = import_package()
    else:
        argument: Any = rest[0] if task == "mcts" else int(rest[0])
        seconds, answer = TASKS[task](argument)
    print(json.dumps({"seconds": seconds, "answer": answer}))


if __name__ == "__main__":
    main(sys.argv[1:])
