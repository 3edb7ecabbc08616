"""Branches for Python 2 are dead: ``six.PY2`` is False and ``sys.version_info[0]`` is 3.

Real code: tf-models-official 2.12.0's ``official/nlp/tools/tokenization.py`` and
``official/legacy/xlnet/preprocess_utils.py`` keep ``elif six.PY2:`` arms calling ``unicode`` and
``str.decode`` (reported as certain errors by the real-code sweep). The programs below, in the
same idioms, run under the TensorFlow environment's Python (which has ``six``): they run, and
tensorls reports nothing; the twin's Python 3 bug is still reported where it raises.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from tensorls.analyses import Severity, analyse

CONVERT = """import sys

import six


def convert_to_unicode(text):
    if six.PY3:
        if isinstance(text, str):
            return text
        return text.decode("utf-8", "ignore")
    elif six.PY2:
        if isinstance(text, unicode):
            return text
        return text.decode("utf-8")
    raise ValueError("Not running on Python 2 or Python 3?")


if sys.version_info[0] == 2:
    name = unicode("x")
else:
    name = "x"
print(convert_to_unicode("abc"), name)
"""
PYTHON3_BUG = CONVERT + 'print(convert_to_unicode("abc").decode("utf-8"))\n'


def _run(python: Path, source: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    script = tmp_path / "program.py"
    script.write_text(source, encoding="utf-8")
    return subprocess.run(
        [str(python), str(script)], capture_output=True, text=True, timeout=120, check=False
    )


def test_python2_arms_are_dead(tf_python: Path, tmp_path: Path) -> None:
    assert _run(tf_python, CONVERT, tmp_path).returncode == 0
    assert [d for d in analyse(CONVERT).diagnostics if d.severity == Severity.ERROR] == []


def test_the_python3_arm_is_still_checked(tf_python: Path, tmp_path: Path) -> None:
    ran = _run(tf_python, PYTHON3_BUG, tmp_path)
    assert "AttributeError: 'str' object has no attribute 'decode'" in ran.stderr
    errors = [d for d in analyse(PYTHON3_BUG).diagnostics if d.severity == Severity.ERROR]
    assert [d.span.start.line + 1 for d in errors] == [PYTHON3_BUG.count("\n")]
