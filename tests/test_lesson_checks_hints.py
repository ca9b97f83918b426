"""The self-checks of notebooks 02, 03a, 03b, 05, 08a, 08b, 10 and 11: each accepts the right
answer, gives the specific hint for the typical wrong ones, and answers anything else a student
may type with a message, never an exception."""

from __future__ import annotations

import pytest
from lesson_checks import abapa, andor, case_studies, feedback, theory

from gametheory.andor import AndOrGraph, winning_strategy
from gametheory.evaluation import LinearEvaluator
from gametheory.games.abapa import Abapa, mobility, seeds_on_side, store_difference
from gametheory.games.nim import Nim
from gametheory.theory.cooperative import glove_game
from gametheory.theory.extensive_form import ExtensiveFormGame, ultimatum_game
from gametheory.theory.normal_form import battle_of_the_sexes, prisoners_dilemma, stag_hunt


def verdict(capsys: pytest.CaptureFixture[str], check: object, *args: object, **kw: object):
    ok = check(*args, **kw)  # type: ignore[operator]
    out = capsys.readouterr().out
    assert out.count("\n") == 1, "a check prints exactly one line"
    return ok, out


# --------------------------------------------------------------------------- 02


def test_plans_right_answer_is_what_the_package_counts(capsys):
    three = ExtensiveFormGame({o: {"A": (1, 1), "R": (0, 0)} for o in ("fair", "unfair", "greedy")})
    n = len(three.pure_strategies(1))
    assert verdict(capsys, theory.check_plans, n)[0]


@pytest.mark.parametrize(
    ("answer", "hint"),
    [(6, "edges"), (2, "moves at one node"), (4, "two offers"), (9, "2³"), (7, "three letters")],
)
def test_plans_hints(capsys, answer, hint):
    ok, out = verdict(capsys, theory.check_plans, answer)
    assert not ok and hint in out and "Not yet" in out


def test_plans_rejects_non_numbers(capsys):
    # "8" is read as 8, as every check reads numbers (issue 24); words and fractions are not
    for typed in ("eight", 8.5, "8.5"):
        ok, out = verdict(capsys, theory.check_plans, typed)
        assert not ok and "whole number" in out


def test_blind_plans(capsys):
    blind = ExtensiveFormGame(
        {o: {"A": (1, 1), "R": (0, 0)} for o in ("fair", "unfair", "greedy")},
        infosets=[[("fair",), ("unfair",), ("greedy",)]],
    )
    assert verdict(capsys, theory.check_blind_plans, len(blind.pure_strategies(1)))[0]
    ok, out = verdict(capsys, theory.check_blind_plans, 8)
    assert not ok and "information set" in out
    ok, out = verdict(capsys, theory.check_blind_plans, 1)
    assert not ok and "always accept or always reject" in out


def test_cell(capsys):
    table = ultimatum_game().to_normal_form()
    right = table.payoff(table.row_labels.index("U"), table.col_labels.index("RA"))
    assert verdict(capsys, theory.check_cell, right)[0]
    for wrong, hint in [((0, 0), "rejection"), ((2, 8), "first number"), ((5, 5), "fair offer")]:
        ok, out = verdict(capsys, theory.check_cell, wrong)
        assert not ok and hint in out
    ok, out = verdict(capsys, theory.check_cell, (8, 2, 0))
    assert not ok and "is not a pair" in out
    ok, out = verdict(capsys, theory.check_cell, "82")  # one number, not a pair
    assert not ok and "pair of numbers" in out
    for typed in ("8,2", "(8, 2)", ("8", "2"), [8.0, 2.0]):  # the shared reader: alike
        assert verdict(capsys, theory.check_cell, typed)[0], typed
    ok, out = verdict(capsys, theory.check_cell, "2, 8")
    assert not ok and "you swapped them" in out


def test_plain_tables_show_the_payoffs_and_nothing_else():
    game = theory.elimination_game()
    html = theory.plain(game)._repr_html_()
    for i, j in [(i, j) for i in range(game.shape[0]) for j in range(game.shape[1])]:
        a, b = game.payoff(i, j)
        assert f"<td style='{theory.CELL}'>{a:g}, {b:g}</td>" in html
    assert all(label in html for label in (*game.row_labels, *game.col_labels, *game.players))
    # the package's own table underlines best responses, stars and lists the equilibria
    assert "<u>" in game._repr_html_() and "<u>" not in html
    assert "★" not in html and "equilibri" not in html.lower()
    assert str(theory.plain(game)).splitlines()[0].split() == ["", *game.col_labels][1:]


