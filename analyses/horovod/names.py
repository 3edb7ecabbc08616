"""Which names hold which library objects: the import part of the draft's environment σ (§2.2).

The draft keeps one name per role ("tensor_flow", "keras", "os", "optimizers"). Here every imported
name is mapped to the dotted path it stands for, so that ``tf.keras.optimizers.Adam``,
``keras.optimizers.Adam``, ``from tensorflow.keras.optimizers import Adam`` and
``from tensorflow import keras`` all resolve to one canonical path. Canonical paths spell
``tensorflow.keras.*`` and ``tensorflow.optimizers.*`` as ``keras.*`` (in TF 2.12 they are the same
objects as the standalone ``keras`` package).
"""

from __future__ import annotations

import ast

_ALIASES: tuple[tuple[str, str], ...] = (
    ("tensorflow.keras", "keras"),
    ("tensorflow.optimizers", "keras.optimizers"),
    ("keras.optimizers.experimental", "keras.optimizers"),
    ("keras.models.Sequential", "keras.Sequential"),
    ("keras.models.Model", "keras.Model"),
)


def canonical(path: str) -> str:
    """``path`` with the TF 2.12 aliases of Keras folded onto ``keras.*``."""
    for prefix, replacement in _ALIASES:
        if path == prefix or path.startswith(prefix + "."):
            path = replacement + path[len(prefix) :]
    return path


def is_tensorflow_path(path: str) -> bool:
    """True for paths inside TensorFlow or Keras (after ``canonical``)."""
    return path in ("tensorflow", "keras") or path.startswith(("tensorflow.", "keras."))


class ImportEnvironment:
    """Names bound by import statements, each mapped to the module path it denotes.

    Over-approximates nothing: a name rebound by anything but an import is still reported with its
    import path; the restrictions (§2.1.2, §2.1.3) reject files that do that with TensorFlow names.
    """

    def __init__(self) -> None:
        self.paths: dict[str, str] = {}
        self.imports_horovod = False

    def add(self, node: ast.Import | ast.ImportFrom) -> None:
        """Record the bindings of one import statement."""
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "horovod":
                    self.imports_horovod = True
                if alias.asname is not None:
                    self.paths[alias.asname] = alias.name
                else:
                    head = alias.name.split(".")[0]
                    self.paths[head] = head
            return
        if node.level or node.module is None:
            return
        if node.module.split(".")[0] == "horovod":
            self.imports_horovod = True
        for alias in node.names:
            if alias.name != "*":
                self.paths[alias.asname or alias.name] = f"{node.module}.{alias.name}"

    def path_of(self, expression: ast.expr) -> str | None:
        """The canonical dotted path of a ``Name``/``Attribute`` chain rooted at an import, else None."""
        parts: list[str] = []
        while isinstance(expression, ast.Attribute):
            parts.append(expression.attr)
            expression = expression.value
        if not isinstance(expression, ast.Name):
            return None
        root = self.paths.get(expression.id)
        if root is None:
            return None
        return canonical(".".join([root, *reversed(parts)]))

    def tensorflow_name(self) -> str | None:
        """A name bound to the ``tensorflow`` module itself, if any."""
        for name, path in self.paths.items():
            if path == "tensorflow":
                return name
        return None
