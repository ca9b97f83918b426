"""What the students handed in, as an LMS or a folder gives it: files, each with the student
whose hand-in it sits in, read with limits and never followed anywhere.

A folder is walked without following symbolic links; a symbolic link, a FIFO, a device or a
socket is reported and never opened; a file larger than :data:`RECORD_BYTES` is reported
unread. A ``.zip`` (an LMS's "download all", or a student's own zip inside it) is read in
memory, never extracted, so a member named ``../../x`` goes nowhere (it is reported); at
most :data:`ZIP_MEMBERS` members, each at most :data:`RECORD_BYTES` (or
:data:`ZIP_BYTES` for a zip inside the zip), however large its header says it is.

**Whose hand-in**: the first folder of a file's path (or the file's own name, in a flat
download) names its student, by the conventions of the LMSs:

=====================  =====================================================================
source                 the name
=====================  =====================================================================
a folder per student   ``s01/…`` (the roster id)
Moodle                 ``Ada Lovelace_1001_assignsubmission_file_/…`` (the roster name)
Canvas                 ``lovelaceada_1001_2002_s01-1.json`` (last and first name, one word)
nbgrader zip_collect   ``s01_hw3_s01-1.json`` (the id first)
Gradescope bulk        ``submission_123/…``, with ``submission_metadata.yml`` (its ``:sid:``)
=====================  =====================================================================

A name that matches no student, or more than one, leaves the owner unknown (None).

>>> from gametheory.teacher.assign import Student
>>> roster = [Student("s01", "Ada Lovelace"), Student("s02", "Zoë Dubois")]
>>> owner_of("Zoë Dubois_1002_assignsubmission_file_", roster)
's02'
>>> owner_of("lovelaceada_77_88_s01-1.json", roster), owner_of("notes", roster)
('s01', None)
"""

from __future__ import annotations

import io
import os
import re
import stat
import unicodedata
import zipfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from gametheory.teacher.assign import Student

__all__ = ["RECORD_BYTES", "ZIP_BYTES", "ZIP_MEMBERS", "HandedIn", "handed_in", "owner_of"]

RECORD_BYTES = 1_000_000
"""The largest file read as a record (a record is a few kB; a code answer rarely 50)."""

ZIP_BYTES = 200_000_000
"""The most a zip inside a zip may unpack to (it is read in memory)."""

ZIP_MEMBERS = 20_000
"""The most members a zip may have."""
_SPECIAL = "a special file (a FIFO, device or socket): not read"


@dataclass(frozen=True)
class HandedIn:
    """One file handed in: its name as the teacher sees it, whose hand-in it sits in (a
    roster id, or None when the path does not say), and its bytes — or why it was not read."""

    name: str
    owner: str | None
    data: bytes | None = None
    problem: str | None = None


def handed_in(source: str | os.PathLike[str], roster: Sequence[Student]) -> Iterator[HandedIn]:
    """Every file of ``source`` (a folder or a ``.zip``), in name order, zips read inside."""
    root = Path(source)
    if root.is_file() and root.suffix.lower() == ".zip":
        data, problem = read_file(root, ZIP_BYTES)
        if data is None:
            yield HandedIn(root.name, None, problem=problem)
        else:
            yield from _zip(root.name, data, roster, None, 0)
        return
    names = _gradescope(root / "submission_metadata.yml", roster)
    yield from _folder(root, root, roster, names)


def _folder(
    root: Path, here: Path, roster: Sequence[Student], names: dict[str, str]
) -> Iterator[HandedIn]:
    for entry in sorted(os.scandir(here), key=lambda e: e.name):
        path = Path(entry.path)
        name = path.relative_to(root).as_posix()
        parts = PurePosixPath(name).parts
        owner = names.get(parts[0]) or owner_of(parts[0], roster)
        mode = entry.stat(follow_symlinks=False).st_mode
        if stat.S_ISLNK(mode):
            yield HandedIn(name, owner, problem="a symbolic link: not followed")
        elif stat.S_ISDIR(mode):
            yield from _folder(root, path, roster, names)
        elif not stat.S_ISREG(mode):
            yield HandedIn(name, owner, problem=_SPECIAL)
        elif path.suffix.lower() == ".zip":
            data, problem = read_file(path, ZIP_BYTES)
            if data is None:
                yield HandedIn(name, owner, problem=problem)
            else:
                yield from _zip(name, data, roster, owner, 1)
        else:
            data, problem = read_file(path, RECORD_BYTES)
            yield HandedIn(name, owner, data, problem)


def read_file(path: Path, limit: int) -> tuple[bytes | None, str | None]:
    """A regular file's bytes, at most ``limit`` (opened without following a link), or
    None and why it was not read (a handed-in file is reported, never followed or waited on).

    >>> read_file(Path("/dev/zero"), 10)
    (None, 'a special file (a FIFO, device or socket): not read')
    """
    try:
        flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
        fd = os.open(path, flags)
        with os.fdopen(fd, "rb") as stream:
            if not stat.S_ISREG(os.fstat(stream.fileno()).st_mode):
                return None, _SPECIAL
            data = stream.read(limit + 1)
    except OSError as error:
        return None, f"cannot be read: {error.strerror or error}"
    if len(data) > limit:
        return None, f"larger than {limit:,} bytes: not read"
    return data, None


