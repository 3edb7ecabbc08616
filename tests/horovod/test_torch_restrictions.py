"""The PyTorch rewrite's refusals and notes: each refusal blocks the rewrite with a diagnostic at
the offending code that names the restriction and says what to change; data the rewrite cannot
shard is reported as a note on an otherwise applied rewrite."""

from __future__ import annotations

import pytest
from tensorls.analyses.facts import Severity
from tensorls.analyses.horovod import RESTRICTION_CODE, SINGLE_DEVICE_CODE, distribute

from .conftest import detect_source

HEADER = """import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset
"""

LOOP = """model = nn.Linear(2, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
loader = DataLoader(TensorDataset(torch.ones(8, 2)), batch_size=2, shuffle=True)
for epoch in range(2):
    for (xb,) in loader:
        optimizer.zero_grad()
        loss = model(xb).sum()
        loss.backward()
        optimizer.step()
"""

# (name, source, 1-based line of the diagnostic, words the message must contain)
BLOCKED: list[tuple[str, str, int, str]] = [
    (
        "DataParallel",
        HEADER + "net = nn.DataParallel(nn.Linear(2, 1))\n" + LOOP,
        4,
        "Horovod would duplicate",
    ),
    (
        "parameter groups",
        HEADER
        + LOOP.replace(
            "torch.optim.SGD(model.parameters(), lr=0.1)",
            'torch.optim.SGD([{"params": model.parameters()}], lr=0.1)',
        ),
        5,
        "pass model.parameters()",
    ),
    (
        "optimizer not assigned",
        HEADER
        + LOOP.replace(
            "optimizer = torch.optim.SGD(model.parameters(), lr=0.1)",
            "optimizer = [torch.optim.SGD(model.parameters(), lr=0.1)][0]",
        ),
        5,
        "on its own line",
    ),
    (
        "LBFGS",
        HEADER + LOOP.replace("torch.optim.SGD", "torch.optim.LBFGS"),
        5,
        "does not average the gradients of LBFGS",
    ),
    (
        "SGD without lr",
        HEADER + LOOP.replace(", lr=0.1", ""),
        5,
        "pass lr= explicitly",
    ),
    (
        "gradient accumulation",
        HEADER
        + LOOP.replace(
            "        optimizer.step()\n",
            "        if epoch % 2 == 1:\n            optimizer.step()\n",
        ),
        13,
        "backward_passes_per_step",
    ),
    (
        "gradient accumulation without the epoch's last step",
        HEADER
        + LOOP.replace(
            "    for (xb,) in loader:", "    for i, (xb,) in enumerate(loader):"
        ).replace(
            "        optimizer.step()\n",
            "        if (i + 1) % 2 == 0:\n            optimizer.step()\n",
        ),
        13,
        "i + 1 == len(loader)",
    ),
    (
        "gradient accumulation with a computed count",
        HEADER
        + 'passes = int("2")\n'
        + LOOP.replace(
            "    for (xb,) in loader:", "    for i, (xb,) in enumerate(loader):"
        ).replace(
            "        optimizer.step()\n",
            "        if (i + 1) % passes == 0 or i + 1 == len(loader):\n"
            "            optimizer.step()\n",
        ),
        14,
        "backward_passes_per_step",
    ),
    (
        "GradScaler stepping away from the backward",
        HEADER
        + "scaler = torch.cuda.amp.GradScaler()\n"
        + "def compute_gradients(loss):\n    scaler.scale(loss).backward()\n"
        + LOOP.replace("loss.backward()", "compute_gradients(loss)").replace(
            "optimizer.step()", "scaler.step(optimizer)"
        ),
        15,
        "same block",
    ),
    (
        "GradScaler stepping an unnamed optimizer",
        HEADER
        + "scaler = torch.cuda.amp.GradScaler()\n"
        + LOOP.replace("optimizer.step()", "scaler.step([optimizer][0])"),
        13,
        "scaler.step(optimizer)",
    ),
    (
        "unscale_ apart from the scaled step",
        HEADER
        + "scaler = torch.cuda.amp.GradScaler()\n"
        + "def unscale(optimizer):\n    scaler.unscale_(optimizer)\n"
        + LOOP.replace(
            "        optimizer.step()\n",
            "        unscale(optimizer)\n        scaler.step(optimizer)\n",
        ),
        6,
        "this unscale_ is not between the backward",
    ),
    (
        "clipping apart from the scaled step",
        HEADER
        + "scaler = torch.amp.GradScaler('cpu')\n"
        + "def clip(module):\n    nn.utils.clip_grad_norm_(module.parameters(), 1.0)\n"
        + LOOP.replace(
            "        optimizer.step()\n", "        clip(model)\n        scaler.step(optimizer)\n"
        ),
        6,
        "in the block of `scaler.step(optimizer)`",
    ),
    (
        "zero_grad with arguments",
        HEADER + LOOP.replace("optimizer.zero_grad()", "optimizer.zero_grad(set_to_none=True)"),
        9,
        "without arguments",
    ),
    (
        "positional shuffle",
        HEADER + LOOP.replace("batch_size=2, shuffle=True", "2, True"),
        6,
        "pass it as shuffle=",
    ),
    (
        "clipping apart from the step",
        HEADER
        + "def clip(module):\n    nn.utils.clip_grad_norm_(module.parameters(), 1.0)\n"
        + LOOP.replace(
            "        optimizer.step()\n", "        clip(model)\n        optimizer.step()\n"
        ),
        5,
        "optimizer.synchronize()",
    ),
    (
        "the name hvd",
        HEADER + "hvd = 1\n" + LOOP,
        4,
        "rename it",
    ),
    (
        "SummaryWriter passed on",
        HEADER
        + "from torch.utils.tensorboard import SummaryWriter\n"
        + "writer = SummaryWriter()\n"
        + LOOP
        + "print_losses(writer)\n",
        15,
        "only call writer's methods",
    ),
]


