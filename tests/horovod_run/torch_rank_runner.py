"""Run a PyTorch training script as one Horovod rank, then save the weights it trained.

Usage (inside the Horovod + PyTorch environment, one process per rank, as launched by horovodrun):

    python torch_rank_runner.py SCRIPT OUTPUT_DIR

The rank is read from HOROVOD_RANK. The script runs as ``__main__`` with
``OUTPUT_DIR/rank_<rank>/`` as its working directory, so every relative path it writes lands
there. Afterwards the ``state_dict`` of every ``torch.nn.Module`` bound to one of the script's
global names is saved to ``OUTPUT_DIR/weights_rank_<rank>.npz`` under ``<global name>/<key>``
(outside the rank directory, so what is inside a rank directory was written by the script alone).

When the script uses Horovod, every gradient ``hvd.DistributedOptimizer`` hands to Horovod's
allreduce (``allreduce_async_``/``grouped_allreduce_async_`` as ``horovod.torch.optimizer``
calls them) is fingerprinted before the reduction: the sum of each tensor, one list per call,
saved to ``OUTPUT_DIR/gradients_rank_<rank>.json``. Once the ranks hold identical weights, their
local gradients differ only if their batches do, so these fingerprints show which data each rank
trained on.

This file runs in the Horovod + PyTorch environment, not in tensorls' own: it imports only the
standard library, NumPy, torch and (for scripts that use it) Horovod, and never imports tensorls
or pytest.
"""

import json
import os
import runpy
import sys
from pathlib import Path

import numpy as np
import torch


def trained_weights(script_globals: dict[str, object]) -> dict[str, np.ndarray]:
    """Arrays of every module's state among the script's globals."""
    arrays: dict[str, np.ndarray] = {}
    for name, value in sorted(script_globals.items()):
        if isinstance(value, torch.nn.Module):
            for key, tensor in value.state_dict().items():
                arrays[f"{name}/{key}"] = tensor.detach().cpu().numpy()
    return arrays


def record_local_gradients(records: list[list[float]]) -> None:
    """Fingerprint each gradient allreduce's inputs into ``records`` (see the docstring)."""
    import horovod.torch.optimizer as horovod_optimizer

    single = horovod_optimizer.allreduce_async_
    grouped = horovod_optimizer.grouped_allreduce_async_

    def recorded_single(tensor: torch.Tensor, *args: object, **kwargs: object) -> object:
        records.append([float(tensor.detach().double().sum())])
        return single(tensor, *args, **kwargs)

    def recorded_grouped(tensors: list[torch.Tensor], *args: object, **kwargs: object) -> object:
        records.append([float(tensor.detach().double().sum()) for tensor in tensors])
        return grouped(tensors, *args, **kwargs)

    horovod_optimizer.allreduce_async_ = recorded_single
    horovod_optimizer.grouped_allreduce_async_ = recorded_grouped


def main() -> None:
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


if __name__ == "__main__":
    main()
