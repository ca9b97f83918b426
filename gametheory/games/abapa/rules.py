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
>>> game.result(game.result(game.initial_state(), 1), 9).houses
(1, 5, 5, 5, 5, 4, 4, 4, 0, 5, 5, 5)

A move is made in one place, :meth:`Abapa._play`, the rules in the thesis' order
(:meth:`Abapa.result` and :meth:`Abapa.explain` both call it); the search engine's faster
way to the same positions is :mod:`gametheory.games.abapa.fast`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, fields
from itertools import compress
from numbers import Integral
from typing import Any, Literal, NamedTuple, TypeAlias, get_args

from gametheory.checks import foreign_state
from gametheory.core import (
    PLAYERS,
    A,
    B,
    Evaluation,
    GameError,
    IllegalMoveError,
    Player,
    check_player,
    player_name,
)
from gametheory.games.abapa.evaluation import store_difference
from gametheory.games.abapa.fast import FastMoves
from gametheory.games.abapa.report import MoveReport
from gametheory.games.abapa.state import AbapaState, Board, House, RepeatKey, board_text, brief_text

__all__ = [
    "Abapa",
    "AbapaRules",
    "AbapaState",
    "MoveReport",
    "Outcome",
    "House",
    "GrandSlamRule",
    "CycleRule",
    "MAX_HOUSES_PER_SIDE",
    "MAX_SEEDS_PER_HOUSE",
]

GrandSlamRule: TypeAlias = Literal[
    "no_capture", "capture", "forbidden", "leave_first", "leave_last"
]
"""What a capture that would take all the opponent's seeds does."""