@pytest.mark.parametrize(
    ("source", "line", "words"),
    [case[1:] for case in BLOCKED],
    ids=[case[0] for case in BLOCKED],
)
def test_violation_blocks_the_rewrite(source: str, line: int, words: str) -> None:
    facts = detect_source(source)
    restrictions = [d for d in facts.diagnostics if d.code == RESTRICTION_CODE]
    assert restrictions, facts.diagnostics
    assert any(d.span.start.line == line - 1 and words in d.message for d in restrictions), [
        (d.span.start.line + 1, d.message) for d in restrictions
    ]
    assert all(d.severity == Severity.WARNING for d in restrictions)
    assert all("To distribute this script" in d.message for d in restrictions)
    assert facts.offers == ()
    loop = [d for d in facts.diagnostics if d.code == SINGLE_DEVICE_CODE]
    assert loop and all("is blocked" in d.message for d in loop)
    result = distribute(source)
    assert result.edits == () and result.new_source == source
    assert set(result.blocking) == set(restrictions)


def test_the_script_without_a_violation_is_offered_as_a_pytorch_loop() -> None:
    facts = detect_source(HEADER + LOOP)
    (diagnostic,) = facts.diagnostics
    assert diagnostic.code == SINGLE_DEVICE_CODE
    assert "PyTorch training loop" in diagnostic.message
    assert "can be distributed with Horovod" in diagnostic.message
    assert diagnostic.span.start.line == 6
    assert len(facts.offers) == 1
    result = distribute(HEADER + LOOP)
    assert result.blocking == () and result.notes == ()


@pytest.mark.parametrize(
    ("source", "words"),
    [
        (
            HEADER
            + LOOP.replace("    for (xb,) in loader:", "    for xb in torch.ones(4, 2).split(2):"),
            "found no DataLoader",
        ),
        (
            HEADER + LOOP.replace("batch_size=2, shuffle=True", "batch_sampler=None"),
            "has its own batch_sampler",
        ),
        (
            HEADER + LOOP + "loader = DataLoader(TensorDataset(torch.ones(8, 2)))\n",
            "assigned more than once",
        ),
        (
            HEADER + LOOP.replace("for epoch in range(2):", "for epoch, _ in enumerate('ab'):"),
            "set_epoch is not called",
        ),
        (
            HEADER
            + "class Stream(torch.utils.data.IterableDataset):\n"
            + "    def __iter__(self):\n        return iter(torch.ones(8, 2))\n"
            + LOOP.replace(
                "TensorDataset(torch.ones(8, 2)), batch_size=2, shuffle=True", "Stream()"
            ),
            "IterableDataset",
        ),
    ],
    ids=[
        "no loader",
        "own batch sampler",
        "loader reassigned",
        "no single epoch variable",
        "iterable dataset",
    ],
)
def test_unshardable_data_is_noted_not_refused(source: str, words: str) -> None:
    result = distribute(source)
    assert result.blocking == ()
    assert "hvd.DistributedOptimizer(" in result.new_source
    assert any(words in note.message for note in result.notes), [
        note.message for note in result.notes
    ]
    assert all(note.severity == Severity.INFORMATION for note in result.notes)


