"""Players for any game: random, greedy, search, and a person at the console; and the
players of the Gomoku assignment (:class:`HeuristicPlayer`, :class:`MinMaxPlayer`, which
builds the depth-2 tree explicitly with :func:`~gametheory.trees.expand` and plays the
max-min move that the package's minimax finds on it).

A **player** is an object with a ``name`` and a method ``choose(game, state) -> move``
that returns one of ``game.legal_moves(state)`` for the player to move at ``state``
(an unfinished position). It must not change ``state``. Anything with that method can
play: :func:`play` runs a game between two of them.

>>> from gametheory.games.abapa import Abapa
>>> game = Abapa()
>>> moves, final = play(game, [GreedyPlayer(), RandomPlayer(seed=1)])
>>> game.is_terminal(final), len(moves) > 10
(True, True)
"""

from __future__ import annotations

import ast
import math
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TextIO

from gametheory.checks import checked_evaluation, checked_state, whole_number
from gametheory.core import (
    CHANCE,
    Evaluation,
    Game,
    GameError,
    IllegalMoveError,
    check_player,
    player_name,
)
from gametheory.evaluation import default_evaluation
from gametheory.moves import sample_outcome
from gametheory.repetitions import Repetitions
from gametheory.search import SearchResult, algorithm, iterative_deepening, searches
from gametheory.search.engine.scores import LeafValue
from gametheory.search.mcts import mcts
from gametheory.search.mcts_context import PlayoutPolicy, check_arguments
from gametheory.search.minimax import minimax
from gametheory.trees import MAX, GameTree, Node, expand

__all__ = [
    "Agent",
    "Command",
    "GameFault",
    "GreedyPlayer",
    "HeuristicPlayer",
    "HumanPlayer",
    "MCTSPlayer",
    "MinMaxPlayer",
    "RandomPlayer",
    "SearchPlayer",
    "backed_up",
    "max_min_move",
    "minmax_tree",
    "ALGORITHM_NAMES",
    "search_algorithm",
    "play",
    "PlayerError",
]

SearchFunction = Callable[..., SearchResult]
"""``algo(game, state, depth, evaluate) -> SearchResult``, like every search here."""

ALGORITHM_NAMES = tuple(searches(chance=False, kinds=("textbook", "engine")))
"""The searches a :class:`SearchPlayer` can be given by name (the thesis' four, and the engine)."""


class Agent(Protocol):
    """The player contract: a name and ``choose(game, state) -> move``."""

    name: str

    def choose(self, game: Game[Any, Any], state: Any) -> Any:
        """A legal move for the player to move at the unfinished ``state``."""
        ...


class _Named:
    """What the players here share: a name, which their repr shows."""

    name: str

    def __repr__(self) -> str:
        return f"{type(self).__name__}(name={self.name!r})"


def _check_can_move(game: Game[Any, Any], state: Any) -> Sequence[Any]:
    checked_state(game, state)
    moves = game.legal_moves(state)
    if not moves:
        raise GameError(f"the game is over in {state!r}: there is no move to choose")
    return moves


class RandomPlayer(_Named):
    """Chooses uniformly among the legal moves.

    Parameters
    ----------
    seed
        For a reproducible sequence of choices (None: a fresh random one).

    >>> from gametheory.games.abapa import Abapa
    >>> RandomPlayer(seed=0).choose(Abapa(), Abapa().initial_state()) in range(1, 7)
    True
    """

    def __init__(self, seed: int | None = None, *, name: str = "random") -> None:
        self.rng = random.Random(seed)
        self.name = name

    def choose(self, game: Game[Any, Any], state: Any) -> Any:
        return self.rng.choice(list(_check_can_move(game, state)))


