"""The file-divergence checks (``analyses/ranks/file_divergence.py``) on small scripts in the idioms
of the real reports rebuilt in ``tests/ranks/real_bugs`` (their runs on two real processes are
there; the correct scripts' runs are in ``tests/ranks/corpus/torch_correct``): which creations,
writes and reads are certain failures (errors), which are races ("possible" mode warnings), and
which are neither."""

from __future__ import annotations

import textwrap

import pytest
from tensorls.analyses import analyse
from tensorls.analyses.facts import AnalysisSettings, Severity

CODE = "rank-file-divergence"
TORCH_HEADER = "import os\nimport tempfile\nimport shutil\nimport torch\nimport torch.distributed as dist\ndist.init_process_group('gloo')\n"
KERAS_HEADER = "import os\nimport tempfile\nimport numpy as np\nimport tensorflow as tf\nimport horovod.tensorflow.keras as hvd\nhvd.init()\n"


def reports(body: str, mode: str = "certain", header: str = TORCH_HEADER) -> list[tuple[int, str]]:
    source = header + textwrap.dedent(body)
    offset = header.count("\n")
    return [
        (d.span.start.line + 1 - offset, d.severity.name.lower())
        for d in analyse(source, AnalysisSettings(mode=mode)).diagnostics
        if d.code == CODE
    ]


CERTAIN_CREATIONS = {
    "literal": "os.mkdir('checkpoints')\nprint(dist.get_rank())\n",
    "joined": "folder = os.path.join('runs', 'ckpt')\nos.makedirs(folder)\nprint(dist.get_rank())\n",
    "command line": (
        "import argparse\nparser = argparse.ArgumentParser()\n"
        "parser.add_argument('--out', default='out')\nargs = parser.parse_args()\n"
        "os.makedirs(args.out)\nprint(dist.get_rank())\n"
    ),
    "helper called from main": (
        "def save(folder):\n    os.mkdir(folder)\n    if dist.get_rank() == 0:\n        pass\n"
        "def main():\n    save('ckpt')\nif __name__ == '__main__':\n    main()\n"
    ),
}


@pytest.mark.parametrize("body", CERTAIN_CREATIONS.values(), ids=CERTAIN_CREATIONS.keys())
def test_a_directory_every_rank_creates_is_an_error(body: str) -> None:
    assert [severity for _, severity in reports(body)] == ["error"]


NOT_CERTAIN_CREATIONS = {
    "exist_ok": ("os.makedirs('ckpt', exist_ok=True)\nprint(dist.get_rank())\n", False),
    "rank 0 only": ("if dist.get_rank() == 0:\n    os.mkdir('ckpt')\ndist.barrier()\n", False),
    "named by rank": ("os.mkdir(f'ckpt{dist.get_rank()}')\n", False),
    "try": (
        "try:\n    os.mkdir('ckpt')\nexcept FileExistsError:\n    pass\nprint(dist.get_rank())\n",
        False,
    ),
    "tested first": (
        "if not os.path.exists('ckpt'):\n    os.mkdir('ckpt')\nprint(dist.get_rank())\n",
        True,
    ),
    "removed first": (
        "shutil.rmtree('ckpt', ignore_errors=True)\nos.mkdir('ckpt')\nprint(dist.get_rank())\n",
        True,
    ),
    "after a return on a local rank": (
        "def setup(local_rank):\n    if local_rank != 0:\n        return\n    os.mkdir('ckpt')\n"
        "setup(int(os.environ['LOCAL_RANK']))\nprint(dist.get_rank())\n",
        False,
    ),
    "helper given a rank-dependent path": (
        "def save(folder):\n    os.mkdir(folder)\nsave(f'ckpt{dist.get_rank()}')\n",
        False,
    ),
}


@pytest.mark.parametrize(
    ("body", "warned"), NOT_CERTAIN_CREATIONS.values(), ids=NOT_CERTAIN_CREATIONS.keys()
)
def test_a_creation_that_may_succeed_is_no_error(body: str, warned: bool) -> None:
    assert reports(body) == []
    possible = reports(body, "possible")
    assert [severity for _, severity in possible] == (["warning"] if warned else [])


def test_a_file_rank_zero_writes_in_its_own_temporary_directory_is_an_error() -> None:
    body = """
        folder = tempfile.mkdtemp()
        path = os.path.join(folder, "model.pt")
        if dist.get_rank() == 0:
            torch.save(torch.zeros(2), path)
        dist.barrier()
        state = torch.load(path)
    """
    assert reports(body) == [(7, "error")]


