"""Every modelled PyTorch API exists under its modelled name in torch 2.13 (functions, tensor
methods, ``torch.nn.functional``), so no model stands for a name PyTorch lacks."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from tensorls.analyses.models.torch.module import modelled_names

from ..framework_oracle import TIMEOUT_SECONDS
from .oracle import TORCH

RESOLVE = """
import importlib, json, sys
missing = []
for name in json.load(sys.stdin):
    parts = name.split(".")
    value = importlib.import_module(parts[0])
    try:
        for part in parts[1:]:
            value = getattr(value, part)
    except AttributeError:
        missing.append(name)
json.dump(missing, sys.stdout)
"""


def test_every_modelled_name_exists_in_pytorch(torch_python: Path) -> None:
    names = modelled_names()
    completed = subprocess.run(
        [str(torch_python), "-c", RESOLVE],
        input=json.dumps(names),
        capture_output=True,
        text=True,
        timeout=TIMEOUT_SECONDS,
        check=True,
        env=TORCH.environment(),
    )
    assert json.loads(completed.stdout.strip().splitlines()[-1]) == []
    assert len(names) > 150
