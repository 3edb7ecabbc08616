"""Values built by sharing (``t = (t, t)`` in a loop) are small as objects but huge once expanded:
the analysis walks each shared object once and summarises sequences past a size, so hashing,
comparing, describing and materialising them ends quickly (in the reliability worker). Likewise a
class hierarchy whose classes are reached through many paths (``class B3(B2, B1)``...)."""

from __future__ import annotations

import pytest

from ..interpreter.helpers import describe
from .watchdog import AnalysisWorker

HANG_LIMIT_SECONDS = 60.0
USES = "def f(x):\n    return x\ny = f(t)\nz = f(t) == t\nprint(y, {t: 1}, t[0], str(t), len(t), t + t)\n"

SHARED = [
    "t = (1, 2)\nfor i in range(60):\n    t = (t, t)\n" + USES,
    "t = (1,) * 200\nfor i in range(60):\n    t = (t,) * 200\n" + USES,
    "t = (1, 2)\nfor i in range(3000):\n    t = (t,)\n" + USES,
    "t = [1]\nfor i in range(60):\n    t = [t, t]\n" + USES,
    "t = {'a': 1}\nfor i in range(60):\n    t = {'a': t, 'b': (t, t)}\n"
    "def f(x):\n    return x\nprint(f(t), t['a'], t == f(t), str(t), len(t))\n",
    "class B0(Exception):\n    pass\nclass B1(B0):\n    pass\n"
    + "".join(f"class B{i}(B{i - 1}, B{max(i - 2, 0)}):\n    pass\n" for i in range(2, 300))
    + "try:\n    raise B299()\nexcept B0 as error:\n    caught = error\n",
    "class B0:\n    pass\nclass B1(B0):\n    pass\n"
    + "".join(f"class B{i}(B{i - 1}, B{max(i - 2, 0)}):\n    pass\n" for i in range(2, 300))
    + "x = B299()\ny = isinstance(x, B0)\n",
]


@pytest.mark.parametrize("source", SHARED)
def test_shared_values_end_quickly_and_report_nothing_false(
    worker: AnalysisWorker, source: str
) -> None:
    answer = worker.analyse(source, 2000, HANG_LIMIT_SECONDS)
    assert [d for d in answer["diagnostics"] if d["severity"] == "error"] == []


def test_small_nested_tuples_stay_exact() -> None:
    assert describe("t = ((1, 2), ((3,), 4))\nx = t\n", "x") == (
        "tuple[tuple[int = 1, int = 2], tuple[tuple[int = 3,], int = 4]]"
    )
