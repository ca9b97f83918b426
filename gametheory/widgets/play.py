"""Play a game against the machine in the notebook.

:class:`PlayWidget` shows the board (:func:`~gametheory.draw.boards.draw_board`), one button
per move, and the machine's answer with its value and principal variation. It works for
every game that follows the protocol. All of its state lives in Python, so a test plays a
whole game by pressing the buttons with ``button.click()``.

**The machine never freezes the notebook.** It deepens its search — depth 1, 2, 3, … up to
the depth you chose, as a chess program does (notebook 10) — and plays the answer of the
deepest search it finished within ``time_limit`` seconds (the first depth always finishes).
The deepening is the engine's own (:func:`~gametheory.search.engine.driver.deepen`, with its
:class:`~gametheory.search.engine.driver.Deadline`): see :func:`search_in_time`.
A game may say how deep a search it can afford with a ``max_play_depth`` attribute (Abapa:
9, checkers: 10 as the thesis' program offers, though past 7 the time limit cuts the search
short, Gomoku: 2); the depth menu offers no more, and offers "to the end" only to
games without that attribute, whose whole game tree is small (tic-tac-toe, Nim, the dice
race, explicit trees).

**Clicks while the machine thinks.** A kernel handles the messages of one channel one after
another: where the front end sends widget messages with the cells' (ipykernel 6, and every
front end without kernel subshells), a click made while a button's handler runs waits in
the kernel's queue and is played when the handler returns — even after an interrupt, which
stops only the handler running. JupyterLab 4.6 with ipykernel 7 sends them (once it has set
it up, after the first) to a *subshell* instead, a thread of the kernel's own, so a click
may be handled while a cell, or another handler, still runs on the main thread, and an
interrupt, which only the main thread receives, cannot stop it (both seen in JupyterLab 4.6
in Chromium).
Either way a handler must not search for seconds. So in a kernel the widget thinks in a
background thread: the handler returns at once, the status line says "thinking… (depth d)",
and the widget's state is guarded by a lock and taken by one action at a time: a click, or a
method called from code, that comes while another action is under way is answered with a
message and dropped, not queued (the message stays under the machine's reply, so it is not
missed). Where no thread can start (the course in a browser: the browser's Python has
none), the widget thinks before the handler returns, as outside a kernel. Outside a kernel
(tests, doctests), and when you call :meth:`PlayWidget.click` and
the other methods from code, everything happens before the call returns. Either way an
interrupt (``KeyboardInterrupt``) or an error midway takes the position back to where it
was and says so, so nothing is half applied and the widget stays usable (from code, the
exception then goes on to the caller).

**CSS classes**, for styles and for the browser test: ``gt-play`` (the whole widget),
``gt-play-search``, ``gt-play-depth``, ``gt-play-evaluation`` (the menus), ``gt-play-board``,
``gt-play-how`` (the line under the board: moves are made with the buttons),
``gt-play-pieces`` and ``gt-play-piece`` (games with pieces: one button per piece that can
move), ``gt-play-moves`` and ``gt-play-move`` (one button per move, labelled as the game
writes the move), ``gt-play-hint``, ``gt-play-undo``, ``gt-play-new`` and ``gt-play-status``
(the machine's reply, a refusal, what the machine is doing, the outcome, and while nothing
else is said whose move it is).
With an endgame database (``database=``, Abapa): ``gt-play-opponent`` (the menu: the
perfect opponent or the search), ``gt-play-verdicts`` (the button), ``gt-play-review`` (the
game's moves judged against perfect play: in its HTML one row a move, of class gt-play-judged
and gt-play-lost for a move that lost seeds, gt-play-perfect for one that kept them,
gt-play-unknown for one outside the database), ``gt-play-replay``
(the slider), ``gt-play-replay-board``, ``gt-play-replay-caption`` and
``gt-play-replay-loss`` (the button that jumps to the next move that lost seeds), all three
in ``gt-play-replay-box``.

**Perfect play in Abapa endgames.** Given an
:class:`~gametheory.games.abapa.endgame.EndgameDatabase`, the widget offers a perfect opponent
(:class:`~gametheory.practice.perfect_play.PerfectPlayer`) where the position is in the
database, and the search elsewhere (its reply says which played, and why). The "verdicts"
button says what each move of the position does against perfect play (where the position is
in the database), and once the game is over, or on that button, the review lists every move
played with its mark — ✓ kept the seeds of perfect play, ✗ lost some (how many, and the
result before → after: "won → drawn"), – not in the database — and the replay steps through
the game, its "next loss" button from one losing move to the next. The marks are signs and
words, so colour is never needed to read them.

**What the search menu and the depth menu offer.** Only the searches the game can use
(expectiminimax only where it has chance positions), and for each search only the depths
it finishes in the time given (:func:`play_depths`): choosing minimax after alpha-beta in
Abapa lowers the depth from 9 to 6, and the status says so. A click on a move refused
keeps the machine's last reply in view, under the refusal.

>>> from gametheory.games.nim import Nim
>>> widget = PlayWidget(Nim(5))
>>> widget.move_buttons[0].click()            # A takes 1 and leaves 4: a winning move
>>> widget.state                              # B took something; A is to move again
NimState(matches=3, to_move=0)
"""

from __future__ import annotations

import itertools
import random
import threading
from collections.abc import Callable, Mapping, Sequence
from html import escape
from typing import Any, TypeAlias

import ipywidgets as widgets

from gametheory.checks import checked_state, whole_number
from gametheory.core import (
    CHANCE,
    Evaluation,
    Game,
    GameError,
    IllegalMoveError,
    OwnEvaluation,
    check_player,
    player_name,
)
from gametheory.draw.boards import draw_board, move_label, move_origin
from gametheory.draw.svg import Svg, document, text, text_width
from gametheory.evaluation import default_evaluation
from gametheory.formatting import number_text
from gametheory.games.abapa.endgame import EndgameDatabase
from gametheory.moves import sample_outcome
from gametheory.players import Agent
from gametheory.practice.perfect_play import Judged, PerfectPlayer, judge, verdicts
from gametheory.search import ALGORITHMS
from gametheory.search.engine.driver import Deadline, Deepened, TimedGame, deepen
from gametheory.search.result import SearchResult
from gametheory.widgets.front import (
    WidgetFront,
    checked_game,
    fitted,
    icon_button,
    labelled,
    offered,
    offered_searches,
    picture_box,
    picture_size,
    picture_words,
    row,
    textbook_search,
)

