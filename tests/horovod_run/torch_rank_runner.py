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
standard library, NumPy, torch and (for scripts that use it) Horovod (and rank_run.py beside it, which runs the script), and never imports tensorls
or pytest.
"""

import numpy as np
import torch
from rank_run import run_rank


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


if __name__ == "__main__":
    run_rank(record_local_gradients, trained_weights)
