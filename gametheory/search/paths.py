"""A node's address: the move indices from the root, linked to its parent's.

The textbook searches (:mod:`gametheory.search.context`) and their traces name every node
they visit by its :class:`Path`. A path reads, compares and hashes as the tuple of its
indices, so a path and the tuple a person writes find each other in a dict; but a child's
path only links to its parent's, so a search ``d`` plies deep holds memory in proportion to
its nodes, not to ``d`` times them. To hash as a tuple without building one, a path mixes
its hash the way CPython hashes tuples, one index more than its parent's, as it is made.
An untraced search asks no node where it is: it passes :data:`UNRECORDED`, which records
nothing, so its step down costs what a tuple's would.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from typing import Any, TypeAlias, overload

from gametheory.core import ArgumentTypeError

__all__ = ["Path", "Address", "UNRECORDED"]

_MASK = (1 << 64) - 1
_PRIME_1, _PRIME_2, _PRIME_5 = 11400714785074694791, 14029467366897019727, 2870177450012600261


def _mix(acc: int, item: object) -> int:
    """One round of CPython's tuple hash (xxHash's): ``acc`` after one more item."""
    acc = (acc + (hash(item) & _MASK) * _PRIME_2) & _MASK
    return (((acc << 31) | (acc >> 33)) & _MASK) * _PRIME_1 & _MASK


def _finish(acc: int, length: int) -> int:
    """CPython's tuple hash of ``length`` items mixed into ``acc``."""
    acc = (acc + (length ^ (_PRIME_5 ^ 3527539))) & _MASK
    return 1546275796 if acc == _MASK else acc - (1 << 64) if acc >> 63 else acc


_PARENT = slice(None, -1, None)

# where tuples hash otherwise (a 32-bit build, another Python), a path asks its tuple
_SAME_HASH = all(
    _finish(functools.reduce(_mix, t, _PRIME_5), len(t)) == hash(t)
    for t in [(), (0,), (1, 2, 3), (-1, 2**62, -(2**63)), ("a", 1.5)]
)


