"""One Horovod rank of a real script for ``benchmarks/horovod_real_scripts.py``.

Usage (inside a Horovod environment, one process per rank, as launched by horovodrun):

    python horovod_real_rank.py FRAMEWORK SCRIPT OUTPUT_DIR

FRAMEWORK is ``tf`` or ``torch``. Unlike the test suite's rank runners, both ranks run the script
in one shared working directory, ``OUTPUT_DIR/shared/``, as ``horovodrun`` on one machine does:
a directory both ranks create, or a file one rank writes and the other reads, behaves as it would
for a user. Which rank wrote what is traced instead: an audit hook records every ``open`` for
writing, ``os.mkdir``, ``os.rename``/``os.replace`` and ``os.remove`` (relative paths under the
shared directory; writes elsewhere, such as compiled bytecode, are ignored), and the writers
implemented in C++ or HDF5 (Keras ``save``/``save_weights``, ``tf.train.Checkpoint``,
``tf.saved_model.save``, summary writers, ``h5py.File``) are wrapped to record their paths. The
trace goes to ``OUTPUT_DIR/writes_rank_<rank>.json``; weights as the test suite's runners save
them (``tests/horovod_run/rank_run.py``), plus the parameters of every optimizer
``hvd.DistributedOptimizer`` wrapped (PyTorch models built inside ``main()``); the gradients
each rank hands to Horovod's allreduce as position-weighted sums (``fingerprint``).

The runs are offline: the dataset loaders the scripts call (``keras.datasets.<name>.load_data``,
``torchvision.datasets.MNIST``/``FashionMNIST``/``CIFAR10``) are replaced, before the script
runs, by seeded stand-ins of the same shapes and dtypes (``OFFLINE_SIZES`` examples; the same
data on every rank, so that without sharding the ranks would see the same batches); the random
generators are seeded alike on every rank before the script runs.

Imports only the standard library, NumPy, the framework, Horovod, and the test suite's rank
runners (for their weight readers and gradient recorders); never tensorls.
"""

from __future__ import annotations

import json
import os
import runpy
import sys
from pathlib import Path

import numpy as np

REPOSITORY = Path(__file__).resolve().parents[1]
# (train, test) sizes of the stand-in datasets.
OFFLINE_SIZES = (512, 128)
# Keras dataset module name -> (image shape, label shape suffix, classes).
KERAS_DATASETS = {
    "mnist": ((28, 28), (), 10),
    "fashion_mnist": ((28, 28), (), 10),
    "cifar10": ((32, 32, 3), (1,), 10),
}
TORCHVISION_DATASETS = {"MNIST": (1, 28, 28), "FashionMNIST": (1, 28, 28), "CIFAR10": (3, 32, 32)}
# Set (to a count) for the control runs: see exit_after_gradients.
STOP_AFTER_VARIABLE = "TENSORLS_BENCH_STOP_AFTER_GRADIENTS"
WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC


def traced_writes(shared: Path, events: list[str]) -> None:
    """Record into ``events`` the writes under ``shared`` (see the module docstring)."""
    shared_text = str(shared)

    def inside(path: object) -> str | None:
        if isinstance(path, bytes):
            path = os.fsdecode(path)
        if not isinstance(path, (str, os.PathLike)):
            return None
        absolute = os.path.abspath(os.fspath(path))
        if absolute.endswith(".pyc") or not absolute.startswith(shared_text + os.sep):
            return None
        return os.path.relpath(absolute, shared_text)

    def hook(event: str, args: tuple[object, ...]) -> None:
        if event == "open":
            path, mode, flags = args
            writes = (isinstance(mode, str) and any(c in mode for c in "wax+")) or (
                mode is None and isinstance(flags, int) and flags & WRITE_FLAGS
            )
            relative = inside(path) if writes else None
            if relative is not None:
                events.append(f"write {relative}")
        elif event in {"os.mkdir", "os.remove", "os.rename", "os.rmdir"}:
            relative = inside(args[0])
            if relative is not None:
                events.append(f"{event.removeprefix('os.')} {relative}")

    sys.addaudithook(hook)


def wrap_writer(owner: object, attribute: str, events: list[str], position: int, key: str) -> None:
    """Record the path argument (``position`` or keyword ``key``) of ``owner.attribute`` calls."""
    original = getattr(owner, attribute, None)
    if original is None:
        return

    def recorded(*args: object, **kwargs: object) -> object:
        path = kwargs.get(key, args[position] if len(args) > position else None)
        events.append(f"save {os.fspath(path) if isinstance(path, os.PathLike) else path}")
        return original(*args, **kwargs)

    setattr(owner, attribute, recorded)


