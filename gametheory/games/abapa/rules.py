"""Abapa, the tournament form of Oware: the rules of section 1.2 of the Debrecen thesis.

Vocabulary, with its Python representation:

* **board** — two rows of six *houses* holding seeds, ``houses``: a tuple of 12 ints.
  House ``k`` (1..12) is ``houses[k - 1]``. Player A owns houses 1–6, player B houses 7–12,
  and seeds always travel 1 → 2 → … → 12 → 1 (counter-clockwise).
* **store** — the seeds each player has captured, ``stores``: ``(A's, B's)``.
* **move** — the number of the house the player empties (the thesis' operator
  ``Felmarkol(honnan, mennyit)``: pick up all ``mennyit`` seeds from house ``honnan``).
* **sowing** — one seed into each following house; from 12 or more seeds (a full lap) the
  emptied house is skipped.
* **capture** — the last seed makes an opponent's house 2 or 3: take it, and the run of
  opponent's houses holding 2 or 3 just before it.
* **grand slam** — a capture that would take all the opponent's seeds
  (:class:`AbapaRules` says what happens then).
* **feeding** — a player whose opponent has no seeds must sow some onto their side; if no
  move can, the game ends.

The opening and the two worked positions of the thesis:

>>> game = Abapa()
>>> print(game.text(game.initial_state()))
      12 11 10  9  8  7
 B  [  4  4  4  4  4  4 ]
 0                         0
    [  4  4  4  4  4  4 ]  A
       1  2  3  4  5  6
A to move
>>> game.result(game.initial_state(), 3).houses
(4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4, 4)
>>> game.replay([1, 9]).final.houses
(1, 5, 5, 5, 5, 4, 4, 4, 0, 5, 5, 5)

Evaluation functions for Abapa (:func:`store_difference`, :func:`thesis_scale`,
:func:`mobility`, :func:`seeds_on_side`, :func:`vulnerability`) follow the
``evaluate(state, player)`` contract of :mod:`gametheory.core`.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache
from itertools import compress
from numbers import Integral
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, TypeAlias, cast, get_args

from gametheory.core import (
    PLAYERS,
    A,
    B,
    GameError,
    IllegalMoveError,
    Player,
    check_player,
    foreign_state,
    player_name,
)
from gametheory.files import parse_json, read_json, write_atomically

if TYPE_CHECKING:
    from gametheory.draw.svg import Svg

__all__ = [
    "Abapa",
    "AbapaRules",
    "AbapaState",
    "AbapaRecord",
    "MoveReport",
    "Outcome",
    "House",
    "GrandSlamRule",
    "CycleRule",
    "MAX_HOUSES_PER_SIDE",
    "MAX_SEEDS_PER_HOUSE",
    "EVALUATIONS",
    "store_difference",
    "thesis_scale",
    "mobility",
    "seeds_on_side",
    "vulnerability",
]

House: TypeAlias = int
"""A house number, 1..12 (1..2n on a board with n houses a side); a move is a house."""

GrandSlamRule: TypeAlias = Literal[
    "no_capture", "capture", "forbidden", "leave_first", "leave_last"
]
"""What a capture that would take all the opponent's seeds does."""

CycleRule: TypeAlias = Literal["repetition", "below_four"]
"""How a game that could go round in circles is ended."""

Board: TypeAlias = tuple[int, ...]
"""The seeds in houses 1..12, as ``AbapaState.houses`` holds them."""

Position: TypeAlias = tuple[Board, Player]
"""The part of a state a repetition compares: the houses and the player to move."""

RECORD_FORMAT = 1
"""The version number written into saved games."""

MAX_HOUSES_PER_SIDE = 12
"""The widest board the rules accept (Abapa has 6 houses a side)."""

MAX_SEEDS_PER_HOUSE = 30
"""The most seeds a house may start with (Abapa has 4)."""


