"""Compose the benchmark corpus: realistic NumPy training scripts of about 300, 3,000 and 20,000 lines.

Each script is a shared preamble of helpers (softmax, one-hot, splits, minibatches), followed by
blocks from ``corpus_blocks`` (MLPs, softmax regression, k-means, PCA, attention, im2col
convolutions, optimizers, metrics, normalisation, RNNs, ...) rendered with distinct names and
random sizes. Three styles:

- ``functions`` (``ml_*.py``): each block's experiment is a function; experiment suites that a
  ``main()`` runs call them;
- ``script`` (``script_*.py``): each experiment's code runs at module level, as in research
  scripts: its parameters become module variables, its body runs where the block stands and its
  result goes into a module-level ``results`` dict (the model classes and helpers stay functions);
- ``notebook`` (``notebook_*.py``): the script style exported from a notebook (jupytext "percent"
  format): ``# %%`` cells, markdown cells as comments, a bare expression ending some cells.

Generation is deterministic: the same seed always yields the same files.

    python benchmarks/make_corpus.py              # (re)write benchmarks/corpus/*.py (not committed)
    python benchmarks/make_corpus.py --verify     # also execute the 300-line script and sampled blocks
"""

from __future__ import annotations

import argparse
import ast
import random
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus_blocks import BLOCKS, DOMAINS, PREAMBLE, QUALIFIERS
from corpus_files import CORPUS, STAMP, generator_digest
from corpus_rendering import Block, Variation, render

SUITE_SIZE = 8


@dataclass(frozen=True)
class CorpusFile:
    """One script to generate: its file name, approximate line count and seed."""

    name: str
    target_lines: int
    seed: int
    title: str
    style: str = "functions"


FILES = (
    CorpusFile("ml_small.py", 300, 300, "Small experiment script: a handful of NumPy models."),
    CorpusFile("ml_medium.py", 3_000, 3_000, "Model zoo: NumPy training and evaluation suites."),
    CorpusFile(
        "ml_large.py", 20_000, 20_000, "Research monorepo script: many NumPy experiment suites."
    ),
    CorpusFile(
        "script_medium.py",
        3_000,
        3_001,
        "Research script: NumPy experiments whose training loops run at module level.",
        "script",
    ),
    CorpusFile(
        "script_large.py",
        20_000,
        20_001,
        "Long research script: many NumPy experiments run at module level.",
        "script",
    ),
    CorpusFile(
        "notebook_medium.py",
        3_000,
        3_002,
        "Notebook exported as a script: NumPy experiments in cells.",
        "notebook",
    ),
)


def unique_prefixes(rng: random.Random) -> list[str]:
    """All qualifier/domain name prefixes in a seeded random order (each used at most once)."""
    prefixes = [f"{q}_{d}" if q else d for q in QUALIFIERS for d in DOMAINS]
    rng.shuffle(prefixes)
    return prefixes


def suites_source(blocks: list[Block]) -> str:
    """Experiment suites (one function per ``SUITE_SIZE`` blocks) and a ``main`` that runs them."""
    parts: list[str] = []
    suite_names: list[str] = []
    for start in range(0, len(blocks), SUITE_SIZE):
        name = f"run_suite_{start // SUITE_SIZE + 1}"
        suite_names.append(name)
        lines = [f"def {name}(results):"]
        for block in blocks[start : start + SUITE_SIZE]:
            label = block.entry.split("(")[0]
            lines.append(f'    results["{label}"] = float({block.entry})')
        lines.append("    return results")
        parts.append("\n".join(lines) + "\n")
    main = ["def main():", "    results = {}"]
    main.extend(f"    {name}(results)" for name in suite_names)
    main.extend(
        [
            "    for label, score in results.items():",
            '        print(f"{label:<48s} {score:12.5f}")',
            "    return results",
        ]
    )
    parts.append("\n".join(main) + "\n")
    parts.append('if __name__ == "__main__":\n    main()\n')
    return "\n\n".join(parts)


def module_level(block: Block, notebook: bool) -> str:
    """``block`` with its experiment function's body run at module level (see the module
    docstring): parameters become assignments, the final ``return`` stores into ``results``."""
    tree = ast.parse(block.source)
    name = block.entry.split("(")[0]
    entry = tree.body[-1]
    assert isinstance(entry, ast.FunctionDef) and entry.name == name
    returned = entry.body[-1]
    assert isinstance(returned, ast.Return) and returned.value is not None
    assert sum(isinstance(node, ast.Return) for node in ast.walk(entry)) == 1
    lines = block.source.split("\n")
    start = (entry.decorator_list[0] if entry.decorator_list else entry).lineno - 1
    helpers = "\n".join(lines[:start]).rstrip("\n")
    defaults = entry.args.defaults
    parameters = entry.args.args[len(entry.args.args) - len(defaults) :]
    code = [f"{p.arg} = {ast.unparse(d)}" for p, d in zip(parameters, defaults, strict=True)]
    for line in lines[entry.body[0].lineno - 1 : returned.lineno - 1]:
        code.append(line[4:] if line.startswith("    ") else line)
    label = name
    call = f"{name}()"
    assert block.entry.startswith(call)
    value = ast.unparse(returned.value)
    if block.entry != call:
        value = f"({value}){block.entry[len(call) :]}"
    code.append(f'results["{label}"] = float({value})')
    if not notebook:
        return f"{helpers}\n\n\n# Experiment: {label}\n" + "\n".join(code) + "\n"
    return (
        f"# %% [markdown]\n# ## {label.replace('_', ' ')}\n#\n# Model code first, then the"
        f" experiment.\n\n# %%\n{helpers}\n\n\n# %%\n" + "\n".join(code) + f'\nresults["{label}"]\n'
    )