class GreedyPlayer(_Named):
    """Takes the move that looks best one ply ahead.

    The criterion: after each move, the position is scored for the mover — by its utility
    if the game is over, otherwise by ``evaluate`` (for Abapa the default is the game's own
    :meth:`~gametheory.games.abapa.Abapa.evaluate`, the store difference, so greedy means
    "capture the most seeds now"). Ties go to the first move in ``legal_moves`` order.

    Parameters
    ----------
    evaluate
        ``evaluate(state, player) -> float``; None for the game's default
        (:func:`~gametheory.evaluation.default_evaluation`).

    >>> from gametheory.games.abapa import Abapa
    >>> game = Abapa()
    >>> state = game.state([0, 0, 0, 0, 1, 2] + [4, 1, 0, 0, 0, 5], stores=(17, 18))
    >>> GreedyPlayer().choose(game, state)  # house 6 captures two seeds in house 8
    6
    """

    def __init__(self, evaluate: Evaluation | None = None, *, name: str = "greedy") -> None:
        self.evaluate = evaluate
        self.name = name

    def scores(self, game: Game[Any, Any], state: Any) -> dict[Any, float]:
        """Each legal move with its one-ply score for the mover."""
        moves = _check_can_move(game, state)
        me = game.to_move(state)
        evaluate = default_evaluation(game) if self.evaluate is None else self.evaluate
        scores = {}
        for move in moves:
            after = game.result(state, move)
            if game.is_terminal(after):
                scores[move] = float(game.utility(after, me))
            else:
                scores[move] = checked_evaluation(evaluate, after, me)
        return scores

    def choose(self, game: Game[Any, Any], state: Any) -> Any:
        scores = self.scores(game, state)
        best = max(scores.values())
        return next(move for move, score in scores.items() if score == best)


def search_algorithm(name: str | SearchFunction) -> SearchFunction:
    """The search called ``name`` (one of :data:`ALGORITHM_NAMES`, the registry's names); a
    function is returned unchanged.

    >>> search_algorithm("alphabeta_negamax").__name__
    'alphabeta_negamax'
    >>> search_algorithm("maximin")
    Traceback (most recent call last):
    ...
    gametheory.core.GameError: unknown search algorithm 'maximin'; choose one of minimax, \
negamax, alphabeta, alphabeta_negamax, engine
    """
    if callable(name):
        return name
    if name not in ALGORITHM_NAMES:
        raise GameError(
            f"unknown search algorithm {name!r}; choose one of {', '.join(ALGORITHM_NAMES)}"
        )
    return algorithm(name).search


class SearchPlayer(_Named):
    """Plays the first move of the principal variation of a search.

    Parameters
    ----------
    algorithm
        A name from :data:`ALGORITHM_NAMES` or a search function with the common contract.
    depth
        Plies to look ahead; None searches to the end of the game (small games only).
    evaluate
        Scores the positions where the search stops; None for the game's default.
    leaf_value
        ``leaf_value(state, player) -> float | None``, the exact value of the positions
        where it is known (an endgame database:
        :meth:`~gametheory.games.abapa.endgame.EndgameDatabase.leaf_value`), passed to the
        engine (``algorithm="engine"``, :func:`~gametheory.search.engine.iterative_deepening`),
        which makes them leaves; the textbook searches take none.

    Attributes
    ----------
    last_result : SearchResult or None
        The answer of the latest search, with its value and principal variation.

    Raises
    ------
    GameError
        For a ``leaf_value`` that is not a function, or one given to a search other than the
        engine.

    >>> from gametheory.games.abapa import Abapa
    >>> player = SearchPlayer("alphabeta", depth=2)
    >>> player.choose(Abapa(), Abapa().initial_state())
    1
    >>> player.last_result.pv
    (1, 7)

    With an endgame database at its leaves (the engine reads it below the root):

    >>> from gametheory.games.abapa.endgame import EndgameDatabase
    >>> database = EndgameDatabase.build(Abapa(), seeds=4)
    >>> state = Abapa().state([0, 1, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 2], stores=(22, 22))
    >>> SearchPlayer("engine", 2, leaf_value=database.leaf_value).choose(Abapa(), state)
    2
    """

    def __init__(
        self,
        algorithm: str | SearchFunction = "alphabeta",
        depth: int | None = 4,
        evaluate: Evaluation | None = None,
        *,
        leaf_value: LeafValue | None = None,
        name: str | None = None,
    ) -> None:
        self.algorithm = search_algorithm(algorithm)
        if depth is not None:
            depth = whole_number(depth, "depth", minimum=1, or_none=True)
        self.depth = depth
        self.evaluate = evaluate
        if leaf_value is not None and not callable(leaf_value):
            raise GameError(
                f"leaf_value must be a function (state, player) -> float | None, got {leaf_value!r}"
            )
        if leaf_value is not None and self.algorithm is not iterative_deepening:
            raise GameError(
                f"leaf_value is read only by the engine, not by {self.algorithm.__name__}: "
                'use SearchPlayer("engine", …, leaf_value=…)'
            )
        self.leaf_value = leaf_value
        label = getattr(self.algorithm, "__name__", "search")
        self.name = name or f"{label} (depth {depth})"
        self.last_result: SearchResult | None = None

    def search(self, game: Game[Any, Any], state: Any) -> SearchResult:
        """Run the search on ``state`` and remember the answer."""
        _check_can_move(game, state)
        evaluate = default_evaluation(game) if self.evaluate is None else self.evaluate
        known = {} if self.leaf_value is None else {"leaf_value": self.leaf_value}
        self.last_result = self.algorithm(game, state, self.depth, evaluate, **known)
        return self.last_result

    def choose(self, game: Game[Any, Any], state: Any) -> Any:
        return self.search(game, state).move