def test_kinds(capsys):
    game = theory.kinds_game()
    truth = {"symmetric": game.is_symmetric(), "zero_sum": game.is_zero_sum()}
    assert truth == {"symmetric": True, "zero_sum": True}
    assert verdict(capsys, theory.check_kinds, **truth)[0]
    ok, out = verdict(capsys, theory.check_kinds, symmetric=False, zero_sum=True)
    assert not ok and "symmetry" in out and "add up" not in out
    ok, out = verdict(capsys, theory.check_kinds, symmetric=True, zero_sum=False)
    assert not ok and "add up" in out and "symmetry" not in out
    ok, out = verdict(capsys, theory.check_kinds, symmetric=False, zero_sum=False)
    assert not ok and "add up" in out and "symmetry" in out
    # the hint says what to compare, never how the comparison comes out for this table
    assert "every cell gives 0" not in out and "so it is" not in out
    assert "pays Red 2" not in out and "attack" not in out


# --------------------------------------------------------------------------- 03a and 03b


def test_worst_cases(capsys):
    table = prisoners_dilemma()  # the oracle: the smallest payoff in each row of the table
    silent, betray = (min(table.payoff(i, j)[0] for j in range(2)) for i in range(2))
    assert verdict(capsys, theory.check_worst_cases, betray=betray, silent=silent)[0]
    assert verdict(capsys, theory.check_worst_cases, betray="-5", silent="−10")[0]  # read alike
    cases = [
        ({"betray": -5, "silent": -1}, "best case of staying silent"),
        ({"betray": 0, "silent": -10}, "best case of betraying"),
        ({"betray": 5, "silent": -10}, "negative payoffs"),
        ({"betray": -5, "silent": -3}, "not in its row"),
        ({"betray": -10, "silent": -5}, "you swapped them"),
        ({"betray": -10, "silent": -10}, "betray = -10 is prisoner 2's payoff"),
        ({"betray": -5, "silent": 0}, "silent = 0 is prisoner 2's payoff"),
        ({"betray": "five", "silent": -10}, "two numbers"),
    ]
    for answer, hint in cases:
        ok, out = verdict(capsys, theory.check_worst_cases, **answer)
        assert not ok and hint in out, out


def test_stag_hunt(capsys):
    right = stag_hunt().pure_nash_equilibria()
    assert verdict(capsys, theory.check_stag_hunt_equilibria, right)[0]
    assert verdict(capsys, theory.check_stag_hunt_equilibria, list(reversed(right)))[0]
    cases = [
        ([(0, 0)], "hare"),
        ([(1, 1)], "stag"),
        # the hint names who gains by switching, with the numbers (the exercise's table is plain)
        ([(0, 0), (0, 1)], "(stag, hare) is not an equilibrium: hunter 1 gets 0 there, 2 by hare"),
        ([(1, 0)], "(hare, stag) is not an equilibrium: hunter 1 gets 3 there, 4 by stag"),
        ([], "neither hunter gains by switching alone."),
    ]
    for wrong, hint in cases:
        ok, out = verdict(capsys, theory.check_stag_hunt_equilibria, wrong)
        assert not ok and hint in out, out
        assert "?." not in out
    ok, out = verdict(capsys, theory.check_stag_hunt_equilibria, "(0, 0)")
    assert not ok and "pairs" in out


