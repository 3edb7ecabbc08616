"""The ``tf.*`` op rules against real TensorFlow 2.12: broadcasting operators, ``matmul``,
reshaping, transposing, joining, reductions, ``one_hot``, ``softmax`` and the cross-entropy losses.

Every case runs under TensorFlow (one subprocess for the module) and through tensorls; see
:mod:`tests.tensorflow.oracle` for what must agree.
"""

from __future__ import annotations

import random

import pytest

from .generators import cases, literal, shape
from .oracle import TENSORFLOW, Case, check

Rng = random.Random


def _operand(rng: Rng, dims: tuple[int, ...], abstract: Rng | None, name: str) -> str:
    kind = rng.choice(("tensor", "tensor", "numpy", "list"))
    if kind == "numpy" and abstract is None:
        return f"{name} = np.zeros({tuple(dims)!r}, dtype=np.float32)\n"
    if kind == "list" and abstract is None and dims:
        nested = "0.5"
        for size in reversed(dims):
            nested = "[" + ", ".join([nested] * size) + "]"
        return f"{name} = {nested}\n"
    return f"{name} = tf.random.normal({literal(dims, abstract)})\n"


def broadcasting(rng: Rng, abstract: Rng | None) -> str:
    left, right = shape(rng), shape(rng)
    if rng.random() < 0.5:
        right = left[len(left) - len(right) :] if len(right) <= len(left) else right
    operator = rng.choice(("+", "-", "*", "/", "<", ">=", "==", "tf.add", "tf.maximum", "tf.less"))
    text = f"a = tf.ones({literal(left, abstract)})\n" + _operand(rng, right, abstract, "b")
    swap = rng.random() < 0.3
    first, second = ("b", "a") if swap else ("a", "b")
    if operator.startswith("tf."):
        return text + f"result = {operator}({first}, {second})\n"
    return text + f"result = {first} {operator} {second}\n"


def matmul(rng: Rng, abstract: Rng | None) -> str:
    a = shape(rng, 1, 4)
    b = shape(rng, 1, 4)
    transpose_a, transpose_b = rng.random() < 0.25, rng.random() < 0.25
    if len(a) >= 2 and len(b) >= 2 and rng.random() < 0.6:
        inner = a[-2] if transpose_a else a[-1]
        b = (*b[:-2], inner, b[-1]) if not transpose_b else (*b[:-1], inner)
        if rng.random() < 0.5:
            batch = a[:-2][-max(len(b) - 2, 0) :] if len(b) > 2 else ()
            b = (*batch, *b[-2:]) if len(batch) == len(b) - 2 else b
    text = f"a = tf.ones({literal(a, abstract)})\nb = tf.ones({literal(b, abstract)})\n"
    if not transpose_a and not transpose_b and rng.random() < 0.3:
        return text + "result = a @ b\n"
    return (
        text + f"result = tf.matmul(a, b, transpose_a={transpose_a}, transpose_b={transpose_b})\n"
    )


def reshape(rng: Rng, abstract: Rng | None) -> str:
    source = shape(rng, 0, 3)
    target = list(shape(rng, 0, 3))
    if rng.random() < 0.5:
        target = list(reversed(source))
    if target and rng.random() < 0.4:
        target[rng.randrange(len(target))] = -1
    if len(target) > 1 and rng.random() < 0.1:
        target[0] = target[-1] = -1
    return f"a = tf.zeros({literal(source, abstract)})\nresult = tf.reshape(a, {target})\n"


def transpose(rng: Rng, abstract: Rng | None) -> str:
    source = shape(rng, 0, 4)
    if rng.random() < 0.2:
        return f"a = tf.zeros({literal(source, abstract)})\nresult = tf.transpose(a)\n"
    perm = list(range(len(source)))
    rng.shuffle(perm)
    if rng.random() < 0.5 and perm:
        perm[rng.randrange(len(perm))] = rng.randint(-1, len(source))
    if rng.random() < 0.15:
        perm = perm[:-1] if perm else [0]
    return f"a = tf.zeros({literal(source, abstract)})\nresult = tf.transpose(a, perm={perm})\n"