def test_a_file_using_tensorflow_and_torch_is_planned_as_tensorflow_when_it_trains_with_it() -> (
    None
):
    source = (
        "import tensorflow as tf\nimport torch\n"
        "model = tf.keras.Sequential([tf.keras.layers.Dense(1)])\n"
        'model.compile(optimizer="sgd", loss="mse")\n'
        "model.fit(tf.ones([4, 2]), tf.ones([4, 1]))\n"
    )
    result = distribute(source)
    assert "import horovod.tensorflow.keras as hvd" in result.new_source
    assert "horovod.torch" not in result.new_source


def test_a_torch_file_mentioning_keras_is_still_planned_as_pytorch() -> None:
    source = "# ported from a keras tutorial\n" + HEADER + LOOP
    assert "import horovod.torch as hvd" in distribute(source).new_source


def test_a_trainer_class_shards_the_loader_passed_to_its_constructor() -> None:
    source = HEADER + (
        "class Trainer:\n"
        "    def __init__(self, model, loader):\n"
        "        self.model = model\n"
        "        self.loader = loader\n"
        "        self.opt = torch.optim.Adam(model.parameters())\n"
        "\n"
        "    def fit(self, epochs):\n"
        "        for epoch in range(epochs):\n"
        "            for (xb,) in self.loader:\n"
        "                self.opt.zero_grad()\n"
        "                self.model(xb).sum().backward()\n"
        "                self.opt.step()\n"
        "\n"
        "\n"
        "loader = DataLoader(TensorDataset(torch.ones(8, 2)), batch_size=2, shuffle=True)\n"
        "Trainer(nn.Linear(2, 1), loader).fit(2)\n"
    )
    result = distribute(source)
    assert result.blocking == () and result.notes == ()
    lines = result.new_source.splitlines()
    assert "            self.loader.sampler.set_epoch(epoch)" in lines
    assert (
        "        self.opt = hvd.DistributedOptimizer(self.opt, "
        "named_parameters=model.named_parameters())" in lines
    )
    assert "loader = DataLoader(train_dataset, batch_size=2, sampler=train_sampler)" in lines


def test_a_trainer_given_different_loaders_is_not_sharded() -> None:
    source = HEADER + (
        "class Trainer:\n"
        "    def __init__(self, loader):\n"
        "        self.loader = loader\n"
        "\n"
        "    def fit(self, model, opt):\n"
        "        for (xb,) in self.loader:\n"
        "            opt.zero_grad()\n"
        "            model(xb).sum().backward()\n"
        "            opt.step()\n"
        "\n"
        "\n"
        "a = DataLoader(TensorDataset(torch.ones(8, 2)), shuffle=True)\n"
        "b = DataLoader(TensorDataset(torch.ones(4, 2)), shuffle=True)\n"
        "model = nn.Linear(2, 1)\n"
        "opt = torch.optim.SGD(model.parameters(), lr=0.1)\n"
        "Trainer(a).fit(model, opt)\n"
        "Trainer(b).fit(model, opt)\n"
    )
    result = distribute(source)
    assert result.blocking == ()
    assert "DistributedSampler" not in result.new_source
    assert any("found no DataLoader" in note.message for note in result.notes)


@pytest.mark.parametrize(
    "extra",
    [
        "import torch.distributed as dist\n",
        "wrapped = nn.parallel.DistributedDataParallel(model)\n",
        "torch.distributed.init_process_group('gloo')\n",
    ],
    ids=["imports torch.distributed", "DistributedDataParallel", "init_process_group"],
)
def test_a_script_already_distributed_with_torch_distributed_gets_nothing(extra: str) -> None:
    source = HEADER + extra + LOOP
    facts = detect_source(source)
    assert facts.already_distributed
    assert facts.diagnostics == () and facts.offers == ()
    result = distribute(source)
    assert result.already_distributed and result.new_source == source and result.edits == ()


