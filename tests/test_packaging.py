"""A regular (wheel) install maps the repository folders under the ``tensorls`` package.

The wheel is built from this checkout and installed, without its dependencies, into a fresh
virtual environment that borrows the test environment's third-party packages through a ``.pth``
path entry (which adds the folder to ``sys.path`` without running the editable install's hook).
"""

import json
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# The VS Code client's tests build a wheel of this same checkout (for the .vsix): setuptools'
# in-tree build folder cannot take two builds at once, so they share one xdist group.
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("vscode-client")]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(out), str(ROOT)],
        check=True,
        capture_output=True,
    )
    (built,) = out.glob("tensorls-*.whl")
    return built


def test_wheel_holds_only_the_tensorls_package(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    top_levels = {name.split("/")[0] for name in names if not name.startswith("tensorls-")}
    assert top_levels == {"tensorls"}
    assert "tensorls/server/__init__.py" in names
    assert "tensorls/analyses/facts.py" in names
    assert "tensorls/cli.py" in names
    entry_points = next(name for name in names if name.endswith("entry_points.txt"))
    assert "tensorls = tensorls.launch:main" in zipfile.ZipFile(wheel).read(entry_points).decode()


def test_wheel_install_imports_under_distinctive_names(wheel: Path, tmp_path: Path) -> None:
    target = tmp_path / "env"
    venv.EnvBuilder(with_pip=False).create(target)
    python = target / "bin" / "python"
    site = Path(
        subprocess.run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
    )
    (site / "borrowed.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "--no-deps",
            "-q",
            str(wheel),
        ],
        check=True,
        capture_output=True,
    )
    probe = (
        "import importlib.util, json, tensorls.analyses, tensorls.server;"
        "print(json.dumps({'analyses': tensorls.analyses.__file__,"
        " 'bare': [importlib.util.find_spec(n) is not None for n in ('server', 'analyses')]}))"
    )
    result = subprocess.run(
        [str(python), "-c", probe], cwd=tmp_path, check=True, capture_output=True, text=True
    )
    facts = json.loads(result.stdout)
    assert facts["analyses"].startswith(str(site))
    assert facts["bare"] == [False, False]
