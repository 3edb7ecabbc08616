"""One Horovod rank of a training script, for the framework-specific rank runners.

``rank_runner.py`` (TensorFlow) and ``torch_rank_runner.py`` (PyTorch) are run as scripts inside
their framework's environment, with this folder first on ``sys.path``; each hands ``run_rank`` how
to fingerprint the local gradients Horovod reduces and how to read the trained weights. This file
imports only the standard library and NumPy.
"""

import json
import os
import runpy
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np


def run_rank(
    record_local_gradients: Callable[[list[list[float]]], None],
    trained_weights: Callable[[dict[str, object]], dict[str, np.ndarray]],
) -> None:
    """Runs ``sys.argv[1]`` as ``__main__`` in ``OUTPUT_DIR/rank_<rank>/`` (``sys.argv[2]`` is
    OUTPUT_DIR, the rank is HOROVOD_RANK), then saves its weights to
    ``OUTPUT_DIR/weights_rank_<rank>.npz`` and, for a script using Horovod, the gradient
    fingerprints to ``OUTPUT_DIR/gradients_rank_<rank>.json``."""
    script = Path(sys.argv[1]).resolve()
    output_dir = Path(sys.argv[2]).resolve()
    rank = int(os.environ["HOROVOD_RANK"])
    rank_dir = output_dir / f"rank_{rank}"
    rank_dir.mkdir(parents=True, exist_ok=True)
    os.chdir(rank_dir)
    sys.argv = [str(script)]
    sys.path.insert(0, str(script.parent))
    gradients: list[list[float]] = []
    if "horovod" in script.read_text(encoding="utf-8"):
        record_local_gradients(gradients)
    script_globals = runpy.run_path(str(script), run_name="__main__")
    np.savez(output_dir / f"weights_rank_{rank}.npz", **trained_weights(script_globals))
    gradients_file = output_dir / f"gradients_rank_{rank}.json"
    gradients_file.write_text(json.dumps(gradients), encoding="utf-8")
