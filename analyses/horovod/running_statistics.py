"""Batch-normalisation running statistics, averaged over the ranks once training ends.

Horovod averages gradients, so every rank's parameters stay equal; but a BatchNorm layer's
running mean and variance (PyTorch buffers, Keras ``moving_mean``/``moving_variance``) are
updated in the forward pass from the rank's own batches, so after training each rank holds a
different model (the Horovod maintainers: statistics stay per worker, horovod/horovod#49).
``hvd.SyncBatchNorm`` (PyTorch) runs only on GPUs and would replace the user's layers. The
rewrite instead averages the statistics over the ranks right after the training: for equal
batch sizes the averaged running mean is exactly the running mean of the global batches (the
update is linear), the averaged variance the mean of the ranks' variances.

Planned only when the module builds a batch-normalisation layer (or a torchvision / Keras
applications model, which contain them), for each model whose parameters are trained here
(a PyTorch optimizer's ``model.parameters()``; a Keras ``apply_gradients`` of
``model.trainable_variables`` or a ``fit``), in the function (or module code) where that model
is named: the averaging goes after the last statement there that trains (the outermost loop
around the optimizer step or around a call of a training function, else that statement), so
every rank reaches it once per run of that function. A model trained elsewhere than where it
is named is left alone (its statistics stay per rank).
"""

from __future__ import annotations

import ast
from collections.abc import Callable

from .edits import InsertAfter, StatementEdit
from .survey import FunctionNode, Survey

TORCH_BATCH_NORM: frozenset[str] = frozenset(
    {
        "torch.nn.BatchNorm1d", "torch.nn.BatchNorm2d", "torch.nn.BatchNorm3d",
        "torch.nn.SyncBatchNorm",
    }
)  # fmt: skip
TORCHVISION_MODELS_PREFIX = "torchvision.models."
KERAS_BATCH_NORM: frozenset[str] = frozenset(
    {"keras.layers.BatchNormalization", "keras.layers.experimental.SyncBatchNormalization"}
)
KERAS_APPLICATIONS_PREFIX = "keras.applications."

TORCH_AVERAGE_FUNCTION = """def {name}(model):
    # Each rank's BatchNorm layers keep running statistics of its own batches (Horovod averages
    # gradients, not buffers): average them so that every rank holds the same model.
    for module in model.modules():
        for statistic in ("running_mean", "running_var"):
            buffer = getattr(module, statistic, None)
            if isinstance(buffer, {torch}.Tensor):
                hvd.allreduce_(buffer, op=hvd.Average)
"""
KERAS_AVERAGE_FUNCTION = """def {name}(model):
    # Each rank's BatchNormalization layers keep moving statistics of its own batches (Horovod
    # averages gradients, not these): average them so that every rank holds the same model.
    for layer in model.submodules:
        if isinstance(layer, {tf}.keras.layers.BatchNormalization):
            for statistic in (layer.moving_mean, layer.moving_variance):
                statistic.assign(hvd.allreduce(statistic, op=hvd.Average))
"""


class RunningStatisticsPlanning:
    """The averaging rule, mixed into both planners, whose tables and helpers it uses."""

    survey: Survey
    training_functions: set[str]
    prelude_definitions: list[str]
    call_path: Callable[[ast.Call], str | None]
    fresh: Callable[[str], str]
    edit_statement: Callable[[ast.stmt, StatementEdit], None]

    def _builds_batch_norm(self, layers: frozenset[str], models_prefix: str) -> bool:
        """True when a call in the module builds one of ``layers`` or a model under
        ``models_prefix`` (canonical paths)."""
        for call in self.survey.calls:
            called = self.call_path(call) or ""
            if called in layers or called.startswith(models_prefix):
                return True
        return False

    def _plan_running_statistics(
        self,
        models: list[tuple[str, FunctionNode | None]],
        sites: list[ast.AST],
        average_function: str,
        framework_name: str,
    ) -> None:
        """For each (model source text, scope where it is named): average the model's
        statistics after the last statement of that scope that trains, through one of
        ``sites`` or a training function (see the module docstring). ``average_function`` is
        the helper's template, ``framework_name`` the name through which it reaches ``torch``
        or TensorFlow."""
        placed: dict[str, ast.stmt] = {}
        for model, scope in models:
            anchor = self._last_training_statement(scope, sites)
            if anchor is not None and model not in placed and not self.survey.is_inline(anchor):
                placed[model] = anchor
        if not placed:
            return
        function = self.fresh("hvd_average_running_statistics")
        self.prelude_definitions.append(
            average_function.format(name=function, torch=framework_name, tf=framework_name)
        )
        for model, anchor in placed.items():
            self.edit_statement(anchor, InsertAfter((f"{function}({model})",)))

    def _last_training_statement(
        self, scope: FunctionNode | None, sites: list[ast.AST]
    ) -> ast.stmt | None:
        """The last statement of ``scope`` that trains: for each of ``sites`` and each call (by
        plain name) of a training function in ``scope``, the outermost loop of ``scope`` around
        it, else its statement."""
        nodes: list[ast.AST] = list(sites)
        nodes.extend(
            call
            for call in self.survey.calls
            if isinstance(call.func, ast.Name) and call.func.id in self.training_functions
        )
        anchors: list[ast.stmt] = []
        for node in nodes:
            context = self.survey.contexts[node]
            if context.function is not scope or context.statement is None:
                continue
            anchors.append(context.loops[0] if context.loops else context.statement)
        if not anchors:
            return None
        return max(anchors, key=lambda statement: (statement.end_lineno or 0, statement.lineno))
