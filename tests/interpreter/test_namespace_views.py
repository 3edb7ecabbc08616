"""``globals()``, ``locals()`` and ``vars()`` as views of a namespace, and classes changed at run
time (issue 25, classes 3 and 5): what is read through a view stays known, what is written
through it becomes unknown (only those names when the key is a constant), a class that unknown
code may extend has no missing attribute. Each snippet's behaviour is CPython's (``cpython``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tensorls.cli import EXIT_OK, main

from .helpers import codes, cpython, describe, errors


def test_reading_the_module_namespace_keeps_every_value_known() -> None:
    source = """
    import numpy as np
    a = np.ones((2, 3))
    print(globals()["a"].shape, "a" in globals(), sorted(vars()), len(locals()))
    for name in list(globals()):
        pass
    b = a
    """
    cpython(source)
    assert describe(source, "b") == "ndarray[float64, (2, 3)]"


def test_a_name_written_with_a_constant_key_is_unknown_after_and_unbound_before() -> None:
    before = """
    print(scale)
    globals()["scale"] = 2
    """
    with pytest.raises(NameError):
        cpython(before)
    assert codes(before) == ["name-error"]
    after = """
    scale = 1
    globals()["scale"] = "two"
    doubled = scale * 2
    """
    assert cpython(after)["doubled"] == "twotwo"
    assert describe(after, "doubled") == "unknown"


def test_a_write_with_a_computed_key_makes_every_module_name_unknown() -> None:
    source = """
    import numpy as np
    for name in ["rows", "np"]:
        globals()[name] = 3
    total = rows + np
    """
    assert cpython(source)["total"] == 6
    assert errors(source) == []
    assert describe(source, "total") == "unknown"


def test_a_view_handed_to_a_function_may_be_written_through() -> None:
    source = """
    def fill(namespace):
        namespace["made"] = 1
    fill(globals())
    print(made)
    """
    cpython(source)
    assert errors(source) == []


def test_a_functions_locals_read_by_format_keep_its_module_known() -> None:
    source = """
    import numpy as np
    def line(epoch, loss):
        print(locals())
        return "{epoch}: {loss}".format(**locals())
    text = line(1, 0.5)
    x = np.ones((2, 3)) @ np.ones((2, 3))
    """
    assert codes(source) == ["shape-matmul"]


def test_vars_of_an_object_escapes_the_object_only() -> None:
    source = """
    import numpy as np
    class Config:
        def __init__(self):
            self.rows = 2
    config = Config()
    vars(config).update(rows=5)
    grid = np.ones((config.rows, 3))
    x = np.ones((2, 3)) @ np.ones((2, 3))
    """
    with pytest.raises(ValueError):
        cpython(source)
    assert codes(source) == ["shape-matmul"]
    assert describe(source, "grid") == "ndarray[float64, (?, 3)]"


def test_a_methods_name_is_its_defs_unless_functools_may_rename_it() -> None:
    plain = """
    def fit(self):
        return 1
    name = fit.__name__
    """
    assert describe(plain, "name") == "str = 'fit'"
    wrapped = """
    import functools
    def fit(self):
        return 1
    @functools.wraps(fit)
    def wrapper(self):
        return fit(self)
    name = wrapper.__name__
    """
    assert cpython(wrapped)["name"] == "fit"
    assert describe(wrapped, "name") == "str"


def test_a_class_handed_to_unknown_code_has_no_missing_attribute() -> None:
    source = """
    class Trainer:
        pass
    def register(cls, name):
        setattr(cls, name, lambda self: 1)
    register(Trainer, "fit" + "")
    print(Trainer().fit(), Trainer.fit)
    """
    cpython(source)
    assert errors(source) == []


def test_a_module_name_written_through_its_namespace_is_unknown_to_importers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``globals()["ROWS"] = 2`` in an imported module binds ``ROWS`` for ``from ... import``."""
    (tmp_path / "settings.py").write_text('globals()["ROWS"] = 2\n', encoding="utf-8")
    script = tmp_path / "main.py"
    script.write_text(
        "import numpy as np\nfrom settings import ROWS\nprint(np.ones((ROWS, 3)).shape)\n",
        encoding="utf-8",
    )
    ran = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, check=False, cwd=tmp_path
    )
    assert ran.returncode == 0, ran.stderr
    assert main(["check", str(tmp_path)]) == EXIT_OK, capsys.readouterr().out
