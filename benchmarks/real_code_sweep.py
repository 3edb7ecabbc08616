"""The real-code sweep (issue 25): `tensorls check` on pinned real public code, against the triage.

Usage (from the repository root, with the project's virtual environment):

    .venv/bin/python benchmarks/real_code_sweep.py [--only NAME ...] [--jobs N] [--mode certain]
        [--json OUT] [--mirror-root DIR] [--repo OWNER/NAME=GITDIR ...]

The corpus is ``benchmarks/real_code_corpus.toml``: released distributions (pinned versions,
downloaded with ``pip download --no-deps``) and public repositories (pinned commits of local git
directories, exported with ``git archive``). Everything downloaded or exported lives under
``${TENSORLS_CACHE_DIR:-~/.cache/tensorls}/real-code``: each distribution file under the SHA-256
of its content (``dists/<sha256>/<file>``, found again through ``index.json``), unpacked once into
``trees/<sha256>``; each repository export in ``trees/<owner>+<name>-<commit>``. A tree is reused
while its ``.complete`` marker exists; nothing is downloaded again once the index names the file.

Each source is checked as a user would check it: one ``tensorls check --format json`` run on its
folders (``roots``), with the unpacked top given as ``--extra-path`` so that absolute imports of
the package are followed; when ``exclude`` patterns drop files (tests, which fail on purpose),
the remaining files are named one by one instead of the folder. The sources run one after another
(``--jobs N`` runs N at a time; each ``check`` runs with ``--jobs 1``, so that the sweep's own
parallelism decides the load).

Every ``error`` is compared with ``benchmarks/real_code_triage.toml``, where each error the sweep
is known to report is listed by source, path, line and code with its verdict (``real``: the code
certainly fails where run as intended, with the reason; ``false``: a false error not fixed yet,
with its class). The exit status is 1 when an error is not in the triage list or a listed
``false`` one is still reported, 0 otherwise; a listed error no longer reported is printed (a
real one lost is a missed bug) without failing. The sweep prints a Markdown table per source:
files, lines (of ``.py`` files and of notebooks' code cells), errors, warnings, wall and CPU
seconds.
"""

from __future__ import annotations

import argparse
import fnmatch
import hashlib
import json
import os
import resource
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from collections import Counter
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

import tomllib

BENCHMARKS = Path(__file__).resolve().parent
CORPUS_LIST = BENCHMARKS / "real_code_corpus.toml"
TRIAGE_LIST = BENCHMARKS / "real_code_triage.toml"
SKIPPED_FOLDERS = {"__pycache__", ".ipynb_checkpoints"}


@dataclass(frozen=True)
class Source:
    """One entry of the corpus: a pinned distribution (``version`` set) or repository (``commit``)."""

    name: str
    roots: tuple[str, ...]
    exclude: tuple[str, ...]
    version: str | None = None
    kind: str = "wheel"
    platform: str | None = None
    python: str | None = None
    commit: str | None = None

    @property
    def label(self) -> str:
        """``name==version`` for a distribution, ``owner/name@commit12`` for a repository."""
        if self.version is not None:
            return f"{self.name}=={self.version}"
        assert self.commit is not None
        return f"{self.name}@{self.commit[:12]}"


