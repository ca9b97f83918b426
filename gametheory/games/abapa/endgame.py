"""Perfect play in Abapa endgames: every board with few seeds, solved by retrograde analysis.

Vocabulary, with its Python representation:

* **board** — the houses seen from the player to move: the mover's ``H`` houses first, then
  the opponent's (``H`` = houses a side, 6 in Abapa), a tuple of ``2H`` ints. With A to move
  it is ``state.houses``; with B to move ``state.houses[H:] + state.houses[:H]``. The stores
  and the history are not part of it.
* **level** — the number of seeds on the board. A capture goes down a level; any other move
  (a *quiet* move) stays on it, so a level can hold cycles.
* **value** — the seeds of the board that the player to move can make sure to collect, by
  captures and at the end, with best play from here on (:meth:`EndgameDatabase.value`).
  The opponent can make sure of the rest, so with the stores the value decides the game
  (:meth:`EndgameDatabase.outcome`).
* **index** — a board's place in the database: the boards with fewer seeds first, then
  in the order of :func:`board_index`; every board with at most ``n`` seeds has one, from 0
  to ``C(n + 2H, 2H) - 1``.

The rules are the package's (:class:`~gametheory.games.abapa.Abapa` with its default rules:
a grand slam captures nothing, a player must feed an opponent who has no seeds, and one who
cannot takes the seeds on their own side) with two changes, so that a value depends on the
board alone:

1. **No winning threshold.** Play goes on after a store holds more than half of the seeds.
   This changes no outcome: stores only grow, so whoever passes half wins either way.
2. **The cycle rule: an endless game shares the board equally.** If both players keep
   moving for ever without another capture, each collects half of the seeds on the board
   (half a seed each when their number is odd). The package's own rule (a position that
   recurs since the last capture ends the game, each player taking the seeds on their own
   side) depends on the history, so no table of boards can follow it; Romein and Bal had to
   choose such a rule too for their database of Awari (2002: all 889,063,398,406 positions,
   solved on 144 processors in 51 hours).

What the choice means (:func:`cycle_bounds`): on each board the player to move can make
sure of some seeds ``lo`` however endless games are scored, and the opponent can hold them
to ``hi``, however they are scored too. Every cycle rule, the package's repetition rule with
an empty history (as right after a capture) included, gives a value between the two: a
strategy that forces the end never repeats a position (its distance to the end falls with
every move), so no cycle rule ever applies to it. Where ``lo == hi`` the value is the same
under every rule; only the boards with ``lo < hi`` depend on the choice. On Abapa's board
with at most 5 seeds, 726 of the 6,188 boards do, and the history-exact search under the
repetition rule gives another value than this database on 386 of them, on none of the
others (``tests/test_abapa_endgame.py``, with ``tests/endgame_oracles.py``). On 329 of the
386 the database's value is a half seed, an odd number of seeds shared (no real game ends
in half seeds; 325 of them differ by half a seed, 4 by one and a half); on the other 57,
by one seed (56) or two (1), the repetition leaves the seeds on the two sides unequally.
The exact value is the higher on 195, the lower on 191.

The algorithm, one level at a time from the empty board up (:meth:`EndgameDatabase.build`):

1. List every board of the level (numpy, in index order) and make every move of every board
   at once: the sowing, the capture, the grand slam, the child board turned to the next
   mover, and its index. A move is worth ``level - value(child)`` to the mover, whether it
   captured (the child is on a lower level, already solved) or not (the child is on this one).
2. Settle the level by value iteration from both sides: ``lo`` starts at what the captures
   guarantee and ``hi`` at the whole board, and each sweep sets a board's ``lo`` from its
   children's ``hi`` and its ``hi`` from their ``lo``, over the boards not yet settled, until
   nothing changes (:func:`_settle`).
3. The level's values are ``lo``, ``hi`` or half the level, whichever is in the middle: for
   a target of at most half the board an endless game is good enough for the mover, so only
   a forced end below it can deny them, and for a target above half only a forced end can
   reach it.
4. The level's **distances** (:meth:`EndgameDatabase.distance`): the moves to the end with
   perfect play, the player ahead on the board hurrying and the one behind holding out:
   a retrograde analysis over the moves that keep the value, from the ends up, one move
   at a time (:func:`_distances`).

Building a database needs numpy; reading one (:meth:`EndgameDatabase.from_bytes`) and
every answer do not, nor does importing this module (numpy is imported where it is used),
so a database built at home, or with the course in a browser, is read where numpy cannot
be had. A file of 8 seeds is 378 KB; of 18 seeds, 260 MB.

>>> from gametheory.games.abapa import Abapa
>>> game = Abapa()
>>> database = EndgameDatabase.build(game, seeds=4)
>>> state = game.state([0, 1, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 2], stores=(22, 22))
>>> database.value(state), database.best_moves(state)
(4.0, (2,))
>>> database.move_values(state)  # house 6 throws away 3 seeds
{2: 4.0, 6: 1.0}
>>> database.outcome(state)
Forecast(winner=0, scores=(26.0, 22.0))
"""

from __future__ import annotations

import hashlib
import json
import sys
from array import array
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from math import comb
from typing import TYPE_CHECKING, NamedTuple, TypeAlias

