"""The one reader of what students type: every way of writing a number reads alike, and what
cannot be read is refused at once with a message that says what was expected."""

from __future__ import annotations

import math
import time
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from lesson_checks import number, whole_numbers

from gametheory.andor import Label
from gametheory.practice import (
    AnswerError,
    is_swapped,
    parse_choice,
    parse_label,
    parse_list,
    parse_number,
    parse_pair,
    parse_whole,
    parse_wholes,
    parse_window,
    parse_yes_no,
)
from gametheory.practice.answers import Names, read_answer
from gametheory.trees import tree

MINUSES = ["-", "−", "–"]  # a hyphen, a true minus sign, an en dash


# -- what students type --------------------------------------------------------------------
@pytest.mark.parametrize(
    ("typed", "value"),
    [
        ("3", 3.0),
        (3, 3.0),
        (3.0, 3.0),
        (" −3 ", -3.0),
        ("-inf", -math.inf),
        ("∞", math.inf),
        ("+∞", math.inf),
        ("−∞", -math.inf),
        ("Infinity", math.inf),
        ("2,5", 2.5),
        ("7/2", 3.5),
    ],
)
def test_numbers_as_students_type_them(typed: object, value: float) -> None:
    assert parse_number(typed) == value


@pytest.mark.parametrize(
    ("typed", "value"),
    [
        ("W", Label.WIN),
        ("win", Label.WIN),
        (" Loss", Label.LOSS),
        ("l", Label.LOSS),
        ("D", Label.DRAW),
        ("draw", Label.DRAW),
    ],
)
def test_labels_as_students_type_them(typed: str, value: Label) -> None:
    assert parse_label(typed) is value


def test_windows_and_yes_no() -> None:
    assert parse_window("3, ∞") == parse_window("[3, +inf]") == parse_window((3, math.inf))
    assert parse_window("(−∞; 2)") == (-math.inf, 2.0)
    assert [parse_yes_no(x) for x in ("yes", "Y", True, "cut", "no", "n", False)] == [
        True,
        True,
        True,
        True,
        False,
        False,
        False,
    ]


@given(n=st.integers(-(10**12), 10**12))
def test_a_whole_number_reads_alike_however_it_is_written(n: int) -> None:
    written = [n, float(n), str(n), f"{n}.0", f" {n} ", np.int64(n), Fraction(n), f"{n}/1"]
    assert {parse_number(x) for x in written} == {float(n)}
    assert number(np.int64(n)) == n and whole_numbers([np.int64(n), str(n)]) == [n]


@given(
    whole=st.integers(-999, 999),
    digits=st.text("0123456789", min_size=1, max_size=6),
    minus=st.sampled_from(MINUSES),
)
def test_a_decimal_reads_alike_with_a_point_or_a_comma_and_any_minus(
    whole: int, digits: str, minus: str
) -> None:
    text = f"{abs(whole)}.{digits}"
    value = float(text)
    assert parse_number(text) == parse_number(text.replace(".", ",")) == value
    assert parse_number(minus + text) == parse_number(minus + text.replace(".", ",")) == -value


@given(
    numerator=st.integers(-(10**6), 10**6),
    denominator=st.integers(1, 10**6),
    minus=st.sampled_from(MINUSES),
)
def test_a_fraction_is_its_quotient_rounded_once(
    numerator: int, denominator: int, minus: str
) -> None:
    text = f"{numerator}/{denominator}".replace("-", minus)
    assert parse_number(text) == float(Fraction(numerator, denominator))


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("three", "'three' is not a number: write a whole number like 3"),
        ("7/0", "'7/0' is not a number"),
        ("1e400", "'1e400' is too large"),
        (10**400, "is too large"),
        (math.nan, "NaN is not a value a node can have"),
        (True, "True is not a number"),
        ([3], "[3] is not a number"),
        ("1e100000000", "'1e100000000' is too large"),  # an exponent of more than 3 digits
        ("-2.5E+1000", "is too large"),
        ("1e-100000000", "is too small to tell from 0"),
        ("1e1e1000", "is not a number"),
        ("1" * 10_000, "is too long for a number"),
    ],
)
def test_what_is_not_a_number_is_refused_with_what_was_expected(
    typed: object, expected: str
) -> None:
    with pytest.raises(AnswerError, match=expected.replace("[", r"\[").replace("]", r"\]")):
        parse_number(typed)
    assert number(typed) is None


@pytest.mark.parametrize("typed", ["1" * 10_000, "9" * 4_000 + "/7", "1e100000000", "-" * 10**6])
def test_a_huge_input_is_refused_at_once(typed: str) -> None:
    start = time.perf_counter()
    with pytest.raises(AnswerError):
        parse_number(typed)
    # a liveness bound, not a speed test: before the fix "1e100000000" took over a minute; a
    # busy machine's scheduling hiccup is far below this
    assert time.perf_counter() - start < 0.5


@given(x=st.one_of(st.text(max_size=60), st.integers(), st.floats(), st.none(), st.booleans()))
def test_parse_number_returns_a_number_or_raises_an_answer_error(x: object) -> None:
    try:
        value = parse_number(x)
    except AnswerError as error:
        assert str(error)  # a message, never a bare error
    else:
        assert isinstance(value, float) and not math.isnan(value)


