"""Whole-package check (issue 32): ``tensorls check`` of one real ~300-file package beside ``ty
check`` and ``pyrefly check`` of the same folder, in the same run.

Usage (from the repository root, with the project's virtual environment):

    .venv/bin/python benchmarks/whole_package.py [--json OUT] [--tools tensorls ty pyrefly]
        [--python PYTHON] [--jobs N]

The package is ``PACKAGE`` (timm 1.0.26: 279 ``.py`` files, about 121k lines, a model zoo whose
``models/`` import its ``layers/`` package), pinned and downloaded with ``pip download --no-deps``
into the real-code sweep's cache (``real_code_sweep.unpacked_distribution``: nothing is
committed). Every tool checks the package folder from the unpacked top (``tensorls check
--format json --extra-path . timm``; ``ty check timm``; ``pyrefly check timm``). ty and pyrefly
resolve third-party imports in ``--python``'s environment (by default the cached PyTorch CPU
environment of the oracle tests, ``TENSORLS_TORCH_PYTHON``: timm needs torch); tensorls never
reads an environment. ty and pyrefly are the pinned versions of ``lsp_servers`` (installed into
the benchmark cache on first use).

Measured per tool: wall seconds, CPU seconds (user + system of the process and the processes it
waited for, from ``wait4``), peak RSS (``ru_maxrss`` of the same), exit status and number of
diagnostics. For tensorls, each file is also classed by how far its analysis got, from the
``analysis-budget`` information diagnostics of ``--format json``:

- **whole**: no ``analysis-budget`` diagnostic: the module body and every function were analysed;
- **body**: the budget ran out after the module body (some functions not analysed alone);
- **past imports**: the budget ran out at a statement after the file's last top-level import;
- **in imports**: the budget ran out at or before the file's last top-level import (a top-level
  ``import``/``from`` statement, or a ``try``/``if`` holding one): the file's own code was not
  analysed at all;
- **not analysed**: a document too long or too deeply nested to analyse, or one that does not
  compile.

"Files analysed past their imports" = whole + body + past imports. It is a benchmark run by hand,
never by a test.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

from lsp_servers import PYREFLY_VERSION, TY_VERSION, ensure_tool
from real_code_sweep import Source, cache_root, code_lines, source_files, unpacked_distribution

PACKAGE = Source(name="timm", version="1.0.26", kind="wheel", roots=("timm",), exclude=())
BUDGET_CODE = "analysis-budget"
AFTER_BODY = "after the module body"
STOPPED_HERE = "analysis stopped here"
CLASSES = ("whole", "body", "past imports", "in imports", "not analysed")


@dataclass
class ToolRun:
    """One tool's check of the package."""

    tool: str
    version: str
    command: list[str]
    exit_status: int = 0
    wall_seconds: float = 0.0
    cpu_seconds: float = 0.0
    peak_rss_mb: float = 0.0
    diagnostics: int = 0
    files_by_class: dict[str, int] = field(default_factory=dict)
    internal_errors: int = 0
    errors: list[str] = field(default_factory=list)
    """tensorls's diagnostics of severity error, as ``path:line:column: code message``."""


def run_measured(
    command: Sequence[str], cwd: Path, environment: dict[str, str]
) -> tuple[int, float, float, float, str, str]:
    """Exit status, wall and CPU seconds, peak RSS in MB, stdout and stderr of ``command``."""
    started = time.perf_counter()
    with tempfile.TemporaryFile() as output, tempfile.TemporaryFile() as errors:
        process = subprocess.Popen(
            list(command), cwd=cwd, stdout=output, stderr=errors, env=environment
        )
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - started
        output.seek(0)
        errors.seek(0)
        return (
            os.waitstatus_to_exitcode(status),
            wall,
            usage.ru_utime + usage.ru_stime,
            usage.ru_maxrss / 1024,
            output.read().decode("utf-8", "replace"),
            errors.read().decode("utf-8", "replace"),
        )


def last_import_line(path: Path) -> int | None:
    """The last line of the file's last top-level import (see the module doc); 0 when it has
    none, None when it does not parse."""
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"))
    except (SyntaxError, ValueError, UnicodeDecodeError):
        return None
    last = 0
    for statement in tree.body:
        holds_import = isinstance(statement, (ast.Import, ast.ImportFrom)) or (
            isinstance(statement, (ast.Try, ast.If))
            and any(isinstance(node, (ast.Import, ast.ImportFrom)) for node in ast.walk(statement))
        )
        if holds_import:
            last = statement.end_lineno or statement.lineno
    return last


def file_classes(
    files: Sequence[Path], top: Path, records: Sequence[dict[str, object]]
) -> Counter[str]:
    """How many files fall in each class of the module doc."""
    budget = {
        str(record["path"]): record for record in records if record.get("code") == BUDGET_CODE
    }
    syntax = {str(record["path"]) for record in records if record.get("code") == "syntax-error"}
    classes: Counter[str] = Counter()
    for path in files:
        relative = path.relative_to(top).as_posix()
        record = budget.get(relative)
        boundary = last_import_line(path)
        if relative in syntax or boundary is None:
            classes["not analysed"] += 1
        elif record is None:
            classes["whole"] += 1
        elif AFTER_BODY in str(record["message"]):
            classes["body"] += 1
        elif STOPPED_HERE not in str(record["message"]):
            classes["not analysed"] += 1
        elif int(record["line"]) > boundary:  # type: ignore[call-overload]
            classes["past imports"] += 1
        else:
            classes["in imports"] += 1
    return classes


