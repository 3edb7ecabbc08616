"""Run a training script as one Horovod rank, then save the weights it trained.

Usage (inside the Horovod environment, one process per rank, as launched by horovodrun):

    python rank_runner.py SCRIPT OUTPUT_DIR

The rank is read from HOROVOD_RANK. The script runs as ``__main__`` with
``OUTPUT_DIR/rank_<rank>/`` as its working directory, so every relative path it writes lands
there. Afterwards every ``tf.keras.Model`` and ``tf.Variable`` bound to one of the script's global
names is saved to ``OUTPUT_DIR/weights_rank_<rank>.npz`` (outside the rank directory, so what is
inside a rank directory was written by the script alone): a model's weights under
``<global name>/<index>`` in ``get_weights()`` order, a variable under its global name.

This file runs in the Horovod environment, not in tensorls' own: it imports only the standard
library, NumPy and TensorFlow, and never imports tensorls or pytest.
"""

import os
import runpy
import sys
from pathlib import Path

import numpy as np
import tensorflow as tf


def trained_weights(script_globals: dict[str, object]) -> dict[str, np.ndarray]:
    """Arrays of every Keras model and TensorFlow variable among the script's globals."""
    arrays: dict[str, np.ndarray] = {}
    for name, value in sorted(script_globals.items()):
        if isinstance(value, tf.keras.Model):
            for index, array in enumerate(value.get_weights()):
                arrays[f"{name}/{index}"] = np.asarray(array)
        elif isinstance(value, tf.Variable):
            arrays[name] = value.numpy()
    return arrays


def main() -> None:
    script = Path(sys.argv[1]).resolve()
    output_dir = Path(sys.argv[2]).resolve()
    rank = int(os.environ["HOROVOD_RANK"])
    rank_dir = output_dir / f"rank_{rank}"
    rank_dir.mkdir(parents=True, exist_ok=True)
    os.chdir(rank_dir)
    sys.argv = [str(script)]
    sys.path.insert(0, str(script.parent))
    script_globals = runpy.run_path(str(script), run_name="__main__")
    np.savez(output_dir / f"weights_rank_{rank}.npz", **trained_weights(script_globals))


if __name__ == "__main__":
    main()
