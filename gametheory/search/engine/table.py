"""The transposition table: what earlier searches learnt about each position.

Under alpha-beta a search often learns only a *bound* on a position's value: "at least 5"
after a cutoff (the opponent will avoid it), "at most 2" when every move failed to reach
the window. So each :data:`Entry` keeps a flag, :data:`EXACT`, :data:`LOWER` or
:data:`UPPER`, and :meth:`Table.lookup` trusts it only when it decides the search at hand:
the same depth, and an exact value, or a bound that falls outside the window.

Scores are pairs ``(value, tempo)`` (:mod:`~gametheory.search.engine.scores`). A win's
tempo counts plies from the root, but the same position may be met at another ply, so the
table stores the tempo counted from the position itself and converts it back where the
position is met again (:func:`shifted`).

>>> table = Table()
>>> table.store("p", 3, 1, ((0.0, 0), (5.0, 0)), (2.0, 0), "m", True, ("m", "n"))
>>> table.entries["p"]  # depth, flag, score, move, opened, legal moves
(3, 0, (2.0, 0), 'm', True, ('m', 'n'))
>>> table.lookup("p", 3, 1, (0.0, 0), (5.0, 0))
('m', (2.0, 0), True, ('m', 'n'))
>>> table.lookup("p", 4, 1, (0.0, 0), (5.0, 0)), table.lookup("q", 3, 1, (0.0, 0), (5.0, 0))
(('m', None, True, ('m', 'n')), (None, None, False, None))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeAlias

from gametheory.search.engine.scores import Score, Window

__all__ = ["Entry", "Table", "EXACT", "LOWER", "UPPER", "TABLE_LIMIT"]

EXACT, LOWER, UPPER = 0, 1, 2
"""The flags of an entry: the stored score is the value, at least it, or at most it."""

TABLE_LIMIT = 4_000_000
"""At most this many positions are kept in the transposition table (about 1 GB)."""

Entry: TypeAlias = tuple[int, int, Score, Any, bool, Sequence[Any]]
"""What the search of one position found: ``(depth, flag, score, move, opened, legal)``: the depth
it was searched to; :data:`EXACT`, :data:`LOWER` or :data:`UPPER`; the score for the player
to move there, its tempo counted from the position; the best move found (for a lower bound,
the one that caused the cutoff); and whether the search stopped at the depth limit
somewhere below it, not only at ends of the game (a search that never did has solved the
position); and its legal moves, so that a search that meets it again need not list them
(about a third of the positions a search visits were visited before). A plain tuple: a table holds millions, and a tuple is the quickest to make, read
and free."""


def shifted(score: Score, plies: int) -> Score:
    """``score`` with its tempo moved ``plies`` further from 0 (a tie stays 0): from the
    root's count to the position's for ``plies = ply``, and back for ``plies = -ply``.

    >>> shifted((1.0, 100), 3), shifted((1.0, 103), -3), shifted((-1.0, -100), 3)
    ((1.0, 103), (1.0, 100), (-1.0, -103))
    """
    value, tempo = score
    return (value, tempo + plies if tempo > 0 else tempo - plies if tempo < 0 else 0)


class Table:
    """Position -> :data:`Entry`, for the searches of one ``iterative_deepening`` call;
    at most ``limit`` positions (:data:`TABLE_LIMIT` by default; then only the positions
    already in it are updated).

    >>> small = Table(limit=1)
    >>> small.store("p", 1, 0, ((0.0, 0), (5.0, 0)), (2.0, 0), "m", False, ("m", "n"))
    >>> small.store("q", 1, 0, ((0.0, 0), (5.0, 0)), (2.0, 0), "m", False, ("m",))  # no room
    >>> small.store("p", 2, 0, ((0.0, 0), (5.0, 0)), (9.0, 0), "n", False, ("m", "n"))
    >>> small.entries  # updated
    {'p': (2, 1, (9.0, 0), 'n', False, ('m', 'n'))}
    """

    __slots__ = ("entries", "limit")

    def __init__(self, limit: int | None = None) -> None:
        self.entries: dict[Any, Entry] = {}
        self.limit = TABLE_LIMIT if limit is None else limit

    def lookup(
        self, state: Any, depth: int, ply: int, alpha: Score, beta: Score
    ) -> tuple[Any, Score | None, bool, Sequence[Any] | None]:
        """What the table knows of ``state``, met at ``ply``, for a search to ``depth`` with
        the window (alpha, beta): the move to try first (None: nothing), the score if the
        entry decides the search (else None), whether its search was ``opened``, and the
        legal moves (None: not searched before)."""
        entry = self.entries.get(state)
        if entry is None:
            return None, None, False, None
        stored_depth, flag, score, move, opened, legal = entry
        if stored_depth == depth:
            score = shifted(score, -ply) if score[1] else score
            if (
                flag == EXACT
                or (flag == LOWER and score >= beta)
                or (flag == UPPER and score <= alpha)
            ):
                return move, score, opened, legal
        return move, None, opened, legal

    def exact_move(self, state: Any, depth: int) -> Any:
        """The best move of ``state`` if its value to ``depth`` is known exactly, else None."""
        entry = self.entries.get(state)
        return entry[3] if entry is not None and entry[:2] == (depth, EXACT) else None

    def store(
        self,
        state: Any,
        depth: int,
        ply: int,
        window: Window,
        best: Score,
        move: Any,
        opened: bool,
        legal: Sequence[Any],
    ) -> None:
        """Keep what the search of ``state``, met at ``ply``, to ``depth`` with ``window``
        found: ``best`` (exact only if it fell inside the window), the best ``move``,
        whether it stopped at the depth limit somewhere (``opened``), and its ``legal``
        moves."""
        entries = self.entries
        if len(entries) < self.limit or state in entries:
            flag = UPPER if best <= window[0] else LOWER if best >= window[1] else EXACT
            score = shifted(best, ply) if best[1] else best
            entries[state] = (depth, flag, score, move, opened, legal)
