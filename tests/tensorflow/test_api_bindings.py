"""Every modelled TensorFlow and Keras API exists under its modelled name in TensorFlow 2.12 (and
every ``keras.*`` alias in the bundled Keras), so no model stands for a name TensorFlow lacks."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from tensorls.analyses.models.tensorflow.module import SUBMODULES, modelled_names

from ..framework_oracle import TIMEOUT_SECONDS
from .oracle import TENSORFLOW

RESOLVE = """
import importlib, json, sys
missing = []
for name in json.load(sys.stdin):
    module_name, _, attribute = name.rpartition(".")
    parts = module_name.split(".")
    value = importlib.import_module(parts[0])
    try:
        for part in parts[1:] + [attribute]:
            value = getattr(value, part)
    except AttributeError:
        missing.append(name)
json.dump(missing, sys.stdout)
"""


def test_every_modelled_name_exists_in_tensorflow(tf_python: Path) -> None:
    names = modelled_names()
    for module, (_, functions) in SUBMODULES.items():
        if module.startswith("keras"):
            names += [f"{module}.{name}" for name in functions]
    completed = subprocess.run(
        [str(tf_python), "-c", RESOLVE],
        input=json.dumps(names),
        capture_output=True,
        text=True,
        timeout=TIMEOUT_SECONDS,
        check=True,
        env=TENSORFLOW.environment(),
    )
    assert json.loads(completed.stdout.strip().splitlines()[-1]) == []
    assert len(names) > 100
