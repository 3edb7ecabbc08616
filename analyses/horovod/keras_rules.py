"""The Keras rules of the TF2 planner: ``compile``'s optimizer wrapped in
``hvd.DistributedOptimizer`` (around the optimizer's construction when it has a name of its own),
``fit``/``evaluate``/``predict`` verbose on rank 0, the broadcast callback, ``steps_per_epoch``
divided.

Mixed into the planner (``plan._Planner``), whose tables and helpers it uses.
"""

from __future__ import annotations

import ast
from collections.abc import Callable

from ..facts import Diagnostic
from . import catalogue as known
from .call_parts import argument_of, has_unpacking, method_of
from .edits import (
    AddKeyword,
    ArgumentEdit,
    DistributedOptimizerCall,
    PrependBroadcastCallback,
    Rank0Verbose,
    Scale,
    WrapOptimizer,
)
from .survey import FunctionNode, Survey


class KerasPlanning:
    """The Keras rules of the planner (see the module docstring)."""

    survey: Survey
    values: dict[str, list[ast.expr]]
    distributed_creations: set[int]
    violations: list[Diagnostic]
    violate: Callable[[ast.AST, str, str, str], None]
    edit_call: Callable[[ast.Call, ArgumentEdit], None]
    function_of: Callable[[ast.AST], FunctionNode | None]
    statement_of: Callable[[ast.AST], ast.stmt | None]
    tf_reference: Callable[[], str]
    _is_model_method: Callable[[ast.Call, str], bool]
    _optimizer_class: Callable[[ast.Call], str | None]
    callbacks_include: Callable[[ast.expr, frozenset[str]], bool]

    def _plan_keras(self, fits: list[ast.Call]) -> None:
        compiled: set[str] = set()
        compiling_functions: set[str] = set()
        for call in self.survey.calls:
            if not self._is_model_method(call, "compile"):
                continue
            receiver = method_of(call)
            assert receiver is not None
            if isinstance(receiver[0], ast.Name):
                compiled.add(receiver[0].id)
            function = self.function_of(call)
            if function is not None:
                compiling_functions.add(function.name)
            self._plan_compile(call)
        for name, values in self.values.items():
            if any(
                isinstance(value, ast.Call)
                and isinstance(value.func, ast.Name)
                and value.func.id in compiling_functions
                for value in values
            ):
                compiled.add(name)
        for call in fits:
            receiver = method_of(call)
            assert receiver is not None
            if isinstance(receiver[0], ast.Name) and receiver[0].id not in compiled:
                self.violate(
                    call,
                    "Keras DistributedOptimizer",
                    f"{receiver[0].id} is trained with fit but compiled outside this file, so its "
                    "optimizer cannot be wrapped in hvd.DistributedOptimizer",
                    "call compile with the optimizer in this file",
                )

    def _plan_compile(self, call: ast.Call) -> None:
        optimizer, position, keyword = argument_of(call, 0, "optimizer")
        if has_unpacking(call):
            self.violate(
                call,
                "Keras DistributedOptimizer",
                "compile's arguments are unpacked, so its optimizer cannot be found",
                "pass optimizer= explicitly",
            )
            return
        keras = f"{self.tf_reference()}.keras.optimizers"
        if optimizer is None:
            self.edit_call(
                call,
                AddKeyword(
                    "optimizer",
                    f"hvd.DistributedOptimizer({keras}.RMSprop(learning_rate="
                    f"{known.DEFAULT_LEARNING_RATES['RMSprop']} * hvd.size()))",
                ),
            )
            return
        replacement = None
        if isinstance(optimizer, ast.Constant) and isinstance(optimizer.value, str):
            name = known.OPTIMIZER_STRINGS.get(optimizer.value.lower())
            if name is None:
                self.violate(
                    optimizer,
                    "Keras DistributedOptimizer",
                    f"the optimizer name {optimizer.value!r} is not known to tensorls",
                    "pass an optimizer object, e.g. tf.keras.optimizers.Adam(...)",
                )
                return
            rate = known.DEFAULT_LEARNING_RATES[name]
            replacement = f"{keras}.{name}(learning_rate={rate} * hvd.size())"
        elif isinstance(optimizer, ast.Name):
            created = self._sole_optimizer_creation(optimizer.id)
            if created is not None:
                if id(created) not in self.distributed_creations:
                    self.distributed_creations.add(id(created))
                    self.edit_call(created, DistributedOptimizerCall())
                return
        self.edit_call(call, WrapOptimizer(position, keyword, replacement))

    def _sole_optimizer_creation(self, name: str) -> ast.Call | None:
        """The constructor call of ``name = Optimizer(...)`` when that is the name's only
        assignment: wrapping it there makes every use of the name (checkpoints, learning-rate
        changes) see the optimizer that Keras trains with, since ``hvd.DistributedOptimizer``
        returns a new object."""
        values = self.values.get(name, [])
        if len(values) != 1 or not isinstance(values[0], ast.Call):
            return None
        created = values[0]
        statement = self.statement_of(created)
        if (
            self._optimizer_class(created) is None
            or not isinstance(statement, ast.Assign)
            or statement.value is not created
            or self.survey.is_inline(statement)
        ):
            return None
        return created

    def _acts_on_metrics(self, callbacks: ast.expr) -> bool:
        """The callbacks (a list, or names assigned lists, callbacks or appended to) include one
        that acts on each rank's own metrics (``EarlyStopping``, ``ReduceLROnPlateau``): ranks
        stopping or changing their rate at different epochs would diverge or hang, so the
        metrics must be averaged over the ranks first (Horovod's ``MetricAverageCallback``)."""
        return self.callbacks_include(callbacks, known.METRIC_CALLBACKS)

    def _plan_model_call(self, call: ast.Call, method: str) -> None:
        if has_unpacking(call):
            self.violate(
                call,
                "Keras rank-0 output",
                f"the arguments of {method} are unpacked, so verbose and callbacks cannot be set",
                "pass them explicitly",
            )
            return
        verbose, position, keyword = argument_of(call, known.VERBOSE_POSITION[method], "verbose")
        if isinstance(verbose, ast.Constant) and verbose.value == 0:
            pass
        elif verbose is None:
            self.edit_call(call, AddKeyword("verbose", "1 if hvd.rank() == 0 else 0"))
        else:
            self.edit_call(call, Rank0Verbose(position, keyword))
        if method != "fit":
            return
        callbacks, position, keyword = argument_of(call, known.FIT_CALLBACKS_POSITION, "callbacks")
        if callbacks is None:
            self.edit_call(
                call,
                AddKeyword("callbacks", "[hvd.callbacks.BroadcastGlobalVariablesCallback(0)]"),
            )
        else:
            self.edit_call(
                call,
                PrependBroadcastCallback(position, keyword, self._acts_on_metrics(callbacks)),
            )
        steps, position, keyword = argument_of(call, None, "steps_per_epoch")
        if steps is not None and not (isinstance(steps, ast.Constant) and steps.value is None):
            self.edit_call(call, Scale(position, keyword, "//"))