class MCTSPlayer(_Named):
    """Plays the move that Monte Carlo tree search visits most; needs no evaluation function.

    Parameters
    ----------
    iterations
        Iterations (playouts) per move; None to use ``time_limit`` alone.
    time_limit
        Seconds per move (then the play depends on the machine's speed).
    c
        The exploration constant of UCB1 (√2 by default).
    playout
        The player that plays the playouts; None for random moves.
    seed
        Seeds the searches: the same seed, the same sequence of moves from the same
        positions. Each search gets the next number of a generator seeded with it.

    Attributes
    ----------
    last_result : SearchResult or None
        The answer of the latest search, with each move's visits in ``children``.

    >>> from gametheory.games.nim import Nim
    >>> player = MCTSPlayer(300, seed=1)
    >>> player.choose(Nim(5), Nim(5).initial_state())  # leave 4: the winning move
    1
    >>> player.name, player.last_result.children[0].visits > 200
    ('mcts (300 iterations)', True)
    """

    def __init__(
        self,
        iterations: int | None = 1000,
        *,
        time_limit: float | None = None,
        c: float = math.sqrt(2),
        playout: PlayoutPolicy | None = None,
        seed: int | None = None,
        name: str | None = None,
    ) -> None:
        check_arguments(iterations, time_limit, c, playout, seed)
        self.iterations = iterations
        self.time_limit = time_limit
        self.c = c
        self.playout = playout
        self.rng = random.Random(seed)
        budget = [f"{iterations} iterations"] if iterations is not None else []
        if time_limit is not None:
            budget.append(f"{time_limit:g} s")
        self.name = name or f"mcts ({', '.join(budget)})"
        self.last_result: SearchResult | None = None

    def search(self, game: Game[Any, Any], state: Any) -> SearchResult:
        """Run the search on ``state`` and remember the answer."""
        _check_can_move(game, state)
        self.last_result = mcts(
            game,
            state,
            iterations=self.iterations,
            time_limit=self.time_limit,
            c=self.c,
            playout=self.playout,
            seed=self.rng.randrange(2**32),
        )
        return self.last_result

    def choose(self, game: Game[Any, Any], state: Any) -> Any:
        return self.search(game, state).move


# -- the players of the Gomoku assignment (the Greek course's MinMax assignment) ----------
class HeuristicPlayer(GreedyPlayer):
    """The assignment's heuristic player: one ply ahead, scored by the game's evaluation.

    It is :class:`GreedyPlayer` under the assignment's name; for Gomoku the default
    evaluation is the threat counting :meth:`~gametheory.games.gomoku.Gomoku.heuristic`.

    >>> from gametheory.games.gomoku import Gomoku
    >>> game = Gomoku(size=7, k=4)
    >>> s = game.state("......./......./.XXX.../OOO..../......./......./.......")
    >>> game.notation(HeuristicPlayer().choose(game, s))
    'a5'
    """

    def __init__(self, evaluate: Evaluation | None = None, name: str = "heuristic") -> None:
        super().__init__(evaluate, name=name)


