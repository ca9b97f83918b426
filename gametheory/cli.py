"""The console program: ``python -m gametheory play abapa``, what the thesis' Java program did.

Human against machine (either may start), machine against machine, or two people; the
machine's search algorithm (minimax, negamax, alpha-beta in both forms, or the engine), its
depth and evaluation function; and the rule variants. During play a person may type, instead
of a move: ``hint`` (the machine's suggestion with its value and principal variation),
``undo``, ``save FILE``, ``load FILE``, ``board``, ``help`` or ``quit``. Wrong input prints
why and asks again.

Nothing typed loses a game. While a person plays, the game is kept after every move in an
*autosave* file (``~/.gametheory/abapa-autosave.json``; ``--autosave FILE`` or the
environment variable ``GAMETHEORY_AUTOSAVE`` choose another, ``--no-autosave`` none), so
``quit``, end of input (Ctrl-D) and Ctrl-C leave it there, and the next start offers to
continue it. ``load`` asks before it replaces a game whose moves are not saved; without an
autosave, so does ``quit``. A finished game's autosave is removed (never a file the person
saved to with ``save``). When the autosave cannot be written (a full disk), the stale file is
removed, so that the next start offers no older position, and ``quit`` asks before leaving.
Answering "n" to the offer moves the old game aside to a new ``abapa-autosave.previous.json``
(then ``.previous-2.json``, ...): no kept game is overwritten. Ctrl-C during a ``hint`` stops
the hint, and the game goes on. Games are saved only as regular files: a symbolic link, a
device such as ``/dev/null``, a pipe or a folder is refused as a ``save`` or ``--autosave``
target (see :mod:`gametheory.files`); ``~`` in a file name is the home folder.

A game that goes round a cycle (a position for the third time: possible under ``--cycle
below_four``, which ends only cycles of few seeds) ends as the repetition rule ends one, each
player taking the seeds on their own side (:class:`~gametheory.repetitions.Repetitions`).

>>> import io
>>> out = io.StringIO()
>>> main(["play", "abapa", "--mode", "machine-vs-machine", "--depth", "1"], io.StringIO(), out)
0
>>> out.getvalue().splitlines()[-1].startswith("Game over")
True
"""

from __future__ import annotations

import argparse
import io
import os
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from gametheory.core import GameError, player_name
from gametheory.evaluation import LinearEvaluator
from gametheory.files import (
    load_record,
    move_aside,
    remove_saved,
    same_file,
    save_record,
)
from gametheory.games.abapa import EVALUATIONS, Abapa, AbapaRecord, AbapaRules, AbapaState
from gametheory.lessons import add_lessons_command, run_lessons
from gametheory.players import (
    ALGORITHM_NAMES,
    Agent,
    Command,
    GreedyPlayer,
    HumanPlayer,
    RandomPlayer,
    SearchPlayer,
)
from gametheory.repetitions import REPEATS, Repetitions
from gametheory.teacher.command import add_class_command, run_class

__all__ = ["main", "build_parser"]

MODES = ("human-vs-machine", "machine-vs-machine", "human-vs-human")
MACHINES = ("search", "greedy", "random")
COMMANDS = ("hint", "undo", "save", "load", "board", "quit")
EVALUATION_CHOICES = (*EVALUATIONS, "mixed")
MAX_DEPTH = 16
"""The deepest search the program offers (alpha-beta at depth 16 already takes minutes)."""

HELP = """\
Type a house number to move, or one of:
  hint        the machine's suggested move, its value and the line it expects
  undo        take back your last move (and the machine's reply)
  save FILE   save the game so far as JSON
  load FILE   continue a saved game
  board       show the board again
  help        this text
  quit        leave (the game is kept in the autosave file, if there is one)"""


def default_autosave() -> str:
    """Where a game in progress is kept: ``$GAMETHEORY_AUTOSAVE``, else
    ``~/.gametheory/abapa-autosave.json``."""
    return os.environ.get("GAMETHEORY_AUTOSAVE") or os.path.join(
        os.path.expanduser("~"), ".gametheory", "abapa-autosave.json"
    )


