"""A regular (wheel) install maps the repository folders under the ``tensorls`` package.

The wheel is built from a snapshot of this checkout's packaging inputs (so that no other build of the
checkout, such as the VS Code client's, shares setuptools' in-tree build folder with it) and
installed, without its dependencies, into a fresh virtual environment that borrows the test environment's third-party packages through a ``.pth``
path entry (which adds the folder to ``sys.path`` without running the editable install's hook).
"""

import json
import shutil
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# What a wheel is built from: the packaging files and the package folders (setup.py maps them).
PACKAGING_INPUTS = ("pyproject.toml", "setup.py", "README.md", "tensorls", "server", "analyses")

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    snapshot = tmp_path_factory.mktemp("source")
    for name in PACKAGING_INPUTS:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, snapshot / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(source, snapshot / name)
    completed = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--quiet",
            "-w",
            str(out),
            str(snapshot),
        ],
        check=False,
        capture_output=True,
        text=True,
    )
    assert completed.returncode == 0, (
        f"pip wheel failed:\n{completed.stdout[-4000:]}\n{completed.stderr[-4000:]}"
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


def test_wheel_registers_the_jupyterlab_spec(wheel: Path) -> None:
    """jupyter-lsp finds tensorls through the wheel's ``jupyter_lsp_spec_v1`` entry point, whose
    spec starts this interpreter's tensorls server with the launcher (tensorls.jupyter_spec)."""
    with zipfile.ZipFile(wheel) as archive:
        name = next(item for item in archive.namelist() if item.endswith("entry_points.txt"))
        entry_points = archive.read(name).decode()
    assert "[jupyter_lsp_spec_v1]\ntensorls = tensorls.jupyter_spec:spec" in entry_points
    from tensorls.jupyter_spec import LAUNCHER, spec

    [(key, found)] = spec(None).items()
    assert key == "tensorls"
    assert found["argv"] == [sys.executable, "-c", LAUNCHER, "serve"]
    assert found["languages"] == ["python"]
