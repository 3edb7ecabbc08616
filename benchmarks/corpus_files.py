"""The benchmark corpus as the benchmarks see it: where it is and the names ``--files`` takes.

``CORPUS_FILES`` maps each ``--files`` name to its file in ``benchmarks/corpus`` (written by
``make_corpus.py``); ``LARGE_FILES`` names the files of about 20,000 lines, which get their own
targets and fewer edits for the slowest server.
"""

from __future__ import annotations

from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parent
CORPUS = BENCHMARKS / "corpus"
CORPUS_FILES = {
    "small": "ml_small.py",
    "medium": "ml_medium.py",
    "large": "ml_large.py",
    "script": "script_medium.py",
    "script-large": "script_large.py",
    "notebook": "notebook_medium.py",
}
LARGE_FILES = frozenset({"ml_large.py", "script_large.py"})
"""Files of about 20,000 lines (basedpyright gets fewer edits there: each re-check takes minutes)."""
