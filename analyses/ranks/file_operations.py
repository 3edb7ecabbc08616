"""The file-system operations of a module, found by the called API: directories created, files
written and read, paths made fresh for each process.

A call is classified by the dotted name its callee resolves to through the module's imports
(``import numpy as np`` makes ``np.save`` the call ``numpy.save``) or, for a few methods whose
name alone says they read or write a path (``model.save(path)``, ``model.load_weights(path)``),
by the method name. Only the operations listed here are known; any other call is no file
operation (a write or read it makes is missed, never invented). Nothing is evaluated: each
operation keeps the expression of its path.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum

CREATE_DIRECTORY_FUNCTIONS = frozenset({"os.mkdir", "os.makedirs"})
"""Raise ``FileExistsError`` when the directory exists (``makedirs`` unless ``exist_ok``)."""
READ_FUNCTIONS = {
    "torch.load": 0,
    "numpy.load": 0,
    "numpy.loadtxt": 0,
    "pandas.read_csv": 0,
    "pandas.read_pickle": 0,
    "joblib.load": 0,
    "tensorflow.keras.models.load_model": 0,
    "tensorflow.keras.saving.load_model": 0,
    "keras.models.load_model": 0,
    "keras.saving.load_model": 0,
    "horovod.tensorflow.keras.load_model": 0,
    "horovod.keras.load_model": 0,
}
"""Functions reading the file at the path argument of this index (``FileNotFoundError`` when it
is missing)."""
READ_METHODS = {"load_weights": 0}
WRITE_FUNCTIONS = {
    "torch.save": 1,
    "numpy.save": 0,
    "numpy.savez": 0,
    "numpy.savez_compressed": 0,
    "numpy.savetxt": 0,
    "joblib.dump": 1,
    "shutil.copy": 1,
    "shutil.copy2": 1,
    "shutil.copyfile": 1,
    "torchvision.utils.save_image": 1,
    "tensorflow.keras.callbacks.ModelCheckpoint": 0,
    "keras.callbacks.ModelCheckpoint": 0,
}
"""Functions writing the file at the path argument of this index (``ModelCheckpoint`` writes it
during the ``fit`` it is given to)."""
WRITE_METHODS = {"save": 0, "save_weights": 0, "to_csv": 0, "savefig": 0}
PATH_KEYWORDS = ("f", "file", "filepath", "path", "fname", "name", "dst")
FRESH_DIRECTORY_FUNCTIONS = frozenset({"tempfile.mkdtemp", "tempfile.TemporaryDirectory"})
"""Calls making a new, empty directory with a name no other process gets."""
PER_PROCESS_FUNCTIONS = frozenset(
    {
        "tempfile.mkdtemp",
        "tempfile.TemporaryDirectory",
        "tempfile.mkstemp",
        "tempfile.NamedTemporaryFile",
        "os.getpid",
        "time.time",
        "time.time_ns",
        "time.strftime",
        "time.localtime",
        "datetime.datetime.now",
        "datetime.datetime.today",
        "datetime.now",
        "uuid.uuid4",
        "uuid.uuid1",
    }
)
"""Calls whose value is different in each process, or may be (the clock)."""
REMOVING_FUNCTIONS = frozenset(
    {
        "os.remove",
        "os.unlink",
        "os.rmdir",
        "os.removedirs",
        "os.rename",
        "os.replace",
        "os.chdir",
        "shutil.rmtree",
        "shutil.move",
    }
)
"""Calls after which a directory every rank creates may have been removed (or the working
directory changed) between the ranks' creations."""
COMPOSING_FUNCTIONS = frozenset(
    {
        "os.path.join",
        "os.path.abspath",
        "os.path.expanduser",
        "os.path.normpath",
        "os.path.realpath",
        "os.path.dirname",
        "pathlib.Path",
        "str",
    }
)
"""Calls whose value is a function of their arguments' only (the same on every rank when they
are)."""
PATH_FUNCTIONS = COMPOSING_FUNCTIONS | frozenset(
    {
        "os.path.basename",
        "os.path.exists",
        "os.path.isfile",
        "os.path.isdir",
        "os.path.splitext",
        "print",
        "len",
    }
)
"""Calls that only compute or test a path (they never write into it)."""


class Operation(Enum):
    CREATE_DIRECTORY = "creates the directory"
    WRITE = "writes"
    READ = "reads"


@dataclass(frozen=True)
class FileOperation:
    """One call creating, writing or reading the path ``path`` (its expression)."""

    call: ast.Call
    operation: Operation
    api: str
    path: ast.expr