def test_survivor(capsys):
    game = theory.elimination_game()
    e = game.iterated_elimination()
    right = (game.row_labels[e.rows[0]], game.col_labels[e.cols[0]])
    assert len(e.rows) == len(e.cols) == 1 and len(e.steps) == 4
    assert [s.player for s in e.steps] == [1, 0, 1, 0]  # the players take turns
    assert game.pure_nash_equilibria() == [(e.rows[0], e.cols[0])]
    ok, out = verdict(capsys, theory.check_survivor, *right)
    assert ok and "left goes first" in out
    for wrong, hint in [
        (
            ("middle", "right"),
            "middle goes at step 2: once left is gone, top pays the row player "
            "more against every column still in play (2 > 1 against centre, 4 > 0 against right)",
        ),
        (("top", "centre"), "top goes at step 4: once left, middle and right are gone, bottom"),
        (
            ("bottom", "left"),
            "left goes at step 1: centre pays the column player more against "
            "every row still in play (4 > 2 against top, 3 > 0 against middle, 3 > 2 against bottom)",
        ),
        (("sideways", "left"), "'sideways' is not a row: write one of top, middle, bottom"),
        (("centre", "bottom"), "you swapped them"),
    ]:
        ok, out = verdict(capsys, theory.check_survivor, *wrong)
        assert not ok and hint in out, out
    for typed in (("Bottom", "Center"), (" BOTTOM ", "centre")):
        assert verdict(capsys, theory.check_survivor, *typed)[0], typed


def test_alice_mix(capsys):
    mixed = [e for e in battle_of_the_sexes().nash_equilibria() if not e.is_pure][0]
    assert verdict(capsys, theory.check_alice_mix, mixed.row[0])[0]
    for wrong, hint in [
        (0.4, "Bob's probability"),
        (0.5, "1 from the opera and 1.5 from football"),
        (1, "pure"),
        (0.7, "he would not mix"),
        (1.5, "not a probability"),
    ]:
        ok, out = verdict(capsys, theory.check_alice_mix, wrong)
        assert not ok and hint in out


def test_zero_sum_value(capsys):
    game = theory.zero_sum_game()
    assert game.saddle_points() == [(1, 2)]  # one saddle point, away from the first row
    ok, out = verdict(capsys, theory.check_zero_sum_value, game.zero_sum_solution().value)
    assert ok and "3: row r2 and column c3 are a saddle point" in out
    ok, out = verdict(capsys, theory.check_zero_sum_value, 4)
    assert not ok and "not its smallest entry" in out and "c3" in out
    ok, out = verdict(capsys, theory.check_zero_sum_value, -2)  # min of row r1, beaten in c3
    assert not ok and "would rather play r2" in out
    ok, out = verdict(capsys, theory.check_zero_sum_value, 2.5)
    assert not ok and "one of its entries" in out
    ok, out = verdict(capsys, theory.check_zero_sum_value, -3)  # the saddle cell reads 3, -3
    assert not ok and "column player's payoff" in out


def test_glove_share(capsys):
    right = glove_game(right=("R1", "R2", "R3")).shapley_value()["L"]
    assert verdict(capsys, theory.check_glove_share, right)[0]
    for wrong, hint in [
        (2 / 3, "two right gloves"),
        (1, "core"),
        (0.25, "scarce"),
        (0.6, "24 orders"),
        (1 / 12, "each right glove's share"),
    ]:
        ok, out = verdict(capsys, theory.check_glove_share, wrong)
        assert not ok and hint in out


# --------------------------------------------------------------------------- 05


def test_first_take(capsys):
    graph = AndOrGraph.from_game(Nim(13))
    assert verdict(capsys, andor.check_first_take, winning_strategy(graph).move(graph.root))[0]
    ok, out = verdict(capsys, andor.check_first_take, 2)
    assert not ok and "leaves 11" in out and "B takes 3" in out
    ok, out = verdict(capsys, andor.check_first_take, 4)
    assert not ok and "1, 2 or 3" in out


def test_misere_losses(capsys):
    assert verdict(capsys, andor.check_misere_losses, [1, 5, 9, 13])[0]
    ok, out = verdict(capsys, andor.check_misere_losses, {4, 8, 12})
    assert not ok and "normal game" in out
    ok, out = verdict(capsys, andor.check_misere_losses, {1, 5, 9, 13, 6})
    assert not ok and "with 6 matches the mover wins by taking 1" in out
    ok, out = verdict(capsys, andor.check_misere_losses, {1, 5, 13})
    assert not ok and "9 is a loss too" in out


@pytest.mark.parametrize("answer", [{0, 4, 8, 12}, {1, 5, 9, 13, 17}, {1, 5, 9, 13, -3}])
def test_misere_losses_outside_the_question(capsys, answer):
    """Counts outside 1..13 are named, not a crash (a StopIteration once)."""
    ok, out = verdict(capsys, andor.check_misere_losses, answer)
    assert not ok and "from 1 to 13" in out


