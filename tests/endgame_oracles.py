"""Independent oracles for the endgame database, built on the readable rules only.

* :class:`ExactSearch` — the history-exact value under the package's own rules (the
  repetition rule with its history): alpha-beta over seed counts, every move made by
  ``Abapa.explain``;
* :func:`andor_values` — the database's board-only game solved again by the package's
  AND/OR retrograde labelling (``gametheory.andor.label``), one target at a time.

Both take positions with the stores set far from the winning threshold where they can, and
read a capture's or an ending's seeds from the stores, so the threshold never decides.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from functools import cache
from typing import Any

from gametheory.andor import DRAW, LOSS, WIN, AndOrGraph, label
from gametheory.games.abapa import Abapa, AbapaState, MoveReport
from gametheory.games.abapa.endgame import boards

Board = tuple[int, ...]


def turned(board: Board) -> Board:
    """The board seen from the other player."""
    n = len(board) // 2
    return board[n:] + board[:n]


def start(game: Abapa, board: Board, to_move: int = 0, seen: Any = ()) -> AbapaState:
    """A position with ``board`` (absolute houses) and the stores split evenly."""
    rest = game.rules.total_seeds - sum(board)
    return game.state(board, (rest // 2, rest - rest // 2), to_move, seen)


def gain(report: MoveReport, before: AbapaState) -> int | None:
    """The seeds the mover collected by the move if it captured or ended the game, else None."""
    mover = before.to_move
    if report.seeds_captured or report.ending in ("repetition", "no_moves"):
        return report.state.stores[mover] - before.stores[mover]
    return None


class ExactSearch:
    """The seeds the player to move makes sure of under the package's rules, history and all.

    ``value(board)`` is for the mover (their side first) with an empty history, as right
    after a capture. Within a level the search follows every line exactly as the package's
    repetition rule sees it (the path since the last capture, a quiet move into any position
    on it ends the game, each side's seeds to its owner), with every move made by
    ``Abapa.explain``; the lower levels' values (a capture empties the history) are its
    own, from an earlier level.

    One shortcut, sound under every history: where the AND/OR labelling of the board-only
    level (:func:`andor_bounds`) gives one side a forced result for a target, its strategy
    never repeats a position of its own (the distances fall along every edge), so if no
    position it can reach is on the path, the result stands without searching further.
    """

    def __init__(self, game: Abapa) -> None:
        self.game = game
        self.houses = game.rules.houses_per_side
        self.values: dict[Board, int] = {}
        self.nodes = 0
        self._level = -1

    def value(self, board: Board) -> int:
        """The exact value of ``board`` (mover's side first) with an empty history."""
        level = sum(board)
        while self._level < level:
            self._solve(self._level + 1)
        return self.values[board]

    def _solve(self, level: int) -> None:
        rules = _Level(self.game, level, boards(self.houses, level))
        rules.below = {board: (v, v) for board, v in self.values.items()}
        self.rules = rules
        self.graphs: dict[int, Any] = {}
        self.reach: dict[tuple[int, Any], frozenset[Any]] = {}
        for target in range(1, level + 1):
            rules.target = target
            graph = AndOrGraph.from_game(rules)
            self.graphs[target] = (graph, label(graph))
        for board in rules.boards:
            here = ("pos", board, 0)
            low, high = 0, level  # the value of A (to move) lies in [low, high]
            while low < high:
                target = (low + high + 1) // 2
                if self._at_least(here, {here}, target):
                    low = target
                else:
                    high = target - 1
            self.values[board] = low
        self._level = level

    def _at_least(self, here: Any, path: set[Any], target: int) -> bool:
        """Whether A collects at least ``target`` of the level's seeds from ``here``, the
        positions of ``path`` (``here`` included) having occurred since the last capture."""
        self.nodes += 1
        graph, labels = self.graphs[target]
        mark = labels[here]
        if mark is not DRAW and self._forced(target, here, mark).isdisjoint(path):
            return mark is WIN
        rules, a_moves = self.rules, here[2] == 0
        moves = rules.legal_moves(here)
        if not moves:  # nobody can move: each side's seeds to its owner
            return bool(sum(here[1][: self.houses]) >= target)
        later = []
        for move in moves:
            after = rules.result(here, move)
            if after[0] == "end":
                won = after[1] >= target
            elif after in path:  # the repetition rule: each side's seeds to its owner
                won = sum(after[1][: self.houses]) >= target
            else:
                later.append(after)
                continue
            if won == a_moves:
                return bool(won)
        good = WIN if a_moves else LOSS  # the mover's hopeful children first
        later.sort(key=lambda child: (labels[child] is not good, labels[child] is DRAW))
        for after in later:
            path.add(after)
            won = self._at_least(after, path, target)
            path.discard(after)
            if won == a_moves:
                return won
        return not a_moves

    def _forced(self, target: int, here: Any, mark: Any) -> frozenset[Any]:
        """The positions after ``here`` that the forcing strategy for ``mark`` can reach."""
        key = (target, here)
        if key not in self.reach:
            graph, labels = self.graphs[target]
            chooser = 0 if mark is WIN else 1  # who picks one move; the other may play any
            reached: set[Any] = set()
            todo = [here]
            while todo:
                node = todo.pop()
                children = graph.children(node)
                if children and node[0] == "pos" and node[2] == chooser:
                    children = (min(children, key=lambda c: _rank(labels, c, mark)),)
                for child in children:
                    if child[0] == "pos" and child not in reached:
                        reached.add(child)
                        todo.append(child)
            self.reach[key] = frozenset(reached)
        return self.reach[key]


def _rank(labels: Any, node: Any, mark: Any) -> float:
    """How soon ``node`` forces ``mark``: its distance if it does, else never."""
    return labels.distance(node) if labels[node] is mark else float("inf")


def exact_values(game: Abapa, seeds: int) -> dict[Board, int]:
    """:class:`ExactSearch` on every board with at most ``seeds`` seeds."""
    search = ExactSearch(game)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(50_000, limit))  # the search recurses along a game's moves
    try:
        search.value((0,) * (2 * game.rules.houses_per_side - 1) + (seeds,))
    finally:  # never left raised: other tests size their trees by it
        sys.setrecursionlimit(limit)
    return search.values


# -- the board-only game, solved by AND/OR labelling ---------------------------------------
class _Level:
    """One level of the board-only game as a game for :class:`AndOrGraph`: A wins if she
    collects at least ``target`` of the board's seeds.

    Positions are ``("pos", board, to_move)`` (absolute houses, no history), and one
    ``("start",)`` from which A's move chooses any board of the level. A capture or an
    ending is a leaf ``("end", seeds for A)``; below a capture A's seeds come from the
    lower level's interval of values (``below``, by board, for the player to move there):
    its low end for A if ``low``, else its high end."""

    def __init__(self, game: Abapa, level: int, boards: Sequence[Board]) -> None:
        self.game, self.level, self.boards = game, level, boards
        self.target = 0.0
        self.below: dict[Board, tuple[float, float]] = {}
        self.low = True

    def initial_state(self) -> Any:
        return ("start",)

    def to_move(self, state: Any) -> int:
        return int(state[2]) if state[0] == "pos" else 0

    def legal_moves(self, state: Any) -> Sequence[Any]:
        if state[0] == "start":
            return range(len(self.boards))
        if state[0] == "end":
            return ()
        return self.game.legal_moves(start(self.game, state[1], state[2]))

    def result(self, state: Any, move: Any) -> Any:
        if state[0] == "start":
            return ("pos", self.boards[move], 0)
        board, mover = state[1], state[2]
        kind, seeds, after = self._move(board, mover, move)
        if kind == "quiet":
            return ("pos", after, 1 - mover)
        if kind == "over":  # seeds collected by the mover
            return ("end", seeds if mover == 0 else self.level - seeds)
        lo, hi = self.below[after if mover == 1 else turned(after)]  # the next mover's view
        if mover == 0:  # A captured: she gets the rest of the board but what B gets below
            return ("end", self.level - (hi if self.low else lo))
        return ("end", lo if self.low else hi)

    @cache  # noqa: B019 - one object per test; the moves do not change with the target
    def _move(self, board: Board, mover: int, move: int) -> tuple[str, int, Board]:
        before = start(self.game, board, mover)
        report = self.game.explain(before, move)
        taken = gain(report, before)
        if report.ending in ("repetition", "no_moves"):
            assert taken is not None
            return "over", taken, ()
        if report.seeds_captured:
            return "capture", report.seeds_captured, report.state.houses
        return "quiet", 0, report.state.houses

    def is_terminal(self, state: Any) -> bool:
        return not self.legal_moves(state)

    def utility(self, state: Any, player: int) -> float:
        # a position without moves: nobody can move, each side's seeds to its owner
        seeds_a = sum(state[1][: len(state[1]) // 2]) if state[0] == "pos" else state[1]
        won = 1.0 if seeds_a >= self.target else -1.0
        return won if player == 0 else -won

    def chance_outcomes(self, state: Any) -> tuple[()]:
        return ()


def andor_bounds(
    game: Abapa, level: int, boards: Sequence[Board], below: dict[Board, tuple[float, float]]
) -> dict[Board, tuple[float, float]]:
    """For each board of ``level`` (A to move), what A can force without cycles helping
    (``lo``) and the most B can hold her to (``hi``), in half seeds, from labelling the
    AND/OR graph once for each target: ``lo >= t`` where A wins, ``hi >= t`` where she does
    not lose (an endless game is a draw there, unlabelled)."""
    rules = _Level(game, level, boards)
    rules.below = below
    lo = dict.fromkeys(boards, 0.0)
    hi = dict.fromkeys(boards, 0.0)
    for target in [t / 2 for t in range(1, 2 * level + 1)]:
        rules.target = target
        for low, bound in ((True, lo), (False, hi)):
            rules.low = low
            labels = label(AndOrGraph.from_game(rules))
            for board in boards:
                mark = labels[("pos", board, 0)]
                if (mark is WIN) if low else (mark is not LOSS):
                    bound[board] = target
    return {board: (lo[board], hi[board]) for board in boards}


def andor_values(game: Abapa, seeds: int) -> dict[Board, float]:
    """The database's values again: each level labelled as AND/OR graphs (one per target),
    the lower levels' values at the leaves, an endless game shared equally: the middle of
    ``lo``, half the level and ``hi``."""
    houses = game.rules.houses_per_side
    values: dict[Board, float] = {}
    for level in range(seeds + 1):
        exact = {board: (v, v) for board, v in values.items()}
        for board, (lo, hi) in andor_bounds(game, level, boards(houses, level), exact).items():
            values[board] = min(max(level / 2, lo), hi)
    return values


# -- values and distances by a plain recursive search -----------------------------------
NEVER = 0xFFFF  # the database's distance for a game that need not end


def recursive_values(game: Abapa, seeds: int) -> dict[Board, tuple[int, int]]:
    """Twice the value and the distance of every board with at most ``seeds`` seeds, by a
    plain recursive search over the readable rules (every move made by ``Abapa.explain``).

    The search looks ``horizon`` quiet moves ahead on a level, a capture starting afresh
    below; a board it reaches with no quiet move left is shared (the cycle rule), with the
    distance "never". The mover prefers more seeds, and among equal seeds the nearer end
    if they collect at least half of the board, else the farther. A horizon of the level's
    size is enough: a player who forces an end, or holds one off, never needs to repeat a
    board of the level on the way, and where neither does the board is shared.
    """
    houses = game.rules.houses_per_side

    @cache
    def solve(board: Board, left: int) -> tuple[int, int]:
        level = sum(board)
        state = start(game, board)
        moves = game.legal_moves(state)
        if not moves:
            return 2 * sum(board[:houses]), 0  # nobody can move: the mover keeps their side
        if not left:
            return level, NEVER
        outcomes = []
        for move in moves:
            report = game.explain(state, move)
            if report.ending in ("repetition", "no_moves"):  # settled into the stores
                taken = gain(report, state)
                assert taken is not None
                outcomes.append((2 * taken, 1))
                continue
            child = turned(report.state.houses)
            if report.seeds_captured:
                value, distance = solve(child, horizon[sum(child)])
            else:
                value, distance = solve(child, left - 1)
            outcomes.append((2 * level - value, min(distance + 1, NEVER)))
        return max(outcomes, key=lambda o: (o[0], -o[1] if o[0] >= level else o[1]))

    horizon = {level: len(boards(houses, level)) for level in range(seeds + 1)}
    return {
        board: solve(board, horizon[level])
        for level in range(seeds + 1)
        for board in boards(houses, level)
    }
