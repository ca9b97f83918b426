"""The transposition table: what earlier searches learnt about each position.

Under alpha-beta a search often learns only a *bound* on a position's value: "at least 5"
after a cutoff (the opponent will avoid it), "at most 2" when every move failed to reach
the window. So each :class:`Entry` keeps a flag, :data:`EXACT`, :data:`LOWER` or
:data:`UPPER`, and :meth:`Entry.answer` trusts it only when it decides the search at hand:
the same depth, and an exact value, or a bound that falls outside the window.

Scores are pairs ``(value, tempo)`` (:mod:`~gametheory.search.engine.scores`). A win's
tempo counts plies from the root, but the same position may be met at another ply, so the
table stores the tempo counted from the position itself and converts it back where the
position is met again (:func:`shifted`).

>>> table = Table()
>>> table.store("p", 3, 1, ((0.0, 0), (5.0, 0)), (2.0, 0), "m", True)
>>> table["p"]
Entry(depth=3, flag=0, score=(2.0, 0), move='m', opened=True)
>>> table["p"].answer(3, 1, (0.0, 0), (5.0, 0)), table["p"].answer(4, 1, (0.0, 0), (5.0, 0))
((2.0, 0), None)
"""

from __future__ import annotations

from typing import Any, NamedTuple

from gametheory.search.engine.scores import Score, Window

__all__ = ["Entry", "Table", "EXACT", "LOWER", "UPPER", "TABLE_LIMIT"]

EXACT, LOWER, UPPER = 0, 1, 2
"""The flags of an entry: the stored score is the value, at least it, or at most it."""

_entry = tuple.__new__  # makes an Entry five times faster than Entry(...), which checks

TABLE_LIMIT = 4_000_000
"""At most this many positions are kept in the transposition table (about 1 GB)."""


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
    at most :attr:`limit` positions (then only the positions already in it are updated).

    >>> small = Table()
    >>> small.limit = 1
    >>> small.store("p", 1, 0, ((0.0, 0), (5.0, 0)), (2.0, 0), "m", False)
    >>> small.store("q", 1, 0, ((0.0, 0), (5.0, 0)), (2.0, 0), "m", False)  # no room
    >>> small.store("p", 2, 0, ((0.0, 0), (5.0, 0)), (9.0, 0), "n", False)  # updated
    >>> small
    {'p': Entry(depth=2, flag=1, score=(9.0, 0), move='n', opened=False)}
    """

    limit = TABLE_LIMIT

    def store(
        self, state: Any, depth: int, ply: int, window: Window, best: Score, move: Any, opened: bool
    ) -> None:
        """Keep what the search of ``state``, met at ``ply``, to ``depth`` with ``window``
        found: ``best`` (exact only if it fell inside the window), the best ``move``, and
        whether it stopped at the depth limit somewhere (``opened``)."""
        if len(self) < self.limit or state in self:
            flag = UPPER if best <= window[0] else LOWER if best >= window[1] else EXACT
            score = shifted(best, ply) if best[1] else best
            self[state] = _entry(Entry, (depth, flag, score, move, opened))
