"""search.paths.Path: a node's address that reads, compares and hashes like its tuple, sharing its
parent's links (so deep searches hold memory in proportion to their nodes)."""

import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gametheory.search.paths import Path

indices = st.lists(st.integers(min_value=-(2**70), max_value=2**70), max_size=12).map(tuple)
small = st.lists(st.integers(min_value=0, max_value=3), max_size=6).map(tuple)


@given(indices)
def test_a_path_hashes_and_equals_its_tuple(t: tuple[int, ...]) -> None:
    p = Path(t)
    assert hash(p) == hash(t)
    assert p == t and t == p
    assert (p != t) is False and (t != p) is False
    assert {t: "x"}[p] == "x" and {p: "y"}[t] == "y"
    assert tuple(p) == t and list(p) == list(t) and len(p) == len(t)
    assert repr(p) == repr(t) and str(p) == str(t) and bool(p) == bool(t)


@given(indices)
def test_a_path_built_step_by_step_is_the_path_built_at_once(t: tuple[int, ...]) -> None:
    p = Path()
    for i in t:
        p = p + (i,)
    assert p == Path(t) and hash(p) == hash(Path(t)) and p == t


@given(small, small)
def test_paths_compare_and_add_as_tuples_do(a: tuple[int, ...], b: tuple[int, ...]) -> None:
    pa, pb = Path(a), Path(b)
    for x, y in [(pa, pb), (pa, b), (a, pb)]:
        assert (x == y) == (a == b)
        assert (x != y) == (a != b)
        assert (x < y) == (a < b) and (x <= y) == (a <= b)
        assert (x > y) == (a > b) and (x >= y) == (a >= b)
        assert x + y == a + b
    assert isinstance(pa + b, Path) and isinstance(a + pb, Path)
    assert sorted([pa, b, pb, a]) == sorted([a, b, b, a])


@given(
    small,
    st.integers(min_value=-8, max_value=8),
    st.integers(min_value=-8, max_value=8),
    st.sampled_from([None, 1, 2, -1]),
)
def test_a_path_indexes_and_slices_as_a_tuple(
    t: tuple[int, ...], i: int, j: int, step: int | None
) -> None:
    p = Path(t)
    if -len(t) <= i < len(t):
        assert p[i] == t[i]
    else:
        with pytest.raises(IndexError, match="outside a path"):
            p[i]
    for part in [slice(None, j), slice(i, j, step), slice(i, None)]:
        assert p[part] == t[part] and isinstance(p[part], Path)
    assert p.count(0) == t.count(0) and (1 in p) == (1 in t)


def test_a_prefix_is_the_ancestor_itself_not_a_copy() -> None:
    root = Path()
    a = root + (2,)
    b = a + (0,)
    c = b + (1,)
    assert c[:-1] is b and c[:1] is a and c[:0] is root and c[:-3] is root


def test_a_path_is_immutable_and_pickles_as_its_indices() -> None:
    p = Path((1, 0, 2))
    assert copy.copy(p) is p and copy.deepcopy(p) is p
    again = pickle.loads(pickle.dumps(p))
    assert again == p and type(again) is Path and type(p).__name__ == "Path"
    with pytest.raises(TypeError):
        p[0] = 2  # type: ignore[index]
    with pytest.raises(AttributeError):
        p.extra = 1  # type: ignore[attr-defined]


def test_a_path_compared_with_something_else_says_so() -> None:
    assert Path((1,)) != [1] and Path() != "root"
    with pytest.raises(TypeError, match="compares with a path or a tuple, not list"):
        assert Path((1,)) < [2]  # type: ignore[operator]
    with pytest.raises(TypeError):
        assert Path((1,)) + [2]  # type: ignore[operator]


def test_deep_paths_share_their_links() -> None:
    p = Path()
    line = [p]
    for _ in range(5000):
        p = p + (0,)
        line.append(p)
    assert len(p) == 5000 and p[:2500] is line[2500]
    assert p == (0,) * 5000 and hash(p) == hash((0,) * 5000)


def test_where_tuples_hash_otherwise_a_path_asks_its_tuple(monkeypatch: pytest.MonkeyPatch) -> None:
    from gametheory.search import paths

    monkeypatch.setattr(paths, "_SAME_HASH", False)
    p = Path((3, 1)) + (4,)
    assert hash(p) == hash((3, 1, 4)) and {(3, 1, 4): 1}[p] == 1


@given(small)
def test_a_child_hashed_before_its_parent_hashes_as_its_tuple(t: tuple[int, ...]) -> None:
    line = [Path()]
    for i in t:
        line.append(line[-1] + (i,))
    for k in reversed(range(len(line))):  # the deepest first: nobody above has been hashed
        assert hash(line[k]) == hash(t[:k])


def test_a_path_is_a_class_of_its_own_not_a_tuple() -> None:
    # equal to its tuple and hashing alike, but honestly its own type (to mypy as well)
    p = Path((1, 0))
    assert type(p) is Path and not isinstance(p, tuple) and p == (1, 0)
    assert type(p + (2,)) is Path and type(p[:-1]) is Path


@pytest.mark.parametrize("bad", [5, "10", None, {1: 2}])
def test_a_path_from_something_else_is_refused_by_name(bad: object) -> None:
    with pytest.raises(TypeError, match="tuple or list of move indices, such as"):
        Path(bad)  # type: ignore[arg-type]
