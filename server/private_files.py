"""Files the server writes for the user alone, in a private folder under the temporary folder.

The temporary folder is shared by every user of the machine: another user can create the folder
name tensorls would use first, or plant a symbolic link there, to make tensorls write where they
choose (over a file of the user) or to read what it writes. So the folder is per user
(``<tmp>/<prefix>-<uid>``) and is used only when it is a real directory (``lstat``, opened with
``O_NOFOLLOW``), owned by the user, with no permission for group or others; tensorls creates it
with mode 0700. A folder failing that check is never written into: a fresh private folder made
by ``tempfile.mkdtemp`` (mode 0700, a name nobody could predict) is used instead, once per
process. Files are written through the folder's descriptor: a new file created exclusively with
mode 0600 and ``O_NOFOLLOW``, then renamed over the final name (a rename replaces a link, never
follows it).
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path

_fallbacks: dict[str, Path] = {}


def write_private_file(prefix: str, name: str, text: str) -> Path | None:
    """Write ``text`` (UTF-8) as ``name`` in the user's private folder ``prefix``; its path, or
    None when it cannot be written safely. ``name`` must be a plain file name."""
    if os.sep in name or (os.altsep is not None and os.altsep in name) or name in ("", ".", ".."):
        return None
    owner = f"-{os.getuid()}" if hasattr(os, "getuid") else ""
    folder = Path(tempfile.gettempdir()) / f"{prefix}{owner}"
    descriptor = _open_private_folder(folder)
    if descriptor is None:
        folder = _fallback_folder(prefix)
        descriptor = None if folder is None else _open_private_folder(folder)
    if folder is None or descriptor is None:
        return None
    try:
        _replace_in(descriptor, name, text.encode("utf-8"))
    except OSError:
        return None
    finally:
        os.close(descriptor)
    return folder / name


def _fallback_folder(prefix: str) -> Path | None:
    """This process's own private folder, made by ``mkdtemp`` when first needed."""
    folder = _fallbacks.get(prefix)
    if folder is None:
        try:
            folder = Path(tempfile.mkdtemp(prefix=f"{prefix}-"))
        except OSError:
            return None
        _fallbacks[prefix] = folder
    return folder


def _open_private_folder(folder: Path) -> int | None:
    """A descriptor of ``folder`` (created with mode 0700 if missing) when it is a directory, not
    a link, owned by this user and closed to everyone else; None otherwise."""
    try:
        os.mkdir(folder, 0o700)
    except FileExistsError:
        pass
    except OSError:
        return None
    flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_NOFOLLOW", 0)
    try:
        descriptor = os.open(folder, flags)
    except OSError:
        return None
    try:
        status = os.fstat(descriptor)
        linked = stat.S_ISLNK(os.lstat(folder).st_mode)
    except OSError:
        os.close(descriptor)
        return None
    private = (
        stat.S_ISDIR(status.st_mode)
        and not linked
        and (not hasattr(os, "getuid") or status.st_uid == os.getuid())
        and status.st_mode & 0o077 == 0
    )
    if not private:
        os.close(descriptor)
        return None
    return descriptor


def _replace_in(folder: int, name: str, data: bytes) -> None:
    """Create a new file exclusively in the folder open as ``folder``, write ``data``, rename it
    to ``name``."""
    staging = f".{name}.{os.getpid()}.{os.urandom(6).hex()}.tmp"
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    descriptor = os.open(staging, flags, 0o600, dir_fd=folder)
    try:
        with os.fdopen(descriptor, "wb") as staged:
            staged.write(data)
        os.replace(staging, name, src_dir_fd=folder, dst_dir_fd=folder)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(staging, dir_fd=folder)
        raise
