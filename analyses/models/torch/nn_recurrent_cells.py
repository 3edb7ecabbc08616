"""The recurrent cells of ``torch.nn``: ``RNNCell``, ``GRUCell`` and ``LSTMCell`` (one time step).

A cell takes an input ``(N, input_size)`` (or ``(input_size,)`` unbatched) and a state ``hx``:
a tensor ``(N, hidden_size)`` for ``RNNCell``/``GRUCell``, a pair ``(h, c)`` of them for
``LSTMCell``, or nothing (zeros). It returns the next state: ``h'`` (``(h', c')`` for
``LSTMCell``), ``(N, hidden_size)`` or ``(hidden_size,)``. The checks are torch 2.13's, in its
order: the ranks (Python, ``RNNCellBase`` subclasses' ``forward``), then the input's size, then
each state's batch and width (``check_rnn_cell_forward_input``/``_hidden`` in ATen). A single
tensor given to ``LSTMCell`` fails with a batched input (``lstm_cell`` wants a tuple); with an
unbatched one, and for a state whose rank differs from the input's, the result is unknown.
"""

from __future__ import annotations

from collections.abc import Callable

from ...arrays.dims import UNKNOWN, Dim
from ...arrays.errors import AXIS
from ...domains.base import TOP, AbstractValue
from ...interpreter.natives import CallContext
from . import nn_messages as words
from .nn_base import (
    LayerValue,
    Silent,
    certainly_differ,
    fail,
    floating,
    int_argument,
    make_layer,
    require,
    run_rule,
    tensor_input,
)
from .nn_recurrent_state import GivenState, read_state, state_operand
from .values import TorchTensor

CELLS = ("RNNCell", "GRUCell", "LSTMCell")


def _states(
    kind: str, batched: bool, state: GivenState | None
) -> list[tuple[str, tuple[Dim, ...]]] | None:
    """The state tensors with the name PyTorch's rank check gives each (``[]`` for no state);
    ``None`` when they are not known. A single tensor given to ``LSTMCell`` fails its rows'
    rank check or, for a batched input, ``lstm_cell``'s argument check."""
    if state is None:
        return []
    if kind != "LSTMCell":
        return None if state.whole is None else [("hidden", state.whole)]
    if state.whole is not None:
        _check_rows(state.whole, batched)
        return None
    if state.parts is None or len(state.parts) != 2:
        return None
    named = []
    for index, shape in enumerate(state.parts):
        if shape is None:
            return None
        named.append((f"hx[{index}]", shape))
    return named


def _check_rows(whole: tuple[Dim, ...], batched: bool) -> None:
    """``LSTMCell.forward`` checks each row of a tensor given as ``hx`` (``enumerate(hx)``),
    then hands a batched input's ``hx`` to ``lstm_cell``, which wants a tuple."""
    if not whole:
        raise Silent
    rows = whole[0]
    if len(whole) - 1 not in (1, 2):
        if not isinstance(rows, int):
            raise Silent
        if rows > 0:
            raise fail(AXIS, words.cell_rank("LSTMCell", "hx[0]", len(whole) - 1), (1,))
    if batched:
        raise fail(words.LAYER, words.CELL_STATE_TUPLE, (1,))


def cell_shape(
    layer: LayerValue, shape: tuple[Dim, ...], state: GivenState | None
) -> tuple[Dim, ...] | None:
    """The shape of the next state (each of ``h'`` and ``c'``) for an input of ``shape``;
    ``None`` when the state is not known well enough."""
    if len(shape) not in (1, 2):
        raise fail(AXIS, words.cell_rank(layer.kind, "input", len(shape)))
    states = _states(layer.kind, len(shape) == 2, state)
    if states is None:
        return None
    for name, given in states:
        if len(given) not in (1, 2):
            raise fail(AXIS, words.cell_rank(layer.kind, name, len(given)), (1,))
    if any(len(given) != len(shape) for _, given in states):
        return None
    hidden = layer.option("hidden_size")
    width: Dim = hidden if isinstance(hidden, int) else UNKNOWN
    expected = layer.option("input_size")
    size: Dim = expected if isinstance(expected, int) else UNKNOWN
    require(
        certainly_differ(shape[-1], size),
        lambda: fail(AXIS, words.cell_input_size(shape[-1], size)),
        shape[-1],
        size,
    )
    batch = shape[0] if len(shape) == 2 else 1
    for label, (_, given) in enumerate(states):
        given_batch = given[0] if len(given) == 2 else 1
        require(
            certainly_differ(batch, given_batch),
            lambda label=label, given_batch=given_batch: fail(
                AXIS, words.cell_batch(batch, label, given_batch), (0, 1)
            ),
            batch,
            given_batch,
        )
        require(
            certainly_differ(given[-1], width),
            lambda label=label, given=given: fail(
                AXIS, words.cell_hidden_size(label, given[-1], width), (1,)
            ),
            given[-1],
            width,
        )
    return (shape[0], width) if len(shape) == 2 else (width,)


def _cell_forward(layer: LayerValue, ctx: CallContext) -> AbstractValue:
    source = tensor_input(ctx)
    if source is None:
        return TOP
    assert source.shape is not None
    value = ctx.arg(1, "hx")
    state = read_state(ctx, value)
    found = run_rule(
        ctx,
        lambda: cell_shape(layer, source.shape, state),  # type: ignore[arg-type]
        [source, state_operand(value, ctx)],
    )
    if not isinstance(found, tuple):
        return TOP
    dtype = floating(source.dtype)
    span = ctx.span()
    if layer.kind == "LSTMCell":
        return ctx.make_tuple([TorchTensor(found, dtype, span), TorchTensor(found, dtype, span)])
    return TorchTensor(found, dtype, span)


def cell(kind: str) -> Callable[[CallContext], AbstractValue]:
    """``RNNCell``/``GRUCell``/``LSTMCell(input_size, hidden_size, bias=True, ...)``."""

    def construct(ctx: CallContext) -> AbstractValue:
        config: dict[str, object] = {
            "input_size": int_argument(ctx, 0, "input_size"),
            "hidden_size": int_argument(ctx, 1, "hidden_size"),
        }
        return make_layer(kind, config, _cell_forward)

    return construct


LAYERS: dict[str, Callable[[CallContext], AbstractValue]] = {kind: cell(kind) for kind in CELLS}