@dataclass(frozen=True)
class AbapaRules:
    """The rule variants, made explicit.

    Parameters
    ----------
    grand_slam
        A *grand slam* is a move whose capture would take every seed the opponent has.

        * ``"no_capture"`` (default, the tournament rule the thesis chose): the move is
          legal but captures nothing; the sown seeds stay on the board.
        * ``"capture"``: it captures everything, like any capture.
        * ``"forbidden"``: the move is illegal — unless every legal move is a grand slam,
          in which case they are allowed and capture nothing (our choice; the thesis does
          not say).
        * ``"leave_first"`` / ``"leave_last"``: it captures the run except its first house
          in sowing order (the lowest-numbered) / its last house (the one the last seed fell
          into), so the victim still has seeds.
    cycle
        * ``"repetition"`` (default, the usual machine rule): when a move recreates a
          position (houses and player to move) that occurred since the last capture, the game
          ends and each player takes the seeds on their own side.
        * ``"below_four"`` (the thesis program): when after a move both sides hold fewer than
          4 seeds, each player takes their own and the game ends.
    houses_per_side, seeds_per_house
        The board: 6 and 4 for Abapa. Small boards (2×2, 3×3) can be solved exactly.
        A player who collects more than half of all seeds wins. At most
        :data:`MAX_HOUSES_PER_SIDE` (12) houses a side and :data:`MAX_SEEDS_PER_HOUSE` (30)
        seeds a house.

    Examples
    --------
    >>> rules = AbapaRules(houses_per_side=3, seeds_per_house=2)
    >>> rules.total_seeds, rules.win_threshold
    (12, 7)
    >>> AbapaRules(grand_slam="sometimes")
    Traceback (most recent call last):
    ...
    gametheory.core.GameError: grand_slam must be one of 'no_capture', 'capture', \
'forbidden', 'leave_first', 'leave_last'; got 'sometimes'
    """

    grand_slam: GrandSlamRule = "no_capture"
    cycle: CycleRule = "repetition"
    houses_per_side: int = 6
    seeds_per_house: int = 4

    def __post_init__(self) -> None:
        for name, choices in (("grand_slam", GrandSlamRule), ("cycle", CycleRule)):
            allowed = get_args(choices)
            if getattr(self, name) not in allowed:
                listed = ", ".join(repr(a) for a in allowed)
                raise GameError(f"{name} must be one of {listed}; got {getattr(self, name)!r}")
        for name, most in (
            ("houses_per_side", MAX_HOUSES_PER_SIDE),
            ("seeds_per_house", MAX_SEEDS_PER_HOUSE),
        ):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= most:
                raise GameError(f"{name} must be a whole number from 1 to {most}, got {value!r}")

    @property
    def total_seeds(self) -> int:
        """All the seeds in the game (48 in Abapa)."""
        return 2 * self.houses_per_side * self.seeds_per_house

    @property
    def win_threshold(self) -> int:
        """A store holding this many seeds (more than half) wins: 25 in Abapa."""
        return self.total_seeds // 2 + 1

    def to_dict(self) -> dict[str, Any]:
        """The rules as a plain dictionary (for JSON).

        >>> AbapaRules().to_dict()["cycle"]
        'repetition'
        """
        return {
            "grand_slam": self.grand_slam,
            "cycle": self.cycle,
            "houses_per_side": self.houses_per_side,
            "seeds_per_house": self.seeds_per_house,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> AbapaRules:
        """Rules from a dictionary written by :meth:`to_dict`; unknown keys are an error.

        >>> AbapaRules.from_dict({"grand_slam": "capture"}).grand_slam
        'capture'
        """
        if not isinstance(data, Mapping):
            raise GameError(f"rules must be a JSON object (a dict), got {data!r}")
        known = {"grand_slam", "cycle", "houses_per_side", "seeds_per_house"}
        unknown = sorted(set(data) - known)
        if unknown:
            raise GameError(f"unknown rule option(s) {unknown}; known: {sorted(known)}")
        return cls(**data)


class AbapaState(NamedTuple):
    """A position: houses, stores, the player to move, and the positions seen before.

    ``seen`` holds the positions (houses, player to move) that occurred since the last
    capture, not counting this one; only the ``"repetition"`` rule fills it. It takes part
    in ``==`` and ``hash`` on purpose: two boards that look alike but have different pasts
    can have different futures (one repetition away from the end, or not), so a
    transposition table or an AND/OR graph that merged them would give wrong answers. After
    every capture it is empty again, and under ``cycle="below_four"`` it is always empty, so
    transpositions still merge there. ``repr`` shows only how many positions it holds.

    Build positions with :meth:`Abapa.state`, which checks them.

    >>> state = Abapa().initial_state()
    >>> state.houses, state.stores, state.to_move
    ((4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4), (0, 0), 0)
    >>> state
    AbapaState(houses=(4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4), stores=(0, 0), to_move=0, seen=0)
    """

    houses: tuple[int, ...]
    stores: tuple[int, int]
    to_move: Player
    seen: frozenset[Position] = frozenset()

    def __repr__(self) -> str:
        return (
            f"AbapaState(houses={self.houses}, stores={self.stores}, to_move={self.to_move}, "
            f"seen={len(self.seen)})"
        )

    def __str__(self) -> str:
        return _text(self)

    def _repr_svg_(self) -> str:
        from gametheory.draw.abapa_board import board_svg

        return str(board_svg(self))


_NO_PAST: frozenset[Position] = frozenset()
_new_state = tuple.__new__  # makes an AbapaState without the extra Python call NamedTuple adds


class Outcome(NamedTuple):
    """How a finished game ended: the winner (None for a draw) and the final scores."""

    winner: Player | None
    scores: tuple[int, int]


@dataclass(frozen=True)
class MoveReport:
    """What one move did, for commentary and pictures (see :meth:`Abapa.explain`).

    Attributes
    ----------
    move, player
        The house played and who played it.
    sown
        The houses that received a seed, in sowing order (the last one is ``sown[-1]``).
    captured
        The houses captured, in increasing order (empty if none).
    seeds_captured
        How many seeds went to the mover's store by capture.
    grand_slam
        True if the capture would have taken all the opponent's seeds.
    ending
        None if the game goes on; else why it ended: ``"threshold"`` (a store passed half of
        the seeds), ``"no_moves"`` (the next player cannot move — cannot feed, or has no
        seeds, or the board is empty), ``"repetition"`` or ``"below_four"``.
    state
        The position after the move.
    """

    move: House
    player: Player
    sown: tuple[House, ...]
    captured: tuple[House, ...]
    seeds_captured: int
    grand_slam: bool
    ending: str | None
    state: AbapaState = field(repr=False)

    def effect(self) -> str:
        """What the move did, without who played it: the end of :meth:`describe`.

        >>> Abapa().explain(Abapa().initial_state(), 3).effect()
        'sows 4 seeds into houses 4–7.'
        """
        return self.describe().split(": ", 1)[1]

    def describe(self) -> str:
        """One sentence about the move.

        >>> Abapa().explain(Abapa().initial_state(), 3).describe()
        'A plays house 3: sows 4 seeds into houses 4–7.'
        >>> game = Abapa()
        >>> game.explain(game.state([0, 0, 0, 0, 0, 2, 1, 2, 0, 0, 0, 3], stores=(18, 22)), 6).describe()
        'A plays house 6: sows 2 seeds into houses 7, 8, captures 5 seeds from houses 7, 8.'
        """
        name = player_name(self.player)
        plural = "s" if len(self.sown) != 1 else ""
        text = f"{name} plays house {self.move}: sows {len(self.sown)} seed{plural} into house{plural} "
        ascending = all(b == a + 1 for a, b in zip(self.sown, self.sown[1:], strict=False))
        if len(self.sown) > 2 and ascending:
            text += f"{self.sown[0]}–{self.sown[-1]}"
        else:
            text += ", ".join(map(str, self.sown))
        if self.captured:
            houses = ", ".join(map(str, self.captured))
            seeds = "s" if self.seeds_captured != 1 else ""
            more = "s" if len(self.captured) != 1 else ""
            text += f", captures {self.seeds_captured} seed{seeds} from house{more} {houses}"
        elif self.grand_slam:
            text += ", a grand slam, which captures nothing"
        text += "."
        endings = {
            "threshold": " The game is over: a store holds more than half of the seeds.",
            "no_moves": " The game is over: the next player cannot move, so each player "
            "takes the seeds on their own side.",
            "repetition": " The game is over: the position repeated, so each player takes "
            "the seeds on their own side.",
            "below_four": " The game is over: both sides hold fewer than 4 seeds, so each "
            "player takes the seeds on their own side.",
        }
        return text + endings.get(self.ending or "", "")


class Abapa:
    """The game of Abapa (see the module docstring for the vocabulary).

    Parameters
    ----------
    rules
        The rule variants (:class:`AbapaRules`); the tournament rules by default.
    **changes
        Shortcuts for changing single rules: ``Abapa(grand_slam="capture")`` is
        ``Abapa(AbapaRules(grand_slam="capture"))``.

    Notes
    -----
    * Player 0 is A and moves first. Moves are house numbers; ``legal_moves`` lists them in
      increasing order and is empty exactly when the game is over.
    * ``utility(state, player)`` is +1 if ``player`` won, −1 if they lost and 0 for a draw
      (equal final scores, 24–24). A finished game's scores are the stores plus, when it
      ended because nobody can move or by the cycle rule, the seeds left on each side.
    * A move that ends the game leaves a settled position: when it ends because of the
      cycle rule or because the next player cannot move, each side's seeds are already in
      its owner's store.

    Examples
    --------
    >>> game = Abapa()
    >>> game.legal_moves(game.initial_state())
    (1, 2, 3, 4, 5, 6)
    >>> Abapa(houses_per_side=2, seeds_per_house=2).initial_state().houses
    (2, 2, 2, 2)
    """

    name = "abapa"
    max_play_depth = 9
    """The deepest search a play widget offers (alpha-beta answers within about a second)."""

    def __init__(self, rules: AbapaRules | None = None, **changes: Any) -> None:
        base = AbapaRules() if rules is None else rules
        if not isinstance(base, AbapaRules):
            raise GameError(f"rules must be an AbapaRules, got {base!r}")
        unknown = sorted(set(changes) - set(AbapaRules().to_dict()))
        if unknown:
            raise GameError(
                f"unknown rule option(s) {unknown}; known: {sorted(AbapaRules().to_dict())}"
            )
        self.rules = replace(base, **changes) if changes else base
        n = self.rules.houses_per_side
        self._n = n
        self._threshold = self.rules.win_threshold
        self._repetition = self.rules.cycle == "repetition"
        self._forbid_slams = self.rules.grand_slam == "forbidden"
        # for successor(): each sowing looked up, not worked out; each side as a slice; the
        # last position moved from, with its history grown by itself
        self._sowings = [_SowingsFrom(2 * n, move - 1) for move in range(2 * n + 1)]
        self._sides = (slice(0, n), slice(n, 2 * n))
        self._empty = (0,) * (2 * n)
        self._houses = (tuple(range(1, n + 1)), tuple(range(n + 1, 2 * n + 1)))
        # for order_moves(): move -> seeds in its house -> the opponent's house (index) the
        # last seed falls into, or -1 when it stays on the mover's side
        self._last_seed = [()] + [
            _last_seeds(2 * n, move - 1, self.rules.total_seeds) for move in range(1, 2 * n + 1)
        ]
        self._last_seen: tuple[AbapaState | None, frozenset[Position]] = (None, _NO_PAST)

    def __repr__(self) -> str:
        return f"Abapa({self.rules!r})"

    def __reduce__(self) -> tuple[type[Abapa], tuple[AbapaRules]]:
        # the rules are the whole game; the rest is made again (the compiled sowings could
        # not be pickled anyway)
        return type(self), (self.rules,)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Abapa) and other.rules == self.rules

    def __hash__(self) -> int:
        return hash(("Abapa", self.rules))

    # -- the board ---------------------------------------------------------------------
    def houses_of(self, player: Player) -> range:
        """The house numbers ``player`` owns.

        >>> Abapa().houses_of(1)
        range(7, 13)
        """
        check_player(player)
        return range(player * self._n + 1, (player + 1) * self._n + 1)

    def owner(self, house: House) -> Player:
        """Who owns house ``house``.

        >>> Abapa().owner(7)
        1
        """
        self._check_house(house)
        return (house - 1) // self._n

    def side_total(self, state: AbapaState, player: Player) -> int:
        """The seeds on ``player``'s side of the board.

        >>> Abapa().side_total(Abapa().initial_state(), 0)
        24
        """
        check_player(player)
        n = self._n
        return sum(state.houses[player * n : (player + 1) * n])

    def _check_house(self, house: object) -> House:
        last = 2 * self._n
        if isinstance(house, bool) or not isinstance(house, int):
            raise GameError(f"a house is a whole number from 1 to {last}, got {house!r}")
        if not 1 <= house <= last:
            raise GameError(f"house {house} does not exist: houses are numbered 1 to {last}")
        return house

    # -- positions -----------------------------------------------------------------------
    def initial_state(self) -> AbapaState:
        """Every house holds ``seeds_per_house`` seeds, both stores are empty, A to move."""
        n, s = self._n, self.rules.seeds_per_house
        return AbapaState((s,) * (2 * n), (0, 0), A)

    def state(
        self,
        houses: Sequence[int],
        stores: Sequence[int] = (0, 0),
        to_move: Player = A,
        seen: Iterable[tuple[Sequence[int], Player]] = (),
    ) -> AbapaState:
        """Build a position, checking it.

        Parameters
        ----------
        houses
            Seeds in houses 1..12 (1..2n).
        stores
            Seeds captured by A and by B.
        to_move
            0 (A) or 1 (B).
        seen
            Earlier positions since the last capture, as ``(houses, to_move)`` pairs, for
            the repetition rule (ignored under ``cycle="below_four"``).

        Raises
        ------
        GameError
            If a count is negative or not a whole number, the board has the wrong number of
            houses, or the seeds do not add up to the rules' total.

        Examples
        --------
        >>> game = Abapa()
        >>> game.state([0] * 11 + [2], stores=(24, 22), to_move=1).houses[-1]
        2
        >>> game.state([4] * 12, stores=(1, 0))
        Traceback (most recent call last):
        ...
        gametheory.core.GameError: the position holds 49 seeds (48 in the houses, 1 in the \
stores) but these rules play with 48; check the counts
        """
        board = self._check_houses(houses, "houses")
        if len(stores) != 2:
            raise GameError(f"stores must be two counts (A's, B's), got {stores!r}")
        store_a, store_b = (self._check_count(c, "a store") for c in stores)
        check_player(to_move, "to_move")
        total = sum(board) + store_a + store_b
        if total != self.rules.total_seeds:
            raise GameError(
                f"the position holds {total} seeds ({sum(board)} in the houses, "
                f"{store_a + store_b} in the stores) but these rules play with "
                f"{self.rules.total_seeds}; check the counts"
            )
        history: frozenset[Position] = frozenset()
        if self._repetition:
            pairs = []
            for earlier, player in seen:
                pairs.append((self._check_houses(earlier, "a seen position"), player))
                check_player(player, "the player of a seen position")
            history = frozenset(pairs)
        return AbapaState(board, (store_a, store_b), to_move, history)

    def _check_houses(self, houses: Sequence[int], what: str) -> tuple[int, ...]:
        board = tuple(houses)
        if len(board) != 2 * self._n:
            raise GameError(
                f"{what} must list {2 * self._n} houses ({self._n} a side), got {len(board)}: "
                f"{board!r}"
            )
        return tuple(self._check_count(c, "a house") for c in board)

    @staticmethod
    def _check_count(count: object, what: str) -> int:
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise GameError(f"{what} must hold a whole number >= 0 of seeds, got {count!r}")
        return count

    def check_state(self, state: object) -> None:
        """Raise :class:`GameError` unless ``state`` is a position of this game: an
        :class:`AbapaState` with this board, the rules' number of seeds, and a history that
        fits the cycle rule (see :class:`~gametheory.core.ChecksStates`).

        >>> Abapa().check_state(Abapa(houses_per_side=3).initial_state())
        Traceback (most recent call last):
        ...
        gametheory.core.GameError: AbapaState(houses=(4, 4, 4, 4, 4, 4), stores=(0, 0), \
to_move=0, seen=0) is not a position of Abapa(AbapaRules(grand_slam='no_capture', \
cycle='repetition', houses_per_side=6, seeds_per_house=4)): houses must list 12 houses \
(6 a side), got 6: (4, 4, 4, 4, 4, 4)
        """
        if not isinstance(state, AbapaState):
            raise foreign_state(
                self, state, "expected an AbapaState (from initial_state, result or state())"
            )
        try:
            rebuilt = self.state(state.houses, state.stores, state.to_move, state.seen)
        except (GameError, TypeError, ValueError) as error:
            raise foreign_state(self, state, str(error)) from None
        if rebuilt != state:
            raise foreign_state(
                self,
                state,
                f"its history of {len(state.seen)} positions does not fit the rule "
                f"cycle={self.rules.cycle!r}",
            )

    # -- the protocol ----------------------------------------------------------------------
    def to_move(self, state: AbapaState) -> Player:
        """The player to move: 0 (A) or 1 (B)."""
        return state.to_move

    def legal_moves(self, state: AbapaState) -> tuple[House, ...]:
        """The houses the player to move may empty, in increasing order.

        A move must start from a non-empty own house; if the opponent has no seeds it must
        sow some onto their side; under ``grand_slam="forbidden"`` it must not be a grand
        slam (unless all are). Empty exactly when the game is over.

        >>> game = Abapa()
        >>> game.legal_moves(game.state([1, 0, 0, 0, 0, 3] + [0] * 6, (22, 22)))
        (6,)
        """
        houses, (a, b), mover, _ = state
        if a >= self._threshold or b >= self._threshold:
            return ()
        sides = self._sides
        if not self._forbid_slams and any(houses[sides[1 - mover]]):  # the usual case
            return tuple(compress(self._houses[mover], houses[sides[mover]]))
        return _legal_moves(houses, mover, self._forbid_slams)

    def result(self, state: AbapaState, move: House) -> AbapaState:
        """The position after ``move``; ``state`` is not changed.

        Raises
        ------
        IllegalMoveError
            Naming the move, the position and the reason: the game is over, not a house
            number, out of range, not the mover's house, an empty house, a move that does
            not feed a starving opponent (naming the moves that would), or a forbidden grand
            slam.

        Examples
        --------
        >>> game = Abapa()
        >>> game.result(game.initial_state(), 8)
        Traceback (most recent call last):
        ...
        gametheory.core.IllegalMoveError: illegal move 8 in [4 4 4 4 4 4 | 4 4 4 4 4 4] \
stores 0-0, A to move: house 8 belongs to B; A plays houses 1-6
        """
        return self._play(state, move, report=False)[0]

    def order_moves(self, state: AbapaState, moves: Sequence[House]) -> Sequence[House]:
        """``moves`` with the likely captures first, the rest in the order given.

        A guess made without playing the moves (the engine's
        :class:`~gametheory.search.engine.MoveOrdering`; the textbook searches take it as
        ``order=``): a move whose last seed falls into an opponent's house that holds 1 or
        2 seeds captures that house (unless it goes round the board first or the rules
        leave a grand slam uncaptured), and a capture is usually the best reply.

        >>> game = Abapa()
        >>> state = game.state([0, 0, 0, 0, 1, 2, 1, 1, 0, 0, 0, 0], stores=(20, 23))
        >>> game.order_moves(state, game.legal_moves(state))  # 6 ends in house 8, holding 1
        [6, 5]
        """
        houses = state.houses
        last_seed = self._last_seed
        captures = [
            move
            for move in moves
            if (last := last_seed[move][houses[move - 1]]) >= 0 and houses[last] in (1, 2)
        ]
        if not captures:
            return moves
        return captures + [move for move in moves if move not in captures]

    def successor(self, state: AbapaState, move: House) -> tuple[AbapaState, bool]:
        """``(result(state, move), is_terminal(that position))`` for a move known to be legal.

        The search engine's fast path (:class:`gametheory.search.engine.Successor`): the move
        is not checked, and whether the game is over comes from making the move. Give it
        only moves from :meth:`legal_moves`; anything else gives a wrong position or an
        error that does not explain itself.

        >>> game = Abapa()
        >>> after, over = game.successor(game.initial_state(), 3)
        >>> after == game.result(game.initial_state(), 3), over
        (True, False)
        """
        # _play's steps without the report, each in its cheapest form: the sowing is one
        # compiled expression, the capture test one look at the house the last seed fell
        # into, and the stores are reused when nothing is captured
        houses, stores, mover, seen = state
        sow, capture_at, sows_home = self._sowings[move][houses[move - 1]]
        after = sow(houses)
        if capture_at is not None and after[capture_at] in (2, 3):
            captured = self._successor_capture(after, stores, mover, capture_at)
            if captured is not None:
                return captured
        nxt = 1 - mover
        if self._repetition:
            if seen and (after, nxt) in seen:
                return self._settled(after, stores, nxt), True
            # every quiet move from state adds the same position to the history, and a search
            # makes the moves of one position one after another: keep the last one
            last, grown = self._last_seen
            if last is not state:
                grown = seen | {(houses, mover)}
                self._last_seen = (state, grown)
            seen = grown
        elif self._below_four(after):
            return self._settled(after, stores, nxt), True
        # Without a capture, a legal move leaves the next player seeds: it either reaches
        # their side or, if it stays home, their side was not empty (else it would have to
        # feed them). So they can move unless the mover's side is now empty and they cannot
        # feed it, which can only happen when no seed landed on the mover's side.
        if not sows_home and not any(after[self._sides[mover]]) and not _can_move(after, nxt):
            return self._settled(after, stores, nxt), True
        return _new_state(AbapaState, (after, stores, nxt, seen)), False

    def _successor_capture(
        self, after: Board, stores: tuple[int, int], mover: Player, last: int
    ) -> tuple[AbapaState, bool] | None:
        """successor() once the last seed, at index ``last``, made an opponent's house 2 or
        3; None if the rules let this grand slam capture nothing."""
        n = self._n
        lo = (1 - mover) * n
        first = last  # the run of 2s and 3s that ends with the last seed starts at first
        while first > lo and after[first - 1] in (2, 3):
            first -= 1
        taken = sum(after[first : last + 1])
        if taken == sum(after[lo : lo + n]):
            run = self._grand_slam_run(list(range(last, first - 1, -1)))
            if not run:
                return None
            first, last = min(run), max(run)
            taken = sum(after[first : last + 1])
        after = after[:first] + (0,) * (last + 1 - first) + after[last + 1 :]
        a, b = stores
        if mover == A:
            a += taken
            won = a >= self._threshold
        else:
            b += taken
            won = b >= self._threshold
        nxt = 1 - mover
        if won:  # the seeds left on the board stay there
            return _new_state(AbapaState, (after, (a, b), nxt, _NO_PAST)), True
        if (not self._repetition and self._below_four(after)) or not _can_move(after, nxt):
            return self._settled(after, (a, b), nxt), True
        return _new_state(AbapaState, (after, (a, b), nxt, _NO_PAST)), False

    def _below_four(self, board: Sequence[int]) -> bool:
        side_a, side_b = self._sides
        return sum(board[side_a]) < 4 and sum(board[side_b]) < 4

    def _settled(self, board: Sequence[int], stores: tuple[int, int], nxt: Player) -> AbapaState:
        """The end of a game not won by a store: each side's seeds go to its owner."""
        side_a, side_b = self._sides
        a, b = stores
        settled = (self._empty, (a + sum(board[side_a]), b + sum(board[side_b])), nxt, _NO_PAST)
        return _new_state(AbapaState, settled)

    def is_terminal(self, state: AbapaState) -> bool:
        """True once a store holds more than half of the seeds or the mover has no move."""
        houses, (a, b), mover, _ = state
        if a >= self._threshold or b >= self._threshold:
            return True
        sides = self._sides
        if any(houses[sides[1 - mover]]):  # the usual case, _can_move's first test inlined
            return not any(houses[sides[mover]])
        return not _can_move(houses, mover)

    def outcome(self, state: AbapaState) -> Outcome:
        """The winner and the final scores of a finished game.

        The scores are the stores, plus the seeds left on each player's side unless the
        game ended with a store past half of the seeds (those seeds are never collected).

        >>> game = Abapa()
        >>> game.outcome(game.state([0] * 12, (24, 24)))
        Outcome(winner=None, scores=(24, 24))
        """
        if not self.is_terminal(state):
            raise GameError(
                f"the game is not over in {_brief(state)}; outcome() needs a finished game "
                "(use an evaluation function to judge an unfinished one)"
            )
        a, b = state.stores
        if a < self._threshold and b < self._threshold:
            a += self.side_total(state, A)
            b += self.side_total(state, B)
        winner = None if a == b else (A if a > b else B)
        return Outcome(winner, (a, b))

    def winner(self, state: AbapaState) -> Player | None:
        """The winner of a finished game, or None for a draw (or an unfinished game)."""
        return self.outcome(state).winner if self.is_terminal(state) else None

    def utility(self, state: AbapaState, player: Player) -> float:
        """+1 if ``player`` won the finished game, −1 if they lost, 0 for a draw.

        >>> game = Abapa()
        >>> won = game.state([0] * 12, (25, 23))
        >>> game.utility(won, 0), game.utility(won, 1)
        (1.0, -1.0)
        """
        check_player(player)
        winner = self.outcome(state).winner
        return 0.0 if winner is None else (1.0 if winner == player else -1.0)

    def chance_outcomes(self, state: AbapaState) -> tuple[()]:
        """Abapa has no dice: no chance outcomes."""
        return ()

    def evaluate(self, state: AbapaState, player: Player) -> float:
        """The default evaluation (used by the greedy player): :func:`store_difference`."""
        return store_difference(state, player)

    # -- making a move ---------------------------------------------------------------------
    def move_effect(self, state: AbapaState, move: House) -> str:
        """What ``move`` does, in words, for a play widget: the sowing, a capture, the end.

        >>> Abapa().move_effect(Abapa().initial_state(), 6)
        'sows 4 seeds into houses 7–10.'
        """
        return self.explain(state, move).effect()

    def explain(self, state: AbapaState, move: House) -> MoveReport:
        """Play ``move`` and report what happened (sowing, captures, grand slam, ending).

        >>> game = Abapa()
        >>> before = game.state([0, 0, 0, 0, 0, 2, 1, 2, 0, 0, 0, 3], stores=(20, 20))
        >>> report = game.explain(before, 6)  # houses 7 and 8 become 2 and 3
        >>> report.captured, report.seeds_captured
        ((7, 8), 5)
        """
        new, sown, captured, taken, slam, ending = self._play(state, move, report=True)
        house = int(move)  # legal, so a whole number (numpy integers too)
        return MoveReport(house, state.to_move, sown, captured, taken, slam, ending, new)

    def _reject(self, state: AbapaState, move: object, reason: str) -> IllegalMoveError:
        error = IllegalMoveError(f"illegal move {move!r} in {_brief(state)}: {reason}")
        error.reason = reason
        return error

    def _check_move(self, state: AbapaState, move: object) -> House:
        mover = state.to_move
        name = player_name(mover)
        own = self.houses_of(mover)
        span = f"{own[0]}-{own[-1]}"
        last = 2 * self._n
        legal = self.legal_moves(state)
        if not legal:
            outcome = self.outcome(state)
            verdict = (
                "a draw" if outcome.winner is None else f"won by {player_name(outcome.winner)}"
            )
            score = f"{outcome.scores[0]}-{outcome.scores[1]}"
            raise self._reject(state, move, f"the game is over ({verdict}, {score})")
        if isinstance(move, bool) or not isinstance(move, Integral):
            raise self._reject(
                state, move, f"a move is a house number (an int), {name} plays {span}"
            )
        move = int(move)  # numpy integers too
        if not 1 <= move <= last:
            raise self._reject(
                state, move, f"house {move} does not exist: houses are numbered 1 to {last}"
            )
        if move not in own:
            raise self._reject(
                state,
                move,
                f"house {move} belongs to {player_name(1 - mover)}; {name} plays houses {span}",
            )
        if not state.houses[move - 1]:
            raise self._reject(state, move, f"house {move} is empty")
        if move not in legal:
            choices = _or_list(legal)
            if not self.side_total(state, 1 - mover):
                raise self._reject(
                    state,
                    move,
                    f"{player_name(1 - mover)} has no seeds: {name} must feed them, and house "
                    f"{move} does not reach their side; play {choices}",
                )
            raise self._reject(
                state,
                move,
                f"house {move} would capture all of {player_name(1 - mover)}'s seeds (a grand "
                f"slam), which these rules forbid; play {choices}",
            )
        return move

    def _play(
        self, state: AbapaState, move: object, *, report: bool, checked: bool = True
    ) -> tuple[AbapaState, tuple[House, ...], tuple[House, ...], int, bool, str | None]:
        """Make ``move`` (checked unless the caller knows it is legal); with ``report``
        also say which houses were sown and captured."""
        # the usual case first: a plain int among the legal moves (remembered by
        # _legal_moves) of a game that is not over; the error text is built only for a
        # move that is rejected. A position of another board is caught first.
        if checked and (state.__class__ is not AbapaState or len(state.houses) != 2 * self._n):
            self.check_state(state)
        mover = state.to_move
        a, b = state.stores
        if checked and (
            move.__class__ is not int
            or a >= self._threshold
            or b >= self._threshold
            or move not in _legal_moves(state.houses, mover, self._forbid_slams)
        ):
            move = self._check_move(state, move)
        n = self._n
        board, sowing, run, slam = _sow(state.houses, mover, cast(House, move))
        if slam:
            run = self._grand_slam_run(run)
        taken = 0
        for i in run:
            taken += board[i]
            board[i] = 0
        if mover == A:
            a += taken
        else:
            b += taken
        nxt = 1 - mover
        houses = tuple(board)
        seen = _NO_PAST
        ending: str | None = None
        if taken and (a if mover == A else b) >= self._threshold:  # only a capture can win
            ending = "threshold"
        elif self._repetition:
            if not taken:
                # positions before the last capture had more seeds: they cannot recur
                if (houses, nxt) in state.seen:
                    ending = "repetition"
                else:
                    seen = state.seen | {(state.houses, mover)}
        elif sum(board[:n]) < 4 and sum(board[n:]) < 4:
            ending = "below_four"
        if ending is None and not _can_move(houses, nxt):
            ending = "no_moves"
        if ending is not None and ending != "threshold":
            a += sum(board[:n])
            b += sum(board[n:])
            houses = (0,) * (2 * n)
            seen = _NO_PAST
        new = _new_state(AbapaState, (houses, (a, b), nxt, seen))
        if not report:
            return new, (), (), taken, slam, ending
        captured = tuple(sorted(i + 1 for i in run))
        return new, sowing.sown, captured, taken, slam, ending

    def _grand_slam_run(self, run: list[int]) -> list[int]:
        """The houses a grand slam ``run`` (last seed first) captures under these rules."""
        rule = self.rules.grand_slam
        if rule == "capture":
            return run
        if rule == "leave_first":  # the first house in sowing order is the run's last
            return run[:-1]
        if rule == "leave_last":
            return run[1:]
        return []  # "no_capture", and "forbidden" when every move is a grand slam

    # -- records ---------------------------------------------------------------------------
    def replay(self, moves: Iterable[object]) -> AbapaRecord:
        """Play ``moves`` from the opening; the whole record is rejected if one is illegal.

        Raises
        ------
        GameError
            Naming the move number (1 for the first move), the move and the reason.

        Examples
        --------
        >>> record = Abapa().replay([3, 9])
        >>> record.final.to_move, len(record.states)
        (0, 3)
        >>> Abapa().replay([3, 3])
        Traceback (most recent call last):
        ...
        gametheory.core.GameError: move 2 (3) is illegal: illegal move 3 in \
[4 4 0 5 5 5 | 5 4 4 4 4 4] stores 0-0, B to move: house 3 belongs to A; B plays houses 7-12
        """
        if isinstance(moves, str | bytes) or not isinstance(moves, Iterable):
            raise GameError(f"moves must be a list of house numbers, got {moves!r}")
        states = [self.initial_state()]
        played: list[House] = []
        for number, move in enumerate(moves, start=1):
            try:
                states.append(self.result(states[-1], move))  # type: ignore[arg-type]
            except GameError as error:
                raise GameError(f"move {number} ({move!r}) is illegal: {error}") from None
            played.append(int(move))  # type: ignore[call-overload]
        return AbapaRecord(self.rules, tuple(played), tuple(states))

    def load(self, path: str | os.PathLike[str]) -> AbapaRecord:
        """Read a game saved by :meth:`AbapaRecord.save` (it carries its own rules)."""
        return AbapaRecord.load(path)

    # -- pictures ---------------------------------------------------------------------------
    def text(self, state: AbapaState) -> str:
        """The board as text, in the thesis' orientation.

        Houses 7–12 run along the top from right to left, 1–6 along the bottom from left to
        right, B's store on the left and A's on the right (see the module docstring).
        """
        return _text(state)

    def draw(
        self, state: AbapaState | None = None, *, last_move: House | None = None, **options: Any
    ) -> Svg:
        """The board as an SVG picture (see :func:`gametheory.draw.abapa_board.board_svg`)."""
        from gametheory.draw.abapa_board import board_svg

        return board_svg(
            self.initial_state() if state is None else state, last_move=last_move, **options
        )