def _zip(
    name: str,
    data: bytes,
    roster: Sequence[Student],
    owner: str | None,
    depth: int,
) -> Iterator[HandedIn]:
    """The members of the zip ``name`` (bytes ``data``); a zip inside it is read too."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        members = archive.infolist()
    except (zipfile.BadZipFile, OSError, ValueError, EOFError) as error:
        yield HandedIn(name, owner, problem=f"not a zip file that can be read: {error}")
        return
    if len(members) > ZIP_MEMBERS:
        yield HandedIn(
            name, owner, problem=f"a zip of {len(members)} files (at most {ZIP_MEMBERS}): not read"
        )
        return
    names = _gradescope_text(_member(archive, "submission_metadata.yml"), roster)
    for member in sorted(members, key=lambda m: m.filename):
        path = PurePosixPath(member.filename)
        mine = owner
        if owner is None and path.parts:
            mine = names.get(path.parts[0]) or owner_of(path.parts[0], roster)
        if not member.is_dir():
            yield from _unzipped(archive, member, f"{name}:{member.filename}", roster, mine, depth)


def _unzipped(
    archive: zipfile.ZipFile,
    member: zipfile.ZipInfo,
    shown: str,
    roster: Sequence[Student],
    owner: str | None,
    depth: int,
) -> Iterator[HandedIn]:
    """One member of a zip, read in memory within its limit (a zip inside: its members)."""
    path = PurePosixPath(member.filename)
    nested = path.suffix.lower() == ".zip" and depth < 2
    limit = ZIP_BYTES if nested else RECORD_BYTES
    if path.is_absolute() or ".." in path.parts or "\\" in member.filename:
        yield HandedIn(
            shown, owner, problem="an unsafe name in the zip (outside its folder): not used"
        )
        return
    if stat.S_ISLNK(member.external_attr >> 16):
        yield HandedIn(shown, owner, problem="a symbolic link in the zip: not followed")
        return
    if member.file_size > limit:
        yield HandedIn(shown, owner, problem=f"larger than {limit:,} bytes: not read")
        return
    try:
        with archive.open(member) as stream:
            content = stream.read(limit + 1)
    except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError) as error:
        yield HandedIn(shown, owner, problem=f"cannot be read from the zip: {error}")
        return
    if len(content) > limit:
        yield HandedIn(shown, owner, problem=f"unpacks to more than {limit:,} bytes: not read")
    elif nested:
        yield from _zip(shown, content, roster, owner, depth + 1)
    else:
        yield HandedIn(shown, owner, content)


def _member(archive: zipfile.ZipFile, name: str) -> str:
    try:
        with archive.open(name) as stream:
            return stream.read(RECORD_BYTES).decode("utf-8", "replace")
    except (KeyError, zipfile.BadZipFile, OSError, ValueError):
        return ""


def _plain(text: str) -> str:
    """Letters and digits only, without accents, in lower case: how LMSs squash names."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if c.isalnum() and not unicodedata.combining(c))


def owner_of(name: str, roster: Sequence[Student]) -> str | None:
    """The roster id of the student whose hand-in ``name`` (a folder's or a file's name)
    is, by the conventions of the module docstring; None if no one, or more than one."""
    found = {s.id for s in roster if s.id == name}
    tokens = [t for t in re.split(r"[_\s]+", name) if t]
    for student in roster:
        words = student.name.split()
        squashed = {_plain(student.name), _plain("".join(words[-1:] + words[:-1]))}
        if student.id in tokens or _plain(name.split("_")[0]) in squashed:
            found.add(student.id)
    return found.pop() if len(found) == 1 else None


def _gradescope(path: Path, roster: Sequence[Student]) -> dict[str, str]:
    data, _ = read_file(path, RECORD_BYTES) if path.is_file() else (None, None)
    return _gradescope_text(data.decode("utf-8", "replace") if data else "", roster)


def _gradescope_text(text: str, roster: Sequence[Student]) -> dict[str, str]:
    """``{submission folder: roster id}`` from Gradescope's ``submission_metadata.yml``
    (each ``submission_N:`` block names its submitters with ``:sid:`` and ``:name:``)."""
    ids = {s.id for s in roster}
    names = {_plain(s.name): s.id for s in roster}
    found: dict[str, str] = {}
    for block in re.split(r"^(?=submission_\d+:)", text, flags=re.MULTILINE):
        head = re.match(r"(submission_\d+):", block)
        if head is None:
            continue
        sids = {m.strip("'\" ") for m in re.findall(r":sid:\s*(.+)", block)} & ids
        sids |= {
            names[n] for n in (_plain(m) for m in re.findall(r":name:\s*(.+)", block)) if n in names
        }
        if len(sids) == 1:
            found[head.group(1)] = sids.pop()
    return found
