"""The vocabulary every game and every algorithm shares.

A *game* is any object with the seven methods of :class:`Game`. Nothing has to inherit
from it: the protocol is checked by type checkers, not at run time.

Players are small integers: ``0`` is the first player (called A, and MAX at the root of a
search), ``1`` the second (B), and :data:`CHANCE` (``-1``) marks positions where dice or cards
decide the next move.

>>> from gametheory.core import A, B, CHANCE, other, player_name
>>> other(A), player_name(B), player_name(CHANCE)
(1, 'B', 'chance')
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from numbers import Integral, Real
from typing import Any, Protocol, TypeAlias, TypeVar, runtime_checkable

__all__ = [
    "A",
    "B",
    "CHANCE",
    "PLAYERS",
    "Player",
    "Game",
    "Evaluation",
    "GameError",
    "IllegalMoveError",
    "UnsupportedGameError",
    "other",
    "player_name",
    "check_player",
    "checked_evaluation",
    "whole_number",
    "ChecksStates",
    "Successor",
    "successor_of",
    "MoveOrdering",
    "OwnEvaluation",
    "MoveNotation",
    "NodeNames",
    "EndsCycles",
    "MayCycle",
    "REPEATS",
    "Repetitions",
    "checked_state",
    "checked_order",
    "foreign_state",
    "sample_outcome",
    "number_text",
]

Player: TypeAlias = int
"""A player id: ``0`` (A), ``1`` (B) or :data:`CHANCE` (``-1``)."""

A: Player = 0
B: Player = 1
CHANCE: Player = -1
PLAYERS: tuple[Player, Player] = (A, B)

S = TypeVar("S", bound=Hashable)
M = TypeVar("M")


class GameError(ValueError):
    """Something about a game, a position or a request for it is wrong.

    The message always names the offending input and says what to do instead.
    """


class IllegalMoveError(GameError):
    """A move that the rules do not allow in this position.

    ``reason``, where the game gives one, says why in a few words for a player ("house 3 is
    empty"); the message itself names the move and the position as well.
    """

    reason: str | None = None


class UnsupportedGameError(GameError):
    """An algorithm was given a game it cannot handle (e.g. chance nodes to minimax)."""


class Game(Protocol[S, M]):
    """The rules of a game, as the algorithms see them.

    States are immutable and hashable; moves are small values (ints or tuples).
    ``legal_moves`` lists moves in a fixed, documented order (searches break ties in
    favour of the first), and is empty exactly when ``is_terminal`` is true. At a
    :data:`CHANCE` state ``legal_moves`` lists the outcomes and ``chance_outcomes`` pairs
    each with its probability.
    """

    def initial_state(self) -> S:
        """The position the game starts from."""
        ...

    def to_move(self, state: S) -> Player:
        """Whose turn it is: 0, 1 or CHANCE."""
        ...

    def legal_moves(self, state: S) -> Sequence[M]:
        """The moves allowed in ``state``, in the game's fixed order."""
        ...

    def result(self, state: S, move: M) -> S:
        """The position after ``move``; never mutates ``state``.

        Raises :class:`IllegalMoveError` for a move the rules do not allow.
        """
        ...

    def is_terminal(self, state: S) -> bool:
        """Whether the game is over."""
        ...

    def utility(self, state: S, player: Player) -> float:
        """The payoff of a finished game for ``player``."""
        ...

    def chance_outcomes(self, state: S) -> Sequence[tuple[M, float]]:
        """For a CHANCE state: each outcome with its probability (they sum to 1)."""
        ...


@runtime_checkable
class ChecksStates(Protocol):
    """What a game may add so that a position of another game is caught where it comes in.

    ``check_state(state)`` raises :class:`GameError` unless ``state`` is a position of this
    game (of its rules and board size), saying what is wrong. Every game of the package has
    it; :func:`checked_state` calls it at the entry points (the searches, the players,
    ``expand``, ``perft``, AND/OR graphs), once per call, not at every move.
    """

    def check_state(self, state: Any) -> None:
        """Raise :class:`GameError` unless ``state`` is a position of this game."""
        ...


@runtime_checkable
class Successor(Protocol):
    """What a game may add to be searched faster by the engine (Abapa does).

    ``successor(state, move)`` must equal ``(result(state, move), is_terminal(that
    position))`` for every move in ``legal_moves(state)``; it may skip the checks that
    ``result`` makes for moves typed in by a person, and it may know whether the game is over
    without asking again. Searches check once per call whether the game has it.

    >>> from gametheory.games.abapa import Abapa
    >>> game = Abapa()
    >>> isinstance(game, Successor)
    True
    >>> start = game.initial_state()
    >>> game.successor(start, 3) == (game.result(start, 3), False)
    True
    """

    def successor(self, state: Any, move: Any) -> tuple[Any, bool]:
        """The position after the legal ``move``, and whether the game is over there."""
        ...


def successor_of(game: Game[Any, Any]) -> Callable[[Any, Any], tuple[Any, bool]]:
    """``make(state, move) -> (position after move, whether the game is over there)``: the
    game's :class:`Successor` method if it has one, else ``result`` then ``is_terminal``.

    The one way every search that makes only legal moves makes them.

    >>> from gametheory.games.nim import Nim
    >>> make = successor_of(Nim(3))
    >>> make(Nim(3).initial_state(), 3)[1]
    True
    """
    if isinstance(game, Successor):
        return game.successor

    def make(state: Any, move: Any) -> tuple[Any, bool]:
        child = game.result(state, move)
        return child, game.is_terminal(child)

    return make


@runtime_checkable
class MoveOrdering(Protocol):
    """What a game may add to help a search guess the best moves before making them.

    ``order_moves(state, moves)`` returns ``moves`` (all of them, each once) in the order
    they should be tried, the likeliest best first, for the player to move, without making
    them (Abapa puts captures first). The engine uses it near the depth limit; the textbook
    searches take the same function as ``order=``. Every search checks what it returns with
    :func:`checked_order`.

    >>> from gametheory.games.abapa import Abapa
    >>> game = Abapa()
    >>> isinstance(game, MoveOrdering)
    True
    >>> state = game.state([0, 0, 0, 0, 1, 2, 1, 1, 0, 0, 0, 0], stores=(20, 23))
    >>> game.order_moves(state, game.legal_moves(state))  # 6 captures house 8
    [6, 5]
    """

    def order_moves(self, state: Any, moves: Sequence[Any]) -> Sequence[Any]:
        """``moves`` in the order to try them, the likeliest best first."""
        ...


@runtime_checkable
class OwnEvaluation(Protocol):
    """What a game may add: its own evaluation function, used when none is given.

    ``evaluate(state, player)`` follows the :data:`Evaluation` contract.

    >>> from gametheory.games.abapa import Abapa
    >>> isinstance(Abapa(), OwnEvaluation)
    True
    """

    def evaluate(self, state: Any, player: Player) -> float:
        """An estimate of ``utility(state, player)`` for an unfinished position."""
        ...


@runtime_checkable
class MoveNotation(Protocol):
    """What a game may add so that people read its moves as its text writes them.

    ``move_label(move, state)`` returns the move in the game's notation (``c3:e5`` in
    checkers, ``h8`` in Gomoku); ``state`` is the position the move is played in (some
    notations need it). Trees, AND/OR graphs and widgets label edges with it; a game without
    it is written ``str(move)``.

    >>> from gametheory.games.nim import Nim
    >>> isinstance(Nim(5), MoveNotation)
    False
    """

    def move_label(self, move: Any, state: Any = None) -> str:
        """The move as the game's text writes it."""
        ...


@runtime_checkable
class NodeNames(Protocol):
    """What a game may add to name its positions in traces and pictures.

    ``node_name(state)`` returns a short name ("C") or None; an explicit tree
    (:class:`~gametheory.trees.GameTree`) names its nodes as textbooks do. Positions of a
    game without names are named after the moves that lead to them ("3·9").
    """

    def node_name(self, state: Any) -> str | None:
        """The position's own name, or None."""
        ...


REPEATS = 3
"""How often a position may occur in one game before :class:`Repetitions` calls it a cycle."""


@runtime_checkable
class EndsCycles(Protocol):
    """What a game whose rules let play go round in a cycle may add to say how a cycle ends.

    ``cycle_end(state)`` is the finished position when play, caught in a cycle, is at
    ``state`` (Abapa under ``cycle="below_four"``: each player takes the seeds on their own
    side, as the repetition rule ends a cycle). See :class:`Repetitions`.
    """

    def cycle_end(self, state: Any) -> Any:
        """The finished position that ends a game caught in a cycle at ``state``."""
        ...


@runtime_checkable
class MayCycle(Protocol):
    """What a game may add to say whether one game can come back to a position.

    ``can_cycle()`` False promises that no position occurs twice in one game (tic-tac-toe
    fills a square every move; Abapa's repetition rule ends the game when a board comes
    back, and its positions carry the boards seen), so :class:`Repetitions` has nothing to
    watch and a playout may skip it. A game without the method may cycle.

    >>> from gametheory.games.tictactoe import TicTacToe
    >>> isinstance(TicTacToe(), MayCycle) and TicTacToe().can_cycle()
    False
    """

    def can_cycle(self) -> bool:
        """Whether a position can occur twice in one game."""
        ...


class Repetitions:
    """The one guard of every way of playing a game to its end against a cycle that the
    rules do not end (:func:`~gametheory.players.play`, tournaments, the console program,
    MCTS playouts): it counts the positions of one game, and the :data:`REPEATS`-th
    occurrence of one is a cycle. Deterministic players caught in a cycle would repeat it
    forever; players who were not caught rarely come back to one position three times.

    :meth:`ended` is then the game's :meth:`EndsCycles.cycle_end` position if it has one
    (finished), else None: the caller stops the game unfinished (scored as a draw).
    Positions that cannot be hashed are not counted.

    >>> from gametheory.games.abapa import Abapa, AbapaRules
    >>> game = Abapa(AbapaRules(cycle="below_four"))
    >>> guard, start = Repetitions(game), game.initial_state()
    >>> [guard.cycle(start) for _ in range(3)]
    [False, False, True]
    >>> game.is_terminal(guard.ended(start))
    True
    """

    def __init__(self, game: Game[Any, Any], limit: int = REPEATS) -> None:
        self.game, self.limit = game, limit
        self.counts: Counter[Any] = Counter()

    def cycle(self, state: Any) -> bool:
        """Count one occurrence of ``state``; True when that makes it a cycle."""
        try:
            self.counts[state] += 1
        except TypeError:  # an unhashable position: the game cannot be watched
            return False
        return self.counts[state] >= self.limit

    def ended(self, state: Any) -> Any:
        """The finished position the game's rules give a cycle at ``state``, or None."""
        return self.game.cycle_end(state) if isinstance(self.game, EndsCycles) else None


def checked_order(
    order: Callable[[Any, Sequence[Any]], Sequence[Any]],
    state: Any,
    moves: Sequence[Any],
) -> list[Any]:
    """``order(state, moves)``, checked to return the same moves (by ``==``), each once.

    The one check every search makes of a move ordering (an ``order=`` function or a game's
    :class:`MoveOrdering`), so that an ordering that loses, adds or repeats a move is an
    error instead of a silently wrong value.

    >>> checked_order(lambda s, ms: ms[::-1], None, [1, 2, 3])
    [3, 2, 1]
    >>> checked_order(lambda s, ms: [1, 1, 1], "the position", [1, 2, 3])
    Traceback (most recent call last):
    ...
    gametheory.core.GameError: the move ordering <lambda> returned [1, 1, 1] for the moves [1, 2, 3] of 'the position': it must return the same moves, each once, only in another order
    """
    ordered = list(order(state, moves))
    if ordered is not moves and not _same_moves(ordered, moves):
        name = getattr(order, "__qualname__", repr(order))
        raise GameError(
            f"the move ordering {name} returned {ordered!r} for the moves {list(moves)!r} of "
            f"{state!r}: it must return the same moves, each once, only in another order"
        )
    return ordered


def _same_moves(ordered: Sequence[Any], moves: Sequence[Any]) -> bool:
    """Whether ``ordered`` is a permutation of ``moves``, comparing moves with ``==``."""
    if len(ordered) != len(moves):
        return False
    try:
        distinct = set(moves)
        if len(distinct) == len(moves):  # no move twice, the usual case: the sets decide
            return set(ordered) == distinct
        return Counter(ordered) == Counter(moves)
    except TypeError:  # unhashable moves: compare one by one
        rest = list(moves)
        for move in ordered:
            if move not in rest:
                return False
            rest.remove(move)
        return True


def sample_outcome(game: Game[Any, Any], state: Any, rng: random.Random) -> Any:
    """One outcome of the chance position ``state``, drawn with its probability.

    The one place where the package rolls the dice (players, playouts, tournaments and
    widgets all call it), so that a seeded ``rng`` replays the same game everywhere.

    >>> from gametheory.games.dice import ROLL, DiceRace
    >>> game = DiceRace()
    >>> rolling = game.result(game.initial_state(), ROLL)
    >>> sample_outcome(game, rolling, random.Random(1)) in (0, 2, 5)
    True
    """
    outcomes = game.chance_outcomes(state)
    if not outcomes:
        raise GameError(f"{state!r} is not a chance position: it has no outcomes to draw")
    moves = [outcome for outcome, _ in outcomes]
    return rng.choices(moves, weights=[p for _, p in outcomes])[0]


def number_text(x: float, *, places: int | None = None, sign: bool = False) -> str:
    """A number as every sentence, picture and table of the package writes it.

    Whole numbers without a point, others with three significant digits (or exactly
    ``places`` decimals), a true minus sign and ±∞; ``sign=True`` writes ``+`` before a
    positive number (0 stays unsigned, also when it was rounded to 0).

    >>> number_text(3.0), number_text(-math.inf), number_text(0.25), number_text(-2.5)
    ('3', '−∞', '0.25', '−2.5')
    >>> number_text(1.1, places=2), number_text(0.4375, places=2, sign=True), number_text(-0.001, places=2, sign=True)
    ('1.10', '+0.44', '0.00')
    """
    if math.isinf(x):
        return "+∞" if x > 0 else "−∞"
    if places is not None:
        text = f"{x:.{places}f}"
        if float(text) == 0:
            return text.lstrip("-")
    elif float(x).is_integer():
        text = str(int(x))
    else:
        text = f"{x:.3g}"
    if sign and x > 0 and float(text) != 0:
        text = "+" + text
    return text.replace("-", "−")


def checked_state(game: Game[Any, Any], state: Any) -> Any:
    """``game.initial_state()`` if ``state`` is None, else ``state`` checked to be the game's
    own (by the game's ``check_state``, if it has one).

    >>> from gametheory.games.nim import Nim
    >>> from gametheory.games.tictactoe import TicTacToe
    >>> checked_state(Nim(3), None)
    NimState(matches=3, to_move=0)
    >>> checked_state(Nim(3), TicTacToe().initial_state())
    Traceback (most recent call last):
    ...
    gametheory.core.GameError: TicTacToeState(board=(-1, -1, -1, -1, -1, -1, -1, -1, -1), to_move=0) is not a position of Nim(3, max_take=3): expected a NimState (from initial_state, result or state())
    """
    if state is None:
        return game.initial_state()
    if isinstance(game, ChecksStates):
        game.check_state(state)
    return state


def foreign_state(game: object, state: object, reason: str) -> GameError:
    """The error for a ``state`` that is not a position of ``game``."""
    shown = repr(state)
    if len(shown) > 200:
        shown = shown[:200] + "…"
    return GameError(f"{shown} is not a position of {game!r}: {reason}")


Evaluation: TypeAlias = Callable[[Any, Player], float]
"""``evaluate(state, player) -> float``: an estimate of ``utility(state, player)``
for a position that is not finished; positive is good for ``player``. It may return
``math.inf`` for a position it knows is won (``-math.inf`` for a lost one): every search
handles infinite values (a chance node that would average ``+inf`` with ``-inf`` is an
error). NaN is always an error."""


def other(player: Player) -> Player:
    """The opponent of player 0 or 1.

    >>> other(0)
    1
    """
    check_player(player)
    return 1 - player


def player_name(player: Player) -> str:
    """``'A'``, ``'B'`` or ``'chance'``.

    >>> player_name(0)
    'A'
    """
    if player == CHANCE:
        return "chance"
    check_player(player)
    return "AB"[player]


def check_player(player: object, name: str = "player") -> Player:
    """Return ``player`` if it is 0 or 1, else raise a :class:`GameError` naming it.

    >>> check_player(1)
    1
    >>> check_player(2)
    Traceback (most recent call last):
    ...
    gametheory.core.GameError: player must be 0 (A) or 1 (B), got 2
    """
    if isinstance(player, bool) or player not in PLAYERS:
        raise GameError(f"{name} must be 0 (A) or 1 (B), got {player!r}")
    return player


def whole_number(value: object, name: str, *, minimum: int = 0, or_none: bool = False) -> int:
    """``value`` as an ``int`` if it is a whole number ``>= minimum``, else a
    :class:`GameError` naming it (``or_none``: the message says None is allowed too, for a
    caller that has already let None through).

    Python and numpy integers count; ``True``, ``2.5``, ``"2"`` and NaN do not (a depth of
    2.5 would otherwise search the whole game).

    >>> import numpy as np
    >>> whole_number(np.int64(3), "depth")
    3
    >>> whole_number(2.5, "depth")
    Traceback (most recent call last):
    ...
    gametheory.core.GameError: depth must be a whole number >= 0, got 2.5
    """
    if isinstance(value, bool) or not isinstance(value, Integral) or value < minimum:
        alternative = " or None" if or_none else ""
        raise GameError(f"{name} must be a whole number >= {minimum}{alternative}, got {value!r}")
    return int(value)


def checked_evaluation(evaluate: Evaluation, state: object, player: Player) -> float:
    """Call ``evaluate(state, player)`` and insist on a real number.

    Raises :class:`GameError` naming the state when the function returns NaN or something
    that is not a number, so a bug in a student's evaluation function is caught where it
    happens rather than as a strange move later. Infinite values are allowed (a won or
    lost position).

    >>> checked_evaluation(lambda s, p: 2, "some state", 0)
    2.0
    >>> checked_evaluation(lambda s, p: float("nan"), "some state", 0)
    Traceback (most recent call last):
    ...
    gametheory.core.GameError: evaluation function <lambda> returned nan for player 0 in state 'some state'; it must return a real number (positive = good for the player)
    >>> checked_evaluation(lambda s, p: 10**400, "some state", 0)
    Traceback (most recent call last):
    ...
    gametheory.core.GameError: evaluation function <lambda> returned a number too large for a float (about 10**400) for player 0 in state 'some state'; return at most about 1e308, or float('inf') for a won position
    """
    value = evaluate(state, player)
    name = getattr(evaluate, "__name__", repr(evaluate))
    number = math.nan
    if not isinstance(value, bool) and isinstance(value, Real):
        try:
            number = float(value)
        except OverflowError:  # an int such as 10**400: no float holds it
            raise GameError(
                f"evaluation function {name} returned a number too large for a float "
                f"(about 10**{int(abs(int(value)).bit_length() * math.log10(2))}) for player {player} in state "
                f"{state!r}; return at most about 1e308, or float('inf') for a won position"
            ) from None
    if math.isnan(number):
        raise GameError(
            f"evaluation function {name} returned {value!r} for player {player} in state "
            f"{state!r}; it must return a real number (positive = good for the player)"
        )
    return number