def minmax_tree(
    game: Game[Any, Any], state: Any, *, depth: int = 2, evaluate: Evaluation | None = None
) -> GameTree:
    """The assignment's tree: our moves, then every reply, leaves evaluated for us.

    Built with :func:`~gametheory.trees.expand`; each node has ``parent``, ``children``,
    ``depth``, ``move``, ``state`` and ``evaluation``. A finished game is a leaf scored by
    its utility, so a win is +1 and a loss −1. ``evaluate`` is the game's own by default.

    >>> from gametheory.games.gomoku import Gomoku
    >>> game = Gomoku(size=5, k=4, candidates_radius=1)
    >>> t = minmax_tree(game, game.result(game.initial_state(), (2, 2)))
    >>> len(t.root.children), len(t.root.children[0].children)
    (8, 12)
    """
    evaluate = default_evaluation(game) if evaluate is None else evaluate
    return expand(game, state, depth=depth, evaluate=evaluate)


def backed_up(node: Node) -> float:
    """The minimax value of a node of an explicit tree, for the player at the tree's root.

    A leaf is worth its payoff; where we move (MAX, the squares) a node is worth the largest
    value of its children, where the opponent moves (MIN, the circles) the smallest. The
    value is the package's :func:`~gametheory.search.minimax` from that node, which scores
    for the player to move there: for a MIN node that is the opponent, so the sign turns.

    >>> from gametheory.trees import tree
    >>> t = tree({"a": [-1, 3], "b": [-2, 5], "c": [1, 4]})
    >>> [backed_up(child) for child in t.root.children], backed_up(t.root)
    ([-1.0, -2.0, 1.0], 1.0)
    """
    value = minimax(GameTree(node)).value  # the subtree below the node, searched whole
    return value if node.player == MAX else -value


def max_min_move(tree: GameTree) -> Any:
    """The game move at the root whose worst outcome is best (ties: the first such move):
    the first move of :func:`~gametheory.search.minimax` on the tree.

    >>> from gametheory.games.gomoku import Gomoku
    >>> game = Gomoku(size=7, k=4, candidates_radius=1)
    >>> s = game.state("......./......./.XXX.../OOO..../......./......./.......")
    >>> game.notation(max_min_move(minmax_tree(game, s)))
    'a5'
    """
    if tree.root.is_leaf:
        raise GameError("the tree has no moves at its root: the game is over")
    return tree.root.children[minimax(tree).move].move


class MinMaxPlayer(_Named):
    """The assignment's MinMax player: build the tree ``depth`` plies deep with
    :func:`minmax_tree`, then play :func:`max_min_move`.

    >>> from gametheory.games.gomoku import Gomoku
    >>> game = Gomoku(size=7, k=4, candidates_radius=1)
    >>> s = game.state("......./......./.XXX.../OOO..../......./......./.......")
    >>> game.notation(MinMaxPlayer().choose(game, s))
    'a5'
    """

    def __init__(
        self, depth: int = 2, evaluate: Evaluation | None = None, name: str | None = None
    ) -> None:
        self.depth = whole_number(depth, "depth", minimum=1)
        self.evaluate = evaluate
        self.name = name if name is not None else f"minmax-{depth}"

    def choose(self, game: Game[Any, Any], state: Any) -> Any:
        _check_can_move(game, state)
        return max_min_move(minmax_tree(game, state, depth=self.depth, evaluate=self.evaluate))


@dataclass(frozen=True)
class Command:
    """A word typed instead of a move (``hint``, ``save game.json``…), for the program to handle."""

    name: str
    argument: str = ""


