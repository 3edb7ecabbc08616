"""The Horovod rewrite plan of one module, computed from its stdlib ``ast`` (no libcst).

The planner implements the draft's rules (seed 000, §2.2) with the deviations documented in
``docs/horovod.md``: it resolves names through imports (σ), recognises the training loop through
function summaries (§3), checks the restrictions the rewrite relies on (§2.1, §3.1) and lists the
edits the rewriter must make. It never reads files, imports user code or executes anything.

A plan with violations is never applied: the rewrite is refused as a whole, so it cannot emit code
that would train incorrectly.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable

from ..facts import Diagnostic, Severity
from ..text import SourceText
from . import catalogue as known
from . import rank0_files
from .call_parts import argument_of, has_unpacking, is_reference, method_of, names_in
from .edits import (
    AddKeyword,
    InsertAfter,
    InsertBefore,
    Scale,
    ScaleEach,
    WrapArgument,
    WrapInCall,
    WrapName,
)
from .full_batch import FullBatchSharding
from .keras_rules import KerasPlanning
from .names import canonical
from .planner_base import (
    KERAS_LOOP,
    NOT_SHARDED_CODE,
    TAPE_LOOP,
    Plan,
    PlannerBase,
    TrainingLoop,
)
from .rank0 import Rank0Planning
from .running_statistics import (
    KERAS_APPLICATIONS_PREFIX,
    KERAS_AVERAGE_FUNCTION,
    KERAS_BATCH_NORM,
    RunningStatisticsPlanning,
)
from .sharding import SHARD_FUNCTION, UNKNOWN_SOURCE_NOTE, ShardingPlanner
from .survey import FunctionNode, LoopNode
from .torch_plan import plan_torch_module


def plan_module(tree: ast.Module, text: SourceText) -> Plan:
    """Plan the rewrite of ``tree`` (whose source is ``text``). Never raises on a parsed module.

    A TF2 training loop is looked for first (only in modules whose text mentions TensorFlow or
    Keras); when there is none, a PyTorch one (see ``torch_plan``).
    """
    if "tensorflow" in text.text or "keras" in text.text:
        plan = _Planner(tree, text).plan()
        if plan.loops or plan.already_distributed:
            return plan
    return plan_torch_module(tree, text)


class _Planner(PlannerBase, KerasPlanning, Rank0Planning, RunningStatisticsPlanning):
    """The TF2 planner: the Keras and GradientTape rules over the shared planner state."""

    def __init__(self, tree: ast.Module, text: SourceText) -> None:
        super().__init__(tree, text)
        self.distributed_creations: set[int] = set()
        self.model_classes: set[str] = set()
        self.model_functions: set[str] = set()
        self.model_names: set[str] = set()
        self.flags: list[str] = []
        self.sharding = ShardingPlanner(self.survey, self.call_path, self.values)
        self.added_tf: str | None = None
        # Reads of full-batch arrays to split by rows (then learning rates are not scaled).
        self.full_batch_reads: list[ast.Name] = []
        self.kind = TAPE_LOOP
        # A Keras script calls horovod.tensorflow.broadcast_object (see broadcast_object_text).
        self.imports_horovod_tensorflow = False

    # -------------------------------------------------------------------------------- the plan

    def plan(self) -> Plan:
        if self.env.imports_horovod:
            return Plan(already_distributed=True)
        self.model_classes = self._model_classes()
        self._find_models()
        tape_withs = [w for w in self.survey.withs if self._tape_items(w)]
        apply_calls = [c for c in self.survey.calls if self._is_method(c, "apply_gradients")]
        fits = [c for c in self.survey.calls if self._is_model_method(c, "fit")]
        if not (tape_withs or apply_calls or fits):
            return Plan(already_distributed=False)
        if fits and tape_withs and all(map(self._in_train_step, [*tape_withs, *apply_calls])):
            self._check_train_steps(apply_calls)
            tape_withs, apply_calls = [], []
        kind = TAPE_LOOP if (tape_withs or apply_calls) else KERAS_LOOP
        self.kind = kind
        sites: list[ast.AST] = [*tape_withs, *apply_calls, *fits]
        loops, loop_nodes = self._training_loops(sites, kind)
        if (tape_withs or apply_calls) and fits:
            tape_site = (tape_withs or apply_calls)[0]
            self.violate(
                fits[0],
                "Restriction §3.1.2–3 (one kind of training loop)",
                f"this file trains both with a GradientTape loop (line {tape_site.lineno}) and with "
                "Keras fit, which need different Horovod modules and would average gradients twice",
                "keep one kind of training loop per file (for a custom train_step, drop fit's "
                "optimizer handling or train with a plain GradientTape loop)",
            )
        self._check_imports()
        self._check_tensorflow_aliases()
        self._check_strategies()
        if kind == TAPE_LOOP:
            self.full_batch_reads = self._full_batch_reads(loop_nodes, tape_withs)
        if not self.full_batch_reads:
            # (Split full batches keep their learning rates: see ``_full_batch_reads``.)
            self._plan_optimizers()
        for call in self.survey.calls:
            for method in ("fit", "evaluate", "predict"):
                if self._is_model_method(call, method):
                    self._plan_model_call(call, method)
        if kind == TAPE_LOOP:
            self._plan_tapes(tape_withs)
            self._plan_apply_gradients(apply_calls)
            self._check_minimize()
        else:
            self._plan_keras(fits)
        self._plan_rank0()
        if self._builds_batch_norm(KERAS_BATCH_NORM, KERAS_APPLICATIONS_PREFIX):
            self._plan_running_statistics(
                self._trained_models(apply_calls, fits if kind == KERAS_LOOP else []),
                [*apply_calls, *fits],
                KERAS_AVERAGE_FUNCTION,
                self.tf_reference(),
            )
        self._plan_sharding(loop_nodes, fits if kind == KERAS_LOOP else [], loops)
        self._plan_takes(loop_nodes, fits)
        self._plan_initialisation(kind)
        return self.finish(loops)

    # --------------------------------------------------------------- custom train_step + fit

    def _in_train_step(self, node: ast.AST) -> bool:
        """True inside the ``train_step`` method of a Keras model class of this file."""
        function = self.function_of(node)
        owner = self.survey.contexts[node].owner_class
        return (
            function is not None
            and function.name == "train_step"
            and owner is not None
            and owner.name in self.model_classes
        )

    def _check_train_steps(self, apply_calls: list[ast.Call]) -> None:
        """A custom ``train_step`` trained with ``fit`` is distributed like any Keras model: its
        compiled optimizer is wrapped in ``hvd.DistributedOptimizer``, which averages the
        gradients ``self.optimizer.minimize(loss, variables, tape=tape)`` computes. It does not
        average gradients passed to ``apply_gradients`` (Horovod 0.28.1 with the TF 2.12
        optimizers), so those are refused."""
        for call in apply_calls:
            self.violate(
                call,
                "Custom train_step",
                "Horovod's Keras DistributedOptimizer averages the gradients of minimize, not "
                "those passed to apply_gradients, so this train_step would train each rank on "
                "its own gradients",
                "compute and apply the gradients with "
                "self.optimizer.minimize(loss, self.trainable_variables, tape=tape)",
            )

    # ------------------------------------------------------------------------- models (§3.2.2)

    def _model_classes(self) -> set[str]:
        """ClassSummary Model: classes deriving (possibly indirectly) from ``keras.Model``."""
        found: set[str] = set()
        changed = True
        while changed:
            changed = False
            for cls in self.survey.classes:
                if cls.name in found:
                    continue
                for base in cls.bases:
                    base_path = self.path(base)
                    if base_path in known.MODEL_BASES or (
                        isinstance(base, ast.Name) and base.id in found
                    ):
                        found.add(cls.name)
                        changed = True
                        break
        return found

    def _is_model_expression(self, node: ast.expr) -> bool:
        if isinstance(node, ast.Name):
            return node.id in self.model_names
        if isinstance(node, ast.Call):
            called = self.call_path(node) or ""
            if called in known.MODEL_CONSTRUCTORS or (
                called.startswith(known.APPLICATIONS_PREFIX)
                and called.rsplit(".", 1)[-1][:1].isupper()
            ):
                return True
            if isinstance(node.func, ast.Name):
                return node.func.id in self.model_classes or node.func.id in self.model_functions
        return False

    def _find_models(self) -> None:
        """ValueSummary "model_instance": names holding models, functions returning them."""
        changed = True
        while changed:
            changed = False
            for name, values in self.values.items():
                if name not in self.model_names and any(map(self._is_model_expression, values)):
                    self.model_names.add(name)
                    changed = True
            for node in self.survey.returns:
                function = self.function_of(node)
                if (
                    function is not None
                    and function.name not in self.model_functions
                    and node.value is not None
                    and self._is_model_expression(node.value)
                ):
                    self.model_functions.add(function.name)
                    changed = True
        for call in self.survey.calls:
            method = method_of(call)
            if (
                method is not None
                and method[1] == "compile"
                and isinstance(method[0], ast.Name)
                and method[0].id not in self.env.paths
            ):
                self.model_names.add(method[0].id)

    def _is_model_receiver(self, call: ast.Call, receiver: ast.expr) -> bool:
        if isinstance(receiver, ast.Name):
            if receiver.id == "self":
                owner = self.survey.contexts[call].owner_class
                return owner is not None and owner.name in self.model_classes
            return receiver.id in self.model_names
        return False

    def _is_model_method(self, call: ast.Call, name: str) -> bool:
        method = method_of(call)
        return method is not None and method[1] == name and self._is_model_receiver(call, method[0])

    def _tape_items(self, statement: ast.With | ast.AsyncWith) -> list[ast.withitem]:
        return [
            item
            for item in statement.items
            if isinstance(item.context_expr, ast.Call)
            and self.call_path(item.context_expr) == known.GRADIENT_TAPE
        ]

    # ------------------------------------------------------------------ restrictions §2.1.1–3

    def _check_tensorflow_aliases(self) -> None:
        """Restrictions §2.1.2 (the module only through imports) and §2.1.3 (no member aliases),
        for the names the rules match: ``AUTOTUNE = tf.data.AUTOTUNE`` or a function-local
        ``layers = []`` cannot hide an optimizer, a tape or a save from the rewrite."""
        for assignment in self.survey.assignments:
            targets = (
                assignment.targets if isinstance(assignment, ast.Assign) else [assignment.target]
            )
            for target in targets:
                if (
                    isinstance(target, ast.Name)
                    and self.function_of(assignment) is None
                    and known.matters_to_rules(canonical(self.env.paths.get(target.id, "")))
                ):
                    self.violate(
                        target,
                        "Restriction §2.1.2 (TensorFlow bound only by import)",
                        f"the name {target.id}, imported from TensorFlow/Keras, is reassigned",
                        "use another name for this value",
                    )
            value = assignment.value
            if isinstance(value, ast.Name | ast.Attribute):
                value_path = self.path(value)
                if value_path is not None and known.matters_to_rules(value_path):
                    module = isinstance(value, ast.Name)
                    self.violate(
                        value,
                        "Restriction §2.1.2 (TensorFlow bound only by import)"
                        if module
                        else "Restriction §2.1.3 (no aliases of TensorFlow members)",
                        f"{self.survey.segment(value)} is aliased by an assignment",
                        "import it instead (e.g. `from tensorflow.keras.optimizers import Adam`) "
                        "or spell it out where it is used",
                    )

    def _check_strategies(self) -> None:
        """A script already distributed with ``tf.distribute`` must not get Horovod on top."""
        for call in self.survey.calls:
            called = self.call_path(call) or ""
            if called.startswith("tensorflow.distribute.") and "Strategy" in called:
                self.violate(
                    call,
                    "tf.distribute strategies",
                    "the script already distributes training with a tf.distribute strategy, "
                    "which Horovod would duplicate",
                    "remove the strategy (Horovod replaces it)",
                )

    # ------------------------------------------------------- optimizers and schedules (§2.2)

    def _optimizer_class(self, call: ast.Call) -> str | None:
        called = self.call_path(call)
        if called is None or called.startswith(known.SCHEDULES_PREFIX):
            return None
        for prefix in (known.LEGACY_PREFIX, known.OPTIMIZERS_PREFIX):
            if called.startswith(prefix):
                name = called[len(prefix) :]
                if "." not in name and name[:1].isupper() and name != "Optimizer":
                    return called
        return None

    def _local_schedule_classes(self) -> set[str]:
        return {
            cls.name
            for cls in self.survey.classes
            if any((self.path(base) or "").startswith(known.SCHEDULES_PREFIX) for base in cls.bases)
        }

    def _plan_optimizers(self) -> None:
        custom_schedules = self._local_schedule_classes()
        for call in self.survey.calls:
            called = self.call_path(call) or ""
            if called in known.OPTIMIZER_FACTORIES:
                self.violate(
                    call,
                    "Restriction §2.1.5 (optimizers created by their class)",
                    "an optimizer created through tf.keras.optimizers.get/deserialize has a "
                    "learning rate the rewrite cannot scale",
                    "construct the optimizer class directly, e.g. tf.keras.optimizers.Adam(...)",
                )
            elif called.startswith(known.SCHEDULES_PREFIX):
                self._plan_schedule(call, called.rsplit(".", 1)[-1])
            elif self._optimizer_class(call) is not None:
                self._plan_optimizer(call, called, custom_schedules)

    def _plan_optimizer(self, call: ast.Call, called: str, custom_schedules: set[str]) -> None:
        name = called.rsplit(".", 1)[-1]
        if has_unpacking(call):
            self.violate(
                call,
                "Learning-rate scaling",
                "the optimizer's arguments are unpacked (*args/**kwargs), so its learning rate "
                "cannot be found",
                "pass learning_rate explicitly",
            )
            return
        rate, position, keyword = argument_of(call, 0, "learning_rate")
        if rate is None:
            rate, position, keyword = argument_of(call, None, "lr")
        if rate is None:
            legacy = called.startswith(known.LEGACY_PREFIX)
            default = known.DEFAULT_LEARNING_RATES.get(name)
            if default is None or (legacy and name not in known.LEGACY_OPTIMIZERS):
                self.violate(
                    call,
                    "Learning-rate scaling",
                    f"the default learning rate of {name} is not known to tensorls",
                    "pass learning_rate explicitly",
                )
                return
            self.edit_call(call, AddKeyword("learning_rate", f"{default} * hvd.size()"))
            return
        if isinstance(rate, ast.Lambda) or self._is_custom_schedule(rate, custom_schedules):
            self.violate(
                rate,
                "Learning-rate scaling",
                "the learning rate is a callable or a custom schedule, which cannot be "
                "multiplied by hvd.size()",
                "scale the learning rate inside the schedule, or use a "
                "tf.keras.optimizers.schedules class",
            )
            return
        rename = "learning_rate" if keyword == "lr" else None
        if self._is_schedule(rate):
            if rename is not None:
                self.edit_call(call, Scale(position, keyword, "", rename))
            return
        self.edit_call(call, Scale(position, keyword, "*", rename))

    def _is_schedule(self, node: ast.expr) -> bool:
        return any(
            isinstance(value, ast.Call)
            and (self.call_path(value) or "").startswith(known.SCHEDULES_PREFIX)
            for value in self._values_through_names(node)
        )

    def _is_custom_schedule(self, node: ast.expr, custom: set[str]) -> bool:
        return any(
            isinstance(value, ast.Lambda)
            or (
                isinstance(value, ast.Call)
                and isinstance(value.func, ast.Name)
                and value.func.id in custom
            )
            for value in self._values_through_names(node)
        )

    def _plan_schedule(self, call: ast.Call, name: str) -> None:
        if name == known.PIECEWISE_SCHEDULE:
            values, position, keyword = argument_of(call, 1, "values")
            if values is not None:
                self.edit_call(call, ScaleEach(position, keyword))
                return
        elif name in known.SCHEDULE_RATE_ARGUMENTS and not has_unpacking(call):
            for index, keyword in known.SCHEDULE_RATE_ARGUMENTS[name]:
                rate, position, given = argument_of(call, index, keyword)
                if rate is not None:
                    self.edit_call(call, Scale(position, given, "*"))
                elif keyword == "end_learning_rate":
                    self.edit_call(
                        call,
                        AddKeyword(keyword, f"{known.POLYNOMIAL_DEFAULT_END_RATE} * hvd.size()"),
                    )
            return
        elif not name[:1].isupper():
            return
        self.violate(
            call,
            "Learning-rate scaling",
            f"tensorls does not know which arguments of the schedule {name} are learning rates",
            "use ExponentialDecay, InverseTimeDecay, PolynomialDecay, CosineDecay, "
            "CosineDecayRestarts or PiecewiseConstantDecay with explicit arguments",
        )

    # ------------------------------------------------------------------- GradientTape loops

    def _plan_tapes(self, tape_withs: list[ast.With | ast.AsyncWith]) -> None:
        for statement in tape_withs:
            for item in self._tape_items(statement):
                if item.optional_vars is None:
                    continue
                if not isinstance(item.optional_vars, ast.Name):
                    self.violate(
                        item.optional_vars,
                        "GradientTape wrapping",
                        "the tape is not bound to a plain name",
                        "write `with tf.GradientTape() as tape:`",
                    )
                    continue
                self._wrap_tape(statement, item, item.optional_vars.id)

    def _wrap_tape(
        self, statement: ast.With | ast.AsyncWith, item: ast.withitem, tape: str
    ) -> None:
        """Horovod's documented wrap, ``tape = hvd.DistributedGradientTape(tape)``, after the
        with statement; when ``tape.gradient`` is called inside the with block instead, the
        tape is built wrapped (``with hvd.DistributedGradientTape(tf.GradientTape()) as tape``):
        a tape wrapped inside its block wraps the inner recording tape, which is still on the
        stack when the wrapper's ``gradient`` runs (TensorFlow raises "gradient() cannot be
        invoked within the GradientTape context"), while the wrapped tape, entered itself,
        stops its own recording there as a plain tape does."""
        function = self.function_of(statement)
        inside = any(
            method is not None
            and method[1] == "gradient"
            and isinstance(method[0], ast.Name)
            and method[0].id == tape
            and self.function_of(call) is function
            and statement in self.survey.ancestors(call)
            for call in self.survey.calls
            for method in [method_of(call)]
        )
        if not inside:
            self.edit_statement(
                statement, InsertAfter((f"{tape} = hvd.DistributedGradientTape({tape})",))
            )
            return
        assert isinstance(item.context_expr, ast.Call)
        self.edit_call(item.context_expr, WrapInCall("hvd.DistributedGradientTape"))

    def _plan_apply_gradients(self, apply_calls: list[ast.Call]) -> None:
        for call in apply_calls:
            statement = self.statement_of(call)
            direct = (isinstance(statement, ast.Expr) and statement.value is call) or (
                isinstance(statement, ast.Assign | ast.AnnAssign) and statement.value is call
            )
            if statement is None or not direct or self.survey.is_inline(statement):
                self.violate(
                    call,
                    "Restriction §2.1.8 (apply_gradients as a statement)",
                    "optimizer.apply_gradients is not an expression statement or the direct "
                    "right-hand side of an assignment on its own line",
                    "call it as a statement of its own",
                )
                continue
            if self._autograph_disabled(call):
                self.violate(
                    call,
                    "First-step broadcast",
                    "apply_gradients runs in a tf.function with autograph=False, where the "
                    "first-step condition cannot be converted",
                    "remove autograph=False",
                )
                continue
            optimizer = method_of(call)
            assert optimizer is not None
            variables = self._broadcast_variables(call)
            if variables is None or not is_reference(optimizer[0]):
                self.violate(
                    call,
                    "First-step broadcast",
                    "tensorls cannot tell which model's variables these gradients update",
                    "pass `zip(grads, model.trainable_variables)` to apply_gradients",
                )
                continue
            flag = self.fresh("hvd_first_step")
            self.flags.append(flag)
            receiver = self.survey.segment(optimizer[0])
            self.edit_statement(
                statement,
                InsertAfter(
                    (
                        f"if {flag}.value():\n"
                        f"    hvd.broadcast_variables({variables}, root_rank=0)\n"
                        f"    hvd.broadcast_variables({receiver}.variables(), root_rank=0)\n"
                        f"    {flag}.assign(False)\n",
                    )
                ),
            )

    def _autograph_disabled(self, call: ast.Call) -> bool:
        function = self.function_of(call)
        while function is not None:
            for decorator in function.decorator_list:
                if (
                    isinstance(decorator, ast.Call)
                    and self.call_path(decorator) == known.TF_FUNCTION
                    and any(
                        item.arg == "autograph"
                        and isinstance(item.value, ast.Constant)
                        and item.value.value is False
                        for item in decorator.keywords
                    )
                ):
                    return True
            function = self.function_of(function)
        return False

    def _broadcast_variables(self, call: ast.Call) -> str | None:
        """Source text of the variables to broadcast after this apply_gradients: the model's
        ``variables`` when the gradients pair with ``model.trainable_variables``."""
        pairs, _, _ = argument_of(call, 0, "grads_and_vars")
        pairs = self._single_value(pairs, call)
        if (
            isinstance(pairs, ast.Call)
            and isinstance(pairs.func, ast.Name)
            and pairs.func.id == "list"
            and len(pairs.args) == 1
        ):
            pairs = self._single_value(pairs.args[0], call)
        if not (
            isinstance(pairs, ast.Call)
            and isinstance(pairs.func, ast.Name)
            and pairs.func.id == "zip"
            and len(pairs.args) == 2
        ):
            return None
        variables = self._single_value(pairs.args[1], call)
        if variables is None:
            return None
        if (
            isinstance(variables, ast.Attribute)
            and variables.attr
            in (
                "trainable_variables",
                "trainable_weights",
            )
            and is_reference(variables.value)
        ):
            return f"{self.survey.segment(variables.value)}.variables"
        if is_reference(pairs.args[1]):
            return self.survey.segment(pairs.args[1])
        return None

    def _trained_models(
        self, apply_calls: list[ast.Call], fits: list[ast.Call]
    ) -> list[tuple[str, FunctionNode | None]]:
        """The models (plain names) trained here, each with the one function (or module code)
        that assigns it: those whose ``trainable_variables`` an ``apply_gradients`` updates
        (see ``_broadcast_variables``) and the receivers of ``fit``."""
        names: list[str] = []
        for call in apply_calls:
            variables = self._broadcast_variables(call) or ""
            model = variables.removesuffix(".variables")
            if variables.endswith(".variables") and model.isidentifier():
                names.append(model)
        for fit in fits:
            method = method_of(fit)
            if method is not None and isinstance(method[0], ast.Name):
                names.append(method[0].id)
        trained: list[tuple[str, FunctionNode | None]] = []
        for name in dict.fromkeys(names):
            scopes = {
                id(self.function_of(assignment)): self.function_of(assignment)
                for assignment in self.survey.assignments
                if any(
                    isinstance(target, ast.Name) and target.id == name
                    for target in (
                        assignment.targets
                        if isinstance(assignment, ast.Assign)
                        else [assignment.target]
                    )
                )
            }
            if len(scopes) == 1:
                trained.append((name, *scopes.values()))
        return trained

    def _check_minimize(self) -> None:
        for call in self.survey.calls:
            method = method_of(call)
            if method is None or method[1] != "minimize" or not isinstance(method[0], ast.Name):
                continue
            if any(
                isinstance(value, ast.Call) and self._optimizer_class(value)
                for value in self.values.get(method[0].id, ())
            ):
                self.violate(
                    call,
                    "Gradient averaging",
                    "optimizer.minimize computes gradients without a tape the rewrite can wrap",
                    "compute gradients with tf.GradientTape and call apply_gradients",
                )

    # ---------------------------------------------------------------- dataset.take (§2.2)

    def _is_dataset(self, node: ast.expr, names: set[str]) -> bool:
        current: ast.expr = node
        while True:
            if isinstance(current, ast.Call):
                called = self.call_path(current) or ""
                if called.startswith(known.DATASET_PREFIXES) or called in known.DATASET_FUNCTIONS:
                    return True
                if not isinstance(current.func, ast.Attribute):
                    return False
                current = current.func.value
            elif isinstance(current, ast.Name):
                return current.id in names
            else:
                return False

    def _loop_iterables(self, loops: Iterable[LoopNode]) -> list[ast.expr]:
        """What training loops consume: ``for`` iterables, ``while`` conditions, and the
        arguments of ``next(...)`` calls inside them."""
        loops = set(loops)
        consumed: list[ast.expr] = [
            loop.iter if isinstance(loop, ast.For | ast.AsyncFor) else loop.test for loop in loops
        ]
        for call in self.survey.calls:
            if (
                isinstance(call.func, ast.Name)
                and call.func.id == "next"
                and call.args
                and loops.intersection(self.survey.contexts[call].loops)
            ):
                consumed.append(call.args[0])
        return sorted(consumed, key=lambda node: (node.lineno, node.col_offset))

    def _full_batch_reads(
        self, loops: Iterable[LoopNode], tape_withs: list[ast.With | ast.AsyncWith]
    ) -> list[ast.Name]:
        """When the tape loops read no data source the sharding rules split, the reads in the
        tapes of the arrays to split by rows (see ``full_batch``). The ranks then split one
        full batch, so their averaged gradient is that batch's and the learning rates are not
        scaled (they grow with hvd.size() only when the global batch does)."""
        probe = ShardingPlanner(self.survey, self.call_path, self.values)
        found = probe.plan([], self._loop_iterables(loops))
        if found.calls or found.arguments or found.notes:
            return []
        sharding = FullBatchSharding(self.survey, self.call_path, self.values)
        return sharding.reads_to_shard(list(tape_withs))

    def _plan_sharding(
        self, loops: Iterable[LoopNode], fits: list[ast.Call], reported: list[TrainingLoop]
    ) -> None:
        """Each rank trains on its own part of the data where its construction is known (see
        ``sharding``), or of the arrays the tapes read whole (``full_batch``); where it is not,
        a note in the rewrite's result says so."""
        result = self.sharding.plan(fits, self._loop_iterables(loops))
        function = self.fresh("hvd_shard")
        for call in result.calls:
            self.edit_call(call, WrapInCall(function))
        for fit, position, keyword in result.arguments:
            self.edit_call(fit, WrapArgument(position, keyword, function))
        for read in self.full_batch_reads:
            self.edit_name(read, WrapName(function))
        if result.calls or result.arguments or self.full_batch_reads:
            self.prelude_definitions.append(
                SHARD_FUNCTION.format(name=function, tf=self.tf_reference())
            )
        elif not result.notes and reported:
            self.notes.append(
                Diagnostic(
                    reported[0].span, Severity.INFORMATION, NOT_SHARDED_CODE, UNKNOWN_SOURCE_NOTE
                )
            )
        for node, message in result.notes:
            self.notes.append(
                Diagnostic(self.span(node), Severity.INFORMATION, NOT_SHARDED_CODE, message)
            )

    def _plan_takes(self, loops: Iterable[LoopNode], fits: list[ast.Call]) -> None:
        """``take(n)`` → ``take(n // hvd.size())`` on the datasets the training loop consumes:
        any ``take`` method (not a module function such as ``np.take``) in a training ``for``
        loop's iterable, a training ``while`` loop's condition or ``next(...)`` calls, or fit's
        data; and a dataset's ``take`` assigned to a name these (transitively) use."""
        datasets: set[str] = set()
        changed = True
        while changed:
            changed = False
            for name, values in self.values.items():
                if name not in datasets and any(self._is_dataset(v, datasets) for v in values):
                    datasets.add(name)
                    changed = True
        consumed = self._loop_iterables(loops)
        for fit in fits:
            data, _, _ = argument_of(fit, 0, "x")
            if data is not None:
                consumed.append(data)
        feeding: set[str] = set().union(*(names_in(node) for node in consumed))
        pending = list(feeding)
        while pending:
            for value in self.values.get(pending.pop(), ()):
                for used in names_in(value) - feeding:
                    feeding.add(used)
                    pending.append(used)
        consumed_ids = {id(node) for node in consumed}
        for call in self.survey.calls:
            method = method_of(call)
            if method is None or method[1] != "take" or self.path(method[0]) is not None:
                continue
            chain = [call, *self.survey.ancestors(call)]
            in_consumer = any(id(node) in consumed_ids for node in chain)
            assignment = next(
                (node for node in chain if isinstance(node, ast.Assign | ast.AnnAssign)), None
            )
            assigned = assignment is not None and any(
                isinstance(target, ast.Name) and target.id in feeding
                for target in (
                    assignment.targets
                    if isinstance(assignment, ast.Assign)
                    else [assignment.target]
                )
            )
            if self.sharding.element_level_take(call):
                continue
            if in_consumer or (assigned and self._is_dataset(method[0], datasets)):
                count, position, keyword = argument_of(call, 0, "count")
                if count is not None:
                    self.edit_call(call, Scale(position, keyword, "//"))

    # --------------------------------------------------------------- initialisation (§2.2)

    def barrier_text(self) -> str:
        return rank0_files.barrier_statement(self.tf_reference())

    def broadcast_object_text(self) -> str:
        """``horovod.tensorflow.keras`` has no ``broadcast_object``: Keras scripts reach it
        through ``horovod.tensorflow`` (imported beside it)."""
        if self.kind == TAPE_LOOP:
            return "hvd.broadcast_object"
        self.imports_horovod_tensorflow = True
        return "horovod.tensorflow.broadcast_object"

    def tf_reference(self) -> str:
        """The name through which generated code reaches TensorFlow."""
        existing = self.env.tensorflow_name()
        if existing is not None:
            return existing
        if self.added_tf is None:
            self.added_tf = self.fresh("tf")
        return self.added_tf

    def _plan_initialisation(self, kind: str) -> None:
        if self.anchor is None and self.anchor_before is None:
            return
        tf = self.tf_reference()
        module = "horovod.tensorflow" if kind == TAPE_LOOP else "horovod.tensorflow.keras"
        imports: list[str] = []
        if tf not in self.leading_names:
            imports.append(
                "import tensorflow" if tf == "tensorflow" else f"import tensorflow as {tf}"
            )
        imports.append(f"import {module} as hvd")
        if self.imports_horovod_tensorflow:
            imports.append("import horovod.tensorflow")
        gpus, gpu = self.fresh("gpus"), self.fresh("gpu")
        setup = [
            "hvd.init()",
            f'{gpus} = {tf}.config.list_physical_devices("GPU")',
            f"for {gpu} in {gpus}:\n    {tf}.config.experimental.set_memory_growth({gpu}, True)\n",
            f'if {gpus}:\n    {tf}.config.set_visible_devices({gpus}[hvd.local_rank()], "GPU")\n',
        ]
        for flag in self.flags:
            setup.append(f"{flag} = {tf}.Variable(True, trainable=False)")
        setup.extend(self.prelude_definitions)
        if self.anchor is not None:
            self.edit_statement(self.anchor, InsertAfter(tuple(imports)))
            self.edit_statement(self.anchor, InsertAfter(tuple(setup), blank_line_before=True))
        elif self.anchor_before is not None:
            self.edit_statement(self.anchor_before, InsertBefore((*imports, *setup)))