class ImportNames:
    """The dotted names the module's imports bind (``np`` -> ``numpy``, ``load_model`` ->
    ``tensorflow.keras.models.load_model``); a name imported as two different things is
    dropped."""

    def __init__(self, tree: ast.Module) -> None:
        bound: dict[str, str | None] = {}
        for node in ast.walk(tree):
            pairs: list[tuple[str, str]] = []
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.asname:
                        pairs.append((alias.asname, alias.name))
                    else:
                        head = alias.name.split(".")[0]
                        pairs.append((head, head))
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                pairs = [
                    (alias.asname or alias.name, f"{node.module}.{alias.name}")
                    for alias in node.names
                ]
            for local, target in pairs:
                bound[local] = target if bound.get(local, target) == target else None
        self.bound = {local: target for local, target in bound.items() if target is not None}

    def imported_root(self, expression: ast.expr) -> bool:
        """Whether the name an attribute chain starts from is bound by an import (a module or a
        library object: ``torch.jit.save`` is no ``model.save``)."""
        while isinstance(expression, ast.Attribute):
            expression = expression.value
        return isinstance(expression, ast.Name) and expression.id in self.bound

    def dotted(self, expression: ast.expr) -> str | None:
        """The dotted name ``expression`` (a name or attribute chain) stands for: its first part
        resolved through the imports, else as written (builtins: ``open``)."""
        parts: list[str] = []
        while isinstance(expression, ast.Attribute):
            parts.append(expression.attr)
            expression = expression.value
        if not isinstance(expression, ast.Name):
            return None
        head = self.bound.get(expression.id, expression.id)
        return ".".join([head, *reversed(parts)])


def path_argument(call: ast.Call, index: int) -> ast.expr | None:
    """The argument at ``index``, or the first keyword naming a path."""
    if len(call.args) > index and not any(isinstance(a, ast.Starred) for a in call.args):
        return call.args[index]
    for keyword in call.keywords:
        if keyword.arg in PATH_KEYWORDS:
            return keyword.value
    return None


def _open_mode(call: ast.Call) -> str | None:
    """The mode of an ``open`` call when it is a literal (``"r"`` when absent)."""
    mode: ast.expr | None = call.args[1] if len(call.args) > 1 else None
    for keyword in call.keywords:
        if keyword.arg == "mode":
            mode = keyword.value
    if mode is None:
        return "r"
    if isinstance(mode, ast.Constant) and isinstance(mode.value, str):
        return mode.value
    return None


def exist_ok_false(call: ast.Call) -> bool:
    """Whether the ``makedirs`` call certainly has ``exist_ok`` false (absent or literal)."""
    if len(call.args) > 2:
        return False
    for keyword in call.keywords:
        if keyword.arg is None:
            return False
        if keyword.arg == "exist_ok":
            return isinstance(keyword.value, ast.Constant) and not keyword.value.value
    return True


def classify(call: ast.Call, names: ImportNames) -> FileOperation | None:
    """The file operation ``call`` makes, if it is one of the known ones."""
    api = names.dotted(call.func)
    if api is None:
        return None
    if api in CREATE_DIRECTORY_FUNCTIONS:
        path = path_argument(call, 0)
        if path is None or (api == "os.makedirs" and not exist_ok_false(call)):
            return None
        return FileOperation(call, Operation.CREATE_DIRECTORY, api, path)
    if api in ("open", "io.open"):
        mode, path = _open_mode(call), path_argument(call, 0)
        if mode is None or path is None:
            return None
        kind = Operation.WRITE if set(mode) & set("wax+") else Operation.READ
        return FileOperation(call, kind, api, path)
    for table, kind in ((READ_FUNCTIONS, Operation.READ), (WRITE_FUNCTIONS, Operation.WRITE)):
        if api in table:
            path = path_argument(call, table[api])
            return FileOperation(call, kind, api, path) if path is not None else None
    if isinstance(call.func, ast.Attribute) and not names.imported_root(call.func):
        method = call.func.attr
        for table, kind in ((READ_METHODS, Operation.READ), (WRITE_METHODS, Operation.WRITE)):
            if method in table:
                path = path_argument(call, table[method])
                if path is not None:
                    return FileOperation(call, kind, f".{method}", path)
    return None


def file_operations(tree: ast.Module, names: ImportNames) -> Iterator[FileOperation]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            found = classify(node, names)
            if found is not None:
                yield found
