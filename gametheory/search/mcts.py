"""Monte Carlo tree search (UCT): no evaluation function, only games played to the end."""

from __future__ import annotations

import math
from typing import Any

from gametheory.core import CHANCE, Game
from gametheory.search.mcts_context import MCTSNode, MCTSSearch, PlayoutPolicy
from gametheory.search.mcts_trace import MCTS
from gametheory.search.result import SearchResult

__all__ = ["MCTS", "mcts", "ucb1"]


def ucb1(child: MCTSNode, parent: MCTSNode, c: float = math.sqrt(2)) -> float:
    """The UCB1 score of ``child`` for the player choosing at ``parent``.

    ``Q + c·√(ln N / n)``: the child's mean result for that player (Q, *exploitation*),
    plus a bonus that is large for a child tried rarely (*exploration*): N is the parent's
    visit count, n the child's. Every time the parent is visited and another child chosen,
    N grows and so does the bonus, so no move is neglected for ever; ``c`` weighs the two.

    Examples
    --------
    >>> from gametheory import tree
    >>> from gametheory.search.mcts_context import MCTSNode
    >>> t = tree([[1], [0]])
    >>> parent = MCTSNode(t.root, None, (), 0, False, (0, 1))
    >>> child = MCTSNode(t.node((0,)), parent, (0,), 1, False, (0,))
    >>> parent.visits, child.visits, child.totals = 9, 3, [2.0, -2.0]
    >>> round(ucb1(child, parent), 3)  # 2/3 + √2 · √(ln 9 / 3)
    1.877
    """
    return child.value(parent.player) + c * math.sqrt(math.log(parent.visits) / child.visits)


def mcts(
    game: Game[Any, Any],
    state: Any = None,
    *,
    iterations: int | None = 1000,
    time_limit: float | None = None,
    c: float = math.sqrt(2),
    playout: PlayoutPolicy | None = None,
    seed: int | None = None,
    trace: bool = False,
) -> SearchResult:
    """Monte Carlo tree search with UCB1 (UCT; Kocsis and Szepesvári 2006).

    The search grows a tree from ``state``, one node per iteration. Each iteration has four
    phases:

    1. **Selection** — from the root, go down the tree: at each node choose the child with
       the best :func:`ucb1` score for the player to move there (at a chance node the dice
       choose, by their probabilities), until a node has a move that has not been tried.
    2. **Expansion** — give that move a node of its own.
    3. **Simulation** — from the new node, play the game to the end with the playout policy
       (random moves by default).
    4. **Backpropagation** — every node on the way down counts one more visit and adds the
       playout's result.

    Nothing estimates an unfinished position: the value of a node is the mean result of the
    games played through it. The move played is the most visited one, the one the search
    trusted most.

    Parameters
    ----------
    game, state
        The game and the position to search (its initial position by default).
    iterations
        How many iterations (playouts) to run; None to run until ``time_limit``.
    time_limit
        Stop after this many seconds (checked between iterations; at least one runs).
    c
        The exploration constant of UCB1, in the units of the game's utility. √2 is the
        constant of UCB1 as Auer, Cesa-Bianchi and Fischer (2002) wrote it, for results
        between 0 and 1, and the usual default; for results between −1 and 1 it explores
        half as much as that theory assumes. Scale it with larger payoffs. With 0 a move
        that starts badly is never tried again.
    playout
        The policy that plays the simulations: any player (an object with
        ``choose(game, state) -> move``); None plays uniformly random moves.
    seed
        Makes the dice and the random playouts reproducible: the same seed, the same search
        (with a ``time_limit``, the number of iterations depends on the machine).
    trace
        Record every phase of every iteration
        (:class:`~gametheory.search.mcts_trace.MCTSTrace`).

    Returns
    -------
    SearchResult
        ``value`` is the mean result at the root for the player to move there, ``move`` the
        most visited move (ties go to the first in ``legal_moves`` order), ``pv`` the line
        of most visited moves (it stops at a chance node), ``children`` each tried move's
        visits and mean value, ``stats.nodes`` the size of the tree, ``stats.leaves`` the
        number of playouts and ``stats.max_depth`` the depth of the tree.

    Raises
    ------
    GameError
        For a ``state`` that is not a position of ``game``, a bad budget, exploration
        constant, playout policy or seed, or a playout policy that plays an illegal move.

    Examples
    --------
    >>> from gametheory import Nim
    >>> result = mcts(Nim(5), iterations=300, seed=1)
    >>> result.move  # take 1 and leave 4: the winning move
    1
    >>> [(child.move, child.visits) for child in result.children]
    [(1, 287), (2, 7), (3, 6)]
    """
    search = MCTSSearch(
        game,
        state,
        iterations=iterations,
        time_limit=time_limit,
        c=c,
        playout=playout,
        seed=seed,
        trace=trace,
    )

    def choose(node: MCTSNode) -> int | None:
        """The move (its index) to follow from ``node``, or None at the end of the game."""
        if node.terminal:
            return None
        if node.player == CHANCE:
            return search.roll(node)
        if len(node.children) < len(node.moves):
            return len(node.children)  # untried moves first, in the game's order
        scores = [ucb1(child, node, search.c) for child in node.children.values()]
        search.scored(scores)
        return scores.index(max(scores))  # ties go to the first move

    root = search.root
    while search.another_iteration():
        # 1. Selection: follow the chosen moves down while they lead to nodes of the tree.
        node, move = root, choose(root)
        while move in node.children:
            node = node.children[move]
            move = choose(node)
        # 2. Expansion: the move not tried yet gets a node (at the end of the game, nothing).
        node = search.expand(node, move)
        # 3. Simulation: play on to the end of the game from the new node.
        outcome = search.simulate(node)
        # 4. Backpropagation: the nodes on the way count the visit and add the result.
        search.backpropagate(node, outcome)
    return search.result()
