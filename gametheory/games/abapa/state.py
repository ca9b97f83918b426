"""An Abapa position: the houses, the stores, the player to move and the positions seen
before (:class:`AbapaState`), and its text.

The rules (:mod:`gametheory.games.abapa.rules`) make and check positions; the evaluation
functions (:mod:`gametheory.games.abapa.evaluation`) read them. Both import it from here.

>>> from gametheory.games.abapa import Abapa
>>> state = Abapa().result(Abapa().initial_state(), 3)
>>> brief_text(state)
'[4 4 0 5 5 5 | 5 4 4 4 4 4] stores 0-0, B to move'
>>> str(state) == board_text(state)
True
"""

from __future__ import annotations

from typing import NamedTuple, TypeAlias

from gametheory.core import A, B, Player, player_name

__all__ = ["AbapaState", "Board", "House", "RepeatKey"]

Board: TypeAlias = tuple[int, ...]
"""The seeds in houses 1..12, as ``AbapaState.houses`` holds them."""

House: TypeAlias = int
"""A house number, 1..12 (1..2n on a board with n houses a side); a move is a house."""

RepeatKey: TypeAlias = tuple[Board, Player]
"""The part of a state a repetition compares: the houses and the player to move."""


class AbapaState(NamedTuple):
    """A position: houses, stores, the player to move, and the positions seen before.

    ``seen`` holds the positions (houses, player to move) that occurred since the last
    capture, not counting this one; only the ``"repetition"`` rule fills it. It takes part
    in ``==`` and ``hash`` on purpose: two boards that look alike but have different pasts
    can have different futures (one repetition away from the end, or not), so a
    transposition table or an AND/OR graph that merged them would give wrong answers. After
    every capture it is empty again, and under ``cycle="below_four"`` it is always empty, so
    transpositions still merge there. ``repr`` shows only how many positions it holds.

    Build positions with :meth:`Abapa.state <gametheory.games.abapa.Abapa.state>`, which
    checks them.

    >>> from gametheory.games.abapa import Abapa
    >>> state = Abapa().initial_state()
    >>> state.houses, state.stores, state.to_move
    ((4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4), (0, 0), 0)
    >>> state
    AbapaState(houses=(4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4), stores=(0, 0), to_move=0, seen=0)
    """

    houses: tuple[int, ...]
    stores: tuple[int, int]
    to_move: Player
    seen: frozenset[RepeatKey] = frozenset()

    def __repr__(self) -> str:
        return (
            f"AbapaState(houses={self.houses}, stores={self.stores}, to_move={self.to_move}, "
            f"seen={len(self.seen)})"
        )

    def __str__(self) -> str:
        return board_text(self)

    def _repr_svg_(self) -> str:
        from gametheory.draw.abapa_board import board_svg

        return str(board_svg(self))


def brief_text(state: AbapaState) -> str:
    """The position on one line, for error messages: ``[4 4 4 4 4 4 | 4 4 4 4 4 4] stores 0-0, A to move``."""
    n = len(state.houses) // 2
    mine = " ".join(map(str, state.houses[:n]))
    theirs = " ".join(map(str, state.houses[n:]))
    a, b = state.stores
    return f"[{mine} | {theirs}] stores {a}-{b}, {player_name(state.to_move)} to move"


def board_text(state: AbapaState) -> str:
    """The board as text, in the thesis' orientation (:meth:`Abapa.text <gametheory.games.abapa.Abapa.text>`)."""
    n = len(state.houses) // 2
    top = "".join(f"{c:>3}" for c in state.houses[n:][::-1])
    bottom = "".join(f"{c:>3}" for c in state.houses[:n])
    lines = [
        "     " + "".join(f"{h:>3}" for h in range(2 * n, n, -1)),
        f" B  [{top} ]",
        f" {state.stores[B]:<3}" + " " * (3 * n + 3) + f"{state.stores[A]:>3}",
        f"    [{bottom} ]  A",
        "     " + "".join(f"{h:>3}" for h in range(1, n + 1)),
        f"{player_name(state.to_move)} to move",
    ]
    return "\n".join(lines)