from gametheory.core import GameError, Player
from gametheory.games.abapa.rules import Abapa, House, _capture_run, _sow, _takes_all
from gametheory.games.abapa.state import AbapaState, Board, brief_text

__all__ = [
    "EndgameDatabase",
    "Forecast",
    "board_index",
    "boards",
    "positions",
    "cycle_bounds",
    "MAX_POSITIONS",
    "FORMAT",
    "NEVER",
]

if TYPE_CHECKING:  # numpy is imported where a database is built, not with the module
    from typing import Any

    import numpy as np
    import numpy.typing as npt

    Rows: TypeAlias = npt.NDArray[np.signedinteger[Any]]
    """Board numbers (rows of a level), int32 or int64."""
    Mask: TypeAlias = npt.NDArray[np.bool_]
    """A mark a board of a level."""

MAX_POSITIONS = 100_000_000
"""The largest database built (18 seeds on Abapa's board are 86.5 M boards, 260 MB on disk)."""

NEVER = 0xFFFF
"""The distance stored for a board where the game need not end (an endless game)."""

_MAGIC = b"gametheory Abapa endgame database\n"
FORMAT = 2
"""The version of the file's layout, raised whenever the rules, the cycle rule or the layout
of the values change (a file of another version is rebuilt)."""
_CHUNK = 1 << 19  # boards whose moves are made at once (bounds the memory of a build)
_INDEXED = 1 << 21  # the largest level whose settling keeps an index of parents (faster)


class Forecast(NamedTuple):
    """What perfect play gives from a position: the winner (None for a draw) and the final
    scores (the stores plus the seeds each player collects from the board)."""

    winner: Player | None
    scores: tuple[float, float]


def positions(houses_per_side: int, seeds: int) -> int:
    """How many boards hold at most ``seeds`` seeds: ``C(seeds + 2H, 2H)``.

    >>> positions(6, 12), positions(6, 15)
    (2704156, 17383860)
    """
    return comb(seeds + 2 * houses_per_side, 2 * houses_per_side)


def boards(houses_per_side: int, level: int) -> list[Board]:
    """Every board of ``houses_per_side`` houses a side with ``level`` seeds, in index order.

    >>> boards(1, 2)
    [(0, 2), (1, 1), (2, 0)]
    """

    def ordered(seeds: int, size: int) -> list[Board]:  # as _level_boards, in plain Python
        if size == 1:
            return [(seeds,)]
        return [
            rest + (last,)
            for last in range(seeds, -1, -1)
            for rest in ordered(seeds - last, size - 1)
        ]

    return ordered(level, 2 * houses_per_side)


def board_index(board: Board) -> int:
    """The index of ``board`` (any number of houses and seeds) among all boards of its size.

    With the running totals ``t_j`` of the houses, the index is the sum of
    ``C(t_j + j, j + 1)``: the boards with fewer seeds come first (their count is the last
    term), and among equal totals the rest orders them (colexicographic order of the
    "stars and bars" ``t_j + j``). :func:`_indices` is the same for many boards at once.

    >>> [board_index(b) for b in [(0, 0), (0, 1), (1, 0), (0, 2), (1, 1), (2, 0)]]
    [0, 1, 2, 3, 4, 5]
    """
    index = total = 0
    for j, seeds in enumerate(board):
        total += seeds
        index += comb(total + j, j + 1)
    return index


