"""Files a tool runs with names already defined: which names, recognised by the file's name.

Some tools do not import a Python file but ``exec`` it in a namespace they fill first, and
document the file name they look for. Those names are not undefined in such a file: reading one
is no ``NameError``. ``names_injected_by_loader(path)`` gives them for the file at ``path``; the
interpreter binds each to an unknown value (⊤) before the module body runs, as any other module
variable whose value it does not know.

The conventions (each a documented file name and the names its loader defines; another tool's
convention is one more entry of ``LOADER_CONVENTIONS``):

- traitlets configuration files (Jupyter, IPython, JupyterHub and every traitlets
  ``Application``): the application's ``config_file_name`` is ``<name>_config`` (jupyter_core's
  default: the application's name with ``-`` as ``_``, so ``jupyter_notebook_config.py``,
  ``jupyter_server_config.py``, ``jupyterhub_config.py``, ``ipython_config.py``,
  ``ipython_kernel_config.py``), and ``PyFileConfigLoader`` runs the file with ``c`` (the
  ``Config`` being loaded), ``get_config`` and ``load_subconfig`` defined (traitlets 5,
  ``traitlets/config/loader.py``, ``PyFileConfigLoader._read_file_as_dict``). Rule: a file whose
  name ends in ``_config.py``.

Only these names change, and only in the file the tool runs: every other undefined name of such a
file is still a certain ``NameError``, and a module that imports such a file sees it as an
ordinary module (the tool's loader does not run it then). A file matching a convention that is in
fact run some other way (``python my_config.py``) loses the ``NameError`` of these names only:
silence, never a false error.
"""

from __future__ import annotations

import fnmatch
import os.path

LOADER_CONVENTIONS: tuple[tuple[str, frozenset[str]], ...] = (
    ("*_config.py", frozenset({"c", "get_config", "load_subconfig"})),
)
"""(file-name pattern, names the loader defines before running a file of that name)."""


def names_injected_by_loader(path: str | None) -> frozenset[str]:
    """The names a loader defines before running the file at ``path`` (empty for any other file
    and for a document without a path)."""
    if path is None:
        return frozenset()
    name = os.path.basename(path)
    names: frozenset[str] = frozenset()
    for pattern, injected in LOADER_CONVENTIONS:
        if fnmatch.fnmatchcase(name, pattern):
            names |= injected
    return names
