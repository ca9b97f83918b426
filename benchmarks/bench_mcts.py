"""Benchmark: Monte Carlo tree search against OpenSpiel's MCTS bot, iterations per second.

Run: ``.venv/bin/python -m benchmarks mcts`` (OpenSpiel is the ``bench`` extra: ``pip
install open_spiel``; without it only our figures are printed).

Both searches run from the start of the same two games, in this process, one after the
other, with the same settings: the same number of iterations (simulations), one random
rollout per iteration, UCB1 with c = √2, and the most visited move played.

* ours: :func:`gametheory.mcts` on :class:`~gametheory.games.tictactoe.TicTacToe` and on
  :class:`~gametheory.games.abapa.Abapa` (pure Python, rules included);
* OpenSpiel: ``open_spiel.python.algorithms.mcts.MCTSBot`` with a
  ``RandomRolloutEvaluator(n_rollouts=1)`` on its C++ ``tic_tac_toe`` and ``oware`` (the
  search in Python, the rules in C++). Its MCTS-Solver is switched off (``solve=False``),
  since ours has none: otherwise it stops as soon as it has proved the root's value.

Times are CPU seconds of this process (``time.process_time``): both searches run in one
thread, and on a shared machine the other users' work does not count against them, as it
does in wall-clock time. Each search runs ``ROUNDS`` times, alternating ours and theirs,
with another seed each round
(ours forgets the positions it remembered before each round, as a new process would).
Iterations per second is iterations / the best round's time; the ratio is our speed over
theirs (above 1, ours is faster), the median of the rounds' ratios, each of which compares
two searches run one right after the other, with the range of those ratios. A playout costs about as many moves as a random game lasts, so the
mean length of random games in each implementation is printed too: the two Owares end
their endless games differently, and their random games have different lengths.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from benchmarks import peers
from gametheory.games.abapa import Abapa
from gametheory.games.tictactoe import TicTacToe
from gametheory.search.mcts import mcts

ROUNDS = 15
GAMES_FOR_LENGTH = 200
CASES = [  # (our game, OpenSpiel's name, iterations)
    (TicTacToe(), "tic_tac_toe", 2000),
    (Abapa(), "oware", 200),
]


def timed(work: Callable[[], Any]) -> tuple[float, Any]:
    """The CPU time of ``work()`` in this process, and its answer."""
    start = time.process_time()
    answer = work()
    return time.process_time() - start, answer


def best_time(work: Callable[[], Any]) -> tuple[float, Any]:
    """The best of ``ROUNDS`` CPU times of ``work()``, and its last answer."""
    best, answer = math.inf, None
    for _ in range(ROUNDS):
        seconds, answer = timed(work)
        best = min(best, seconds)
    return best, answer


def ours_random_length(game: Any, seed: int = 0) -> float:
    """Mean plies of a random game of ours (the moves a playout makes from the start)."""
    rng = random.Random(seed)
    lengths = []
    for _ in range(GAMES_FOR_LENGTH):
        state, plies = game.initial_state(), 0
        while not game.is_terminal(state):
            state = game.result(state, rng.choice(game.legal_moves(state)))
            plies += 1
        lengths.append(plies)
    return statistics.fmean(lengths)


def theirs_random_length(name: str, seed: int = 0) -> float:
    import pyspiel

    rng = random.Random(seed)
    game = pyspiel.load_game(name)
    lengths = []
    for _ in range(GAMES_FOR_LENGTH):
        state, plies = game.new_initial_state(), 0
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            plies += 1
        lengths.append(plies)
    return statistics.fmean(lengths)


def openspiel_bot(name: str, iterations: int, seed: int) -> tuple[Any, Any]:
    """OpenSpiel's game and an MCTS bot with our settings."""
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms.mcts import MCTSBot, RandomRolloutEvaluator

    game = pyspiel.load_game(name)
    rng = np.random.RandomState(seed)
    evaluator = RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = MCTSBot(game, math.sqrt(2), iterations, evaluator, solve=False, random_state=rng)
    return game, bot