@pytest.mark.parametrize("answer", [{1.5, 5, 9, 13}, {"1.5", 5, 9, 13}, {True, 5, 9, 13}])
def test_misere_losses_wants_whole_numbers(capsys, answer):
    """1.5 is not 1: a fraction is named, never rounded into a right answer; True is no count."""
    ok, out = verdict(capsys, andor.check_misere_losses, answer)
    assert not ok and "numbers of matches" in out


@pytest.mark.parametrize(
    "answer", [{1, 5, 9, 13}, {1.0, 5.0, 9.0, 13.0}, {"1", 5, 9, 13}, "1, 5, 9, 13", [13, 9, 5, 1]]
)
def test_misere_losses_read_alike(capsys, answer):
    """The shared reader: 1, 1.0 and "1" are one count (never "1.0 is not a whole number")."""
    ok, out = verdict(capsys, andor.check_misere_losses, answer)
    assert ok, out


def test_misere_hints_do_not_give_the_pattern(capsys):
    for wrong in ({4, 8, 12}, set(), {5, 9, 13}, {1, 5}, {1, 4, 8}):
        ok, out = verdict(capsys, andor.check_misere_losses, wrong)
        assert not ok and "shifts" not in out and "1, 5, 9, 13" not in out, out
    ok, out = verdict(capsys, andor.check_misere_losses, set())
    assert "from 1 your only move takes the last match" in out


def test_nim_strategy(capsys):
    ten = AndOrGraph.from_game(Nim(10))
    right = {s.matches: t for s, t in winning_strategy(ten).choices.items()}
    assert verdict(capsys, andor.check_nim_strategy, right)[0]
    ok, out = verdict(capsys, andor.check_nim_strategy, {**right, 10: 1})
    assert not ok and "leaves 9" in out and "B takes 1" in out
    missing = {k: v for k, v in right.items() if k != 6}
    ok, out = verdict(capsys, andor.check_nim_strategy, missing)
    assert not ok and "no move for 6 matches" in out and "10 → 8 → 6" in out
    ok, out = verdict(capsys, andor.check_nim_strategy, {**right, 2: 3})
    assert not ok and "1 to 2" in out
    ok, out = verdict(capsys, andor.check_nim_strategy, {})
    assert not ok and "at the start" in out


def test_nim_strategy_messages_read_well(capsys):
    ten = AndOrGraph.from_game(Nim(10))
    right = {s.matches: t for s, t in winning_strategy(ten).choices.items()}
    ok, out = verdict(capsys, andor.check_nim_strategy, {**right, 1: 2})
    assert not ok and "with 1 match you may take only 1, not 2" in out
    # leaving 1, 2 or 3 lets B take the last match: say so, not "leaves you 0"
    ok, out = verdict(capsys, andor.check_nim_strategy, {**right, 2: 1})
    assert not ok and "leaves 1: B takes the last match and wins" in out
    ok, out = verdict(capsys, andor.check_nim_strategy, {**right, 5: 2})
    assert not ok and "leaves 3: B takes the last 3 matches and wins" in out
    ok, out = verdict(capsys, andor.check_nim_strategy, {str(k): v for k, v in right.items()})
    assert ok, out  # "10": 2 is read as 10: 2, by the shared reader
    ok, out = verdict(capsys, andor.check_nim_strategy, {**right, 1: 1.0})
    assert ok, out
    ok, out = verdict(capsys, andor.check_nim_strategy, {**right, 1: 1.5})
    assert not ok and "whole numbers" in out


def test_winning_move(capsys):
    assert verdict(capsys, andor.check_winning_move, "a3")[0]
    ok, out = verdict(capsys, andor.check_winning_move, "a1")
    assert not ok and "B picks b2" in out
    ok, out = verdict(capsys, andor.check_winning_move, None)
    assert not ok and "one root move is enough" in out
    ok, out = verdict(capsys, andor.check_winning_move, "a4")
    assert not ok and "one of" in out
    for typed in ("A3", " a3 ", "3", 3):
        assert verdict(capsys, andor.check_winning_move, typed)[0], typed


