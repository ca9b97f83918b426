"""Perfect play in Abapa endgames for the classroom: a perfect opponent, each move's verdict in
words, the seeds a game's moves threw away, and a report card for evaluation functions.

Everything here reads an :class:`~gametheory.games.abapa.endgame.EndgameDatabase` (the
exact value of every board with few seeds); the searches graded are the engine
(:func:`~gametheory.search.engine.iterative_deepening`) and MCTS
(:func:`~gametheory.search.mcts.mcts`).

The vocabulary:

* **seeds lost** by a move — the seeds the mover could still have made sure of before it,
  minus those they can make sure of after it, both against perfect play
  (``value - move_values[move]``); a perfect move loses none.
* **report card** — how often a search's move is perfect, and the average and worst seeds it
  loses a move, on a fixed, seeded sample of endgame positions, for each depth (or number of
  MCTS iterations): :func:`report_card`.

>>> from gametheory.games.abapa import Abapa
>>> from gametheory.games.abapa.endgame import EndgameDatabase
>>> game = Abapa()
>>> database = EndgameDatabase.build(game, seeds=4)
>>> state = game.state([0, 1, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 2], stores=(22, 22))
>>> for move, words in verdicts(database, state).items():
...     print(move, words)
2 keeps the win (4 seeds of 4), all taken in 14 moves
6 throws away 3 seeds and the win (a loss instead)
>>> PerfectPlayer(database).choose(game, state)
2
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gametheory.core import Evaluation, GameError
from gametheory.files import endgame_database
from gametheory.formatting import number_text
from gametheory.games.abapa import EVALUATIONS, Abapa, AbapaRecord, AbapaState, House
from gametheory.games.abapa.endgame import EndgameDatabase
from gametheory.search.engine import iterative_deepening
from gametheory.search.mcts import mcts

if TYPE_CHECKING:
    from gametheory.draw.svg import Svg

__all__ = [
    "PerfectPlayer",
    "verdicts",
    "seeds_lost",
    "judge",
    "Judged",
    "endgame_positions",
    "report_card",
    "ReportCard",
    "Grade",
]

DRAWS = 200
"""How many random boards :func:`endgame_positions` may draw for each position asked for."""

Chooser = Callable[[AbapaState], House]
"""``choose(state) -> move``: what a report card grades."""


class PerfectPlayer:
    """Plays a move that keeps the most seeds against perfect play, from the database, or
    a weaker one by the rule of its ``strength``.

    Among the moves that keep the most seeds, a player who wins takes one that ends the
    game soonest, one who loses one that ends it latest (by the database's
    :meth:`~gametheory.games.abapa.endgame.EndgameDatabase.distance`), so that a won
    endgame is won and not played round in circles; in a draw any of them.

    **Strength** ``s``, from 1 (perfect, the default) down to 0: a move is *acceptable* if it
    throws away at most ``(1 - s)`` of the seeds on the board against perfect play
    (``database.value(state) - move_values[move]``). Among the acceptable moves the player
    takes the one that keeps the fewest seeds (the first such, ``seed=None``) or a random one
    (``seed``). At 1 only the best moves are acceptable: perfect play. Lower, the player
    throws away up to that share of the board at every move, never more, so a weaker
    strength never keeps more seeds; at 0 it plays the worst move there is.

    A position with more seeds than the database holds raises
    :class:`~gametheory.core.GameError` (play it with a search whose leaves read the
    database: ``iterative_deepening(..., leaf_value=database.leaf_value)``).

    >>> from gametheory.games.abapa import Abapa
    >>> game = Abapa()
    >>> database = EndgameDatabase.build(game, seeds=4)
    >>> state = game.state([0, 1, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 2], stores=(22, 22))
    >>> database.move_values(state)
    {2: 4.0, 6: 1.0}
    >>> [PerfectPlayer(database, strength=s).choose(game, state) for s in (1, 0.5, 0.25, 0)]
    [2, 2, 6, 6]
    """

    def __init__(
        self,
        database: EndgameDatabase,
        *,
        seed: int | None = None,
        name: str = "perfect",
        strength: float = 1.0,
    ) -> None:
        if not isinstance(database, EndgameDatabase):
            raise GameError(f"PerfectPlayer needs an EndgameDatabase, got {database!r}")
        if (
            isinstance(strength, bool)
            or not isinstance(strength, (int, float))
            or not 0 <= strength <= 1
        ):
            raise GameError(
                f"strength must be a number from 0 (weakest) to 1 (perfect), got {strength!r}"
            )
        self.database, self.name, self.strength = database, name, float(strength)
        self.rng = None if seed is None else random.Random(seed)

    def __repr__(self) -> str:
        strength = "" if self.strength == 1 else f", strength {self.strength:g}"
        return f"<PerfectPlayer {self.name!r}{strength}: {self.database!r}>"

    def choose(self, game: Abapa, state: AbapaState) -> House:
        if game != self.database.game:
            raise GameError(f"this PerfectPlayer plays {self.database.game!r}, not {game!r}")
        best = self.database.best_moves(state)
        if not best:
            raise GameError(f"the game is over in {state!r}: there is no move to choose")
        if self.strength == 1:
            best = _quickest(self.database, state, best)
            return best[0] if self.rng is None else self.rng.choice(best)
        values = self.database.move_values(state)
        allowed = max(values.values()) - (1 - self.strength) * sum(state.houses)
        acceptable = [move for move, kept in values.items() if kept >= allowed]
        if self.rng is not None:
            return self.rng.choice(acceptable)
        return min(acceptable, key=values.__getitem__)


def _quickest(
    database: EndgameDatabase, state: AbapaState, best: tuple[House, ...]
) -> tuple[House, ...]:
    """Of the value-keeping moves ``best``: those that end the game soonest for a mover who
    wins, latest for one who loses (never: latest of all), all of them in a draw."""
    result = _outcome(state, database.value(state))
    if result == 0:
        return best
    left = database.move_distances(state)
    plies = {move: _plies(left[move]) for move in best}
    aim = min(plies.values()) if result > 0 else max(plies.values())
    return tuple(move for move in best if plies[move] == aim)


def _plies(left: int | None) -> float:
    return math.inf if left is None else left


# -- verdicts in words ----------------------------------------------------------------------
_RESULTS = {1: "the win", 0: "the draw", -1: "a loss"}


def verdicts(database: EndgameDatabase, state: AbapaState) -> dict[House, str]:
    """Each legal move's verdict against perfect play, in words (for a play widget).

    A move keeps the seeds and the result (win, draw, loss) of perfect play, or throws
    away seeds, and perhaps the result with them. A move that keeps them says in how many
    moves every seed is taken with best play from there (the database's
    :meth:`~gametheory.games.abapa.endgame.EndgameDatabase.distance`, the move itself
    included), and the quickest win or the longest defence if it is not that one. Empty
    when the game is over.

    >>> from gametheory.games.abapa import Abapa
    >>> game = Abapa()
    >>> database = EndgameDatabase.build(game, seeds=2)
    >>> verdicts(database, game.state([1] + [0] * 10 + [1], stores=(23, 23)))
    {1: 'keeps the win (2 seeds of 2), all taken in 2 moves'}
    """
    best, level = database.value(state), sum(state.houses)
    left = database.move_distances(state)
    aim = left[_quickest(database, state, database.best_moves(state))[0]] if left else None
    words = {}
    for move, kept in database.move_values(state).items():
        before, after = _outcome(state, best), _outcome(state, kept)
        if kept == best:
            when = _moves_left(left[move], aim, after)
            words[move] = f"keeps {_RESULTS[after]} ({_seeds(kept)} of {level}), {when}"
            continue
        text = f"throws away {_seeds(best - kept)}"
        if after != before:
            text += f" and {_RESULTS[before]} ({_RESULTS[after]} instead)"
        words[move] = text
    return words


def _moves_left(left: int | None, aim: int | None, result: int) -> str:
    """The words "all taken in 7 moves" or "the rest shared by a cycle", and in a win or a
    loss the quickest win or the longest defence ``aim`` where the move's ``left`` is not
    it."""
    text = "the rest shared by a cycle" if left is None else f"all taken in {left} moves"
    if result == 0 or aim == left:
        return text
    other = "never over" if aim is None else f"{aim}"
    return f"{text} (the {'quickest win' if result > 0 else 'longest defence'}: {other})"


def _result(mine: float, theirs: float) -> int:
    return (mine > theirs) - (mine < theirs)


def _seeds(count: float) -> str:
    return f"{number_text(count)} seed{'' if count == 1 else 's'}"


_ENDS = {1: "won", 0: "drawn", -1: "lost"}


@dataclass(frozen=True)
class Judged:
    """One move of a game judged against perfect play (see :func:`judge`).

    ``ply`` counts the moves from 1; ``mover`` is 0 (A) or 1 (B). ``lost`` is the seeds the
    move threw away, ``before`` and ``after`` the mover's result with perfect play before
    and after it (+1 won, 0 drawn, -1 lost), and ``verdict`` the move's words from
    :func:`verdicts`; all four are None for a position with more seeds than the database
    holds (``seeds`` is the number on the board)."""

    ply: int
    mover: int
    move: House
    seeds: int
    lost: float | None
    before: int | None
    after: int | None
    verdict: str | None

    @property
    def mark(self) -> str:
        """✓ for a perfect move, ✗ for one that lost seeds, – for one not in the database."""
        return "–" if self.lost is None else "✓" if self.lost == 0 else "✗"

    @property
    def change(self) -> str:
        """The mover's result before → after the move ("won → drawn"); "" if not known."""
        if self.before is None or self.after is None:
            return ""
        if self.before == self.after:
            return f"still {_ENDS[self.after]}"
        return f"{_ENDS[self.before]} → {_ENDS[self.after]}"

    def text(self, held: int) -> str:
        """The move's line for a replay: its mark, what it did, and in words why.

        ``held`` is the most seeds the database holds (for the line of a move outside it).
        """
        head = f"{self.mark} {self.ply}. {'AB'[self.mover]} plays {self.move}"
        if self.verdict is None:
            return f"{head}: not in the database ({self.seeds} seeds on the board; it holds {held})"
        lost = "" if not self.lost else f"lost {_seeds(self.lost)}, "
        return f"{head}: {lost}{self.change}; it {self.verdict}"


