"""What tensorls knows about PyTorch (2.0) and ``horovod.torch`` (0.28.1) for the rewrite.

Paths are the dotted paths names resolve to through imports (``names.ImportEnvironment``).
Learning-rate defaults are the constructor defaults of ``torch.optim`` in torch 2.0, spelled as
source text because they are pasted into code; ``SGD`` has none (its ``lr`` is required there).
"""

from __future__ import annotations

OPTIMIZERS_PREFIX = "torch.optim."
SCHEDULERS_PREFIX = "torch.optim.lr_scheduler."

DEFAULT_LEARNING_RATES: dict[str, str] = {
    "Adam": "0.001",
    "AdamW": "0.001",
    "Adamax": "0.002",
    "NAdam": "0.002",
    "RAdam": "0.001",
    "RMSprop": "0.01",
    "Adagrad": "0.01",
    "Adadelta": "1.0",
    "ASGD": "0.01",
    "Rprop": "0.01",
}
# Optimizers whose ``step`` needs a closure or sparse gradients: Horovod's DistributedOptimizer
# does not average what they compute.
UNSUPPORTED_OPTIMIZERS: frozenset[str] = frozenset({"LBFGS", "SparseAdam"})

# Schedulers with absolute learning rates, as (position, keyword) of their arguments; the others
# (StepLR, CosineAnnealingLR, LambdaLR, ...) scale the optimizer's own, already scaled, rate.
SCHEDULER_RATE_ARGUMENTS: dict[str, tuple[tuple[int, str], ...]] = {
    "OneCycleLR": ((1, "max_lr"),),
    "CyclicLR": ((1, "base_lr"), (2, "max_lr")),
}

DATA_LOADERS: frozenset[str] = frozenset(
    {"torch.utils.data.DataLoader", "torch.utils.data.dataloader.DataLoader"}
)
# Positions of DataLoader's arguments in torch 2.0: DataLoader(dataset, batch_size, shuffle,
# sampler, batch_sampler, ...).
LOADER_DATASET = (0, "dataset")
ITERABLE_DATASETS: frozenset[str] = frozenset(
    {"torch.utils.data.IterableDataset", "torch.utils.data.dataset.IterableDataset"}
)
LOADER_SHUFFLE = (2, "shuffle")
LOADER_SAMPLERS = ((3, "sampler"), (4, "batch_sampler"))

SAVING_FUNCTIONS: frozenset[str] = frozenset({"torch.save", "torch.jit.save"})
SUMMARY_WRITERS: frozenset[str] = frozenset(
    {"torch.utils.tensorboard.SummaryWriter", "torch.utils.tensorboard.writer.SummaryWriter"}
)
# Progress bars, shown on rank 0 only through their ``disable`` argument.
PROGRESS_BARS: frozenset[str] = frozenset({"tqdm.tqdm", "tqdm.auto.tqdm", "tqdm.notebook.tqdm"})
GRADIENT_CLIPPING: frozenset[str] = frozenset(
    {"torch.nn.utils.clip_grad_norm_", "torch.nn.utils.clip_grad_value_"}
)
GRAD_SCALERS: frozenset[str] = frozenset({"torch.cuda.amp.GradScaler", "torch.amp.GradScaler"})

# Single-process data parallelism, which Horovod's one process per device would duplicate.
OTHER_DISTRIBUTION: frozenset[str] = frozenset(
    {"torch.nn.DataParallel", "torch.nn.parallel.DataParallel"}
)
# Scripts that already run several processes with torch.distributed: not single-device scripts.
ALREADY_DISTRIBUTED_PREFIX = "torch.distributed"
ALREADY_DISTRIBUTED: frozenset[str] = frozenset(
    {"torch.nn.parallel.DistributedDataParallel", "torch.multiprocessing.spawn"}
)
# Libraries that run the training on several processes themselves (``Accelerator.prepare``,
# ``Fabric.setup``, Lightning's ``Trainer``, ``deepspeed.initialize``): a script importing one
# is not a single-device script, whatever its loop looks like.
DISTRIBUTING_LIBRARIES: frozenset[str] = frozenset(
    {"accelerate", "lightning", "lightning_fabric", "pytorch_lightning", "deepspeed"}
)