def test_drawn_first_moves(capsys):
    assert verdict(capsys, andor.check_drawn_first_moves, 9)[0]
    for wrong, hint in [
        (1, "not the only one"),
        (5, "solve the position"),
        (7, "solve()"),
        (10, "0 to 9"),
    ]:
        ok, out = verdict(capsys, andor.check_drawn_first_moves, wrong)
        assert not ok and hint in out
        assert "so do the edges" not in out and "all nine" not in out
    for typed in (9.0, "9", " 9 "):
        assert verdict(capsys, andor.check_drawn_first_moves, typed)[0], typed
    ok, out = verdict(capsys, andor.check_drawn_first_moves, 9.5)
    assert not ok and "9.5 is not a whole number" in out


# --------------------------------------------------------------------------- 10


# --------------------------------------------------------------------------- 08


def test_sowing(capsys):
    game = Abapa()
    assert verdict(capsys, abapa.check_sowing, game.result(game.initial_state(), 5).houses)[0]
    cases = [
        (game.result(game.initial_state(), 4).houses, "house 4 played"),
        ((4, 5, 5, 5, 0, 5, 4, 4, 4, 4, 4, 4), "counter-clockwise"),
        ((4, 4, 4, 4, 4, 5, 5, 5, 5, 4, 4, 4), "52 seeds"),
        ((4, 4, 4, 4, 1, 5, 5, 5, 4, 4, 4, 4), "must hold 0"),
        ((4, 4, 4, 4, 0, 6, 6, 4, 4, 4, 4, 4), "6, 7, 8, 9"),
        ((4, 4, 4), "12 numbers"),
        ((4.5, 4, 4, 4, 0, 5, 5, 5, 5, 4, 4, 3.5), "whole numbers"),
        ((4, 4, 4, 4, 0, 5, 5, 5, 5, 4, 4, "4"), "whole numbers"),
    ]
    for wrong, hint in cases:
        ok, out = verdict(capsys, abapa.check_sowing, wrong)
        assert not ok and hint in out, (wrong, out)


def test_capture(capsys):
    right = Abapa().explain(abapa.capture_position(), 6).seeds_captured
    for typed in (right, float(right), str(right)):  # 5, 5.0 and "5" are all 5
        assert verdict(capsys, abapa.check_capture, typed)[0], typed
    for wrong, hint in [
        (8, "the run stops there"),
        ("five", "whole number"),
        (5.5, "whole number"),
        (3, "house 10 alone"),
        (7, "breaks the run"),
        (0, "that is a capture"),
        (9, "run of 2s and 3s"),
        (4, "go backwards"),
    ]:
        ok, out = verdict(capsys, abapa.check_capture, wrong)
        assert not ok and hint in out


def test_grand_slam(capsys):
    for typed in (0, 0.0, "0"):
        assert verdict(capsys, abapa.check_grand_slam, typed)[0], typed
    for wrong, hint in [
        (5, "grand slam"),
        (3, "leave_first"),
        (1, "B's only seeds"),
        (None, "whole number"),
    ]:
        ok, out = verdict(capsys, abapa.check_grand_slam, wrong)
        assert not ok and hint in out
        assert "?." not in out


def test_feedback_ends_a_question_with_its_question_mark(capsys):
    assert not feedback(False, "what does the rule say?")
    assert capsys.readouterr().out == "✗ Not yet: what does the rule say?\n"


def test_operators(capsys):
    assert abapa.operator_position().houses[6:] == (0,) * 6  # B's side empty: feeding
    ok, out = verdict(capsys, abapa.check_operators, {(3, 5), (5, 2)})
    assert ok and "Felmarkol(3, 5)" in out
    for wrong, hint in [
        ({(3, 5), (5, 2), (1, 2)}, "house 1's 2 seeds end in house 3"),
        ({(3, 5), (5, 2), (4, 1)}, "house 4's 1 seed ends in house 5"),
        ({(3, 5), (5, 2), (2, 0)}, "house 2 is empty"),
        ({(3, 4), (5, 2)}, "mennyit must be the 5 seeds in house 3"),
        ({(3, 5), (5, 2), (8, 1)}, "not on A's side"),
        ({(3, 5)}, "Felmarkol(5, 2) is missing"),
        ({}, "Felmarkol(3, 5) is missing"),
        ("3", "(honnan, mennyit) pairs"),
        ({(3, 5.5), (5, 2)}, "whole numbers"),
        ({(3.0, 5), (5, 2)}, "whole numbers"),
    ]:
        ok, out = verdict(capsys, abapa.check_operators, wrong)
        assert not ok and hint in out, (wrong, out)


