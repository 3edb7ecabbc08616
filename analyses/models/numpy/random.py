"""The model of ``numpy.random``: the legacy functions and ``default_rng()`` Generators.

Sampling functions return a Python scalar when ``size`` is omitted and every distribution
parameter is a scalar, otherwise an array of ``size`` (checked against array-valued parameters)
or of the parameters' broadcast shape.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...arrays import creation, dtypes, size_limits
from ...arrays.dims import Dim
from ...arrays.errors import ARGUMENT, CertainShapeError
from ...domains.base import TOP, AbstractValue
from ...domains.bools import BoolValue
from ...domains.none import NONE
from ...domains.numbers import FloatValue, IntValue
from ...interpreter.natives import CallContext, NativeFunction, NativeValue
from ..calls import FAILED, ModelCall, Operand, int_of
from ..support import Impl, finish, operand
from ..values import DimValue

LEGACY_SAMPLE_MESSAGE = "Cannot take a larger sample than population when 'replace=False'"
GENERATOR_SAMPLE_MESSAGE = "Cannot take a larger sample than population when replace is False"


def _size(call: ModelCall, index: int | None) -> tuple[Dim, ...] | object | None:
    """The ``size`` argument: ``None`` when omitted, a tuple of dims, or ``TOP`` when unknown."""
    value = call.arg(index, "size")
    if value is None or value is call.ctx.NONE:
        return None
    sizes = call.dims_of(value)
    return TOP if sizes is None else sizes


def sampler(parameters: tuple[tuple[str, bool], ...], dtype: str) -> Impl:
    """A distribution with parameters ``(name, has_default)`` followed by ``size``."""

    def impl(call: ModelCall) -> AbstractValue:
        shapes_: list = []
        for index, (name, _) in enumerate(parameters):
            value = call.arg(index, name)
            if value is None:
                continue
            converted = operand(call, index, name)
            if converted is FAILED:
                return TOP
            if not isinstance(converted, Operand):
                return call.array(None, dtype)
            shapes_.append(converted)
        size = _size(call, len(parameters))
        if size is TOP:
            return call.array(None, dtype)
        if size is None and all(part.shape == () for part in shapes_):
            return FloatValue() if dtype == dtypes.FLOAT64 else IntValue()
        shape = call.run(
            lambda: creation.sample_shape(size, [part.shape for part in shapes_]),  # type: ignore[arg-type]
            shapes_,
        )
        return finish(call, shape, dtype)

    return impl


def dims_sampler(call: ModelCall) -> AbstractValue:
    """``rand(d0, d1, ...)`` / ``randn(d0, d1, ...)``: a float without arguments."""
    if not call.args:
        return FloatValue()
    sizes = tuple(int_of(value) for value in call.args)
    shape = call.run(lambda: creation.shape_argument(sizes, dtypes.FLOAT64))
    return finish(call, shape, dtypes.FLOAT64)


def integers(legacy: bool) -> Impl:
    """``randint(low, high=None, size=None)`` / ``Generator.integers(low, high=None, size=None)``."""

    def impl(call: ModelCall) -> AbstractValue:
        low, high = int_of(call.arg(0, "low")), call.arg(1, "high")
        high_value = None if high is None or high is call.ctx.NONE else int_of(high)
        if legacy and isinstance(low, int) and isinstance(high_value, int) and low >= high_value:
            call.report(CertainShapeError(ARGUMENT, "low >= high", ()), [])
            return TOP
        size = _size(call, 2)
        bounds = [value for value in (call.arg(0, "low"), high) if value not in (None, NONE)]
        if not all(isinstance(value, SCALARS) for value in bounds):
            return _array_bounds(call, bounds, size)
        if size is None:
            return IntValue()
        if size is TOP:
            return call.array(None, dtypes.INT64)
        shape = call.run(lambda: creation.shape_argument(size, dtypes.INT64))  # type: ignore[arg-type]
        return finish(call, shape, dtypes.INT64)

    return impl


SCALARS = (IntValue, BoolValue, DimValue, FloatValue)


def _array_bounds(
    call: ModelCall, bounds: list[AbstractValue], size: tuple[Dim, ...] | object | None
) -> AbstractValue:
    """``randint(low, high, size)`` with bounds that may be arrays: NumPy broadcasts them with
    ``size`` like distribution parameters (the shape is unknown when a bound's shape is; a
    mismatch is left unreported: NumPy words it with its own argument numbering)."""
    converted = [call.run(lambda value=value: call.operand(value)) for value in bounds]
    if FAILED in converted:
        return TOP
    if size is TOP or not all(isinstance(part, Operand) for part in converted):
        return call.array(None, dtypes.INT64)
    try:
        shape = creation.sample_shape(size, [part.shape for part in converted])  # type: ignore[arg-type, union-attr]
    except CertainShapeError:
        shape = None
    return call.array(shape, dtypes.INT64)


def choice(legacy: bool) -> Impl:
    """``choice(a, size=None, replace=True, p=None)``."""

    def impl(call: ModelCall) -> AbstractValue:
        population_value = call.arg(0, "a")
        population: Dim
        rest: tuple[Dim, ...] = ()
        if isinstance(population_value, IntValue):
            population, dtype = int_of(population_value), dtypes.INT64
        else:
            source = operand(call, 0, "a")
            if not isinstance(source, Operand) or source.shape is None or len(source.shape) == 0:
                return TOP
            if legacy and len(source.shape) != 1:
                call.report(CertainShapeError(ARGUMENT, "a must be 1-dimensional", (0,)), [source])
                return TOP
            population, dtype, rest = source.shape[0], source.dtype, source.shape[1:]
        size = _size(call, 1)
        replace = call.boolean(call.arg(2, "replace"), True)
        if size is None:
            if rest:
                return call.array(rest, dtype)
            return IntValue() if isinstance(population_value, IntValue) else TOP
        if size is TOP:
            return call.array(None, dtype)
        assert isinstance(size, tuple)
        total = 1
        known = all(isinstance(dim, int) for dim in size)
        for dim in size:
            total *= dim if isinstance(dim, int) else 1
        if replace is False and known and isinstance(population, int) and total > population:
            message = LEGACY_SAMPLE_MESSAGE if legacy else GENERATOR_SAMPLE_MESSAGE
            call.report(CertainShapeError(ARGUMENT, message, (0,)), [])
            return TOP
        if not all(size_limits.fits_int64(dim) for dim in size):
            # ``choice`` multiplies the sizes as C longs first: another error than creation's.
            return call.array(None, dtype)
        shape = call.run(lambda: creation.shape_argument(size))
        if shape is FAILED:
            return TOP
        return call.array((*size, *rest), dtype)

    return impl


def permutation(call: ModelCall) -> AbstractValue:
    """``permutation(x)``: ``arange(x)`` shuffled, or a shuffled copy of an array."""
    value = call.arg(0, "x")
    if isinstance(value, IntValue):
        return call.array((int_of(value),), dtypes.INT64)
    source = operand(call, 0, "x")
    if not isinstance(source, Operand):
        return TOP if source is FAILED else call.array(None, None)
    return call.array(source.shape, source.dtype)


def returns_none(call: ModelCall) -> AbstractValue:
    """``shuffle``/``seed``: in place, returns ``None``."""
    return call.ctx.NONE


FLOAT = dtypes.FLOAT64
SHARED: dict[str, Impl] = {
    "normal": sampler((("loc", True), ("scale", True)), FLOAT),
    "uniform": sampler((("low", True), ("high", True)), FLOAT),
    "standard_normal": sampler((), FLOAT),
    "exponential": sampler((("scale", True),), FLOAT),
    "beta": sampler((("a", False), ("b", False)), FLOAT),
    "gamma": sampler((("shape", False), ("scale", True)), FLOAT),
    "laplace": sampler((("loc", True), ("scale", True)), FLOAT),
    "lognormal": sampler((("mean", True), ("sigma", True)), FLOAT),
    "binomial": sampler((("n", False), ("p", False)), dtypes.INT64),
    "poisson": sampler((("lam", True),), dtypes.INT64),
    "permutation": permutation,
    "shuffle": returns_none,
}

LEGACY: dict[str, Impl] = {
    **SHARED,
    "rand": dims_sampler,
    "randn": dims_sampler,
    "random": sampler((), FLOAT),
    "random_sample": sampler((), FLOAT),
    "sample": sampler((), FLOAT),
    "randint": integers(True),
    "choice": choice(True),
    "seed": returns_none,
}

GENERATOR: dict[str, Impl] = {
    **SHARED,
    "random": sampler((), FLOAT),
    "integers": integers(False),
    "choice": choice(False),
    "permuted": permutation,
}


@dataclass(frozen=True, slots=True)
class GeneratorValue(NativeValue):
    """A ``numpy.random.Generator`` (from ``default_rng()``)."""

    def attribute(self, name: str, ctx: CallContext) -> AbstractValue:
        method = GENERATOR.get(name)
        if method is None:
            return TOP

        def bound(ctx: CallContext) -> AbstractValue:
            return method(ModelCall(ctx, name, list(ctx.args), dict(ctx.kwargs)))

        return NativeFunction(f"Generator.{name}", bound)

    def describe(self) -> str:
        return "numpy.random.Generator"


def default_rng(call: ModelCall) -> AbstractValue:
    """``default_rng(seed=None)``."""
    return GeneratorValue()


LEGACY["default_rng"] = default_rng