def traced_tensorflow_writers(events: list[str]) -> None:
    import tensorflow as tf

    wrap_writer(tf.keras.Model, "save", events, 1, "filepath")
    wrap_writer(tf.keras.Model, "save_weights", events, 1, "filepath")
    wrap_writer(tf.train.Checkpoint, "save", events, 1, "file_prefix")
    wrap_writer(tf.train.Checkpoint, "write", events, 1, "file_prefix")
    wrap_writer(tf.saved_model, "save", events, 1, "export_dir")
    wrap_writer(tf.summary, "create_file_writer", events, 0, "logdir")


def offline_keras_datasets() -> None:
    """Replace ``load_data`` of the Keras dataset modules (every alias module) by stand-ins."""
    import keras  # noqa: F401  (loads every alias module of the datasets)
    import tensorflow as tf  # noqa: F401

    for module_name, module in list(sys.modules.items()):
        dataset = module_name.rsplit(".", 1)[-1]
        if dataset not in KERAS_DATASETS or ".datasets" not in module_name:
            continue
        shape, label_shape, classes = KERAS_DATASETS[dataset]

        def load_data(*args: object, _shape=shape, _labels=label_shape, _classes=classes, **kw):
            rng = np.random.default_rng(0)
            parts = []
            for size in OFFLINE_SIZES:
                x = rng.integers(0, 256, (size, *_shape), dtype=np.uint8)
                y = rng.integers(0, _classes, (size, *_labels), dtype=np.uint8)
                parts.append((x, y))
            return tuple(parts)

        module.load_data = load_data


def offline_torchvision_datasets() -> None:
    """Replace the torchvision dataset classes by seeded ``FakeData`` of the same image size."""
    import torchvision

    for name, image_size in TORCHVISION_DATASETS.items():
        setattr(torchvision.datasets, name, fake_dataset_class(image_size))


def fake_dataset_class(image_size: tuple[int, int, int]) -> object:
    """A stand-in for a torchvision dataset class taking ``(root, train, transform, ...)``."""

    def dataset(*args: object, **kwargs: object) -> object:
        import torchvision

        train = kwargs.get("train", args[1] if len(args) > 1 else True)
        return torchvision.datasets.FakeData(
            size=OFFLINE_SIZES[0] if train else OFFLINE_SIZES[1],
            image_size=image_size,
            num_classes=10,
            transform=kwargs.get("transform"),
            target_transform=kwargs.get("target_transform"),
            random_offset=0 if train else OFFLINE_SIZES[0],
        )

    return dataset


def fingerprint(values: np.ndarray) -> float:
    """A position-weighted sum: unlike the plain sum (the test suite's runners), it does not
    vanish for the gradients of a softmax layer, whose rows sum to zero whatever the data."""
    flat = np.asarray(values, dtype=np.float64).ravel()
    return float(np.dot(flat, np.arange(1, flat.size + 1, dtype=np.float64)))


def record_torch_gradients(records: list[list[float]]) -> None:
    """Fingerprint every gradient ``hvd.DistributedOptimizer`` hands to Horovod's allreduce."""
    import horovod.torch.optimizer as horovod_optimizer

    single = horovod_optimizer.allreduce_async_
    grouped = horovod_optimizer.grouped_allreduce_async_

    def recorded_single(tensor, *args, **kwargs):
        records.append([fingerprint(tensor.detach().cpu().numpy())])
        return single(tensor, *args, **kwargs)

    def recorded_grouped(tensors, *args, **kwargs):
        records.append([fingerprint(t.detach().cpu().numpy()) for t in tensors])
        return grouped(tensors, *args, **kwargs)

    horovod_optimizer.allreduce_async_ = recorded_single
    horovod_optimizer.grouped_allreduce_async_ = recorded_grouped


def record_tensorflow_gradients(records: list[list[float]]) -> None:
    """Fingerprint every floating-point tensor handed to ``horovod.tensorflow``'s allreduce
    (eagerly and inside ``tf.function``, through ``tf.py_function``)."""
    import horovod.tensorflow as horovod_tensorflow
    import tensorflow as tf

    def store(*values: object) -> np.int32:
        records.append([fingerprint(np.asarray(value)) for value in values])
        return np.int32(0)

    def after_recording(tensors: list[object]) -> list[object]:
        floats = [t for t in tensors if isinstance(t, tf.Tensor) and t.dtype.is_floating]
        if not floats:
            return tensors
        recorded = tf.py_function(store, floats, Tout=tf.int32)
        with tf.control_dependencies([recorded]):
            return [tf.identity(t) if isinstance(t, tf.Tensor) else t for t in tensors]

    single, grouped = horovod_tensorflow._allreduce, horovod_tensorflow._grouped_allreduce
    horovod_tensorflow._allreduce = lambda t, *a, **k: single(after_recording([t])[0], *a, **k)
    horovod_tensorflow._grouped_allreduce = lambda ts, *a, **k: grouped(
        after_recording(list(ts)), *a, **k
    )


