"""Self-checks for notebook 00 (start here).

>>> from lesson_checks.start import check_first_move
>>> check_first_move(1)
✓ Right: taking 1 leaves 12, a multiple of 4: whatever B takes, A takes the rest of 4, and A takes the last match.
True
"""

from __future__ import annotations

from gametheory.games.nim import Nim
from gametheory.search.negamax import negamax
from lesson_checks import Verdict, feedback, number

__all__ = ["MATCHES", "check_first_move"]

MATCHES = 13
"""The matches on the table in the exercise (the notes leave the number open; 13 is ours)."""


def check_first_move(take: object) -> Verdict:
    """Exercise: 13 matches, A to move, each move takes 1, 2 or 3, and whoever takes the last
    match wins. How many must A take now to be sure to win?

    The verdict comes from a search of the whole game: a move is right when the player who
    must answer it loses against best play.

    >>> check_first_move(3)
    ✗ Not yet: taking 3 leaves 10, and then B takes 2 and leaves 8, a multiple of 4: now B can answer every move of A so that together they take 4, and B takes the last match.
    False
    """
    value = number(take)  # 3, "3", 3.0 and numpy's integers all read as 3
    if value is None or not value.is_integer():
        return feedback(False, f"answer with a whole number of matches, not {take!r}")
    take = int(value)
    game = Nim(MATCHES)
    start = game.initial_state()
    if take not in game.legal_moves(start):
        return feedback(False, f"a move takes 1, 2 or 3 matches, not {take}")
    after = game.result(start, take)
    left = after.matches
    reply = negamax(game, after)  # for B, who moves next
    if reply.value < 0:
        return feedback(
            True,
            f"taking {take} leaves {left}, a multiple of 4: whatever B takes, A takes the rest "
            "of 4, and A takes the last match",
        )
    rest = left - reply.move
    return feedback(
        False,
        f"taking {take} leaves {left}, and then B takes {reply.move} and leaves {rest}, a "
        "multiple of 4: now B can answer every move of A so that together they take 4, and B "
        "takes the last match",
    )
