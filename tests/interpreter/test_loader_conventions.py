"""Files a tool runs with names already defined (``analyses.loader_conventions``; issue 25's sweep,
class B): in a traitlets configuration file (``<app>_config.py``) ``c``, ``get_config`` and
``load_subconfig`` are unknown, not undefined; every other undefined name there, and these names in
any other file, are still a certain ``NameError``.

Each configuration file is also loaded by traitlets' own ``PyFileConfigLoader`` (what Jupyter and
IPython run), and each ordinary script by CPython, so the test checks that what tensorls calls
silent runs and what it reports fails. The idiom is that of ageron/handson-ml2@1e211527,
``docker/jupyter_notebook_config.py`` (a save hook assigned to ``c.FileContentsManager``), where
the sweep reported ``c`` undefined.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from tensorls.analyses import Severity, analyse
from tensorls.analyses.loader_conventions import names_injected_by_loader
from traitlets.config.loader import PyFileConfigLoader

from tensorls.cli import EXIT_FINDINGS, EXIT_OK, main

from .helpers import cpython

SAVE_HOOK_CONFIG = """
import os

def export_on_save(model, os_path, contents_manager):
    if model["type"] != "notebook":
        return
    folder, name = os.path.split(os_path)
    print("would export", name, "in", folder, "with", c.NbConvertApp.export_format)

c.FileContentsManager.post_save_hook = export_on_save
config = get_config()
config.NotebookApp.port = 8899
load_subconfig("jupyter_shared_config.py")
c.NbConvertApp.export_format = "script"
"""
SHARED_CONFIG = """
c.NotebookApp.open_browser = False
"""


def loaded_by_traitlets(folder: Path, name: str) -> dict[str, dict[str, object]]:
    """The configuration traitlets' loader builds by running ``folder/name``."""
    config = PyFileConfigLoader(name, path=str(folder)).load_config()
    return {section: dict(values) for section, values in config.items()}


def error_codes(source: str, path: str) -> list[tuple[int, str]]:
    """(line counted from 0, code) of each error the analysis of the file at ``path`` reports."""
    result = analyse(textwrap.dedent(source), path=path)
    return [(d.span.start.line, d.code) for d in result.diagnostics if d.severity is Severity.ERROR]


def test_the_names_traitlets_defines_are_unknown_in_a_configuration_file(tmp_path: Path) -> None:
    (tmp_path / "jupyter_notebook_config.py").write_text(textwrap.dedent(SAVE_HOOK_CONFIG))
    (tmp_path / "jupyter_shared_config.py").write_text(textwrap.dedent(SHARED_CONFIG))
    config = loaded_by_traitlets(tmp_path, "jupyter_notebook_config.py")
    assert config["NotebookApp"] == {"port": 8899, "open_browser": False}
    assert config["NbConvertApp"] == {"export_format": "script"}
    for name in ("jupyter_notebook_config.py", "jupyter_shared_config.py"):
        path = tmp_path / name
        assert error_codes(path.read_text(), str(path)) == []
    assert main(["check", str(tmp_path)]) == EXIT_OK


def test_the_same_names_are_undefined_in_an_ordinary_script(tmp_path: Path) -> None:
    script = tmp_path / "export_hook.py"
    script.write_text(textwrap.dedent(SAVE_HOOK_CONFIG))
    with pytest.raises(NameError, match="'c'"):
        cpython(SAVE_HOOK_CONFIG)
    assert error_codes(script.read_text(), str(script)) == [(7, "name-error"), (9, "name-error")]
    assert main(["check", str(script)]) == EXIT_FINDINGS


def test_another_undefined_name_in_a_configuration_file_is_still_an_error(tmp_path: Path) -> None:
    source = """
    c.ServerApp.port = 8899
    cfg.ServerApp.ip = "0.0.0.0"
    """
    path = tmp_path / "jupyter_server_config.py"
    path.write_text(textwrap.dedent(source))
    with pytest.raises(NameError, match="'cfg'"):
        loaded_by_traitlets(tmp_path, path.name)
    assert error_codes(source, str(path)) == [(2, "name-error")]


def test_a_function_of_a_configuration_file_analysed_alone_reads_the_names() -> None:
    source = """
    def pre_save(model, **kwargs):
        c.ContentsManager.untitled_notebook = "Notebook"
        return get_config()
    """
    assert error_codes(source, "ipython_kernel_config.py") == []
    assert error_codes(source, "kernel_settings.py") == [(2, "name-error")]


@pytest.mark.parametrize(
    ("path", "names"),
    [
        ("/home/u/.jupyter/jupyter_notebook_config.py", {"c", "get_config", "load_subconfig"}),
        ("profile_default/ipython_config.py", {"c", "get_config", "load_subconfig"}),
        ("jupyterhub_config.py", {"c", "get_config", "load_subconfig"}),
        ("config.py", set()),
        ("jupyter_notebook_config.json", set()),
        ("train.py", set()),
        (None, set()),
    ],
)
def test_the_convention_is_recognised_by_the_file_name(path: str | None, names: set[str]) -> None:
    assert names_injected_by_loader(path) == names
