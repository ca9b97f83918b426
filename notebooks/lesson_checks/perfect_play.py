"""Self-checks for notebook 08c (perfect play: the Abapa endgame database and the report card).

>>> from lesson_checks.perfect_play import check_tiny_value
>>> check_tiny_value(2)
✓ Right: A makes sure of 2 of the 3 seeds: house 1 keeps 2 and house 2 keeps 2.
True
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from gametheory.files import endgame_database
from gametheory.games.abapa import Abapa, AbapaState, store_difference
from gametheory.games.abapa.endgame import EndgameDatabase
from gametheory.practice.perfect_play import endgame_positions, report_card
from lesson_checks import Verdict, feedback, number

__all__ = ["TINY", "tiny_position", "card_positions", "check_tiny_value", "check_card"]

TINY = Abapa(houses_per_side=2)
"""The tiny board of the lesson: two houses a side."""

CARD_DEPTH = 2
"""The depth :func:`check_card` searches to."""


def tiny_position() -> AbapaState:
    """A to move on the tiny board: houses 1–2 hold 1 and 1, B's houses 3–4 hold 1 and 0.

    >>> tiny_position().houses
    (1, 1, 1, 0)
    """
    return TINY.state([1, 1, 1, 0], stores=(6, 7))


@cache
def tiny_database() -> EndgameDatabase:
    return endgame_database(TINY, seeds=3, progress=False)  # the site ships it, see 08c


@cache
def database() -> EndgameDatabase:
    """Every Abapa board with at most 8 seeds (built in about a second)."""
    return endgame_database(Abapa(), seeds=8, progress=False)


@cache
def card_positions() -> tuple[AbapaState, ...]:
    """The 30 endgame positions :func:`check_card` grades on (seeded: always the same)."""
    return tuple(endgame_positions(database(), 30, seed=8))


def check_tiny_value(answer: object) -> Verdict:
    """Exercise: how many of the 3 seeds on the board of :func:`tiny_position` can A make
    sure to collect?"""
    value = tiny_database().value(tiny_position())
    given = number(answer)
    if given is None:
        return feedback(False, f"answer with a number of seeds, not {answer!r}")
    if given == value:
        kept = tiny_database().move_values(tiny_position())
        moves = " and ".join(f"house {move} keeps {seeds:g}" for move, seeds in kept.items())
        return feedback(True, f"A makes sure of {value:g} of the 3 seeds: {moves}")
    return feedback(
        False,
        f"{given:g} is not it; try each of A's two moves, then each reply, and remember that "
        "a player who cannot feed the other keeps the seeds on their own side",
    )


def check_card(evaluate: Callable[[Any, int], float]) -> Verdict:
    """Exercise: an evaluation with which the engine at depth 2 throws away fewer seeds a
    move (on average) than with ``store_difference``, on :func:`card_positions`.

    >>> check_card(store_difference)
    ✗ Not yet: 1.03 seeds lost a move, the same as store_difference (1.03); add a second feature with a small weight, so that it breaks the store lead's ties.
    False
    """
    if not callable(evaluate):
        return feedback(False, f"pass an evaluation function, not {evaluate!r}")
    try:
        card = report_card(
            {"yours": evaluate, "store": store_difference},
            depths=[CARD_DEPTH],
            positions=card_positions(),
            database=database(),
        )
    except Exception as error:  # a student's function may fail in any way
        return feedback(False, f"the search failed: {type(error).__name__}: {error}")
    yours, store = (grade.mean_lost for grade in card.grades)
    text = f"{yours:.2f} seeds lost a move"
    if yours < store:
        return feedback(True, f"{text}, against {store:.2f} with store_difference alone")
    if yours == store:
        return feedback(
            False,
            f"{text}, the same as store_difference ({store:.2f}); add a second feature with "
            "a small weight, so that it breaks the store lead's ties",
        )
    return feedback(
        False,
        f"{text}, more than store_difference's {store:.2f}; keep the store lead as the main "
        "feature (the largest weight)",
    )