def script_source(preamble: str, blocks: list[Block], notebook: bool) -> str:
    """A module-level script (or notebook export) of ``blocks``."""
    opening = "# %%\n" if notebook else ""
    parts = [opening + preamble.rstrip("\n") + "\n\nresults = {}\n"]
    parts.extend(module_level(block, notebook) for block in blocks)
    ending = [
        "# %%" if notebook else "# Report",
        "for label, score in results.items():",
        '    print(f"{label:<48s} {score:12.5f}")',
    ]
    parts.append("\n".join(ending) + "\n")
    return "\n\n".join(parts)


def compose(spec: CorpusFile) -> tuple[str, list[Block]]:
    """The source of one corpus file and the blocks it contains, deterministic in ``spec.seed``."""
    rng = random.Random(spec.seed)
    prefixes = unique_prefixes(rng)
    preamble = render(
        PREAMBLE,
        Variation("corpus", 0, rng),
        title=spec.title,
        seed=spec.seed,
        filename=f"benchmarks/corpus/{spec.name}",
    )
    blocks: list[Block] = []
    kinds = list(BLOCKS)
    line_count = preamble.count("\n")
    while True:
        if not kinds:
            kinds = list(BLOCKS)
        rng.shuffle(kinds)
        make = kinds.pop()
        variation = Variation(
            prefixes[len(blocks)], 101 + 7 * len(blocks), random.Random(rng.random())
        )
        block = make(variation)
        blocks.append(block)
        rendered = (
            block.source
            if spec.style == "functions"
            else module_level(block, spec.style == "notebook")
        )
        line_count += rendered.count("\n") + 2
        if spec.style == "functions":
            done = line_count + suites_source(blocks).count("\n") >= spec.target_lines
        else:
            done = line_count >= spec.target_lines
        if done:
            break
    if spec.style == "functions":
        body = "\n\n".join(block.source for block in blocks)
        source = preamble + "\n\n" + body + "\n\n" + suites_source(blocks)
    else:
        source = script_source(preamble, blocks, spec.style == "notebook")
    ast.parse(source)
    return source, blocks


def write_corpus() -> dict[str, tuple[Path, list[Block]]]:
    """Write every corpus file and return where each went with its blocks."""
    CORPUS.mkdir(exist_ok=True)
    written: dict[str, tuple[Path, list[Block]]] = {}
    for spec in FILES:
        source, blocks = compose(spec)
        path = CORPUS / spec.name
        path.write_text(source, encoding="utf-8")
        kinds = sorted({block.kind for block in blocks})
        print(
            f"{path.relative_to(CORPUS.parent.parent)}: {source.count(chr(10))} lines, "
            f"{len(blocks)} blocks of {len(kinds)} kinds"
        )
        written[spec.name] = (path, blocks)
    STAMP.write_text(generator_digest(), encoding="utf-8")
    return written


def run_python(code: str, cwd: Path) -> tuple[int, str]:
    """Run ``code`` under the current interpreter (real NumPy) and return its exit code and stderr."""
    completed = subprocess.run(
        [sys.executable, "-W", "error::RuntimeWarning", "-c", code],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    return completed.returncode, completed.stderr


def verify(written: dict[str, tuple[Path, list[Block]]], sample: int, everything: bool) -> bool:
    """Execute the small script whole and ``sample`` blocks of each larger one (all with ``everything``).

    RuntimeWarnings are errors here, so a division by zero or an overflow counts as a failure too.
    """
    ok = True
    for name, (path, blocks) in written.items():
        started = time.perf_counter()
        if name == "ml_small.py" or everything or not name.startswith("ml_"):
            code = f"import runpy; runpy.run_path({str(path)!r}, run_name='__main__')"
            checked = f"whole file, {len(blocks)} blocks"
        else:
            chosen = random.Random(len(blocks)).sample(blocks, min(sample, len(blocks)))
            entries = [block.entry for block in chosen]
            code = (
                f"import runpy\nns = runpy.run_path({str(path)!r})\n"
                f"for entry in {entries!r}:\n    print(entry, float(eval(entry, ns)))\n"
            )
            checked = f"{len(chosen)} sampled blocks of {len(blocks)}"
        status, stderr = run_python(code, CORPUS)
        elapsed = time.perf_counter() - started
        verdict = "ok" if status == 0 else "FAILED"
        print(f"verify {name}: {checked}: {verdict} in {elapsed:.1f} s")
        if status != 0:
            print(stderr[-3000:])
            ok = False
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--verify", action="store_true", help="execute the generated code")
    parser.add_argument("--sample", type=int, default=40, help="blocks executed per large file")
    parser.add_argument("--all", action="store_true", help="execute every file whole")
    arguments = parser.parse_args()
    written = write_corpus()
    if arguments.verify or arguments.all:
        return 0 if verify(written, arguments.sample, arguments.all) else 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