def build_parser() -> argparse.ArgumentParser:
    """The command-line options (``python -m gametheory play abapa --help``)."""
    parser = argparse.ArgumentParser(
        prog="python -m gametheory",
        description="Play games against the search algorithms of the gametheory package.",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    play = commands.add_parser("play", help="play a game at the console")
    play.add_argument("game", choices=["abapa"], help="the game to play")
    play.add_argument("--mode", choices=MODES, default="human-vs-machine")
    play.add_argument(
        "--first",
        choices=["human", "machine"],
        default="human",
        help="in human-vs-machine: who is A and moves first (default: human)",
    )
    play.add_argument(
        "--machine",
        choices=MACHINES,
        default="search",
        help="how the machine chooses: a search (default), greedy one-ply, or random",
    )
    play.add_argument(
        "--algorithm", choices=ALGORITHM_NAMES, default="alphabeta", help="the machine's search"
    )
    play.add_argument(
        "--depth", type=int, default=4, help=f"search depth in plies, 1 to {MAX_DEPTH} (default 4)"
    )
    play.add_argument(
        "--evaluation",
        choices=EVALUATION_CHOICES,
        default="store",
        help="the evaluation function (mixed = 4·store + seeds + vulnerability)",
    )
    play.add_argument("--grand-slam", dest="grand_slam", default="no_capture",
                      choices=["no_capture", "capture", "forbidden", "leave_first", "leave_last"])  # fmt: skip
    play.add_argument("--cycle", choices=["repetition", "below_four"], default="repetition")
    play.add_argument("--houses", type=int, default=6, help="houses per side (default 6)")
    play.add_argument("--seeds", type=int, default=4, help="seeds per house (default 4)")
    play.add_argument("--seed", type=int, default=None, help="random seed for --machine random")
    play.add_argument("--load", metavar="FILE", help="continue a saved game")
    play.add_argument(
        "--autosave",
        metavar="FILE",
        default=None,
        help="keep the game in progress in FILE after every move (default: "
        "$GAMETHEORY_AUTOSAVE or ~/.gametheory/abapa-autosave.json)",
    )
    play.add_argument(
        "--no-autosave", action="store_true", help="do not keep the game in progress anywhere"
    )
    add_class_command(commands)  # the teacher's kit (gametheory.teacher.command)
    add_lessons_command(commands)  # the lessons copied out (gametheory.lessons)
    return parser


def _evaluation(name: str) -> Any:
    if name == "mixed":
        parts = ("store", "seeds", "vulnerability")
        return LinearEvaluator({part: EVALUATIONS[part] for part in parts}, [4, 1, 1])
    return EVALUATIONS[name]


class Session:
    """One game at the console: the record so far, the players, and the commands."""

    def __init__(self, options: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> None:
        self.out = stdout
        self.options = options
        if not 1 <= options.depth <= MAX_DEPTH:
            raise GameError(
                f"--depth must be a whole number from 1 to {MAX_DEPTH}, got {options.depth}"
            )
        rules = AbapaRules(
            grand_slam=options.grand_slam,
            cycle=options.cycle,
            houses_per_side=options.houses,
            seeds_per_house=options.seeds,
        )
        self.game = Abapa(rules)
        self.moves: list[int] = []
        self.states: list[AbapaState] = [self.game.initial_state()]
        evaluate = _evaluation(options.evaluation)
        # the adviser answers `hint`, whoever is playing
        self.adviser = SearchPlayer(options.algorithm, options.depth, evaluate)
        self.human = HumanPlayer(stdin, stdout, commands=COMMANDS, help=HELP)
        machine: Agent
        if options.machine == "greedy":
            machine = GreedyPlayer(evaluate)
        elif options.machine == "random":
            machine = RandomPlayer(options.seed)
        else:
            machine = self.adviser
        if options.mode == "human-vs-human":
            self.players: list[Agent] = [self.human, self.human]
        elif options.mode == "machine-vs-machine":
            self.players = [machine, machine]
        elif options.first == "human":
            self.players = [self.human, machine]
        else:
            self.players = [machine, self.human]
        # the game in progress is kept while a person plays (a machine game has nothing to
        # lose)
        self.autosave: str | None = None
        if options.mode != "machine-vs-machine" and not options.no_autosave:
            self.autosave = os.path.expanduser(options.autosave or default_autosave())
        self.kept = False  # whether the autosave holds this game
        # the file that holds the moves as they are: "" for a game without moves, None when
        # they are not saved anywhere (the autosave aside)
        self.saved_in: str | None = ""
        self.confirm: str | None = None  # the command to type again to confirm it

    @property
    def state(self) -> AbapaState:
        return self.states[-1]

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    def show(self) -> None:
        self.say(self.game.text(self.state))

    def is_human(self, player: int) -> bool:
        return self.players[player] is self.human

    def describe_players(self) -> str:
        who = ["you" if self.is_human(p) else self.players[p].name for p in (0, 1)]
        return ", ".join(f"{player_name(p)}: {name}" for p, name in enumerate(who))

    def apply(self, move: int) -> None:
        report = self.game.explain(self.state, move)
        self.moves.append(move)
        self.states.append(report.state)
        self.saved_in = None
        self.confirm = None
        self.keep()
        self.say(report.describe())
        self.show()

    def record(self) -> AbapaRecord:
        """The game so far, as it is saved."""
        return AbapaRecord(self.game.rules, tuple(self.moves), tuple(self.states))

    # -- the autosave ------------------------------------------------------------------
    def keep(self) -> None:
        """Write the game to the autosave file. If that fails, say so once and stop trying,
        and remove the file this game kept there before: its older position is no game to
        offer at the next start (and ``quit`` now asks, the game being kept nowhere)."""
        if self.autosave is None:
            return
        try:
            os.makedirs(os.path.dirname(os.path.abspath(self.autosave)), exist_ok=True)
            save_record(self.autosave, self.record())
        except (OSError, GameError) as error:
            stale = self.kept and remove_saved(self.autosave)
            self.say(
                f"could not keep the game in {self.autosave}: {_reason(error)}"
                + ("; its older position there is removed" if stale else "")
                + "; use save FILE to keep it"
            )
            self.autosave, self.kept = None, False
            return
        self.kept = True

    def leave(self) -> str:
        """Tidy up before leaving; what happened to the game, for the farewell."""
        if self.saved_in == "" or not self.moves:
            return "nothing to save"
        if self.saved_in is not None and not same_file(self.saved_in, self.autosave):
            if self.kept and self.autosave is not None:  # the game is in the person's file
                remove_saved(self.autosave)
            return f"the game is saved in {self.saved_in}"
        if self.autosave is not None and self.kept:
            return (
                f"the game ({len(self.moves)} moves) is kept in {self.autosave}; the next "
                "start offers to continue it"
            )
        return "nothing saved"

    def offer_autosave(self, *, ask: bool) -> bool:
        """Offer the unfinished game in the autosave file (with ``ask``; else it is only put
        aside for this game's autosave); False at end of input. A game the person saved
        there and finished is put aside too; ``--load`` of the autosave file continues it."""
        if self.autosave is None or not os.path.lexists(self.autosave):
            return True
        if self.options.load and same_file(os.path.expanduser(self.options.load), self.autosave):
            return True
        try:
            record = load_record(self.autosave)
        except GameError as error:
            if not os.path.isfile(self.autosave) or os.path.islink(self.autosave):
                self.say(f"{error}; keeping no autosave (give --autosave FILE a .json file)")
                self.autosave = None
                return True
            self.say(f"the autosave file cannot be read ({error}); it will be replaced")
            return True
        if record.game.is_terminal(record.final):  # the person saved it there: keep it
            self.say(f"A finished game was kept in {self.autosave}.")
            return self.put_aside("finished game", "look at it")
        self.say(f"An unfinished game ({len(record.moves)} moves) was kept in {self.autosave}.")
        answer: str | None = "n"
        if ask:
            answer = self.human.read_line("Continue it? [Y/n] ")
            while answer is not None and answer.lower() not in ("", "y", "yes", "n", "no"):
                answer = self.human.read_line("Please answer y (continue it) or n (a new game): ")
        if answer is None:
            return False
        if answer.lower() in ("", "y", "yes"):
            self.use(record, self.autosave)
            self.kept = True
            return True
        return self.put_aside("unfinished game", "continue it")

    def put_aside(self, what: str, why: str) -> bool:
        """Move the game in the autosave file to a new name beside it (never over another
        kept game), so that this game's autosave does not replace it."""
        assert self.autosave is not None
        try:
            aside = move_aside(self.autosave)
        except (OSError, GameError) as error:
            self.say(f"could not move it aside ({_reason(error)}); keeping no autosave")
            self.autosave = None
            return True
        self.say(f"The {what} is now in {aside} (load it to {why}).")
        return True

    def cycle_end(self) -> AbapaState | None:
        """The finished position if the game has gone round a cycle (a position for the third
        time, which ``--cycle below_four`` does not end), after saying so; else None."""
        guard = Repetitions(self.game)
        if not any(guard.cycle(state) for state in self.states):
            return None
        self.say(
            f"The position has now occurred {REPEATS} times: a cycle that the {self.game.rules.cycle} "
            "rule does not end. The game ends as the repetition rule ends a cycle: each player "
            "takes the seeds on their own side."
        )
        return self.game.cycle_end(self.state)

    # -- commands ----------------------------------------------------------------------
    def hint(self) -> None:
        try:
            result = self.adviser.search(self.game, self.state)
        except KeyboardInterrupt:  # a hint too slow to wait for: the game goes on
            self.say("hint stopped (Ctrl-C); the game goes on")
            return
        line = " ".join(str(m) for m in result.pv)
        mover = player_name(self.state.to_move)
        self.say(
            f"hint: house {result.move} (value {result.value:+.3f} for {mover}, "
            f"{self.adviser.name}; expected line: {line})"
        )

    def undo(self) -> None:
        # back to the previous position where a person was to move
        target = len(self.moves) - 1
        while target >= 0 and not self.is_human(self.states[target].to_move):
            target -= 1
        if target < 0:
            self.say("nothing to undo")
            return
        taken = self.moves[target:]
        del self.moves[target:]
        del self.states[target + 1 :]
        self.saved_in = None
        self.keep()
        self.say(f"undone: {' '.join(map(str, taken))}")
        self.show()

    def save(self, path: str) -> None:
        if not path:
            self.say("save needs a file name: save FILE")
            return
        path = os.path.expanduser(path)
        try:
            save_record(path, self.record())
        except OSError as error:
            self.say(f"could not save to {path!r}: {_reason(error)}; try another file name")
            return
        except GameError as error:  # no place for a game (a link, a device): it says why
            self.say(str(error))
            return
        self.saved_in = path
        self.say(f"saved {len(self.moves)} moves to {path}")
        if same_file(path, self.autosave):  # the person's file now: never replaced nor removed
            self.autosave, self.kept = None, False
            self.say(f"{path} was the autosave file; the game is no longer kept automatically")

    def load(self, path: str, *, confirmed: bool = False) -> bool:
        if not path:
            self.say("load needs a file name: load FILE")
            return False
        path = os.path.expanduser(path)
        if self.saved_in is None and not confirmed:
            self.confirm = f"load {path}"
            self.say(
                f"load replaces this game, whose {len(self.moves)} moves are not saved: type "
                f"save FILE to keep them, or load {path} again to replace it"
            )
            return False
        try:
            record = load_record(path)
        except GameError as error:
            self.say(f"could not load: {error}")
            return False
        self.use(record, path)
        self.keep()
        return True

    def use(self, record: AbapaRecord, path: str) -> None:
        """Continue the game of ``record``, read from ``path``."""
        self.game = record.game
        self.moves = list(record.moves)
        self.states = list(record.states)
        self.saved_in = path
        self.say(f"loaded {len(self.moves)} moves from {path} (rules: {record.rules})")
        self.show()

    def handle(self, command: Command) -> bool:
        """Carry out a command; False means leave the program."""
        typed = f"{command.name} {command.argument}".strip()
        confirmed, self.confirm = self.confirm == typed, None
        if command.name == "quit":
            if self.saved_in is None and not self.kept and not confirmed:
                self.confirm = "quit"
                self.say(
                    f"the game's {len(self.moves)} moves are not saved: type save FILE to "
                    "keep them, or quit again to leave without saving"
                )
                return True
            self.say(f"bye ({self.leave()})")
            return False
        if command.name == "hint":
            self.hint()
        elif command.name == "undo":
            self.undo()
        elif command.name == "save":
            self.save(command.argument)
        elif command.name == "load":
            self.load(command.argument, confirmed=confirmed)
        elif command.name == "board":
            self.show()
        return True

    # -- the game loop -----------------------------------------------------------------------
    def run(self) -> int:
        self.say(f"Abapa — {self.describe_players()}. Type help for the commands.")
        if not self.offer_autosave(ask=not self.options.load):
            return 0
        if self.options.load and not self.load(self.options.load):
            return 1
        if not self.options.load and not self.moves:
            self.show()
        final = None
        while not self.game.is_terminal(self.state):
            final = self.cycle_end()
            if final is not None:
                break
            mover = self.state.to_move
            if self.is_human(mover):
                try:
                    answer = self.human.ask(self.game, self.state)
                except EOFError:
                    self.say(f"end of input: leaving ({self.leave()})")
                    return 0
                if isinstance(answer, Command):
                    if not self.handle(answer):
                        return 0
                    continue
                try:
                    self.apply(answer)
                except GameError as error:  # nothing was applied: say why, ask again
                    self.say(str(error))
            else:
                player = self.players[mover]
                move = player.choose(self.game, self.state)
                note = ""
                if isinstance(player, SearchPlayer) and player.last_result is not None:
                    result = player.last_result
                    note = f" (value {result.value:+.3f}, line {' '.join(map(str, result.pv))})"
                self.say(f"{player_name(mover)} ({player.name}) chooses house {move}{note}")
                self.apply(move)
        if self.kept and self.autosave is not None:  # nothing left to continue
            remove_saved(self.autosave)
        outcome = self.game.outcome(self.state if final is None else final)
        a, b = outcome.scores
        verdict = "a draw" if outcome.winner is None else f"{player_name(outcome.winner)} wins"
        self.say(f"Game over: {verdict}, {a}-{b}.")
        return 0


def _reason(error: Exception) -> str:
    """Why a file could not be written (an OSError's words, or a GameError's message)."""
    return str(getattr(error, "strerror", None) or error)


def main(
    argv: Sequence[str] | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
) -> int:
    """Run the program; returns the exit status (0 for a normal end, 2 for bad options).

    Parameters
    ----------
    argv
        The arguments (``sys.argv[1:]`` by default), e.g. ``["play", "abapa", "--depth", "6"]``.
    stdin, stdout
        Text streams for the game (the console by default), so tests can drive it.
    """
    stdin = sys.stdin if stdin is None else stdin
    if isinstance(stdin, io.TextIOWrapper) and stdin.errors in ("strict", "surrogateescape"):
        # a byte that is not text must not end the program: it reads as U+FFFD, "not a move"
        stdin.reconfigure(errors="replace")
    stdout = sys.stdout if stdout is None else stdout
    parser = build_parser()
    try:
        options = parser.parse_args(argv)
    except SystemExit as stop:  # argparse has printed the reason
        return int(stop.code or 0)
    if options.command == "class":
        return run_class(options, stdout)
    if options.command == "lessons":
        return run_lessons(options, stdout)
    try:
        session = Session(options, stdin, stdout)
    except GameError as error:
        print(f"error: {error}", file=stdout)
        return 2
    try:
        return session.run()
    except KeyboardInterrupt:
        print(f"\ninterrupted: leaving ({session.leave()})", file=stdout)
        return 130
