"""The lost games of a league, each at the move that lost it, ready for the explorer.

For every game of a :class:`~gametheory.teacher.league.League` that a player lost at the
board (not by forfeit), :func:`lost_games` replays the moves and judges each move of the
loser: the value of the position for the loser before the move (their best) and after it
(what they chose). Two judges:

* **the perfect-play database** (``database=``, an Abapa
  :class:`~gametheory.games.abapa.endgame.EndgameDatabase`), wherever the position's seeds
  on the board are within it: the exact result (+1 a win, 0 a draw, −1 a loss) with perfect
  play, and in words the seeds the move threw away;
* **a search** everywhere else (and in every game without a database): alpha-beta
  ``depth`` plies deep with the game's own evaluation, or to the end (``depth=None``, for
  small games), which is exact too.

The move that lost it is the last move an exact judge saw turn a result the loser could
still hold into a worse one; where no exact judge saw one (the loser was lost before the
database's positions began), the move that gave away the most by the search. A game the
loser could not hold from their first move on is shown at that move.

The database follows its own cycle rule (an endless game shares the board's seeds; see
:mod:`gametheory.games.abapa.endgame`), the game the repetition rule, which depends on the
history: where that choice decides a result, the database's verdict is the database's, and
a search with the history could differ (``tests/test_teacher_replay.py`` compares the two). The
:class:`LostGame` says which judge judged it, and draws that position as a tree to step
through in the pruning explorer.

>>> from gametheory.games.nim import Nim
>>> from gametheory.tournament.match import MatchRecord
>>> record = MatchRecord(("a", "b"), (), (1, 2, 3, 1), None, 0.0, True)  # a loses
>>> lost = judge_game(Nim(7), record, depth=None)
>>> print(lost)
a lost to b: move 1 (1) turned a win into a loss, by a search to the end (the best move was 3)
>>> lost.judge, lost.tree(Nim(7)).root.state == lost.state
('a search to the end', True)

On a small Abapa board with a database of every board, the database judges every move:

>>> from gametheory.games.abapa import Abapa
>>> from gametheory.games.abapa.endgame import EndgameDatabase
>>> game = Abapa(houses_per_side=2, seeds_per_house=2)
>>> database = EndgameDatabase.build(game, seeds=8)
>>> moves = (2, 3, 2, 3, 1, 3, 2, 4, 2, 3, 2, 3, 1, 4)
>>> record = MatchRecord(("a", "b"), (), moves, None, 0.0, True)  # a loses
>>> print(judge_game(game, record, database=database))
a lost to b: move 11 (2) throws away 3 seeds and the draw (a loss instead), by the perfect-play database (the best move was 1; a draw before, a loss after)
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from gametheory.core import Game, GameError
from gametheory.evaluation import default_evaluation
from gametheory.games.abapa.endgame import EndgameDatabase
from gametheory.practice.perfect_play import judge as perfect_judge
from gametheory.search import alphabeta
from gametheory.teacher.league import League
from gametheory.tournament.match import MatchRecord
from gametheory.trees import GameTree, expand

__all__ = ["LostGame", "Judgement", "judge_game", "judge_moves", "lost_games", "DATABASE"]

DATABASE = "the perfect-play database"
"""What :attr:`LostGame.judge` says for a move judged by the endgame database."""


@dataclass(frozen=True)
class Judgement:
    """One move of the loser, judged.

    Attributes
    ----------
    ply : int
        The move's index in the game's moves (the opening too).
    state
        The position before it (the loser to move).
    move, best
        The move played there, and the judge's best move.
    before, after : float
        The judge's value for the loser before the move (with ``best``) and after ``move``:
        the result with perfect play (+1, 0, −1) for the database and a search to the end,
        the evaluation's value for a search ``depth`` plies deep.
    judge : str
        Who judged the move: :data:`DATABASE`, ``"a search to the end"`` or ``"a search
        4 plies deep"``.
    exact : bool
        Whether ``before`` and ``after`` are results with perfect play (the database, a
        search to the end).
    verdict : str
        The database's words for the move (``"throws away 3 seeds and the win (a loss
        instead)"``); empty for a search.
    """

    ply: int
    state: Any
    move: Any
    best: Any
    before: float
    after: float
    judge: str
    exact: bool
    verdict: str = ""

    @property
    def drop(self) -> float:
        """What the move gave away: ``before - after``."""
        return self.before - self.after


@dataclass(frozen=True, kw_only=True)
class LostGame(Judgement):
    """A game lost at the board, at the move that lost it: that move's :class:`Judgement`,
    with the players' names (``loser``, ``winner``) and every move of the game (``moves``,
    the opening too)."""

    loser: str
    winner: str
    moves: tuple[Any, ...]

    def __str__(self) -> str:
        if self.before <= self.after:
            return (f"{self.loser} lost to {self.winner}: no move of theirs gave anything away "
                    f"(worth {self.before:g} from their first move, {self.ply + 1})")  # fmt: skip
        worth = f"the best move was {self.best!r}; {self.worth(self.before)} before, {self.worth(self.after)} after"
        if self.verdict:
            return (f"{self.loser} lost to {self.winner}: move {self.ply + 1} ({self.move!r}) "
                    f"{self.verdict}, by {self.judge} ({worth})")  # fmt: skip
        return (f"{self.loser} lost to {self.winner}: move {self.ply + 1} ({self.move!r}) "
                f"turned {self.worth(self.before)} into {self.worth(self.after)}, by "
                f"{self.judge} (the best move was {self.best!r})")  # fmt: skip

    def worth(self, value: float) -> str:
        """A position's worth for the loser, in words: a win, a draw or a loss where the
        judge is exact; else the search's number (on the evaluation's scale, +1 won and -1
        lost) with a word.

        >>> lost = LostGame(0, None, 1, 2, 0.25, -1.0, "a search 4 plies deep", False,
        ...                 loser="a", winner="b", moves=())
        >>> lost.worth(0.25), lost.worth(-1.0)
        ('+0.25 (slightly better)', '-1 (lost)')
        """
        if (self.exact or self.judge == DATABASE) and value in (1, 0, -1):
            return {1: "a win", 0: "a draw", -1: "a loss"}[int(value)]
        if abs(value) >= 1:
            return f"{value:+g} ({'won' if value > 0 else 'lost'})"
        word = "better" if value > 0 else "worse" if value < 0 else "even"
        size = "" if value == 0 else "slightly " if abs(value) < 0.5 else "much "
        return f"{value:+.2f} ({size}{word})"

    def tree(self, game: Game[Any, Any], depth: int = 2) -> GameTree:
        """The position before the losing move as a tree ``depth`` plies deep (the game's
        own evaluation at its leaves), for :class:`~gametheory.widgets.PruningExplorer`."""
        return expand(game, self.state, depth=depth, evaluate=default_evaluation(game))

    def explorer(self, game: Game[Any, Any], depth: int = 2) -> Any:
        """The pruning explorer on :meth:`tree`: step through alpha-beta at that position."""
        from gametheory.widgets.explorer import PruningExplorer

        return PruningExplorer(self.tree(game, depth), "alphabeta")


def judge_game(
    game: Game[Any, Any],
    record: MatchRecord,
    depth: int | None = 4,
    database: EndgameDatabase | None = None,
) -> LostGame | None:
    """The move that lost ``record`` (None for a draw, a forfeit or a game cut short).

    ``depth`` is the search's depth (None: to the end of the game); ``database`` an Abapa
    endgame database of ``game``, which judges every position whose seeds it holds (see
    the module docstring)."""
    judged = judge_moves(game, record, depth, database)
    if not judged:
        return None
    chosen = _losing(judged)
    loser = 1 - record.winner  # type: ignore[operator]  # judge_moves checked it
    names, moves = record.players, record.moves
    judgement = {f.name: getattr(chosen, f.name) for f in fields(Judgement)}
    return LostGame(**judgement, loser=names[loser], winner=names[1 - loser], moves=moves)


def judge_moves(
    game: Game[Any, Any],
    record: MatchRecord,
    depth: int | None = 4,
    database: EndgameDatabase | None = None,
) -> list[Judgement]:
    """Every move of the loser of ``record`` after the opening, judged (none for a draw, a
    forfeit or a game cut short), with what judged it: the database where it holds the
    position, else the search (``depth`` and ``database`` as :func:`judge_game` takes them).

    >>> from gametheory.games.abapa import Abapa
    >>> from gametheory.games.abapa.endgame import EndgameDatabase
    >>> from gametheory.tournament.match import MatchRecord
    >>> game = Abapa(houses_per_side=2, seeds_per_house=2)
    >>> database = EndgameDatabase.build(game, seeds=5)  # 8 seeds on the board at the start
    >>> moves = (2, 3, 2, 3, 1, 3, 2, 4, 2, 3, 2, 3, 1, 4)
    >>> record = MatchRecord(("a", "b"), (), moves, None, 0.0, True)
    >>> for j in judge_moves(game, record, 2, database):
    ...     print(f"move {j.ply + 1}, {sum(j.state.houses)} seeds: {j.judge}")
    move 1, 8 seeds: a search 2 plies deep
    move 3, 8 seeds: a search 2 plies deep
    move 5, 8 seeds: a search 2 plies deep
    move 7, 8 seeds: a search 2 plies deep
    move 9, 5 seeds: the perfect-play database
    move 11, 5 seeds: the perfect-play database
    move 13, 5 seeds: the perfect-play database
    """
    _check_database(game, database)
    if record.forfeit is not None or not record.finished or record.winner is None:
        return []
    loser = 1 - record.winner
    judged, state = [], game.initial_state()
    for ply, move in enumerate(record.moves):
        if ply >= len(record.opening) and game.to_move(state) == loser:
            judged.append(_judge(game, ply, state, move, loser, depth, database))
        state = game.result(state, move)
    return judged


def _losing(judged: list[Judgement]) -> Judgement:
    """The last move an exact judge saw give a result away; else the search's biggest drop;
    else the loser's first move (nothing was given away)."""
    exact = [j for j in judged if j.exact and j.drop > 0]
    if exact:
        return exact[-1]
    searched = [j for j in judged if not j.exact]
    worst = max(searched, key=lambda j: j.drop, default=None)  # the first of equal drops
    return worst if worst is not None and worst.drop > 0 else judged[0]