class EndgameDatabase:
    """The value of every board with at most ``seeds`` seeds (see the module docstring).

    Build one with :meth:`build`, or have :func:`gametheory.files.endgame_database` build
    it once into the user's cache folder and read it from there afterwards.

    Parameters
    ----------
    game
        An :class:`~gametheory.games.abapa.Abapa` with the default rules (any number of
        houses a side and of seeds a house); for others the values would be wrong, so they
        raise :class:`~gametheory.core.GameError`.
    seeds
        The most seeds on a board that the database holds.
    values
        Twice the value of every board, by :func:`board_index`, a byte each.
    distances
        The moves to the end of every board (:meth:`distance`), by :func:`board_index`;
        :data:`NEVER` where the game need not end.

    :meth:`build` makes the two with numpy; reading them (:meth:`from_bytes`) and every
    answer are plain Python, so a database made elsewhere works where numpy cannot be had.
    """

    def __init__(self, game: Abapa, seeds: int, values: bytes, distances: array[int]) -> None:
        self.houses_per_side = _checked_game(game)
        self.game = game
        self.seeds = seeds
        size = positions(self.houses_per_side, seeds)
        if len(values) != size or len(distances) != size:
            raise GameError(
                f"a database of {seeds} seeds on {self.houses_per_side} houses a side holds "
                f"{size:,} values and distances, got {len(values):,} and {len(distances):,}"
            )
        self.values, self.distances = values, distances

    def __repr__(self) -> str:
        return (
            f"<EndgameDatabase: every board of {self.game!r} with at most {self.seeds} seeds "
            f"({len(self.values):,} boards)>"
        )

    @classmethod
    def build(
        cls, game: Abapa | None = None, seeds: int = 12, *, progress: bool = False
    ) -> EndgameDatabase:
        """Solve every board with at most ``seeds`` seeds, one level at a time: the values,
        then the distances.

        ``progress=True`` shows a progress bar (tqdm), counting boards. At most
        :data:`MAX_POSITIONS` boards; 12 seeds on Abapa's board are 2.7 million.

        >>> database = EndgameDatabase.build(Abapa(houses_per_side=2), seeds=3)
        >>> len(database.values), list(database.values[:5])  # board 4 is (1, 0, 0, 0)
        (35, [0, 0, 0, 0, 2])
        >>> list(database.distances[:5])  # board 3, (0, 1, 0, 0): one move, then none
        [0, 0, 0, 1, 0]
        """
        import numpy as np

        game = Abapa() if game is None else game
        houses = _checked_game(game)
        seeds = _checked_seeds(houses, seeds)
        values = np.zeros(positions(houses, seeds), np.uint8)
        distances = np.zeros(len(values), np.uint16)
        bar = _progress_bar(len(values), progress)
        for level in range(seeds + 1):
            start = positions(houses, level - 1) if level else 0
            moves = _level_moves(houses, level, values, values, distances)
            parents = _parents(moves.quiet)  # the same for both: value-keeping moves are moves
            lo, hi = _settle(2 * level, moves, parents)
            here = np.clip(level, lo, hi).astype(np.uint8)  # see the module docstring
            values[start : start + len(here)] = here
            moves.lo = moves.hi = np.empty(0, np.int16)  # the bounds are done with
            del lo, hi, parents
            distances[start : start + len(here)] = _distances(2 * level, here, moves)
            del moves, here
            bar(_level_size(houses, level))
        bar(0, close=True)
        return cls(game, seeds, values.tobytes(), array("H", distances.tobytes()))  # plain

    # -- what the database answers -----------------------------------------------------
    def value(self, state: AbapaState) -> float:
        """The seeds of the board the player to move can make sure to collect (a half seed
        where an endless game shares an odd number of them).

        >>> game = Abapa()
        >>> database = EndgameDatabase.build(game, seeds=2)
        >>> database.value(game.state([0] * 5 + [1] + [1] + [0] * 5, stores=(23, 23)))
        0.0

        (A's 6 makes house 7 a 2, a grand slam that captures nothing; B cannot feed A, so
        B keeps both seeds.)
        """
        return int(self.values[self._index(state)]) / 2

    def distance(self, state: AbapaState) -> int | None:
        """The moves left until nobody can move, with perfect play; None where the game
        need not end (an endless game shares the board).

        Perfect play keeps the value; among the moves that do, a mover who collects at
        least half of the board's seeds takes one nearest the end, a mover behind one
        farthest from it, as the distance to mate of a chess endgame table (the winner
        hurries, the loser holds out). The stores are not looked at, and play goes on past
        the winning threshold, as for the values: it counts the moves until the board is
        played out.

        >>> game = Abapa()
        >>> database = EndgameDatabase.build(game, seeds=4)
        >>> state = game.state([0, 1, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 2], stores=(22, 22))
        >>> database.distance(state), database.move_distances(state)  # 6: a cycle later
        (14, {2: 14, 6: None})
        """
        distance = self.distances[self._index(state)]
        return None if distance == NEVER else distance

    def move_values(self, state: AbapaState) -> dict[House, float]:
        """Each legal move with the seeds the mover can still make sure of after it (the
        seeds it captures included); a move loses ``value(state)`` minus that.

        The moves are those of the board (the history is not looked at, as the module
        docstring says); a finished game has none.
        """
        level = sum(state.houses)
        return {move: level - self.values[child] / 2 for move, child in self._children(state)}

    def move_distances(self, state: AbapaState) -> dict[House, int | None]:
        """Each legal move with the moves left until nobody can move after it, itself
        included, with perfect play from there (:meth:`distance`); None: never."""
        return {
            move: None if self.distances[child] == NEVER else self.distances[child] + 1
            for move, child in self._children(state)
        }

    def _children(self, state: AbapaState) -> list[tuple[House, int]]:
        """The legal moves of ``state`` with the index of the board after each."""
        board, mover = self._board(state)
        if self._finished(state):
            return []
        first = mover * self.houses_per_side + 1  # the mover's first house number
        return [(first + i, board_index(child)) for i, child in _moves(board)]

    def best_moves(self, state: AbapaState) -> tuple[House, ...]:
        """The legal moves that keep the value (in increasing order): perfect play."""
        values = self.move_values(state)
        best = max(values.values(), default=None)
        return tuple(move for move, seeds in values.items() if seeds == best)

    def outcome(self, state: AbapaState) -> Forecast:
        """The winner and the final scores with perfect play, for the stores of ``state``
        (a finished game: its own outcome).

        >>> game = Abapa()
        >>> database = EndgameDatabase.build(game, seeds=2)
        >>> database.outcome(game.state([0] * 5 + [1] + [1] + [0] * 5, stores=(23, 23)))
        Forecast(winner=1, scores=(23.0, 25.0))
        """
        if self._finished(state):
            result = self.game.outcome(state)
            return Forecast(result.winner, (float(result.scores[0]), float(result.scores[1])))
        mine = self.value(state)
        theirs = sum(state.houses) - mine
        if state.to_move:
            mine, theirs = theirs, mine
        a, b = state.stores[0] + mine, state.stores[1] + theirs
        return Forecast(None if a == b else (0 if a > b else 1), (a, b))

    def leaf_value(self, state: AbapaState, player: Player) -> float | None:
        """The utility of ``state`` for ``player`` with perfect play (+1 a win, 0 a draw,
        -1 a loss) if its board is in the database and the game goes on, else None: what
        the search engine asks at its leaves (``iterative_deepening(..., leaf_value=)``).

        >>> from gametheory.games.abapa import store_difference
        >>> from gametheory.search import iterative_deepening
        >>> game = Abapa()
        >>> database = EndgameDatabase.build(game, seeds=4)
        >>> state = game.state([0, 1, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 2], stores=(22, 22))
        >>> database.leaf_value(state, 0), database.leaf_value(game.initial_state(), 0)
        (1.0, None)
        >>> known = database.leaf_value
        >>> result = iterative_deepening(game, state, 4, store_difference, leaf_value=known)
        >>> result.value, result.move, result.stats.nodes  # every child of the root is known
        (1.0, 2, 6)
        """
        houses = getattr(state, "houses", ())
        if len(houses) != 2 * self.houses_per_side or sum(houses) > self.seeds:
            return None
        if self._finished(state):
            return None  # the rules score a finished game
        winner = self.outcome(state).winner
        return 0.0 if winner is None else 1.0 if winner == player else -1.0

    # -- checks ------------------------------------------------------------------------
    def _board(self, state: AbapaState) -> tuple[Board, Player]:
        houses = getattr(state, "houses", None)
        if not isinstance(state, AbapaState) or len(state.houses) != 2 * self.houses_per_side:
            raise GameError(
                f"{state!r} is not a position of {self.game!r}: the database holds boards of "
                f"{2 * self.houses_per_side} houses (got houses {houses!r})"
            )
        if sum(state.houses) > self.seeds:
            raise GameError(
                f"{brief_text(state)} has {sum(state.houses)} seeds on the board; this "
                f"database holds boards of at most {self.seeds} (build one with more seeds, "
                "or search the position)"
            )
        n, houses = self.houses_per_side, state.houses
        return (houses if state.to_move == 0 else houses[n:] + houses[:n]), state.to_move

    def _index(self, state: AbapaState) -> int:
        return board_index(self._board(state)[0])

    def _finished(self, state: AbapaState) -> bool:
        """The game is over by the package's rules (a store past half, or nobody can move)."""
        self._board(state)
        return not self.game.legal_moves(state)

    # -- the file ----------------------------------------------------------------------
    @staticmethod
    def check(game: object, seeds: object) -> None:
        """Raise :class:`~gametheory.core.GameError` unless a database of ``game`` with
        ``seeds`` seeds can be built (the default rules, at most :data:`MAX_POSITIONS`)."""
        _checked_seeds(_checked_game(game), seeds)

    def to_bytes(self) -> bytes:
        """The database as a file: a line naming it, a JSON header, one byte a board (the
        values), then two a board (the distances, least significant byte first)."""
        body = bytes(self.values) + _little_endian(self.distances)
        digest = hashlib.sha256(body).hexdigest()
        text = json.dumps(_header(self.houses_per_side, self.seeds, digest), sort_keys=True)
        return _MAGIC + text.encode("ascii") + b"\n" + body

    @classmethod
    def from_bytes(cls, game: Abapa, seeds: int, data: bytes) -> EndgameDatabase:
        """Read :meth:`to_bytes`, checking everything: the name, the header (format,
        board, seeds), the length, the checksum, and that every value is one a board of its
        level can have. Anything else raises :class:`~gametheory.core.GameError`. Plain
        Python: no numpy needed.

        >>> EndgameDatabase.from_bytes(Abapa(), 3, b"PK\x03\x04 a zip file")
        Traceback (most recent call last):
        ...
        gametheory.core.GameError: not an Abapa endgame database (the file does not start \
with its name)
        """
        houses = _checked_game(game)
        seeds = _checked_seeds(houses, seeds)
        if not data.startswith(_MAGIC) or b"\n" not in data[len(_MAGIC) :]:
            raise GameError("not an Abapa endgame database (the file does not start with its name)")
        text, _, body = data[len(_MAGIC) :].partition(b"\n")
        try:
            header = json.loads(text)
        except (UnicodeDecodeError, ValueError):
            raise GameError("the endgame database's header is not JSON") from None
        size = positions(houses, seeds)
        expected = _header(houses, seeds, hashlib.sha256(body).hexdigest())
        if header != expected or len(body) != 3 * size:
            raise GameError(
                f"the endgame database is not the one asked for ({houses} houses a side, "
                f"{seeds} seeds, format {FORMAT}) or it is damaged (its checksum or length "
                f"is wrong): header {header!r}"
            )
        values = body[:size]
        for level in range(seeds + 1):
            start = positions(houses, level - 1) if level else 0
            if max(values[start : positions(houses, level)]) > 2 * level:
                raise GameError("the endgame database holds values larger than their boards")
        distances = array("H")
        distances.frombytes(body[size:])
        if sys.byteorder == "big":
            distances.byteswap()
        return cls(game, seeds, values, distances)


