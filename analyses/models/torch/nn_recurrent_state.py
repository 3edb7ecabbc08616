"""The initial state given to ``RNN``/``GRU`` (``hx``, a tensor) and ``LSTM`` (``(h_0, c_0)``), as
torch 2.13's ``RNNBase.forward``/``LSTM.forward`` and ``check_forward_args`` check it.

In PyTorch's order: the state's rank must fit the input's (3-D for a batched input, 2-D for an
unbatched one, which is then given a batch of 1 at dim 1); after the input's own checks, each
state must have the size ``(D * num_layers, batch, H)`` (``H`` is ``proj_size`` for an LSTM's
``h_0`` when given, ``hidden_size`` otherwise). A single tensor given to an ``LSTM`` is indexed as
the pair it should be (``hx[0]``, ``hx[1]``): its first size decides which failure comes first.

A state of unknown rank is not checked; a size that is not a constant makes a certain failure
silent (:class:`.nn_base.Silent`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...arrays.dims import UNKNOWN, Dim
from ...arrays.errors import AXIS, INDEX
from ...domains.base import AbstractValue
from ...domains.none import NONE
from ...interpreter.natives import CallContext
from . import messages
from . import nn_messages as words
from .convert import TorchOperand, operand
from .nn_base import LayerValue, Silent, certainly_differ, fail, require
from .values import TorchTensor


@dataclass(frozen=True)
class GivenState:
    """The state argument as the model knows it: ``parts`` holds the shape of each tensor of a
    tuple or list (``None`` for an item that is not a known tensor), ``whole`` the shape of a
    single tensor."""

    parts: tuple[tuple[Dim, ...] | None, ...] | None
    whole: tuple[Dim, ...] | None


@dataclass(frozen=True)
class StateSize:
    """One state to compare with its expected size: PyTorch's ``label`` for it, its shape (with
    an unbatched state's batch of 1 inserted) and the width it must have."""

    label: str
    shape: tuple[Dim, ...]
    width: Dim


def read_state(ctx: CallContext, value: AbstractValue | None) -> GivenState | None:
    """The ``hx`` argument; ``None`` when absent or ``None`` (PyTorch then uses zeros)."""
    if value is None or value is NONE:
        return None
    if isinstance(value, TorchTensor):
        return GivenState(None, value.shape)
    items = ctx.sequence_items(value)
    if items is None:
        return GivenState(None, None)
    return GivenState(
        tuple(item.shape if isinstance(item, TorchTensor) else None for item in items), None
    )


def _indexed_pair(whole: tuple[Dim, ...]) -> tuple[tuple[Dim, ...], tuple[Dim, ...]] | None:
    """``hx[0]`` and ``hx[1]`` of a single tensor given to an ``LSTM`` (``None`` when its first
    size is unknown); an index out of bounds raises PyTorch's ``IndexError``."""
    if not whole:
        raise Silent
    first = whole[0]
    if not isinstance(first, int):
        return None
    for index in (0, 1):
        if first <= index:
            raise fail(INDEX, messages.index_bounds(index, 0, first), (1,))
    return whole[1:], whole[1:]


def state_sizes(
    layer: LayerValue, batched: bool, state: GivenState
) -> tuple[list[StateSize], bool] | None:
    """The states to compare with their expected sizes, and whether the layer's result is known
    once they fit (not when an ``LSTM`` got a single tensor: PyTorch's later checks of it are not
    modelled). Raises PyTorch's failure of a state whose rank does not fit; ``None`` when the
    state is not known well enough to check."""
    rank = 3 if batched else 2
    hidden = layer.option("hidden_size")
    projection = layer.option("proj_size")
    width: Dim = hidden if isinstance(hidden, int) else UNKNOWN
    out = projection if isinstance(projection, int) and projection > 0 else width
    if layer.kind != "LSTM":
        if state.whole is None:
            return None
        if len(state.whole) != rank:
            raise fail(AXIS, words.hidden_rank(batched, len(state.whole)), (1,))
        return [StateSize("hidden", _batched(state.whole, batched), out)], True
    if state.whole is not None:
        pair = _indexed_pair(state.whole)
        known_result = False
    elif state.parts is not None and len(state.parts) == 2:
        pair = (state.parts[0], state.parts[1])  # type: ignore[assignment]
        known_result = True
    else:
        return None
    if pair is None or pair[0] is None or pair[1] is None:
        return None
    first, second = pair
    if len(first) != rank or len(second) != rank:
        raise fail(AXIS, words.lstm_state_rank(batched, len(first), len(second)), (1,))
    return [
        StateSize("hidden[0]", _batched(first, batched), out),
        StateSize("hidden[1]", _batched(second, batched), width),
    ], known_result


def _batched(shape: tuple[Dim, ...], batched: bool) -> tuple[Dim, ...]:
    """An unbatched state as PyTorch checks it: ``unsqueeze(1)``."""
    return shape if batched else (shape[0], 1, *shape[1:])


def check_sizes(sizes: list[StateSize], stacked: Dim, batch: Dim) -> None:
    """``check_hidden_size`` of each state, in order: ``(stacked, batch, width)``."""
    for size in sizes:
        expected = (stacked, batch, size.width)
        differs = any(
            certainly_differ(got, wanted) for got, wanted in zip(size.shape, expected, strict=True)
        )
        require(
            differs,
            lambda size=size, expected=expected: fail(
                AXIS, words.hidden_size(size.label, expected, size.shape), (1,)
            ),
            expected,
            size.shape,
        )


def state_operand(state: AbstractValue | None, ctx: CallContext) -> TorchOperand | None:
    """The state tensor (an LSTM's ``h_0``, an ``LSTMCell``'s ``h``) whose shape a failure of
    the state names: the tensor given, or the first of the tuple given."""
    if isinstance(state, TorchTensor):
        return operand(state)
    items = ctx.sequence_items(state) if state is not None else None
    return operand(items[0]) if items else None
