"""Distribute real public training scripts with Horovod and judge the result on 2 real ranks.

Usage (from the repository root, with the project's virtual environment):

    TENSORLS_HOROVOD_PYTHON=... TENSORLS_HOROVOD_TORCH_PYTHON=... \\
        .venv/bin/python benchmarks/horovod_real_scripts.py [--only NAME ...] [--json OUT]

The corpus is ``benchmarks/horovod_real_scripts.toml``: single-device TF2/Keras and PyTorch
training scripts and notebooks of public repositories, each pinned by commit and made offline by
recorded edits (exact replacements, each required to match once: seeded local data instead of
downloads, one or two short epochs). Nothing of their code is committed: the originals are read
from the sweep's exported trees (``~/.cache/tensorls/real-code/trees/<owner>+<name>-<commit>``,
see ``real_code_sweep.py``) or from a local git directory (``--repo OWNER/NAME=GITDIR``); a
notebook becomes its code cells in order, without the shell (``!``) and magic (``%``) lines.

Each script is rewritten by ``tensorls.analyses.horovod.distribute`` and run with ``horovodrun
-np 2 --gloo`` through ``horovod_real_rank.py`` (both ranks in one working directory, writes
traced per rank). First the offline original itself runs on one rank (``horovodrun -np 1``),
so that a script that fails before any rewrite is told apart from a failing rewrite. Then four
checks, each able to fail:

1. **exit**: the run exits 0 (within the timeout);
2. **weights**: both ranks end with identical weights of every model among the script's globals;
3. **rank 0 I/O**: rank 1 printed nothing and wrote nothing (the traced writes), rank 0 printed
   or wrote;
4. **data**: the gradients the ranks handed to Horovod differ (somewhere), and the control (the same
   rewrite with the sharding switched off: ``hvd_shard`` returning its argument, the sampler over
   one replica; stopped after its first ``CONTROL_GRADIENTS`` gradient allreduces) gives equal
   ones on both ranks; a rewrite that shards nothing fails this check.

A refused script counts as not correct; its reasons are listed. The ranks see
``PYTHONPATH=${TENSORLS_CACHE_DIR:-~/.cache/tensorls}/hvd-bench-extras/<tf|torch>`` (torchvision,
Pillow, matplotlib, pandas, imageio, for TF also scikit-learn, installed with ``pip install
--target``, since the Horovod environments lack them) and ``MPLBACKEND=Agg``. Runs are cached
by content (``tests/ground_truth.py``; the extras are not part of the key: drop the entries of
a script whose run lacked a module installed since). Prints a Markdown table and the totals.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import tomllib

BENCHMARKS = Path(__file__).resolve().parent
REPOSITORY = BENCHMARKS.parent
sys.path.insert(0, str(REPOSITORY))

from tests.ground_truth import GroundTruth, runner_identity  # noqa: E402
from tests.horovod_run.launch import (  # noqa: E402
    RANK_LINE,
    HorovodEnv,
    weights_identical,
)

CORPUS = BENCHMARKS / "horovod_real_scripts.toml"
RANK_RUNNER = BENCHMARKS / "horovod_real_rank.py"
ENV_VARIABLES = {"tf": "TENSORLS_HOROVOD_PYTHON", "torch": "TENSORLS_HOROVOD_TORCH_PYTHON"}
TIMEOUT_SECONDS = 900
SHARD_DEFINITION = "def hvd_shard(data):\n"
SAMPLER_RANKS = "num_replicas=hvd.size(), rank=hvd.rank()"
STOP_AFTER_VARIABLE = "TENSORLS_BENCH_STOP_AFTER_GRADIENTS"
CONTROL_GRADIENTS = 3


@dataclass(frozen=True)
class Script:
    name: str
    repo: str
    commit: str
    path: str
    framework: str
    edits: tuple[tuple[str, str], ...]


@dataclass
class Verdict:
    script: Script
    outcome: str = ""
    original_runs: bool = False
    checks: dict[str, bool] = field(default_factory=dict)
    details: list[str] = field(default_factory=list)

    @property
    def correct(self) -> bool:
        return len(self.checks) == 4 and all(self.checks.values())


def cache_base() -> Path:
    configured = os.environ.get("TENSORLS_CACHE_DIR")
    return Path(configured) if configured else Path.home() / ".cache" / "tensorls"


def load_corpus() -> list[Script]:
    data = tomllib.loads(CORPUS.read_text(encoding="utf-8"))
    return [
        Script(
            name=entry["name"],
            repo=entry["repo"],
            commit=entry["commit"],
            path=entry["path"],
            framework=entry["framework"],
            edits=tuple((old, new) for old, new in entry.get("edits", [])),
        )
        for entry in data["script"]
    ]


def original_text(script: Script, git_dirs: dict[str, Path]) -> str:
    """The pinned file's text: from the exported tree, else ``git show`` in a local git dir."""
    tree = cache_base() / "real-code" / "trees" / f"{script.repo.replace('/', '+')}-{script.commit}"
    if (tree / script.path).is_file():
        return (tree / script.path).read_text(encoding="utf-8")
    git_dir = git_dirs.get(script.repo)
    if git_dir is None:
        raise FileNotFoundError(f"{script.repo}: no exported tree and no --repo git directory")
    return subprocess.run(
        ["git", f"--git-dir={git_dir}", "show", f"{script.commit}:{script.path}"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout


def notebook_code(text: str) -> str:
    """A notebook's code cells in order, without shell and magic lines."""
    cells = json.loads(text)["cells"]
    chunks = []
    for cell in cells:
        if cell.get("cell_type") != "code":
            continue
        source = cell["source"]
        lines = ("".join(source) if isinstance(source, list) else source).splitlines()
        kept = [line for line in lines if not line.lstrip().startswith(("!", "%"))]
        chunks.append("\n".join(kept))
    return "\n\n".join(chunks) + "\n"


def offline_source(script: Script, git_dirs: dict[str, Path]) -> str:
    """The original with the recorded edits applied; each edit must match exactly once."""
    text = original_text(script, git_dirs)
    if script.path.endswith(".ipynb"):
        text = notebook_code(text)
    for old, new in script.edits:
        count = text.count(old)
        if count != 1:
            raise ValueError(f"{script.name}: edit {old!r} matches {count} times")
        text = text.replace(old, new)
    return text


@dataclass
class RankRun:
    returncode: int
    output: str
    stdout: dict[int, list[str]]
    writes: dict[int, list[str]]
    weights: dict[int, dict[str, list[object]]]
    gradients: dict[int, list[list[float]]]


def launch(
    env: HorovodEnv,
    framework: str,
    script_file: Path,
    run_dir: Path,
    stop_after: int = 0,
    ranks: int = 2,
) -> RankRun:
    """One horovodrun of ``script_file`` on ``ranks`` ranks, cached by content; with
    ``stop_after``, the ranks end once they handed Horovod that many gradients (the control
    runs)."""
    import numpy as np

    extras = cache_base() / "hvd-bench-extras" / framework
    overrides = {"PYTHONPATH": str(extras), "MPLBACKEND": "Agg"}
    if stop_after:
        overrides[STOP_AFTER_VARIABLE] = str(stop_after)
    truth = GroundTruth("horovod-real-scripts", runner_identity(RANK_RUNNER, env.python, overrides))
    parts = [framework, script_file.read_text(encoding="utf-8"), str(TIMEOUT_SECONDS)]
    key = truth.key(*parts, *([f"ranks={ranks}"] if ranks != 2 else []))
    stored = truth.get(key)
    if isinstance(stored, dict):
        return RankRun(
            stored["returncode"],
            stored["output"],
            {int(k): v for k, v in stored["stdout"].items()},
            {int(k): v for k, v in stored["writes"].items()},
            {int(k): v for k, v in stored["weights"].items()},
            {int(k): v for k, v in stored["gradients"].items()},
        )
    # Every run starts from an empty folder: a previous run's files would be read as this
    # run's (per-rank traces; files a rank reads before another wrote them), and its
    # directories would make an os.mkdir of the script fail.
    shutil.rmtree(run_dir, ignore_errors=True)
    run_dir.mkdir(parents=True)
    command = [
        str(env.horovodrun),
        "-np",
        str(ranks),
        "--gloo",
        "-H",
        f"localhost:{ranks}",
        str(env.python),
        str(RANK_RUNNER),
        framework,
        str(script_file),
        str(run_dir),
    ]
    variables = {
        k: v for k, v in os.environ.items() if k not in {"VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME"}
    }
    variables.update(
        {
            "PATH": f"{env.python.parent}{os.pathsep}{variables.get('PATH', '')}",
            "TF_CPP_MIN_LOG_LEVEL": "2",
            "TF_NUM_INTRAOP_THREADS": "1",
            "TF_NUM_INTEROP_THREADS": "1",
            "OMP_NUM_THREADS": "1",
            "PYTHONUNBUFFERED": "1",
            "HOROVOD_GLOO_TIMEOUT_SECONDS": "300",
            **overrides,
        }
    )
    try:
        completed = subprocess.run(
            command,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=variables,
            timeout=TIMEOUT_SECONDS,
            check=False,
        )
        returncode, output = completed.returncode, completed.stdout
    except subprocess.TimeoutExpired as expired:
        partial = expired.output or b""
        output = partial.decode(errors="replace") if isinstance(partial, bytes) else partial
        returncode = -1
    stdout: dict[int, list[str]] = {0: [], 1: []}
    for line in output.splitlines():
        match = RANK_LINE.match(line)
        if match and match["stream"] == "stdout" and int(match["rank"]) in stdout:
            stdout[int(match["rank"])].append(match["text"])
    writes, weights, gradients = {}, {}, {}
    for rank in (0, 1):
        trace = run_dir / f"writes_rank_{rank}.json"
        writes[rank] = json.loads(trace.read_text()) if trace.exists() else []
        grads = run_dir / f"gradients_rank_{rank}.json"
        gradients[rank] = json.loads(grads.read_text()) if grads.exists() else []
        arrays = run_dir / f"weights_rank_{rank}.npz"
        weights[rank] = {}
        if arrays.exists():
            with np.load(arrays) as saved:
                weights[rank] = {
                    n: [str(saved[n].dtype), list(saved[n].shape), saved[n].ravel().tolist()]
                    for n in saved.files
                }
    run = RankRun(returncode, output, stdout, writes, weights, gradients)
    truth.put(key, run.__dict__)
    return run


def arrays(weights: dict[str, list[object]]) -> dict[str, object]:
    import numpy as np

    return {
        name: np.array(values, dtype=dtype).reshape(shape)
        for name, (dtype, shape, values) in weights.items()
    }


def error_line(output: str) -> str:
    """The first error a rank reported (``[r]<stderr>:...Error: ...``), else the last line
    naming an error (horovodrun's own), shortened."""
    lines = output.splitlines()
    ranks = [line for line in lines if RANK_LINE.match(line) and "Error:" in line]
    errors = ranks or [line for line in lines if "Error" in line] or ["?"]
    return (errors[0] if ranks else errors[-1])[:200]


def unsharded(rewritten: str) -> str | None:
    """The rewrite with its sharding switched off, or None when it shards nothing."""
    if SHARD_DEFINITION in rewritten:
        body = rewritten.split(SHARD_DEFINITION, 1)[1]
        indent = body[: len(body) - len(body.lstrip(" \t"))]
        return rewritten.replace(SHARD_DEFINITION, f"{SHARD_DEFINITION}{indent}return data\n", 1)
    if SAMPLER_RANKS in rewritten:
        return rewritten.replace(SAMPLER_RANKS, "num_replicas=1, rank=0")
    return None


def judge(script: Script, git_dirs: dict[str, Path], envs: dict[str, HorovodEnv]) -> Verdict:
    from tensorls.analyses.horovod import distribute

    verdict = Verdict(script)
    work = cache_base() / "horovod-real-scripts" / script.name
    work.mkdir(parents=True, exist_ok=True)
    source = offline_source(script, git_dirs)
    (work / "offline.py").write_text(source, encoding="utf-8")
    env = envs[script.framework]
    single = launch(env, script.framework, work / "offline.py", work / "single", ranks=1)
    verdict.original_runs = single.returncode == 0
    if not verdict.original_runs:
        verdict.details.append(
            f"offline original exits {single.returncode}: {error_line(single.output)}"
        )
    distribution = distribute(source)
    if distribution.blocking:
        verdict.outcome = "refused"
        verdict.details += [f"L{d.span.start.line + 1}: {d.message}" for d in distribution.blocking]
        return verdict
    verdict.details += [f"note L{d.span.start.line + 1}: {d.message}" for d in distribution.notes]
    rewritten_file = work / f"{script.name}.py"
    rewritten_file.write_text(distribution.new_source, encoding="utf-8")
    run = launch(env, script.framework, rewritten_file, work / "run")
    verdict.outcome = "ran"
    verdict.checks["exit"] = run.returncode == 0
    if run.returncode != 0:
        verdict.details.append(f"exit {run.returncode}: {error_line(run.output)}")
    verdict.checks["weights"] = bool(run.weights[0]) and weights_identical(
        arrays(run.weights[0]), arrays(run.weights[1])
    )
    # Rank 0 must have printed or written something (some offline runs print nothing: too
    # few steps for the script's logging interval), rank 1 nothing.
    verdict.checks["rank0 io"] = (
        bool(run.stdout[0] or run.writes[0]) and not run.stdout[1] and not run.writes[1]
    )
    if run.stdout[1] or run.writes[1]:
        verdict.details.append(f"rank 1: {run.stdout[1][:2]} {run.writes[1][:4]}")
    # The ranks start from the same weights: their gradients differ somewhere only if their
    # batches do (a GAN generator's gradients may not depend on the batch at all).
    different = (
        bool(run.gradients[0])
        and len(run.gradients[0]) == len(run.gradients[1])
        and run.gradients[0] != run.gradients[1]
    )
    control_source = unsharded(distribution.new_source)
    if different and control_source is not None:
        control_file = work / f"{script.name}_control.py"
        control_file.write_text(control_source, encoding="utf-8")
        control = launch(env, script.framework, control_file, work / "control", CONTROL_GRADIENTS)
        first = [control.gradients[rank][:CONTROL_GRADIENTS] for rank in (0, 1)]
        # (A rank may fail once the other has ended: only the first gradients count.)
        same = len(first[0]) == CONTROL_GRADIENTS and first[0] == first[1]
        if not same:
            verdict.details.append("control: the unsharded rewrite's gradients differ too")
        different = same
    verdict.checks["data"] = different and control_source is not None
    return verdict


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="*", default=None)
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument("--repo", action="append", default=[], help="OWNER/NAME=GITDIR")
    arguments = parser.parse_args()
    git_dirs = {k: Path(v) for k, v in (item.split("=", 1) for item in arguments.repo)}
    envs = {
        framework: HorovodEnv.from_python(Path(os.environ[variable]))
        for framework, variable in ENV_VARIABLES.items()
        if os.environ.get(variable)
    }
    scripts = [s for s in load_corpus() if arguments.only is None or s.name in arguments.only]
    verdicts = []
    print(
        "| script | source | original runs | outcome | exit | weights | rank-0 I/O | data "
        "| correct | details |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for script in scripts:
        verdict = judge(script, git_dirs, envs)
        verdicts.append(verdict)
        marks = [
            ("yes" if verdict.checks[c] else "**no**") if c in verdict.checks else "-"
            for c in ("exit", "weights", "rank0 io", "data")
        ]
        detail = "; ".join(verdict.details).replace("|", "\\|").replace("\n", " ")
        print(
            f"| {script.name} | {script.repo}:{script.path} | "
            f"{'yes' if verdict.original_runs else '**no**'} | {verdict.outcome} | "
            f"{' | '.join(marks)} | {'yes' if verdict.correct else '**no**'} | {detail[:400]} |",
            flush=True,
        )
    correct = sum(v.correct for v in verdicts)
    print(f"\ncorrect on all four checks: {correct}/{len(verdicts)}")
    if arguments.json:
        arguments.json.write_text(
            json.dumps(
                [
                    {
                        "name": v.script.name,
                        "original runs": v.original_runs,
                        "outcome": v.outcome,
                        **v.checks,
                        "details": v.details,
                    }
                    for v in verdicts
                ],
                indent=1,
            )
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