__all__ = ["PlayWidget", "search_in_time", "play_depths"]

TO_THE_END = "to the end"
_WAIT = "Please wait: the machine is"
_IGNORED = "A click made while the machine was thinking was ignored."
DEFAULT_MAX_DEPTH = 9
"""The deepest depth offered to a game that does not say (it is offered "to the end" too)."""


_BUTTON_INK, _BUTTON_FILL, _BUTTON_RIM = "#222222", "#eeeeee", "#999999"


def drawn_controls(
    board: Svg, menus: Sequence[str], moves: Sequence[str], buttons: Sequence[str], said: str
) -> Svg:
    """A play widget drawn as a picture: a row of ``menus`` (each "name: choice ▾"), the
    ``board``, a row of move buttons, a row of ``buttons``, and the status line ``said``.

    >>> from gametheory.draw.svg import document
    >>> picture = drawn_controls(document(100, 40, []), ["depth: 4"], ["1"], ["undo"], "A to move")
    >>> [w in picture for w in ("depth: 4 ▾", ">undo<", ">A to move<")]
    [True, True, True]
    >>> picture.split("<desc>")[1].split("</desc>")[0]
    'The controls: depth: 4; move buttons 1; buttons undo. A picture drawn by gametheory, without words. A to move'

    """
    width, height = picture_size(board)
    body: list[str] = []
    y = 4.0

    def boxes(labels: Sequence[str], top: float) -> float:
        x = 0.0
        for label in labels:
            wide = text_width(label, 13) + 18
            if x and x + wide > max(width, 480):
                x, top = 0.0, top + 32
            body.append(
                f'<rect x="{x + 0.5:.1f}" y="{top + 0.5:.1f}" width="{wide:.1f}" height="26" '
                f'rx="3" fill="{_BUTTON_FILL}" stroke="{_BUTTON_RIM}"/>'
            )
            body.append(text(x + wide / 2, top + 18, label, 13, _BUTTON_INK))
            x += wide + 6
        return top + 32 if labels else top

    y = boxes([f"{menu} ▾" for menu in menus], y)
    body.append(board.replace("<svg ", f'<svg x="0" y="{y:.0f}" ', 1))
    y = boxes(moves, y + height + 6)
    y = boxes(buttons, y)
    for line in said.splitlines():
        body.append(text(0, y + 14, line, 13, _BUTTON_INK, "start"))
        y += 18
    widest = max([width, *(text_width(line, 13) for line in said.splitlines())])
    board_title, board_words = picture_words(board)
    parts = [", ".join(menus)]
    parts += [f"move buttons {', '.join(moves)}"] if moves else []
    parts += [f"buttons {', '.join(buttons)}"] if buttons else []
    controls = "; ".join(part for part in parts if part)
    desc = " ".join(w for w in (f"The controls: {controls}.", board_words, said) if w)
    title = board_title or "A game's board"
    return document(max(widest, 480), y + 4, body, max_width=None, title=title, desc=desc)


