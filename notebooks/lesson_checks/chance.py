"""Self-checks for notebook 09 (chance and expectiminimax).

>>> from lesson_checks.chance import check_expected_steps
>>> check_expected_steps(3)
✓ Right: (1 + 2 + 6) / 3 = 3 squares a roll on average.
True
"""

from __future__ import annotations

import math

from gametheory.games.dice import ROLL, WALK, DiceRace, DiceRaceState
from gametheory.search.expectiminimax import expectiminimax
from gametheory.trees import Chance, GameTree, tree
from lesson_checks import Verdict, feedback, number

__all__ = [
    "chance_tree",
    "dice_position",
    "check_chance_value",
    "check_dice_choice",
    "check_expected_steps",
]


def chance_tree() -> GameTree:
    """MAX chooses, the dice fall, then MIN chooses: the tree of the first exercise.

    >>> t = chance_tree()
    >>> len(t), t.root.children[0].player, t.root.children[0].children[0].player
    (15, -1, 1)
    """
    return tree(
        [
            Chance([(0.5, [3, 5]), (0.5, [1, 8])]),
            Chance([(0.25, [4, 6]), (0.75, [2, 7])]),
        ]
    )


def dice_position() -> DiceRaceState:
    """The dice-race position of the second exercise: A at 6, B at 8, one turn each, A to move.

    >>> DiceRace().text(dice_position())
    'A: 6/10  B: 8/10  (turns left: A 1, B 1; A to move)'
    """
    return DiceRaceState((6, 8), (1, 1), 0)


def check_chance_value(value: object) -> Verdict:
    """Exercise: the expectiminimax value of :func:`chance_tree`.

    >>> check_chance_value(3)
    ✗ Not yet: 3 averages the children without their probabilities; weigh each by its p (the right chance node has 0.25 and 0.75).
    False
    """
    answer = number(value)
    if answer is None:
        return feedback(False, f"{value!r} is not a number: answer with one, such as 1.75")
    value = answer
    right = expectiminimax(chance_tree()).value
    if math.isclose(value, right):
        return feedback(
            True, "2.5: a1 is worth 0.5·3 + 0.5·1 = 2, a2 is worth 0.25·4 + 0.75·2 = 2.5"
        )
    if math.isclose(value, 3):
        return feedback(
            False,
            "3 averages the children without their probabilities; weigh each by its p "
            "(the right chance node has 0.25 and 0.75)",
        )
    if math.isclose(value, 4):
        return feedback(
            False, "a chance node does not choose its best outcome: it averages them, weighted by p"
        )
    if math.isclose(value, 6.75) or math.isclose(value, 6.5):
        return feedback(
            False,
            "below the chance nodes it is MIN's turn (the dice do not change whose turn it is): "
            "MIN takes the smaller leaf",
        )
    if math.isclose(value, 2):
        return feedback(False, "2 is a1's value; compare it with a2's, MAX takes the larger")
    if math.isclose(value, 3.5):
        return feedback(
            False,
            "each p goes with its own outcome: at a2, c1 (p = 0.25) leads to F, worth 4, and "
            "c2 (p = 0.75) to G, worth 2",
        )
    return feedback(
        False,
        "from the bottom: MIN takes the smaller leaf, each chance node the p-weighted average, "
        "MAX the larger average",
    )


def check_dice_choice(move: object) -> Verdict:
    """Exercise: in :func:`dice_position`, should A walk or roll? Answer ``"WALK"`` or ``"ROLL"``.

    >>> check_dice_choice("ROLL")
    ✓ Right: ROLL: walking gets A to 8 and B then walks to the goal; rolling a 5 (p = 1/3) wins at once.
    True
    """
    names = {"WALK": WALK, "ROLL": ROLL}
    chosen = names.get(str(move).strip().upper().removeprefix("ACTION."))
    if chosen is None and move in (WALK, ROLL):
        chosen = WALK if move == WALK else ROLL
    if chosen is None:
        return feedback(False, f"answer 'WALK' or 'ROLL', not {move!r}")
    best = expectiminimax(DiceRace(), dice_position()).move
    if chosen == best:
        return feedback(
            True,
            "ROLL: walking gets A to 8 and B then walks to the goal; rolling a 5 (p = 1/3) "
            "wins at once",
        )
    return feedback(
        False,
        "after WALK, A is at 8 and B, also at 8, walks to 10 and wins; when you are behind, "
        "only the gamble can save you",
    )


def check_expected_steps(steps: object) -> Verdict:
    """Exercise: with a die whose faces are 1, 2 and 6 (equally likely), how far does a
    roll move on average?

    >>> check_expected_steps(9)
    ✗ Not yet: 9 is the sum of the faces; each face comes up with probability 1/3, so divide by 3.
    False
    """
    answer = number(steps)
    if answer is None:
        return feedback(False, f"{steps!r} is not a number: answer with one, such as 2.5")
    steps = answer
    if math.isclose(steps, 3):
        return feedback(True, "(1 + 2 + 6) / 3 = 3 squares a roll on average")
    if math.isclose(steps, 9):
        return feedback(
            False,
            "9 is the sum of the faces; each face comes up with probability 1/3, so divide by 3",
        )
    if math.isclose(steps, 2):
        return feedback(False, "2 is the middle face (the median); the mean weighs the 6 as well")
    if math.isclose(steps, 6):
        return feedback(False, "6 is the best face; on average you get Σ p · face")
    return feedback(False, "the expected value is Σ p · face = 1/3 · 1 + 1/3 · 2 + 1/3 · 6")
