"""The Abapa endgame database: the index, the moves of a whole level, the values against two
independent oracles (tests/endgame_oracles.py), the answers, the errors and the file."""

from __future__ import annotations

import math
import os
import random
from array import array
from functools import cache
from itertools import product
from math import comb
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gametheory.core import GameError
from gametheory.files import endgame_database, endgame_path
from gametheory.games.abapa import Abapa, AbapaState
from gametheory.games.abapa import endgame as E
from gametheory.games.abapa.endgame import (
    EndgameDatabase,
    board_index,
    boards,
    cycle_bounds,
    positions,
)
from tests.endgame_oracles import (
    andor_bounds,
    andor_values,
    exact_values,
    recursive_values,
    start,
    turned,
)

GAME = Abapa()


@cache
def eight_seeds() -> EndgameDatabase:
    return EndgameDatabase.build(GAME, seeds=8)


@pytest.fixture
def database() -> EndgameDatabase:
    return eight_seeds()


def boards_of(houses: int, seeds: int) -> list[tuple[int, ...]]:
    return [b for level in range(seeds + 1) for b in boards(houses, level)]


# -- the index -----------------------------------------------------------------------------
@pytest.mark.parametrize(("houses", "seeds"), [(1, 6), (2, 5), (3, 4), (6, 2)])
def test_the_index_numbers_every_board_once_in_order(houses: int, seeds: int) -> None:
    every = boards_of(houses, seeds)
    assert [board_index(b) for b in every] == list(range(positions(houses, seeds)))
    assert len(every) == comb(seeds + 2 * houses, 2 * houses)
    brute = {b for b in product(range(seeds + 1), repeat=2 * houses) if sum(b) <= seeds}
    assert set(every) == brute
    columns = np.array(every, np.int16).T
    assert E._indices(columns, seeds).tolist() == list(range(len(every)))


def test_the_sizes_of_the_issue() -> None:
    assert positions(6, 12) == 2_704_156 and positions(6, 15) == 17_383_860


# -- the moves of a level at once, against the readable rules --------------------------------
@pytest.mark.parametrize("houses", [2, 3, 6])
def test_every_move_of_a_level_is_the_rules_move(houses: int) -> None:
    game = Abapa(houses_per_side=houses)
    rng = random.Random(25)
    for level in range(1, 9):
        level_boards = boards(houses, level)
        sample = rng.sample(level_boards, min(len(level_boards), 400))
        children = E._children(np.array(sample, np.int16), houses).tolist()
        for board, row in zip(sample, children, strict=True):
            state = start(game, board)
            legal = game.legal_moves(state)
            assert [i + 1 for i in range(houses) if row[i] >= 0] == list(legal), board
            for move in legal:
                report = game.explain(state, move)
                if report.ending is None:  # else the board was settled into the stores
                    assert row[move - 1] == board_index(turned(report.state.houses))


# -- the values against two oracles ----------------------------------------------------------
@pytest.mark.parametrize(("houses", "seeds"), [(2, 8), (3, 6), (6, 4)])
def test_the_values_are_those_of_an_exhaustive_and_or_labelling(houses: int, seeds: int) -> None:
    """The same board-only game (an endless game shared) solved by gametheory.andor."""
    game = Abapa(houses_per_side=houses)
    built = EndgameDatabase.build(game, seeds)
    values = andor_values(game, seeds)
    assert len(values) == len(built.values)
    assert all(built.values[board_index(b)] == 2 * v for b, v in values.items())


@pytest.mark.parametrize(("houses", "seeds", "differ"), [(2, 8, 79), (3, 6, 317), (6, 5, 386)])
def test_the_history_exact_search_agrees_wherever_no_cycle_decides(
    houses: int, seeds: int, differ: int
) -> None:
    """Against the package's own repetition rule (an empty history, as after a capture).

    Where ``lo == hi`` (:func:`cycle_bounds`) best play ends without a repetition and the
    two must agree; every board where they differ has ``lo < hi`` (a cycle decides), and
    both values lie in ``[lo, hi]``.
    """
    game = Abapa(houses_per_side=houses)
    built = EndgameDatabase.build(game, seeds)
    lo, hi = cycle_bounds(game, seeds)
    exact = exact_values(game, seeds)
    assert len(exact) == len(built.values)
    differences = 0
    for board, value in exact.items():
        i = board_index(board)
        assert lo[i] <= value <= hi[i], board
        assert lo[i] <= built.values[i] / 2 <= hi[i], board
        if built.values[i] != 2 * value:
            assert lo[i] < hi[i], board
            differences += 1
    assert differences == differ  # the figures of the module docstring and the lesson