def _header(houses: int, seeds: int, digest: str) -> dict[str, object]:
    """What a file says about itself, checked when it is read."""
    return {
        "format": FORMAT,
        "houses_per_side": houses,
        "seeds": seeds,
        "values": "twice the seeds the mover makes sure of, by board_index",
        "distances": "moves to the end, 2 bytes little-endian, 65535 never, by board_index",
        "cycles": "an endless game shares the board equally",
        "sha256": digest,
    }


def _moves(board: Board) -> list[tuple[int, Board]]:
    """The legal moves of ``board`` (the mover's houses first) as the mover's house
    ``0..H-1``, each with the board after it seen by the next mover: the rules of
    :meth:`Abapa._play <gametheory.games.abapa.Abapa._play>` with the default rules, made
    with its own sowing and capture (a grand slam captures nothing, a starving opponent
    must be fed)."""
    houses = len(board) // 2
    starving = not any(board[houses:])
    moves = []
    for i in range(houses):
        seeds = board[i]
        if not seeds or (starving and i + seeds < houses):
            continue
        after, sown = _sow(board, i + 1)
        run = _capture_run(after, sown[-1], 1)
        if not _takes_all(after, run, 1):
            for house in run:
                after[house - 1] = 0
        moves.append((i, tuple(after[houses:] + after[:houses])))
    return moves