TEMPORARY_DIRECTORIES_WITHOUT_ERROR = {
    "path broadcast": """
        holder = [tempfile.mkdtemp() if dist.get_rank() == 0 else None]
        dist.broadcast_object_list(holder, src=0)
        path = os.path.join(holder[0], "model.pt")
        if dist.get_rank() == 0:
            torch.save(torch.zeros(2), path)
        dist.barrier()
        state = torch.load(path)
    """,
    "every rank writes its own": """
        folder = tempfile.mkdtemp()
        path = os.path.join(folder, "shard.pt")
        torch.save(torch.zeros(2), path)
        state = torch.load(path)
    """,
    "given to a helper": """
        folder = tempfile.mkdtemp()
        path = os.path.join(folder, "model.pt")
        def export(target):
            pass
        export(folder)
        if dist.get_rank() == 0:
            torch.save(torch.zeros(2), path)
        state = torch.load(path)
    """,
    "read only under an undecided test": """
        folder = tempfile.mkdtemp()
        path = os.path.join(folder, "model.pt")
        if dist.get_rank() == 0:
            torch.save(torch.zeros(2), path)
        if os.environ.get("RELOAD"):
            state = torch.load(path)
    """,
}


@pytest.mark.parametrize(
    "body",
    TEMPORARY_DIRECTORIES_WITHOUT_ERROR.values(),
    ids=TEMPORARY_DIRECTORIES_WITHOUT_ERROR.keys(),
)
def test_temporary_directories_without_a_certain_missing_file(body: str) -> None:
    assert [r for r in reports(body) if r[1] == "error"] == []


def test_a_rank_zero_write_read_without_a_wait_is_a_possible_warning() -> None:
    body = """
        if dist.get_rank() == 0:
            torch.save(torch.zeros(2), "best.pt")
        state = torch.load("best.pt")
    """
    assert reports(body) == []
    assert reports(body, "possible") == [(4, "warning")]


def test_a_wait_between_the_write_and_the_read_silences_the_warning() -> None:
    body = """
        if dist.get_rank() == 0:
            torch.save(torch.zeros(2), "best.pt")
        dist.barrier()
        state = torch.load("best.pt")
    """
    assert reports(body, "possible") == []


def test_a_call_of_a_module_function_between_may_wait() -> None:
    body = """
        def synchronise():
            dist.barrier()
        if dist.get_rank() == 0:
            torch.save(torch.zeros(2), "best.pt")
        synchronise()
        state = torch.load("best.pt")
    """
    assert reports(body, "possible") == []


def test_keras_checkpoint_of_rank_zero_read_after_fit_is_a_possible_warning() -> None:
    body = """
        model = tf.keras.Sequential([tf.keras.Input(shape=(3,)), tf.keras.layers.Dense(1)])
        model.compile(optimizer=hvd.DistributedOptimizer(tf.keras.optimizers.SGD(0.1)), loss="mse")
        callbacks = [hvd.callbacks.BroadcastGlobalVariablesCallback(0)]
        if hvd.rank() == 0:
            callbacks.append(tf.keras.callbacks.ModelCheckpoint("best_model.h5"))
        model.fit(np.zeros((8, 3)), np.zeros((8, 1)), epochs=1, callbacks=callbacks, verbose=0)
        best = tf.keras.models.load_model("best_model.h5")
    """
    assert reports(body, header=KERAS_HEADER) == []
    assert reports(body, "possible", KERAS_HEADER) == [(8, "warning")]


def test_a_per_process_path_is_named_in_the_warning() -> None:
    source = TORCH_HEADER + textwrap.dedent(
        """
        path = f"/tmp/model_{os.getpid()}.pt"
        if dist.get_rank() == 0:
            torch.save(torch.zeros(2), path)
        state = torch.load(path)
        """
    )
    found = [
        d for d in analyse(source, AnalysisSettings(mode="possible")).diagnostics if d.code == CODE
    ]
    assert len(found) == 1 and found[0].severity == Severity.WARNING
    assert "os.getpid()" in found[0].message


CHANGED_ELSEWHERE = {
    "option rewritten per rank": (
        "import argparse\nparser = argparse.ArgumentParser()\n"
        "parser.add_argument('--out', default='out')\nargs = parser.parse_args()\n"
        "args.out = os.path.join(args.out, str(dist.get_rank()))\nos.makedirs(args.out)\n"
    ),
    "global rebound in a function": (
        "folder = 'ckpt'\ndef per_rank():\n    global folder\n"
        "    folder = f'ckpt{dist.get_rank()}'\nper_rank()\nos.mkdir(folder)\n"
    ),
}


@pytest.mark.parametrize("body", CHANGED_ELSEWHERE.values(), ids=CHANGED_ELSEWHERE.keys())
def test_a_path_changed_elsewhere_is_not_known_to_be_uniform(body: str) -> None:
    assert reports(body) == []