def _judge(
    game: Game[Any, Any],
    ply: int,
    state: Any,
    move: Any,
    loser: int,
    depth: int | None,
    database: EndgameDatabase | None,
) -> Judgement:
    """The loser's ``move`` at ``state``, judged by the database if it holds the position,
    else by the search."""
    if database is not None and sum(state.houses) <= database.seeds:
        return _perfect(database, ply, state, move)
    evaluate = None if depth is None else default_evaluation(game)
    here = alphabeta(game, state, depth, evaluate)  # for the loser, who is to move
    after = _for(game, game.result(state, move), loser, depth, evaluate)
    plies = f"{depth} pl{'y' if depth == 1 else 'ies'}"
    judge = "a search to the end" if depth is None else f"a search {plies} deep"
    return Judgement(ply, state, move, here.move, here.value, after, judge, depth is None)


def _perfect(database: EndgameDatabase, ply: int, state: Any, move: Any) -> Judgement:
    """The database's verdict (:func:`~gametheory.practice.perfect_play.judge`, the one
    judge of a move against perfect play): the result with perfect play before the move and
    after it, both as the database has them (the seeds the mover can make sure of, with the
    stores), so that the values say what the verdict's words say."""
    judged = perfect_judge(database, [state], [move])[0]
    before, after, words = judged.before, judged.after, judged.verdict
    assert before is not None and after is not None and words is not None  # the database holds it
    return Judgement(
        ply, state, move, database.best_moves(state)[0],
        float(before), float(after), DATABASE, True, words,
    )  # fmt: skip