def _little_endian(distances: array[int]) -> bytes:
    if sys.byteorder == "big":
        distances = array("H", distances)
        distances.byteswap()
    return distances.tobytes()


# -- cycles: what every rule agrees on -----------------------------------------------------
def cycle_bounds(
    game: Abapa, seeds: int
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """For every board (by index), the seeds ``lo`` the mover can make sure of and the most
    ``hi`` the opponent can hold them to, both without a cycle ever helping.

    Every cycle rule gives a value between the two, so where they are equal the value is the
    same under every rule (the package's repetition rule included); :class:`EndgameDatabase`
    gives the middle one of ``lo``, ``level / 2`` and ``hi``.

    >>> lo, hi = cycle_bounds(Abapa(houses_per_side=2), seeds=4)
    >>> int((lo < hi).sum()), len(lo)  # boards whose value depends on the cycle rule
    (48, 70)
    """
    import numpy as np

    houses = _checked_game(game)
    seeds = _checked_seeds(houses, seeds)
    lo_all = np.zeros(positions(houses, seeds), np.uint8)
    hi_all = np.zeros_like(lo_all)
    for level in range(seeds + 1):
        moves = _level_moves(houses, level, lo_all, hi_all)
        lo, hi = _settle(2 * level, moves, _parents(moves.quiet))
        start = positions(houses, level - 1) if level else 0
        lo_all[start : start + len(lo)], hi_all[start : start + len(lo)] = lo, hi
    return lo_all / 2, hi_all / 2


# -- the build -----------------------------------------------------------------------------
def _checked_game(game: object) -> int:
    """The houses a side of ``game`` if the database can follow its rules, else why not."""
    if not isinstance(game, Abapa):
        raise GameError(f"the endgame database is for Abapa, got {game!r}")
    rules = game.rules
    if rules.grand_slam != "no_capture" or rules.cycle != "repetition":
        raise GameError(
            f"the endgame database follows the default rules (grand_slam='no_capture', "
            f"cycle='repetition', cycles shared as its docstring says); {game!r} has "
            f"grand_slam={rules.grand_slam!r}, cycle={rules.cycle!r}"
        )
    return rules.houses_per_side


def _checked_seeds(houses: int, seeds: object) -> int:
    if isinstance(seeds, bool) or not isinstance(seeds, int) or not 0 <= seeds <= 127:
        raise GameError(f"seeds must be a whole number from 0 to 127, got {seeds!r}")
    if positions(houses, seeds) > MAX_POSITIONS:
        raise GameError(
            f"{seeds} seeds on {houses} houses a side make {positions(houses, seeds):,} "
            f"boards, more than MAX_POSITIONS = {MAX_POSITIONS:,}; ask for fewer seeds"
        )
    return seeds


def _progress_bar(total: int, show: bool) -> Callable[..., None]:
    """``bar(boards)`` advances a tqdm bar by that many boards; ``bar(0, close=True)`` ends it."""
    if not show:
        return lambda boards, close=False: None
    from tqdm.auto import tqdm

    shown = tqdm(total=total, unit=" boards", unit_scale=True, desc="endgame database")

    def bar(boards: int, close: bool = False) -> None:
        shown.update(boards)
        if close:
            shown.close()

    return bar


def _level_size(houses: int, level: int) -> int:
    return comb(level + 2 * houses - 1, 2 * houses - 1)


def _level_boards(level: int, size: int) -> npt.NDArray[np.int16]:
    """Every board of ``size`` houses holding ``level`` seeds, in index order.

    By :func:`board_index`, the boards come in blocks by their last house, fullest first;
    inside a block, in the order of the boards of the other houses."""
    import numpy as np

    table = [np.array([[m]], np.int16) for m in range(level + 1)]  # one house
    for width in range(2, size + 1):
        table = [  # the last width: only the level's
            np.concatenate([_with_last(table[m - last], last) for last in range(m, -1, -1)])
            for m in (range(level + 1) if width < size else [level])
        ]
    return table[-1]


def _level_chunks(level: int, size: int) -> Iterator[npt.NDArray[np.int16]]:
    """The boards of :func:`_level_boards`, in the same order, a block at a time: a level of
    more than :data:`_CHUNK` boards by its last house (fullest first), so that a large
    level is never held whole."""
    if size < 3 or comb(level + size - 1, size - 1) <= _CHUNK:
        yield _level_boards(level, size)
        return
    for last in range(level, -1, -1):
        for block in _level_chunks(level - last, size - 1):
            yield _with_last(block, last)


def _with_last(rest: npt.NDArray[np.int16], last: int) -> npt.NDArray[np.int16]:
    import numpy as np

    boards = np.empty((len(rest), rest.shape[1] + 1), np.int16)
    boards[:, :-1], boards[:, -1] = rest, last
    return boards


def _indices(houses: npt.NDArray[np.int16], seeds: int) -> Rows:
    """:func:`board_index` of many boards of at most ``seeds`` seeds, given house by house:
    ``houses[j]`` holds house ``j`` of every board."""
    import numpy as np

    table = _index_terms(len(houses), seeds)
    index = np.zeros(houses.shape[1], np.int64)
    total = np.zeros(houses.shape[1], np.int64)
    for j in range(len(houses)):
        total += houses[j]
        index += table[j][total + j]
    return index


@cache
def _index_terms(width: int, seeds: int) -> npt.NDArray[np.int64]:
    """``C(t + j, j + 1)`` by house ``j`` and ``t + j``, for :func:`_indices`."""
    import numpy as np

    return np.array([[comb(t, j + 1) for t in range(seeds + width)] for j in range(width)])


def _children(boards: npt.NDArray[np.int16], houses: int) -> npt.NDArray[np.int32]:
    """For every board and each of the mover's houses, the index of the board after that
    move, seen by the next mover; -1 where the move is not legal.

    The rules of :meth:`Abapa._play <gametheory.games.abapa.Abapa._play>`, every board at
    once: the sowing (a lap skips the emptied house), the capture of the last seed's run of
    2s and 3s on the opponent's side, a grand slam that captures nothing, and feeding.
    ``boards`` and the work are house by house (``boards[:, j]`` is house ``j``), so that
    every step is one pass over a row of numbers."""
    import numpy as np

    size = 2 * houses
    columns = np.ascontiguousarray(boards.T)
    theirs = columns[houses:].sum(axis=0)
    most = int(columns.sum(axis=0).max(initial=0))  # seeds on a board (a move adds none)
    out = np.full((len(boards), houses), -1, np.int32)  # 17 M boards fit in int32
    for i in range(houses):
        seeds = columns[i]
        legal = np.flatnonzero((seeds > 0) & ((theirs > 0) | (seeds >= houses - i)))  # feed
        seeds = seeds[legal]
        after = columns[:, legal]
        laps, rest = np.divmod(seeds - 1, size - 1)  # the seeds are 11 * laps + rest + 1
        lapped = bool(laps.any())
        for j in range(1, size):  # the house j after the emptied one: a seed a lap, and one
            more = rest >= j - 1  # more if the last lap reaches it
            after[(i + j) % size] += more + laps if lapped else more
        after[i] = 0
        last = (i + rest + 1) % size
        ends = after[last, np.arange(len(legal))]
        hit = np.flatnonzero((last >= houses) & ((ends == 2) | (ends == 3)))
        if len(hit):
            _capture(after, hit, last[hit], houses)
        out[legal, i] = _indices(np.concatenate([after[houses:], after[:houses]]), most)
    return out


def _capture(
    after: npt.NDArray[np.int16],
    rows: Rows,
    last: Rows,
    houses: int,
) -> None:
    """Empty the houses that the last seeds (in house ``last`` of the boards ``rows`` of
    ``after``, house by house; each made 2 or 3 there) capture: the run of 2s and 3s on the
    opponent's side that ends there, unless it is all they have (a grand slam captures
    nothing)."""
    import numpy as np

    boards = after[:, rows]
    taken = np.zeros(boards.shape, bool)
    run = np.ones(len(rows), bool)
    at = last.copy()
    for _ in range(houses):
        seeds = boards[at, np.arange(len(rows))]
        run &= (at >= houses) & ((seeds == 2) | (seeds == 3))
        taken[at[run], np.flatnonzero(run)] = True
        at -= 1
    slam = (boards * taken).sum(axis=0) == boards[houses:].sum(axis=0)
    taken[:, slam] = False
    boards[taken] = 0
    after[:, rows] = boards


@dataclass
class _Moves:
    """What the settling and the distances need of one level's moves, twice the seeds
    throughout (made by :func:`_level_moves`; ``count`` is the level's size)."""

    quiet: npt.NDArray[np.int32]  # [j, b]: the quiet child of board b by its house j, as an
    # index in the level; count where that move is not quiet (house by house, so that each
    # step of a sweep is one pass over a row of numbers)
    capture_lo: npt.NDArray[np.int16]  # the best capture's worth (-1: none), from the
    capture_hi: npt.NDArray[np.int16]  # lower levels' hi and lo (the same array in a build)
    lo: npt.NDArray[np.int16]  # the bounds, as the captures and the ends set them, with a
    hi: npt.NDArray[np.int16]  # sentinel child at the end (see _settle)
    captured: npt.NDArray[np.uint16]  # 1 + the moves to the end after a capture of the best
    # worth: the fewest if it leaves the mover ahead, else the most (NEVER: none ends; 0: no
    # distances given)


def _level_moves(
    houses: int,
    level: int,
    lo_all: npt.NDArray[np.uint8],
    hi_all: npt.NDArray[np.uint8],
    distances: npt.NDArray[np.uint16] | None = None,
) -> _Moves:
    """Every move of every board of ``level``, given twice the bounds of the lower levels
    (``lo_all``, ``hi_all``, by index) and their distances (for a build).

    The moves are made a chunk of boards at a time and only what the settling needs is
    kept of them (the quiet children's indices in the level, int32, the best capture's
    worth and distance, and the bounds): 32 bytes a board of the level in a build."""
    import numpy as np

    first = positions(houses, level - 1) if level else 0
    full = 2 * level
    count = _level_size(houses, level)
    quiet = np.empty((houses, count), np.int32)
    capture_lo = np.empty(count, np.int16)
    capture_hi = capture_lo if hi_all is lo_all else np.empty(count, np.int16)
    lo, hi = np.empty(count + 1, np.int16), np.empty(count + 1, np.int16)
    lo[count] = hi[count] = 4 * full + 2  # the sentinel child: worth less than nothing
    captured = np.zeros(count, np.uint16)
    at = 0
    for chunk in _level_chunks(level, 2 * houses):
        children = _children(chunk, houses)
        end = at + len(chunk)
        captures = (children >= 0) & (children < first)
        below = np.where(captures, children, 0)  # a capture's child, on a lower level
        lower = np.where(captures, full - hi_all[below].astype(np.int16), -1)
        best = lower.max(axis=1)
        capture_lo[at:end] = best
        if capture_hi is not capture_lo:
            upper = np.where(captures, full - lo_all[below].astype(np.int16), -1)
            capture_hi[at:end] = upper.max(axis=1)
        if distances is not None:
            after = distances[below]  # the child's, where the capture is among the best
            best_capture = captures & (lower == best[:, None])
            fewest = np.where(best_capture, after, NEVER).min(axis=1)
            most = np.where(best_capture, after, 0).max(axis=1)
            after = np.where(2 * best >= full, fewest, most).astype(np.int32)  # ahead: hurry
            captured[at:end] = np.minimum(after + 1, NEVER)
        moves = np.where(children >= first, children - first, count)  # count: none
        quiet[:, at:end] = moves.T
        own = 2 * chunk[:, :houses].sum(axis=1)
        terminal = children.max(axis=1) < 0  # nobody can move: the mover keeps their side
        lo[at:end] = np.where(terminal, own, np.maximum(best, 0))
        movable = (moves < count).any(axis=1)
        hi[at:end] = np.where(terminal, own, np.where(movable, full, capture_hi[at:end]))
        at = end
    return _Moves(quiet, capture_lo, capture_hi, lo, hi, captured)


Parents: TypeAlias = "Callable[[Rows], Rows] | None"


def _settle(
    full: int, moves: _Moves, parents: Parents = None
) -> tuple[npt.NDArray[np.int16], npt.NDArray[np.int16]]:
    """Value iteration from both sides on one level, twice the seeds throughout: the bounds
    ``lo`` and ``hi`` of every board.

    ``lo`` (what the mover can force without cycles) starts at the best capture, ``hi`` (the
    most they can hope for) at the whole board; a board without a move is worth its own
    side. A board's ``lo`` is set from its quiet children's ``hi`` and its ``hi`` from their
    ``lo`` (a move is worth ``full`` minus the child's value), again whenever a child's
    bounds change, until none does; the bounds only close in, so it stops.
    """
    import numpy as np

    quiet, lo, hi = moves.quiet, moves.lo, moves.hi
    count = quiet.shape[1]

    def sweep(rows: Rows, bound: npt.NDArray[np.int16], capture: npt.NDArray[np.int16],
              other: npt.NDArray[np.int16]) -> Rows:  # fmt: skip
        """Set ``bound`` (lo or hi) of ``rows`` from their children's ``other``; the rows
        that changed."""
        changed = [rows[:0]]
        for at in range(0, len(rows), _CHUNK):
            part = rows[at : at + _CHUNK]
            new = np.maximum(capture[part], full - other[quiet[:, part]].min(axis=0))
            changed.append(part[new != bound[part]])
            bound[part] = new
        return np.concatenate(changed)

    def open_parents(boards: Rows) -> Rows:  # the open boards with a child among ``boards``
        if not len(boards):
            return boards
        if parents is not None:
            found = parents(boards)
            return found[lo[found] < hi[found]]
        mark = np.zeros(count + 1, bool)
        mark[boards] = True
        parts = _parts(lo[:count] < hi[:count])
        return np.concatenate([part[mark[quiet[:, part]].any(axis=0)] for part in parts])

    # a child's hi sets its parents' lo, its lo their hi: each bound is looked at again only
    # when the bounds it is made of change
    todo_lo = todo_hi = np.concatenate(list(_parts(lo[:count] < hi[:count])))
    while len(todo_lo) or len(todo_hi):
        lo_changed = sweep(todo_lo, lo, moves.capture_lo, hi)
        del todo_lo  # (less memory at the peak)
        hi_changed = sweep(todo_hi, hi, moves.capture_hi, lo)
        del todo_hi
        todo_lo = open_parents(hi_changed)
        del hi_changed
        todo_hi = open_parents(lo_changed)
    return lo[:count], hi[:count]


def _distances(full: int, values: npt.NDArray[np.uint8], moves: _Moves) -> npt.NDArray[np.uint16]:
    """The moves to the end of every board of one level with perfect play, given its values
    (twice the seeds): among the moves that keep the value, a mover who collects at least
    half of the board takes one to the nearest end, a mover behind one to the farthest
    (:meth:`EndgameDatabase.distance`). :data:`NEVER` where the game need not end.

    A retrograde analysis, one distance ``d`` at a time from 0 up, over the value-keeping
    moves: a board ahead is settled at ``d`` as soon as one of its quiet children is settled
    at ``d - 1``, a board behind once the last of them is (it counts them down); a capture
    (from the lower level) settles a board at its own distance if no quiet child does
    better. Settled in the order of their distances, the first child settled is the
    nearest and the last the farthest; the boards never settled never end.
    ``moves.quiet`` is used up: the value-keeping moves are kept instead, grouped by child
    (less memory)."""
    import numpy as np

    quiet, bound = moves.quiet, moves.captured  # bound: what the best captures give, or 0
    bound *= moves.capture_lo == values  # a capture keeps the value
    moves.capture_lo = moves.capture_hi = np.empty(0, np.int16)  # done with
    count = quiet.shape[1]
    ahead = 2 * values.astype(np.int16) >= full
    waiting = np.empty(count, np.uint8)  # the value-keeping quiet children not settled yet
    chunks = []  # the children of the value-keeping quiet moves, board by board
    for at in range(0, count, _CHUNK):
        part = slice(at, min(at + _CHUNK, count))
        children = quiet[:, part]
        keeps = (children < count) & (full - values.take(children, mode="clip") == values[part])
        waiting[part] = keeps.sum(axis=0, dtype=np.uint8)
        board, house = np.nonzero(keeps.T)
        chunks.append(children[house, board])
    del quiet, children, keeps, house, board
    moves.quiet = np.empty((0, 0), np.int32)  # the level's moves are done with
    distance = np.where(waiting > 0, NEVER, bound)  # NEVER: not settled (yet)
    tos = np.concatenate(chunks)
    del chunks  # (less memory at the peak)
    moves_to = _moves_to(tos, np.repeat(np.arange(count, dtype=np.int32), waiting), count)
    del tos

    # the boards that a capture (or the end) settles at d, in the order of d
    timed = np.concatenate(list(_parts((distance < NEVER) | ((bound > 0) & (bound < NEVER)))))
    timed = timed[np.argsort(bound[timed], kind="stable")]
    at_bound = bound[timed]
    cuts = np.searchsorted(at_bound, np.arange(int(at_bound.max(initial=0)) + 2)).tolist()
    top, settled, d = len(cuts) - 2, timed[: cuts[1]], 0
    while len(settled) or d < top:
        d += 1
        found = moves_to(settled)  # once a move: a board behind counts its children down
        found = found[distance[found] == NEVER]
        behind = found[~ahead[found]]
        np.subtract.at(waiting, behind, np.uint8(1))
        if d <= top:  # the captures that settle a board at d, unless a quiet move did
            due = timed[cuts[d] : cuts[d + 1]]
            ended = due[distance[due] == d]
            found = np.concatenate([found, due[distance[due] == NEVER]])
        reached = np.sort(found[ahead[found] | ((waiting[found] == 0) & (bound[found] <= d))])
        reached = reached[np.diff(reached, prepend=-1) > 0]  # once each
        distance[reached] = d
        settled = np.concatenate([ended, reached]) if d <= top else reached
    return distance


def _parts(mask: Mask) -> Iterator[Rows]:
    """Where ``mask`` is true, a chunk of it at a time, as int32 (half the memory of
    ``np.flatnonzero``'s)."""
    import numpy as np

    for at in range(0, len(mask), _CHUNK):
        yield np.flatnonzero(mask[at : at + _CHUNK]).astype(np.int32) + np.int32(at)


def _parents(quiet: npt.NDArray[np.int32]) -> Parents:
    """``parents(boards)``: the boards with a quiet move to one of ``boards``, once each
    (an index of about 40 bytes a board, 100 while it is made); None for a level of more
    than :data:`_INDEXED` boards."""
    import numpy as np

    count = quiet.shape[1]
    if count > _INDEXED:
        return None
    children = quiet.ravel()
    edge = np.flatnonzero(children < count).astype(np.int32)
    moves_to = _moves_to(children[edge], edge % count, count)

    def parents(boards: Rows) -> Rows:
        marked = np.zeros(count, bool)  # a mark a board: faster than np.unique's sort
        marked[moves_to(boards)] = True
        return np.flatnonzero(marked)

    return parents


def _moves_to(child: Rows, parent: Rows, count: int) -> Callable[[Rows], Rows]:
    """``moves_to(boards)``: the parent of every move (``parent[i]`` to ``child[i]``) to one
    of ``boards``, grouped by child (4 bytes a move and 4 a board of the level's ``count``)."""
    import numpy as np

    by_child = parent[np.argsort(child)]
    starts = np.zeros(count + 1, np.int32)
    np.cumsum(np.bincount(child, minlength=count), out=starts[1:])

    ends = starts[1:]

    def moves_to(boards: Rows) -> Rows:
        begin = starts[boards]
        sizes = ends[boards] - begin
        first = np.repeat(begin - np.cumsum(sizes) + sizes, sizes)
        return by_child[first + np.arange(len(first))]

    return moves_to
