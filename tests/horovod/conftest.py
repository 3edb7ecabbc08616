"""Shared helpers for the Horovod rewrite tests."""

from __future__ import annotations

import ast
from pathlib import Path

from tensorls.analyses.horovod import TrainingFacts, detect
from tensorls.analyses.text import SourceText

GOLDEN = Path(__file__).parent / "golden"
CASES = sorted(path.name for path in GOLDEN.iterdir() if (path / "input.py").is_file())


def detect_source(source: str) -> TrainingFacts:
    """``detect`` on source text, parsed the way the analysis pipeline parses it."""
    return detect(ast.parse(source), SourceText(source))
