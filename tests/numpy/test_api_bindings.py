"""The API model's bindings, call by call, against NumPy: each expression below is evaluated by
NumPy and analysed; the analysed value must describe NumPy's result (shape and dtype), and a call
NumPy rejects must be reported with NumPy's message.
"""

from __future__ import annotations

import numpy as np
import pytest
from tensorls.analyses import analyse
from tensorls.analyses.arrays import shapes
from tensorls.analyses.facts import AnalysisSettings
from tensorls.analyses.interpreter import interpret
from tensorls.analyses.models.numpy.module import modelled_names
from tensorls.analyses.models.values import ArrayValue

PRELUDE = """import numpy as np
a = np.ones((3, 4))
b = np.ones((4, 5))
v = np.arange(4)
m = np.eye(3) * 2.0
t = np.ones((2, 3, 4))
i32 = np.ones((3, 4), dtype=np.int32)
flags = np.array([True, False, True])
rng = np.random.default_rng(0)
"""

EXPRESSIONS = """
np.array([[1, 2, 3], [4, 5, 6]])
np.array([1, 2.5])
np.array([[True], [False]])
np.array(a, dtype=np.float32)
np.array([1, 2], ndmin=3)
np.asarray([[1.0], [2.0]])
np.zeros((2, 3))
np.zeros(5, dtype=int)
np.ones((2, 1), dtype="float32")
np.empty((4,))
np.full((2, 2), 7)
np.full((2, 2), 1.5)
np.zeros_like(a)
np.ones_like(i32)
np.full_like(a, 3)
np.empty_like(t, dtype=np.int64)
np.arange(10)
np.arange(2, 11, 3)
np.arange(0.0, 1.0, 0.25)
np.linspace(0, 1, 7)
np.logspace(0, 2, 5)
np.eye(3)
np.eye(3, 5)
np.identity(4)
np.diag(v)
np.diag(a)
np.exp(a)
np.log(i32)
np.sqrt(v)
np.tanh(t)
np.abs(-a)
np.negative(i32)
np.floor(a)
np.isnan(a)
np.logical_not(flags)
np.sin(v)
np.square(i32)
np.add(a, v)
np.subtract(t, a)
np.multiply(a, 2)
np.divide(i32, 2)
np.floor_divide(i32, 2)
np.power(a, 2)
np.maximum(a, 0.0)
np.minimum(t, v)
np.arctan2(a, a)
np.logical_and(flags, flags)
np.equal(a, v)
np.greater(t, 0)
np.where(a > 0, a, 0.0)
np.where(flags[:, None], a, v)
np.clip(a, 0.0, 1.0)
np.clip(a, None, v)
np.isclose(a, v)
np.round(a, 2)
np.matmul(a, b)
np.dot(a, b)
np.dot(v, v)
np.dot(t, b)
np.vdot(a, a)
np.inner(a, a)
np.outer(v, v)
np.kron(m, m)
np.tensordot(t, b, axes=1)
np.tensordot(t, a, axes=([1, 2], [0, 1]))
np.einsum("ij,jk->ik", a, b)
np.einsum("bij->bji", t)
np.einsum("i,i", v, v)
np.trace(m)
np.reshape(a, (2, 6))
np.reshape(t, (-1, 4))
np.ravel(t)
np.transpose(t)
np.transpose(t, (1, 0, 2))
np.swapaxes(t, 0, 2)
np.moveaxis(t, 0, -1)
np.expand_dims(a, 1)
np.expand_dims(a, (0, 3))
np.squeeze(np.ones((1, 3, 1)))
np.squeeze(np.ones((1, 3, 1)), axis=0)
np.concatenate([a, a])
np.concatenate([a, a], axis=1)
np.concatenate((t, t), axis=None)
np.stack([a, a])
np.stack([a, a], axis=-1)
np.vstack([a, v])
np.hstack([a, a])
np.hstack([v, v])
np.dstack([a, a])
np.column_stack([v, v])
np.tile(a, 2)
np.tile(v, (2, 3))
np.repeat(a, 2)
np.repeat(a, 3, axis=0)
np.repeat(a, [1, 2, 0, 1], axis=1)
np.pad(a, 1)
np.pad(a, ((1, 2), (0, 3)))
np.pad(t, (1, 2))
np.broadcast_to(v, (3, 4))
np.atleast_1d(3.0)
np.atleast_2d(v)
np.atleast_3d(a)
np.flip(a, 0)
np.fliplr(a)
np.flipud(a)
np.roll(a, 1, axis=1)
np.diff(a)
np.diff(a, n=2, axis=0)
np.append(a, a)
np.append(a, a, axis=0)
np.triu(m)
np.sum(a)
np.sum(a, axis=0)
np.sum(t, axis=(0, 2))
np.sum(t, axis=-1, keepdims=True)
np.mean(i32, axis=1)
np.std(a, axis=0)
np.var(t)
np.max(a, axis=1)
np.min(t, axis=(1, 2))
np.prod(i32, axis=0)
np.any(a > 0, axis=0)
np.all(flags)
np.median(a, axis=0)
np.average(a, axis=1)
np.percentile(a, 50, axis=0)
np.quantile(a, [0.25, 0.75], axis=1)
np.count_nonzero(a, axis=0)
np.nansum(a, axis=1)
np.nanmean(t, axis=0)
np.argmax(a)
np.argmax(a, axis=1)
np.argmin(t, axis=0)
np.cumsum(a)
np.cumsum(a, axis=1)
np.cumprod(i32, axis=0)
np.sort(a)
np.sort(a, axis=0)
np.sort(a, axis=None)
np.argsort(a, axis=0)
np.bincount(v)
np.take(a, [0, 2])
np.take(a, [0, 2], axis=1)
np.searchsorted(v, [1, 2, 3])
np.shape(t)
np.ndim(t)
np.size(t)
np.float32(a)
np.linalg.inv(m)
np.linalg.det(m)
np.linalg.solve(m, np.ones(3))
np.linalg.solve(m, np.ones((3, 2)))
np.linalg.norm(a)
np.linalg.norm(a, axis=1)
np.linalg.norm(a, axis=0, keepdims=True)
np.linalg.cholesky(m)
np.linalg.pinv(a)
np.linalg.matrix_rank(a)
np.linalg.matrix_power(m, 3)
np.linalg.eigvalsh(m)
np.linalg.eigvals(m)
np.random.rand(3, 2)
np.random.randn(4)
np.random.random((2, 2))
np.random.normal(0, 1, size=(3, 3))
np.random.normal(v, 1.0)
np.random.uniform(size=5)
np.random.randint(0, 10, size=(2, 3))
np.random.choice(10, size=3, replace=False)
np.random.permutation(5)
np.random.permutation(a)
rng.normal(size=(2, 3))
rng.standard_normal((4,))
rng.random(3)
rng.integers(0, 5, size=7)
rng.uniform(0, 1, size=(2, 2))
rng.choice(a, size=2)
rng.permutation(4)
rng.exponential(1.0, size=3)
a.sum()
a.sum(axis=1)
a.mean(axis=0, keepdims=True)
a.std()
a.max(axis=0)
a.argmax(axis=1)
a.cumsum(axis=0)
a.argsort()
a.reshape(4, 3)
a.reshape((2, -1))
a.ravel()
a.flatten()
a.transpose()
a.transpose(1, 0)
t.transpose((2, 0, 1))
t.swapaxes(0, 1)
np.ones((1, 4)).squeeze()
a.repeat(2, axis=0)
a.copy()
a.astype(np.int8)
a.astype(float)
a.dot(b)
a.clip(0, 1)
a.round(1)
a.take([1], axis=0)
a.T
t.T
a.real
-a
~flags
a + 1
1 + a
a * v
v - a
a / 2
2 ** a
i32 // 3
i32 % 2
a @ b
v @ v
t @ b
a @ v
a > 0.5
0.5 < a
a == v
flags & flags
a[0]
a[-1]
a[1:]
a[::2, 1:3]
a[:, None, :]
a[..., 0]
t[0, ..., 1]
t[:, [0, 2]]
a[[0, 2], [1, 3]]
a[flags]
a[a > 0][:2]
a[np.array([0, 1])]
v[None]
""".strip().splitlines()