@dataclass
class SourceResult:
    """What one ``tensorls check`` run on one source gave."""

    source: Source
    files: int = 0
    lines: int = 0
    wall_seconds: float = 0.0
    cpu_seconds: float = 0.0
    exit_status: int = 0
    diagnostics: list[dict[str, object]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def count(self, severity: str) -> int:
        return sum(1 for record in self.diagnostics if record["severity"] == severity)


def load_corpus(path: Path) -> list[Source]:
    """The sources of the corpus list, distributions first, in the order listed."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    sources = []
    for entry in [*data.get("package", []), *data.get("repo", [])]:
        sources.append(
            Source(
                name=entry["name"],
                roots=tuple(entry["roots"]),
                exclude=tuple(entry.get("exclude", ())),
                version=entry.get("version"),
                kind=entry.get("kind", "wheel"),
                platform=entry.get("platform"),
                python=entry.get("python"),
                commit=entry.get("commit"),
            )
        )
    return sources


def cache_root() -> Path:
    """``${TENSORLS_CACHE_DIR:-~/.cache/tensorls}/real-code``, created."""
    base = os.environ.get("TENSORLS_CACHE_DIR") or str(Path.home() / ".cache" / "tensorls")
    root = Path(base) / "real-code"
    root.mkdir(parents=True, exist_ok=True)
    return root


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def distribution_key(source: Source) -> str:
    return f"{source.name}=={source.version} {source.kind} {source.platform} {source.python}"


def pip_download_command(source: Source, destination: Path) -> list[str]:
    """``pip download --no-deps`` of exactly the pinned distribution file."""
    command = [sys.executable, "-m", "pip", "download", "--no-deps", "--quiet"]
    command += ["--dest", str(destination), f"{source.name}=={source.version}"]
    if source.kind == "sdist":
        return [*command, "--no-binary", ":all:"]
    command += ["--only-binary", ":all:"]
    if source.platform is not None:
        command += ["--platform", source.platform]
    if source.python is not None:
        command += ["--python-version", source.python]
    return command


def downloaded_distribution(source: Source, root: Path) -> Path:
    """The distribution file of ``source`` in the content-addressed cache, downloaded if absent."""
    index_path = root / "index.json"
    index = json.loads(index_path.read_text()) if index_path.exists() else {}
    key = distribution_key(source)
    if key in index:
        cached = root / "dists" / index[key]["sha256"] / index[key]["file"]
        if cached.exists():
            return cached
    with tempfile.TemporaryDirectory(dir=root) as folder:
        subprocess.run(pip_download_command(source, Path(folder)), check=True)
        (file,) = Path(folder).iterdir()
        digest = sha256_of(file)
        target = root / "dists" / digest / file.name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(str(file), target)
    index = json.loads(index_path.read_text()) if index_path.exists() else {}
    index[key] = {"sha256": digest, "file": target.name}
    index_path.write_text(json.dumps(index, indent=2, sort_keys=True))
    return target


def unpacked_distribution(source: Source, root: Path) -> Path:
    """The unpacked top of the distribution: the wheel's content, or the sdist's single folder."""
    archive = downloaded_distribution(source, root)
    tree = root / "trees" / archive.parent.name
    if not (tree / ".complete").exists():
        shutil.rmtree(tree, ignore_errors=True)
        tree.mkdir(parents=True)
        if archive.suffix == ".whl":
            with zipfile.ZipFile(archive) as wheel:
                wheel.extractall(tree)
        else:
            with tarfile.open(archive) as sdist:
                sdist.extractall(tree, filter="data")
        (tree / ".complete").touch()
    if source.kind == "sdist":
        (top,) = [child for child in tree.iterdir() if child.is_dir()]
        return top
    return tree


def exported_repository(source: Source, git_dir: Path, root: Path) -> Path:
    """The ``.py`` and ``.ipynb`` files of the pinned commit of a local git directory.

    A git directory brought by a partial copy may lack some large blobs: those files are left out
    and listed in ``missing.txt`` beside the tree (the export reads blobs one by one with ``git
    cat-file --batch`` rather than ``git archive``, which stops at the first missing one).
    """
    assert source.commit is not None
    tree = root / "trees" / f"{source.name.replace('/', '+')}-{source.commit}"
    if (tree / ".complete").exists():
        return tree
    shutil.rmtree(tree, ignore_errors=True)
    tree.mkdir(parents=True)
    git = ["git", "--git-dir", str(git_dir)]
    listing = subprocess.run(
        [*git, "ls-tree", "-r", "-z", source.commit], check=True, capture_output=True
    ).stdout.decode("utf-8")
    wanted = []
    for entry in filter(None, listing.split("\0")):
        header, path = entry.split("\t", 1)
        mode, kind, blob = header.split()
        if kind == "blob" and mode != "120000" and path.endswith((".py", ".ipynb")):
            wanted.append((blob, path))
    batch = subprocess.run(
        [*git, "cat-file", "--batch"],
        input="".join(f"{blob}\n" for blob, _ in wanted).encode(),
        check=True,
        capture_output=True,
    ).stdout
    missing, offset = [], 0
    for _, path in wanted:
        end = batch.index(b"\n", offset)
        header = batch[offset:end].split()
        offset = end + 1
        if header[1] == b"missing":
            missing.append(path)
            continue
        size = int(header[2])
        target = tree / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(batch[offset : offset + size])
        offset += size + 1
    (tree / "missing.txt").write_text("".join(f"{path}\n" for path in missing))
    (tree / ".complete").touch()
    return tree


def excluded(relative: str, patterns: Sequence[str]) -> bool:
    """True when the posix path matches a pattern (``**/`` also matches at the top)."""
    for pattern in patterns:
        if fnmatch.fnmatch(relative, pattern):
            return True
        if pattern.startswith("**/") and fnmatch.fnmatch(relative, pattern[3:]):
            return True
    return False


def source_files(top: Path, roots: Sequence[str]) -> list[Path]:
    """The ``.py`` and ``.ipynb`` files under the roots, walked as ``tensorls check`` walks them."""
    files = []
    for name in roots:
        for folder, subfolders, names in os.walk(top / name):
            subfolders[:] = sorted(
                sub for sub in subfolders if not sub.startswith(".") and sub not in SKIPPED_FOLDERS
            )
            files += [
                Path(folder) / item for item in sorted(names) if item.endswith((".py", ".ipynb"))
            ]
    return files


def code_lines(path: Path) -> int:
    """Lines of a ``.py`` file, or of a notebook's code cells (0 for an unreadable notebook)."""
    raw = path.read_bytes()
    if path.suffix != ".ipynb":
        return raw.count(b"\n") + (0 if raw.endswith(b"\n") or not raw else 1)
    try:
        cells = json.loads(raw).get("cells", [])
    except (ValueError, AttributeError):
        return 0
    total = 0
    for cell in cells:
        if cell.get("cell_type") == "code":
            text = cell.get("source", "")
            text = "".join(text) if isinstance(text, list) else text
            total += len(text.splitlines())
    return total


def check_source(source: Source, top: Path, mode: str) -> SourceResult:
    """One ``tensorls check --format json`` run on the source's folders (or remaining files)."""
    result = SourceResult(source)
    every_file = source_files(top, source.roots)
    kept = [path for path in every_file if not excluded(relative_to(path, top), source.exclude)]
    result.files = len(kept)
    result.lines = sum(code_lines(path) for path in kept)
    arguments = (
        list(source.roots) if len(kept) == len(every_file) else [relative_to(p, top) for p in kept]
    )
    command = [sys.executable, "-m", "tensorls", "check", "--format", "json", "--mode", mode]
    command += ["--jobs", "1"]
    command += ["--extra-path", ".", *arguments]
    started = time.perf_counter()
    with tempfile.TemporaryFile() as output, tempfile.TemporaryFile() as errors:
        process = subprocess.Popen(command, cwd=top, stdout=output, stderr=errors)
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        result.wall_seconds = time.perf_counter() - started
        result.cpu_seconds = usage.ru_utime + usage.ru_stime
        result.exit_status = process.returncode
        output.seek(0)
        errors.seek(0)
        text = output.read().decode("utf-8")
        result.problems = errors.read().decode("utf-8", "replace").splitlines()
    result.diagnostics = json.loads(text) if text.strip() else []
    return result


def relative_to(path: Path, top: Path) -> str:
    return PurePosixPath(path.relative_to(top)).as_posix()


@dataclass(frozen=True)
class TriageEntry:
    source: str
    path: str
    line: int
    code: str
    verdict: str
    reason: str


def load_triage(path: Path) -> dict[tuple[str, str, int, str], TriageEntry]:
    """The triage list by (source name, path, line, code)."""
    if not path.exists():
        return {}
    entries = {}
    for entry in tomllib.loads(path.read_text(encoding="utf-8")).get("error", []):
        item = TriageEntry(
            entry["source"],
            entry["path"],
            entry["line"],
            entry["code"],
            entry["verdict"],
            entry["reason"],
        )
        entries[(item.source, item.path, item.line, item.code)] = item
    return entries


def error_key(source: Source, record: dict[str, object]) -> tuple[str, str, int, str]:
    path = str(record["path"])
    line = record.get("cell_line") or record["line"]
    if record.get("cell") is not None:
        path = f"{path}#cell{record['cell']}"
    return (source.name, path, int(str(line)), str(record["code"]))


def print_table(results: Iterable[SourceResult]) -> None:
    rows = list(results)
    print("| source | files | lines | errors | warnings | other | wall s | CPU s | exit |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    totals = Counter[str]()
    for result in rows:
        errors, warnings = result.count("error"), result.count("warning")
        other = len(result.diagnostics) - errors - warnings
        print(
            f"| {result.source.label} | {result.files:,} | {result.lines:,} | {errors} | "
            f"{warnings} | {other} | {result.wall_seconds:.0f} | {result.cpu_seconds:.0f} | "
            f"{result.exit_status} |"
        )
        totals.update(files=result.files, lines=result.lines, errors=errors, warnings=warnings)
        totals.update(other=other)
    wall = sum(result.wall_seconds for result in rows)
    cpu = sum(result.cpu_seconds for result in rows)
    print(
        f"| **total** | {totals['files']:,} | {totals['lines']:,} | {totals['errors']} | "
        f"{totals['warnings']} | {totals['other']} | {wall:.0f} | {cpu:.0f} | |"
    )


def compare_with_triage(
    results: Sequence[SourceResult], triage: dict[tuple[str, str, int, str], TriageEntry]
) -> bool:
    """Print the errors against the triage list; True when every error is triaged real."""
    seen = set()
    untriaged, still_false = [], []
    real = 0
    for result in results:
        for record in result.diagnostics:
            if record["severity"] != "error":
                continue
            key = error_key(result.source, record)
            seen.add(key)
            entry = triage.get(key)
            line = f"{result.source.label} {key[1]}:{key[2]} {key[3]}: {record['message']}"
            if entry is None:
                untriaged.append(line)
            elif entry.verdict != "real":
                still_false.append(f"{line}  [false: {entry.reason}]")
            else:
                real += 1
    swept = {result.source.name for result in results}
    lost = [entry for key, entry in triage.items() if key[0] in swept and key not in seen]
    print(f"\nerrors triaged real: {real}")
    print(f"errors not in the triage list: {len(untriaged)}")
    for line in untriaged:
        print(f"  NEW {line}")
    print(f"errors triaged false and still reported: {len(still_false)}")
    for line in still_false:
        print(f"  FALSE {line}")
    for entry in lost:
        print(
            f"  NO LONGER REPORTED ({entry.verdict}) {entry.source} {entry.path}:{entry.line} "
            f"{entry.code}"
        )
    return not untriaged and not still_false


def repository_dir(source: Source, overrides: dict[str, Path], mirror_root: Path) -> Path:
    if source.name in overrides:
        return overrides[source.name]
    return mirror_root / source.name.replace("/", "+") / "repo"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", nargs="+", metavar="NAME", help="sweep only these sources")
    parser.add_argument("--jobs", type=int, default=1, help="sources checked at the same time")
    parser.add_argument("--mode", choices=("certain", "possible"), default="certain")
    parser.add_argument("--json", type=Path, metavar="OUT", help="write every diagnostic here")
    parser.add_argument(
        "--mirror-root",
        type=Path,
        default=Path(os.environ.get("TENSORLS_MIRROR_DIR", "/work/.mirror")),
        help="where OWNER+NAME/repo git directories are found (default /work/.mirror)",
    )
    parser.add_argument(
        "--repo",
        action="append",
        default=[],
        metavar="OWNER/NAME=GITDIR",
        help="the git directory of one repository (repeatable)",
    )
    arguments = parser.parse_args(argv)
    overrides = {
        name: Path(folder) for name, folder in (item.split("=", 1) for item in arguments.repo)
    }
    sources = load_corpus(CORPUS_LIST)
    if arguments.only:
        sources = [source for source in sources if source.name in arguments.only]
    root = cache_root()
    prepared: list[tuple[Source, Path]] = []
    for source in sources:
        if source.commit is None:
            prepared.append((source, unpacked_distribution(source, root)))
            continue
        git_dir = repository_dir(source, overrides, arguments.mirror_root)
        if not git_dir.exists():
            print(f"skipped {source.label}: no git directory at {git_dir}", file=sys.stderr)
            continue
        prepared.append((source, exported_repository(source, git_dir, root)))

    def checked(item: tuple[Source, Path]) -> SourceResult:
        result = check_source(*item, arguments.mode)
        print(
            f"checked {result.source.label}: {result.files} files, {result.lines} lines, "
            f"{result.count('error')} errors, {result.wall_seconds:.0f} s",
            file=sys.stderr,
            flush=True,
        )
        return result

    with ThreadPoolExecutor(max_workers=arguments.jobs) as pool:
        results = list(pool.map(checked, prepared))
    for result in results:
        for problem in result.problems:
            print(f"{result.source.label}: {problem}", file=sys.stderr)
    print_table(results)
    print(
        f"\n(children's CPU seconds in all: {resource.getrusage(resource.RUSAGE_CHILDREN)[0]:.0f})"
    )
    if arguments.json is not None:
        arguments.json.write_text(
            json.dumps(
                {
                    result.source.label: {
                        "name": result.source.name,
                        "files": result.files,
                        "lines": result.lines,
                        "wall_seconds": result.wall_seconds,
                        "cpu_seconds": result.cpu_seconds,
                        "diagnostics": result.diagnostics,
                    }
                    for result in results
                },
                indent=1,
            )
        )
    if arguments.mode != "certain":
        return 0
    return 0 if compare_with_triage(results, load_triage(TRIAGE_LIST)) else 1


if __name__ == "__main__":
    sys.exit(main())