def test_lists_windows_and_labels_refuse_with_a_message() -> None:
    assert parse_list("I, J K") == ["I", "J", "K"] and parse_list("2,5; 3") == ["2,5", "3"]
    assert parse_window("2,5; 3") == (2.5, 3.0)
    with pytest.raises(AnswerError, match="is not a list"):
        parse_list(3)
    with pytest.raises(AnswerError, match="write two numbers, α and β"):
        parse_window("3")
    with pytest.raises(AnswerError, match=r"write W \(win\), L \(loss\) or D \(draw\)"):
        parse_label("maybe")
    with pytest.raises(AnswerError, match="answer yes or no"):
        parse_yes_no("perhaps")
    assert parse_label(Label.DRAW) is Label.DRAW and parse_label("lose") is Label.LOSS


def test_the_lessons_checks_read_numbers_as_the_drills_do() -> None:
    for typed in ["2,5", "5/2", "−2.5", " 2.5 ", 2.5, np.float64(2.5)]:
        assert number(typed) == parse_number(typed)
    assert number("∞") is None  # a lesson's answer is a finite number
    assert whole_numbers("11, 7") == [7, 11] and whole_numbers("7; 11 13") == [7, 11, 13]
    assert whole_numbers(np.int64(7)) == [7] and whole_numbers({7.5}) is None


def test_an_answer_is_read_into_paths_with_the_first_problem_named() -> None:
    names = Names(tree([[1, 2], [3]]))
    reading = read_answer({"b": "1", "C": " ", "Q": 2, "B ": "x"}, "E, Z", names, parse_number)
    assert reading.values == {(0,): 1.0} and reading.claimed == frozenset({(0, 1)})
    assert reading.problem is not None and reading.problem[0] is None
    assert reading.problem[1].startswith("There is no node 'Q' in this tree")
    assert read_answer([1], (), names, parse_number).problem == (
        None,
        "values must be a dict of node names and values, like {'B': 3}; got a list.",
    )
    assert read_answer({}, 5, names, parse_number).problem == (
        None,
        "pruned must be a list of node names, got 5.",
    )


# -- counts, pairs, names among choices (one reader for every lesson check) --------------
def test_a_count_is_read_alike_however_it_is_typed() -> None:
    for typed in (9, "9", 9.0, " 9 ", np.int64(9), np.float64(9.0), 9.0000001, "9,0", "18/2"):
        assert parse_whole(typed) == 9, typed
    assert parse_whole(2.9999999) == 3  # a float a hair from 3 is 3, never "not whole"


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        (3.5, "3.5 is not a whole number: count the nodes"),
        ("3.5", "'3.5' is not a whole number: count the nodes"),
        ("three", "'three' is not a number: answer with the number of nodes"),
        (True, "True is not a number"),
        ("inf", "'inf' is not a count"),
    ],
)
def test_what_is_not_a_count_is_quoted_as_typed(typed: object, message: str) -> None:
    with pytest.raises(AnswerError) as caught:
        parse_whole(typed, "nodes")
    assert str(caught.value).startswith(message)


@given(st.integers(-(10**6), 10**6), st.floats(-1e-7, 1e-7))
def test_no_float_a_hair_from_a_whole_number_is_refused(n: int, hair: float) -> None:
    assert parse_whole(n + hair) == n
    assert parse_whole(str(n)) == n


def test_whole_numbers_in_any_collection() -> None:
    for typed in ({1, 5, 9}, [9.0, 5, "1"], "1, 5, 9", "9 5 1", np.array([1, 5, 9]), (1, 5, 9, 5)):
        assert parse_wholes(typed) == [1, 5, 9], typed


def test_a_pair_is_read_from_a_tuple_or_text_and_a_swapped_one_is_told() -> None:
    for typed in ((8, 2), [8, 2], "8,2", "8, 2", "(8, 2)", "8 2", "8; 2", np.array([8, 2])):
        assert parse_pair(typed) == (8.0, 2.0), typed
    assert is_swapped(parse_pair("2,8"), (8, 2))
    assert not is_swapped((8, 2), (8, 2))
    assert not is_swapped((5, 5), (5, 5))
    for bad in ("8", (8, 2, 1), {8: 2}, None):
        with pytest.raises(AnswerError, match="is not a pair"):
            parse_pair(bad)


def test_names_are_read_in_any_case_and_either_spelling() -> None:
    rows = ["top", "centre", "bottom"]
    for typed, meant in (("Center", "centre"), (" CENTRE ", "centre"), ("Bottom", "bottom")):
        assert parse_choice(typed, rows, "a row") == meant
    assert parse_choice("gray", ["white", "grey", "black"]) == "grey"
    with pytest.raises(
        AnswerError, match="'middle' is not a row: write one of top, centre, bottom"
    ):
        parse_choice("middle", rows, "a row")
    with pytest.raises(AnswerError):
        parse_choice(1, rows)