def play_depths(game: object, algorithm: str = "alphabeta") -> list[int | str]:
    """The depths a play widget offers for ``game`` and the search ``algorithm``: those it
    finishes in the widget's time.

    A game's ``max_play_depth`` is the deepest alpha-beta search it affords. A search that
    prunes nothing (minimax, negamax, expectiminimax) looks at far more positions at each
    depth — in Abapa minimax at depth 5 as many as alpha-beta at depth 8, and at depth 7 it
    took 11 s where alpha-beta took 0.07 s — so it is offered two thirds of those depths
    (at least 1). A game without ``max_play_depth`` is small: every search is offered 1 …
    9 and ``"to the end"``.

    >>> from gametheory.games.abapa import Abapa
    >>> from gametheory.games.tictactoe import TicTacToe
    >>> play_depths(Abapa())[-1], play_depths(Abapa(), "minimax")[-1]
    (9, 6)
    >>> play_depths(TicTacToe(), "minimax")[-2:]
    [9, 'to the end']
    """
    deepest = getattr(game, "max_play_depth", None)
    if deepest is None:
        return [*range(1, DEFAULT_MAX_DEPTH + 1), TO_THE_END]
    prunes = ALGORITHMS[algorithm].algorithm.windowed
    return list(range(1, (int(deepest) if prunes else max(1, 2 * int(deepest) // 3)) + 1))


# -- the machine: a textbook search, deepened by the engine's driver -------------------
def search_in_time(
    search: Callable[..., SearchResult],
    game: Game[Any, Any],
    state: Any,
    depth: int | None,
    evaluate: Evaluation,
    *,
    time_limit: float,
    on_depth: Callable[[int], None] | None = None,
) -> Deepened[SearchResult]:
    """Run ``search`` at depth 1, 2, … ``depth`` (None: until the game's end); the deepest
    one that finishes within ``time_limit`` seconds answers.

    The loop is the one deepening driver, :func:`~gametheory.search.engine.driver.deepen`:
    the first depth always finishes; every later one searches a
    :class:`~gametheory.search.engine.driver.TimedGame`, which stops it when the time is
    up (``cut`` then names the depth abandoned). A search that reaches no position at its
    depth limit has seen every line to its end, so deeper ones would give the same answer:
    it is the last (``stopped == "solved"``). ``on_depth(d)`` is called before depth ``d``
    starts (a widget shows it).

    Examples
    --------
    >>> from gametheory.games.nim import Nim
    >>> from gametheory.search.alphabeta import alphabeta
    >>> from gametheory.evaluation import terminal_only
    >>> answer = search_in_time(alphabeta, Nim(5), None, None, terminal_only(Nim(5)), time_limit=5)
    >>> answer.depth, answer.result.value == alphabeta(Nim(5)).value, answer.cut
    (6, True, None)
    """
    state = checked_state(game, state)

    def search_at(d: int, deadline: Deadline | None) -> SearchResult:
        if on_depth is not None:
            on_depth(d)
        # the clock is read at every move: a textbook node costs far more than a reading,
        # and a student's evaluation function may be slow
        timed = game if deadline is None else TimedGame(game, deadline, every=1)
        return search(timed, state, d, evaluate)

    depths = itertools.count(1) if depth is None else range(1, depth + 1)
    return deepen(search_at, depths, Deadline(time_limit), done=_every_line_ended)


def _every_line_ended(depth: int, result: SearchResult) -> str | None:
    """``"solved"`` if the search at ``depth`` met no position at its depth limit."""
    return "solved" if result.stats.max_depth < depth else None


def _checked_settings(
    human: int,
    algorithm: str,
    depth: int | None,
    time_limit: float,
    evaluations: Mapping[str, Evaluation] | None,
) -> None:
    """Raise a ValueError naming the first setting of a play widget that is not a choice."""
    if not isinstance(human, int):  # 1.0 == 1, but a player is a whole number
        raise GameError(f"human must be 0 (A) or 1 (B), got {human!r}")
    check_player(human, "human")
    textbook_search(algorithm)
    if depth is not None:
        whole_number(depth, "depth", minimum=1, or_none=True)
    number = not isinstance(time_limit, bool) and isinstance(time_limit, int | float)
    if not number or not time_limit > 0:
        raise GameError(f"time_limit must be a number of seconds > 0, got {time_limit!r}")
    for name, function in (evaluations or {}).items():
        if not callable(function):
            raise GameError(
                f"evaluation {name!r} is {function!r}: give a function "
                "evaluate(state, player) -> float"
            )


def _evaluation_choices(
    game: Game[Any, Any],
    evaluate: Evaluation | None,
    evaluations: Mapping[str, Evaluation] | None,
) -> dict[str, Evaluation]:
    """The evaluation menu: ``evaluate`` as "given" (unless it is one of ``evaluations``,
    then it is shown by its name), the named ones, else the game's default."""
    choices: dict[str, Evaluation] = {}
    named = dict(evaluations or {})
    if evaluate is not None and evaluate not in named.values():
        choices["given"] = evaluate
    choices.update(named)
    if not choices:
        own = isinstance(game, OwnEvaluation)
        choices["the game's own" if own else "results only"] = default_evaluation(game)
    return choices


# -- the widget -------------------------------------------------------------------------
def _checked_database(game: Any, database: object) -> EndgameDatabase | None:
    """``database`` if it is an endgame database of ``game`` (or None), else a ValueError."""
    if database is None:
        return None
    if not isinstance(database, EndgameDatabase):
        raise GameError(f"database must be an EndgameDatabase or None, got {database!r}")
    if database.game != game:
        raise GameError(f"the database is one of {database.game!r}, not of {game!r}")
    return database


_ROW_STYLE = {  # a losing move's line in bold too: its ✗ is not the only sign
    "✗": "margin:0;line-height:1.4;font-weight:bold",
    "✓": "margin:0;line-height:1.4",
    "–": "margin:0;line-height:1.4",
}


def _row_class(judged: Judged) -> str:
    return {"✗": "gt-play-lost", "✓": "gt-play-perfect"}.get(judged.mark, "gt-play-unknown")


def _in_a_kernel() -> bool:
    from IPython import get_ipython  # there wherever ipywidgets is: it imports it too

    return getattr(get_ipython(), "kernel", None) is not None


def _buttons(
    css: str, labels: Sequence[tuple[str, Any]], press: Callable[[Any], None]
) -> list[widgets.Button]:
    """One button per ``(label, value)``, as wide as its label, that calls ``press(value)``."""
    made = []
    for label, value in labels:
        made.append(widgets.Button(description=label, layout=widgets.Layout(width="auto")))
        made[-1].add_class(css)
        made[-1].on_click(lambda _, value=value: press(value))
    return made


def _listed(numbers: Sequence[int]) -> str:
    """Numbers in words: ``1``, ``1 and 3``, ``1, 3 and 5``.

    >>> _listed([1, 3, 5])
    '1, 3 and 5'
    """
    words = [str(n) for n in numbers]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _in_order(moves: list[Any], more: Sequence[Any]) -> list[Any]:
    """``moves`` with those of ``more`` it lacks, sorted if moves compare (houses, cells,
    takes), so that a button never moves when another one joins the row.

    >>> _in_order([1, 3, 5], [4, 2])
    [1, 2, 3, 4, 5]
    """
    joined = moves + [m for m in more if m not in moves]
    try:
        return sorted(joined)
    except TypeError:  # moves that do not compare keep the order they came in
        return joined


_Undo: TypeAlias = "tuple[Any, tuple[tuple[Any, Any], ...], str | None]"
"""Everything a move changes, to take it back: the state, the history, the piece selected."""


class PlayWidget(WidgetFront):
    """Play ``game`` against the machine: board, move buttons, hint, undo, new game.

    Parameters
    ----------
    game
        Any game following the protocol (chance moves are rolled with ``seed``).
    opponent
        A player (:class:`~gametheory.players.Agent`: a ``name`` and ``choose(game, state)
        -> move``) to play against.
        None (the default): the widget's own search, set by its algorithm, depth and
        evaluation controls, which also reports its value and principal variation.
    human
        The player you are: 0 (A, moves first) or 1 (B).
    depth
        The search depth in plies; None searches to the end of the game, or as deep as the
        game offers (its ``max_play_depth``).
    evaluate
        The evaluation function for positions at the depth limit (default: the game's own
        ``evaluate``, else the result of finished games only).
    evaluations
        Named evaluation functions to choose from (``evaluate`` joins them as "given",
        unless it is one of them: then the menu starts on its name).
    algorithm
        The search: ``"alphabeta"`` (default), ``"alphabeta_negamax"``, ``"minimax"``,
        ``"negamax"``, ``"expectiminimax"``.
    moves
        The moves to make buttons for, in order. (In games with pieces, such as checkers,
        you first select a piece and then get buttons for its moves, multi-jumps whole.) By
        default: every move that has been legal for you so far, so buttons stay in place and
        an illegal one says why.
    seed
        Seed for the dice of chance moves.
    time_limit
        Seconds the machine may think about one move (or a hint); when they run out it
        plays the answer of the deepest search it finished.
    background
        Think in a background thread when a button is pressed (see the module's text). None
        (default): when running in a kernel.
    database
        An Abapa :class:`~gametheory.games.abapa.endgame.EndgameDatabase` of this game: the
        widget then offers the perfect opponent, the verdicts, the review and the replay
        (see the module's text).
    start
        The position a game starts from (default: the game's initial position), e.g. an
        endgame; "new game" goes back to it.

    Raises
    ------
    ValueError
        For a ``human``, ``algorithm``, ``depth``, ``time_limit`` or evaluation that is not
        one of the choices, or a ``database`` of another game.

    Examples
    --------
    >>> from gametheory.games.tictactoe import TicTacToe
    >>> widget = PlayWidget(TicTacToe(), depth=None)
    >>> widget.state = TicTacToe().state("XO./XO./...")   # set up a position, X to move
    >>> widget.refresh()
    >>> widget.hint_button.click(); widget.message
    'Hint: play 6 (value 1 for you; the line the machine expects, your move first: 6).'
    >>> widget.button_for(0).click(); widget.message
    'cell 0 in\\nX O .\\nX O .\\n. . .\\nis taken by X'

    An Abapa endgame against the perfect opponent, with the verdicts and the review:

    >>> from gametheory.games.abapa import Abapa
    >>> from gametheory.games.abapa.endgame import EndgameDatabase
    >>> game = Abapa()
    >>> database = EndgameDatabase.build(game, seeds=4)
    >>> start = game.state([0, 1, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 2], stores=(22, 22))
    >>> widget = PlayWidget(game, database=database, start=start, depth=2)
    >>> widget.verdicts(); print(widget.message)
    Against perfect play (A to move): 2 keeps the win (4 seeds of 4), all taken in 14 moves;
    6 throws away 3 seeds and the win (a loss instead).
    >>> widget.click(6); print(widget.reply)
    You play 6: it sows 1 seed into house 7. The perfect opponent (B) plays 12: it keeps the
    win (3 seeds of 4), the rest shared by a cycle. It sows 2 seeds into houses 1, 2,
    captures 2 seeds from house 2.
    >>> print(widget.judged()[0].text(database.seeds))
    ✗ 1. A plays 6: lost 3 seeds, won → lost; it throws away 3 seeds and the win
    (a loss instead)
    """

    note = "Run this cell to play against the machine."

    def __init__(
        self,
        game: Game[Any, Any],
        opponent: Agent | None = None,
        *,
        human: int = 0,
        depth: int | None = None,
        evaluate: Evaluation | None = None,
        evaluations: Mapping[str, Evaluation] | None = None,
        algorithm: str = "alphabeta",
        moves: Sequence[Any] | None = None,
        seed: int = 0,
        time_limit: float = 10.0,
        background: bool | None = None,
        database: EndgameDatabase | None = None,
        start: Any = None,
    ) -> None:
        checked_game(game, "PlayWidget")
        _checked_settings(human, algorithm, depth, time_limit, evaluations)
        self.database = _checked_database(game, database)
        self.start = game.initial_state() if start is None else checked_state(game, start)
        self._searches = offered_searches(game)
        offered(algorithm, self._searches)
        self.game = game
        self.opponent = opponent
        self.human = human
        self.time_limit = float(time_limit)
        self.background = _in_a_kernel() if background is None else background
        self.rng = random.Random(seed)
        self.state: Any = self.start
        self.history: list[tuple[Any, Any]] = []  # (state before, move) for every move
        self.message = ""
        self.reply = ""
        self.thinking = ""  # what the machine is doing while it thinks, else ""
        self._busy = False  # an action is under way (in this thread or another)
        self._worker: threading.Thread | None = None
        self._lock = threading.RLock()  # the widget's state, between the kernel and the worker
        self._fixed_moves = list(moves) if moves is not None else None
        self._seen_moves: list[Any] = list(moves) if moves is not None else self._first_moves()
        self._button_moves: list[Any] | None = None
        self.move_buttons: list[widgets.Button] = []
        # games with pieces (checkers): first pick a piece, then one of its moves
        self.piece_buttons: list[widgets.Button] = []
        self.selected: str | None = None
        self._menus(algorithm, depth, _evaluation_choices(game, evaluate, evaluations), evaluate)
        self._controls()
        self._perfect_controls()
        self.widget = self._layout()
        self._depth_changed()
        self._new_game()  # the machine opens if you are B: this cell waits for it

    def _menus(
        self,
        algorithm: str,
        depth: int | None,
        choices: Mapping[str, Evaluation],
        evaluate: Evaluation | None,
    ) -> None:
        """The search, depth and evaluation menus, set as the arguments say."""
        self._asked = depth  # a depth asked for by name is offered whatever the search
        depths = self._depths(algorithm)
        menu = widgets.Dropdown
        self.algorithm_menu = labelled(
            menu, "gt-play-search", "search", options=self._searches, value=algorithm
        )
        shown = TO_THE_END if depth is None and TO_THE_END in depths else depth or depths[-1]
        options = [(str(d), d) for d in depths]
        seconds = number_text(self.time_limit)
        tip = f"how deep the machine looks; it plays the deepest depth it finishes in {seconds} s"
        self.depth_menu = labelled(
            menu, "gt-play-depth", "depth", "11em", options=options, value=shown, tooltip=tip
        )
        self.algorithm_menu.observe(lambda _: self._search_chosen(), names="value")
        chosen = evaluate if evaluate is not None else next(iter(choices.values()))
        self.evaluation_menu = labelled(
            menu, "gt-play-evaluation", "evaluation", options=list(choices.items()), value=chosen
        )
        self.depth_menu.observe(lambda _: self._depth_changed(), names="value")

    def _depths(self, algorithm: str) -> list[int | str]:
        """The depths offered with ``algorithm`` (and the one asked for by name)."""
        depths = play_depths(self.game, algorithm)
        if self._asked is not None and self._asked not in depths:
            depths = sorted({*(d for d in depths if isinstance(d, int)), self._asked})
        return depths

    def _search_chosen(self) -> None:
        """Another search: offer the depths it finishes in time, and say so if the depth
        chosen is not one of them."""
        with self._lock:
            depths, chosen = self._depths(str(self.algorithm_menu.value)), self.depth_menu.value
            kept = chosen if chosen in depths else depths[-1]
            if [value for _, value in self.depth_menu.options] != depths:
                self.depth_menu.options = [(str(d), d) for d in depths]
                self.depth_menu.value = kept
            if kept != chosen:
                self._say(
                    f"{self.algorithm_menu.value} prunes nothing, so it is offered only depths "
                    f"1 to {depths[-1]} here (two thirds of alpha-beta's): depth {kept} is "
                    "chosen."
                )

    def _controls(self) -> None:
        """The board, the boxes of piece and move buttons, the buttons, the status line."""
        self.board = picture_box("gt-play-board")
        self.how = widgets.HTML(
            "<i>Press a move's button below to play it (the board itself takes no clicks).</i>"
        ).add_class("gt-play-how")
        self.status = widgets.HTML().add_class("gt-play-status")
        self.buttons_box = widgets.Box(layout=widgets.Layout(flex_flow="row wrap"))
        self.pieces_box = widgets.Box(layout=widgets.Layout(flex_flow="row wrap"))
        self.buttons_box.add_class("gt-play-moves")
        self.pieces_box.add_class("gt-play-pieces")
        self.hint_button = icon_button(
            "gt-play-hint", "lightbulb-o", "what would the machine play?", "hint"
        )
        self.undo_button = icon_button("gt-play-undo", "undo", "take back your last move", "undo")
        self.new_button = icon_button(
            "gt-play-new", "refresh", "start again", "new game", width="auto"
        )
        self.hint_button.on_click(lambda _: self._press(self._hint))
        self.undo_button.on_click(lambda _: self._press(self._undo))
        self.new_button.on_click(lambda _: self._press(self._new_game))

    def _menus_and_buttons(self) -> tuple[list[Any], list[widgets.Button]]:
        """The menus and the buttons below the moves (the perfect opponent's with a database)."""
        menus = [self.algorithm_menu, self.depth_menu, self.evaluation_menu]
        buttons = [self.hint_button, self.undo_button, self.new_button]
        if self.database is not None:
            menus.insert(0, self.opponent_menu)
            buttons.insert(1, self.verdicts_button)
        return menus, buttons

    def _layout(self) -> widgets.VBox:
        """The whole widget: menus, board, pieces, moves, buttons, status."""
        menus, buttons = self._menus_and_buttons()
        perfect = [] if self.database is None else [self.review, self.replay_box]
        parts = [row(menus), self.board, self.how, self.pieces_box, self.buttons_box]
        parts.append(widgets.HBox(buttons))
        return widgets.VBox([*parts, self.status, *perfect]).add_class("gt-play")

    # -- the machine --------------------------------------------------------------------
    @property
    def depth(self) -> int | None:
        """The search depth chosen (None: to the end of the game)."""
        value = self.depth_menu.value
        return None if value == TO_THE_END else int(value)

    @property
    def last_move(self) -> Any:
        """The move last made (None before the first), shown on the board."""
        return self.history[-1][1] if self.history else None

    @property
    def busy(self) -> bool:
        """Whether an action is under way, e.g. the machine thinking (clicks are refused)."""
        return self._busy

    def search(self, state: Any = None) -> SearchResult:
        """One search from ``state`` (the current position by default) at the chosen depth.

        The machine itself deepens with a time limit (:meth:`think`); this is the plain
        search the controls describe.
        """
        state = self.state if state is None else state
        return self._search()(self.game, state, self.depth, self.evaluation_menu.value)

    def _search(self) -> Callable[..., SearchResult]:
        return textbook_search(str(self.algorithm_menu.value))

    def think(self, state: Any = None) -> Deepened[SearchResult]:
        """What the machine plays at ``state``: :func:`search_in_time` with the widget's
        settings.

        While it searches, the status line says which depth it is on.
        """
        state = self.state if state is None else state
        search, evaluate = self._search(), self.evaluation_menu.value
        try:
            return search_in_time(
                search,
                self.game,
                state,
                self.depth,
                evaluate,
                time_limit=self.time_limit,
                on_depth=self._thinking,
            )
        finally:
            self._thinking(None)

    def _thinking(self, depth: int | None) -> None:
        """Say which depth the machine is searching (None: it is not thinking)."""
        with self._lock:
            self.thinking = "" if depth is None else f"thinking… (depth {depth})"
            self._show_status()

    def wait(self, timeout: float | None = None) -> None:
        """Wait until the machine has finished thinking in the background (for tests)."""
        worker = self._worker
        if worker is not None:
            worker.join(timeout)

    def _line(self, result: SearchResult, state: Any) -> str:
        """The principal variation from ``state``, each move as the game writes it there."""
        words = []
        for move in result.pv:
            words.append(move_label(self.game, move, state))
            state = self.game.result(state, move)
        return " ".join(words) or "—"

    def _when_cut(self, answer: Deepened[SearchResult]) -> str:
        if answer.cut is None:
            return ""
        return (
            f" (Its {number_text(self.time_limit)} s ran out during depth {answer.cut}: "
            f"this is its depth-{answer.depth} answer.)"
        )

    def _effect(self, state: Any, move: Any) -> str:
        """What ``move`` does in ``state``, in the game's words, where the game says (its
        ``move_effect``, e.g. Abapa's sowing and captures); else nothing."""
        describe = getattr(self.game, "move_effect", None)
        if describe is None:
            return ""
        try:
            return str(describe(state, move))
        except GameError:
            return ""

    def _refusal(self, error: GameError) -> str:
        """Why a clicked move is not allowed: the game's reason in a player's words and the
        moves that are (where the game gives a reason and there are only a few), or the
        game's own message."""
        reason = error.reason if isinstance(error, IllegalMoveError) else None
        if not reason:
            return str(error)
        text = reason[:1].upper() + reason[1:]
        legal = [move_label(self.game, m, self.state) for m in self.game.legal_moves(self.state)]
        if 1 < len(legal) <= 8:
            text += f"; you can play {', '.join(legal[:-1])} or {legal[-1]}"
        elif len(legal) == 1:
            text += f"; you can play only {legal[0]}"
        return text + "."

    def _machine_moves(self) -> None:
        """Let chance and the machine move until it is the human's turn or the game ends."""
        game = self.game
        while True:
            with self._lock:
                state = self.state
                if game.is_terminal(state) or game.to_move(state) == self.human:
                    return
            mover = game.to_move(state)
            if mover == CHANCE:
                move = sample_outcome(game, state, self.rng)
                reply = f"Chance: {move}."
            elif self.opponent is not None:
                move = self.opponent.choose(game, state)
                reply = f"{self.opponent.name} plays {move_label(game, move, state)}."
            elif self._perfect_here(state):
                move, reply = self._perfect_reply(state)
            else:
                move, reply = self._searched_reply(state)
            effect = "" if mover == CHANCE else self._effect(state, move)
            reply += f" It {effect}" if effect else ""
            with self._lock:
                self._play(move)
                self.reply = f"{self.reply} {reply}".strip()  # chance, then the machine
                self._answered()
                self.refresh()

    def _searched_reply(self, state: Any) -> tuple[Any, str]:
        """The machine's search plays: its move, and what it says (which search, if the
        perfect opponent was chosen, and why it is not playing)."""
        game, mover = self.game, self.game.to_move(state)
        answer = self.think(state)
        result, move = answer.result, answer.result.move
        reply = (
            f"The machine ({player_name(mover)}) plays "
            f"{move_label(game, move, state)}: value "
            f"{number_text(result.value)} for it; the line it expects, its move "
            f"first: {self._line(result, state)} ({result.stats.nodes} positions searched)."
            + self._when_cut(answer)
        )
        if self.database is not None and self.opponent_menu.value == "perfect":
            reply = f"{self._outside(state)}: the search plays instead ({self._which()}). {reply}"
        return move, reply

    def _which(self) -> str:
        """The search the widget's menus choose, in words."""
        depth = TO_THE_END if self.depth is None else f"depth {self.depth}"
        return f"{self.algorithm_menu.value}, {depth}"

    def _say(self, message: str) -> None:
        """Show ``message`` under the board (and everything else as it is now)."""
        with self._lock:
            self.message = message
            self.refresh()

    def _play(self, move: Any) -> None:
        before = self.state
        self.state = self.game.result(before, move)  # raises for an illegal move
        self.history.append((before, move))

    # -- how an action runs: now, or in the background ------------------------------------
    def _position(self) -> _Undo:
        return self.state, tuple(self.history), self.selected

    def _restore(self, position: _Undo) -> None:
        self.state, history, self.selected = position
        self.history[:] = history

    def _claim(self) -> bool:
        """Start an action, unless another is under way: then say so and refuse this one."""
        with self._lock:
            if self._busy:
                self.message = f"{_WAIT} thinking. Your click was ignored."
                self._show_status()
                return False
            self._busy = True
            return True

    def _release(self) -> None:
        """The action is over: the widget takes the next one."""
        with self._lock:
            self._busy = False
            self.thinking = ""
            self._answered()
            self.refresh()

    def _answered(self) -> None:
        """The machine has answered: a request to wait is no longer true, but the click it
        answered still did nothing (said again, or the reply would hide the refusal)."""
        if self.message.startswith(_WAIT):
            self.message = _IGNORED

    def _press(self, action: Callable[[], None]) -> None:
        """What a button does: run ``action`` in a background thread when in a kernel."""
        self._act(action, background=self.background)

    def _act(self, action: Callable[[], None], *, background: bool = False) -> None:
        """Run ``action`` as the one action under way, now or in a background thread.

        An interrupt or an error midway takes the position back and says so (nothing half
        applied); run now, the exception then goes on to the caller.
        """
        if not self._claim():
            return
        before = self._position()

        def run() -> None:
            try:
                action()
            except (Exception, KeyboardInterrupt) as error:
                with self._lock:
                    self._restore(before)
                    self.reply = ""
                    self.message = (
                        "Interrupted: the position is as it was before."
                        if isinstance(error, KeyboardInterrupt)
                        else f"The machine could not answer: {error}"
                    )
                if not background:
                    raise
            finally:
                self._release()

        if not background:
            return run()
        self._worker = threading.Thread(target=run, name="gametheory-play", daemon=True)
        try:
            self._worker.start()
        except RuntimeError:  # no threads here (the browser's Python): think before returning
            self._worker = None
            run()

    # -- what the buttons do ------------------------------------------------------------
    def click(self, move: Any) -> None:
        """Play ``move`` for the human and let the machine answer (what a move button does).

        Never raises for a wrong move: the message says why it is not allowed.
        """
        self._act(lambda: self._click(move))

    def _click(self, move: Any) -> None:
        with self._lock:  # a move refused leaves the machine's last reply in view
            if self.game.is_terminal(self.state):
                return self._say("The game is over: press “new game” to play again.")
            if self.game.to_move(self.state) != self.human:
                return self._say("It is not your turn.")
            before = self._position()
            try:
                self._play(move)
            except GameError as error:
                return self._say(self._refusal(error))
            effect = self._effect(before[0], move)
            played = f"You play {move_label(self.game, move, before[0])}"
            self.reply = f"{played}: it {effect}" if effect else f"{played}."
            self.selected = None
            self._say("")
        try:
            self._machine_moves()
        except GameError as error:  # e.g. a search that cannot handle this game
            with self._lock:
                self._restore(before)
                self._say(f"{error} (your move was taken back)")

    def select(self, origin: str | None) -> None:
        """Pick the piece on ``origin`` (what a piece button does); its moves become buttons."""
        self._act(lambda: self._select(origin))

    def _select(self, origin: str | None) -> None:
        with self._lock:
            self.selected = origin
            self._say("")

    def hint(self) -> None:
        """Say what the machine would play for you here."""
        self._act(self._hint)

    def _hint(self) -> None:
        with self._lock:
            self.reply = ""
            state = self.state
            if self.game.is_terminal(state):
                return self._say("The game is over: there is nothing to suggest.")
        try:
            answer = self.think(state)
        except GameError as error:
            message = str(error)
        else:
            result = answer.result
            message = (
                f"Hint: play {move_label(self.game, result.move, state)} "
                f"(value {number_text(result.value)} for you; the line the machine expects, "
                f"your move first: {self._line(result, state)})." + self._when_cut(answer)
            )
        self._say(message)

    def undo(self) -> None:
        """Take back your last move and the machine's replies to it."""
        self._act(self._undo)

    def _undo(self) -> None:
        with self._lock:
            self.reply = ""
            mine = [
                i
                for i, (before, _) in enumerate(self.history)
                if self.game.to_move(before) == self.human
            ]
            if not mine:
                return self._say("Nothing to undo: you have not moved yet.")
            back = mine[-1]
            self.state = self.history[back][0]
            del self.history[back:]
            self._reviewing = False
            self._say("Move taken back.")

    def new_game(self) -> None:
        """Start again from the initial position (the machine opens if you are B)."""
        self._act(self._new_game)

    def _new_game(self) -> None:
        with self._lock:
            self.state = self.start
            self.history.clear()
            self._reviewing = False
            self._told.clear()
            self.selected = None
            self.message = self.reply = ""
            self.refresh()
        try:
            self._machine_moves()
        except GameError as error:
            self._say(str(error))

    def _depth_changed(self) -> None:
        # to the end, the answer does not depend on the evaluation
        end = self.depth is None
        self.evaluation_menu.disabled = end
        needed = "scores the positions where the search stops"
        self.evaluation_menu.tooltip = "not needed: the search goes to the end" if end else needed

    # -- perfect play (with an endgame database) ------------------------------------------
    def _perfect_controls(self) -> None:
        """The opponent menu, the verdicts button, the review and the replay (with a database;
        without one they are made but not shown)."""
        held = f"boards of at most {self.database.seeds} seeds" if self.database else ""
        self.opponent_menu = labelled(
            widgets.Dropdown,
            "gt-play-opponent",
            "opponent",
            options=[("perfect (endgame database)", "perfect"), ("the search", "search")],
            value="perfect" if self.opponent is None else "search",
            disabled=self.opponent is not None,
            tooltip=f"perfect play where the database holds the position ({held}); "
            "elsewhere the search plays",
        )
        self.verdicts_button = icon_button(
            "gt-play-verdicts", "balance-scale", "each move against perfect play", "verdicts"
        )
        self.verdicts_button.on_click(lambda _: self._press(self._verdicts))
        self.review = widgets.HTML(layout=widgets.Layout(max_height="18em", overflow="auto"))
        self.review.add_class("gt-play-review")
        self.replay_slider = labelled(
            widgets.IntSlider, "gt-play-replay", "replay", "24em", min=0, max=0
        )
        self.replay_slider.observe(lambda _: self._show_replay(), names="value")
        self.replay_loss = icon_button(
            "gt-play-replay-loss", "step-forward", "the next losing move (✗)", "next loss"
        )
        self.replay_loss.on_click(lambda _: self.next_loss())
        self.replay_board = picture_box("gt-play-replay-board")
        self.replay_caption = widgets.HTML().add_class("gt-play-replay-caption")
        self.replay_box = widgets.VBox(
            [row([self.replay_slider, self.replay_loss]), self.replay_caption, self.replay_board],
            layout=widgets.Layout(display="none"),
        ).add_class("gt-play-replay-box")
        self._reviewing = False
        self._told: set[int] = set()  # the plies before which the verdicts were shown
        self._judged: list[Judged] = []
        self._judged_for: tuple[tuple[Any, Any], ...] | None = None  # the history judged

    def _in_database(self, state: Any) -> bool:
        return self.database is not None and sum(state.houses) <= self.database.seeds

    def _perfect_here(self, state: Any) -> bool:
        """Whether the perfect opponent plays at ``state``: chosen, and the board in the
        database."""
        return self._in_database(state) and self.opponent_menu.value == "perfect"

    def _outside(self, state: Any) -> str:
        assert self.database is not None
        return (
            f"Outside the endgame database ({sum(state.houses)} seeds on the board; it holds "
            f"boards of at most {self.database.seeds})"
        )

    def _perfect_reply(self, state: Any) -> tuple[Any, str]:
        """The perfect opponent's move at ``state`` and what it says."""
        assert self.database is not None
        move = PerfectPlayer(self.database).choose(self.database.game, state)
        words = verdicts(self.database, state)[move]
        label = move_label(self.game, move, state)
        mover = player_name(self.game.to_move(state))
        return move, f"The perfect opponent ({mover}) plays {label}: it {words}."

    def verdicts(self) -> None:
        """Say each move's verdict against perfect play here, and show the review of the
        moves played so far (what the "verdicts" button does)."""
        self._act(self._verdicts)

    def _verdicts(self) -> None:
        with self._lock:
            self.reply = ""
            self._reviewing = True
            if self._in_database(self.state) and not self.game.is_terminal(self.state):
                self._told.add(len(self.history))
            self._say(self._verdicts_text(self.state))

    def _verdicts_text(self, state: Any) -> str:
        """Each legal move's verdict at ``state``, or why there is none."""
        if self.database is None:
            return "Verdicts need an endgame database: PlayWidget(game, database=…)."
        if self.game.is_terminal(state):
            return "The game is over: the review below judges its moves."
        if not self._in_database(state):
            return f"No verdicts here. {self._outside(state)}."
        words = verdicts(self.database, state)
        said = "; ".join(
            f"{move_label(self.game, move, state)} {text}" for move, text in words.items()
        )
        who = player_name(self.game.to_move(state))
        return f"Against perfect play ({who} to move): {said}."

    def judged(self) -> list[Judged]:
        """The moves played so far, each judged against perfect play (empty without a
        database)."""
        if self.database is None:
            return []
        key = tuple(self.history)
        if self._judged_for != key:
            states = [before for before, _ in self.history]
            moves = [move for _, move in self.history]
            self._judged, self._judged_for = judge(self.database, states, moves), key
        return self._judged

    def _show_review(self) -> None:
        """The review and the replay: shown once the game is over, or on request."""
        shown = self.database is not None and (self._reviewing or self.game.is_terminal(self.state))
        if not shown:
            self.review.value = ""
            self.replay_box.layout.display = "none"
            return
        judged, held = self.judged(), self.database.seeds if self.database else 0
        lines = "".join(
            f"<div class='gt-play-judged {_row_class(j)}' style='{_ROW_STYLE[j.mark]}'>"
            f"{escape(j.text(held))}{' (verdicts shown before it)' if i in self._told else ''}"
            "</div>"
            for i, j in enumerate(judged)
        )
        lost = sum(1 for j in judged if j.mark == "✗")
        told = sorted(i + 1 for i in self._told if i < len(judged))
        title = (
            f"<b>The game against perfect play</b>: {len(judged)} moves, "
            f"{lost} of them lost seeds (✗)"
            + (f"; verdicts shown before move {_listed(told)}" if told else "")
        )
        self.review.value = f"<div>{title}</div>{lines or '<div>No move yet.</div>'}"
        self.replay_box.layout.display = "flex" if judged else "none"
        if self.replay_slider.max != len(judged):
            self.replay_slider.max = len(judged)
            self.replay_slider.value = len(judged)
        self._show_replay()

    def _show_replay(self) -> None:
        """The board after the move the replay slider is on, and that move's line."""
        with self._lock:
            judged, at = self.judged(), int(self.replay_slider.value)
            if not judged:
                return
            held = self.database.seeds if self.database else 0
            states = [before for before, _ in self.history] + [self.state]
            move = self.history[at - 1][1] if at else None
            self.replay_board.value = fitted(draw_board(self.game, states[at], last_move=move))
            caption = "The start of the game." if at == 0 else judged[at - 1].text(held)
            self.replay_caption.value = f"<div>{escape(caption)}</div>"

    def next_loss(self) -> None:
        """Move the replay to the next move that lost seeds (after the one shown), or the
        first one from the start."""
        with self._lock:
            judged, at = self.judged(), int(self.replay_slider.value)
        losses = [j.ply for j in judged if j.mark == "✗"]
        later = [ply for ply in losses if ply > at]
        if later or losses:
            self.replay_slider.value = (later or losses)[0]

    def _first_moves(self) -> list[Any]:
        """The moves the player has at the game's own start (where the opponent starts: in
        each position after its first move), so that a game begun later, in an endgame, shows
        the same buttons in the same order as a whole game does; [] if the game cannot say."""
        game = self.game
        try:
            start = game.initial_state()
            if game.is_terminal(start):
                return []
            if game.to_move(start) == self.human:
                return _in_order([], game.legal_moves(start))
            firsts: list[Any] = []
            for move in game.legal_moves(start):
                after = game.result(start, move)
                if not game.is_terminal(after) and game.to_move(after) == self.human:
                    firsts = _in_order(firsts, game.legal_moves(after))
            return firsts
        except GameError:
            return []

    # -- what is shown ------------------------------------------------------------------
    @property
    def svg(self) -> Svg:
        """The picture of the board as shown."""
        return draw_board(self.game, self.state, last_move=self.last_move)

    def still_picture(self) -> Svg:
        """The still where no kernel runs the widget: the widget as it was, drawn — its menus
        with their choices, the board, the move buttons, the other buttons and what the
        status line said — so that the picture shows the controls the lesson's text names.

        >>> from gametheory.games.nim import Nim
        >>> still = PlayWidget(Nim(5), depth=None, background=False).still_picture()
        >>> [w for w in ("search: alphabeta", "depth: to the end", "hint", "undo", "new game",
        ...     "take 1") if w not in still]
        []
        """
        menus, buttons = self._menus_and_buttons()
        return drawn_controls(
            self.svg,
            [f"{m.description}: {m.label}" for m in menus],
            [b.description for b in self.move_buttons],
            [b.description for b in buttons],
            "\n".join(self._said()),
        )

    def button_for(self, move: Any) -> widgets.Button:
        """The button that plays ``move``."""
        for button, candidate in zip(self.move_buttons, self._button_moves or [], strict=True):
            if candidate == move:
                return button
        raise GameError(f"there is no button for move {move!r}; buttons: {self._button_moves!r}")

    def refresh(self) -> None:
        """Redraw the board, the move buttons and the messages from the Python state."""
        with self._lock:
            self._refresh()

    def _refresh(self) -> None:
        game, state = self.game, self.state
        over = game.is_terminal(state)
        legal = [] if over else list(game.legal_moves(state))
        if self._fixed_moves is None and not over and game.to_move(state) == self.human:
            self._seen_moves = _in_order(self._seen_moves, legal)
        moves = self._seen_moves
        origins = [move_origin(game, m) for m in legal]
        if any(origin is not None for origin in origins) and game.to_move(state) == self.human:
            self._show_pieces(legal, origins)
            moves = [m for m, o in zip(legal, origins, strict=True) if o == self.selected]
        elif self.piece_buttons:
            self.piece_buttons = []
            self.pieces_box.children = ()
        if self._button_moves != moves:
            self._button_moves = list(moves)
            labels = [(move_label(game, move, state), move) for move in moves]
            self.move_buttons = _buttons(
                "gt-play-move", labels, lambda move: self._press(lambda: self._click(move))
            )
            self.buttons_box.children = tuple(self.move_buttons)
        for button, move in zip(self.move_buttons, moves, strict=True):
            button.button_style = "info" if move in legal else ""
            button.tooltip = f"play {move}" if move in legal else f"{move} is not legal now"
        self.board.value = fitted(self.svg)
        self._show_status()
        self._show_review()

    def _said(self) -> list[str]:
        """What the status line says: the reply, a message, the thinking, the outcome, a prompt."""
        said = (self.reply, self.message, self.thinking, self._outcome(), self.prompt)
        return [text for text in said if text]

    def _show_status(self) -> None:
        self.status.value = "".join(
            f"<pre style='margin:0 0 2px;white-space:pre-wrap;word-break:normal;"
            f"overflow-wrap:break-word'>{escape(text)}</pre>"
            for text in self._said()
        )

    @property
    def prompt(self) -> str:
        """What to do, while nothing else is said: whose turn, and how to move."""
        game, state = self.game, self.state
        if self.reply or self.message or self.thinking or game.is_terminal(state):
            return ""
        if game.to_move(state) != self.human:
            return ""
        return f"Your move: you are {player_name(self.human)}. Press a move's button below."

    def _show_pieces(self, legal: list[Any], origins: list[str | None]) -> None:
        """One button per piece that can move; the selected one highlighted."""
        distinct = list(dict.fromkeys(o for o in origins if o is not None))
        if self.selected not in distinct:
            self.selected = None
        if [b.description for b in self.piece_buttons] != distinct:
            self.piece_buttons = _buttons("gt-play-piece", [(o, o) for o in distinct], self.select)
            self.pieces_box.children = tuple(self.piece_buttons)
        for button in self.piece_buttons:
            chosen = button.description == self.selected
            button.button_style = "warning" if chosen else ""
            button.tooltip = "its moves are below" if chosen else "select this piece"

    def piece_button(self, origin: str) -> widgets.Button:
        """The button that selects the piece on ``origin``."""
        for button in self.piece_buttons:
            if button.description == origin:
                return button
        pieces = [b.description for b in self.piece_buttons]
        raise GameError(f"no piece on {origin!r} can move; pieces that can: {pieces}")

    def _outcome(self) -> str:
        if not self.game.is_terminal(self.state):
            return ""
        mine = self.game.utility(self.state, self.human)
        verdict = "You win!" if mine > 0 else "You lose." if mine < 0 else "A draw."
        return f"Game over. {verdict} (your payoff {number_text(mine)})"