def test_operators_feeding_is_any_seed_on_the_other_side():
    """Precondition 2 asks for a move that gives B seeds. The thesis' formula (the last seed
    on B's side, or more than 11 seeds) misses a sowing that crosses B's side and comes back;
    the rules, and the package, count every seed."""
    game = Abapa()
    back_home = game.state([0, 0, 0, 0, 0, 8] + [0] * 6, stores=(20, 20))
    report = game.explain(back_home, 6)
    assert game.legal_moves(back_home) == (6,) and report.sown[-1] == 2  # ends on A's side
    assert set(report.sown) >= set(range(7, 13))  # yet B gets six seeds


def test_feature(capsys):
    ok, out = verdict(capsys, abapa.check_feature, seeds_on_side)
    assert ok and "antisymmetric" in out
    ok, out = verdict(capsys, abapa.check_feature, lambda s, p: s.stores[p] / 48)
    assert not ok and "must be antisymmetric" in out
    ok, out = verdict(capsys, abapa.check_feature, lambda s, p: s.stores[p] - s.stores[1 - p])
    assert not ok and "strictly between −1 and +1" in out
    # divided by the most it can be, a count reaches ±1 in a lopsided position: refused
    ok, out = verdict(
        capsys, abapa.check_feature, lambda s, p: (s.houses[5] - s.houses[11]) * (1 - 2 * p) / 48
    )
    assert not ok and "returned 1 at" in out and "one more than the most" in out
    right_end = lambda s, p: (sum(s.houses[4:6]) - sum(s.houses[10:12])) * (1 - 2 * p) / 49  # noqa: E731
    assert verdict(capsys, abapa.check_feature, right_end)[0]
    ok, out = verdict(capsys, abapa.check_feature, lambda s, p: 0.0)
    assert not ok and "every position" in out
    ok, out = verdict(capsys, abapa.check_feature, lambda s, p: s.nope)
    assert not ok and "AttributeError" in out
    ok, out = verdict(capsys, abapa.check_feature, lambda s, p: "good")
    assert not ok and "return a number" in out


def test_mix(capsys):
    better = LinearEvaluator({"store": store_difference, "seeds": seeds_on_side}, [3, 1])
    ok, out = verdict(capsys, abapa.check_mix, better)
    assert ok and "of 16 points" in out
    ok, out = verdict(capsys, abapa.check_mix, store_difference)
    assert not ok and "as good as store_difference" in out
    ok, out = verdict(capsys, abapa.check_mix, mobility)
    assert not ok and "worse than store_difference" in out


# --------------------------------------------------------------------------- 11


def test_capture_moves(capsys):
    assert verdict(capsys, case_studies.check_capture_moves, {"c3:e5:g7", "e3:c5:a7"})[0]
    assert verdict(capsys, case_studies.check_capture_moves, [" C3:E5:G7", "e3:c5:a7"])[0]
    for wrong, hint in [
        ({"c3:e5:g7", "e3:c5:a7", "c3-b4"}, "capturing is compulsory"),
        ({"c3:e5", "e3:c5:a7"}, "stops half-way"),
        ({"c3:e5:g7"}, "look at the man on e3"),
        ({"c3-e5-g7", "e3:c5:a7"}, "with colons"),
        ({"c3:g7", "e3:c5:a7"}, "not a legal move"),
        (set(), "2 more captures"),
    ]:
        ok, out = verdict(capsys, case_studies.check_capture_moves, wrong)
        assert not ok and hint in out, (wrong, out)


@pytest.mark.parametrize("answer", [None, 5, {5}, {("c3", "e5")}])
def test_capture_moves_names_an_answer_of_the_wrong_form(capsys, answer):
    ok, out = verdict(capsys, case_studies.check_capture_moves, answer)
    assert not ok and "a set of moves written like" in out


def test_block(capsys):
    assert verdict(capsys, case_studies.check_block, " G7")[0]
    for wrong, hint in [
        ("h6", "O would have four in a row"),
        ("h7", "X plays g7 first"),
        ("b7", "is taken"),
        ("z1", "like e5"),
        (None, "like e5"),
    ]:
        ok, out = verdict(capsys, case_studies.check_block, wrong)
        assert not ok and hint in out, (wrong, out)