class HumanPlayer(_Named):
    """A person typing moves at the console.

    Wrong input (not a move, an illegal move) prints why and asks again; nothing typed can
    crash the game. End of input raises :class:`EOFError` for the caller to handle.

    Parameters
    ----------
    input, output
        Text streams (standard input and output by default).
    commands
        Words the caller handles itself (``ask`` returns them as a :class:`Command`).
        ``help`` always prints the legal moves and these commands.
    help
        Longer help text to print before that (e.g. what the commands do).
    echo
        Write what was read after the prompt; by default when the input is not a terminal
        (a file or a pipe), so that the output reads like the session did.

    Examples
    --------
    >>> import io
    >>> from gametheory.games.abapa import Abapa
    >>> out = io.StringIO()
    >>> person = HumanPlayer(io.StringIO("x\\n9\\n2\\n"), out)
    >>> person.choose(Abapa(), Abapa().initial_state())
    2
    >>> print(out.getvalue())
    A to move> x
    'x' is not a move: type one of 1, 2, 3, 4, 5, 6, or help
    A to move> 9
    illegal move 9 in [4 4 4 4 4 4 | 4 4 4 4 4 4] stores 0-0, A to move: house 9 belongs to B; A plays houses 1-6
    A to move> 2
    <BLANKLINE>
    """

    def __init__(
        self,
        input: TextIO | None = None,
        output: TextIO | None = None,
        *,
        commands: Sequence[str] = (),
        help: str = "",
        echo: bool | None = None,
        name: str = "human",
    ) -> None:
        self.input = sys.stdin if input is None else input
        self.output = sys.stdout if output is None else output
        self.commands = tuple(c.lower() for c in commands)
        self.help = help
        self.echo = not _is_terminal(self.input) if echo is None else echo
        self.name = name

    def say(self, text: str) -> None:
        """Print a line for the person."""
        print(text, file=self.output, flush=True)

    def ask(self, game: Game[Any, Any], state: Any) -> Any:
        """Ask until the person types a legal move or one of ``commands``.

        Returns the move, or a :class:`Command`. Raises :class:`EOFError` at end of input.
        """
        moves = list(_check_can_move(game, state))
        listed = ", ".join(str(m) for m in moves)
        while True:
            text = self.read_line(f"{player_name(game.to_move(state))} to move> ")
            if text is None:
                raise EOFError("end of input")
            if not text:
                continue
            if "\ufffd" in text:  # bytes that were not text (the console program reads them so)
                self.say("that line holds bytes that are not UTF-8 text; type it again")
                continue
            word, _, rest = text.partition(" ")
            if word.lower() == "help":
                if self.help:
                    self.say(self.help)
                self.say(f"type a move ({listed})" + self._help_commands())
                continue
            if word.lower() in self.commands:
                return Command(word.lower(), rest.strip())
            move = _parse_move(text, moves)
            if move is _NOT_A_MOVE:
                self.say(f"{text!r} is not a move: type one of {listed}, or help")
                continue
            if move in moves:
                return moves[moves.index(move)]  # the game's own value, not the one typed
            self.say(_why_illegal(game, state, move, listed))

    def read_line(self, prompt: str) -> str | None:
        """The line typed after ``prompt``, stripped; None at end of input.

        With ``echo`` the line is written after the prompt (typed input is not on the
        screen: so a transcript reads as the session did).

        >>> import io
        >>> out = io.StringIO()
        >>> HumanPlayer(io.StringIO(" yes \\n"), out, echo=True).read_line("Continue? ")
        'yes'
        >>> out.getvalue()
        'Continue?  yes \\n'
        """
        self.output.write(prompt)
        self.output.flush()
        line = self.input.readline()
        if self.echo or not line:
            self.output.write(line if line.endswith("\n") else line + "\n")
        return line.strip() if line else None

    def _help_commands(self) -> str:
        return f" or a command: {', '.join(self.commands)}, help" if self.commands else ""

    def choose(self, game: Game[Any, Any], state: Any) -> Any:
        answer = self.ask(game, state)
        while isinstance(answer, Command):  # only when commands were given but not handled
            self.say(f"{answer.name} is not available here; type a move")
            answer = self.ask(game, state)
        return answer


_NOT_A_MOVE = object()


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # closed or stream-like objects
        return False


