"""Players for the tournament tests, good and bad (at module level, so that worker
processes can load them)."""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from pathlib import Path
from typing import Any


class First:
    """Takes the first legal move."""

    def __init__(self, name: str = "first") -> None:
        self.name = name

    def choose(self, game: Any, state: Any) -> Any:
        return game.legal_moves(state)[0]


class Last(First):
    """Takes the last legal move."""

    def __init__(self, name: str = "last") -> None:
        super().__init__(name)

    def choose(self, game: Any, state: Any) -> Any:
        return game.legal_moves(state)[-1]


class Locked(First):
    """A player holding something that cannot be pickled."""

    def __init__(self) -> None:
        super().__init__("locked")
        self.lock = threading.Lock()


class Crasher(First):
    """Fails with an error of its own on its second move (it counts its moves)."""

    def __init__(self) -> None:
        super().__init__("crasher")
        self.moves = 0

    def choose(self, game: Any, state: Any) -> Any:
        self.moves += 1
        if self.moves == 2:
            raise ZeroDivisionError("my evaluation divided by zero")
        return super().choose(game, state)


class Cheater(First):
    """Takes 4 matches, which Nim(9) with max_take=3 does not allow."""

    def __init__(self) -> None:
        super().__init__("cheater")

    def choose(self, game: Any, state: Any) -> Any:
        return 4


class Sleeper(First):
    """Never answers: it loops forever, or sleeps."""

    def __init__(self, busy: bool = True) -> None:
        super().__init__("sleeper")
        self.busy = busy

    def choose(self, game: Any, state: Any) -> Any:
        if self.busy:
            while True:
                pass
        time.sleep(3600)
        return None


class Killer(First):
    """Kills its own process on its first move, once (or every time) per marker file."""

    def __init__(self, marker: str, always: bool = False) -> None:
        super().__init__("killer")
        self.marker = marker
        self.always = always

    def choose(self, game: Any, state: Any) -> Any:
        if self.always or not os.path.exists(self.marker):
            Path(self.marker).touch()
            os.kill(os.getpid(), signal.SIGKILL)
        return super().choose(game, state)


class Exiter(First):
    """Calls ``sys.exit(3)`` on its second move."""

    def __init__(self) -> None:
        super().__init__("exiter")
        self.moves = 0

    def choose(self, game: Any, state: Any) -> Any:
        self.moves += 1
        if self.moves == 2:
            sys.exit(3)
        return super().choose(game, state)


class Interrupter(First):
    """Presses Ctrl-C on its first move: raises KeyboardInterrupt where it plays or, given a
    marker file, sends SIGINT once (while there is no marker) to the process that started
    its worker, as a terminal's Ctrl-C would, and plays on."""

    def __init__(self, marker: str | None = None) -> None:
        super().__init__("interrupter")
        self.marker = marker

    def choose(self, game: Any, state: Any) -> Any:
        if self.marker is None:
            raise KeyboardInterrupt
        try:  # made at once or not at all: of two workers playing it, only one presses
            os.close(os.open(self.marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        except FileExistsError:
            pass
        else:
            os.kill(os.getppid(), signal.SIGINT)
            time.sleep(0.5)  # the parent stops waiting while this game is still played
        return super().choose(game, state)
