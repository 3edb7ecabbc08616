"""A planted workspace per test (see :mod:`tests.security.planted`)."""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

from .planted import ALWAYS_PLANTED, FIXTURES, names_imported_by_tensorls, plant_workspace


@dataclass(frozen=True)
class PlantedWorkspace:
    """A workspace full of trap modules, with a shape-bug script and a TF2 script of the user."""

    folder: Path
    markers: Path

    @property
    def shape_bug(self) -> Path:
        return self.folder / "shape_bug.py"

    @property
    def tf2_script(self) -> Path:
        return self.folder / "train.py"


@pytest.fixture(scope="session")
def planted_names(tmp_path_factory: pytest.TempPathFactory) -> frozenset[str]:
    """The listed names and every top-level module tensorls loads."""
    return ALWAYS_PLANTED | names_imported_by_tensorls(tmp_path_factory.mktemp("clean"))


def _workspace(base: Path, names: frozenset[str], *, tensorls_as_package: bool) -> PlantedWorkspace:
    workspace = PlantedWorkspace(base / "workspace", base / "markers")
    plant_workspace(
        workspace.folder, workspace.markers, names, tensorls_as_package=tensorls_as_package
    )
    (workspace.folder / "pyproject.toml").write_text('[project]\nname = "demo"\n', encoding="utf-8")
    shutil.copy(FIXTURES / "shape_bug.txt", workspace.shape_bug)
    shutil.copy(FIXTURES / "tf2_gradient_tape.txt", workspace.tf2_script)
    return workspace


@pytest.fixture(params=["package", "module"], ids=["tensorls-package", "tensorls-module"])
def planted_workspace(
    request: pytest.FixtureRequest, tmp_path: Path, planted_names: frozenset[str]
) -> PlantedWorkspace:
    """A planted workspace whose ``tensorls`` trap is a ``tensorls/`` package or ``tensorls.py``."""
    return _workspace(tmp_path, planted_names, tensorls_as_package=request.param == "package")


@pytest.fixture
def planted_package_workspace(tmp_path: Path, planted_names: frozenset[str]) -> PlantedWorkspace:
    """A planted workspace whose ``tensorls`` trap is a ``tensorls/`` package."""
    return _workspace(tmp_path, planted_names, tensorls_as_package=True)