def fresh() -> None:
    """Forget the positions our games remember (tic-tac-toe's winner per board, Abapa's
    histories), so every round starts as a new process would; OpenSpiel keeps nothing
    between searches either."""
    from gametheory.games.abapa.fast import _grown
    from gametheory.games.tictactoe import _winner

    _grown.cache_clear()
    _winner.cache_clear()


def main() -> None:
    missing = peers.missing().get("OpenSpiel")
    print(
        f"MCTS from the start of the game, {ROUNDS} rounds alternating ours and OpenSpiel's "
        "(another seed each round): iterations per second of the best round, and the median "
        "of the rounds' ratios; one random rollout per iteration, c = √2"
    )
    if missing:
        print(f"  (OpenSpiel unavailable: {missing})")
    print(
        f"  {'game':<12} {'iterations':>10} {'ours it/s':>10} {'OpenSpiel it/s':>15} "
        f"{'ours / theirs':>14} {'(range)':>13}  {'random game, plies':>20}"
    )
    for game, name, iterations in CASES:
        ours_times, theirs_times = [], []
        for k in range(ROUNDS):
            fresh()
            seconds, ours = timed(lambda g=game, n=iterations, k=k: mcts(g, iterations=n, seed=k))
            assert ours.stats.leaves == iterations
            ours_times.append(seconds)
            if not missing:
                spiel, bot = openspiel_bot(name, iterations, seed=k)
                seconds, root = timed(lambda s=spiel, b=bot: b.mcts_search(s.new_initial_state()))
                assert root.explore_count == iterations  # no early stop: every iteration ran
                theirs_times.append(seconds)
        ours_rate = f"{iterations / min(ours_times):.0f}"
        length = f"{ours_random_length(game):.1f}"
        if missing:
            theirs_rate, ratio, spread = "—", "—", ""
        else:
            ratios = sorted(t / o for o, t in zip(ours_times, theirs_times, strict=True))
            theirs_rate = f"{iterations / min(theirs_times):.0f}"
            ratio = f"{statistics.median(ratios):.2f}×"
            spread = f"({ratios[0]:.2f}–{ratios[-1]:.2f})"
            length += f" / {theirs_random_length(name):.1f}"
        print(
            f"  {name:<12} {iterations:>10} {ours_rate:>10} {theirs_rate:>15} {ratio:>14} "
            f"{spread:>13}  {length:>20}"
        )
    print("  (random game: mean plies of 200 random games, ours / OpenSpiel's)")
    explorer_step()


def against(ref: str, rounds: int) -> None:
    """MCTS of this tree against REF's on both games (5 searches from the start each; each
    side in its own processes, interleaved: :mod:`benchmarks.refs`)."""
    from benchmarks import refs

    tasks = {"MCTS, tic-tac-toe": ["mcts", "tictactoe"], "MCTS, Abapa": ["mcts", "abapa"]}
    with refs.checkout(ref) as tree:
        refs.compare(tree, tasks, rounds)


def explorer_step() -> None:
    """What one click of the explorer costs at its largest search: replay the trace to the
    last step and draw it, against running that traced search itself (the baseline)."""
    from gametheory.draw.mcts import draw_mcts
    from gametheory.widgets.mcts import MAX_ITERATIONS

    game = TicTacToe()
    search_seconds, result = best_time(
        lambda: mcts(game, iterations=MAX_ITERATIONS, seed=1, trace=True)
    )
    trace = result.trace
    step_seconds, _ = best_time(lambda: draw_mcts(trace, trace.snapshot(len(trace) - 1)))
    print(
        f"\nExplorer step at its largest search (tic-tac-toe, {MAX_ITERATIONS} iterations, "
        f"{len(trace)} steps, {result.stats.nodes} nodes): replay and draw the last step "
        f"{step_seconds * 1000:.1f} ms, the traced search {search_seconds * 1000:.1f} ms "
        f"(ratio {step_seconds / search_seconds:.2f})"
    )


if __name__ == "__main__":
    main()
