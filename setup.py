"""Install the repository folders under one distinctive import package.

The repository keeps ``server/`` and ``analyses/`` at its root, but they must never be importable as
the generic top-level names ``server`` and ``analyses``: they are installed as ``tensorls.server``
and ``tensorls.analyses``. ``package_dir`` maps the names; the package list is derived from the
folders holding an ``__init__.py`` so that new subpackages need no edit here. Editable installs use
setuptools' import-hook finder, which honours the same mapping.
"""

from pathlib import Path

from setuptools import setup

ROOT = Path(__file__).parent
PACKAGE_FOLDERS = {
    "tensorls": "tensorls",
    "tensorls.server": "server",
    "tensorls.analyses": "analyses",
}


def _packages() -> list[str]:
    names: list[str] = []
    for package, folder in PACKAGE_FOLDERS.items():
        base = ROOT / folder
        for init in sorted(base.rglob("__init__.py")):
            relative = init.parent.relative_to(base).parts
            if package == "tensorls" and relative:
                continue
            names.append(".".join((package, *relative)))
    return names


setup(packages=_packages(), package_dir=PACKAGE_FOLDERS, package_data={"tensorls": ["py.typed"]})