def _why_illegal(game: Game[Any, Any], state: Any, move: Any, listed: str) -> str:
    """The game's own reason for refusing ``move`` if it gives one, else a plain one."""
    try:
        game.result(state, move)
    except IllegalMoveError as error:
        return str(error)
    except Exception:  # a game without its own checks: fall through to the plain answer
        pass
    return f"{move!r} is not a legal move here: type one of {listed}"


def _parse_move(text: str, moves: Sequence[Any]) -> Any:
    """A move written as text (its ``str``) or as a Python literal (``3``, ``(1, 2)``), in
    the form of the game's moves; ``_NOT_A_MOVE`` for anything of another form.

    ``3.0`` equals ``3`` but is not a house number, and ``True`` equals ``1``: a typed value
    counts only if it has the type of the moves (a float with nothing after the point is
    read as the whole number it is), so the game never receives a move it cannot read.
    """
    for move in moves:
        if text == str(move):
            return move
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return _NOT_A_MOVE
    return _conform(value, moves[0]) if moves else _NOT_A_MOVE


def _conform(value: Any, example: Any) -> Any:
    """``value`` in the form of the move ``example`` (ints, or tuples of them), or
    ``_NOT_A_MOVE``."""
    if isinstance(example, bool) or not isinstance(example, int | tuple):
        return value if type(value) is type(example) else _NOT_A_MOVE
    if isinstance(example, tuple):
        if not isinstance(value, tuple) or (not example and value):
            return _NOT_A_MOVE
        items = [_conform(item, example[0]) for item in value]
        return _NOT_A_MOVE if _NOT_A_MOVE in items else tuple(items)
    if isinstance(value, bool):
        return _NOT_A_MOVE
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return _NOT_A_MOVE


def play(
    game: Game[Any, Any],
    players: Sequence[Agent],
    state: Any = None,
    *,
    seed: int | None = None,
    max_plies: int | None = None,
) -> tuple[list[Any], Any]:
    """Play a game between ``players[0]`` (A) and ``players[1]`` (B) to the end.

    Chance positions are decided by a random generator (``seed`` makes them reproducible).
    A position that occurs for the third time is a cycle the rules did not end (the players
    would go round it forever): the game ends there as its rules end a cycle, if it has that
    capability (:class:`~gametheory.core.EndsCycles`: Abapa under ``cycle="below_four"``
    settles the seeds), else it stops unfinished (see :class:`~gametheory.repetitions.Repetitions`).

    Returns
    -------
    (moves, final)
        The moves played, and the last position: finished, unless ``max_plies`` or a cycle
        stopped it; after a cycle ended by the rules, their finished position.

    Raises
    ------
    PlayerError
        When a player fails: its ``choose`` raises (``sys.exit()`` included; end of input
        from a person and Ctrl-C are raised as they are), or it chooses a move that is not
        among the legal moves. The error names the player and keeps the moves played before.
    GameFault
        When the game's own ``result`` raises on a move its ``legal_moves`` lists: the
        rules' fault, not the player's.

    >>> from gametheory.games.nim import Nim
    >>> moves, final = play(Nim(5), [SearchPlayer("minimax", None), GreedyPlayer()])
    >>> moves[0], Nim(5).utility(final, 0)
    (1, 1.0)
    """
    if len(players) != 2:
        raise GameError(f"play needs two players (A and B), got {len(players)}")
    if max_plies is not None:
        max_plies = whole_number(max_plies, "max_plies", or_none=True)
    rng = random.Random(seed)
    state = checked_state(game, state)
    moves: list[Any] = []
    guard = Repetitions(game)
    while not game.is_terminal(state) and (max_plies is None or len(moves) < max_plies):
        if guard.cycle(state):
            ended = guard.ended(state)
            return moves, state if ended is None else ended
        mover = game.to_move(state)
        if mover == CHANCE:
            move = sample_outcome(game, state, rng)
            state = game.result(state, move)
        else:
            player = players[check_player(mover)]
            try:
                move = player.choose(game, state)
            except EOFError:  # a person left: theirs to handle, not a fault of the player
                raise
            except (Exception, SystemExit) as error:  # sys.exit() ends the player, not play
                raise PlayerError(mover, player, moves, state, "failed", error) from error
            state = _next(game, state, move, mover, player, moves)
        moves.append(move)
    return moves, state