def judge(
    database: EndgameDatabase, states: Sequence[AbapaState], moves: Sequence[House]
) -> list[Judged]:
    """Each move of a game (``moves[i]`` made in ``states[i]``) judged against perfect play:
    the seeds it lost and the mover's result before and after it (for a replay that marks
    the moves that lost seeds).

    >>> from gametheory.games.abapa import Abapa
    >>> game = Abapa()
    >>> database = EndgameDatabase.build(game, seeds=4)
    >>> start = game.state([0, 1, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 2], stores=(22, 22))
    >>> first = judge(database, [start], [6])[0]
    >>> first.mark, first.lost, first.change
    ('✗', 3.0, 'won → lost')
    >>> print(first.text(database.seeds))
    ✗ 1. A plays 6: lost 3 seeds, won → lost; it throws away 3 seeds and the win
    (a loss instead)
    """
    judged = []
    for ply, (state, move) in enumerate(zip(states, moves, strict=False), 1):
        seeds = sum(state.houses)
        if seeds > database.seeds:
            judged.append(Judged(ply, state.to_move, move, seeds, None, None, None, None))
            continue
        best, kept = database.value(state), database.move_values(state)[move]
        before, after = _outcome(state, best), _outcome(state, kept)
        words = verdicts(database, state)[move]
        judged.append(Judged(ply, state.to_move, move, seeds, best - kept, before, after, words))
    return judged