CycleRule: TypeAlias = Literal["repetition", "below_four"]
"""How a game that could go round in circles is ended."""

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
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> AbapaRules:
        """Rules from a dictionary written by :meth:`to_dict`; unknown keys are an error.

        >>> AbapaRules.from_dict({"grand_slam": "capture"}).grand_slam
        'capture'
        """
        if not isinstance(data, Mapping):
            raise GameError(f"rules must be a JSON object (a dict), got {data!r}")
        known = {option.name for option in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise GameError(f"unknown rule option(s) {unknown}; known: {sorted(known)}")
        return cls(**data)


class Outcome(NamedTuple):
    """How a finished game ended: the winner (None for a draw) and the final scores."""

    winner: Player | None
    scores: tuple[int, int]


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
        self.rules = AbapaRules.from_dict({**base.to_dict(), **changes}) if changes else base
        n = self._n = self.rules.houses_per_side
        self._threshold = self.rules.win_threshold
        self._houses = (tuple(range(1, n + 1)), tuple(range(n + 1, 2 * n + 1)))  # A's, B's
        self._sides = (slice(0, n), slice(n, 2 * n))  # where A's and B's seeds are in houses
        self._fast = FastMoves(
            self._n,
            self.rules.total_seeds,
            self.rules.grand_slam,
            self.rules.cycle == "repetition",
            AbapaState,
        )

    def __repr__(self) -> str:
        return f"Abapa({self.rules!r})"

    def __reduce__(self) -> tuple[type[Abapa], tuple[AbapaRules]]:
        # the rules are the whole game; the fast path is made again (its compiled sowings
        # could not be pickled anyway)
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
        last = 2 * self._n
        if isinstance(house, bool) or not isinstance(house, int):
            raise GameError(f"a house is a whole number from 1 to {last}, got {house!r}")
        if not 1 <= house <= last:
            raise GameError(f"house {house} does not exist: houses are numbered 1 to {last}")
        return (house - 1) // self._n

    def side_total(self, state: AbapaState, player: Player) -> int:
        """The seeds on ``player``'s side of the board.

        >>> Abapa().side_total(Abapa().initial_state(), 0)
        24
        """
        check_player(player)
        return _side_total(state.houses, player)

    # -- positions -----------------------------------------------------------------------
    def initial_state(self) -> AbapaState:
        """Every house holds ``seeds_per_house`` seeds, both stores are empty, A to move."""
        return AbapaState((self.rules.seeds_per_house,) * (2 * self._n), (0, 0), A)

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
        store_a, store_b = (_check_count(c, "a store") for c in stores)
        check_player(to_move, "to_move")
        total = sum(board) + store_a + store_b
        if total != self.rules.total_seeds:
            raise GameError(
                f"the position holds {total} seeds ({sum(board)} in the houses, "
                f"{store_a + store_b} in the stores) but these rules play with "
                f"{self.rules.total_seeds}; check the counts"
            )
        history: frozenset[RepeatKey] = frozenset()
        if self.rules.cycle == "repetition":
            pairs = []
            for earlier, player in seen:
                pairs.append((self._check_houses(earlier, "a seen position"), player))
                check_player(player, "the player of a seen position")
            history = frozenset(pairs)
        return AbapaState(board, (store_a, store_b), to_move, history)

    def _check_houses(self, houses: Sequence[int], what: str) -> Board:
        board = tuple(houses)
        if len(board) != 2 * self._n:
            raise GameError(
                f"{what} must list {2 * self._n} houses ({self._n} a side), got {len(board)}: "
                f"{board!r}"
            )
        return tuple(_check_count(c, "a house") for c in board)

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
        own = self._houses[mover]
        moves = tuple(compress(own, houses[self._sides[mover]]))  # the houses holding seeds
        if not any(houses[self._sides[1 - mover]]):  # feeding: the seeds must reach their side
            return tuple(h for h in moves if h + houses[h - 1] > own[-1])
        if self.rules.grand_slam == "forbidden":  # no grand slam, unless every move is one
            return tuple(h for h in moves if not _is_grand_slam(houses, h, mover)) or moves
        return moves

    def result(self, state: AbapaState, move: House) -> AbapaState:
        """The position after ``move`` (made by :meth:`_play`); ``state`` is not changed.

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
        return self._play(state, self._check_move(state, move))[0]

    def is_terminal(self, state: AbapaState) -> bool:
        """True once a store holds more than half of the seeds or the mover has no move."""
        return not self.legal_moves(state)

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
                f"the game is not over in {brief_text(state)}; outcome() needs a finished game "
                "(use an evaluation function to judge an unfinished one)"
            )
        a, b = state.stores
        if a < self._threshold and b < self._threshold:
            a += _side_total(state.houses, A)
            b += _side_total(state.houses, B)
        winner = None if a == b else (A if a > b else B)
        return Outcome(winner, (a, b))

    def can_cycle(self) -> bool:
        """Only under ``cycle="below_four"``: the repetition rule ends the game when a board
        comes back, and a position holds the boards seen (:class:`~gametheory.core.MayCycle`).
        """
        return self.rules.cycle != "repetition"

    def cycle_end(self, state: AbapaState) -> AbapaState:
        """The finished position when play is caught in a cycle at ``state`` (possible under
        ``cycle="below_four"``, whose rule ends no cycle with more seeds): each player takes
        the seeds on their own side, as the repetition rule ends a cycle. The one-home guard
        :class:`~gametheory.repetitions.Repetitions` calls it (the :class:`~gametheory.core.EndsCycles`
        capability).

        >>> game = Abapa(AbapaRules(cycle="below_four"))
        >>> caught = game.state([5, 3, 0, 0, 0, 0, 4, 4, 4, 4, 4, 4], (10, 6))
        >>> game.outcome(game.cycle_end(caught))
        Outcome(winner=1, scores=(18, 30))
        """
        self.check_state(state)
        return self._settled(state)

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
    def explain(self, state: AbapaState, move: House) -> MoveReport:
        """Play ``move`` and report what happened (sowing, captures, grand slam, ending).

        The move is made by :meth:`_play`, as :meth:`result` makes it; an illegal move raises
        :class:`~gametheory.core.IllegalMoveError`, as :meth:`result` says.

        >>> game = Abapa()
        >>> before = game.state([0, 0, 0, 0, 0, 2, 1, 2, 0, 0, 0, 3], stores=(20, 20))
        >>> report = game.explain(before, 6)  # houses 7 and 8 become 2 and 3
        >>> report.captured, report.seeds_captured
        ((7, 8), 5)
        """
        house = self._check_move(state, move)
        after, sown, captured, taken, slam, ending = self._play(state, house)
        return MoveReport(house, state.to_move, sown, captured, taken, slam, ending, after)

    def _play(
        self, state: AbapaState, house: House
    ) -> tuple[AbapaState, tuple[House, ...], tuple[House, ...], int, bool, str | None]:
        """Make the legal move ``house``: the rules of section 1.2, in their order.

        1. **Sowing**: the mover empties the house and sows its seeds, one a house.
        2. **Capture**: if the last seed makes an opponent's house 2 or 3, it is taken, with
           the run of opponent's houses holding 2 or 3 just before it.
        3. **Grand slam**: a capture of every seed the opponent has is ruled by
           ``rules.grand_slam``. The captured seeds go to the mover's store.
        4. **The end**: a store past half of the seeds wins; the cycle rule may end the
           game; and so does a next player who cannot move (nothing to sow, or no move that
           feeds). Except after a win, each side's seeds then go to its owner's store.

        Returns the position after the move, the houses sown and captured, the seeds taken,
        whether it was a grand slam and why the game ended (None if it goes on): what
        :meth:`result` and :meth:`explain` give.
        """
        mover, opponent = state.to_move, 1 - state.to_move
        board, sown = _sow(state.houses, house)  # 1. sowing
        run = _capture_run(board, sown[-1], opponent)  # 2. capture
        slam = _takes_all(board, run, opponent)  # 3. grand slam
        if slam:
            run = self._grand_slam_run(run)
        taken = sum(board[h - 1] for h in run)
        for h in run:
            board[h - 1] = 0
        stores = list(state.stores)
        stores[mover] += taken
        history = self._history(state, taken)  # the positions the repetition rule compares
        after = AbapaState(tuple(board), (stores[A], stores[B]), opponent, history)
        ending = self._ending(state, after, taken)  # 4. the end
        if ending in ("repetition", "below_four", "no_moves"):  # each side's seeds to its owner
            after = self._settled(after)
        return after, sown, tuple(sorted(run)), taken, slam, ending

    def _grand_slam_run(self, run: list[House]) -> list[House]:
        """The houses a grand slam ``run`` (last seed first) captures under these rules."""
        rule = self.rules.grand_slam
        if rule == "capture":
            return run
        if rule == "leave_first":  # the first house in sowing order is the run's last
            return run[:-1]
        if rule == "leave_last":
            return run[1:]
        return []  # "no_capture", and "forbidden" when every move is a grand slam

    def _history(self, state: AbapaState, taken: int) -> frozenset[RepeatKey]:
        """The positions since the last capture, for the repetition rule: none after a
        capture (those had more seeds on the board, so they cannot come again)."""
        if self.rules.cycle != "repetition" or taken:
            return frozenset()
        return state.seen | {(state.houses, state.to_move)}

    def _ending(self, before: AbapaState, after: AbapaState, taken: int) -> str | None:
        """Why the game is over after the move from ``before`` to ``after``, or None."""
        if after.stores[before.to_move] >= self._threshold:
            return "threshold"
        if self.rules.cycle == "repetition":
            if not taken and (after.houses, after.to_move) in before.seen:
                return "repetition"
        elif all(_side_total(after.houses, player) < 4 for player in PLAYERS):
            return "below_four"
        if not self.legal_moves(after):
            return "no_moves"
        return None

    def _settled(self, state: AbapaState) -> AbapaState:
        """The end of a game not won by a store: each side's seeds go to its owner."""
        a, b = state.stores
        stores = (a + _side_total(state.houses, A), b + _side_total(state.houses, B))
        return AbapaState((0,) * (2 * self._n), stores, state.to_move)

    def _check_move(self, state: AbapaState, move: object) -> House:
        """``move`` as a plain int if it is legal in ``state``; else say why it is not."""
        if not isinstance(state, AbapaState) or len(state.houses) != 2 * self._n:
            self.check_state(state)  # a position of another game or board: say so
        legal = self.legal_moves(state)
        if move.__class__ is int and move in legal:  # the usual case, at once
            return move
        if isinstance(move, Integral) and not isinstance(move, bool) and int(move) in legal:
            return int(move)  # numpy integers too
        reason = self._why_illegal(state, move, legal)
        error = IllegalMoveError(f"illegal move {move!r} in {brief_text(state)}: {reason}")
        error.reason = reason
        raise error

    def _why_illegal(self, state: AbapaState, move: object, legal: Sequence[House]) -> str:
        mover, opponent = player_name(state.to_move), player_name(1 - state.to_move)
        own = self.houses_of(state.to_move)
        span = f"{own[0]}-{own[-1]}"
        if not legal:
            outcome = self.outcome(state)
            verdict = (
                "a draw" if outcome.winner is None else f"won by {player_name(outcome.winner)}"
            )
            return f"the game is over ({verdict}, {outcome.scores[0]}-{outcome.scores[1]})"
        if isinstance(move, bool) or not isinstance(move, Integral):
            return f"a move is a house number (an int), {mover} plays {span}"
        move = int(move)
        if not 1 <= move <= 2 * self._n:
            return f"house {move} does not exist: houses are numbered 1 to {2 * self._n}"
        if move not in own:
            return f"house {move} belongs to {opponent}; {mover} plays houses {span}"
        if not state.houses[move - 1]:
            return f"house {move} is empty"
        if not self.side_total(state, 1 - state.to_move):
            return (
                f"{opponent} has no seeds: {mover} must feed them, and house {move} does not "
                f"reach their side; play {_or_list(legal)}"
            )
        return (
            f"house {move} would capture all of {opponent}'s seeds (a grand slam), which "
            f"these rules forbid; play {_or_list(legal)}"
        )

    # -- the engine's fast path (gametheory/games/abapa/fast.py) ----------------------------
    @property
    def successor(self) -> Callable[[AbapaState, House], tuple[AbapaState, bool]]:
        """``successor(state, move)`` is ``(result(state, move), is_terminal(that position))``
        for a move known to be legal.

        The search engine's fast path (:class:`gametheory.core.Successor`), made by
        :class:`~gametheory.games.abapa.fast.FastMoves`: the move is not checked, and
        whether the game is over comes from making the move. Give it only moves from
        :meth:`legal_moves`; anything else gives a wrong position or an error that does not
        explain itself. (A property, so that a search, which looks it up once, calls the
        fast path itself.)

        >>> game = Abapa()
        >>> after, over = game.successor(game.initial_state(), 3)
        >>> after == game.result(game.initial_state(), 3), over
        (True, False)
        """
        return self._fast.successor

    def move_value(
        self, evaluate: Evaluation
    ) -> Callable[[AbapaState, House], tuple[float, bool]] | None:
        """For :func:`store_difference`, ``move_value(state, move) -> (value, over)``: the
        value of ``successor(state, move)``'s position for the player who moved, the
        evaluation's or (if the game is ``over`` there) the utility, without making the
        position (the :class:`~gametheory.search.engine.scores.MoveValues` protocol, the
        engine's last ply); None for any other evaluation.

        >>> game = Abapa()
        >>> game.move_value(store_difference)(game.initial_state(), 3)
        (0.0, False)
        """
        if evaluate is not store_difference or type(self).successor is not Abapa.successor:
            return None  # a variant's own successor: its children are made and scored
        return self._fast.scored

    def playout(self, state: AbapaState, choose: Callable[[Sequence[House]], House]) -> AbapaState:
        """The finished position of a game played on from ``state`` (not finished), every
        move ``choose(legal_moves(position))``: an MCTS playout, made by
        :class:`~gametheory.games.abapa.fast.FastMoves` (the same moves as ``successor``).

        Under ``cycle="below_four"`` a game can go round for ever: a
        :class:`~gametheory.core.GameError` (play it with :class:`~gametheory.repetitions.Repetitions`).

        >>> import random
        >>> game = Abapa()
        >>> game.is_terminal(game.playout(game.initial_state(), random.Random(1).choice))
        True
        """
        if self.can_cycle():
            raise GameError(
                "playout: under cycle='below_four' a game can go round for ever; play it move "
                "by move with a guard (core.Repetitions)"
            )
        return self._fast.playout(state, choose, self.legal_moves)

    @property
    def order_moves(self) -> Callable[[AbapaState, Sequence[House]], Sequence[House]]:
        """``order_moves(state, moves)`` is ``moves`` with the likely captures first, the rest
        in the order given.

        A guess made without playing the moves (the :class:`~gametheory.core.MoveOrdering`
        protocol, used by the engine; the textbook searches take it as ``order=``): a move
        whose last seed falls into an opponent's house that holds 1 or 2 seeds captures that
        house (unless it goes round the board first or the rules leave a grand slam
        uncaptured), and a capture is usually the best reply.

        >>> game = Abapa()
        >>> state = game.state([0, 0, 0, 0, 1, 2, 1, 1, 0, 0, 0, 0], stores=(20, 23))
        >>> game.order_moves(state, game.legal_moves(state))  # 6 ends in house 8, holding 1
        [6, 5]
        """
        return self._fast.order

    # -- telling and drawing ---------------------------------------------------------------
    def move_effect(self, state: AbapaState, move: House) -> str:
        """What ``move`` does, in words, for a play widget: the sowing, a capture, the end.

        >>> Abapa().move_effect(Abapa().initial_state(), 6)
        'sows 4 seeds into houses 7–10.'
        """
        return self.explain(state, move).effect()

    def text(self, state: AbapaState) -> str:
        """The board as text, in the thesis' orientation.

        Houses 7–12 run along the top from right to left, 1–6 along the bottom from left to
        right, B's store on the left and A's on the right (see the module docstring).
        """
        return board_text(state)

    def draw(
        self, state: AbapaState | None = None, *, last_move: House | None = None, **options: Any
    ) -> str:
        """The board as an SVG picture (an :class:`~gametheory.draw.svg.Svg`, which shows
        itself in a notebook; see :func:`gametheory.draw.abapa_board.board_svg`)."""
        from gametheory.draw.abapa_board import board_svg

        return board_svg(
            self.initial_state() if state is None else state, last_move=last_move, **options
        )


# -- the rules on a board ------------------------------------------------------------------
def _side_total(houses: Sequence[int], player: Player) -> int:
    """The seeds on ``player``'s side of ``houses``."""
    n = len(houses) // 2
    return sum(houses[player * n : (player + 1) * n])


def _sow(houses: Board, house: House) -> tuple[list[int], tuple[House, ...]]:
    """Empty ``house`` and drop its seeds one at a time into the houses after it (12 is
    followed by 1), skipping the emptied house on a lap: the board after it and the houses
    sown, in order."""
    board = list(houses)
    seeds, board[house - 1] = board[house - 1], 0
    sown: list[House] = []
    at = house
    while len(sown) < seeds:
        at = at % len(board) + 1
        if at != house:
            board[at - 1] += 1
            sown.append(at)
    return board, tuple(sown)


def _capture_run(board: list[int], last: House, opponent: Player) -> list[House]:
    """The houses a last seed in ``last`` captures, last seed first: that house and the ones
    just before it, while they are ``opponent``'s and hold 2 or 3 seeds."""
    n = len(board) // 2
    run = []
    while (last - 1) // n == opponent and board[last - 1] in (2, 3):
        run.append(last)
        last -= 1
    return run


def _takes_all(board: list[int], run: list[House], opponent: Player) -> bool:
    """Whether capturing ``run`` would take every seed ``opponent`` has: a grand slam."""
    return bool(run) and sum(board[h - 1] for h in run) == _side_total(board, opponent)


def _is_grand_slam(houses: Board, house: House, mover: Player) -> bool:
    """Whether playing ``house`` would capture every seed of the mover's opponent."""
    board, sown = _sow(houses, house)
    return _takes_all(board, _capture_run(board, sown[-1], 1 - mover), 1 - mover)


def _check_count(count: object, what: str) -> int:
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise GameError(f"{what} must hold a whole number >= 0 of seeds, got {count!r}")
    return count


def _or_list(moves: Sequence[int]) -> str:
    words = [str(m) for m in moves]
    if len(words) <= 1:
        return "".join(words) or "nothing"
    return ", ".join(words[:-1]) + " or " + words[-1]
