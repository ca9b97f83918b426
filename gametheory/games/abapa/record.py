"""A game of Abapa as it was played, and its JSON text.

:func:`replay` plays a list of moves into an :class:`AbapaRecord` (the rules, the moves and
every position); :meth:`AbapaRecord.to_json` writes it as JSON text and
:meth:`AbapaRecord.from_json` checks such text and plays it again, so a record read back
is a record of legal moves. Files are not this module's business: save and load records
with :func:`gametheory.files.save_record` and :func:`gametheory.files.load_record`.

>>> record = replay(Abapa(), [3, 9, 1])
>>> record.final.to_move, len(record.states)
(1, 4)
>>> AbapaRecord.from_json(record.to_json()) == record
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from gametheory.core import GameError
from gametheory.games.abapa.rules import Abapa, AbapaRules, AbapaState, House

__all__ = ["AbapaRecord", "RECORD_FORMAT", "replay"]

RECORD_FORMAT = 1
"""The version number written into saved games."""


@dataclass(frozen=True)
class AbapaRecord:
    """A game as it was played: the rules, the moves, and every position.

    ``states[0]`` is the opening and ``states[k]`` the position after ``moves[k-1]``.
    Build one with :func:`replay`; turn it into JSON text and back with :meth:`to_json` and
    :meth:`from_json`.

    >>> record = replay(Abapa(), [3, 9])
    >>> record.moves, record.final.houses
    ((3, 9), (5, 4, 0, 5, 5, 5, 5, 4, 0, 5, 5, 5))
    """

    rules: AbapaRules
    moves: tuple[House, ...]
    states: tuple[AbapaState, ...]

    @property
    def game(self) -> Abapa:
        """The game with this record's rules."""
        return Abapa(self.rules)

    @property
    def final(self) -> AbapaState:
        """The position after the last move."""
        return self.states[-1]

    def to_json(self) -> str:
        """The record as JSON text: the format version, the rules and the moves."""
        data = {
            "game": "abapa",
            "format": RECORD_FORMAT,
            "rules": self.rules.to_dict(),
            "moves": list(self.moves),
        }
        return json.dumps(data, indent=1)

    @classmethod
    def from_json(cls, text: str) -> AbapaRecord:
        """Check and replay a record written by :meth:`to_json`.

        Raises
        ------
        GameError
            If the text is not JSON, not an Abapa record, has bad rules, or a move is not
            legal (naming the move number and the reason). Nothing is half-applied.

        Examples
        --------
        >>> AbapaRecord.from_json('{"game": "abapa", "format": 1, "rules": {}, "moves": [3, 3]}')
        Traceback (most recent call last):
        ...
        gametheory.core.GameError: move 2 (3) is illegal: illegal move 3 in \
[4 4 0 5 5 5 | 5 4 4 4 4 4] stores 0-0, B to move: house 3 belongs to A; B plays houses 7-12
        """
        try:
            data = json.loads(text)
        except (ValueError, TypeError) as error:  # not JSON; a number too long; not text
            raise GameError(
                f"the saved game: not valid JSON ({error}); is it a saved game file?"
            ) from None
        except RecursionError:  # nested too deeply for Python's parser
            data = None  # not a saved game, as from_data says
        return cls.from_data(data)

    @classmethod
    def from_data(cls, data: Any) -> AbapaRecord:
        """Check and replay parsed JSON (see :meth:`from_json`)."""
        if not isinstance(data, dict) or data.get("game") != "abapa":
            raise GameError('not a saved Abapa game: expected a JSON object with "game": "abapa"')
        if data.get("format") != RECORD_FORMAT:
            raise GameError(
                f"saved game format {data.get('format')!r} is not supported "
                f"(this version reads format {RECORD_FORMAT})"
            )
        moves = data.get("moves")
        if not isinstance(moves, list):
            raise GameError(f'a saved game needs "moves": a list of house numbers, got {moves!r}')
        return replay(Abapa(AbapaRules.from_dict(data.get("rules", {}))), moves)

    def _repr_svg_(self) -> str:
        from gametheory.draw.abapa_board import board_svg

        if not self.moves:
            return str(board_svg(self.final))
        report = self.game.explain(self.states[-2], self.moves[-1])
        return str(board_svg(self.final, last_move=self.moves[-1], captured=report.captured))


def replay(game: Abapa, moves: Iterable[object]) -> AbapaRecord:
    """Play ``moves`` from the opening of ``game``; the whole record is rejected if one is
    illegal.

    Raises
    ------
    GameError
        Naming the move number (1 for the first move), the move and the reason.

    Examples
    --------
    >>> record = replay(Abapa(), [3, 9])
    >>> record.final.to_move, len(record.states)
    (0, 3)
    >>> replay(Abapa(), [3, 3])
    Traceback (most recent call last):
    ...
    gametheory.core.GameError: move 2 (3) is illegal: illegal move 3 in \
[4 4 0 5 5 5 | 5 4 4 4 4 4] stores 0-0, B to move: house 3 belongs to A; B plays houses 7-12
    """
    if isinstance(moves, str | bytes) or not isinstance(moves, Iterable):
        raise GameError(f"moves must be a list of house numbers, got {moves!r}")
    states = [game.initial_state()]
    played: list[House] = []
    for number, move in enumerate(moves, start=1):
        try:
            report = game.explain(states[-1], move)  # type: ignore[arg-type]
        except GameError as error:
            raise GameError(f"move {number} ({move!r}) is illegal: {error}") from None
        states.append(report.state)
        played.append(report.move)
    return AbapaRecord(game.rules, tuple(played), tuple(states))
