"""The project's single-file test programs and corpora, gathered for the split-module differential.

Every program the single-file tests analyse whole, by group:

- ``soundness``: ``tests/soundness/corpus`` (Python semantics with NumPy);
- ``guards``: ``tests/interpreter/guard_programs``;
- ``examples``: ``examples/**/*.py`` but ``examples/project`` (already several modules);
- ``torch-bugs``: ``tests/torch/bugs`` (real reported bugs and their fixed twins);
- ``ranks``: ``tests/ranks/corpus`` (Horovod and ``torch.distributed`` scripts);
- ``numpy-programs``: ``tests/numpy/programs.py`` (clean and with each injected bug);
- ``numpy-questions``: ``tests/numpy/questions.py``;
- ``tf-oracle`` and ``torch-oracle``: every oracle case (prelude and body) listed by a module-level
  list of cases of the ``tests/tensorflow`` and ``tests/torch`` oracle test modules.

A program's ``framework`` says which real environment runs it (``tensorflow`` also runs NumPy-only
programs: the Horovod environment has NumPy).
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ..framework_oracle import OracleCase

REPOSITORY = Path(__file__).resolve().parents[2]
TESTS = REPOSITORY / "tests"
FILE_GROUPS = {
    "soundness": (TESTS / "soundness" / "corpus", "*.py"),
    "guards": (TESTS / "interpreter" / "guard_programs", "*.py"),
    "examples": (REPOSITORY / "examples", "**/*.py"),
    "torch-bugs": (TESTS / "torch" / "bugs", "*.py"),
    "ranks": (TESTS / "ranks" / "corpus", "*/*.py"),
}
MULTI_MODULE_FOLDERS = ("project",)
ORACLE_GROUPS = {"tf-oracle": "tensorflow", "torch-oracle": "torch"}
TORCH_IMPORT = re.compile(r"^\s*(import|from)\s+torch\b", re.MULTILINE)


@dataclass(frozen=True)
class Program:
    """One single-file program: ``id`` is ``group/name``."""

    id: str
    source: str
    framework: str

    @property
    def group(self) -> str:
        return self.id.split("/", 1)[0]


def framework_of(source: str) -> str:
    """The environment that runs ``source``: ``torch`` when it imports torch, else ``tensorflow``."""
    return "torch" if TORCH_IMPORT.search(source) else "tensorflow"


def _file_programs() -> list[Program]:
    programs = []
    for group, (folder, pattern) in FILE_GROUPS.items():
        for path in sorted(folder.glob(pattern)):
            relative = path.relative_to(folder)
            if group == "examples" and relative.parts[0] in MULTI_MODULE_FOLDERS:
                continue
            source = path.read_text(encoding="utf-8")
            programs.append(
                Program(
                    f"{group}/{relative.with_suffix('').as_posix()}", source, framework_of(source)
                )
            )
    return programs


def _numpy_programs() -> list[Program]:
    from ..numpy.programs import PROGRAMS
    from ..numpy.questions import QUESTIONS

    programs = []
    for program in PROGRAMS:
        programs.append(Program(f"numpy-programs/{program.name}", program.source, "tensorflow"))
        for bug in program.bugs:
            programs.append(
                Program(
                    f"numpy-programs/{program.name}-bug-{bug.line}",
                    program.with_bug(bug),
                    "tensorflow",
                )
            )
    for question in QUESTIONS:
        programs.append(
            Program(
                f"numpy-questions/{question.group}-{question.name}", question.source, "tensorflow"
            )
        )
    return programs


def _oracle_programs() -> list[Program]:
    programs: dict[str, Program] = {}
    for group, package in ORACLE_GROUPS.items():
        for path in sorted((TESTS / package).glob("test_*.py")):
            module = importlib.import_module(f"tests.{package}.{path.stem}")
            for value in vars(module).values():
                if not isinstance(value, (list, tuple)) or not value:
                    continue
                if not all(isinstance(item, OracleCase) for item in value):
                    continue
                for case in value:
                    identifier = f"{group}/{path.stem.removeprefix('test_')}/{case.id}"
                    programs.setdefault(identifier, Program(identifier, case.source, package))
    return list(programs.values())


@cache
def all_programs() -> tuple[Program, ...]:
    """Every program of the groups above, in a fixed order."""
    return tuple(_file_programs() + _numpy_programs() + _oracle_programs())
