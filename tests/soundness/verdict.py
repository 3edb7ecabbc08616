"""Compare a CPython trace of a program with tensorls' analysis of the same (original) source.

``judge_program`` is what the soundness worker runs for each program: trace the instrumented
program, interpret the original source, and list every recorded concrete value the abstract value
at its point does not contain, every point reached concretely but absent from
``expression_values`` (unless the analysis ran out of budget), every error-severity diagnostic of
``tensorls.analyses.analyse``, any exception raised by the analysis, and every internal error the
interpreter swallowed (``Interpretation.internal_errors``: it turns them into ⊤ per statement,
which would otherwise hide them). ``judge_file`` is the stdlib robustness check: analyse only, no
execution.
"""

from __future__ import annotations

import ast
import io
import time
import tokenize
import traceback
import warnings
from pathlib import Path
from typing import Any

from tensorls.analyses import analyse
from tensorls.analyses.domains.base import TOP
from tensorls.analyses.facts import AnalysisSettings, Diagnostic, Severity
from tensorls.analyses.horovod import detect
from tensorls.analyses.interpreter import interpret
from tensorls.analyses.text import SourceText

from . import tracer
from .instrument import instrument

BUDGET_CODE = "analysis-budget"


def _describe_diagnostic(diagnostic: Diagnostic) -> str:
    start = diagnostic.span.start
    return (
        f"{start.line + 1}:{start.character + 1}: {diagnostic.severity.label} "
        f"{diagnostic.code}: {diagnostic.message}"
    )


def _safe_repr(value: object) -> str:
    try:
        text = repr(value)
    except Exception as error:
        text = f"<unrepresentable {type(value).__name__}: {type(error).__name__}>"
    return f"{type(value).__name__}: {text[:300]}"


def _describe_abstract(value: Any) -> str:
    try:
        return str(value.describe())
    except Exception as error:
        return f"<describe() raised {type(error).__name__}: {error}>"


def judge_program(source: str, name: str) -> dict[str, Any]:
    """Trace and analyse one program; the result is JSON-serialisable."""
    instrumented = instrument(source)
    trace = tracer.run(instrumented, name)
    verdict: dict[str, Any] = {
        "name": name,
        "completed": trace.completed,
        "exception": trace.exception,
        "points_reached": len(trace.points),
        "values_checked": 0,
        "by_reference": trace.by_reference,
        "dropped": trace.dropped,
        "unsound": [],
        "missing": [],
        "errors": [],
        "crash": None,
        "budget_exceeded": False,
        "unknown_points": 0,
        "internal_errors": [],
    }
    settings = AnalysisSettings()
    try:
        interpretation = interpret(source, settings)
        result = analyse(source, settings)
    except Exception:
        verdict["crash"] = traceback.format_exc()[-3000:]
        return verdict
    verdict["budget_exceeded"] = bool(interpretation.budget_exceeded)
    verdict["internal_errors"] = [str(error) for error in interpretation.internal_errors]
    verdict["errors"] = [
        _describe_diagnostic(diagnostic)
        for diagnostic in result.diagnostics
        if diagnostic.severity == Severity.ERROR
    ]
    values = interpretation.expression_values
    for key in sorted(trace.points):
        point = instrumented.points[key]
        where = f"{key[0]}:{key[1]}-{key[2]}:{key[3]} {point.kind} `{point.text[:80]}`"
        abstract = values.get(key)
        if abstract is None:
            if not interpretation.budget_exceeded:
                verdict["missing"].append(where)
            continue
        if abstract is TOP:
            verdict["unknown_points"] += 1
        for concrete in trace.points[key].values():
            verdict["values_checked"] += 1
            try:
                contained = abstract.contains(concrete)
            except Exception as error:
                verdict["unsound"].append(
                    f"{where}: contains({_safe_repr(concrete)}) raised {type(error).__name__}: {error}"
                )
                continue
            if not contained:
                verdict["unsound"].append(
                    f"{where}: concrete {_safe_repr(concrete)} not in abstract "
                    f"{_describe_abstract(abstract)}"
                )
    verdict["unsound"] = list(dict.fromkeys(verdict["unsound"]))
    return verdict


def judge_file(path: str) -> dict[str, Any]:
    """Analyse one file without executing it: crash, error diagnostics and budget facts.

    It runs the same analyses as ``tensorls.analyses.analyse`` (the interpreter and the Horovod
    detector over one parsed tree) but calls them directly, because ``analyse`` turns an exception
    into an empty result, which would hide a crash.

    A file CPython itself cannot compile is not analysed: the answer has ``skipped`` set to the
    compiler's complaint.
    """
    raw = Path(path).read_bytes()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            compile(raw, path, "exec", dont_inherit=True)
    except (SyntaxError, ValueError) as error:
        return {"name": path, "skipped": f"{type(error).__name__}: {error}"}
    encoding, _ = tokenize.detect_encoding(io.BytesIO(raw).readline)
    source = raw.decode(encoding)
    if source.startswith("\ufeff"):
        source = source[1:]
    verdict: dict[str, Any] = {
        "name": path,
        "skipped": None,
        "crash": None,
        "errors": [],
        "budget_exceeded": False,
        "budget_diagnostics": 0,
        "seconds": 0.0,
        "internal_errors": [],
    }
    started = time.perf_counter()
    try:
        tree = ast.parse(source)
        text = SourceText(source)
        interpretation = interpret(tree, AnalysisSettings(), text)
        training = detect(tree, text)
    except Exception:
        verdict["crash"] = traceback.format_exc()[-3000:]
        return verdict
    finally:
        verdict["seconds"] = time.perf_counter() - started
    diagnostics = (*interpretation.diagnostics, *training.diagnostics)
    verdict["budget_exceeded"] = bool(interpretation.budget_exceeded)
    verdict["internal_errors"] = [str(error) for error in interpretation.internal_errors]
    budget_diagnostics = [d for d in diagnostics if d.code == BUDGET_CODE]
    verdict["budget_diagnostics"] = len(budget_diagnostics)
    verdict["budget_severities"] = [d.severity.label for d in budget_diagnostics]
    verdict["errors"] = [
        _describe_diagnostic(diagnostic)
        for diagnostic in diagnostics
        if diagnostic.severity == Severity.ERROR
    ]
    return verdict
