"""Splitting keeps a program's meaning: a sample of the split-module differential's programs runs
whole and split under the real frameworks (``split_runner.py``) with the same printed output,
exception (type, message, line) and final names (see the runner's fingerprint), wherever two
runs of the original agree (the rest is the program's own nondeterminism).

The sample: ``SEMANTIC_SAMPLE`` (40) splittable programs per environment (TensorFlow 2.12, which also
runs the NumPy-only programs, and PyTorch 2.13), taken from each group in turn (by the hash
of their id) of the differential's sample without the ``ranks`` group (distributed scripts need launchers). Outcomes
are cached by content (``tests/ground_truth.py``). A control checks that the runner tells a split
that breaks the rules (a function reading a name the main module rebinds, moved anyway) from the
original, and that ``split`` refuses to move it.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from ..framework_oracle import HIDDEN_VARIABLES
from ..ground_truth import GroundTruth, runner_identity
from .differential import sample
from .programs import Program, all_programs
from .splitting import SplitProgram, split

RUNNER = Path(__file__).resolve().parent / "split_runner.py"
SEMANTIC_SAMPLE = 40
TIMEOUT_SECONDS = 900
EXTRA_ENVIRONMENT = {
    "TF_CPP_MIN_LOG_LEVEL": "3",
    "CUDA_VISIBLE_DEVICES": "",
    "OMP_NUM_THREADS": "1",
    "OPENBLAS_NUM_THREADS": "1",
    "PYTHONHASHSEED": "0",
}
FIXTURES = {"tensorflow": "tf_python", "torch": "torch_python"}
Outcomes = dict[str, dict[str, object]]


def semantic_sample(framework: str) -> list[tuple[Program, SplitProgram]]:
    """``SEMANTIC_SAMPLE`` programs of the differential's sample run by ``framework``: the groups
    in turn, each group's programs in the order of the hash of their id."""
    groups: dict[str, list[tuple[Program, SplitProgram]]] = {}
    for pair in sample(all_programs()):
        if pair[0].framework == framework and pair[0].group != "ranks":
            groups.setdefault(pair[0].group, []).append(pair)
    for members in groups.values():
        members.sort(key=lambda pair: hashlib.blake2b(pair[0].id.encode(), digest_size=8).digest())
    chosen: list[tuple[Program, SplitProgram]] = []
    for members in itertools.zip_longest(*groups.values()):
        chosen += [pair for pair in members if pair is not None]
    return chosen[:SEMANTIC_SAMPLE]


def run_split(python: Path, pairs: list[tuple[Program, SplitProgram]]) -> Outcomes:
    """Each program's outcomes whole and split under ``python`` (cached by content)."""
    truth = GroundTruth("split-semantics", runner_identity(RUNNER, python, EXTRA_ENVIRONMENT))
    requests = [
        {"id": program.id, "original": program.source, "main": parts.main, "defs": parts.defs}
        for program, parts in pairs
    ]
    keys = {
        request["id"]: truth.key(request["original"], request["main"], request["defs"])
        for request in requests
    }
    outcomes: Outcomes = {}
    for request in requests:
        stored = truth.get(keys[request["id"]])
        if isinstance(stored, dict):
            outcomes[request["id"]] = stored
    missing = [request for request in requests if request["id"] not in outcomes]
    if missing:
        environment = {
            key: value for key, value in os.environ.items() if key not in HIDDEN_VARIABLES
        }
        completed = subprocess.run(
            [str(python), str(RUNNER)],
            input=json.dumps(missing),
            capture_output=True,
            text=True,
            timeout=TIMEOUT_SECONDS,
            check=False,
            env={**environment, **EXTRA_ENVIRONMENT},
            cwd=tempfile.gettempdir(),
        )
        assert completed.returncode == 0, completed.stderr[-4000:]
        fresh: Outcomes = json.loads(completed.stdout)
        for request in missing:
            truth.put(keys[request["id"]], fresh[request["id"]])
            outcomes[request["id"]] = fresh[request["id"]]
    return outcomes


@pytest.mark.parametrize("framework", sorted(FIXTURES))
def test_split_programs_run_as_the_originals(
    framework: str, request: pytest.FixtureRequest
) -> None:
    python = Path(request.getfixturevalue(FIXTURES[framework]))
    pairs = semantic_sample(framework)
    assert len(pairs) == SEMANTIC_SAMPLE
    outcomes = run_split(python, pairs)
    differing = {
        identifier: different
        for identifier, outcome in outcomes.items()
        if (different := differences(outcome))
    }
    assert differing == {}
    assert any(outcome["original"]["error"] is None for outcome in outcomes.values())
    assert any(outcome["original"]["error"] is not None for outcome in outcomes.values())


def _parts(outcome: dict[str, object]) -> dict[str, object]:
    globals_ = outcome["globals"]
    assert isinstance(globals_, dict)
    return {
        "stdout": outcome["stdout"],
        "error": outcome["error"],
        **{f"name {name}": value for name, value in globals_.items()},
    }


def differences(outcome: dict[str, dict[str, object]]) -> dict[str, tuple[object, object]]:
    """The parts (printed text, exception, each final name) in which the split run differs from
    the original, among the parts the original's two runs agree on."""
    original, again, divided = (_parts(outcome[run]) for run in ("original", "again", "split"))
    return {
        part: (value, divided.get(part))
        for part, value in original.items()
        if again.get(part) == value and divided.get(part) != value
    } | {part: (None, value) for part, value in divided.items() if part not in original}


REBOUND = """scale = 2


def grow(x):
    return x * scale


scale = 3
print(grow(1))
"""
NAIVE_MAIN = "from defs import scale\n\n\nfrom defs import grow\n\n\nscale = 3\nprint(grow(1))\n"


def test_the_runner_tells_a_split_that_breaks_the_rules() -> None:
    assert split(REBOUND) is None
    naive = SplitProgram(
        NAIVE_MAIN, REBOUND.rsplit("scale = 3", 1)[0], ("scale", "grow"), frozenset()
    )
    outcomes = run_split(
        Path(sys.executable), [(Program("control/rebound", REBOUND, "numpy"), naive)]
    )
    outcome = outcomes["control/rebound"]
    assert outcome["original"]["stdout"] == outcome["again"]["stdout"] == "3\n"
    assert differences(outcome)["stdout"] == ("3\n", "2\n")