def _numpy_result(expression: str) -> object:
    namespace: dict[str, object] = {}
    exec(PRELUDE, namespace)
    return eval(expression, namespace)


def _analysed(expression: str):
    source = PRELUDE + f"result = {expression}\n"
    interpretation = interpret(source, AnalysisSettings())
    line = source.count("\n")
    values = [
        value
        for key, value in interpretation.expression_values.items()
        if key[0] == line and key[1] == 0 and key[3] == len("result")
    ]
    assert values, "the assignment was not reached"
    return values[0], interpretation.diagnostics


@pytest.mark.parametrize("expression", EXPRESSIONS)
def test_binding_matches_numpy(expression: str) -> None:
    expected = _numpy_result(expression)
    value, diagnostics = _analysed(expression)
    assert diagnostics == ()
    if isinstance(expected, tuple) and not isinstance(expected, np.ndarray):
        assert value.describe().startswith("tuple")
        return
    if isinstance(expected, (np.ndarray, np.generic)):
        assert isinstance(value, ArrayValue), value.describe()
        assert shapes.contains(value.shape, np.shape(expected)), (value.shape, np.shape(expected))
        assert value.shape is not None
        assert value.dtype in (None, np.asarray(expected).dtype.name)
        return
    assert value.contains(expected), (value.describe(), expected)