@dataclass(frozen=True)
class AbapaRecord:
    """A game as it was played: the rules, the moves, and every position.

    ``states[0]`` is the opening and ``states[k]`` the position after ``moves[k-1]``.
    Build one with :meth:`Abapa.replay`; save and load it as JSON.

    >>> import tempfile, os
    >>> record = Abapa().replay([3, 9, 1])
    >>> path = os.path.join(tempfile.mkdtemp(), "game.json")
    >>> record.save(path)
    >>> AbapaRecord.load(path).moves
    (3, 9, 1)
    """

    rules: AbapaRules
    moves: tuple[House, ...]
    states: tuple[AbapaState, ...]

    @property
    def game(self) -> Abapa:
        """The game with this record's rules."""
        return Abapa(self.rules)

    @property
    def final(self) -> AbapaState:
        """The position after the last move."""
        return self.states[-1]

    def to_json(self) -> str:
        """The record as JSON text: the format version, the rules and the moves."""
        data = {
            "game": "abapa",
            "format": RECORD_FORMAT,
            "rules": self.rules.to_dict(),
            "moves": list(self.moves),
        }
        return json.dumps(data, indent=1)

    @classmethod
    def from_json(cls, text: str) -> AbapaRecord:
        """Check and replay a record written by :meth:`to_json`.

        Raises
        ------
        GameError
            If the text is not JSON, not an Abapa record, has bad rules, or a move is not
            legal (naming the move number and the reason). Nothing is half-applied.

        Examples
        --------
        >>> AbapaRecord.from_json('{"game": "abapa", "format": 1, "rules": {}, "moves": [3, 3]}')
        Traceback (most recent call last):
        ...
        gametheory.core.GameError: move 2 (3) is illegal: illegal move 3 in \
[4 4 0 5 5 5 | 5 4 4 4 4 4] stores 0-0, B to move: house 3 belongs to A; B plays houses 7-12
        """
        return cls._from_data(parse_json(text, "the saved game", "saved game"))

    @classmethod
    def _from_data(cls, data: Any) -> AbapaRecord:
        """Check and replay parsed JSON (see :meth:`from_json`)."""
        if not isinstance(data, dict) or data.get("game") != "abapa":
            raise GameError('not a saved Abapa game: expected a JSON object with "game": "abapa"')
        if data.get("format") != RECORD_FORMAT:
            raise GameError(
                f"saved game format {data.get('format')!r} is not supported "
                f"(this version reads format {RECORD_FORMAT})"
            )
        moves = data.get("moves")
        if not isinstance(moves, list):
            raise GameError(f'a saved game needs "moves": a list of house numbers, got {moves!r}')
        rules = AbapaRules.from_dict(data.get("rules", {}))
        return Abapa(rules).replay(moves)

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the record to ``path`` as JSON.

        The file is replaced only by a complete new one (see
        :func:`~gametheory.files.write_atomically`): if the disk is full, the previous save
        is still there. Raises :class:`OSError` when the file cannot be written.
        """
        write_atomically(path, self.to_json() + "\n")

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> AbapaRecord:
        """Read and check a record saved by :meth:`save` (see :meth:`from_json`).

        Raises
        ------
        GameError
            For anything that is not a saved game: a missing or unreadable file, one that
            is not a regular file or holds more than
            :data:`~gametheory.files.MAX_FILE_BYTES` bytes, text that is not JSON or is
            nested too deeply, rules out of bounds, an illegal move. The message names the
            file.
        """
        data = read_json(path, "saved game")
        try:
            return cls._from_data(data)
        except GameError as error:
            raise GameError(f"{os.fspath(path)!r}: {error}") from None

    def _repr_svg_(self) -> str:
        from gametheory.draw.abapa_board import board_svg

        if not self.moves:
            return str(board_svg(self.final))
        report = self.game.explain(self.states[-2], self.moves[-1])
        return str(board_svg(self.final, last_move=self.moves[-1], captured=report.captured))


# -- making moves fast -----------------------------------------------------------------
# A search asks about each position several times (is it over? which moves? is this move
# legal?), so the legal moves are remembered, and each sowing (house, seeds) is worked out
# once per board size. Abapa.successor, the engine's way of making a move, is written apart
# from _play for speed. tests/test_abapa_speed_paths.py checks all of it against the plain
# rules.


class _Sowing(NamedTuple):
    """Where the seeds of one house go, whatever the other houses hold."""

    path: tuple[int, ...]  # the index of the house each seed falls into, in sowing order
    sown: tuple[House, ...]  # the houses that get a seed, in sowing order (path + 1)
    capture_at: int | None  # the last seed's index if it lands on the opponent's side, else
    # None: only there can it capture


@lru_cache(maxsize=4096)
def _sowing(size: int, start: int, seeds: int) -> _Sowing:
    """Sow ``seeds`` from index ``start`` on a board of ``size`` houses, one seed at a time."""
    path = []
    pos = start
    while seeds:
        pos = (pos + 1) % size
        if pos == start:  # a lap of 12+ seeds skips the emptied house
            continue
        path.append(pos)
        seeds -= 1
    n = size // 2
    capture_at = path[-1] if path and path[-1] // n != start // n else None
    return _Sowing(tuple(path), tuple(i + 1 for i in path), capture_at)


class _FastSowing(NamedTuple):
    """A sowing made ready for :meth:`Abapa.successor`."""

    sow: Callable[[Board], Board]  # the houses before the sowing -> the houses after it
    capture_at: int | None  # as in _Sowing
    sows_home: bool  # a seed lands on the mover's own side


@cache  # at most (board size) x (seeds in the game) of them
def _fast_sowing(size: int, start: int, seeds: int) -> _FastSowing:
    """The sowing compiled into one expression, as fast as Python builds a tuple; for 4 seeds
    from index 2 of 12: ``lambda h: (h[0], h[1], 0, h[3] + 1, h[4] + 1, ..., h[7], ..., h[11])``.
    """
    path, _, capture_at = _sowing(size, start, seeds)
    gets = [path.count(i) for i in range(size)]  # more than 1 when the seeds go round
    terms = [
        "0" if i == start else f"h[{i}] + {gets[i]}" if gets[i] else f"h[{i}]" for i in range(size)
    ]
    sow = eval(f"lambda h: ({', '.join(terms)},)")  # the text holds only numbers
    n = size // 2
    return _FastSowing(sow, capture_at, any(i // n == start // n for i in path))


class _SowingsFrom(dict[int, _FastSowing]):
    """The sowings from one house, by the number of seeds in it, each made when first met."""

    def __init__(self, size: int, start: int) -> None:
        super().__init__()
        self.size = size
        self.start = start

    def __missing__(self, seeds: int) -> _FastSowing:
        self[seeds] = made = _fast_sowing(self.size, self.start, seeds)
        return made


def _last_seeds(size: int, start: int, most: int) -> tuple[int, ...]:
    """For 0..``most`` seeds sown from index ``start``: where the last one falls if that is on
    the other side, else -1.

    The seeds go round the ``size - 1`` other houses (a lap skips the emptied one), so the
    last of ``s`` seeds lands ``(s - 1) % (size - 1) + 1`` houses after ``start``: no sowing
    needs to be made (tests check it against :func:`_sowing`)."""
    n = size // 2
    table = [-1]
    for seeds in range(1, most + 1):
        last = (start + (seeds - 1) % (size - 1) + 1) % size
        table.append(last if last // n != start // n else -1)
    return tuple(table)


def _sow(
    houses: tuple[int, ...], player: Player, move: House
) -> tuple[list[int], _Sowing, list[int], bool]:
    """Sow from ``move``; return the board, the sowing, the capture run (indices, last seed
    first) and whether that run is a grand slam. No grand-slam rule applied."""
    n = len(houses) // 2
    start = move - 1
    sowing = _sowing(2 * n, start, houses[start])
    board = list(houses)
    board[start] = 0
    for i in sowing.path:
        board[i] += 1
    run = []
    lo = (1 - player) * n
    pos = sowing.capture_at
    if pos is not None:
        while pos >= lo and board[pos] in (2, 3):
            run.append(pos)
            pos -= 1
    slam = bool(run) and sum(board[i] for i in run) == sum(board[lo : lo + n])
    return board, sowing, run, slam


def _can_move(houses: tuple[int, ...], player: Player) -> bool:
    """Whether ``player`` has a legal move on ``houses`` (stores aside), without listing them.

    Any seed on their side is a move, unless the opponent has no seeds: then only a move
    that feeds them counts. (Under ``grand_slam="forbidden"`` the grand slams come back
    when nothing else is legal, so they never decide this.)
    """
    n = len(houses) // 2
    lo = player * n
    hi = lo + n
    if any(houses[n:] if player == A else houses[:n]):
        return any(houses[lo:hi])
    return any(houses[i] and i + houses[i] >= hi for i in range(lo, hi))


@lru_cache(maxsize=1 << 16)
def _legal_moves(houses: tuple[int, ...], player: Player, forbid_slams: bool) -> tuple[House, ...]:
    """The moves of ``player`` on ``houses`` (stores aside): see :meth:`Abapa.legal_moves`."""
    n = len(houses) // 2
    lo = player * n
    hi = lo + n
    if any(houses[n:] if player == A else houses[:n]):
        moves = tuple([i + 1 for i in range(lo, hi) if houses[i]])
        if forbid_slams:
            allowed = tuple([m for m in moves if not _sow(houses, player, m)[3]])
            if allowed:
                moves = allowed
        return moves
    # feeding: the seeds must reach past the end of the mover's own side
    return tuple([i + 1 for i in range(lo, hi) if houses[i] and i + houses[i] >= hi])


# -- text --------------------------------------------------------------------------------
def _brief(state: AbapaState) -> str:
    n = len(state.houses) // 2
    mine = " ".join(map(str, state.houses[:n]))
    theirs = " ".join(map(str, state.houses[n:]))
    a, b = state.stores
    return f"[{mine} | {theirs}] stores {a}-{b}, {player_name(state.to_move)} to move"


def _text(state: AbapaState) -> str:
    n = len(state.houses) // 2
    top = "".join(f"{c:>3}" for c in state.houses[n:][::-1])
    bottom = "".join(f"{c:>3}" for c in state.houses[:n])
    lines = [
        "     " + "".join(f"{h:>3}" for h in range(2 * n, n, -1)),
        f" B  [{top} ]",
        f" {state.stores[B]:<3}" + " " * (3 * n + 3) + f"{state.stores[A]:>3}",
        f"    [{bottom} ]  A",
        "     " + "".join(f"{h:>3}" for h in range(1, n + 1)),
        f"{player_name(state.to_move)} to move",
    ]
    return "\n".join(lines)


def _or_list(moves: Sequence[int]) -> str:
    words = [str(m) for m in moves]
    if len(words) <= 1:
        return "".join(words) or "nothing"
    return ", ".join(words[:-1]) + " or " + words[-1]


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
