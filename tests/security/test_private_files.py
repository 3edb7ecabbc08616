"""The rank-program view writes only into the user's private folder (tracker issue 30, item 7).

The probe planted ``$TMPDIR/tensorls-rank-programs`` as a link to another user's folder (and a
link as the program file) and had tensorls overwrite a file there. Each test here plants the
shared temporary folder (``tempfile.tempdir`` pointed at a test folder) the way another user
could, then shows a rank program, and checks the victim is untouched and what was written is
private.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from server import private_files
from server.rank_views import PROGRAMS_FOLDER, write_program

URI = "file:///home/user/train.py"
PROGRAM = "import horovod.torch as hvd\nhvd.init()\n"
OTHER_USER = 65534


@pytest.fixture
def shared_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    shared = tmp_path / "tmp"
    shared.mkdir()
    shared.chmod(0o1777)
    monkeypatch.setattr(tempfile, "tempdir", str(shared))
    monkeypatch.setattr(private_files, "_fallbacks", {})
    yield shared


def _own_folder(shared: Path) -> Path:
    return shared / f"{PROGRAMS_FOLDER}-{os.getuid()}"


def _assert_private(path: Path) -> None:
    folder = path.parent.lstat()
    assert stat.S_ISDIR(folder.st_mode) and folder.st_uid == os.getuid()
    assert stat.S_IMODE(folder.st_mode) == 0o700
    written = path.lstat()
    assert stat.S_ISREG(written.st_mode) and stat.S_IMODE(written.st_mode) & 0o077 == 0
    assert path.read_text(encoding="utf-8") == PROGRAM


def test_the_program_is_written_in_a_private_folder_of_the_user(shared_tmp: Path) -> None:
    path = write_program(URI, 0, PROGRAM)
    assert path == _own_folder(shared_tmp) / "train.rank0.py"
    _assert_private(path)
    assert write_program(URI, 0, PROGRAM) == path
    assert sorted(p.name for p in path.parent.iterdir()) == ["train.rank0.py"]


def test_a_link_planted_as_the_folder_is_not_followed(shared_tmp: Path, tmp_path: Path) -> None:
    victim = tmp_path / "victim"
    victim.mkdir(mode=0o700)
    (victim / "train.rank0.py").write_text("precious\n", encoding="utf-8")
    _own_folder(shared_tmp).symlink_to(victim, target_is_directory=True)
    path = write_program(URI, 0, PROGRAM)
    assert (victim / "train.rank0.py").read_text(encoding="utf-8") == "precious\n"
    assert sorted(p.name for p in victim.iterdir()) == ["train.rank0.py"]
    assert path is not None and path.parent != _own_folder(shared_tmp)
    _assert_private(path)


def test_a_link_planted_as_the_file_is_replaced_not_followed(
    shared_tmp: Path, tmp_path: Path
) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n", encoding="utf-8")
    folder = _own_folder(shared_tmp)
    folder.mkdir(mode=0o700)
    (folder / "train.rank1.py").symlink_to(victim)
    path = write_program(URI, 1, PROGRAM)
    assert victim.read_text(encoding="utf-8") == "precious\n"
    assert path == folder / "train.rank1.py"
    _assert_private(path)


@pytest.mark.parametrize("mode", [0o777, 0o755, 0o720])
def test_a_folder_open_to_others_is_not_used(shared_tmp: Path, mode: int) -> None:
    folder = _own_folder(shared_tmp)
    folder.mkdir()
    folder.chmod(mode)
    path = write_program(URI, 0, PROGRAM)
    assert list(folder.iterdir()) == []
    assert path is not None and path.parent != folder
    _assert_private(path)


@pytest.mark.skipif(os.geteuid() != 0, reason="making a folder of another user needs root")
def test_a_folder_of_another_user_is_not_used(shared_tmp: Path) -> None:
    folder = _own_folder(shared_tmp)
    folder.mkdir(mode=0o700)
    os.chown(folder, OTHER_USER, OTHER_USER)
    path = write_program(URI, 0, PROGRAM)
    assert list(folder.iterdir()) == []
    assert path is not None and path.parent != folder
    _assert_private(path)


def test_the_fallback_folder_is_made_once_per_process(shared_tmp: Path) -> None:
    folder = _own_folder(shared_tmp)
    folder.mkdir()
    folder.chmod(0o777)
    first = write_program(URI, 0, PROGRAM)
    second = write_program(URI, 1, PROGRAM)
    assert first is not None and second is not None and first.parent == second.parent


@pytest.mark.parametrize("name", ["", ".", "..", "a/b", "../x"])
def test_names_that_are_not_plain_file_names_are_refused(shared_tmp: Path, name: str) -> None:
    assert private_files.write_private_file(PROGRAMS_FOLDER, name, PROGRAM) is None
