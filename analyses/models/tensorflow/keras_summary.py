"""What ``model.summary()`` shows: a model's layers with their output shapes and weights.

A layer's weights (Keras 2.12's shapes, in its order) follow from its configuration and the
shapes of the tensors it was first called on. Known for ``Dense``, ``Conv1D/2D/3D``,
``Embedding``, ``SimpleRNN``/``LSTM``/``GRU`` (``GRU``'s ``reset_after`` bias of two rows),
``Bidirectional`` (forward then backward), ``BatchNormalization`` (gamma, beta trainable; the
moving mean and variance not), ``LayerNormalization``, ``MultiHeadAttention``,
``AdditiveAttention`` (its scale) and the layers without weights; unknown when an option that
changes the weights is given (``use_bias``, ``axis``, ...) or an input size is unknown.

A ``Sequential`` model's rows follow its layers from the declared input shape; a functional
model's are found by walking back from its outputs through the layer calls that made them (each
layer once, shared layers too), ordered by where each layer was constructed, the inputs first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...arrays import shapes
from ...arrays.dims import Dim
from ...arrays.shapes import Shape
from .keras_layers import (
    FAILED_LAYER,
    GLOBAL_POOLING,
    POOLING,
    LayerValue,
    output_through,
)
from .values import KerasNode, TensorValue, format_shape

Weight = tuple[tuple[int, ...], bool]
"""A weight's shape and whether it is trainable."""
WEIGHTLESS = (
    "Flatten",
    "Dropout",
    "Activation",
    "Reshape",
    "Attention",
    "Add",
    "Subtract",
    "Multiply",
    "Average",
    "Maximum",
    "Minimum",
    "Concatenate",
    "Dot",
    *POOLING,
    *GLOBAL_POOLING,
)
MAX_LAYERS = 256


def _ints(*values: object) -> bool:
    return all(isinstance(value, int) for value in values)


def _recurrent(kind: str, units: object, features: Dim) -> list[Weight] | None:
    if not _ints(units, features):
        return None
    assert isinstance(units, int) and isinstance(features, int)
    gates = {"SimpleRNN": 1, "GRU": 3, "LSTM": 4}[kind]
    bias = (2, gates * units) if kind == "GRU" else (gates * units,)
    return [((features, gates * units), True), ((units, gates * units), True), (bias, True)]


def layer_weights(layer: LayerValue, inputs: Sequence[Shape]) -> list[Weight] | None:
    """The weights ``layer`` makes when first called on tensors of ``inputs`` shapes; ``None``
    when unknown."""
    if layer.kind in WEIGHTLESS:
        return []
    if layer.option("plain_weights") is not True or not inputs or inputs[0] is None:
        return None
    shape = inputs[0]
    if not shape:
        return None
    last = shape[-1]
    if layer.kind == "Dense":
        units = layer.option("units")
        return [((last, units), True), ((units,), True)] if _ints(last, units) else None  # type: ignore[list-item]
    if layer.kind.startswith("Conv"):
        window, filters = layer.option("window"), layer.option("filters")
        if not isinstance(window, tuple) or not _ints(*window, last, filters):
            return None
        if layer.option("channels_first"):
            return None
        return [((*window, last, filters), True), ((filters,), True)]  # type: ignore[list-item]
    if layer.kind == "Embedding":
        size, width = layer.option("input_dim"), layer.option("output_dim")
        return [((size, width), True)] if _ints(size, width) else None  # type: ignore[list-item]
    if layer.kind in ("SimpleRNN", "LSTM", "GRU"):
        return _recurrent(layer.kind, layer.option("units"), last)
    if layer.kind == "Bidirectional":
        inner = layer.option("layer")
        if not isinstance(inner, LayerValue):
            return None
        one = layer_weights(inner, inputs)
        return None if one is None else one + one
    if layer.kind in ("BatchNormalization", "LayerNormalization"):
        if not isinstance(last, int):
            return None
        trainable = [((last,), True), ((last,), True)]
        if layer.kind == "LayerNormalization":
            return trainable
        return [*trainable, ((last,), False), ((last,), False)]
    if layer.kind == "AdditiveAttention":
        return [((last,), True)] if isinstance(last, int) else None
    if layer.kind == "MultiHeadAttention":
        return _multi_head(layer, inputs)
    return None


def _multi_head(layer: LayerValue, inputs: Sequence[Shape]) -> list[Weight] | None:
    if len(inputs) < 2 or any(shape is None or not shape for shape in inputs):
        return None
    query, value = inputs[0][-1], inputs[1][-1]  # type: ignore[index]
    key = inputs[2][-1] if len(inputs) > 2 else value  # type: ignore[index]
    heads, size = layer.option("heads"), layer.option("key_dim")
    value_size = layer.option("value_dim") or size
    output = layer.option("output_shape")
    out = query if output is False else output
    if not _ints(query, value, key, heads, size, value_size, out):
        return None
    return [
        ((query, heads, size), True),
        ((heads, size), True),
        ((key, heads, size), True),
        ((heads, size), True),
        ((value, heads, value_size), True),
        ((heads, value_size), True),
        ((heads, value_size, out), True),
        ((out,), True),
    ]  # type: ignore[list-item]


