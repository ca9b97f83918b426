"""Self-checks for notebooks 02 (games and strategies), 03a (Nash equilibrium) and 03b
(mixed strategies and coalitions).

>>> from lesson_checks.theory import check_plans
>>> check_plans(8)
✓ Right: 8 plans: a reply at each of the 3 nodes, 2 × 2 × 2.
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from numbers import Real

from gametheory.draw.theory import CELL, payoff_table_html
from gametheory.practice.answers import (
    AnswerError,
    is_swapped,
    parse_choice,
    parse_pair,
    parse_whole,
)
from gametheory.theory.cooperative import glove_game
from gametheory.theory.exact import transpose
from gametheory.theory.extensive_form import ExtensiveFormGame
from gametheory.theory.normal_form import (
    EliminationStep,
    NormalFormGame,
    battle_of_the_sexes,
    prisoners_dilemma,
    stag_hunt,
)
from lesson_checks import Verdict, feedback, number

__all__ = [
    "CELL",
    "PlainTable",
    "plain",
    "kinds_game",
    "elimination_game",
    "zero_sum_game",
    "check_plans",
    "check_blind_plans",
    "check_cell",
    "check_kinds",
    "check_worst_cases",
    "check_stag_hunt_equilibria",
    "check_survivor",
    "check_alice_mix",
    "check_zero_sum_value",
    "check_glove_share",
    "ultimatum_with_offer",
    "check_fair_threshold",
    "blind_ultimatum",
    "check_blind_extremes",
]


def _is_number(x: object) -> bool:
    return isinstance(x, Real) and not isinstance(x, bool)


def _whole(n: object) -> bool:
    return isinstance(n, int) and not isinstance(n, bool)


@dataclass(frozen=True)
class PlainTable:
    """A game's payoff table and nothing else, for an exercise that asks what the package's
    own table would show: its best responses underlined, its equilibria starred and listed.

    >>> print(plain(kinds_game()))
                attack   wait retreat
    attack        0, 0  2, -2  -1, 1
    wait         -2, 2   0, 0  1, -1
    retreat      1, -1  -1, 1   0, 0
    """

    game: NormalFormGame

    def _cells(self) -> list[list[str]]:
        m, n = self.game.shape
        return [
            [f"{a:g}, {b:g}" for a, b in (self.game.payoff(i, j) for j in range(n))]
            for i in range(m)
        ]

    def __str__(self) -> str:
        g = self.game
        rows = [["", *g.col_labels]] + [
            [r, *c] for r, c in zip(g.row_labels, self._cells(), strict=True)
        ]
        widths = [max(len(row[k]) for row in rows) for k in range(len(rows[0]))]
        return "\n".join(
            " ".join(
                [
                    row[0].ljust(widths[0]),
                    *(x.rjust(w) for x, w in zip(row[1:], widths[1:], strict=True)),
                ]
            )
            for row in rows
        )

    def _repr_html_(self) -> str:
        return payoff_table_html(self.game, marks=False)


def plain(game: NormalFormGame) -> PlainTable:
    """``game``'s payoff table without the package's marks (see :class:`PlainTable`)."""
    return PlainTable(game)


# --------------------------------------------------------------------------- notebook 02


def kinds_game() -> NormalFormGame:
    """The table of exercise 4 of notebook 02 (symmetric and zero-sum, like rock–paper–scissors).

    >>> kinds_game().shape
    (3, 3)
    """
    moves = ("attack", "wait", "retreat")
    return NormalFormGame(
        [[0, 2, -1], [-2, 0, 1], [1, -1, 0]],
        row_labels=moves,
        col_labels=moves,
        players=("Red", "Blue"),
        name="Which kind of game?",
    )


def check_plans(n: int) -> Verdict:
    """Exercise: player 1 has three offers, player 2 sees the offer and accepts or rejects;
    how many pure strategies has player 2?

    >>> check_plans(6)
    ✗ Not yet: 6 counts the edges below player 2's nodes (3 nodes × 2 moves); a plan picks one move at every node at once, so multiply the choices.
    False
    """
    k = number(n)
    if k is None or not k.is_integer():
        return feedback(False, f"answer with a whole number, not {n!r}")
    n = int(k)
    if n == 8:
        return feedback(True, "8 plans: a reply at each of the 3 nodes, 2 × 2 × 2")
    if n == 6:
        return feedback(
            False,
            "6 counts the edges below player 2's nodes (3 nodes × 2 moves); a plan picks one "
            "move at every node at once, so multiply the choices",
        )
    if n == 2:
        return feedback(
            False,
            "2 is the number of moves at one node; player 2 sees the offer, so a plan can "
            "answer each of the three offers differently",
        )
    if n == 4:
        return feedback(
            False, "4 is right for two offers (as in the ultimatum game); here are three"
        )
    if n == 9:
        return feedback(False, "9 would be 3 × 3; there are 2 moves at each of 3 nodes, so 2³")
    return feedback(
        False,
        "write a plan as three letters, one per offer (e.g. ARA = accept the fair offer, reject "
        "the unfair one, accept the greedy one) and count the words",
    )


def check_blind_plans(n: int) -> Verdict:
    """Exercise: the same three offers, but player 2 does not see which was made (one
    information set); how many pure strategies has player 2?

    >>> check_blind_plans(2)
    ✓ Right: 2 plans: in one information set the same move must be made at every node.
    True
    """
    k = number(n)
    if k is None or not k.is_integer():
        return feedback(False, f"answer with a whole number, not {n!r}")
    n = int(k)
    if n == 2:
        return feedback(
            True, "2 plans: in one information set the same move must be made at every node"
        )
    if n == 8:
        return feedback(
            False,
            "8 is right when player 2 sees the offer; without seeing it the answer cannot "
            "depend on the offer: one move for the whole information set",
        )
    if n == 1:
        return feedback(False, "player 2 still has a choice: always accept or always reject")
    return feedback(
        False,
        "the three nodes are one information set: player 2 cannot tell them apart, so a plan "
        "names one move for all of them",
    )


def check_cell(payoffs: Sequence[float]) -> Verdict:
    """Exercise: the payoffs in row U, column RA of the ultimatum game's normal form.

    >>> check_cell((0, 0))
    ✗ Not yet: (0, 0) is what a rejection pays; RA means R after F and A after U, and player 1 plays U.
    False
    >>> check_cell("2,8")
    ✗ Not yet: you swapped them: the first number is player 1's (the row player's) payoff.
    False
    """
    try:
        pair = parse_pair(
            payoffs, "answer with a pair of numbers (player 1, player 2), e.g. (3, 1)"
        )
    except AnswerError as error:
        return feedback(False, str(error))
    if pair == (8, 2):
        return feedback(True, "(8, 2): player 1 offers U and player 2's plan RA accepts it")
    if pair == (0, 0):
        return feedback(
            False,
            "(0, 0) is what a rejection pays; RA means R after F and A after U, and player 1 "
            "plays U",
        )
    if is_swapped(pair, (8, 2)):
        return feedback(
            False, "you swapped them: the first number is player 1's (the row player's) payoff"
        )
    if pair == (5, 5):
        return feedback(False, "(5, 5) is the fair offer accepted; the row is U, the unfair offer")
    return feedback(
        False,
        "follow the plans through the tree: player 1 plays U, then player 2 uses the second "
        "letter of RA (the move after U)",
    )


def check_kinds(*, symmetric: bool, zero_sum: bool) -> Verdict:
    """Exercise: is :func:`kinds_game` symmetric? Is it zero-sum?

    >>> check_kinds(symmetric=True, zero_sum=True)
    ✓ Right: symmetric and zero-sum, like rock–paper–scissors.
    True
    """
    game = kinds_game()
    right_s, right_z = game.is_symmetric(), game.is_zero_sum()
    if not isinstance(symmetric, bool) or not isinstance(zero_sum, bool):
        return feedback(False, "answer with True or False for each of symmetric= and zero_sum=")
    if (symmetric, zero_sum) == (right_s, right_z):
        return feedback(True, "symmetric and zero-sum, like rock–paper–scissors")
    hints = []  # the test to make, not its outcome: that would be the answer
    if zero_sum != right_z:
        hints.append(
            "add up the two payoffs in each cell: a game is zero-sum when every cell adds up "
            "to 0, and not when one cell does not"
        )
    if symmetric != right_s:
        hints.append(
            "for symmetry compare, for every pair of strategies i and j, what the row player "
            "gets at (row i, column j) with what the column player gets at (row j, column i)"
        )
    return feedback(False, "; ".join(hints))


# --------------------------------------------------------------------------- notebook 03a


def elimination_game() -> NormalFormGame:
    """The table of the iterated-elimination exercise of notebook 03a (ours): four steps,
    the players taking turns, one strategy dominated at each step.

    >>> for step in elimination_game().iterated_elimination().steps:
    ...     print(step)
    column player drops left (dominated by centre)
    row player drops middle (dominated by top)
    column player drops right (dominated by centre)
    row player drops top (dominated by bottom)
    """
    return NormalFormGame(
        [[1, 2, 4], [4, 1, 0], [3, 4, 0]],
        [[2, 4, 1], [0, 3, 3], [2, 3, 1]],
        row_labels=("top", "middle", "bottom"),
        col_labels=("left", "centre", "right"),
        name="Eliminate step by step",
    )


def zero_sum_game() -> NormalFormGame:
    """The zero-sum table of the saddle-point exercise of notebook 03b (ours; the row
    player's payoffs).

    >>> zero_sum_game().saddle_points()
    [(1, 2)]
    """
    return NormalFormGame(
        [[1, 6, -2], [4, 5, 3], [7, -1, 0]],
        row_labels=("r1", "r2", "r3"),
        col_labels=("c1", "c2", "c3"),
        name="Find the saddle point",
    )


def _cells(answer: object) -> set[tuple[int, int]] | None:
    """The cells of an answer as (row, column) pairs of whole numbers, read by the one reader
    of answers: ``[(0, 0), (1, 1)]``, ``["0,0", "1, 1"]``, numpy ints alike; None if it is
    not a collection of such pairs."""
    if not isinstance(answer, Iterable) or isinstance(answer, str):
        return None
    try:
        return {(parse_whole(i), parse_whole(j)) for i, j in map(parse_pair, answer)}
    except AnswerError:
        return None


def check_worst_cases(*, betray: float, silent: float) -> Verdict:
    """Exercise: in the thesis' prisoner's dilemma (:func:`~gametheory.theory.normal_form.prisoners_dilemma`,
    years as negative payoffs), the worst payoff a prisoner can get by betraying, and by
    staying silent.

    >>> check_worst_cases(betray=-5, silent=-1)
    ✗ Not yet: silent = -1 is the best case of staying silent (the other is silent too); the worst comes when the other betrays.
    False
    """
    read_betray, read_silent = number(betray), number(silent)  # -5, "-5", "−5" alike
    if read_betray is None or read_silent is None:
        return feedback(False, "answer with two numbers, the payoffs (negative years)")
    betray, silent = read_betray, read_silent
    rows = prisoners_dilemma().row_payoffs  # row 0: silent (cooperate), row 1: betray
    worst = {"betray": min(rows[1]), "silent": min(rows[0])}
    best = {"betray": max(rows[1]), "silent": max(rows[0])}
    best_case = {
        "betray": "the best case of betraying (the other stays silent); the worst comes when "
        "the other betrays too",
        "silent": "the best case of staying silent (the other is silent too); the worst comes "
        "when the other betrays",
    }
    given = {"betray": betray, "silent": silent}
    if given == worst:
        return feedback(
            True,
            f"betraying risks {worst['betray']:g}, silence {worst['silent']:g}: betraying has the "
            "better worst case, the thesis' selfish argument",
        )
    if (betray, silent) == (worst["silent"], worst["betray"]):
        return feedback(
            False,
            f"you swapped them: betraying risks {worst['betray']:g} (the other betrays too), "
            f"silence risks {worst['silent']:g} (the other betrays)",
        )
    theirs = prisoners_dilemma().col_payoffs  # prisoner 2's payoffs, the second numbers
    hints = []
    for k, x in given.items():
        if x == worst[k]:
            continue
        if x == -worst[k]:
            hints.append(f"{k} = {x:g}: years in prison are negative payoffs, so {worst[k]:g}")
        elif x == best[k]:
            hints.append(f"{k} = {x:g} is {best_case[k]}")
        elif x in theirs[{"betray": 1, "silent": 0}[k]]:
            hints.append(
                f"{k} = {x:g} is prisoner 2's payoff (the second number of a cell); take the "
                f"smallest first number in the {k} row"
            )
        else:
            hints.append(
                f"{k} = {x:g} is not in its row of the table; take the row's smallest payoff"
            )
    return feedback(False, "; ".join(hints))


def check_stag_hunt_equilibria(cells: Iterable[tuple[int, int]]) -> Verdict:
    """Exercise: every pure Nash equilibrium of the stag hunt, as cells ``(row, column)``
    (0 = stag, 1 = hare).

    >>> check_stag_hunt_equilibria([(0, 0)])
    ✗ Not yet: (stag, stag) is one, but there is another: if the other hunter goes for a hare, a stag is out of reach.
    False
    """
    given = _cells(cells)
    if given is None:
        return feedback(
            False, f"answer with a list of (row, column) pairs of indices, not {cells!r}"
        )
    right = set(stag_hunt().pure_nash_equilibria())
    if given == right:
        return feedback(
            True,
            "(stag, stag) and (hare, hare): two equilibria, and the better one needs trust",
        )
    wrong = sorted(given - right)
    if wrong:
        i, j = wrong[0]
        hunt = stag_hunt()
        labels = hunt.row_labels
        if not (0 <= i < 2 and 0 <= j < 2):
            return feedback(
                False,
                f"the table has rows and columns 0 (stag) and 1 (hare); {wrong[0]} is not a cell",
            )
        # the first hunter who gains by switching alone, with what it pays
        for player, own, switch in ((0, i, 1 - i), (1, j, 1 - j)):
            cell = (own, j) if player == 0 else (i, own)
            other = (switch, j) if player == 0 else (i, switch)
            now, then = hunt.payoff(*cell)[player], hunt.payoff(*other)[player]
            if then > now:
                break
        return feedback(
            False,
            f"({labels[i]}, {labels[j]}) is not an equilibrium: hunter {player + 1} gets "
            f"{now:g} there, {then:g} by {labels[switch]}",
        )
    if given == {(0, 0)}:
        return feedback(
            False,
            "(stag, stag) is one, but there is another: if the other hunter goes for a hare, "
            "a stag is out of reach",
        )
    if given == {(1, 1)}:
        return feedback(
            False,
            "(hare, hare) is one, but there is another: if both hunt the stag, neither gains "
            "by leaving",
        )
    return feedback(
        False,
        "check each of the four cells: an equilibrium is a cell where neither hunter gains by "
        "switching alone",
    )


def check_survivor(row: str, col: str) -> Verdict:
    """Exercise: which row and column survive iterated elimination of strictly dominated
    strategies in :func:`elimination_game`?

    A wrong answer is told the step at which its strategy goes, and why, with the payoffs.

    >>> check_survivor("bottom", "centre")
    ✓ Right: (bottom, centre): left goes first, then middle, right and top.
    True
    >>> check_survivor("Center", "bottom")
    ✗ Not yet: you swapped them: bottom is a row and centre a column; give the row first.
    False
    """
    game = elimination_game()
    rows, cols = game.row_labels, game.col_labels
    try:
        row, col = parse_choice(row, rows, "a row"), parse_choice(col, cols, "a column")
    except AnswerError as error:
        try:  # the row's name where the column's goes, and the other way round
            swapped = parse_choice(col, rows), parse_choice(row, cols)
        except AnswerError:
            return feedback(False, str(error))
        return feedback(
            False,
            f"you swapped them: {swapped[0]} is a row and {swapped[1]} a column; give the row first",
        )
    elimination = game.iterated_elimination()
    steps = elimination.steps
    if (game.row_labels.index(row), game.col_labels.index(col)) == (
        elimination.rows[0],
        elimination.cols[0],
    ):
        order = [s.strategy for s in steps]
        return feedback(
            True,
            f"({row}, {col}): {order[0]} goes first, then {', '.join(order[1:-1])} and {order[-1]}",
        )
    # the first of the two answers to go, and when
    k, step = next((k, s) for k, s in enumerate(steps) if s.strategy == (row, col)[s.player])
    return feedback(
        False, f"{step.strategy} goes at step {k + 1}: {_why_dominated(game, steps, k)}"
    )


def _why_dominated(game: NormalFormGame, steps: Sequence[EliminationStep], k: int) -> str:
    """Why step ``k`` of an elimination removes its strategy: who beats it, against what."""
    step = steps[k]
    gone = [s.strategy for s in steps[:k]]
    own = (game.row_labels, game.col_labels)[step.player]
    other = (game.col_labels, game.row_labels)[step.player]
    payoffs = (game.row_payoffs, transpose(game.col_payoffs))[step.player]
    better, worse = own.index(step.dominated_by), own.index(step.strategy)
    against = [
        f"{payoffs[better][j]:g} > {payoffs[worse][j]:g} against {label}"
        for j, label in enumerate(other)
        if label not in gone
    ]
    after = ""
    if gone:
        names = ", ".join(gone[:-1]) + (" and " if len(gone) > 1 else "") + gone[-1]
        after = f"once {names} {'is' if len(gone) == 1 else 'are'} gone, "
    who = ("row", "column")[step.player]
    return (
        f"{after}{step.dominated_by} pays the {who} player more against every "
        f"{('column', 'row')[step.player]} still in play ({', '.join(against)})"
    )


def check_alice_mix(p: float) -> Verdict:
    """Exercise: in the mixed equilibrium of the battle of the sexes, with what probability
    does Alice (the row player) choose the opera?

    >>> check_alice_mix(0.4)
    ✗ Not yet: 0.4 is Bob's probability of the opera, the mix that makes Alice indifferent; Alice's mix must make Bob indifferent: compare what each of Bob's choices pays him against her mix.
    False
    >>> check_alice_mix("0,7")
    ✗ Not yet: with p = 0.7 Bob expects 1.4 from the opera and 0.9 from football: he would not mix.
    False
    """
    answer = number(p)
    if answer is None:
        return feedback(False, f"answer with a probability between 0 and 1, not {p!r}")
    p = answer
    if not 0 <= p <= 1:
        return feedback(False, f"{p:g} is not a probability; it must lie between 0 and 1")
    if abs(p - 0.6) < 1e-6:
        return feedback(
            True, "3/5: then Bob gets 2·3/5 = 6/5 from the opera and 3·2/5 = 6/5 from football"
        )
    if abs(p - 0.4) < 1e-6:
        return feedback(
            False,
            "0.4 is Bob's probability of the opera, the mix that makes Alice indifferent; "
            "Alice's mix must make Bob indifferent: compare what each of Bob's choices pays "
            "him against her mix",
        )
    if p in (0, 1):
        return feedback(False, "that is a pure equilibrium; the question asks for the mixed one")
    bob = battle_of_the_sexes().col_payoffs  # Bob's payoffs, row by row
    opera = p * bob[0][0] + (1 - p) * bob[1][0]
    football = p * bob[0][1] + (1 - p) * bob[1][1]
    return feedback(
        False,
        f"with p = {p:g} Bob expects {opera:.3g} from the opera and {football:.3g} from "
        "football: he would not mix",
    )


def check_zero_sum_value(v: float) -> Verdict:
    """Exercise: the value of :func:`zero_sum_game` (the row player's payoff under best play).

    >>> check_zero_sum_value(4)
    ✗ Not yet: 4 is in row r2 but not its smallest entry: the column player would answer r2 with c3 and pay only 3.
    False
    """
    answer = number(v)
    if answer is None:
        return feedback(False, f"answer with a number, not {v!r}")
    v = answer
    game = zero_sum_game()
    a = game.row_payoffs
    value = game.zero_sum_solution().value
    if abs(v - value) < 1e-9:
        ((i, j),) = game.saddle_points()
        return feedback(
            True,
            f"{value:g}: row {game.row_labels[i]} and column {game.col_labels[j]} are a saddle "
            "point, the row's minimum and the column's maximum",
        )
    for i, payoffs in enumerate(a):
        for j, x in enumerate(payoffs):
            if x != v:
                continue
            row, col = game.row_labels[i], game.col_labels[j]
            if x > min(payoffs):
                k = payoffs.index(min(payoffs))
                return feedback(
                    False,
                    f"{v:g} is in row {row} but not its smallest entry: the column player "
                    f"would answer {row} with {game.col_labels[k]} and pay only {a[i][k]:g}",
                )
            column = [r[j] for r in a]
            k = column.index(max(column))
            return feedback(
                False,
                f"{v:g} is the smallest in row {row}, but in column {col} the row player "
                f"would rather play {game.row_labels[k]} and get {a[k][j]:g}",
            )
    if any(x == -v for r in a for x in r):
        return feedback(
            False,
            f"{v:g} is the column player's payoff (the second number of a cell); the value is "
            "the row player's, the first numbers",
        )
    return feedback(
        False,
        "the value of a game with a saddle point is one of its entries: the smallest in its "
        "row and the largest in its column",
    )


def check_glove_share(x: float) -> Verdict:
    """Exercise: the Shapley value of the left glove ``L`` when there are three right gloves.

    >>> check_glove_share(2 / 3)
    ✗ Not yet: 2/3 is L's share with two right gloves; with three, L comes first in only 1 of 4 places.
    False
    """
    answer = number(x)
    if answer is None:
        return feedback(False, f"answer with a number, not {x!r}")
    x = answer
    right = glove_game(right=("R1", "R2", "R3")).shapley_value()["L"]
    if abs(x - right) < 1e-6:
        return feedback(
            True,
            "3/4: L adds the pair in every order except those where it comes first (1 in 4)",
        )
    if abs(x - 2 / 3) < 1e-6:
        return feedback(
            False,
            "2/3 is L's share with two right gloves; with three, L comes first in only 1 of 4 "
            "places",
        )
    if abs(x - 1) < 1e-6:
        return feedback(
            False,
            "1 is L's share in the core (competition between the right gloves); the Shapley "
            "value averages L's marginal contribution over all 24 orders, and L adds nothing "
            "when it arrives first",
        )
    if abs(x - glove_game(right=("R1", "R2", "R3")).shapley_value()["R1"]) < 1e-6:
        return feedback(
            False,
            "1/12 is each right glove's share; the question asks for the left glove's, L",
        )
    if abs(x - 0.5) < 1e-6 or abs(x - 0.25) < 1e-6:
        return feedback(
            False,
            "splitting evenly ignores that L is scarce: the right gloves can make nothing "
            "without it; average L's marginal contribution over the orders of arrival",
        )
    return feedback(
        False,
        "list the orders of arrival: L adds 1 whenever a right glove came before it, and 0 "
        "when it comes first; average over the 24 orders",
    )


def ultimatum_with_offer(unfair: tuple[int, int]) -> NormalFormGame:
    """The table of 02's ultimatum game with the unfair offer U paying ``unfair`` if accepted
    (the fair one F pays (5, 5), a rejection (0, 0)).

    >>> ultimatum_with_offer((7, 3)).payoff(1, 0)
    (7.0, 3.0)
    """
    tree = ExtensiveFormGame(
        {"F": {"A": (5, 5), "R": (0, 0)}, "U": {"A": unfair, "R": (0, 0)}},
        name=f"Ultimatum game, U pays {unfair} if accepted",
    )
    return tree.to_normal_form()


def check_fair_threshold(x: object) -> Verdict:
    """Exercise (03x): in the ultimatum game where an accepted unfair offer pays (7, 3), player
    2 mixes AA and AR; up to which probability of AA does F stay player 1's best reply?

    >>> check_fair_threshold("5/8")
    ✗ Not yet: 5/8 is the bound when U pays 8; here U pays 7 when accepted, and only AA accepts it.
    False
    >>> check_fair_threshold(0.5)
    ✗ Not yet: with P(AA) = 0.5 and the rest AR, F pays player 1 5 and U pays 3.5: F is still a best reply there: the bound is higher.
    False
    >>> check_fair_threshold(0.714)
    ✓ Right: 5/7: then U pays 7·5/7 = 5, as much as F; with more AA, U pays more than 5.
    True
    """
    p = number(x)
    if p is None:
        return feedback(False, f"answer with a probability between 0 and 1, not {x!r}")
    if not 0 <= p <= 1:
        return feedback(False, f"{p:g} is not a probability; it must lie between 0 and 1")
    game = ultimatum_with_offer((7, 3))
    fair, unfair = (game.row_payoffs[i][0] for i in (0, 1))  # F and U against AA
    bound = fair / unfair
    if abs(p - bound) < 5e-4:  # 5/7 or 0.714: three decimals are enough
        share = Fraction(float(bound)).limit_denominator(100)
        return feedback(
            True,
            f"{share}: then U pays {unfair:g}·{share} = {fair:g}, as much as F; with more AA, U "
            f"pays more than {fair:g}",
        )
    if abs(p - 5 / 8) < 1e-6:
        return feedback(
            False,
            "5/8 is the bound when U pays 8; here U pays 7 when accepted, and only AA accepts it",
        )
    if abs(p - 1 + bound) < 1e-6:
        return feedback(
            False, "that is the bound for the probability of AR; the question asks for AA"
        )
    u = unfair * p  # only AA accepts U
    verdict = (
        "U pays more, so F is no longer a best reply there: the bound is lower"
        if u > fair
        else "F is still a best reply there: the bound is higher"
    )
    return feedback(
        False,
        f"with P(AA) = {p:g} and the rest AR, F pays player 1 {fair:g} and U pays {u:.3g}: "
        + verdict,
    )


def blind_ultimatum() -> NormalFormGame:
    """The table of 02's ultimatum game when player 2 does not see the offer.

    >>> blind_ultimatum().col_labels
    ('A', 'R')
    """
    tree = ExtensiveFormGame(
        {"F": {"A": (5, 5), "R": (0, 0)}, "U": {"A": (8, 2), "R": (0, 0)}},
        infosets=[[("F",), ("U",)]],
        name="Player 2 does not see the offer",
    )
    return tree.to_normal_form()


def check_blind_extremes(n: object) -> Verdict:
    """Exercise (03x): how many extreme equilibria has :func:`blind_ultimatum`, a degenerate
    game (against R, player 1's F and U both pay 0)?

    >>> check_blind_extremes(2)
    ✗ Not yet: against R player 1 is indifferent, but is R ever a best reply of player 2? A pays 5 or 2, R pays 0.
    False
    """
    k = number(n)
    if k is None or not k.is_integer() or k < 0:
        return feedback(False, f"answer with a whole number of equilibria, not {n!r}")
    game = blind_ultimatum()
    extremes = game.nash_equilibria()
    if k == len(extremes):
        return feedback(
            True,
            f"{len(extremes)}, (U; A): the tie against R does not matter, because R is never a best reply of "
            "player 2 (A pays at least 2, R 0); a degenerate game can still have one equilibrium",
        )
    if k == 0:
        return feedback(
            False, "every finite game has an equilibrium (Nash 1950), once mixing is allowed"
        )
    return feedback(
        False,
        "against R player 1 is indifferent, but is R ever a best reply of player 2? A pays 5 "
        "or 2, R pays 0",
    )
