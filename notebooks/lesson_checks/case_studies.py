"""Self-checks for notebook 11 (checkers and Gomoku).

>>> from lesson_checks.case_studies import check_capture_moves, check_block
>>> check_capture_moves({"c3:e5:g7", "e3:c5:a7"})
✓ Right: White must capture, and both captures take two men.
True
>>> check_block("g7")
✓ Right: g7 is the only cell that stops X's five.
True
"""

from __future__ import annotations

from collections.abc import Iterable

from gametheory.core import GameError
from gametheory.games.checkers import Checkers, CheckersState
from gametheory.games.gomoku import Gomoku, GomokuState
from lesson_checks import Verdict, feedback

__all__ = ["capture_position", "check_capture_moves", "block_position", "check_block"]

_CHECKERS = Checkers()
_GOMOKU = Gomoku(size=9, k=5)


def capture_position() -> CheckersState:
    """White men on c3 and e3, Black men on d4, f6 and b6; White to move.

    >>> print(Checkers().text(capture_position()).splitlines()[-1])
    White (A) to move
    """
    return _CHECKERS.from_fen("W:Wc3,e3:Bd4,f6,b6")


def check_capture_moves(moves: Iterable[str]) -> Verdict:
    """Exercise: every legal move of White in :func:`capture_position`, in notation.

    >>> check_capture_moves({"c3-b4", "c3:e5"})
    ✗ Not yet: c3-b4 is a plain step, but capturing is compulsory when a capture exists.
    False
    >>> check_capture_moves({"c3:e5", "e3:c5"})
    ✗ Not yet: c3:e5 stops half-way: after e5 the same man can jump again, and a capture sequence must be completed.
    False
    >>> check_capture_moves({"c3:e5:g7"})
    ✗ Not yet: there is one more capture: look at the man on e3.
    False
    """
    state = capture_position()
    right = {_CHECKERS.notation(m, state) for m in _CHECKERS.legal_moves(state)}
    answer = [moves] if isinstance(moves, str) else moves
    if not isinstance(answer, Iterable) or not all(isinstance(m, str) for m in answer):
        return feedback(
            False, f'answer with a set of moves written like {{"c3-d4", "c3:e5:g7"}}, not {moves!r}'
        )
    given = {m.strip().lower() for m in answer}
    if given == right:
        return feedback(True, "White must capture, and both captures take two men")
    for move in sorted(given - right):
        if move.replace("-", ":") in right:
            return feedback(
                False,
                f"{move} is a capture: write the squares of a capture with colons, "
                f"{move.replace('-', ':')}, and a plain step with a dash",
            )
        if "-" in move:
            return feedback(
                False,
                f"{move} is a plain step, but capturing is compulsory when a capture exists",
            )
        if any(full.startswith(move + ":") for full in right):
            return feedback(
                False,
                f"{move} stops half-way: after {move.split(':')[-1]} the same man can jump "
                "again, and a capture sequence must be completed",
            )
        return feedback(False, f"{move} is not a legal move here (write captures like c3:e5:g7)")
    missing = right - given
    other = sorted({m.split(":")[0] for m in missing})
    return feedback(
        False,
        f"there {'is one more capture' if len(missing) == 1 else f'are {len(missing)} more captures'}: "
        f"look at the man on {', '.join(other)}",
    )


def block_position() -> GomokuState:
    """A 9×9 Gomoku position, five in a row wins: X threatens five, O to move.

    >>> Gomoku(size=9, k=5).to_move(block_position())
    1
    """
    rows = [".........", ".........", ".OXXXX...", "....OOO..", ".........",
            ".........", ".........", ".........", "X........"]  # fmt: skip
    return _GOMOKU.state("/".join(rows))


def check_block(cell: str) -> Verdict:
    """Exercise: where must O play in :func:`block_position`? Answer like ``"e5"``.

    >>> check_block("h6")
    ✗ Not yet: O would have four in a row, but X plays g7 first and has five.
    False
    >>> check_block("z1")
    ✗ Not yet: cell 'z1': write a column a-i and a row 1-9, like e5.
    False
    >>> check_block("b7")
    ✗ Not yet: b7 is taken; the four X stones run from c7 to f7.
    False
    """
    state = block_position()
    try:
        move = _GOMOKU.cell(str(cell).strip().lower())
    except GameError as error:
        return feedback(False, f"{error}, like e5")
    if move not in _GOMOKU.legal_moves(state):
        return feedback(False, f"{cell} is taken; the four X stones run from c7 to f7")
    if _GOMOKU.notation(move) == "g7":
        return feedback(True, "g7 is the only cell that stops X's five")
    after = _GOMOKU.result(state, move)
    threat = "O would have four in a row, but" if _GOMOKU.threats(after, 1).get(4) else "then"
    return feedback(False, f"{threat} X plays g7 first and has five")