class Path(Sequence[int]):
    """A node's address: the move indices from the root, ``Path()`` for the root itself.

    A path reads, compares and hashes like the tuple of its indices (``Path((1, 0)) ==
    (1, 0)``, and either finds the other in a dict), but a child's path only links to its
    parent's: ``path + (i,)`` costs one link, not a copy. So a search ``d`` plies deep holds
    memory in proportion to its nodes, not to ``d`` times them.

    >>> root = Path()
    >>> child = root + (1,) + (0,)
    >>> child, child[:-1], len(child), child == (1, 0), {(1, 0): "F"}[child]
    ((1, 0), (1,), 2, True, 'F')
    """

    __slots__ = ("_parent", "_last", "_length", "_acc", "_hash")
    _parent: Path | None  # the path one step shorter (None at the root)
    _last: int  # the last index (-1 at the root)
    _length: int
    _acc: int  # the tuple hash of the indices, before the length is mixed in
    _hash: int  # made once, with the path: a traced search hashes every path it makes

    def __init__(self, indices: Sequence[int] = ()) -> None:
        if not isinstance(indices, tuple | list | Path | range):
            raise ArgumentTypeError(
                f"a path is made from a tuple or list of move indices, such as (1, 0); "
                f"got {indices!r}"
            )
        node = _ROOT
        for index in indices:
            node = _link(node, index)
        for name in self.__slots__:
            setattr(self, name, getattr(node, name))

    def __len__(self) -> int:
        return self._length

    def __hash__(self) -> int:
        return self._hash

    def __iter__(self) -> Iterator[int]:
        indices = list(self.__reversed__())
        indices.reverse()
        return iter(indices)

    def __reversed__(self) -> Iterator[int]:
        node = self
        while node._parent is not None:
            yield node._last
            node = node._parent

    @overload
    def __getitem__(self, index: int) -> int: ...

    @overload
    def __getitem__(self, index: slice) -> Path: ...

    def __getitem__(self, index: int | slice) -> int | Path:
        if self._parent is not None:  # the two a search asks most: the last index, the parent
            if index == -1:
                return self._last
            if type(index) is slice and index == _PARENT:
                return self._parent
        if isinstance(index, slice):
            start, stop, step = index.indices(self._length)
            if start == 0 and step == 1:  # a prefix is an ancestor: shared, not copied
                return self._up(self._length - max(stop, 0))
            return Path(tuple(self)[index])
        position = index + self._length if index < 0 else index
        if not 0 <= position < self._length:
            raise IndexError(f"path index {index} is outside a path of length {self._length}")
        return self._up(self._length - 1 - position)._last

    def _up(self, steps: int) -> Path:
        """The ancestor ``steps`` above (``steps`` at most the length)."""
        node = self
        for _ in range(steps):
            assert node._parent is not None
            node = node._parent
        return node

    def __add__(self, more: object) -> Path:
        if type(more) is tuple and len(more) == 1:  # path + (i,): the searches' step down
            return _link(self, more[0])
        if not isinstance(more, tuple | Path):
            return NotImplemented
        node = self
        for index in more:
            node = _link(node, index)
        return node

    def __radd__(self, first: object) -> Path:
        if not isinstance(first, tuple):
            return NotImplemented
        return Path(first) + self

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if isinstance(other, Path):
            if self._hash != other._hash or self._length != other._length:
                return False
            mine, theirs = self, other
            while mine is not theirs:  # the walk ends at the first shared ancestor
                if mine._last != theirs._last:
                    return False
                if mine._parent is None or theirs._parent is None:  # both at their roots
                    return True
                mine, theirs = mine._parent, theirs._parent
            return True
        if isinstance(other, tuple):  # a walk up the links, not a tuple made
            if self._length != len(other):
                return False
            node = self
            for index in reversed(other):
                if node._last != index:
                    return False
                node = node._parent  # type: ignore[assignment]  # not None: the lengths agree
            return True
        return NotImplemented

    def __lt__(self, other: object) -> bool:
        return tuple(self) < _as_tuple(other)

    def __le__(self, other: object) -> bool:
        return tuple(self) <= _as_tuple(other)

    def __gt__(self, other: object) -> bool:
        return tuple(self) > _as_tuple(other)

    def __ge__(self, other: object) -> bool:
        return tuple(self) >= _as_tuple(other)

    def __repr__(self) -> str:
        return repr(tuple(self))

    # immutable, so a copy is the path itself; pickling keeps the indices
    def __copy__(self) -> Path:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Path:
        return self

    def __reduce__(self) -> tuple[type[Path], tuple[tuple[int, ...]]]:
        return Path, (tuple(self),)


def _link(parent: Path, last: int) -> Path:
    """The path one step below ``parent``, its hash mixed in from its parent's."""
    path = object.__new__(Path)
    path._parent, path._last, path._length = parent, last, parent._length + 1
    path._acc = _mix(parent._acc, last)
    path._hash = _finish(path._acc, path._length) if _SAME_HASH else hash(tuple(path))
    return path


_ROOT = object.__new__(Path)
_ROOT._parent, _ROOT._last, _ROOT._length, _ROOT._acc = None, -1, 0, _PRIME_5
_ROOT._hash = hash(())


class _Unrecorded(Path):
    """The path an untraced search hands down: nothing asks it where a node is, so it
    records nothing, and a step down (``path + (i,)``) is the path itself. It has no
    indices: anything that reads one fails."""

    __slots__ = ()

    def __add__(self, more: object) -> Path:
        return self

    def __repr__(self) -> str:
        return "<a path not recorded: the search keeps no trace>"


UNRECORDED: Path = object.__new__(_Unrecorded)
"""What an untraced search passes for every node's path (see :class:`_Unrecorded`)."""


def _as_tuple(other: object) -> tuple[Any, ...]:
    if isinstance(other, Path):
        return tuple(other)
    if isinstance(other, tuple):
        return other
    raise ArgumentTypeError(f"a path compares with a path or a tuple, not {type(other).__name__}")


Address: TypeAlias = Path | tuple[int, ...]
"""Where a node is, as a search's :class:`Path` or the tuple of indices a person writes
(the two are equal and hash alike, so either finds the other in a dict)."""
