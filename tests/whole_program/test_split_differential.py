"""The split-module differential (issue 32) against its checked-in list of known mismatches.

The sample (``differential.sample``): every splittable program of the file corpora, the NumPy
programs and questions (about 420), and 40 splittable cases of each of the TensorFlow and PyTorch
oracles (chosen by the hash of their id): about 500 programs, each analysed three times (whole,
``main.py``, ``defs.py``). About 15 s of CPU time on the 2-core machine.

Each mismatch (see ``differential``'s module doc for the comparison) must be listed in
``known_mismatches.txt`` and each listed one must still occur: the list shrinks to empty as the
whole-program analysis lands. When it changes for the better or on purpose, rewrite it with
``.venv/bin/python -m tests.whole_program.differential --update``.
"""

from __future__ import annotations

from .differential import mismatches, read_known, sample
from .programs import all_programs

MINIMUM_SAMPLE = 400
UPDATE = ".venv/bin/python -m tests.whole_program.differential --update"


def test_split_programs_differ_only_where_listed() -> None:
    measured = sample(all_programs())
    assert len(measured) >= MINIMUM_SAMPLE
    found = {item.entry() for program, parts in measured for item in mismatches(program, parts)}
    known = read_known()
    new = sorted(found - known)
    gone = sorted(known - found)
    assert not new, (
        f"{len(new)} new mismatches (fix them, or list them with {UPDATE}):\n" + "\n".join(new[:40])
    )
    assert not gone, (
        f"{len(gone)} listed mismatches are gone: update the list with {UPDATE}\n"
        + "\n".join(gone[:40])
    )