def recorded_torch_optimizers(optimizers: list[object]) -> None:
    """Keep every optimizer ``hvd.DistributedOptimizer`` wraps: models built inside ``main()``
    are not among the script's globals, but their parameters are in these optimizers."""
    import horovod.torch

    wrap = horovod.torch.DistributedOptimizer

    def recorded(optimizer: object, *args: object, **kwargs: object) -> object:
        optimizers.append(optimizer)
        return wrap(optimizer, *args, **kwargs)

    horovod.torch.DistributedOptimizer = recorded


def optimizer_weights(optimizers: list[object]) -> dict[str, np.ndarray]:
    """The parameters of the recorded optimizers, as ``optimizer<i>/<group>/<index>``."""
    return {
        f"optimizer{i}/{g}/{k}": parameter.detach().cpu().numpy()
        for i, optimizer in enumerate(optimizers)
        for g, group in enumerate(optimizer.param_groups)
        for k, parameter in enumerate(group["params"])
    }


def exit_after_gradients(
    gradients: list[list[float]], count: int, output_dir: Path, rank: int
) -> None:
    """For the data check's control: once ``count`` gradient fingerprints are recorded, save
    them, wait until every other rank has saved its own, and end this rank (exit status 0).
    Every rank hands Horovod the same sequence of gradients, so every rank gets there; ending
    before the others have (with one allreduce per tensor, a rank may be a few tensors behind)
    would shut Horovod down under them."""
    import threading
    import time

    size = int(os.environ.get("HOROVOD_SIZE", "1"))

    def watch() -> None:
        while len(gradients) < count:
            time.sleep(0.05)
        path = output_dir / f"gradients_rank_{rank}.json"
        path.with_suffix(".tmp").write_text(json.dumps(gradients[:count]), encoding="utf-8")
        path.with_suffix(".tmp").replace(path)
        others = [output_dir / f"gradients_rank_{other}.json" for other in range(size)]
        while not all(other.exists() for other in others):
            time.sleep(0.05)
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()


def seed_everything(framework: str) -> None:
    """Seed Python's, NumPy's and the framework's generators alike on every rank, so that
    without sharding the ranks would draw the same batches (the data check's control)."""
    import random

    random.seed(0)
    np.random.seed(0)
    if framework == "tf":
        import tensorflow as tf

        tf.random.set_seed(0)
    else:
        import torch

        torch.manual_seed(0)


def main() -> None:
    framework, script_arg, output_arg = sys.argv[1:4]
    script = Path(script_arg).resolve()
    output_dir = Path(output_arg).resolve()
    rank = int(os.environ["HOROVOD_RANK"])
    shared = output_dir / "shared"
    shared.mkdir(parents=True, exist_ok=True)
    os.chdir(shared)
    sys.path.insert(0, str(REPOSITORY / "tests" / "horovod_run"))
    if framework == "tf":
        import rank_runner as framework_runner

        events: list[str] = []
        traced_tensorflow_writers(events)
        offline_keras_datasets()
    else:
        import torch_rank_runner as framework_runner

        events = []
        if "torchvision" in script.read_text(encoding="utf-8"):
            offline_torchvision_datasets()
    sys.argv = [str(script)]
    sys.path.insert(0, str(script.parent))
    gradients: list[list[float]] = []
    optimizers: list[object] = []
    if "horovod" in script.read_text(encoding="utf-8"):
        if framework == "torch":
            record_torch_gradients(gradients)
            recorded_torch_optimizers(optimizers)
        else:
            record_tensorflow_gradients(gradients)
    seed_everything(framework)
    stop_after = int(os.environ.get(STOP_AFTER_VARIABLE, "0"))
    if stop_after:
        exit_after_gradients(gradients, stop_after, output_dir, rank)
    traced_writes(shared, events)
    try:
        script_globals = runpy.run_path(str(script), run_name="__main__")
    finally:
        (output_dir / f"writes_rank_{rank}.json").write_text(json.dumps(events), encoding="utf-8")
    weights = framework_runner.trained_weights(script_globals)
    weights.update(optimizer_weights(optimizers))
    np.savez(output_dir / f"weights_rank_{rank}.npz", **weights)
    (output_dir / f"gradients_rank_{rank}.json").write_text(json.dumps(gradients), encoding="utf-8")


if __name__ == "__main__":
    main()