def expand_dims(rng: Rng, abstract: Rng | None) -> str:
    source = shape(rng, 0, 3)
    axis = rng.randint(-len(source) - 2, len(source) + 1)
    return f"a = tf.zeros({literal(source, abstract)})\nresult = tf.expand_dims(a, {axis})\n"


def squeeze(rng: Rng, abstract: Rng | None) -> str:
    source = shape(rng, 1, 4)
    if rng.random() < 0.3:
        return f"a = tf.zeros({literal(source, abstract)})\nresult = tf.squeeze(a)\n"
    axes = [rng.randint(-len(source) - 1, len(source)) for _ in range(rng.randint(1, 2))]
    axis = axes[0] if len(axes) == 1 and rng.random() < 0.5 else axes
    return f"a = tf.zeros({literal(source, abstract)})\nresult = tf.squeeze(a, axis={axis})\n"


def concat(rng: Rng, abstract: Rng | None) -> str:
    first = shape(rng, 0, 3)
    parts = [first]
    for _ in range(rng.randint(0, 2)):
        other = list(first) if rng.random() < 0.7 else list(shape(rng, 0, 3))
        if other and rng.random() < 0.5:
            other[rng.randrange(len(other))] = rng.choice((1, 2, 5))
        parts.append(tuple(other))
    axis = rng.randint(-len(first) - 1, len(first))
    names = [f"t{index}" for index in range(len(parts))]
    text = "".join(
        f"{name} = tf.zeros({literal(part, abstract)})\n"
        for name, part in zip(names, parts, strict=True)
    )
    return text + f"result = tf.concat([{', '.join(names)}], axis={axis})\n"


def stack(rng: Rng, abstract: Rng | None) -> str:
    first = shape(rng, 0, 3)
    parts = [first] + [first if rng.random() < 0.6 else shape(rng, 0, 3) for _ in range(2)]
    parts = parts[: rng.randint(1, 3)]
    axis = rng.randint(-len(first) - 2, len(first) + 1)
    names = [f"t{index}" for index in range(len(parts))]
    text = "".join(
        f"{name} = tf.ones({literal(part, abstract)})\n"
        for name, part in zip(names, parts, strict=True)
    )
    return text + f"result = tf.stack([{', '.join(names)}], axis={axis})\n"


def reduction(rng: Rng, abstract: Rng | None) -> str:
    source = shape(rng, 0, 3)
    function = rng.choice(("reduce_sum", "reduce_mean", "reduce_max", "reduce_min", "reduce_prod"))
    choice = rng.random()
    if choice < 0.2:
        axis = "None"
    elif choice < 0.6:
        axis = str(rng.randint(-len(source) - 1, len(source)))
    else:
        axis = str([rng.randint(-len(source) - 1, len(source)) for _ in range(rng.randint(0, 3))])
    keepdims = rng.random() < 0.4
    return (
        f"a = tf.ones({literal(source, abstract)})\n"
        f"result = tf.{function}(a, axis={axis}, keepdims={keepdims})\n"
    )


def arg_reduction(rng: Rng, abstract: Rng | None) -> str:
    source = shape(rng, 1, 3)
    function = rng.choice(("argmax", "argmin"))
    axis = rng.randint(-len(source) - 1, len(source))
    output = rng.choice(("", ", output_type=tf.int32"))
    return f"a = tf.ones({literal(source, abstract)})\nresult = tf.{function}(a, axis={axis}{output})\n"


