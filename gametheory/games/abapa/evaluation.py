"""Evaluation functions for Abapa: five ways to judge a position the search does not finish.

Each follows the ``evaluate(state, player) -> float`` contract of :mod:`gametheory.core`
(positive = good for ``player``) and reads only the houses and the stores of an
:class:`~gametheory.games.abapa.AbapaState`; :data:`EVALUATIONS` names them for the console
program and the play widgets.

>>> from gametheory.games.abapa import Abapa
>>> game = Abapa()
>>> state = game.state([4] * 10 + [0, 2], stores=(6, 0))
>>> {name: round(evaluate(state, 0), 3) for name, evaluate in EVALUATIONS.items()}
{'store': 0.125, 'thesis': 0.167, 'mobility': 0.143, 'seeds': 0.122, 'vulnerability': 0.0}
"""

from __future__ import annotations

from gametheory.core import PLAYERS, A, Player, check_player
from gametheory.games.abapa.state import AbapaState

__all__ = [
    "EVALUATIONS",
    "store_difference",
    "thesis_scale",
    "mobility",
    "seeds_on_side",
    "vulnerability",
]


# -- evaluation functions ------------------------------------------------------------------
# Every one is antisymmetric (f(s, A) == -f(s, B)) and, in an unfinished position, strictly
# between -1 and +1, so a win found by search (utility +1) outranks any estimate and a loss
# (-1) is worse than any. A difference of counts is divided by one more than the largest
# value it can take (``_share``), so that even the most lopsided position stays inside.


def _share(difference: int, most: int) -> float:
    """``difference`` (between ``-most`` and ``most``) as a number strictly inside (−1, 1)."""
    return difference / (most + 1)


def _sides(state: AbapaState, player: Player) -> tuple[tuple[int, ...], tuple[int, ...]]:
    check_player(player)
    n = len(state.houses) // 2
    a, b = state.houses[:n], state.houses[n:]
    return (a, b) if player == A else (b, a)


def store_difference(state: AbapaState, player: Player) -> float:
    """Seeds captured by ``player`` minus seeds captured by the opponent, over all seeds.

    The idea: captured seeds never come back, so the store lead is the score so far. Divided
    by all the seeds (48) it stays strictly between −1 and +1 while the game goes on: a
    player still to move has seeds on the board, so no store holds them all.

    >>> from gametheory.games.abapa import Abapa
    >>> game = Abapa()
    >>> store_difference(game.state([4] * 10 + [0, 2], stores=(6, 0)), 0)
    0.125
    """
    if player.__class__ is not int or player not in PLAYERS:  # a search calls this a lot:
        check_player(player)  # only a doubtful player pays for the call
    own, opp = state.stores[player], state.stores[1 - player]
    return (own - opp) / (sum(state.houses) + own + opp)


def thesis_scale(state: AbapaState, player: Player) -> float:
    """The thesis' −6…+6 scale, divided by 6: ±6 for a decided game, else the store lead.

    The thesis gives only the ends of its scale (+6 the winner's position, −6 the loser's).
    Our reading: a store past half of the seeds is ±6; otherwise the store lead is cut into
    bands of a fifth of the winning threshold (5 seeds in Abapa), clipped to ±5. The value is
    the step divided by 6: ±1 only for a decided game, at most ±5/6 while it goes on.

    >>> from gametheory.games.abapa import Abapa
    >>> game = Abapa()
    >>> round(thesis_scale(game.state([4] * 10 + [0, 0], stores=(8, 0)), 0) * 6)
    2
    >>> thesis_scale(game.state([1] + [0] * 11, stores=(25, 22)), 1)
    -1.0
    """
    check_player(player)
    total = sum(state.houses) + state.stores[0] + state.stores[1]
    threshold = total // 2 + 1
    own, opp = state.stores[player], state.stores[1 - player]
    if own >= threshold:
        return 1.0
    if opp >= threshold:
        return -1.0
    step = round((own - opp) * 5 / threshold)
    return max(-5, min(5, step)) / 6


def mobility(state: AbapaState, player: Player) -> float:
    """Non-empty houses of ``player`` minus the opponent's, over one more than the houses a
    side (so 6 − 0 gives 6/7, never 1).

    The idea: each non-empty house is a move you can choose; a side with few of them is
    easy to starve and forced into bad moves.

    >>> from gametheory.games.abapa import Abapa
    >>> game = Abapa()
    >>> mobility(game.state([4, 4, 0, 0, 0, 0] + [8] * 5 + [0]), 1)  # (5 - 2) / 7
    0.42857142857142855
    """
    own, opp = _sides(state, player)
    return _share(sum(1 for c in own if c) - sum(1 for c in opp if c), len(own))


def seeds_on_side(state: AbapaState, player: Player) -> float:
    """Seeds on ``player``'s side minus seeds on the opponent's ("seeds in hand"), over one
    more than all the seeds (49 in Abapa).

    The idea: seeds on your side are yours to play and will be yours if the game ends by
    the cycle rule or by starvation.

    >>> from gametheory.games.abapa import Abapa
    >>> game = Abapa()
    >>> seeds_on_side(game.state([6] * 6 + [2] * 6), 0)  # (36 - 12) / 49
    0.4897959183673469
    """
    own, opp = _sides(state, player)
    total = sum(state.houses) + state.stores[0] + state.stores[1]
    return _share(sum(own) - sum(opp), total)


def _vulnerable(target: tuple[int, ...], attacker: tuple[int, ...]) -> int:
    # house j of the target side is reached by attacker house i (same orientation: the
    # attacker's house i sows n - i seeds before reaching target house 0)
    n = len(target)
    count = 0
    for j, c in enumerate(target):
        if c in (1, 2) and any(s >= (n - i) + j for i, s in enumerate(attacker) if s):
            count += 1
    return count


def vulnerability(state: AbapaState, player: Player) -> float:
    """The opponent's weak houses minus ``player``'s, over one more than the houses a side.

    A weak house holds 1 or 2 seeds (one more seed makes it 2 or 3, capturable) and lies
    within reach of a seed the other side can sow. The idea: such houses are targets.

    >>> from gametheory.games.abapa import Abapa
    >>> game = Abapa()
    >>> vulnerability(game.state([4, 4, 4, 4, 4, 4, 1, 4, 4, 4, 4, 7]), 0)  # 1 / 7
    0.14285714285714285
    """
    own, opp = _sides(state, player)
    return _share(_vulnerable(opp, own) - _vulnerable(own, opp), len(own))


EVALUATIONS = {
    "store": store_difference,
    "thesis": thesis_scale,
    "mobility": mobility,
    "seeds": seeds_on_side,
    "vulnerability": vulnerability,
}
"""The Abapa evaluation functions by short name (the console program's ``--evaluation``)."""
