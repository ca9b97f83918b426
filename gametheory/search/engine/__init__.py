"""The engine: alpha-beta made fast, and checked by the tests to give the textbook answer.

:func:`iterative_deepening` searches to depth 1, then 2, 3, … up to ``max_depth``. Each
depth is an alpha-beta search in negamax form (values are for the player to move); the
enhancements below change *how much* of the tree it looks at, never the value it returns.
Tests check that its value equals :func:`~gametheory.search.alphabeta.alphabeta` at the same
depth, on random trees and on real games.

The enhancements, one sentence each:

* **Iterative deepening** — searching depth 1, 2, 3, … costs little more than the last
  search alone (the tree grows so fast that the last depth dominates), and every finished
  depth teaches the next one which moves are good and leaves an answer if time runs out.
* **Transposition table** — a dictionary from position to what an earlier search learnt
  about it; under alpha-beta that is often only a *bound* ("at least 5" after a cutoff,
  "at most 2" when every move failed), so each entry says whether its value is *exact*, a
  *lower* or an *upper* bound, and is trusted only for a search of the same depth. It also
  keeps the position's legal moves and the positions its moves led to, so a position met
  again is not asked for them twice (see "Remembered children").
* **Best move first** — the move the table remembers for a position (at the root, the
  previous depth's best move) is tried first, because a good first move makes the window
  narrow and the cutoffs early.
* **Promising moves next** — the other moves are tried in the order of how good the position
  after them looks *now* (its evaluation, or the result if the game is over there): a move
  that wins seeds at once is usually worth looking at before one that does not. One ply
  above the depth limit, where making every child just to sort them costs as much as
  searching them, the game's own quick guess is used instead (a game with an
  ``order_moves`` method, the :class:`~gametheory.core.MoveOrdering` protocol: Abapa tries
  captures first), or else the game's order; a game with such a guess uses it two plies
  above the limit too, where on Abapa it orders as well as the evaluations for far less
  work.
* **Killer moves** — among moves that look equally good, one that caused a cutoff in a
  sibling position at the same ply is tried first, since it often refutes this move too.
* **History heuristic** — every cutoff adds ``depth²`` to its move's score for that player;
  it breaks the remaining ties.
* **Principal-variation search** — once a first move has set the bar, each other move is
  first searched with a *null window* (α, just above α) that can only answer "better" or
  "not better"; that is much cheaper, and only a move that turns out better is searched
  again with the full window to learn its value.
* **The last ply for free** — one ply above the depth limit each child is scored by the
  evaluation right where it is made, in a short loop of its own, instead of being searched
  as a node with a window of its own (it is counted as visited all the same). A game that
  can score a move's position without making it (the
  :class:`~gametheory.search.engine.scores.MoveValues` protocol: Abapa, for
  ``store_difference``) is asked for that instead: most of the moves a search makes are
  these.
* **Deepening by two** (optional, ``step=2``) — searching only every other depth, ending
  at ``max_depth``, skips half of the shallower searches; the deeper ones then have a
  little less to learn from, but on Abapa the skipped depths cost more than that: about a
  quarter less work in all.
* **Aspiration window** (optional, ``aspiration=``) — each depth starts with a narrow window
  around the previous depth's value, which prunes more; if the true value falls outside, the
  depth is searched again with the full window.
* **Quicker wins, slower losses** — inside the search a score is a number, the textbook
  minimax value; the score of a finished game also carries a *tempo*, larger for a win
  reached sooner or a loss reached later (a :class:`~gametheory.search.engine.scores.Timed`
  number), and scores compare by value first, then by tempo (0 for every other score), so
  the tempo only breaks ties between equal values. Plain numbers compare at the speed of
  Python's floats; only the scores of finished games pay for their tempo.
* **Remembered children** — a position keeps the positions its moves led to (in its
  table entry), and one far from the depth limit their evaluations too, so the next depth
  does not make them again: about a third of the moves a search makes were made before.
* **A faster way to move** (for games that offer it) — a game with a
  ``successor(state, move)`` method (the :class:`~gametheory.core.Successor` protocol,
  which Abapa has) gives the next position and whether the game is over there in one
  step, without checking again a move the engine took from ``legal_moves`` itself.
* **Garbage collection paused** — Python's cycle collector runs after every few hundred new
  objects and looks at every object alive, the whole table included; the search makes
  millions of small objects but no cycles, so the collector is paused while it runs, and
  the table is dropped before it resumes (freed at once, since nothing else refers to its
  entries; left alive, it would be walked by the collector's next full pass). (The
  principal variation is kept as linked pairs ``(move, rest)`` that share their tails, so
  the memory of a search grows with its depth, not with its square.)
* **Time limit** — when ``time_limit`` seconds have passed, the depth being searched is
  abandoned and the answer of the last finished depth is returned (the first depth always
  finishes).
* **Knowing when to stop** — without a ``max_depth`` the engine deepens until every line
  ends with the game over (``stopped == "solved"``). A game that can go round in circles
  never gets there: once a depth meets no position the table did not know, the engine also
  finds, a little at every depth, the positions the game can reach and the best and worst
  utility among the finished ones. Without an evaluation the positions where the search
  stops count 0, so a value above 0 can only come from wins the player can force; once it
  is the best utility there is, nothing deeper can change it, and the engine stops
  (``stopped == "proven"``; the same for the worst). Otherwise, once the depth reaches the
  number of positions, every longer line repeats a position, and what a player can force
  (a win, or holding a draw) it can force within that many plies: the engine stops
  (``stopped == "cycles"``), endless play scoring what the evaluation says where the
  search stops (0, a draw, without one).

Values may be infinite: an evaluation that returns ``math.inf`` for a won position (and
``-math.inf`` for a lost one), or a tree leaf of ``±inf``, is searched like any other value,
with the textbook's answer; only NaN is refused.

Evaluations and utilities are asked for the root player and negated for the other one, as
:func:`~gametheory.search.alphabeta.alphabeta` does, so the engine gives its value even for
an evaluation function that is not symmetric.

Where each idea lives, in the order a reader meets them:

* :mod:`~gametheory.search.engine.driver` — :func:`iterative_deepening`: the depths, the
  time limit (a :class:`~gametheory.search.engine.driver.Deadline`), knowing when to stop;
* :mod:`~gametheory.search.engine.searcher` — the search of one depth: a
  :class:`~gametheory.search.engine.searcher.Searcher` whose ``negamax`` method is the
  textbook's :func:`~gametheory.search.alphabeta.alphabeta_negamax` with the table, the
  ordering, principal-variation search and the last ply for free, and the trace;
* :mod:`~gametheory.search.engine.table` — the transposition table (exact values and bounds);
* :mod:`~gametheory.search.engine.ordering` — best move first, promising moves next,
  killer moves, the history heuristic, the game's own guess;
* :mod:`~gametheory.search.engine.scores` — scores with their tempo (quicker wins, slower
  losses), windows, and the score of a position where the search stops.
"""

from gametheory.search.engine.driver import iterative_deepening
from gametheory.search.engine.searcher import ENGINE, Iteration
from gametheory.search.engine.table import MADE_LIMIT, TABLE_LIMIT

__all__ = ["ENGINE", "iterative_deepening", "Iteration", "TABLE_LIMIT", "MADE_LIMIT"]