def one_hot(rng: Rng, abstract: Rng | None) -> str:
    source = shape(rng, 0, 2)
    axis = rng.randint(-2, len(source) + 1)
    dtype = rng.choice(("", ", dtype=tf.int32"))
    return (
        f"i = tf.zeros({literal(source, abstract)}, dtype=tf.int32)\n"
        f"result = tf.one_hot(i, {rng.randint(1, 5)}, axis={axis}{dtype})\n"
    )


def softmax(rng: Rng, abstract: Rng | None) -> str:
    source = shape(rng, 1, 3)
    axis = rng.randint(-len(source) - 1, len(source))
    function = rng.choice(("tf.nn.softmax", "tf.nn.log_softmax", "tf.nn.relu", "tf.nn.sigmoid"))
    argument = f", axis={axis}" if "softmax" in function else ""
    return f"a = tf.ones({literal(source, abstract)})\nresult = {function}(a{argument})\n"


def cross_entropy(rng: Rng, abstract: Rng | None) -> str:
    logits = shape(rng, 1, 3)
    if rng.random() < 0.5:
        labels = logits[:-1] if rng.random() < 0.7 else shape(rng, 0, 2)
        return (
            f"labels = tf.zeros({literal(labels, abstract)}, dtype=tf.int32)\n"
            f"logits = tf.ones({literal(logits, abstract)})\n"
            "result = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, "
            "logits=logits)\n"
        )
    labels = logits if rng.random() < 0.5 else shape(rng, len(logits), len(logits))
    return (
        f"labels = tf.zeros({literal(labels, abstract)})\n"
        f"logits = tf.ones({literal(logits, abstract)})\n"
        "result = tf.nn.softmax_cross_entropy_with_logits(labels=labels, logits=logits)\n"
    )


def tile(rng: Rng, abstract: Rng | None) -> str:
    source = shape(rng, 0, 3)
    multiples = [rng.randint(0, 3) for _ in range(len(source) + rng.choice((0, 0, 0, -1, 1)))]
    return f"a = tf.ones({literal(source, abstract)})\nresult = tf.tile(a, {multiples})\n"


def split(rng: Rng, abstract: Rng | None) -> str:
    source = tuple(rng.choice((1, 2, 3, 4, 6)) for _ in range(rng.randint(1, 3)))
    axis = rng.randint(-len(source) - 1, len(source))
    if rng.random() < 0.5:
        parts: object = rng.choice((1, 2, 3))
    else:
        parts = [rng.randint(0, 4) for _ in range(rng.randint(1, 3))]
        if rng.random() < 0.3:
            parts[0] = -1  # type: ignore[index]
    pick = rng.choice((0, -1))
    return (
        f"a = tf.ones({literal(source, abstract)})\n"
        f"result = tf.split(a, {parts}, axis={axis})[{pick}]\n"
    )


def gather(rng: Rng, abstract: Rng | None) -> str:
    params = shape(rng, 1, 3)
    indices = shape(rng, 0, 2)
    axis = rng.randint(0, len(params))
    return (
        f"p = tf.ones({literal(params, abstract)})\n"
        f"i = tf.zeros({literal(indices, abstract)}, dtype=tf.int32)\n"
        f"result = tf.gather(p, i, axis={axis})\n"
    )


def tensordot(rng: Rng, abstract: Rng | None) -> str:
    a, b = shape(rng, 1, 3), shape(rng, 1, 3)
    axes = rng.randint(0, min(len(a), len(b)))
    if rng.random() < 0.6:
        b = (*a[len(a) - axes :], *b[axes:])
    return (
        f"a = tf.ones({literal(a, abstract)})\nb = tf.ones({literal(b, abstract)})\n"
        f"result = tf.tensordot(a, b, axes={axes})\n"
    )


