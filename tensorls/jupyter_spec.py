"""tensorls as a language server of JupyterLab, through jupyterlab-lsp.

jupyterlab-lsp's server part (``jupyter-lsp``) finds language servers through the entry point
group ``jupyter_lsp_spec_v1``: each entry point is called with its manager and returns language
server specs by key. tensorls declares :func:`spec` there (``pyproject.toml``), so installing
tensorls into the environment JupyterLab runs in registers it: no configuration file. The server
runs with the Python JupyterLab runs (``sys.executable``) through the same launcher as the editor
clients (the working directory off ``sys.path`` before anything is imported: a notebook folder
holding ``json.py`` never runs). Nothing of jupyter-lsp is imported here.
"""

import sys

LAUNCHER = """import os, sys
real = lambda path: os.path.normcase(os.path.realpath(path))
try:
    here = real(os.getcwd())
except OSError:
    here = None
sys.path[:] = [path for path in sys.path if os.path.isabs(path) and real(path) != here]
from tensorls.cli import main
sys.exit(main())
"""
"""The launcher of ``client-nvim/lua/tensorls/init.lua`` and ``client-vscode``'s
``launchArguments.json`` (tests/security/test_launch_path.py checks that they agree)."""

SPEC_VERSION = 2
"""The version of jupyter-lsp's language server spec schema these specs follow."""


def spec(manager: object) -> dict[str, dict[str, object]]:
    """The ``jupyter_lsp_spec_v1`` entry point: tensorls's spec for Python notebooks and files."""
    return {
        "tensorls": {
            "version": SPEC_VERSION,
            "argv": [sys.executable, "-c", LAUNCHER, "serve"],
            "languages": ["python"],
            "mime_types": ["text/python", "text/x-ipython"],
            "display_name": "tensorls",
            "requires_documents_on_disk": False,
            "urls": {"home": "https://github.com/tensorls/tensorls"},
        }
    }
