"""The table of a tournament: Wilson intervals, Elo-style ratings, the text, HTML and plot."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st
from scipy.stats import binomtest

from gametheory.draw.charts import _number
from gametheory.tournament import MatchRecord, TournamentResult, wilson_interval


def record(score: float, a: str = "x", b: str = "y") -> MatchRecord:
    return MatchRecord((a, b), (), (), None, score, True, 0.0)


@given(st.integers(1, 400), st.data())
def test_wilson_matches_scipy(n: int, data: st.DataObject) -> None:
    k = data.draw(st.integers(0, n))
    expected = binomtest(k, n).proportion_ci(method="wilson")
    low, high = wilson_interval(k, n)
    assert math.isclose(low, expected.low, abs_tol=1e-9)
    assert math.isclose(high, expected.high, abs_tol=1e-9)


@given(st.integers(0, 12), st.integers(0, 12), st.integers(0, 12))
def test_two_player_rating_has_the_closed_form(wins: int, draws: int, losses: int) -> None:
    records = [record(1.0)] * wins + [record(0.5)] * draws + [record(0.0)] * losses
    elo = TournamentResult(("x", "y"), tuple(records)).ratings()
    if not records:
        assert elo == {"x": 1500.0, "y": 1500.0}
        return
    x_points = wins + draws / 2 + 0.5  # with the virtual draw
    y_points = losses + draws / 2 + 0.5
    assert math.isclose(elo["x"] - elo["y"], 400 * math.log10(x_points / y_points), abs_tol=1e-6)
    assert math.isclose(elo["x"] + elo["y"], 3000)


@given(
    st.lists(
        st.tuples(st.sampled_from("xyz"), st.sampled_from("xyz"), st.sampled_from([0.0, 0.5, 1.0]))
    )
)
def test_ratings_explain_the_points(games: list[tuple[str, str, float]]) -> None:
    """The fit's defining equations: each player's expected points (with the virtual draws)
    equal the points scored, and the mean rating is 1500."""
    records = tuple(record(score, a, b) for a, b, score in games if a != b)
    result = TournamentResult(("x", "y", "z"), records)
    elo = result.ratings()
    assert math.isclose(sum(elo.values()) / 3, 1500)
    points = result.points()
    for x in "xyz":
        expected = scored = 0.0
        for y in "xyz":
            met = sum(1 for r in records if set(r.players) == {x, y})
            if x != y and met:
                expected += (met + 1) / (1 + 10 ** ((elo[y] - elo[x]) / 400))
                scored += points[x, y] + 0.5
        assert math.isclose(expected, scored, abs_tol=1e-6)


def test_html_table_and_plot() -> None:
    records = [record(1.0), record(0.5), record(1.0, "y", "x"), record(0.0, "z", "x")]
    result = TournamentResult(("x", "y", "z"), tuple(records))
    page = result._repr_html_()
    assert page.count("<tr>") == 4 and "Wilson" in page and "x" in page
    first = result.standings()[0]
    assert first.name == "x" and (first.wins, first.draws, first.losses) == (2, 1, 1)
    picture = result.chart()
    said = picture.split("<desc>")[1]
    for row in result.standings():  # best first, each with its rating, score and interval
        low, high = wilson_interval(row.score * row.games, row.games)
        assert (
            f"{row.name} ({row.elo:.0f}) {_number(row.score)} [{_number(low)}, {_number(high)}]"
            in said
        )
    assert said.index("x (") < said.index("y (") < said.index("z (")
    assert picture.count("<rect") == 1 + 1 + 3  # background, frame, a bar each


def test_forfeits_and_failures_are_told() -> None:
    lost = MatchRecord(("x", "y"), (), (1,), None, 1.0, False, 0.0, 1, "B (y) failed at move 2")
    result = TournamentResult(("x", "y"), (lost,))
    assert result.problems() == ["y lost 1 game by forfeit; first: B (y) failed at move 2"]
    assert "forfeits" in str(result) and "forfeit" in result._repr_html_()