def _next(
    game: Game[Any, Any], state: Any, move: Any, mover: int, player: Any, moves: list[Any]
) -> Any:
    """The position after ``player``'s ``move``: a move the game refuses is the player's
    fault unless the game lists it as legal (then its rules failed: :class:`GameFault`)."""
    try:
        return game.result(state, move)
    except Exception as error:
        try:
            legal = move in game.legal_moves(state)
        except Exception:
            legal = True  # the game cannot even list its moves: not the player's fault
        if legal:
            raise GameFault(moves, state, move, mover, player, error) from error
        raise PlayerError(mover, player, moves, state, "chose an illegal move", error) from error


class PlayerError(GameError):
    """A player failed during :func:`play`: its ``choose`` raised, or the game refused the
    move it chose.

    Attributes
    ----------
    player : int
        0 (A) or 1 (B), the player at fault.
    name : str
        Its name.
    moves : list
        The moves played before the failure.
    state
        The position where it was to move.
    cause : Exception
        What went wrong (also the exception's ``__cause__``).

    >>> from gametheory.games.nim import Nim
    >>> class TakesFour:
    ...     name = "takes four"
    ...     def choose(self, game, state):
    ...         return 4
    >>> play(Nim(5), [TakesFour(), RandomPlayer(1)])
    Traceback (most recent call last):
    ...
    gametheory.players.PlayerError: A (takes four) chose an illegal move at move 1: take 4 with 5 matches left: you may take 1 to 3
    """

    def __init__(
        self,
        player: int,
        agent: Any,
        moves: Sequence[Any],
        state: Any,
        what: str,
        cause: BaseException,
    ) -> None:
        self.player = player
        self.name = str(getattr(agent, "name", agent))
        self.moves = list(moves)
        self.state = state
        self.cause = cause
        super().__init__(
            f"{player_name(player)} ({self.name}) {what} at move {len(moves) + 1}: "
            + _reason(cause)
        )

    def __reduce__(self) -> tuple[Any, ...]:  # a plain GameError with the same message
        return (GameError, (str(self),))


class GameFault(GameError):
    """The game itself failed during :func:`play`: its ``result`` raised on a move that its
    ``legal_moves`` lists, a fault of the rules' code and not of the player who chose it.

    Attributes
    ----------
    moves : list
        The moves played before the failure.
    state, move
        The position and the legal move on which ``result`` failed.
    cause : Exception
        What the game raised (also the exception's ``__cause__``).

    >>> from gametheory.games.nim import Nim
    >>> class Broken(Nim):
    ...     def result(self, state, move):
    ...         raise ZeroDivisionError("a bug in the rules")
    >>> play(Broken(5), [RandomPlayer(1), RandomPlayer(2)])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gametheory.players.GameFault: the game failed on the legal move ... at move 1 (chosen by A (random)): ZeroDivisionError: a bug in the rules; the game's rules are at fault, not the player
    """

    def __init__(
        self,
        moves: Sequence[Any],
        state: Any,
        move: Any,
        mover: int,
        agent: Any,
        cause: BaseException,
    ) -> None:
        self.moves, self.state, self.move, self.cause = list(moves), state, move, cause
        chooser = f"{player_name(mover)} ({getattr(agent, 'name', agent)})"
        super().__init__(
            f"the game failed on the legal move {move!r} at move {len(moves) + 1} (chosen by "
            f"{chooser}): {_reason(cause)}; the game's rules are at fault, not the player"
        )

    def __reduce__(self) -> tuple[Any, ...]:  # a plain GameError with the same message
        return (GameError, (str(self),))


def _reason(cause: BaseException) -> str:
    """What went wrong, in the words of the error (its type too, unless a GameError)."""
    if isinstance(cause, SystemExit):
        # its args, not its code: tblib's pickling (which Dask installs) loses the code
        return f"called sys.exit({', '.join(map(repr, cause.args))})"
    return str(cause) if isinstance(cause, GameError) else f"{type(cause).__name__}: {cause}"
