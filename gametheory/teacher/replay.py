"""The lost games of a league, each at the move that lost it, ready for the explorer.

For every game of a :class:`~gametheory.teacher.league.League` that a player lost at the
board (not by forfeit), :func:`lost_games` replays the moves and judges each move of the
loser with a search: the value of the position for the loser before the move (their best)
and after it (what they chose). The move that lost it is the one that gave away the most;
with a search to the end of the game (``depth=None``, for small games) it is exactly the
last move from a position the loser could still hold to one they could not (a game the
loser could not hold from their first move on is shown at that move). The
:class:`LostGame` draws that position as a tree to step through in the pruning explorer.

>>> from gametheory.games.nim import Nim
>>> from gametheory.tournament.match import MatchRecord
>>> record = MatchRecord(("a", "b"), (), (1, 2, 3, 1), None, 0.0, True)  # a loses
>>> lost = judge_game(Nim(7), record, depth=None)
>>> print(lost)
a lost to b: move 1 (1) gave away 2 (worth 1 with 3, -1 after it)
>>> lost.tree(Nim(7)).root.state == lost.state
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gametheory.core import Game
from gametheory.evaluation import default_evaluation
from gametheory.search import alphabeta
from gametheory.teacher.league import League
from gametheory.tournament.match import MatchRecord
from gametheory.trees import GameTree, expand

__all__ = ["LostGame", "judge_game", "lost_games"]


@dataclass(frozen=True)
class LostGame:
    """A game lost at the board, at the move that lost it.

    Attributes
    ----------
    loser, winner : str
        The players' names.
    moves : tuple
        Every move of the game (the opening too).
    ply : int
        The index in ``moves`` of the move that lost it.
    state
        The position before it (the loser to move).
    move, best
        The move played there, and the judge's best move.
    before, after : float
        The judge's value for the loser before the move (with ``best``) and after ``move``.
    """

    loser: str
    winner: str
    moves: tuple[Any, ...]
    ply: int
    state: Any
    move: Any
    best: Any
    before: float
    after: float

    def __str__(self) -> str:
        if self.before <= self.after:
            return (f"{self.loser} lost to {self.winner}: no move of theirs gave anything away "
                    f"(worth {self.before:g} from their first move, {self.ply + 1})")  # fmt: skip
        return (f"{self.loser} lost to {self.winner}: move {self.ply + 1} ({self.move!r}) gave "
                f"away {self.before - self.after:g} (worth {self.before:g} with {self.best!r}, "
                f"{self.after:g} after it)")  # fmt: skip

    def tree(self, game: Game[Any, Any], depth: int = 2) -> GameTree:
        """The position before the losing move as a tree ``depth`` plies deep (the game's
        own evaluation at its leaves), for :class:`~gametheory.widgets.PruningExplorer`."""
        return expand(game, self.state, depth=depth, evaluate=default_evaluation(game))

    def explorer(self, game: Game[Any, Any], depth: int = 2) -> Any:
        """The pruning explorer on :meth:`tree`: step through alpha-beta at that position."""
        from gametheory.widgets.explorer import PruningExplorer

        return PruningExplorer(self.tree(game, depth), "alphabeta")


def judge_game(game: Game[Any, Any], record: MatchRecord, depth: int | None = 4) -> LostGame | None:
    """The move that lost ``record`` (None for a draw, a forfeit or a game cut short).

    ``depth`` is the judge's search depth (None: to the end of the game)."""
    if record.forfeit is not None or not record.finished or record.winner is None:
        return None
    loser = 1 - record.winner
    evaluate = None if depth is None else default_evaluation(game)
    state, worst = game.initial_state(), None
    for ply, move in enumerate(record.moves):
        if ply >= len(record.opening) and game.to_move(state) == loser:
            here = alphabeta(game, state, depth, evaluate)  # for the loser, who is to move
            then = game.result(state, move)
            after = _for(game, then, loser, depth, evaluate)
            drop = here.value - after
            if worst is None or drop > worst[0] or (depth is None and drop > 0):
                worst = (drop, ply, state, move, here.move, here.value, after)
        state = game.result(state, move)
    if worst is None:
        return None
    _, ply, before_state, move, best, before, after = worst
    names = record.players
    return LostGame(
        names[loser], names[1 - loser], record.moves, ply, before_state, move, best, before, after
    )


def _for(game: Game[Any, Any], state: Any, player: int, depth: int | None, evaluate: Any) -> float:
    """The judge's value of ``state`` for ``player``."""
    if game.is_terminal(state):
        return float(game.utility(state, player))
    value = alphabeta(game, state, None if depth is None else max(depth - 1, 1), evaluate).value
    return value if game.to_move(state) == player else -value


def lost_games(played: League, game: Game[Any, Any], depth: int | None = 4) -> list[LostGame]:
    """Every game of the league lost at the board, at the move that lost it, in the order
    the games were played."""
    found = (judge_game(game, record, depth) for record in played.result.records)
    return [lost for lost in found if lost is not None]
