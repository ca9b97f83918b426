"""What a code exercise gives the student, and the model solution its answer key prints.

:data:`INTERFACE` says, for each kind, what the function is given and what the game
offers (the grader's contract, :mod:`gametheory.practice.grader`); :data:`MODELS` is a right
function of each kind, as short as the textbook writes it, graded in the tests.

>>> sorted(MODELS) == sorted(INTERFACE)
True
"""

from __future__ import annotations

__all__ = ["GAME", "INTERFACE", "MODELS"]

GAME = (
    "The game answers questions about a position (positions are opaque): "
    "game.is_terminal(state); game.utility(state, 0), the result for MAX (player 0) at the "
    "end; game.to_move(state), 0 for MAX, 1 for MIN; game.legal_moves(state); "
    "game.result(state, move), the position after a move."
)
"""The game protocol a search exercise uses."""

INTERFACE = {
    "minimax": GAME + " Return the value of state for MAX.",
    "negamax": GAME + " Return the value of state for the player to move there.",
    "alphabeta": GAME + " The root is called with alpha = -inf, beta = +inf; return the "
    "value for MAX (a bound where the search is cut off: fail-hard).",
    "alphabeta_negamax": GAME + " The root is called with alpha = -inf, beta = +inf; return "
    "the value for the player to move (children searched with (-beta, -alpha)).",
    "expectiminimax": GAME + " A chance position has game.to_move(state) == -1, and "
    "game.chance_outcomes(state) lists (move, probability) pairs. Return the value for MAX.",
    "ucb1": "child_value is the child's mean result for the player choosing at the parent, "
    "child_visits and parent_visits count playouts, c is the exploration constant. Return "
    "the UCB1 score (infinite for a child never visited).",
    "backup": "node has .player (who chose the move into it), .parent (None at the root), "
    ".visits and .total (results for .player). reward is the playout's result for player 0 "
    "(+1, 0, -1): add it to node and every node above it.",
}
"""What each kind of code exercise is given, in words for the sheet and the notebook."""

MODELS = {
    "minimax": """def minimax(game, state):
    if game.is_terminal(state):
        return game.utility(state, 0)
    values = [minimax(game, game.result(state, m)) for m in game.legal_moves(state)]
    return max(values) if game.to_move(state) == 0 else min(values)
""",
    "negamax": """def negamax(game, state):
    if game.is_terminal(state):
        return game.utility(state, game.to_move(state))
    return max(-negamax(game, game.result(state, m)) for m in game.legal_moves(state))
""",
    "alphabeta": """def alphabeta(game, state, alpha, beta):
    if game.is_terminal(state):
        return game.utility(state, 0)
    for move in game.legal_moves(state):
        value = alphabeta(game, game.result(state, move), alpha, beta)
        if game.to_move(state) == 0:
            alpha = max(alpha, value)
        else:
            beta = min(beta, value)
        if alpha >= beta:
            break
    return alpha if game.to_move(state) == 0 else beta
""",
    "alphabeta_negamax": """def alphabeta_negamax(game, state, alpha, beta):
    if game.is_terminal(state):
        return game.utility(state, game.to_move(state))
    for move in game.legal_moves(state):
        alpha = max(alpha, -alphabeta_negamax(game, game.result(state, move), -beta, -alpha))
        if alpha >= beta:
            break
    return alpha
""",
    "expectiminimax": """def expectiminimax(game, state):
    if game.is_terminal(state):
        return game.utility(state, 0)
    if game.to_move(state) == -1:
        return sum(p * expectiminimax(game, game.result(state, m))
                   for m, p in game.chance_outcomes(state))
    values = [expectiminimax(game, game.result(state, m)) for m in game.legal_moves(state)]
    return max(values) if game.to_move(state) == 0 else min(values)
""",
    "ucb1": """import math


def ucb1(child_value, child_visits, parent_visits, c):
    if child_visits == 0:
        return math.inf
    return child_value + c * math.sqrt(math.log(parent_visits) / child_visits)
""",
    "backup": """def backup(node, reward):
    while node is not None:
        node.visits += 1
        node.total += reward if node.player == 0 else -reward
        node = node.parent
""",
}
"""A right function of each kind: the answer key's model solution."""
