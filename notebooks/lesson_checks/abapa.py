"""Self-checks for notebooks 08a (the Abapa rules), 08ax (its state space) and 08b
(evaluation functions with Abapa).

>>> from lesson_checks.abapa import check_sowing
>>> check_sowing((4, 4, 4, 4, 0, 5, 5, 5, 5, 4, 4, 4))
✓ Right: house 5's four seeds go into houses 6, 7, 8 and 9, one each.
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from gametheory.core import A, B
from gametheory.games.abapa import Abapa, AbapaState, store_difference
from gametheory.players import GreedyPlayer, SearchPlayer
from gametheory.practice.answers import shown
from gametheory.tournament import round_robin
from lesson_checks import Verdict, feedback, number

__all__ = [
    "MATCH_GAMES",
    "DEPTH_GAMES",
    "DEPTH_OPENINGS",
    "DEPTH_SEED",
    "capture_position",
    "grand_slam_position",
    "operator_position",
    "sample_positions",
    "lopsided_positions",
    "check_sowing",
    "check_capture",
    "check_grand_slam",
    "check_operators",
    "check_reading",
    "check_feature",
    "check_mix",
    "check_depth_one",
]

MATCH_GAMES = 16
"""Games :func:`check_mix` plays (half with each side moving first)."""

DEPTH_GAMES, DEPTH_OPENINGS, DEPTH_SEED = 8, 2, 2
"""The match of 08b's depth experiment, each search against the greedy player: 8 games
from 2 seeded openings (seed 2), which :func:`check_depth_one` plays too."""


def capture_position() -> AbapaState:
    """A to move; house 6 holds 4 seeds and B's side reads 1, 0, 1, 2, 0, 4 (houses 7–12).

    >>> capture_position().houses[5:]
    (4, 1, 0, 1, 2, 0, 4)
    """
    return Abapa().state([0, 0, 0, 0, 0, 4, 1, 0, 1, 2, 0, 4], stores=(18, 18))


def grand_slam_position() -> AbapaState:
    """A to move; B's only seeds are 1 and 2 in houses 7 and 8, A's house 6 holds 2.

    >>> grand_slam_position().houses[6:8]
    (1, 2)
    """
    return Abapa().state([4, 0, 0, 1, 0, 2, 1, 2, 0, 0, 0, 0], stores=(19, 19))


def operator_position() -> AbapaState:
    """A to move; A's houses hold 2, 0, 5, 1, 2, 0 and B's side is empty (stores 19–19).

    >>> operator_position().houses
    (2, 0, 5, 1, 2, 0, 0, 0, 0, 0, 0, 0)
    """
    return Abapa().state([2, 0, 5, 1, 2, 0] + [0] * 6, stores=(19, 19))


def sample_positions(count: int = 60, seed: int = 0) -> list[AbapaState]:
    """Positions from seeded random games, for testing evaluation functions.

    >>> len(sample_positions(10)), sample_positions(10) == sample_positions(10)
    (10, True)
    """
    game = Abapa()
    rng = random.Random(seed)
    positions: list[AbapaState] = []
    while len(positions) < count:
        state = game.initial_state()
        for _ in range(rng.randrange(4, 80)):
            if game.is_terminal(state):
                break
            state = game.result(state, rng.choice(game.legal_moves(state)))
        if not game.is_terminal(state):
            positions.append(state)
    return positions


def lopsided_positions() -> list[AbapaState]:
    """Unfinished positions as uneven as the rules allow, where a feature that divides a
    count by the most it can be reaches ±1: all 48 seeds in one house, all on one side,
    every house of one side non-empty and the other side empty. The owner of the seeds
    is to move (the other player could not move, and the game would be over).

    >>> game = Abapa()
    >>> positions = lopsided_positions()
    >>> len(positions), any(game.is_terminal(s) for s in positions)
    (16, False)
    """
    game = Abapa()
    boards: list[tuple[list[int], tuple[int, int]]] = []
    for house in range(12):  # all 48 seeds in one house
        board = [0] * 12
        board[house] = 48
        boards.append((board, (0, 0)))
    side = [1, 1, 1, 1, 1, 7]  # every house non-empty, the other side empty (feed!)
    boards += [([8] * 6 + [0] * 6, (0, 0)), (side + [0] * 6, (18, 18))]
    boards += [([0] * 6 + [8] * 6, (0, 0)), ([0] * 6 + side, (18, 18))]
    return [game.state(b, stores, to_move=0 if any(b[:6]) else 1) for b, stores in boards]


def check_sowing(houses: Sequence[int]) -> Verdict:
    """Exercise: from the start, A plays house 5. What do houses 1–12 hold afterwards?

    >>> check_sowing((4, 4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4))
    ✗ Not yet: that is house 4 played; house 5 is the fifth number.
    False
    """
    if isinstance(houses, str) or not isinstance(houses, Iterable):
        return feedback(False, f"answer with 12 numbers, houses 1 to 12, not {houses!r}")
    given = tuple(houses)
    if not all(_whole(x) for x in given):
        odd = next(x for x in given if not _whole(x))
        return feedback(False, f"seeds come in whole numbers: {odd!r} is not one")
    if len(given) != 12:
        return feedback(False, f"answer with 12 numbers, houses 1 to 12; you gave {len(given)}")
    game = Abapa()
    right = game.result(game.initial_state(), 5).houses
    if given == right:
        return feedback(True, "house 5's four seeds go into houses 6, 7, 8 and 9, one each")
    if sum(given) != 48:
        return feedback(
            False,
            f"your houses hold {sum(given)} seeds; sowing moves seeds, all 48 stay on the board",
        )
    for house in range(1, 7):
        if house != 5 and given == game.result(game.initial_state(), house).houses:
            return feedback(False, f"that is house {house} played; house 5 is the fifth number")
    if given[4] != 0:
        return feedback(False, "the house you play is emptied: house 5 must hold 0")
    if given == (4, 5, 5, 5, 0, 5, 4, 4, 4, 4, 4, 4):
        return feedback(
            False,
            "seeds travel counter-clockwise, 1 → 2 → … → 12: into the houses *after* 5, "
            "not before it",
        )
    return feedback(
        False,
        "take the 4 seeds out of house 5 and drop one into each following house: 6, 7, 8, 9",
    )


def check_capture(seeds: int) -> Verdict:
    """Exercise: in :func:`capture_position`, A plays house 6. How many seeds does A capture?

    >>> check_capture(7)
    ✗ Not yet: house 8 ends with 1 seed, which is not 2 or 3, so it breaks the run: houses 7 and 8 are not taken.
    False
    """
    value = number(seeds)  # 5, "5", 5.0 and numpy's integers all read as 5
    if value is None or not value.is_integer():
        return feedback(False, f"answer with a whole number of seeds, not {seeds!r}")
    seeds = int(value)
    report = Abapa().explain(capture_position(), 6)
    if seeds == report.seeds_captured:
        return feedback(
            True,
            "5: the last seed makes house 10 a 3, house 9 before it is a 2, and house 8 "
            "(1 seed) ends the run",
        )
    if seeds == 3:
        return feedback(
            False,
            "3 is house 10 alone; then look at the house before it: 9 holds 2, so it is "
            "taken as well, and so on backwards",
        )
    if seeds == 7:
        return feedback(
            False,
            "house 8 ends with 1 seed, which is not 2 or 3, so it breaks the run: houses 7 "
            "and 8 are not taken",
        )
    if seeds == 9:
        return feedback(
            False,
            "only a run of 2s and 3s ending at the last seed is taken; house 8 with 1 seed "
            "breaks it",
        )
    if seeds == 0:
        return feedback(
            False,
            "the last seed lands in house 10, on B's side, and makes it 3: that is a capture",
        )
    if seeds == 8:
        return feedback(
            False,
            "8 takes all four sown houses, but house 8 ends with 1 seed, not 2 or 3: the run "
            "stops there, so houses 7 and 8 stay",
        )
    return feedback(
        False,
        "sow the 4 seeds into houses 7, 8, 9, 10; the last one is in 10; take it if it holds "
        "2 or 3 and go backwards while the houses hold 2 or 3",
    )


def check_grand_slam(seeds: int) -> Verdict:
    """Exercise: in :func:`grand_slam_position` A plays house 6 (the thesis' rules). How many
    seeds does A capture?

    >>> check_grand_slam(5)
    ✗ Not yet: 5 would be every seed B has, a grand slam; under the tournament rule the thesis chose, a grand slam captures nothing.
    False
    """
    value = number(seeds)  # 0, "0", 0.0 and numpy's integers all read as 0
    if value is None or not value.is_integer():
        return feedback(False, f"answer with a whole number of seeds, not {seeds!r}")
    seeds = int(value)
    report = Abapa().explain(grand_slam_position(), 6)
    if seeds == report.seeds_captured:
        return feedback(
            True,
            "0: the move is legal, but taking both houses would leave B with nothing, so it "
            "captures nothing",
        )
    if seeds == 5:
        return feedback(
            False,
            "5 would be every seed B has, a grand slam; under the tournament rule the thesis "
            "chose, a grand slam captures nothing",
        )
    if seeds in (2, 3):
        return feedback(
            False,
            f"{seeds} keeps one of B's houses, as the 'leave_first' / 'leave_last' variants "
            "do; the thesis' rule is simpler",
        )
    return feedback(
        False,
        "house 6's two seeds make houses 7 and 8 hold 2 and 3: B's only seeds; look again at "
        "what the thesis' rule does with a capture of everything",
    )


def check_operators(operators: Iterable[tuple[int, int]]) -> Verdict:
    """Exercise: which operators ``Felmarkol(honnan, mennyit)`` (pick up ``mennyit`` seeds
    from house ``honnan``) may A apply in :func:`operator_position`? Answer a set of
    ``(honnan, mennyit)`` pairs.

    The thesis' preconditions: (1) A picks up from her own side (houses 1–6), at least one
    seed, and the whole house (``0 < mennyit = h_honnan``); (2) if B has no seeds, the move
    must feed B: at least one of its seeds lands on B's side.

    >>> check_operators({(1, 2), (3, 5), (5, 2)})
    ✗ Not yet: B has no seeds, so precondition 2 asks A to feed: house 1's 2 seeds end in house 3, short of B's side.
    False
    """
    form = f"answer with a set of (honnan, mennyit) pairs such as {{(3, 5)}}, not {operators!r}"
    if isinstance(operators, str) or not isinstance(operators, Iterable):
        return feedback(False, form)
    pairs = list(operators)
    if not all(isinstance(p, tuple | list) and len(p) == 2 for p in pairs):
        return feedback(False, form)
    odd = next((tuple(p) for p in pairs if not (_whole(p[0]) and _whole(p[1]))), None)
    if odd is not None:
        return feedback(
            False, f"honnan and mennyit are whole numbers (a house, a count of seeds): {odd!r}"
        )
    given = {(int(h), int(m)) for h, m in pairs}
    game = Abapa()
    state = operator_position()
    right = {(h, state.houses[h - 1]) for h in game.legal_moves(state)}
    if given == right:
        return feedback(
            True,
            "Felmarkol(3, 5) and Felmarkol(5, 2): the only houses whose seeds reach B's empty side",
        )
    for h, m in sorted(given - right):
        if not 1 <= h <= 6:
            return feedback(
                False, f"house {h} is not on A's side: A picks up from houses 1–6 (precondition 1)"
            )
        if state.houses[h - 1] == 0:
            return feedback(False, f"house {h} is empty: 0 < mennyit fails (precondition 1)")
        if m != state.houses[h - 1]:
            return feedback(
                False,
                f"Felmarkol takes the whole house: mennyit must be the {state.houses[h - 1]} "
                f"seeds in house {h}, not {m} (precondition 1: mennyit = h_honnan)",
            )
        last = (h - 1 + m) % 12 + 1  # fewer than 12 seeds: no lap, no skip
        return feedback(
            False,
            f"B has no seeds, so precondition 2 asks A to feed: house {h}'s {_seeds(m)} "
            f"{'ends' if m == 1 else 'end'} in house {last}, short of B's side",
        )
    h, m = min(right - given)
    return feedback(
        False,
        f"Felmarkol({h}, {m}) is missing: house {h}'s {_seeds(m)} reach B's side (house "
        f"{(h - 1 + m) % 12 + 1}), so it feeds B and is applicable",
    )


def _whole(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _seeds(n: int) -> str:
    return f"{n} seed" if n == 1 else f"{n} seeds"


def check_feature(feature: Callable[[AbapaState, int], float]) -> Verdict:
    """Exercise: write an evaluation feature ``f(state, player) -> float`` for Abapa that is
    antisymmetric (``f(s, A) == -f(s, B)``), stays strictly between −1 and +1 in unfinished
    positions, and is not constant.

    It is tried on :func:`sample_positions` and on the extreme :func:`lopsided_positions`.

    >>> check_feature(lambda state, player: state.stores[player] / 48)
    ✗ Not yet: with houses (2, 0, 3, 3, 3, 2, 2, 6, 3, 2, 5, 4): f(s, A) = 0.0625 but f(s, B) = 0.208; an evaluation must be antisymmetric: what is good for A is bad for B (subtract the opponent's part).
    False
    """
    if not callable(feature):
        return feedback(False, f"pass a function f(state, player) -> float, not {feature!r}")
    values = []
    start = Abapa().result(Abapa().initial_state(), 3)
    for state in [start, *sample_positions(), *lopsided_positions()]:
        try:
            a, b = feature(state, A), feature(state, B)
        except Exception as error:  # a student's function may fail in any way
            return feedback(
                False, f"your feature raised {type(error).__name__}: {error} at {state!r}"
            )
        for value in (a, b):
            if isinstance(value, bool) or not isinstance(value, int | float) or math.isnan(value):
                return feedback(
                    False, f"your feature returned {value!r} at {state!r}; return a number"
                )
            if not -1 < value < 1:
                return feedback(
                    False,
                    f"your feature returned {value:g} at {state!r}; keep it strictly between "
                    "−1 and +1 (divide by one more than the most it can be), so that a real "
                    "win (+1) stays better than any estimate and a real loss (−1) worse",
                )
        if not math.isclose(a, -b, abs_tol=1e-9):
            return feedback(
                False,
                f"with houses {state.houses}: f(s, A) = {a:.3g} but f(s, B) = {b:.3g}; an "
                "evaluation must "
                "be antisymmetric: what is good for A is bad for B (subtract the opponent's part)",
            )
        values.append(a)
    if max(values) - min(values) < 1e-12:
        return feedback(
            False,
            f"your feature gives {values[0]:g} in every position; it must tell positions apart",
        )
    return feedback(
        True,
        f"antisymmetric, strictly between −1 and +1, and it ranges from {min(values):.2f} "
        f"to {max(values):.2f} over {len(values)} positions",
    )


def check_mix(evaluate: Callable[[Any, int], float], *, seed: int = 5) -> Verdict:
    """Exercise: an evaluation with which alpha-beta at depth 2 scores more than half of
    :data:`MATCH_GAMES` seeded games against alpha-beta at depth 2 with
    :func:`~gametheory.games.abapa.store_difference`.

    >>> check_mix(store_difference)
    ✗ Not yet: 50% (8 of 16 points): as good as store_difference, not better; mix in a second feature, or give it less weight, so that it breaks the store lead's ties without outweighing it.
    False
    """
    if not callable(evaluate):
        return feedback(False, f"pass an evaluation function, not {evaluate!r}")
    yours = SearchPlayer("alphabeta", 2, evaluate, name="yours")
    store = SearchPlayer("alphabeta", 2, store_difference, name="store")
    try:
        result = round_robin(
            Abapa(), [yours, store], MATCH_GAMES, openings=2, seed=seed, progress=False
        )
    except Exception as error:  # a student's function may fail in any way
        return feedback(False, f"a game failed: {type(error).__name__}: {error}")
    score = next(row.score for row in result.standings() if row.name == "yours")
    points = score * MATCH_GAMES
    text = f"{100 * score:.0f}% ({points:g} of {MATCH_GAMES} points)"
    if score > 0.5:
        return feedback(True, f"{text} against store_difference at the same depth")
    if score == 0.5:
        return feedback(
            False,
            f"{text}: as good as store_difference, not better; mix in a second feature, or "
            "give it less weight, so that it breaks the store lead's ties without outweighing "
            "it",
        )
    return feedback(
        False,
        f"{text}: worse than store_difference alone; keep the store lead as the main "
        "feature (the largest weight) and let the others break its ties",
    )


def _reading(position: AbapaState) -> dict[str, tuple[int, int, str]]:
    """For A in ``position``, each feature of :func:`check_reading` as (the difference, what
    it is divided by, what is counted)."""
    a, b = position.houses[:6], position.houses[6:]
    seeds = sum(position.houses) + sum(position.stores)
    return {
        "store": (position.stores[A] - position.stores[B], seeds, "A's store minus B's store"),
        "mobility": (
            sum(1 for h in a if h) - sum(1 for h in b if h),
            len(a) + 1,
            "A's non-empty houses minus B's",
        ),
        "seeds": (sum(a) - sum(b), seeds + 1, "the seeds in A's houses minus those in B's"),
    }


def _near(divisor: int) -> set[int]:
    """The divisors a student may use instead of ``divisor``: one off, the houses of a
    side or of the board, half or all of the seeds."""
    return {divisor - 1, divisor + 1, 6, 12, 24, 48, 49} - {divisor}


def check_reading(position: AbapaState, answer: dict[str, object]) -> Verdict:
    """Exercise: read ``store``, ``mobility`` and ``seeds`` (the package's
    ``store_difference``, ``mobility`` and ``seeds_on_side``) for A off the board, as
    fractions (``"3/7"``) or decimals to three places.

    >>> board = Abapa().state([3, 1, 3, 5, 4, 12, 1, 1, 1, 1, 0, 10], stores=(4, 2))
    >>> check_reading(board, {"store": "2/48", "mobility": 1 / 7, "seeds": 14})
    ✗ Not yet: seeds: 14 is the difference, not yet divided: divide as the table says.
    False
    """
    names = list(_reading(position))
    if not isinstance(answer, dict) or sorted(answer) != sorted(names):
        return feedback(
            False, 'answer with a dict of the three, {"store": …, "mobility": …, "seeds": …}'
        )
    for name, (difference, divisor, counted) in _reading(position).items():
        value = number(answer[name])
        if value is None:
            return feedback(
                False,
                f"{name}: {shown(answer[name])} is not a number; write a fraction such as "
                '"3/7" or a decimal such as 0.429',
            )
        right = difference / divisor
        if abs(value - right) < 6e-4:
            continue
        if difference and value == difference:
            hint = f"{value:g} is the difference, not yet divided: divide as the table says"
        elif difference and abs(value + right) < 6e-4:
            hint = "that is B's view; the question asks for A's: A's count minus B's"
        elif difference and any(abs(value * d - difference) < 1e-3 for d in _near(divisor)):
            hint = "the difference is right, the divisor is not: divide as the table says"
        else:
            hint = f"count again: {counted}"
        return feedback(False, f"{name}: {hint}")
    parts = {name: f"{d}/{m}" for name, (d, m, _) in _reading(position).items()}
    return feedback(
        True,
        ", ".join(f"{name} = {text}" for name, text in parts.items())
        + ": every feature is a difference of the two sides, divided so that it stays "
        "strictly between −1 and +1",
    )


def check_depth_one(score: object) -> Verdict:
    """Exercise (08b): what does alpha-beta at depth 1 with ``store_difference`` score
    against the greedy player, in :data:`DEPTH_GAMES` games from :data:`DEPTH_OPENINGS`
    seeded openings, each played twice with the sides swapped?

    >>> check_depth_one(1)
    ✗ Not yet: would depth 1 be stronger than greedy? Compare what the two look at before they move: how far ahead, and how they score what they see.
    False
    """
    value = number(score)
    if value is None:
        return feedback(
            False, f"{shown(score)} is not a score: answer with a number such as 0.75 or 3/4"
        )
    if not 0 <= value <= 1:
        return feedback(
            False,
            f"{value:g} is no score: a score lies between 0 (every game lost) and 1 (all won)",
        )
    searcher = SearchPlayer("alphabeta", 1, store_difference, name="depth 1")
    result = round_robin(
        Abapa(),
        [searcher, GreedyPlayer()],
        DEPTH_GAMES,
        openings=DEPTH_OPENINGS,
        seed=DEPTH_SEED,
        progress=False,
    )
    right = next(row.score for row in result.standings() if row.name == "depth 1")
    if math.isclose(value, right):
        return feedback(
            True,
            f"{value:g}, and not by luck: depth 1 with the store lead looks one ply ahead and "
            "scores what it sees by the store lead, as the greedy player does, so the two "
            "choose alike; each opening is then the same game twice with the sides swapped",
        )
    return feedback(
        False,
        f"would depth 1 be {'stronger' if value > right else 'weaker'} than greedy? Compare "
        "what the two look at before they move: how far ahead, and how they score what they "
        "see",
    )