FAILING = """
np.ones((3, 4)) + np.ones(5)
np.ones((3, 4)) @ np.ones((5, 2))
np.dot(np.ones((3, 4)), np.ones((5, 6)))
np.ones(12).reshape(5, -1)
np.concatenate([np.ones((3, 4)), np.ones((3, 5))])
np.stack([np.ones(3), np.ones(4)])
np.ones((3, 4)).sum(axis=2)
np.argmax(np.ones((3, 4)), axis=-3)
np.ones((3, 4))[5]
np.ones((3, 4))[:, 9]
np.split(np.ones(7), 3)
np.linalg.inv(np.ones((3, 4)))
np.linalg.solve(np.eye(3), np.ones(4))
np.einsum("ij,jk->ik", np.ones((3, 4)), np.ones((5, 6)))
np.swapaxes(np.ones((3, 4)), 0, 2)
np.expand_dims(np.ones((3, 4)), 4)
np.ones((3, 4)).transpose(1, 0, 2)
np.zeros((2, -1))
np.linspace(0, 1, -2)
np.random.choice(5, size=10, replace=False)
np.random.default_rng().choice(5, size=10, replace=False)
np.random.randint(5, 2)
np.broadcast_to(np.ones(3), (2, 4))
np.tile(np.ones((2, 2)), 2) @ np.ones((3, 1))
np.ones((2, 2)).item()
np.array([[1, 2], [3]])
np.where(np.ones(3) > 0, np.ones(4), 0)
np.clip(np.ones((3, 4)), np.zeros(5), 1)
np.vstack([np.ones(3), np.ones(4)])
np.pad(np.ones((3, 4)), ((1, 1), (1, 1), (1, 1)))
np.repeat(np.ones((3, 4)), [1, 2], axis=0)
np.ones((3, 4)).squeeze(0)
np.diag(np.ones((2, 2, 2)))
np.vdot(np.ones(3), np.ones(4))
np.linalg.norm(np.ones((2, 2, 2)), ord=2)
""".strip().splitlines()


@pytest.mark.parametrize("expression", FAILING)
def test_failing_call_is_reported_with_numpys_message(expression: str) -> None:
    with pytest.raises(Exception) as raised:
        _numpy_result(expression)
    result = analyse(PRELUDE + f"result = {expression}\n")
    messages = [diagnostic.message for diagnostic in result.diagnostics]
    assert messages == [str(raised.value)]


def test_at_least_120_functions_and_methods_are_modelled() -> None:
    names = modelled_names()
    assert len(names) >= 120
    assert len(set(names)) == len(names)
