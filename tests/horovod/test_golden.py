"""Golden rewrites: one case per rule and per deviation from the draft (see docs/horovod.md)."""

from __future__ import annotations

import ast

import pytest
from tensorls.analyses.horovod import OFFER_IDENTIFIER, SINGLE_DEVICE_CODE, distribute
from tensorls.analyses.horovod.text_edits import apply_edits

from .conftest import CASES, GOLDEN, detect_source


def read(case: str, name: str) -> str:
    return (GOLDEN / case / name).read_text(encoding="utf-8")


@pytest.mark.parametrize("case", CASES)
def test_rewrite_matches_expected(case: str) -> None:
    source, expected = read(case, "input.py"), read(case, "expected.py")
    result = distribute(source)
    assert result.blocking == ()
    assert result.new_source == expected
    assert apply_edits(source, result.edits) == expected


@pytest.mark.parametrize("case", CASES)
def test_input_is_offered_at_its_training_loop(case: str) -> None:
    facts = detect_source(read(case, "input.py"))
    codes = [diagnostic.code for diagnostic in facts.diagnostics]
    assert codes and set(codes) == {SINGLE_DEVICE_CODE}
    (offer,) = facts.offers
    assert offer.identifier == OFFER_IDENTIFIER
    assert offer.span in [d.span for d in facts.diagnostics]


@pytest.mark.parametrize("case", CASES)
def test_output_is_already_distributed(case: str) -> None:
    expected = read(case, "expected.py")
    facts = detect_source(expected)
    assert facts.already_distributed
    assert facts.offers == () and facts.diagnostics == ()
    again = distribute(expected)
    assert again.already_distributed and again.edits == () and again.new_source == expected


@pytest.mark.parametrize("case", CASES)
def test_output_initialises_horovod_exactly_once(case: str) -> None:
    tree = ast.parse(read(case, "expected.py"))
    inits = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and ast.unparse(node.func) == "hvd.init"
    ]
    assert len(inits) == 1
    imports = [
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
        if alias.asname == "hvd"
    ]
    assert imports in (["horovod.tensorflow"], ["horovod.tensorflow.keras"], ["horovod.torch"])


def horovod_module(case: str) -> str:
    """The Horovod module a golden case's output must import, by the case's name."""
    if case.startswith("torch"):
        return "horovod.torch"
    return "horovod.tensorflow.keras" if case.startswith("keras") else "horovod.tensorflow"


def test_each_script_uses_its_frameworks_horovod_module() -> None:
    for case in CASES:
        expected = read(case, "expected.py")
        assert f"import {horovod_module(case)} as hvd\n" in expected, case
