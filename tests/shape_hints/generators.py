"""Programs calling a function with jaxtyping annotations, over patterns, shapes, dtypes and
checking decorators. Each is small and deterministic; the oracle runs every one for real."""

from __future__ import annotations

import itertools
from dataclasses import dataclass

DECORATORS = {
    "jaxtyped": "@jaxtyped(typechecker=beartype)",
    "beartype": "@beartype",
    "none": "",
}

PATTERN_PAIRS = [
    ("b 3", "b"),
    ("b c", "c b"),
    ("n n", "n"),
    ("*batch 3", "*batch"),
    ("#b 3", "#b"),
    ("n", "n+1"),
    ("n", "2*n"),
    ("_ 3", "_"),
    ("_b 3", "_b"),
    ("... 3", "..."),
    ("", "n"),
    ("b 784", "784 k"),
]

SHAPES = [(), (3,), (4,), (1,), (6,), (4, 3), (5, 3), (3, 4), (1, 3), (2, 5, 3)]
MODEL_SHAPES = [(64, 784), (784, 10), (64, 10), (10, 784)]

DTYPE_CASES = [
    ("Float", "np.float64"),
    ("Float", "np.float32"),
    ("Float", "np.int64"),
    ("Int", "np.int32"),
    ("Int", "np.uint8"),
    ("Int", "np.bool_"),
    ("Integer", "np.uint8"),
    ("Num", "np.bool_"),
    ("Bool", "np.bool_"),
    ("Float32", "np.float64"),
    ("Shaped", "np.int8"),
    ("Real", "np.complex128"),
]

HEADER = """import numpy as np
from beartype import beartype
from jaxtyping import Bool, Float, Float32, Int, Integer, Num, Real, Shaped, jaxtyped

"""


@dataclass(frozen=True)
class Program:
    name: str
    source: str
    call_line: int


def _program(
    name: str, decorator: str, signature: str, body: str, call: str, returns: str = ""
) -> Program:
    lines = HEADER.splitlines()
    lines.append("")
    if decorator:
        lines.append(decorator)
    lines.append(f"def f({signature}){' -> ' + returns if returns else ''}:")
    lines.append(f"    {body}")
    lines.append("")
    lines.append("")
    lines.append(f"result = {call}")
    lines.append("done = True")
    source = "\n".join(lines) + "\n"
    return Program(name, source, len(lines) - 1)


def _array(shape: tuple[int, ...], dtype: str = "np.float64") -> str:
    return f"np.zeros({shape!r}, dtype={dtype})"


def pair_programs() -> list[Program]:
    """Two parameters sharing names, every pair of shapes of the right ranks and one wrong."""
    programs = []
    for (index, (first, second)), decorator in itertools.product(
        enumerate(PATTERN_PAIRS), DECORATORS
    ):
        if decorator == "beartype" and any(c in second for c in "+*") and "*batch" not in second:
            continue  # jaxtyping refuses symbolic axes outside jaxtyped: not modelled
        candidates = MODEL_SHAPES if "784" in first else SHAPES
        for x, y in itertools.product(candidates, candidates):
            if abs(len(x) - len(first.split())) > 1 or abs(len(y) - len(second.split())) > 1:
                continue
            signature = f'x: Float[np.ndarray, "{first}"], y: Float[np.ndarray, "{second}"]'
            call = f"f({_array(x)}, {_array(y)})"
            name = f"pair{index}_{decorator}_{'x'.join(map(str, x))}_{'x'.join(map(str, y))}"
            programs.append(_program(name, DECORATORS[decorator], signature, "return 0", call))
    return programs


def return_programs() -> list[Program]:
    """The returned value against the return annotation, names bound by the parameter."""
    programs = []
    bodies = {
        "same": "return x",
        "sum1": "return x.sum(axis=1)",
        "sum0": "return x.sum(axis=0)",
        "T": "return x.T",
        "flat": "return x.reshape(-1)",
    }
    for (body_name, body), returns, decorator in itertools.product(
        bodies.items(), ["b 3", "b", "3", "3 b", "b*3"], DECORATORS
    ):
        signature = 'x: Float[np.ndarray, "b 3"]'
        name = f"return_{body_name}_{returns.replace(' ', '_').replace('*', 'x')}_{decorator}"
        annotation = f'Float[np.ndarray, "{returns}"]'
        if decorator == "beartype" and "*" in returns:
            continue
        programs.append(
            _program(
                name, DECORATORS[decorator], signature, body, f"f({_array((4, 3))})", annotation
            )
        )
    return programs


def dtype_programs() -> list[Program]:
    """Dtype families against the argument's dtype."""
    programs = []
    for (family, dtype), decorator in itertools.product(DTYPE_CASES, DECORATORS):
        signature = f'x: {family}[np.ndarray, "n"]'
        name = f"dtype_{family}_{dtype[3:]}_{decorator}"
        programs.append(
            _program(
                name, DECORATORS[decorator], signature, "return 0", f"f({_array((3,), dtype)})"
            )
        )
    return programs


def all_programs() -> list[Program]:
    return pair_programs() + return_programs() + dtype_programs()