def seeds_lost(database: EndgameDatabase, record: AbapaRecord) -> list[float | None]:
    """The seeds each move of a game threw away against perfect play; None for a move from a
    position with more seeds than the database holds (for a replay that marks them).

    >>> from gametheory.games.abapa import Abapa, AbapaRecord, replay
    >>> game = Abapa()
    >>> database = EndgameDatabase.build(game, seeds=4)
    >>> seeds_lost(database, replay(game, [1, 9]))  # the opening: not in the database
    [None, None]
    >>> start = game.state([0, 1, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 2], stores=(22, 22))
    >>> after = game.result(start, 6)  # A throws away 3 seeds, and B with 7 throws away 3
    >>> seeds_lost(database, AbapaRecord(game.rules, (6, 7), (start, after, game.result(after, 7))))
    [3.0, 3.0]
    """
    return [move.lost for move in judge(database, record.states, record.moves)]


# -- the report card ---------------------------------------------------------------------
def endgame_positions(
    database: EndgameDatabase, count: int = 60, *, fewest: int = 4, seed: int = 25
) -> list[AbapaState]:
    """A fixed sample of ``count`` endgame positions (the same for the same ``seed``): boards
    with ``fewest`` (at most the database's seeds) to ``database.seeds`` seeds, each with at
    least two moves and one of them worse than another (so a choice matters), the stores
    close, either player to move. Drawn at random, at most :data:`DRAWS` boards a position
    asked for: where such boards are that rare, the sample is smaller.

    Raises
    ------
    GameError
        When no board drawn has a choice that matters (a board of one house a side never
        has: each player has one move at most).

    >>> database = EndgameDatabase.build(Abapa(), seeds=5)
    >>> [sum(p.houses) for p in endgame_positions(database, 5)]
    [5, 5, 4, 5, 5]
    """
    game, rng, houses = database.game, random.Random(seed), 2 * database.houses_per_side
    fewest = min(fewest, database.seeds)
    found: list[AbapaState] = []
    for _ in range(DRAWS * count):
        if len(found) == count:
            break
        level = rng.randint(fewest, database.seeds)
        cuts = sorted(rng.randint(0, level) for _ in range(houses - 1))
        board = [b - a for a, b in zip([0, *cuts], [*cuts, level], strict=True)]
        rest = game.rules.total_seeds - level
        stores = (
            (rest // 2, rest - rest // 2) if rng.random() < 0.5 else (rest - rest // 2, rest // 2)
        )
        state = game.state(board, stores, rng.randint(0, 1))
        values = set(database.move_values(state).values())
        if len(values) >= 2:
            found.append(state)
    if not found:
        raise GameError(
            f"no board of {database!r} with {fewest} to {database.seeds} seeds drawn has a "
            "choice of moves that matters: build a database of more seeds (or more houses), "
            "or pass the positions yourself"
        )
    return found


@dataclass(frozen=True)
class Grade:
    """One line of a report card: a search at one budget on the sample.

    ``budget`` is the depth (the engine) or the iterations (MCTS); ``perfect`` the share of
    perfect moves (0..1); ``mean_lost`` and ``worst_lost`` the seeds lost a move;
    ``results_lost`` the share of moves that turn a win into a draw or a loss, or a draw
    into a loss.

    Seeds are counted as the database counts them, play going on after a store passes half
    of the seeds: a move that wins at once that way may lose seeds it never needed, and
    ``results_lost`` is the measure that does not count those."""

    name: str
    budget: int
    perfect: float
    mean_lost: float
    worst_lost: float
    results_lost: float = 0.0


@dataclass(frozen=True)
class ReportCard:
    """Grades of several searches on the same positions; a table as text or HTML, a plot."""

    grades: tuple[Grade, ...]
    positions: int
    budget_name: str = "depth"

    def names(self) -> list[str]:
        return list(dict.fromkeys(g.name for g in self.grades))

    def table(self) -> str:
        """The grades as a text table, one line a search and budget."""
        head = (
            f"{'evaluation':<16}{self.budget_name:>10}{'perfect':>9}{'mean lost':>11}{'worst':>7}"
            f"{'results lost':>14}"
        )
        lines = [head]
        for g in self.grades:
            lines.append(
                f"{g.name:<16}{g.budget:>10}{g.perfect:>9.0%}{g.mean_lost:>11.2f}"
                f"{number_text(g.worst_lost):>7}{g.results_lost:>14.0%}"
            )
        lines.append(
            f"({self.positions} endgame positions; seeds lost a move against perfect play)"
        )
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><td>{g.name}</td><td>{g.budget}</td><td>{g.perfect:.0%}</td>"
            f"<td>{g.mean_lost:.2f}</td><td>{number_text(g.worst_lost)}</td>"
            f"<td>{g.results_lost:.0%}</td></tr>"
            for g in self.grades
        )
        head = (
            f"<tr><th>evaluation</th><th>{self.budget_name}</th><th>perfect moves</th>"
            "<th>mean seeds lost</th><th>worst</th><th>results lost</th></tr>"
        )
        caption = f"{self.positions} endgame positions, against perfect play"
        return f"<table><caption>{caption}</caption>{head}{rows}</table>"

    def chart(self) -> Svg:
        """Two panels against the depth: the share of perfect moves and the mean seeds lost
        a move, a line for each evaluation (each with its own marker and dash), MCTS as a
        dotted level with its iterations; the words list every point.

        >>> card = ReportCard((Grade("a", 1, 0.5, 1.0, 2.0), Grade("a", 2, 0.75, 0.5, 1.0)), 4)
        >>> "perfect moves by search depth (plies). a: 1 → 0.5, 2 → 0.75." in card.chart()
        True
        """
        from gametheory.draw.charts import Chart, Series, side_by_side

        searched = [g for g in self.grades if g.name != "mcts"]
        depths = sorted({g.budget for g in searched})
        panels = []
        for field, label in (
            ("perfect", "perfect moves"),
            ("mean_lost", "seeds lost a move (mean)"),
        ):
            lines = [
                Series(name, [g.budget for g in mine], [getattr(g, field) for g in mine])
                for name in dict.fromkeys(g.name for g in searched)
                for mine in [[g for g in searched if g.name == name]]
            ]
            levels = [
                (getattr(g, field), f"MCTS {g.budget} it.") for g in self.grades if g.name == "mcts"
            ]
            top = 1.0 if field == "perfect" else max(getattr(g, field) for g in self.grades) * 1.08
            panels.append(Chart(lines, xlabel="search depth (plies)", ylabel=label, x_ticks=depths,
                                y_limits=(0, top or 1.0), levels=levels, width=480, height=300))  # fmt: skip
        return side_by_side(
            panels,
            title=f"Report card: the engine's moves against perfect play on {self.positions} "
            "Abapa endgame positions",
        )