def einsum(rng: Rng, abstract: Rng | None) -> str:
    equation, ranks = rng.choice(
        (("ij,jk->ik", (2, 2)), ("bij,bjk->bik", (3, 3)), ("ij->ji", (2,)), ("i,i->", (1, 1)))
    )
    shapes_ = [shape(rng, rank, rank) for rank in ranks]
    if len(shapes_) == 2 and rng.random() < 0.6:
        labels = equation.split("->")[0].split(",")
        sizes = dict(zip(labels[0], shapes_[0], strict=True))
        shapes_[1] = tuple(
            sizes.get(label, dim) for label, dim in zip(labels[1], shapes_[1], strict=True)
        )
    names = ", ".join(f"tf.ones({literal(item, abstract)})" for item in shapes_)
    return f"result = tf.einsum({equation!r}, {names})\n"


def where(rng: Rng, abstract: Rng | None) -> str:
    condition, then, other = shape(rng), shape(rng), shape(rng)
    if rng.random() < 0.5:
        then = other = condition
    return (
        f"c = tf.ones({literal(condition, abstract)}) > 0\n"
        f"x = tf.ones({literal(then, abstract)})\ny = tf.zeros({literal(other, abstract)})\n"
        "result = tf.where(c, x, y)\n"
    )


def keras_loss(rng: Rng, abstract: Rng | None) -> str:
    y_true, y_pred = shape(rng, 1, 3), shape(rng, 1, 3)
    if rng.random() < 0.5:
        y_true = y_pred
    loss = rng.choice(("mean_squared_error", "mean_absolute_error", "categorical_crossentropy"))
    return (
        f"t = tf.ones({literal(y_true, abstract)})\np = tf.ones({literal(y_pred, abstract)})\n"
        f"result = tf.keras.losses.{loss}(t, p)\n"
    )


DTYPES = ("tf.float32", "tf.float64", "tf.float16", "tf.int32", "tf.int64", "tf.bool")
DTYPE_OPERATORS = ("+", "-", "*", "/", "//", "%", "**", "<", "<=", ">", ">=", "==", "!=")
DTYPE_FUNCTIONS = ("tf.add", "tf.subtract", "tf.multiply", "tf.maximum", "tf.minimum", "tf.less")


def dtype_mismatch(rng: Rng, abstract: Rng | None) -> str:
    left, right = shape(rng, 0, 2), shape(rng, 0, 2)
    if rng.random() < 0.7:
        right = left
    first, second = rng.choice(DTYPES[:-1]), rng.choice(DTYPES)
    text = (
        f"a = tf.cast(tf.ones({literal(left, abstract)}), {first})\n"
        f"b = tf.cast(tf.ones({literal(right, abstract)}), {second})\n"
    )
    if rng.random() < 0.15:
        text += "b = 2\n"
    if rng.random() < 0.3:
        return text + f"result = {rng.choice(DTYPE_FUNCTIONS)}(a, b)\n"
    return text + f"result = a {rng.choice(DTYPE_OPERATORS)} b\n"


FAMILIES = {
    "broadcasting": (broadcasting, 120),
    "matmul": (matmul, 100),
    "reshape": (reshape, 60),
    "transpose": (transpose, 60),
    "expand_dims": (expand_dims, 30),
    "squeeze": (squeeze, 50),
    "concat": (concat, 80),
    "stack": (stack, 50),
    "reduction": (reduction, 80),
    "arg_reduction": (arg_reduction, 30),
    "one_hot": (one_hot, 30),
    "softmax": (softmax, 30),
    "cross_entropy": (cross_entropy, 60),
    "tile": (tile, 30),
    "split": (split, 60),
    "gather": (gather, 30),
    "tensordot": (tensordot, 40),
    "einsum": (einsum, 40),
    "where": (where, 40),
    "keras_loss": (keras_loss, 50),
    "dtype_mismatch": (dtype_mismatch, 120),
}

CASES: list[Case] = [
    case for family, (build, count) in FAMILIES.items() for case in cases(family, count, build)
]


outcomes = TENSORFLOW.outcomes_fixture(CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_agrees_with_tensorflow(case: Case, outcomes: dict[str, dict[str, object]]) -> None:
    check(case, outcomes[case.id])
