"""The benchmark corpus as the benchmarks and tests see it: generated on first use, never committed.

``CORPUS_FILES`` maps each ``--files`` name to its file in ``benchmarks/corpus`` (written by
``make_corpus.py``); ``LARGE_FILES`` names the files of about 20,000 lines, which get their own
targets and fewer edits for the slowest server. ``corpus_file`` returns a file's path after making
sure the folder holds what the current generator writes: the folder (ignored by git) is
regenerated whenever the SHA-256 of the generator's sources differs from the one recorded there.
Generation is deterministic (a few seconds); concurrent callers (test workers) wait on a lock.
"""

from __future__ import annotations

import fcntl
import hashlib
import sys
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
GENERATOR_SOURCES = (
    "make_corpus.py",
    "corpus_blocks.py",
    "corpus_classical_blocks.py",
    "corpus_layer_blocks.py",
    "corpus_training_blocks.py",
    "corpus_rendering.py",
    "corpus_files.py",
)
STAMP = CORPUS / ".generator-sha256"


def generator_digest() -> str:
    """The SHA-256 of the generator's sources."""
    digest = hashlib.sha256()
    for name in GENERATOR_SOURCES:
        digest.update((BENCHMARKS / name).read_bytes())
    return digest.hexdigest()


def _current(digest: str) -> bool:
    return (
        STAMP.is_file()
        and STAMP.read_text(encoding="utf-8") == digest
        and all((CORPUS / name).is_file() for name in CORPUS_FILES.values())
    )


def corpus_file(name: str) -> Path:
    """The path of the corpus file ``--files`` calls ``name`` (a key of ``CORPUS_FILES``), the
    corpus generated first when it is missing or was made by another version of the generator."""
    digest = generator_digest()
    if not _current(digest):
        CORPUS.mkdir(exist_ok=True)
        with (CORPUS / ".lock").open("w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not _current(digest):
                if str(BENCHMARKS) not in sys.path:
                    sys.path.insert(0, str(BENCHMARKS))
                import make_corpus

                make_corpus.write_corpus()
    return CORPUS / CORPUS_FILES[name]