def count(weights: list[Weight] | None) -> int | None:
    if weights is None:
        return None
    total = 0
    for shape, _ in weights:
        size = shapes.size(shape)
        if not isinstance(size, int):
            return None
        total += size
    return total


@dataclass(frozen=True)
class Row:
    """One line of the summary: the layer (``None`` for an input), its output shape and
    weights."""

    layer: LayerValue | None
    output: Shape
    weights: list[Weight] | None

    @property
    def params(self) -> int | None:
        return count(self.weights)

    def text(self) -> str:
        if self.layer is None:
            title = "(InputLayer)"
        else:
            title = f"{self.layer.name} ({self.layer.kind})" if self.layer.name else self.layer.kind
        shown = "?" if self.output is None else format_shape(self.output)
        params = self.params
        return f"{title:<28} {shown:<22} {'?' if params is None else params}"


def sequential_rows(layers: list[LayerValue], declared: Shape) -> list[Row] | None:
    """The rows of a ``Sequential`` model of ``layers`` with the ``declared`` input shape."""
    if declared is None or len(layers) > MAX_LAYERS:
        return None
    rows = []
    current: Shape | object = declared
    for layer in layers:
        if current is FAILED_LAYER or current is None:
            return None
        after = output_through(layer, current, True)  # type: ignore[arg-type]
        rows.append(
            Row(layer, None if after is FAILED_LAYER else after, layer_weights(layer, [current]))
        )  # type: ignore[list-item]
        current = after
    return rows


def _same_tensor(first: TensorValue, second: TensorValue) -> bool:
    return first == second and first.established == second.established


def functional_rows(
    inputs: Sequence[TensorValue], outputs: Sequence[TensorValue]
) -> list[Row] | None:
    """The rows of a functional model, or ``None`` when an output was not made by known layer
    calls from the inputs."""
    found: dict[tuple[object, ...], tuple[LayerValue, KerasNode, TensorValue]] = {}
    stack = list(outputs)
    seen: set[int] = set()
    while stack:
        tensor = stack.pop()
        if any(_same_tensor(tensor, item) for item in inputs):
            continue
        node = tensor.history
        if node is None or not isinstance(node.layer, LayerValue) or len(found) > MAX_LAYERS:
            return None
        if id(node) in seen:
            continue
        seen.add(id(node))
        layer = node.layer
        found.setdefault((layer.site, layer.kind, layer.config), (layer, node, tensor))
        stack.extend(node.inputs)
    depths: dict[int, int] = {}

    def depth(tensor: TensorValue, level: int = 0) -> int:
        node = tensor.history
        if node is None or level > MAX_LAYERS:
            return 0
        if id(node) not in depths:
            depths[id(node)] = 1 + max((depth(item, level + 1) for item in node.inputs), default=0)
        return depths[id(node)]

    rows = [Row(None, item.shape, []) for item in inputs]
    ordered = sorted(found.values(), key=lambda entry: (depth(entry[2]), _position(entry[0])))
    for layer, node, tensor in ordered:
        weights = layer_weights(layer, [item.shape for item in node.inputs])
        rows.append(Row(layer, tensor.shape, weights))
    return rows


def _position(layer: LayerValue) -> tuple[int, int]:
    site = layer.site
    return (site.start.line, site.start.character) if site is not None else (-1, -1)


def summary(title: str, rows: list[Row] | None) -> str:
    """The hover text: ``title`` then the rows and the total parameter count."""
    if rows is None:
        return title
    lines = [title, f"{'Layer (type)':<28} {'Output Shape':<22} Param #"]
    lines += [row.text() for row in rows]
    total = total_params(rows)
    lines.append(f"Total params: {'?' if total is None else total}")
    return "\n".join(lines)


def total_params(rows: list[Row] | None) -> int | None:
    if rows is None:
        return None
    counts = [row.params for row in rows]
    if any(item is None for item in counts):
        return None
    return sum(counts)  # type: ignore[arg-type]


def weight_shapes(rows: list[Row] | None, trainable_only: bool) -> list[tuple[int, ...]] | None:
    """The shapes of ``model.trainable_variables`` (or of all its weights), in order; ``None``
    when unknown."""
    if rows is None:
        return None
    result: list[tuple[int, ...]] = []
    for row in rows:
        if row.weights is None:
            return None
        result += [shape for shape, trainable in row.weights if trainable or not trainable_only]
    return result
