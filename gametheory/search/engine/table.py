"""The transposition table: what earlier searches learnt about each position.

Under alpha-beta a search often learns only a *bound* on a position's value: "at least 5"
after a cutoff (the opponent will avoid it), "at most 2" when every move failed to reach
the window. So each :data:`Entry` keeps a flag, :data:`EXACT`, :data:`LOWER` or
:data:`UPPER`, and :func:`answer` trusts it only when it decides the search at hand:
the same depth, and an exact value, or a bound that falls outside the window.

A finished game's score has a tempo (:class:`~gametheory.search.engine.scores.Timed`). A
win's tempo counts plies from the root, but the same position may be met at another ply,
so the table stores the tempo counted from the position itself and converts it back where
the position is met again (:func:`shifted`).

>>> table = Table()
>>> table.store("p", 3, 1, (0.0, 5.0), 2.0, "m", True, ("m", "n"), {})
>>> entry = table.entries.get("p")
>>> entry  # depth, flag, score, move, opened, legal moves, children made
(3, 0, 2.0, 'm', True, ('m', 'n'), {})
>>> answer(entry, 1, 0.0, 5.0)  # exact: the answer in any window
2.0
>>> table.store("q", 3, 1, (0.0, 1.0), 2.0, "n", True, ("m", "n"), {})  # >= beta: a lower bound
>>> answer(table.entries["q"], 1, 0.0, 1.5), answer(table.entries["q"], 1, 0.0, 5.0)
(2.0, None)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeAlias

from gametheory.search.engine.scores import Score, Timed, Window, with_tempo

__all__ = ["Entry", "Table", "answer", "EXACT", "LOWER", "UPPER", "TABLE_LIMIT", "MADE_LIMIT"]

EXACT, LOWER, UPPER = 0, 1, 2
"""The flags of an entry: the stored score is the value, at least it, or at most it."""

TABLE_LIMIT = 4_000_000
"""At most this many positions are kept in the transposition table (about 1 GB)."""

MADE_LIMIT = 100_000
"""At most this many positions keep the positions their moves lead to (a few hundred MB)."""

Child: TypeAlias = tuple[Any, bool]
"""The position a move leads to, and whether the game is over there."""

Children: TypeAlias = dict[Any, Child]
"""The positions made from one position so far, by move."""

Entry: TypeAlias = tuple[int, int, Score, Any, bool, Sequence[Any], Children | None]
"""What the search of one position found: ``(depth, flag, score, move, opened, legal,
children)``: the depth it was searched to; :data:`EXACT`, :data:`LOWER` or :data:`UPPER`;
the score for the player to move there, its tempo counted from the position; the best move
found (for a lower bound, the one that caused the cutoff); and whether the search stopped
at the depth limit somewhere below it, not only at ends of the game (a search that never
did has solved the position). Then what a search that meets it again need not make again
(about a third of the positions a search visits, and of the moves it makes, were visited
or made before): its legal moves, and the positions its moves led to (None past
:data:`MADE_LIMIT` positions). A plain tuple: a table holds millions, and a tuple is the
quickest to make, read and free."""


def shifted(score: Timed, plies: int) -> Timed:
    """``score`` with its tempo moved ``plies`` further from 0 (a tempo of 0 stays 0): from
    the root's count to the position's for ``plies = ply``, and back for ``plies = -ply``.

    >>> shifted(Timed(1.0, 100), 3), shifted(Timed(1.0, 103), -3), shifted(Timed(-1.0, -100), 3)
    (Timed(1.0, 103), Timed(1.0, 100), Timed(-1.0, -103))
    """
    tempo = score.tempo
    return with_tempo(
        float(score), tempo + plies if tempo > 0 else tempo - plies if tempo < 0 else 0
    )


def answer(entry: Entry, ply: int, alpha: Score, beta: Score) -> Score | None:
    """The score an ``entry`` of the depth at hand gives its position, met at ``ply``, for a
    search with the window (alpha, beta): its value if exact, or a bound that falls outside
    the window; else None (the search must be made, the entry's move tried first). The
    module's examples show each case."""
    _, flag, score, _, _, _, _ = entry
    if score.__class__ is Timed:
        score = shifted(score, -ply)
    if flag == EXACT or (flag == LOWER and score >= beta) or (flag == UPPER and score <= alpha):
        return score
    return None


class Table:
    """Position -> :data:`Entry`, for the searches of one ``iterative_deepening`` call;
    at most ``limit`` positions (:data:`TABLE_LIMIT` by default; then only the positions
    already in it are updated).

    >>> small = Table(limit=1)
    >>> small.store("p", 1, 0, (0.0, 5.0), 2.0, "m", False, ("m", "n"), {})
    >>> small.store("q", 1, 0, (0.0, 5.0), 2.0, "m", False, ("m",), {})  # no room
    >>> small.store("p", 2, 0, (0.0, 5.0), 9.0, "n", False, ("m", "n"), {})
    >>> small.entries  # updated
    {'p': (2, 1, 9.0, 'n', False, ('m', 'n'), {})}
    """

    __slots__ = ("entries", "limit")

    def __init__(self, limit: int | None = None) -> None:
        self.entries: dict[Any, Entry] = {}
        self.limit = TABLE_LIMIT if limit is None else limit

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
        children: Children,
    ) -> None:
        """Keep what the search of ``state``, met at ``ply``, to ``depth`` with ``window``
        found: ``best`` (exact only if it fell inside the window), the best ``move``,
        whether it stopped at the depth limit somewhere (``opened``), its ``legal`` moves
        and the ``children`` made (while fewer than :data:`MADE_LIMIT` positions are kept)."""
        entries = self.entries
        size = len(entries)
        if size < self.limit or state in entries:
            flag = UPPER if best <= window[0] else LOWER if best >= window[1] else EXACT
            score = shifted(best, ply) if best.__class__ is Timed else best
            kept = children if size < MADE_LIMIT else None
            entries[state] = (depth, flag, score, move, opened, legal, kept)