def report_card(
    evaluate: Evaluation | Mapping[str, Evaluation] | None = None,
    depths: Iterable[int] = (1, 2, 3, 4),
    positions: int | Sequence[AbapaState] = 60,
    *,
    database: EndgameDatabase | None = None,
    mcts_iterations: Iterable[int] = (),
    seed: int = 25,
) -> ReportCard:
    """Grade evaluation functions against perfect play on endgame positions.

    The engine searches each position with each evaluation to each depth; its move is graded
    by the database. ``evaluate`` is one function (named "yours"), a mapping of names to
    functions, or None for the package's five (:data:`~gametheory.games.abapa.EVALUATIONS`).
    ``mcts_iterations`` adds MCTS with those iterations (seeded by ``seed``). ``positions``
    is a number (a sample from :func:`endgame_positions`) or the positions themselves.

    >>> from gametheory.games.abapa import Abapa, store_difference
    >>> database = EndgameDatabase.build(Abapa(), seeds=5)
    >>> card = report_card(store_difference, depths=[1, 3], positions=8, database=database)
    >>> [(g.budget, g.perfect, g.worst_lost) for g in card.grades]
    [(1, 0.625, 5.0), (3, 0.75, 5.0)]
    """
    database = endgame_database(seeds=8) if database is None else database
    evaluations = _evaluations(evaluate)
    states = (
        endgame_positions(database, positions, seed=seed)
        if isinstance(positions, int)
        else list(positions)
    )
    if not states:
        raise GameError("report_card needs at least one position")
    game = database.game
    grades = []
    for name, function in evaluations.items():
        for depth in depths:
            choose = _engine(game, depth, function)
            grades.append(_grade(database, states, name, depth, choose))
    for iterations in mcts_iterations:
        rng = random.Random(seed)
        choose = _mcts(game, iterations, rng)
        grades.append(_grade(database, states, "mcts", iterations, choose))
    return ReportCard(tuple(grades), len(states))


