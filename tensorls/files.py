"""The files the command line reads and writes: bounded, never blocking, never half-written.

- :func:`read_source_bytes` reads only regular files of at most :data:`MAX_SOURCE_BYTES`: a named
  pipe, a device (``/dev/zero``), a socket or a folder is refused before a byte is read, and a
  file is never read past the limit (so a file that grows while it is read cannot exhaust
  memory). Opening never waits for a writer (``O_NONBLOCK``).
- :func:`find_python_files` walks folders for Python files and notebooks without following
  symbolic links to folders (so a link loop cannot make it run forever) and skips hidden folders
  (``.ipynb_checkpoints`` too) and ``__pycache__``.
- :func:`replace_file` writes a file through a temporary file beside it and a rename, so that a
  failed write (disk full, file size limit) leaves the previous contents in place.

Problems are raised as :class:`FileProblem` with a message for the user; nothing here prints.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

MAX_SOURCE_BYTES = 10 * 1024 * 1024
"""The largest source file the command line analyses (10 MiB); larger files are refused. For a
notebook it bounds the code of its code cells (see :data:`MAX_NOTEBOOK_BYTES`)."""

MAX_NOTEBOOK_BYTES = 256 * 1024 * 1024
"""The largest notebook file read (256 MiB): a notebook's size is mostly its outputs (images,
tables), which are never analysed; its code cells must still fit in :data:`MAX_SOURCE_BYTES`."""

SOURCE_SUFFIXES = (".py", ".ipynb")
"""The names a folder walk lists: Python files and Jupyter notebooks."""

_NON_REGULAR_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a named pipe"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)
_READ_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_BINARY", 0)
)
_READ_CHUNK_BYTES = 1024 * 1024


class FileProblem(Exception):
    """A file or folder the command line cannot use; ``str()`` is the message for the user."""


def _refuse_unless_regular(path: Path, mode: int) -> None:
    if stat.S_ISREG(mode):
        return
    kind = next((name for test, name in _NON_REGULAR_KINDS if test(mode)), "not a regular file")
    raise FileProblem(f"{path} is {kind}, not a regular file; skipped")


def _refuse_if_too_large(path: Path, size: int, limit: int) -> None:
    if size > limit:
        raise FileProblem(
            f"{path} is larger than {limit // (1024 * 1024)} MiB, the largest"
            f" {'notebook' if limit == MAX_NOTEBOOK_BYTES else 'file'} tensorls analyses; skipped"
        )


def read_source_bytes(path: Path, limit: int = MAX_SOURCE_BYTES) -> bytes:
    """The bytes of the regular file ``path``; :class:`FileProblem` for anything else.

    Refused: paths that cannot be opened, files that are not regular (checked before opening and
    again on the opened descriptor, so a file swapped meanwhile is refused too) and files larger
    than ``limit`` (by their size, and by reading at most one byte more).
    """
    try:
        _refuse_unless_regular(path, os.stat(path).st_mode)
        descriptor = os.open(path, _READ_FLAGS)
    except OSError as error:
        raise FileProblem(f"cannot read {path}: {error.strerror or error}") from error
    try:
        status = os.fstat(descriptor)
        _refuse_unless_regular(path, status.st_mode)
        _refuse_if_too_large(path, status.st_size, limit)
        chunks: list[bytes] = []
        remaining = limit + 1
        while remaining > 0:
            chunk = os.read(descriptor, min(remaining, _READ_CHUNK_BYTES))
            if not chunk:
                break
            chunks.append(chunk)
            remaining -= len(chunk)
        data = b"".join(chunks)
        _refuse_if_too_large(path, len(data), limit)
        return data
    except OSError as error:
        raise FileProblem(f"cannot read {path}: {error.strerror or error}") from error
    finally:
        os.close(descriptor)


@dataclass
class FoundFiles:
    """The files :func:`find_python_files` found, and the folders it could not read."""

    files: list[Path] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def _skipped_folder(name: str) -> bool:
    return name.startswith(".") or name == "__pycache__"


def _walk(root: Path, found: FoundFiles) -> None:
    files: list[Path] = []
    folders = [root]
    while folders:
        folder = folders.pop()
        try:
            with os.scandir(folder) as scan:
                entries = list(scan)
        except OSError as error:
            found.problems.append(f"cannot read the folder {folder}: {error.strerror or error}")
            continue
        for entry in entries:
            try:
                is_folder = entry.is_dir(follow_symlinks=False)
            except OSError:
                is_folder = False
            if is_folder:
                if not _skipped_folder(entry.name):
                    folders.append(Path(entry.path))
            elif entry.name.endswith(SOURCE_SUFFIXES):
                files.append(Path(entry.path))
    found.files.extend(sorted(files, key=lambda path: path.parts))


def find_python_files(paths: Sequence[Path]) -> FoundFiles:
    """The given paths, with each folder replaced by the ``*.py`` and ``*.ipynb`` entries under it.

    A given path that is a folder (or a link to one) is walked; below it, links to folders are
    not followed, hidden folders and ``__pycache__`` are skipped, and every other entry whose
    name ends in one of :data:`SOURCE_SUFFIXES` is listed, whatever its type (reading a named pipe or a dangling link
    then reports it). Other given paths are listed as they are, so reading them reports what is
    wrong with them. Folders that cannot be read are in ``problems``.
    """
    found = FoundFiles()
    for path in paths:
        if path.is_dir():
            _walk(path, found)
        else:
            found.files.append(path)
    return found


def _new_file_mode() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def replace_file(target: Path, text: str) -> None:
    """Write ``text`` (UTF-8, newlines as they are) to ``target``; raises ``OSError``.

    A regular (or new) file is written through a temporary file in the same folder that is
    renamed over it once completely written and flushed, so that a failed write leaves the
    previous contents in place and no temporary file behind. The target keeps its permission
    bits (a new one gets the umask's); a symbolic link keeps pointing at the replaced file. Other
    targets (``/dev/stdout``, a named pipe) cannot be renamed over and are written in place.
    """
    try:
        status: os.stat_result | None = os.stat(target)
    except FileNotFoundError:
        status = None
    if status is not None and not stat.S_ISREG(status.st_mode):
        with open(target, "w", encoding="utf-8", newline="") as stream:
            stream.write(text)
        return
    destination = Path(os.path.realpath(target))
    mode = stat.S_IMODE(status.st_mode) if status is not None else _new_file_mode()
    descriptor, temporary = tempfile.mkstemp(
        dir=destination.parent, prefix=f".{destination.name}.", suffix=".tmp"
    )
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, destination)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def read_module_text(path: str) -> str | None:
    """The text of the project module at ``path`` for import resolution, None when there is no
    readable regular UTF-8 file there (within :data:`MAX_SOURCE_BYTES`; never an error: an
    import of it is then ⊤)."""
    try:
        return read_source_bytes(Path(path)).decode("utf-8-sig")
    except (FileProblem, UnicodeDecodeError):
        return None