@pytest.mark.parametrize(
    "source",
    [
        # huggingface/accelerate@16cb6eb examples/nlp_example.py: prepare, then
        # accelerator.backward and optimizer.step in a plain loop.
        "import torch\nfrom accelerate import Accelerator\n"
        "accelerator = Accelerator()\nmodel = torch.nn.Linear(2, 1)\n"
        "optimizer = torch.optim.AdamW(params=model.parameters(), lr=1e-3)\n"
        "loader = torch.utils.data.DataLoader(torch.rand(8, 2), batch_size=2)\n"
        "model, optimizer, loader = accelerator.prepare(model, optimizer, loader)\n"
        "for batch in loader:\n"
        "    loss = model(batch).sum()\n"
        "    accelerator.backward(loss)\n"
        "    optimizer.step()\n    optimizer.zero_grad()\n",
        # Lightning-AI/pytorch-lightning@7f0c343 examples/fabric/image_classifier/train_fabric.py
        "import torch\nimport lightning as L\n"
        "fabric = L.Fabric(accelerator='cpu')\nmodel = torch.nn.Linear(2, 1)\n"
        "optimizer = torch.optim.Adadelta(model.parameters(), lr=1.0)\n"
        "model, optimizer = fabric.setup(model, optimizer)\n"
        "for step in range(3):\n"
        "    optimizer.zero_grad()\n"
        "    fabric.backward(model(torch.rand(4, 2)).sum())\n"
        "    optimizer.step()\n",
    ],
    ids=["accelerate", "fabric"],
)
def test_a_script_distributed_by_accelerate_or_fabric_gets_nothing(source: str) -> None:
    facts = detect_source(source)
    assert facts.already_distributed
    assert facts.diagnostics == () and facts.offers == ()


@pytest.mark.parametrize(
    "source",
    [
        "import logging\n"
        + HEADER
        + "logging.disable(logging.DEBUG)\n"
        + LOOP
        + "logging.info('done')\n",
        HEADER + LOOP + "import logging\nlogging.info('done')\n",
        "import logging\n" + HEADER + LOOP,
    ],
    ids=["the script calls logging.disable", "logging imported late", "logging never called"],
)
def test_logging_is_left_alone_unless_certain(source: str) -> None:
    result = distribute(source)
    assert result.blocking == ()
    assert "hvd.DistributedOptimizer(" in result.new_source
    assert ".disable(logging.INFO)" not in result.new_source


def test_logging_through_an_alias_is_disabled_below_warning_on_other_ranks() -> None:
    source = "import logging as log\n" + HEADER + LOOP + "log.getLogger('x').info('done')\n"
    result = distribute(source)
    assert "hvd.init()\n" in result.new_source
    assert "if hvd.rank() != 0:\n    log.disable(log.INFO)\n" in result.new_source


@pytest.mark.parametrize(
    ("count", "passes"),
    [("3", 3), ("STEPS", 5)],
    ids=["literal", "name bound once to a literal"],
)
def test_certain_accumulation_passes_its_count_to_horovod(count: str, passes: int) -> None:
    source = (
        HEADER
        + "STEPS = 5\n"
        + LOOP.replace(
            "    for (xb,) in loader:", "    for i, (xb,) in enumerate(loader):"
        ).replace(
            "        optimizer.step()\n",
            f"        if (i + 1) % {count} == 0 or i + 1 == len(loader):\n"
            "            optimizer.step()\n",
        )
    )
    result = distribute(source)
    assert result.blocking == ()
    assert f"backward_passes_per_step={passes})" in result.new_source


@pytest.mark.parametrize(
    "binding",
    ["STEPS = 6\n", "def f(STEPS):\n    return STEPS\n", "for STEPS in range(2):\n    pass\n"],
    ids=["assigned twice", "a parameter", "a loop variable"],
)
def test_accumulation_count_bound_more_than_once_is_refused(binding: str) -> None:
    source = (
        HEADER
        + "STEPS = 5\n"
        + binding
        + LOOP.replace(
            "    for (xb,) in loader:", "    for i, (xb,) in enumerate(loader):"
        ).replace(
            "        optimizer.step()\n",
            "        if (i + 1) % STEPS == 0 or i + 1 == len(loader):\n            optimizer.step()\n",
        )
    )
    result = distribute(source)
    assert any("backward_passes_per_step" in d.message for d in result.blocking)
    assert result.edits == ()