def _evaluations(evaluate: Evaluation | Mapping[str, Evaluation] | None) -> dict[str, Evaluation]:
    if evaluate is None:
        return dict(EVALUATIONS)
    if isinstance(evaluate, Mapping):
        return dict(evaluate)
    if not callable(evaluate):
        raise GameError(
            f"evaluate must be a function (state, player) -> float, a dict of them or None, "
            f"got {evaluate!r}"
        )
    return {getattr(evaluate, "__name__", "yours"): evaluate}


def _engine(game: Abapa, depth: int, evaluate: Evaluation) -> Chooser:
    def choose(state: AbapaState) -> House:
        return iterative_deepening(game, state, depth, evaluate).move  # type: ignore[no-any-return]

    return choose


def _mcts(game: Abapa, iterations: int, rng: random.Random) -> Chooser:
    def choose(state: AbapaState) -> House:
        result = mcts(game, state, iterations=iterations, seed=rng.randrange(2**32))
        return result.move  # type: ignore[no-any-return]

    return choose


def _grade(
    database: EndgameDatabase, states: Sequence[AbapaState], name: str, budget: int, choose: Chooser
) -> Grade:
    lost, results = [], 0
    for state in states:
        best, kept = database.value(state), database.move_values(state)[choose(state)]
        lost.append(best - kept)
        results += _outcome(state, kept) != _outcome(state, best)
    perfect = sum(1 for seeds in lost if seeds == 0) / len(lost)
    return Grade(name, budget, perfect, sum(lost) / len(lost), max(lost), results / len(lost))


def _outcome(state: AbapaState, kept: float) -> int:
    """+1, 0 or -1: the mover wins, draws or loses if they collect ``kept`` of the board."""
    mover = state.to_move
    return _result(state.stores[mover] + kept, state.stores[1 - mover] + sum(state.houses) - kept)