@pytest.mark.parametrize(("houses", "seeds"), [(2, 6), (3, 5), (6, 4)])
def test_the_cycle_bounds_are_those_of_and_or_labelling(houses: int, seeds: int) -> None:
    """``lo`` where A wins a target outright, ``hi`` where she does not lose it (an endless
    game undecided), level by level on the lower levels' bounds."""
    game = Abapa(houses_per_side=houses)
    lo, hi = cycle_bounds(game, seeds)
    below: dict[tuple[int, ...], tuple[float, float]] = {}
    for level in range(seeds + 1):
        bounds = andor_bounds(game, level, boards(houses, level), below)
        for board, (low, high) in bounds.items():
            assert (lo[board_index(board)], hi[board_index(board)]) == (low, high), board
        below.update(bounds)
    assert (lo < hi).any() and (lo == hi).any()


@pytest.mark.parametrize(
    ("houses", "seeds", "indexed"),
    [(2, 8, E._INDEXED), (2, 8, 0), (3, 5, E._INDEXED), (6, 3, E._INDEXED)],
)
def test_values_and_distances_are_those_of_a_plain_recursive_search(
    houses: int, seeds: int, indexed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every board's value and distance against a recursive search over the readable
    rules, the distance "never" included (an endless game shared); ``indexed=0`` settles
    every level as the largest are, without an index of parents."""
    monkeypatch.setattr(E, "_INDEXED", indexed)
    game = Abapa(houses_per_side=houses)
    built = EndgameDatabase.build(game, seeds)
    searched = recursive_values(game, seeds)
    assert len(searched) == len(built.values) == len(built.distances)
    for board, (value, distance) in searched.items():
        i = board_index(board)
        assert (built.values[i], built.distances[i]) == (value, distance), board
    finite = {d for _, d in searched.values()} - {E.NEVER}
    assert E.NEVER in built.distances and max(finite) >= 8  # both kinds, some far ends


def test_the_bounds_hold_every_value(database: EndgameDatabase) -> None:
    lo, hi = cycle_bounds(GAME, 8)
    values = np.frombuffer(database.values, np.uint8) / 2
    assert (lo <= values).all() and (values <= hi).all()
    assert ((lo == hi) <= (values == lo)).all()


# -- the answers -----------------------------------------------------------------------------
@st.composite
def endgames(draw: st.DrawFn, most: int = 8) -> AbapaState:
    seeds = draw(st.integers(1, most))
    cuts = sorted(draw(st.lists(st.integers(0, seeds), min_size=11, max_size=11)))
    houses = [b - a for a, b in zip([0, *cuts], [*cuts, seeds], strict=True)]
    rest = GAME.rules.total_seeds - seeds
    mine = draw(st.integers(max(0, rest - 24), min(rest, 24)))
    return GAME.state(houses, (mine, rest - mine), draw(st.integers(0, 1)))


@given(endgames())
def test_move_values_are_the_values_of_the_children(state: AbapaState) -> None:
    database = eight_seeds()
    mover, level = state.to_move, sum(state.houses)
    values = database.move_values(state)
    if not GAME.legal_moves(state):
        assert values == {} and database.best_moves(state) == ()
        return
    assert list(values) == list(GAME.legal_moves(state))
    for move, kept in values.items():
        report = GAME.explain(state, move)
        after = report.state
        if report.ending == "no_moves":  # settled: the stores say it all
            expected: float = after.stores[mover] - state.stores[mover]
        else:  # past the threshold too: the database plays on (its value is of the board)
            assert report.ending in (None, "threshold")
            expected = level - database.value(after)
        assert kept == expected, (move, report.describe())
    best = max(values.values())
    assert database.value(state) == best
    assert database.best_moves(state) == tuple(m for m, v in values.items() if v == best)


@given(endgames())
def test_the_value_is_the_same_seen_from_either_side(state: AbapaState) -> None:
    database = eight_seeds()
    turned_state = GAME.state(turned(state.houses), state.stores[::-1], 1 - state.to_move)
    assert database.value(turned_state) == database.value(state)
    forecast, other = database.outcome(state), database.outcome(turned_state)
    assert forecast.scores == other.scores[::-1]
    assert sum(forecast.scores) == GAME.rules.total_seeds


@given(endgames())
def test_a_distance_is_one_more_than_the_best_moves(state: AbapaState) -> None:
    """The player ahead on the board (at least half of it) takes the nearest end among the
    moves that keep the value, the one behind the farthest; "never" is the farthest."""
    database = eight_seeds()
    left = database.move_distances(state)
    if not left:  # the game is over by the rules
        return
    plies = [math.inf if d is None else d for d in map(left.get, database.best_moves(state))]
    ahead = 2 * database.value(state) >= sum(state.houses)
    expected = min(plies) if ahead else max(plies)
    assert database.distance(state) == (None if expected == math.inf else expected)


def test_outcome_adds_the_value_to_the_stores(database: EndgameDatabase) -> None:
    state = GAME.state([0, 1, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 2], stores=(20, 24), to_move=1)
    seeds_b = database.value(state)
    assert database.outcome(state).scores == (20 + 4 - seeds_b, 24 + seeds_b)
    over = GAME.state([0] * 12, stores=(24, 24))
    assert database.outcome(over) == E.Forecast(None, (24.0, 24.0))
    assert database.move_values(over) == {} and database.best_moves(over) == ()


def test_a_position_past_the_threshold_is_over(database: EndgameDatabase) -> None:
    won = GAME.state([1, 0, 0, 0, 0, 0] + [0] * 6, stores=(25, 22))
    assert database.move_values(won) == {}
    assert database.outcome(won) == E.Forecast(0, (25.0, 22.0))


# -- errors ----------------------------------------------------------------------------------
def test_too_many_seeds_is_a_clear_error(database: EndgameDatabase) -> None:
    state = GAME.state([1] * 9 + [0] * 3, stores=(20, 19))
    with pytest.raises(
        GameError, match="9 seeds on the board; this database holds boards of at most 8"
    ):
        database.value(state)
    for ask in (database.outcome, database.best_moves, database.move_values):
        with pytest.raises(GameError, match="at most 8"):
            ask(state)


@pytest.mark.parametrize(
    ("game", "words"),
    [
        (Abapa(grand_slam="capture"), "grand_slam='capture'"),
        (Abapa(cycle="below_four"), "cycle='below_four'"),
    ],
)
def test_other_rules_are_refused(game: Abapa, words: str) -> None:
    with pytest.raises(GameError, match=words):
        EndgameDatabase.build(game, seeds=2)
    with pytest.raises(GameError, match=words):
        EndgameDatabase(game, 0, b"\0", array("H", [0]))


def test_positions_of_other_games_are_refused(database: EndgameDatabase) -> None:
    small = Abapa(houses_per_side=3).initial_state()
    with pytest.raises(GameError, match="the database holds boards of 12 houses"):
        database.value(small)
    with pytest.raises(GameError, match="not a position of"):
        database.value("a board")  # type: ignore[arg-type]
    with pytest.raises(GameError, match="is for Abapa"):
        EndgameDatabase.build("abapa", 2)  # type: ignore[arg-type]


@pytest.mark.parametrize("seeds", [-1, 2.5, True, "12", 128])
def test_a_bad_seed_count_is_refused(seeds: object) -> None:
    with pytest.raises(GameError, match="seeds must be a whole number from 0 to 127"):
        EndgameDatabase.build(GAME, seeds)  # type: ignore[arg-type]


def test_a_database_too_large_is_refused(tmp_path: Path) -> None:
    with pytest.raises(GameError, match="more than MAX_POSITIONS"):
        EndgameDatabase.build(GAME, seeds=20)
    with pytest.raises(GameError, match="more than MAX_POSITIONS"):
        endgame_database(GAME, seeds=20, folder=tmp_path)
    assert not list(tmp_path.iterdir())


def test_a_folder_in_the_way_is_a_clear_error(tmp_path: Path) -> None:
    Path(endgame_path(GAME, 3, tmp_path)).mkdir()  # a folder where the file should be
    with (
        pytest.warns(UserWarning, match="not a file"),
        pytest.raises(GameError, match="not a regular file .* move it away or choose another"),
    ):
        endgame_database(GAME, 3, folder=tmp_path, progress=False)


def test_the_default_folder_is_the_users_cache() -> None:
    from platformdirs import user_cache_dir

    assert Path(endgame_path(GAME, 12)).parent == Path(user_cache_dir("gametheory"))


# -- the file --------------------------------------------------------------------------------
def test_the_file_is_built_once_then_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = endgame_database(GAME, 5, folder=tmp_path, progress=False)
    path = Path(endgame_path(GAME, 5, tmp_path))
    assert path.stat().st_size < 3 * len(first.values) + 400  # three bytes a board, a header
    monkeypatch.setattr(EndgameDatabase, "build", None)  # a second build would fail
    again = endgame_database(GAME, 5, folder=tmp_path)
    assert (again.values, again.distances) == (first.values, first.distances)


def damaged(data: bytes) -> list[bytes]:
    body = len(data) - 100
    flipped = bytearray(data)
    flipped[body] ^= 0x01
    return [
        bytes(flipped),  # one value changed: the checksum catches it
        data[:-1],  # cut short
        b"garbage" + data,  # not the file's name
        data.replace(b'"seeds": 5', b'"seeds": 4'),  # a header for another database
        data.replace(b"sha256", b"md5"),
    ]


@pytest.mark.parametrize("case", range(5))
def test_a_corrupt_or_foreign_file_is_rebuilt(tmp_path: Path, case: int) -> None:
    good = endgame_database(GAME, 5, folder=tmp_path, progress=False)
    path = Path(endgame_path(GAME, 5, tmp_path))
    right = path.read_bytes()
    path.write_bytes(damaged(right)[case])
    with pytest.raises(GameError):
        EndgameDatabase.from_bytes(GAME, 5, path.read_bytes())
    with pytest.warns(UserWarning, match="is not used, the database is built again"):
        rebuilt = endgame_database(GAME, 5, folder=tmp_path, progress=False)
    assert rebuilt.values == good.values
    assert path.read_bytes() == right


def test_values_too_large_are_refused_even_with_a_right_checksum() -> None:
    built = EndgameDatabase.build(GAME, 3)
    built.values = b"\x09" + built.values[1:]  # the empty board cannot be worth 4.5 seeds
    with pytest.raises(GameError, match="larger than their boards"):
        EndgameDatabase.from_bytes(GAME, 3, built.to_bytes())


def test_the_progress_bar_counts_boards(capsys: pytest.CaptureFixture[str]) -> None:
    EndgameDatabase.build(GAME, 3, progress=True)
    assert "455/455" in capsys.readouterr().err


def test_a_cache_that_cannot_be_written_keeps_the_database_and_says_why_once(
    tmp_path: Path,
) -> None:
    import warnings

    from gametheory.files import endgame_database

    blocked = tmp_path / "a file"
    blocked.write_text("not a folder")
    folder = blocked / "cache"  # cannot be made: its parent is a file
    with pytest.warns(UserWarning, match="could not be saved .* kept in memory") as caught:
        first = endgame_database(seeds=3, folder=folder, progress=False)
    assert len(caught) == 1
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no second warning, no second build
        again = endgame_database(seeds=3, folder=folder, progress=False)
    assert again is first and len(first.values) == 455


def test_a_shipped_database_is_read_and_never_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gametheory.files import SHIPPED

    shipped, cache = tmp_path / "shipped", tmp_path / "cache"
    shipped.mkdir()
    made = EndgameDatabase.build(GAME, 3)
    Path(endgame_path(GAME, 3, shipped)).write_bytes(made.to_bytes())
    monkeypatch.setenv(SHIPPED, f"{tmp_path / 'nowhere'}{os.pathsep}{shipped}")
    monkeypatch.setattr(EndgameDatabase, "build", None)  # a build would fail
    read = endgame_database(GAME, 3, folder=cache)
    assert (read.values, read.distances) == (made.values, made.distances)
    assert not cache.exists()  # nothing written


def test_the_file_is_read_without_numpy(tmp_path: Path) -> None:
    from tests.test_without_numpy import run_without_numpy

    Path(endgame_path(GAME, 4, tmp_path)).write_bytes(EndgameDatabase.build(GAME, 4).to_bytes())
    done = run_without_numpy(
        f"""
        import os
        os.environ["GAMETHEORY_ENDGAMES"] = {str(tmp_path)!r}
        from gametheory.files import endgame_database
        from gametheory.games.abapa import Abapa
        from gametheory.practice.perfect_play import PerfectPlayer, verdicts
        game = Abapa()
        database = endgame_database(game, 4, folder={str(tmp_path / "cache")!r})
        state = game.state([0, 1, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 2], stores=(22, 22))
        print(database.value(state), database.distance(state), PerfectPlayer(database).choose(game, state))
        print(verdicts(database, state)[2])
        """
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "4.0 14 2",
        "keeps the win (4 seeds of 4), all taken in 14 moves",
    ]