def check_tensorls(top: Path, files: Sequence[Path], jobs: int | None) -> ToolRun:
    command = [sys.executable, "-m", "tensorls", "check", "--format", "json"]
    command += [] if jobs is None else ["--jobs", str(jobs)]
    command += ["--extra-path", ".", *PACKAGE.roots]
    run = ToolRun("tensorls", "this checkout", command)
    status, wall, cpu, rss, output, errors = run_measured(command, top, dict(os.environ))
    records = json.loads(output) if output.strip() else []
    run.exit_status, run.wall_seconds, run.cpu_seconds, run.peak_rss_mb = status, wall, cpu, rss
    run.diagnostics = len(records)
    run.errors = [
        f"{record['path']}:{record['line']}:{record['column']}: {record['code']} {record['message']}"
        for record in records
        if record.get("severity") == "error"
    ]
    run.files_by_class = dict(file_classes(files, top, records))
    run.internal_errors = sum("internal error" in line for line in errors.splitlines())
    return run


def check_peer(tool: str, top: Path, python: Path) -> ToolRun:
    version = {"ty": TY_VERSION, "pyrefly": PYREFLY_VERSION}[tool]
    executable = ensure_tool(tool, version)
    if tool == "ty":
        command = [str(executable), "check", "--python", str(python)]
        command += ["--output-format", "concise", "--no-progress", *PACKAGE.roots]
    else:
        site = subprocess.run(
            [str(python), "-c", "import site; print(site.getsitepackages()[0])"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        command = [str(executable), "check", "--site-packages-path", site, "--search-path", "."]
        command += ["--output-format", "min-text", "--progress-bar", "no", *PACKAGE.roots]
    run = ToolRun(tool, version, command)
    environment = {key: value for key, value in os.environ.items() if key != "VIRTUAL_ENV"}
    status, wall, cpu, rss, output, _ = run_measured(command, top, environment)
    run.exit_status, run.wall_seconds, run.cpu_seconds, run.peak_rss_mb = status, wall, cpu, rss
    run.diagnostics = sum(1 for line in output.splitlines() if line.strip() and ":" in line)
    return run


def print_report(files: int, lines: int, runs: Sequence[ToolRun]) -> None:
    print(f"{PACKAGE.label}: {files} .py files, {lines:,} lines\n")
    print("| tool | version | exit | wall s | CPU s | peak RSS MB | diagnostics |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for run in runs:
        print(
            f"| {run.tool} | {run.version} | {run.exit_status} | {run.wall_seconds:.1f} |"
            f" {run.cpu_seconds:.1f} | {run.peak_rss_mb:,.0f} | {run.diagnostics:,} |"
        )
    for run in runs:
        if run.files_by_class:
            classes = run.files_by_class
            past = sum(classes.get(name, 0) for name in ("whole", "body", "past imports"))
            print(
                f"\ntensorls: {past} of {files} files analysed past their imports ("
                + ", ".join(f"{name} {classes.get(name, 0)}" for name in CLASSES)
                + f"); {run.internal_errors} internal errors reported on stderr;"
                f" {len(run.errors)} errors:"
            )
            for error in run.errors:
                print(f"    {error}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", type=Path, help="write the raw numbers here")
    parser.add_argument("--tools", nargs="*", default=["tensorls", "ty", "pyrefly"])
    parser.add_argument(
        "--jobs",
        type=int,
        default=None,
        help="tensorls check --jobs N (default: check's own default, one worker per core)",
    )
    parser.add_argument(
        "--python",
        type=Path,
        default=os.environ.get("TENSORLS_TORCH_PYTHON"),
        help="the environment ty and pyrefly resolve imports in",
    )
    arguments = parser.parse_args(argv)
    top = unpacked_distribution(PACKAGE, cache_root())
    files = source_files(top, PACKAGE.roots)
    files = [path for path in files if path.suffix == ".py"]
    lines = sum(code_lines(path) for path in files)
    runs = []
    for tool in arguments.tools:
        if tool == "tensorls":
            runs.append(check_tensorls(top, files, arguments.jobs))
        else:
            if arguments.python is None:
                parser.error("--python (or TENSORLS_TORCH_PYTHON) is needed for ty and pyrefly")
            runs.append(check_peer(tool, top, Path(arguments.python)))
    print_report(len(files), lines, runs)
    if arguments.json is not None:
        arguments.json.write_text(
            json.dumps(
                {
                    "package": PACKAGE.label,
                    "files": len(files),
                    "lines": lines,
                    "runs": [asdict(run) for run in runs],
                },
                indent=2,
            )
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
