"""The rank checks' corpus of real reported bugs (issue 28) and how each case states itself.

``tests/ranks/real_bugs/<launcher>/buggy/<name>.py`` rebuilds a divergence, hang or mismatch
reported in a public issue tracker or forum close to the reporter's code;
``<launcher>/fixed/<name>.py`` is its fixed twin (the accepted fix). ``launcher`` says how both
run on two real processes: ``torch`` (torchrun, the PyTorch environment), ``accelerate``
(torchrun, the Accelerate + Lightning environment of ``scripts/accelerate-env.sh``), ``horovod``
(``horovodrun -np 2 --gloo``, the TensorFlow + Horovod environment).

A buggy script's docstring names its ``Source:`` (the URL), its ``Rank source:`` and
``Framework:``. Its diverging line (and the call lines leading to it, or the line where the
sequences can no longer match) carries ``# expect: <code>``. A fixed twin has no ``# expect:``
comment. How each buggy script failed on two real processes is kept apart from it (so that a
script's content, the key of its cached runs, does not change with it) in
``real_bugs/outcomes.toml``: ``"<launcher>/<name>" = "hangs"`` (killed at the timeout) or a list of
fragments one of which the failing run's output contains.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import tomllib

from tests.ranks.corpus_format import ExpectedReport, expected_reports

REAL_BUGS_DIR = Path(__file__).resolve().parent / "real_bugs"
LAUNCHERS = ("torch", "accelerate", "horovod")
OUTCOMES = REAL_BUGS_DIR / "outcomes.toml"
FIELD = re.compile(r"^(?P<key>Source|Rank source|Framework):\s*(?P<value>.+?)\s*$", re.M)


@dataclass(frozen=True)
class RealBug:
    """One reported bug: its rebuilt script, its fixed twin and what its docstring states."""

    launcher: str
    buggy: Path
    fixed: Path
    source: str
    rank_source: str
    framework: str
    hangs: bool
    error_fragments: tuple[str, ...]

    @property
    def name(self) -> str:
        return f"{self.launcher}/{self.buggy.stem}"

    def expected(self) -> list[ExpectedReport]:
        return expected_reports(self.buggy)


def _fields(path: Path) -> dict[str, str]:
    text = path.read_text(encoding="utf-8")
    docstring = text.split('"""')[1] if text.startswith('"""') else ""
    return {match["key"]: match["value"] for match in FIELD.finditer(docstring)}


def real_bugs() -> list[RealBug]:
    outcomes = tomllib.loads(OUTCOMES.read_text(encoding="utf-8")) if OUTCOMES.is_file() else {}
    bugs = []
    for launcher in LAUNCHERS:
        for buggy in sorted((REAL_BUGS_DIR / launcher / "buggy").glob("*.py")):
            fields = _fields(buggy)
            outcome = outcomes.get(f"{launcher}/{buggy.stem}", [])
            bugs.append(
                RealBug(
                    launcher=launcher,
                    buggy=buggy,
                    fixed=REAL_BUGS_DIR / launcher / "fixed" / buggy.name,
                    source=fields.get("Source", ""),
                    rank_source=fields.get("Rank source", "").rstrip("."),
                    framework=fields.get("Framework", "").rstrip("."),
                    hangs=outcome == "hangs",
                    error_fragments=tuple(outcome) if isinstance(outcome, list) else (),
                )
            )
    return bugs
