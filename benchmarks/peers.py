"""The searches people would otherwise use for Oware, run on the same positions as ours.

* OpenSpiel's pure-Python ``open_spiel.python.algorithms.minimax.alpha_beta_search`` on its
  C++ ``oware`` game (the rules of Abapa with the tournament grand-slam rule, so the same
  move sequence gives the same board; :func:`openspiel_state` checks it).
* easyAI's ``Negamax`` on its ``Awele`` game (its own rules: a player must play a house
  whose seeds reach the opponent's side whenever one does, which leaves far fewer moves
  than Abapa; the game ends when fewer than 7 seeds are left; and its capture test
  ``pos / 6 == camp`` only fires in houses a and g. So its trees are much smaller than ours,
  about a quarter of the nodes at depth 6; the board is set directly).

Both are the ``bench`` extra (``pip install easyAI open_spiel``). Nothing in the package or
the tests imports this module.
"""

from __future__ import annotations

import importlib
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

__all__ = [
    "missing",
    "openspiel_state",
    "openspiel_search",
    "easyai_search",
    "counting_nodes",
]


def missing() -> dict[str, str]:
    """The peers that cannot be imported here, with the reason."""
    reasons = {}
    for name, module in (("OpenSpiel", "pyspiel"), ("easyAI", "easyAI")):
        try:
            __import__(module)
        except ImportError as error:
            reasons[name] = f"{error} (pip install easyAI open_spiel)"
    return reasons


def openspiel_state(moves: Sequence[int], houses: Sequence[int], stores: Sequence[int]) -> Any:
    """OpenSpiel's oware state after our moves (house numbers 1–12), checked against our board."""
    import pyspiel

    state = pyspiel.load_game("oware").new_initial_state()
    for house in moves:
        mover = state.current_player()
        state.apply_action(house - 1 - 6 * mover)
    seen = [round(x * 48) for x in state.observation_tensor()]
    if seen != [*houses, *stores]:
        raise ValueError(f"OpenSpiel's board {seen} differs from ours {[*houses, *stores]}")
    return state


def openspiel_search(state: Any, depth: int) -> tuple[float, int, float]:
    """Value, best house (1–12) and seconds of OpenSpiel's Python alpha-beta at ``depth``."""
    from open_spiel.python.algorithms.minimax import alpha_beta_search

    mover = state.current_player()
    other = 13 if mover == 0 else 12

    def store_difference(s: Any) -> float:  # for the maximising player, like ours
        t = s.observation_tensor()
        return float(t[12 + mover] - t[other])

    start = time.perf_counter()
    value, action = alpha_beta_search(
        state.get_game(),
        state=state.clone(),
        value_function=store_difference,
        maximum_depth=depth,
        maximizing_player_id=mover,
    )
    return float(value), int(action) + 1 + 6 * mover, time.perf_counter() - start


def easyai_search(
    houses: Sequence[int], stores: Sequence[int], to_move: int, depth: int
) -> tuple[int, float]:
    """Best house (1–12) and seconds of easyAI's Negamax on its Awele from our position."""
    from easyAI import AI_Player, Negamax
    from easyAI.games.Awele import Awele

    def store_difference(game: Any) -> float:
        return float(game.player.score - game.opponent.score) / 48

    ai = Negamax(depth, store_difference)
    game = Awele([AI_Player(ai), AI_Player(ai)])
    game.board = list(houses)
    game.players[0].score, game.players[1].score = stores
    game.current_player = to_move + 1
    start = time.perf_counter()
    move = ai(game)
    return "abcdefghijkl".index(move) + 1, time.perf_counter() - start


@contextmanager
def counting_nodes(peer: str) -> Iterator[list[int]]:
    """Count the nodes a peer's search visits (calls of its recursive function) while the
    ``with`` block runs; the count is in the yielded list. Slower: not for timing."""
    module_name, function = {
        "OpenSpiel": ("open_spiel.python.algorithms.minimax", "_alpha_beta"),
        "easyAI": ("easyAI.AI.Negamax", "negamax"),
    }[peer]
    importlib.import_module(module_name)
    module = sys.modules[module_name]  # easyAI.AI.Negamax is also the name of a class
    original: Callable[..., Any] = getattr(module, function)
    count = [0]

    def counted(*args: Any, **kwargs: Any) -> Any:
        count[0] += 1
        return original(*args, **kwargs)

    setattr(module, function, counted)  # the recursion looks the name up in the module
    try:
        yield count
    finally:
        setattr(module, function, original)
