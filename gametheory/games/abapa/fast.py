"""Abapa's fast path: the search engine's way of making a move and of guessing good moves.

The engine makes the moves of a search through :meth:`Abapa.successor
<gametheory.games.abapa.Abapa.successor>`, which asks :class:`FastMoves`; the readable rules
in :mod:`gametheory.games.abapa.rules` are the definition, and this module is a second
implementation of the same move, written for speed. ``tests/test_abapa_fast.py`` proves the
two equal: perft counts through both at depths 1 to 5 from the opening and from seeded
positions under every rule variant, property tests (``successor(state, move) ==
(result(state, move), is_terminal(that position))`` for random positions, moves and rules,
and :meth:`FastMoves.scored` against that position scored), and every compiled sowing and
table checked against the readable sowing.

The tricks, and why each gives what the rules give:

1. **Compiled sowings.** Where the seeds of a house go depends only on the house and how
   many seeds it holds, never on the other houses. So each sowing (house, seeds) is turned
   once into a Python expression that builds the new board in one step (``lambda h: (h[0],
   h[1], 0, h[3] + 1, ...)``), instead of dropping the seeds one at a time.
2. **One look for a capture.** A capture needs the last seed on the opponent's side, and
   where the last seed falls is known with the compiled sowing; only when that house now
   holds 2 or 3 is the run of captured houses worked out.
3. **No can-move test after most quiet moves.** Without a capture a legal move leaves the
   next player seeds (it reached their side, or their side was not empty, or it would have
   had to feed them), so they can move, unless the mover's own side is now empty and they
   cannot feed it, which needs a sowing with no seed on the mover's side.
4. **Settled ends without a second pass.** A game that ends by the cycle rule or because
   the next player cannot move gives each side's seeds to its owner; the board is then the
   empty board, made once.
5. **One history for sibling moves.** Under the repetition rule each quiet move adds the
   position it was made from to the history; the moves of one position, which a search makes
   one after another, share one new set (:func:`_grown`, a pure function remembered by its
   arguments) instead of making it once each.
6. **The order guessed without playing.** :meth:`FastMoves.order` finds the house the last
   seed falls into from a table of remainders, without sowing.
7. **The last ply scored without its positions.** :meth:`FastMoves.scored` gives the value
   a search's last ply needs (the store difference, or the utility if the game ends) from
   the sowing alone: a quiet move keeps the position's stores, a capture adds its seeds to
   the mover's; only a move that ends the game otherwise is made in full.

The tables are built in ``__init__`` and never change, so a game keeps no memory of the
positions it has seen. This module imports nothing of the rules (the rules module builds a
:class:`FastMoves` for its game): it works on the four fields of a state, in the order of
:class:`~gametheory.games.abapa.AbapaState`, and makes new states of the class it is given.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache, lru_cache
from typing import Any, Generic, NamedTuple, TypeAlias, TypeVar

__all__ = ["FastMoves"]


_Board: TypeAlias = tuple[int, ...]
_Stores: TypeAlias = tuple[int, int]
_History: TypeAlias = frozenset[tuple[_Board, int]]
_Fields: TypeAlias = tuple[_Board, _Stores, int, _History]
S = TypeVar("S", bound=_Fields)  # AbapaState: houses, stores, player to move, history
_new: Callable[[type[Any], _Fields], Any] = tuple.__new__
"""A state of the class given, from its four fields (quicker than NamedTuple's own ``__new__``)."""


class _Sowing(NamedTuple):
    """One sowing (a house with a number of seeds), compiled."""

    sow: Callable[[_Board], _Board]  # the houses before the sowing -> the houses after it
    capture_at: int | None  # the index the last seed falls into if that is on the opponent's
    # side (only there can it capture), else None
    sows_home: bool  # a seed lands on the mover's own side


@cache  # a pure function of its arguments, shared by every game with this board
def _compiled(size: int, start: int, seeds: int) -> _Sowing:
    """The sowing of ``seeds`` from index ``start`` on ``size`` houses as one expression;
    for 4 seeds from index 2 of 12: ``lambda h: (h[0], h[1], 0, h[3] + 1, ..., h[11])``."""
    path: list[int] = []  # the index each seed falls into, in order
    pos = start
    while len(path) < seeds:
        pos = (pos + 1) % size
        if pos != start:  # a lap of 12 or more seeds skips the emptied house
            path.append(pos)
    terms = [
        "0" if i == start else f"h[{i}] + {path.count(i)}" if i in path else f"h[{i}]"
        for i in range(size)
    ]
    sow = eval(f"lambda h: ({', '.join(terms)},)")  # the text holds only numbers
    n = size // 2
    mine = start // n
    capture_at = path[-1] if path and path[-1] // n != mine else None
    return _Sowing(sow, capture_at, any(i // n == mine for i in path))


def _last_seeds(size: int, start: int, most: int) -> tuple[int, ...]:
    """For 0..``most`` seeds sown from index ``start``: where the last one falls if that is on
    the other side, else -1.

    The seeds go round the ``size - 1`` other houses (a lap skips the emptied one), so the
    last of ``s`` seeds lands ``(s - 1) % (size - 1) + 1`` houses after ``start``."""
    n = size // 2
    table = [-1]
    for seeds in range(1, most + 1):
        last = (start + (seeds - 1) % (size - 1) + 1) % size
        table.append(last if last // n != start // n else -1)
    return tuple(table)


@lru_cache(maxsize=1 << 10)  # a pure function of its arguments (see the docstring)
def _grown(seen: _History, houses: _Board, mover: int) -> _History:
    """The positions since the last capture after a quiet move from ``(houses, mover)``.

    A search makes the moves of one position one after another, and each quiet one adds the
    same position to the same history: remembered, the new set is made once for them all
    instead of once a move (the set is a value, so sharing it changes nothing)."""
    return seen | {(houses, mover)}


def _can_move(houses: _Board, player: int) -> bool:
    """Whether ``player`` has a legal move on ``houses``, without listing the moves.

    Any seed on their side is a move, unless the opponent has no seeds: then only a move
    that reaches past the player's last house (feeds them) counts. Under
    ``grand_slam="forbidden"`` the grand slams come back when nothing else is legal, so they
    never decide this.
    """
    n = len(houses) // 2
    lo = player * n
    hi = lo + n
    if any(houses[n:] if player == 0 else houses[:n]):
        return any(houses[lo:hi])
    return any(houses[i] and i + houses[i] >= hi for i in range(lo, hi))


class FastMoves(Generic[S]):
    """Abapa's ``successor`` and move ordering for one set of rules.

    Parameters
    ----------
    houses_per_side, total_seeds, grand_slam, repetition
        The rules (:class:`~gametheory.games.abapa.AbapaRules`): the board, the seeds, what
        a grand slam does, and whether the repetition rule (else the below-four rule) ends
        cycles.
    state_type
        The class of the states made (:class:`~gametheory.games.abapa.AbapaState`).

    Every table is built here, once, and never changes: the object keeps no memory of the
    positions it has seen, so one game can serve any number of searches in any order.

    Examples
    --------
    >>> from gametheory.games.abapa import Abapa
    >>> game = Abapa()
    >>> after, over = game.successor(game.initial_state(), 3)
    >>> after == game.result(game.initial_state(), 3), over
    (True, False)
    """

    def __init__(
        self,
        houses_per_side: int,
        total_seeds: int,
        grand_slam: str,
        repetition: bool,
        state_type: type[S],
    ) -> None:
        n = houses_per_side
        size = 2 * n
        self._n = n
        self._threshold = total_seeds // 2 + 1
        self._total = total_seeds  # every position holds them all (Abapa.state checks it)
        self._grand_slam = grand_slam
        self._repetition = repetition
        self._type = state_type
        self._sides = (slice(0, n), slice(n, size))
        self._empty = (0,) * size
        # sowings of up to two laps, by house (1..size) and seeds; a bigger house is rare
        # and its sowing is compiled when met (_compiled remembers it)
        laps = min(total_seeds, 2 * (size - 1))
        self._sowings = ((),) + tuple(
            tuple(_compiled(size, start, seeds) for seeds in range(laps + 1))
            for start in range(size)
        )
        self._last_seed = ((),) + tuple(
            _last_seeds(size, start, total_seeds) for start in range(size)
        )

    def successor(self, state: S, move: int) -> tuple[S, bool]:
        """``(result(state, move), is_terminal(that position))`` for a legal ``move``
        (:meth:`Abapa.successor <gametheory.games.abapa.Abapa.successor>`)."""
        houses, stores, mover, seen = state
        try:
            sow, capture_at, sows_home = self._sowings[move][houses[move - 1]]
        except IndexError:  # more than two laps of seeds: compiled when met
            sow, capture_at, sows_home = _compiled(len(houses), move - 1, houses[move - 1])
        after = sow(houses)
        if capture_at is not None and after[capture_at] in (2, 3):
            run = self._run(after, mover, capture_at)
            if run is not None:
                return self._capture(after, stores, mover, run)
        nxt = 1 - mover
        if self._repetition:
            if seen and (after, nxt) in seen:
                return self._settled(after, stores, nxt), True
            seen = _grown(seen, houses, mover)
        elif self._below_four(after):
            return self._settled(after, stores, nxt), True
        if not sows_home and not any(after[self._sides[mover]]) and not _can_move(after, nxt):
            return self._settled(after, stores, nxt), True
        return _new(self._type, (after, stores, nxt, seen)), False

    def scored(self, state: S, move: int) -> tuple[float, bool]:
        """``(value, over)`` of the position after a legal ``move`` for the player who made
        it, without making the position: its :func:`~gametheory.games.abapa.store_difference`
        (or, if the game is ``over`` there, its utility) for that player
        (:meth:`Abapa.move_value <gametheory.games.abapa.Abapa.move_value>`).

        A quiet move changes no store and no seed count, so its value is the position's
        own; only a capture or an end of the game changes it."""
        houses, stores, mover, seen = state
        try:
            sow, capture_at, sows_home = self._sowings[move][houses[move - 1]]
        except IndexError:  # more than two laps of seeds: compiled when met
            sow, capture_at, sows_home = _compiled(len(houses), move - 1, houses[move - 1])
        after = sow(houses)
        nxt = 1 - mover
        if capture_at is not None and after[capture_at] in (2, 3):
            run = self._run(after, mover, capture_at)
            if run is not None:
                own, other = stores[mover] + run[2], stores[nxt]
                if own >= self._threshold:  # won by the store
                    return 1.0, True
                if (
                    self._repetition
                    and run[2] < sum(after[self._sides[nxt]])
                    and any(after[self._sides[mover]])
                ):  # both sides keep seeds: the game goes on
                    return (own - other) / self._total, False
                child, over = self._capture(after, stores, mover, run)  # the rarer ends: made
                return self._value(child[0], child[1], mover, over), over
        if (
            (seen and (after, nxt) in seen if self._repetition else self._below_four(after))
            or not sows_home
            and not any(after[self._sides[mover]])
            and not _can_move(after, nxt)
        ):
            return self._value(after, stores, mover, True), True  # settled: seeds to owners
        own, other = stores[mover], stores[nxt]
        return (own - other) / self._total, False

    def _value(self, board: _Board, stores: _Stores, player: int, over: bool) -> float:
        """The utility of a finished position (``over``) for ``player``, else its store
        difference (as :func:`~gametheory.games.abapa.store_difference` and
        :meth:`~gametheory.games.abapa.Abapa.utility` give them)."""
        own, other = stores[player], stores[1 - player]
        if not over:
            return (own - other) / self._total
        if own < self._threshold and other < self._threshold:  # each side's seeds to its owner
            side, other_side = self._sides[player], self._sides[1 - player]
            own, other = own + sum(board[side]), other + sum(board[other_side])
        return 1.0 if own > other else -1.0 if own < other else 0.0

    def playout(
        self, state: S, choose: Callable[[Sequence[int]], int], legal: Callable[[S], Sequence[int]]
    ) -> S:
        """The finished position of the game played on from ``state`` (not finished) with
        ``choose(legal(position))`` at every ply, ``legal`` being the rules' ``legal_moves``
        (:meth:`Abapa.playout <gametheory.games.abapa.Abapa.playout>`).

        The moves of :meth:`successor`, one after another, except that the history is one
        set that grows in place instead of a new frozen set a ply (a playout never goes
        back, and the positions on the way are not kept): the same game, about a third
        cheaper a ply."""
        houses, stores, mover, seen = state
        history, state_type = set(seen), self._type
        no_history: _History = frozenset()
        while True:
            move = choose(legal(_new(state_type, (houses, stores, mover, no_history))))
            try:
                sow, capture_at, sows_home = self._sowings[move][houses[move - 1]]
            except IndexError:  # more than two laps of seeds: compiled when met
                sow, capture_at, sows_home = _compiled(len(houses), move - 1, houses[move - 1])
            after = sow(houses)
            if capture_at is not None and after[capture_at] in (2, 3):
                run = self._run(after, mover, capture_at)
                if run is not None:
                    child, over = self._capture(after, stores, mover, run)
                    if over:
                        return child
                    houses, stores, mover, _ = child
                    history.clear()
                    continue
            nxt = 1 - mover
            if self._repetition:
                if (after, nxt) in history:
                    return self._settled(after, stores, nxt)
                history.add((houses, mover))
            elif self._below_four(after):
                return self._settled(after, stores, nxt)
            if not sows_home and not any(after[self._sides[mover]]) and not _can_move(after, nxt):
                return self._settled(after, stores, nxt)
            houses, mover = after, nxt

    def _run(self, after: _Board, mover: int, last: int) -> tuple[int, int, int] | None:
        """The houses captured once the last seed, at index ``last``, made an opponent's
        house 2 or 3: ``(first, last, seeds taken)``, the run first..last; None if the rules
        let this grand slam capture nothing."""
        n = self._n
        lo = (1 - mover) * n
        first = last  # the run of 2s and 3s that ends with the last seed starts at first
        while first > lo and after[first - 1] in (2, 3):
            first -= 1
        taken = sum(after[first : last + 1])
        if taken == sum(after[lo : lo + n]):  # a grand slam
            rule = self._grand_slam
            if rule in ("no_capture", "forbidden") or (rule != "capture" and first == last):
                return None
            if rule == "leave_first":  # the run without its lowest-numbered house
                first += 1
            elif rule == "leave_last":  # the run without the house of the last seed
                last -= 1
            taken = sum(after[first : last + 1])
        return first, last, taken

    def _capture(
        self, after: _Board, stores: _Stores, mover: int, run: tuple[int, int, int]
    ) -> tuple[S, bool]:
        """successor() once the last seed made an opponent's house 2 or 3 and captured the
        ``run`` of houses (:meth:`_run`)."""
        (first, last, taken), n = run, self._n
        lo = (1 - mover) * n
        after = after[:first] + (0,) * (last + 1 - first) + after[last + 1 :]
        a, b = (stores[0] + taken, stores[1]) if mover == 0 else (stores[0], stores[1] + taken)
        nxt = 1 - mover
        if a >= self._threshold or b >= self._threshold:  # won: the board stays as it is
            return _new(self._type, (after, (a, b), nxt, frozenset())), True
        if (not self._repetition and self._below_four(after)) or not (
            # the victim has seeds and need not feed the mover, or can move all the same
            (any(after[lo : lo + n]) and any(after[self._sides[mover]])) or _can_move(after, nxt)
        ):
            return self._settled(after, (a, b), nxt), True
        return _new(self._type, (after, (a, b), nxt, frozenset())), False

    def _below_four(self, board: _Board) -> bool:
        side_a, side_b = self._sides
        return sum(board[side_a]) < 4 and sum(board[side_b]) < 4

    def _settled(self, board: _Board, stores: _Stores, nxt: int) -> S:
        """The end of a game not won by a store: each side's seeds go to its owner."""
        side_a, side_b = self._sides
        settled = (stores[0] + sum(board[side_a]), stores[1] + sum(board[side_b]))
        ended: S = _new(self._type, (self._empty, settled, nxt, frozenset()))
        return ended

    def order(self, state: S, moves: Sequence[int]) -> Sequence[int]:
        """``moves`` with the likely captures first, the rest in the order given
        (:meth:`Abapa.order_moves <gametheory.games.abapa.Abapa.order_moves>`)."""
        houses, last_seed = state[0], self._last_seed
        captures = []
        for move in moves:  # a loop, not a list comprehension: a quarter quicker here
            last = last_seed[move][houses[move - 1]]
            if last >= 0 and houses[last] in (1, 2):
                captures.append(move)
        if not captures:
            return moves
        return captures + [move for move in moves if move not in captures]
