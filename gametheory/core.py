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

from collections.abc import Callable, Hashable, Sequence
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
    "ArgumentTypeError",
    "other",
    "player_name",
    "check_player",
    "ChecksStates",
    "Successor",
    "MoveOrdering",
    "OwnEvaluation",
    "MoveNotation",
    "NodeNames",
    "EndsCycles",
    "MayCycle",
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


class ArgumentTypeError(GameError, TypeError):
    """An argument of the wrong type (a picture's option, a widget's setting, a path): a
    :class:`GameError` that ``except TypeError`` catches as well.

    >>> isinstance(ArgumentTypeError("x"), TypeError), isinstance(ArgumentTypeError("x"), GameError)
    (True, True)
    """


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
    it; :func:`~gametheory.checks.checked_state` calls it at the entry points (the searches, the players,
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


@runtime_checkable
class MoveOrdering(Protocol):
    """What a game may add to help a search guess the best moves before making them.

    ``order_moves(state, moves)`` returns ``moves`` (all of them, each once) in the order
    they should be tried, the likeliest best first, for the player to move, without making
    them (Abapa puts captures first). The engine uses it near the depth limit; the textbook
    searches take the same function as ``order=``. Every search checks what it returns with
    :func:`~gametheory.checks.checked_order`.

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


@runtime_checkable
class EndsCycles(Protocol):
    """What a game whose rules let play go round in a cycle may add to say how a cycle ends.

    ``cycle_end(state)`` is the finished position when play, caught in a cycle, is at
    ``state`` (Abapa under ``cycle="below_four"``: each player takes the seeds on their own
    side, as the repetition rule ends a cycle). See :class:`~gametheory.repetitions.Repetitions`.
    """

    def cycle_end(self, state: Any) -> Any:
        """The finished position that ends a game caught in a cycle at ``state``."""
        ...


Evaluation: TypeAlias = Callable[[Any, Player], float]
"""``evaluate(state, player) -> float``: an estimate of ``utility(state, player)``
for a position that is not finished; positive is good for ``player``. It may return
``math.inf`` for a position it knows is won (``-math.inf`` for a lost one): every search
handles infinite values (a chance node that would average ``+inf`` with ``-inf`` is an
error). NaN is always an error."""


@runtime_checkable
class MayCycle(Protocol):
    """What a game may add to say whether one game can come back to a position.

    ``can_cycle()`` False promises that no position occurs twice in one game (tic-tac-toe
    fills a square every move; Abapa's repetition rule ends the game when a board comes
    back, and its positions carry the boards seen), so
    :class:`~gametheory.repetitions.Repetitions` has nothing to watch and a playout may skip
    it. A game without the method may cycle.

    >>> from gametheory.games.tictactoe import TicTacToe
    >>> isinstance(TicTacToe(), MayCycle) and TicTacToe().can_cycle()
    False
    """

    def can_cycle(self) -> bool:
        """Whether a position can occur twice in one game."""
        ...


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
