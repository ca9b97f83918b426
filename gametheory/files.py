"""Reading and writing the package's small JSON files safely: the only module that touches
the file system (the games themselves read and write only text and dictionaries).

:func:`save_record` and :func:`load_record` keep a game of Abapa
(:class:`~gametheory.games.abapa.AbapaRecord`); :func:`load_checkers_evaluation` reads the
thesis' checkers evaluation (:class:`~gametheory.games.checkers.CheckersEvaluation`);
:func:`endgame_database` keeps the Abapa endgame database in the user's cache folder
(:class:`~gametheory.games.abapa.endgame.EndgameDatabase`, binary, checked when read). Two
promises, kept in one place for every file the package saves or loads:

* **Reading is bounded.** Only a regular file is read (not a device such as ``/dev/zero``,
  nor a folder), at most :data:`MAX_FILE_BYTES` of it, nested at most :data:`MAX_NESTING`
  levels deep; any other problem (missing, unreadable, not UTF-8, not JSON) is a
  :class:`~gametheory.core.GameError` that names the file and the bound.
* **Writing never loses the old file.** The text goes to a temporary file in the same folder,
  which then replaces the old one in a single rename: a full disk or a file-size limit leaves
  the previous version as it was. Only a regular file (or a new one) is written: a symbolic
  link, a device such as ``/dev/null``, a pipe or a folder is refused, never followed nor
  replaced, and so is a name with a NUL character.

>>> import os, tempfile
>>> from gametheory.games.abapa import Abapa, replay
>>> path = os.path.join(tempfile.mkdtemp(), "game.json")
>>> save_record(path, replay(Abapa(), [3, 9]))
>>> read_json(path, "saved game")["moves"]
[3, 9]
>>> load_record(path).final.houses
(5, 4, 0, 5, 5, 5, 5, 4, 0, 5, 5, 5)
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import stat
import tempfile
import warnings
from importlib import resources
from typing import Any

from gametheory.core import GameError
from gametheory.games.abapa.endgame import FORMAT, EndgameDatabase, positions
from gametheory.games.abapa.record import AbapaRecord
from gametheory.games.abapa.rules import Abapa
from gametheory.games.checkers import CheckersEvaluation

__all__ = [
    "MAX_FILE_BYTES",
    "MAX_NESTING",
    "save_record",
    "load_record",
    "load_checkers_evaluation",
    "endgame_database",
    "endgame_path",
    "SHIPPED",
    "read_text",
    "read_json",
    "parse_json",
    "write_atomically",
    "move_aside",
    "remove_saved",
    "same_file",
]

MAX_FILE_BYTES = 1_000_000
"""The largest file read (a saved game of 100,000 moves is about 600,000 bytes)."""

MAX_NESTING = 20
"""The deepest nesting of lists and objects a file may have (saved games use 3)."""


def save_record(path: str | os.PathLike[str], record: AbapaRecord) -> None:
    """Write the game ``record`` to ``path`` as JSON (:meth:`AbapaRecord.to_json
    <gametheory.games.abapa.AbapaRecord.to_json>`).

    The file is replaced only by a complete new one (see :func:`write_atomically`): if the
    disk is full, the previous save is still there. Raises :class:`OSError` when the file
    cannot be written, :class:`~gametheory.core.GameError` when ``path`` is no place for a
    saved game (a symbolic link, a device, a pipe, a folder, a name with a NUL character).
    """
    write_atomically(path, record.to_json() + "\n")


def load_record(path: str | os.PathLike[str]) -> AbapaRecord:
    """Read and check a game saved by :func:`save_record` (it carries its own rules).

    Raises
    ------
    GameError
        For anything that is not a saved game: a missing or unreadable file, one that is not
        a regular file or holds more than :data:`MAX_FILE_BYTES` bytes, text that is not
        JSON or is nested too deeply, rules out of bounds, an illegal move
        (:meth:`AbapaRecord.from_data <gametheory.games.abapa.AbapaRecord.from_data>`). The
        message names the file.
    """
    data = read_json(path, "saved game")
    try:
        return AbapaRecord.from_data(data)
    except GameError as error:
        raise GameError(f"{os.fspath(path)!r}: {error}") from None


def load_checkers_evaluation(path: str | os.PathLike[str] | None = None) -> CheckersEvaluation:
    """Read a :class:`~gametheory.games.checkers.CheckersEvaluation` from a JSON file (the
    thesis-like default, shipped with the package, if None).

    The file looks like::

        {"material": {"man": 3, "king": 10},
         "positional": [{"square": "a1", "piece": "man", "bonus": 1}, ...]}

    Raises
    ------
    GameError
        A file that is missing, unreadable, not a file, larger than 1 MB, not UTF-8 text or
        not JSON, or that has a bad entry; the message names the file (and the entry).

    Examples
    --------
    >>> from gametheory.games.checkers import Checkers
    >>> evaluate = load_checkers_evaluation()
    >>> evaluate.man, evaluate.king
    (3.0, 10.0)
    >>> evaluate(Checkers().initial_state(), 0)
    0.0
    """
    if path is None:
        text = resources.files("gametheory").joinpath("data/checkers_eval.json").read_text("utf-8")
        source = "checkers_eval.json"
        data = parse_json(text, source, "evaluation")
    else:  # a student's file: read with bounds, every failure a GameError naming it
        source = os.fspath(path)
        data = read_json(path, "evaluation")
    return CheckersEvaluation.from_dict(data, source)


def endgame_database(
    game: Abapa | None = None,
    seeds: int = 12,
    *,
    folder: str | os.PathLike[str] | None = None,
    progress: bool = True,
) -> EndgameDatabase:
    """The Abapa endgame database from its file in ``folder`` (the user's cache folder by
    default, :func:`endgame_path`), or else from a folder of :data:`SHIPPED` (a database
    made at build time, as the course in a browser has), or else built into ``folder``
    first. Where the file cannot be written (a full disk, a read-only folder) the database
    is kept in memory for the session instead, with one warning that says why.

    The file is checked when it is read
    (:meth:`~gametheory.games.abapa.endgame.EndgameDatabase.from_bytes`: its name, header,
    length, checksum and values); one that fails a check is never trusted but built again,
    with a warning, and replaced. The build shows a progress bar unless ``progress=False``;
    12 seeds take under a minute.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     first = endgame_database(seeds=3, folder=folder, progress=False)
    ...     again = endgame_database(seeds=3, folder=folder, progress=False)
    >>> first.values == again.values, len(again.values)
    (True, 455)
    """
    game = Abapa() if game is None else game
    path = endgame_path(game, seeds, folder)
    shipped = [
        os.path.join(place, os.path.basename(path))
        for place in os.environ.get(SHIPPED, "").split(os.pathsep)
        if place
    ]
    for where in [path, *shipped]:
        if os.path.exists(where):
            try:
                most = 3 * positions(game.rules.houses_per_side, seeds) + 4096  # and a header
                data = read_bytes(where, "endgame database", most)
                return EndgameDatabase.from_bytes(game, seeds, data)
            except GameError as error:
                warnings.warn(
                    f"{where} is not used, the database is built again: {error}", stacklevel=2
                )
    kept = _UNSAVED.get((path, repr(game)))
    if kept is not None:
        return kept
    database = EndgameDatabase.build(game, seeds, progress=progress)
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        write_atomically(path, database.to_bytes())
    except OSError as error:  # a full disk, a read-only cache: keep it for this session
        warnings.warn(
            f"the endgame database could not be saved as {path} ({error}); it is kept in "
            "memory for this session (pass folder= to save it elsewhere)",
            stacklevel=2,
        )
        _UNSAVED[path, repr(game)] = database
    return database


SHIPPED = "GAMETHEORY_ENDGAMES"
"""The environment variable naming folders (separated as in ``PATH``) that hold endgame
databases made beforehand, read by :func:`endgame_database` and never written: the course
in a browser ships one (``tools/build_lite.py``)."""

_UNSAVED: dict[tuple[str, str], EndgameDatabase] = {}
"""Databases built this session that their cache folder could not take, by path and game."""


def endgame_path(game: Abapa, seeds: int, folder: str | os.PathLike[str] | None = None) -> str:
    """Where :func:`endgame_database` keeps the database of ``game`` with ``seeds`` seeds:
    in ``folder``, or the user's cache folder (platformdirs), one file a board and count.

    >>> os.path.basename(endgame_path(Abapa(), 12, "/tmp"))
    'abapa-endgame-6-houses-12-seeds-v2.bin'
    """
    EndgameDatabase.check(game, seeds)
    if folder is None:
        from platformdirs import user_cache_dir

        folder = user_cache_dir("gametheory")
    houses = game.rules.houses_per_side
    name = f"abapa-endgame-{houses}-houses-{seeds}-seeds-v{FORMAT}.bin"
    return os.path.join(os.fspath(folder), name)


def read_text(path: str | os.PathLike[str], what: str, max_bytes: int = MAX_FILE_BYTES) -> str:
    """The text of the regular file ``path``, read with a size bound.

    ``what`` names the kind of file in the errors ("saved game", "evaluation").

    Raises
    ------
    GameError
        If ``path`` cannot be read, is not a regular file, holds more than ``max_bytes``
        bytes, or is not UTF-8 text.

    Examples
    --------
    >>> read_text("/dev/zero", "saved game")
    Traceback (most recent call last):
    ...
    gametheory.core.GameError: cannot read saved game '/dev/zero': it is not a file (a device, a folder or a pipe); give the path of a .json file
    """
    data = read_bytes(path, what, max_bytes, "give the path of a .json file")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise GameError(
            f"cannot read {what} {os.fspath(path)!r}: it is not UTF-8 text ({what} files are "
            "JSON text)"
        ) from None


def read_bytes(
    path: str | os.PathLike[str], what: str, max_bytes: int, hint: str = "is it the right file?"
) -> bytes:
    """The bytes of the regular file ``path``, at most ``max_bytes`` of them, or a
    :class:`~gametheory.core.GameError` that names the file, the bound and the ``hint``."""
    name = _file_name(path, f"cannot read {what}")
    try:
        # a device or a pipe could be endless or block: look before opening
        if not stat.S_ISREG(os.stat(name).st_mode):
            raise GameError(
                f"cannot read {what} {name!r}: it is not a file (a device, a folder or a "
                f"pipe); {hint}"
            )
        with open(name, "rb") as file:
            data = file.read(max_bytes + 1)
    except OSError as error:
        raise GameError(f"cannot read {what} {name!r}: {error.strerror or error}") from None
    if len(data) > max_bytes:
        raise GameError(
            f"cannot read {what} {name!r}: it has more than {max_bytes:,} bytes, the most "
            f"this reads ({what} files are smaller); is it the right file?"
        )
    return data


def read_json(
    path: str | os.PathLike[str],
    what: str,
    max_bytes: int = MAX_FILE_BYTES,
    max_nesting: int = MAX_NESTING,
) -> Any:
    """The JSON data in ``path``, read with :func:`read_text` and parsed with bounds.

    Raises
    ------
    GameError
        For everything :func:`read_text` refuses, text that is not JSON (numbers of more
        than 4,300 digits included), and data nested more than ``max_nesting`` levels.

    Examples
    --------
    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "deep.json")
    >>> write_atomically(path, "[" * 50 + "]" * 50)
    >>> read_json(path, "saved game")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gametheory.core.GameError: ...deep.json: the data is nested more than 20 levels deep (saved game files are not); is it the right file?
    """
    return parse_json(read_text(path, what, max_bytes), os.fspath(path), what, max_nesting)


def parse_json(text: str, source: str, what: str, max_nesting: int = MAX_NESTING) -> Any:
    """Parse the JSON ``text`` of a ``what`` from ``source``, with the bounds of
    :func:`read_json` (``source`` names where the text came from, in the errors).

    >>> parse_json("[1, 2", "typed text", "saved game")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gametheory.core.GameError: typed text: not valid JSON (...); is it a saved game file?
    """
    too_deep = GameError(
        f"{source}: the data is nested more than {max_nesting} levels deep ({what} files "
        "are not); is it the right file?"
    )
    try:
        data = json.loads(text)
    except RecursionError:
        raise too_deep from None
    except (ValueError, TypeError) as error:  # not JSON; a number too long to read; not text
        raise GameError(f"{source}: not valid JSON ({error}); is it a {what} file?") from None
    if _nesting(data) > max_nesting:
        raise too_deep
    return data


def _nesting(data: Any) -> int:
    """How many levels of lists and objects ``data`` has (0 for a number or a string)."""
    deepest = 0
    todo = [(data, 1)]
    while todo:
        item, level = todo.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list):
            deepest = max(deepest, level)
            todo.extend((child, level + 1) for child in item)
    return deepest


def write_atomically(path: str | os.PathLike[str], text: str | bytes) -> None:
    """Write ``text`` (or bytes) to ``path`` so that ``path`` holds either the old or the
    whole new text.

    The text is written to a temporary file in the same folder, flushed to the disk, and
    renamed over ``path`` (a rename within a folder is atomic). If anything fails the
    temporary file is removed and the error (an :class:`OSError`) is raised; the old file is
    untouched.

    Raises
    ------
    GameError
        If ``path`` exists and is not a regular file: a symbolic link (the rename would
        replace the link, not write where it points), a device such as ``/dev/null`` (as
        root, the rename would delete it), a pipe or a folder; or if the name holds a NUL
        character. Nothing is written.
    OSError
        When the file cannot be written (a full disk, no permission).

    Examples
    --------
    >>> import os, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> os.symlink(os.path.join(folder, "real.json"), os.path.join(folder, "link.json"))
    >>> write_atomically(os.path.join(folder, "link.json"), "{}")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gametheory.core.GameError: will not save over '...link.json': it is a symbolic link (to '...real.json'); save to the file itself or choose another name
    """
    name = _file_name(path, "will not save to")
    folder = os.path.dirname(os.path.abspath(name))
    try:  # the new file gets the old one's permissions, or the usual ones for a new file
        mode = _regular_or_new(name)
    except FileNotFoundError:
        mask = os.umask(0)
        os.umask(mask)
        mode = 0o666 & ~mask
    fd, temporary = tempfile.mkstemp(prefix=".", suffix=".tmp", dir=folder)
    try:
        os.chmod(temporary, mode)
        data = text if isinstance(text, bytes) else text.encode("utf-8")
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, name)
    except BaseException:
        with contextlib.suppress(OSError):
            os.remove(temporary)
        raise


def _file_name(path: str | os.PathLike[str], refusal: str) -> str:
    """``path`` as a string, refused (``refusal`` begins the message) if the system cannot
    take it as a file name."""
    name = os.fspath(path)
    if "\0" in name:
        raise GameError(
            f"{refusal} {name!r}: a file name cannot contain a NUL character (\\x00); "
            "type the name again"
        )
    return name


def _regular_or_new(name: str) -> int:
    """The permission bits of the regular file ``name``; :class:`FileNotFoundError` if there
    is none; a :class:`GameError` for anything else there (never followed)."""
    info = os.lstat(name)
    if stat.S_ISLNK(info.st_mode):
        raise GameError(
            f"will not save over {name!r}: it is a symbolic link (to {os.readlink(name)!r}); "
            "save to the file itself or choose another name"
        )
    if not stat.S_ISREG(info.st_mode):
        raise GameError(
            f"will not save over {name!r}: it is not a regular file (a device, a pipe or a "
            "folder); move it away or choose another name"
        )
    return stat.S_IMODE(info.st_mode)


def move_aside(path: str | os.PathLike[str]) -> str:
    """Rename the regular file ``path`` to a new name beside it, never over another file:
    ``game.previous.json``, else ``game.previous-2.json``, ``game.previous-3.json``, ...

    Returns the new name. Raises :class:`OSError` when the file cannot be renamed, and
    :class:`GameError` when ``path`` is not a regular file.

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "game.json")
    >>> for _ in range(2):
    ...     write_atomically(path, "{}")
    ...     print(os.path.basename(move_aside(path)))
    game.previous.json
    game.previous-2.json
    """
    name = _file_name(path, "cannot move aside")
    _regular_or_new(name)
    stem = os.path.splitext(name)[0]
    for number in itertools.count(1):
        aside = f"{stem}.previous{'' if number == 1 else f'-{number}'}.json"
        if os.path.lexists(aside):
            continue
        try:  # a hard link is made only if the name is still free: no other game is replaced
            os.link(name, aside)
        except FileExistsError:
            continue
        except OSError:  # a file system without hard links: the name was free just now
            os.replace(name, aside)
            return aside
        os.remove(name)
        return aside
    raise AssertionError("unreachable")  # pragma: no cover


def remove_saved(path: str | os.PathLike[str]) -> bool:
    """Remove ``path`` if it is a regular file (a link, a device, a folder are left alone);
    True if it was removed."""
    name = os.fspath(path)
    try:
        if "\0" in name or not stat.S_ISREG(os.lstat(name).st_mode):
            return False
        os.remove(name)
    except OSError:
        return False
    return True


def same_file(first: str | os.PathLike[str] | None, second: str | os.PathLike[str] | None) -> bool:
    """Whether two names lead to the same file (or, for files not there, the same path).

    >>> same_file("game.json", "./game.json"), same_file("a.json", None)
    (True, False)
    """
    if first is None or second is None:
        return False
    try:
        return os.path.samefile(first, second)
    except (OSError, ValueError):
        return os.path.abspath(first) == os.path.abspath(second)
