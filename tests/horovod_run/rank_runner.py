"""Run a training script as one Horovod rank, then save the weights it trained.

Usage (inside the Horovod environment, one process per rank, as launched by horovodrun):

    python rank_runner.py SCRIPT OUTPUT_DIR

The rank is read from HOROVOD_RANK. The script runs as ``__main__`` with
``OUTPUT_DIR/rank_<rank>/`` as its working directory, so every relative path it writes lands
there. Afterwards every ``tf.keras.Model`` and ``tf.Variable`` bound to one of the script's global
names is saved to ``OUTPUT_DIR/weights_rank_<rank>.npz`` (outside the rank directory, so what is
inside a rank directory was written by the script alone): a model's weights under
``<global name>/<index>`` in ``get_weights()`` order, a variable under its global name.

When the script uses Horovod, every gradient it hands to Horovod's allreduce (the tensors of
``horovod.tensorflow``'s ``_allreduce``/``_grouped_allreduce``, which both
``DistributedGradientTape`` and Keras' ``DistributedOptimizer`` go through) is fingerprinted
before the reduction: the sum of each floating-point tensor, one list per call, saved to
``OUTPUT_DIR/gradients_rank_<rank>.json``. Once the ranks hold identical weights, their local
gradients differ only if their batches do, so these fingerprints show which data each rank
trained on. Recording works eagerly and inside ``tf.function`` (through ``tf.py_function``).

This file runs in the Horovod environment, not in tensorls' own: it imports only the standard
library, NumPy, TensorFlow and (for scripts that use it) Horovod (and rank_run.py beside it, which runs the script), and never imports tensorls or
pytest.
"""

import numpy as np
import tensorflow as tf
from rank_run import run_rank


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


def record_local_gradients(records: list[list[float]]) -> None:
    """Fingerprint each allreduce's floating-point inputs into ``records`` (see the docstring)."""
    import horovod.tensorflow as horovod_tensorflow

    def store(*values: object) -> np.int32:
        records.append([float(np.sum(np.asarray(value, dtype=np.float64))) for value in values])
        return np.int32(0)

    def after_recording(tensors: list[object]) -> list[object]:
        floats = [t for t in tensors if isinstance(t, tf.Tensor) and t.dtype.is_floating]
        if not floats:
            return tensors
        recorded = tf.py_function(store, floats, Tout=tf.int32)
        with tf.control_dependencies([recorded]):
            return [tf.identity(t) if isinstance(t, tf.Tensor) else t for t in tensors]

    single, grouped = horovod_tensorflow._allreduce, horovod_tensorflow._grouped_allreduce

    def recorded_single(tensor: object, *args: object, **kwargs: object) -> object:
        return single(after_recording([tensor])[0], *args, **kwargs)

    def recorded_grouped(tensors: list[object], *args: object, **kwargs: object) -> object:
        return grouped(after_recording(list(tensors)), *args, **kwargs)

    horovod_tensorflow._allreduce = recorded_single
    horovod_tensorflow._grouped_allreduce = recorded_grouped


if __name__ == "__main__":
    run_rank(record_local_gradients, trained_weights)
