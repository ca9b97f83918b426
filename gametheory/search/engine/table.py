"""The transposition table: what earlier searches learnt about each position.

Under alpha-beta a search often learns only a *bound* on a position's value: "at least 5"
after a cutoff (the opponent will avoid it), "at most 2" when every move failed to reach
the window. So each :class:`Entry` keeps a flag, :data:`EXACT`, :data:`LOWER` or
:data:`UPPER`, and :meth:`Entry.answer` trusts it only when it decides the search at hand:
the same depth, and an exact value, or a bound that falls outside the window.

Scores are pairs ``(value, tempo)`` (see "Quicker wins, slower losses" in
:mod:`gametheory.search.engine`). A win's tempo counts plies from the root, but the same
position may be met at another ply, so the table stores the tempo counted from the position
itself and converts it back where the position is met again.

>>> table = Table()
>>> table.store("p", 3, (2.0, 0), (0.0, 0), (5.0, 0), ply=1, move="m", opened=True)
>>> table["p"]
Entry(depth=3, flag=0, score=(2.0, 0), move='m', opened=True)
>>> table["p"].answer(3, 1, (0.0, 0), (5.0, 0)), table["p"].answer(4, 1, (0.0, 0), (5.0, 0))
((2.0, 0), None)
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple, TypeAlias

__all__ = ["Score", "Entry", "Table", "EXACT", "LOWER", "UPPER", "TABLE_LIMIT"]

Score: TypeAlias = tuple[float, int]
"""``(value, tempo)``: the value for the player to move, then the tie-break on speed."""

EXACT, LOWER, UPPER = 0, 1, 2
"""The flags of an entry: the stored score is the value, at least it, or at most it."""

WIN_TEMPO = 1 << 30
"""Tempo of a win at ply 0; a win at ply p has tempo ``WIN_TEMPO - p``, a loss the opposite."""

TEMPO_INF = 1 << 40
"""Beyond every real tempo: window bounds ``(v, ±TEMPO_INF)`` sit just outside value v."""

FULL_WINDOW = ((-math.inf, -TEMPO_INF), (math.inf, TEMPO_INF))
"""The window that holds every score, infinite values included (a win worth ``+inf`` found
at once scores ``(inf, WIN_TEMPO)``, which ``(inf, 0)`` would not hold)."""

TABLE_LIMIT = 4_000_000
"""At most this many positions are kept in the transposition table (about 1 GB)."""


def tempo_at(value: float, ply: int) -> int:
    """The tempo of a finished game worth ``value`` (for the player to move) at ``ply``:
    sooner is better for a win, later for a loss.

    >>> tempo_at(1.0, 3) == WIN_TEMPO - 3, tempo_at(-1.0, 3) == 3 - WIN_TEMPO, tempo_at(0.0, 3)
    (True, True, 0)
    """
    return WIN_TEMPO - ply if value > 0 else ply - WIN_TEMPO if value < 0 else 0


def shifted(score: Score, plies: int) -> Score:
    """``score`` with its tempo moved ``plies`` further from 0 (a tie stays 0): from the
    root's count to the position's for ``plies = ply``, and back for ``plies = -ply``.

    >>> shifted((1.0, 100), 3), shifted((1.0, 103), -3), shifted((-1.0, -100), 3)
    ((1.0, 103), (1.0, 100), (-1.0, -103))
    """
    value, tempo = score
    return (value, tempo + plies if tempo > 0 else tempo - plies if tempo < 0 else 0)


class Entry(NamedTuple):
    """What the search of one position found."""

    depth: int
    """The depth it was searched to."""
    flag: int
    """:data:`EXACT`, :data:`LOWER` or :data:`UPPER`."""
    score: Score
    """The score for the player to move there, its tempo counted from the position."""
    move: Any
    """The best move found (the one that caused the cutoff for a lower bound)."""
    opened: bool
    """Whether the search stopped at the depth limit somewhere below (not only at ends of
    the game): a search that never did has solved the position."""

    def answer(self, depth: int, ply: int, alpha: Score, beta: Score) -> Score | None:
        """The score, if this entry decides a search of its position met at ``ply`` to
        ``depth`` with the window (alpha, beta); else None."""
        if self.depth != depth:
            return None
        score = shifted(self.score, -ply) if self.score[1] else self.score
        flag = self.flag
        if flag == EXACT or (flag == LOWER and score >= beta) or (flag == UPPER and score <= alpha):
            return score
        return None


class Table(dict[Any, Entry]):
    """Position -> :class:`Entry`, for the searches of one ``iterative_deepening`` call;
    at most ``limit`` positions (then only the positions already in it are updated)."""

    def __init__(self, limit: int = TABLE_LIMIT) -> None:
        super().__init__()
        self.limit = limit

    def store(
        self,
        state: Any,
        depth: int,
        best: Score,
        alpha: Score,
        beta: Score,
        *,
        ply: int,
        move: Any,
        opened: bool,
    ) -> None:
        """Keep what the search of ``state`` (at ``ply``, to ``depth``) with the window
        (alpha, beta) found: ``best``, exact only if it fell inside the window."""
        if len(self) < self.limit or state in self:
            flag = UPPER if best <= alpha else LOWER if best >= beta else EXACT
            self[state] = Entry(depth, flag, shifted(best, ply) if best[1] else best, move, opened)