def _for(game: Game[Any, Any], state: Any, player: int, depth: int | None, evaluate: Any) -> float:
    """The judge's value of ``state`` for ``player``."""
    if game.is_terminal(state):
        return float(game.utility(state, player))
    value = alphabeta(game, state, None if depth is None else max(depth - 1, 1), evaluate).value
    return value if game.to_move(state) == player else -value


def _check_database(game: Game[Any, Any], database: object) -> None:
    if database is None:
        return
    if not isinstance(database, EndgameDatabase):
        raise GameError(
            f"database must be an EndgameDatabase (gametheory.files.endgame_database()), "
            f"got {database!r}"
        )
    if database.game != game:
        raise GameError(
            f"the database is of {database.game!r}, but the games are of {game!r}: pass the "
            "database of the game played, or none (a search judges every move)"
        )


def lost_games(
    played: League,
    game: Game[Any, Any],
    depth: int | None = 4,
    database: EndgameDatabase | None = None,
) -> list[LostGame]:
    """Every game of the league lost at the board, at the move that lost it, in the order
    the games were played (``depth`` and ``database`` as :func:`judge_game` takes them)."""
    _check_database(game, database)
    found = (judge_game(game, record, depth, database) for record in played.result.records)
    return [lost for lost in found if lost is not None]
