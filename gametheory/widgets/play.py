"""Play a game against the machine in the notebook.

:class:`PlayWidget` shows the board (:func:`~gametheory.draw.boards.draw_board`), one button
per move, and the machine's answer with its value and principal variation. It works for
every game that follows the protocol. All of its state lives in Python, so a test plays a
whole game by pressing the buttons with ``button.click()``.

>>> from gametheory.games.nim import Nim
>>> widget = PlayWidget(Nim(5))
>>> widget.move_buttons[0].click()            # A takes 1 and leaves 4: a winning move
>>> widget.state                              # B took something; A is to move again
NimState(matches=3, to_move=0)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from html import escape
from typing import Any, Protocol

import ipywidgets as widgets

from gametheory.core import CHANCE, Evaluation, Game, GameError, player_name
from gametheory.draw.boards import draw_board, move_label, move_origin
from gametheory.draw.svg import Svg
from gametheory.evaluation import default_evaluation
from gametheory.search import ALGORITHMS
from gametheory.search.result import SearchResult
from gametheory.search.trace import fmt

__all__ = ["PlayWidget", "Chooser"]

SEARCHES: Mapping[str, Callable[..., SearchResult]] = ALGORITHMS
"""The searches the widget offers, by name (all the textbook ones; expectiminimax for dice)."""

TO_THE_END = "to the end"


class Chooser(Protocol):
    """The player contract: a ``name`` and ``choose(game, state) -> move``."""

    name: str

    def choose(self, game: Any, state: Any) -> Any: ...


class PlayWidget:
    """Play ``game`` against the machine: board, move buttons, hint, undo, new game.

    Parameters
    ----------
    game
        Any game following the protocol (chance moves are rolled with ``seed``).
    opponent
        A player object (``name`` and ``choose(game, state) -> move``) to play against.
        None (the default): the widget's own search, set by its algorithm, depth and
        evaluation controls, which also reports its value and principal variation.
    human
        The player you are: 0 (A, moves first) or 1 (B).
    depth
        The search depth in plies; None searches to the end of the game.
    evaluate
        The evaluation function for positions at the depth limit.
    evaluations
        Named evaluation functions to choose from (``evaluate`` joins them as "given").
    algorithm
        The search: ``"alphabeta"`` (default), ``"alphabeta_negamax"``, ``"minimax"``,
        ``"negamax"``.
    moves
        The moves to make buttons for, in order. (In games with pieces, such as checkers,
        you first select a piece and then get buttons for its moves, multi-jumps whole.) By default: every move that has been
        legal for you so far, so buttons stay in place and an illegal one says why.
    seed
        Seed for the dice of chance moves.

    Examples
    --------
    >>> from gametheory.games.tictactoe import TicTacToe
    >>> widget = PlayWidget(TicTacToe(), depth=None)
    >>> widget.state = TicTacToe().state("XO./XO./...")   # set up a position, X to move
    >>> widget.refresh()
    >>> widget.hint_button.click(); widget.message
    'Hint: play 6 (value 1 for you; line 6).'
    >>> widget.button_for(0).click(); widget.message
    'cell 0 in\\nX O .\\nX O .\\n. . .\\nis taken by X'
    """

    def __init__(
        self,
        game: Game[Any, Any],
        opponent: Chooser | None = None,
        *,
        human: int = 0,
        depth: int | None = None,
        evaluate: Evaluation | None = None,
        evaluations: Mapping[str, Evaluation] | None = None,
        algorithm: str = "alphabeta",
        moves: Sequence[Any] | None = None,
        seed: int = 0,
    ) -> None:
        if human not in (0, 1):
            raise ValueError(f"human must be 0 (A, moves first) or 1 (B), got {human!r}")
        if algorithm not in SEARCHES:
            raise ValueError(
                f"algorithm {algorithm!r} is unknown: choose one of {', '.join(SEARCHES)}"
            )
        if depth is not None and (
            isinstance(depth, bool) or not isinstance(depth, int) or depth < 1
        ):
            raise ValueError(f"depth must be a whole number >= 1 or None, got {depth!r}")
        if depth is not None and evaluate is None and not evaluations:
            evaluate = default_evaluation(game)  # the game's own, or utilities only
        self.game = game
        self.opponent = opponent
        self.human = human
        self.rng = random.Random(seed)
        self.state: Any = game.initial_state()
        self.history: list[tuple[Any, Any]] = []  # (state before, move) for every move
        self.last_move: Any = None
        self.message = ""
        self.reply = ""
        self._fixed_moves = list(moves) if moves is not None else None
        self._seen_moves: list[Any] = list(moves) if moves is not None else []
        self._button_moves: list[Any] | None = None

        choices: dict[str, Evaluation | None] = {}
        if evaluate is not None:
            choices["given"] = evaluate
        choices.update(evaluations or {})
        if not choices:
            choices["none (search to the end)"] = None
        self.algorithm_menu = widgets.Dropdown(
            options=list(SEARCHES), value=algorithm, description="search"
        )
        self.depth_menu = widgets.Dropdown(
            options=[TO_THE_END, *range(1, 13)],
            value=TO_THE_END if depth is None else depth,
            description="depth",
        )
        self.evaluation_menu = widgets.Dropdown(
            options=list(choices.items()), description="evaluation"
        )
        self.hint_button = widgets.Button(
            description="hint", tooltip="what would the machine play?"
        )
        self.undo_button = widgets.Button(description="undo", tooltip="take back your last move")
        self.new_button = widgets.Button(description="new game")
        self.board = widgets.HTML()
        self.status = widgets.HTML()
        self.buttons_box = widgets.Box(layout=widgets.Layout(flex_flow="row wrap"))
        self.move_buttons: list[widgets.Button] = []
        # games with pieces (checkers): first pick a piece, then one of its moves
        self.pieces_box = widgets.Box(layout=widgets.Layout(flex_flow="row wrap"))
        self.piece_buttons: list[widgets.Button] = []
        self.selected: str | None = None
        self.hint_button.on_click(lambda _: self.hint())
        self.undo_button.on_click(lambda _: self.undo())
        self.new_button.on_click(lambda _: self.new_game())
        self.widget = widgets.VBox(
            [
                widgets.HBox([self.algorithm_menu, self.depth_menu, self.evaluation_menu]),
                self.board,
                self.pieces_box,
                self.buttons_box,
                widgets.HBox([self.hint_button, self.undo_button, self.new_button]),
                self.status,
            ]
        )
        self.new_game()

    # -- the machine --------------------------------------------------------------------
    @property
    def depth(self) -> int | None:
        """The search depth chosen (None: to the end of the game)."""
        value = self.depth_menu.value
        return None if value == TO_THE_END else int(value)

    def search(self, state: Any = None) -> SearchResult:
        """The widget's own search from ``state`` (the current position by default)."""
        state = self.state if state is None else state
        evaluate = self.evaluation_menu.value
        depth = self.depth
        if depth is not None and evaluate is None:
            raise GameError(
                f"depth {depth} needs an evaluation function: choose one, or search to the end"
            )
        return SEARCHES[str(self.algorithm_menu.value)](self.game, state, depth, evaluate)

    def _line(self, result: SearchResult) -> str:
        return " ".join(move_label(self.game, move) for move in result.pv) or "—"

    def _machine_moves(self) -> None:
        """Let chance and the machine move until it is the human's turn or the game ends."""
        game = self.game
        while not game.is_terminal(self.state) and game.to_move(self.state) != self.human:
            mover = game.to_move(self.state)
            if mover == CHANCE:
                outcomes = list(game.chance_outcomes(self.state))
                move = self.rng.choices([m for m, _ in outcomes], weights=[p for _, p in outcomes])[
                    0
                ]
                self.reply = f"Chance: {move}."
            elif self.opponent is not None:
                move = self.opponent.choose(game, self.state)
                self.reply = f"{self.opponent.name} plays {move_label(game, move, self.state)}."
            else:
                result = self.search()
                move = result.move
                self.reply = (
                    f"The machine ({player_name(mover)}) plays "
                    f"{move_label(game, move, self.state)}: value "
                    f"{fmt(result.value)} for it; line {self._line(result)} "
                    f"({result.stats.nodes} positions searched)."
                )
            self._play(move)

    def _play(self, move: Any) -> None:
        before = self.state
        self.state = self.game.result(before, move)  # raises for an illegal move
        self.history.append((before, move))
        self.last_move = move

    # -- what the buttons do ------------------------------------------------------------
    def click(self, move: Any) -> None:
        """Play ``move`` for the human (what a move button does); never raises."""
        self.reply = ""
        if self.game.is_terminal(self.state):
            self.message = "The game is over: press “new game” to play again."
        elif self.game.to_move(self.state) != self.human:
            self.message = "It is not your turn."
        else:
            try:
                self._play(move)
                self.message = ""
                self.selected = None
                self._machine_moves()
            except GameError as error:
                self.message = str(error)
        self.refresh()

    def select(self, origin: str | None) -> None:
        """Pick the piece on ``origin`` (what a piece button does); its moves become buttons."""
        self.selected = origin
        self.message = ""
        self.refresh()

    def hint(self) -> None:
        """Say what the widget's search would play for you here."""
        self.reply = ""
        if self.game.is_terminal(self.state):
            self.message = "The game is over: there is nothing to suggest."
        else:
            try:
                result = self.search()
                self.message = (
                    f"Hint: play {move_label(self.game, result.move, self.state)} "
                    f"(value {fmt(result.value)} for you; "
                    f"line {self._line(result)})."
                )
            except GameError as error:
                self.message = str(error)
        self.refresh()

    def undo(self) -> None:
        """Take back your last move and the machine's replies to it."""
        self.reply = ""
        mine = [
            i
            for i, (before, _) in enumerate(self.history)
            if self.game.to_move(before) == self.human
        ]
        if not mine:
            self.message = "Nothing to undo: you have not moved yet."
        else:
            back = mine[-1]
            self.state = self.history[back][0]
            del self.history[back:]
            self.last_move = self.history[-1][1] if self.history else None
            self.message = "Move taken back."
        self.refresh()

    def new_game(self) -> None:
        """Start again from the initial position (the machine opens if you are B)."""
        self.state = self.game.initial_state()
        self.history.clear()
        self.last_move = None
        self.message = self.reply = ""
        try:
            self._machine_moves()
        except GameError as error:
            self.message = str(error)
        self.refresh()

    # -- what is shown ------------------------------------------------------------------
    @property
    def svg(self) -> Svg:
        """The picture of the board as shown."""
        return draw_board(self.game, self.state, last_move=self.last_move)

    def button_for(self, move: Any) -> widgets.Button:
        """The button that plays ``move``."""
        for button, candidate in zip(self.move_buttons, self._button_moves or [], strict=True):
            if candidate == move:
                return button
        raise GameError(f"there is no button for move {move!r}; buttons: {self._button_moves!r}")

    def refresh(self) -> None:
        """Redraw the board, the move buttons and the messages from the Python state."""
        game, state = self.game, self.state
        over = game.is_terminal(state)
        legal = [] if over else list(game.legal_moves(state))
        if self._fixed_moves is None and not over and game.to_move(state) == self.human:
            self._seen_moves.extend(m for m in legal if m not in self._seen_moves)
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
            self.move_buttons = []
            for move in moves:
                label = move_label(game, move, state)
                button = widgets.Button(description=label, layout=widgets.Layout(width="auto"))
                button.on_click(lambda _, move=move: self.click(move))
                self.move_buttons.append(button)
            self.buttons_box.children = tuple(self.move_buttons)
        for button, move in zip(self.move_buttons, moves, strict=True):
            button.button_style = "info" if move in legal else ""
            button.tooltip = f"play {move}" if move in legal else f"{move} is not legal now"
        self.board.value = str(self.svg)
        self.status.value = "<br>".join(
            f"<pre style='margin:0'>{escape(text)}</pre>"
            for text in (self.reply, self.message, self._outcome())
            if text
        )

    def _show_pieces(self, legal: list[Any], origins: list[str | None]) -> None:
        """One button per piece that can move; the selected one highlighted."""
        distinct = list(dict.fromkeys(o for o in origins if o is not None))
        if self.selected not in distinct:
            self.selected = None
        if [b.description for b in self.piece_buttons] != distinct:
            self.piece_buttons = []
            for origin in distinct:
                button = widgets.Button(description=origin, layout=widgets.Layout(width="auto"))
                button.on_click(lambda _, origin=origin: self.select(origin))
                self.piece_buttons.append(button)
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
        return f"Game over. {verdict} (your payoff {fmt(mine)})"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)
