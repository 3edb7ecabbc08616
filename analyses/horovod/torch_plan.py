"""The Horovod rewrite plan of a single-device PyTorch training script (``horovod.torch``).

The rules (see docs/horovod.md, "PyTorch"): Horovod is initialised once after the leading import
block and pins one GPU per process when CUDA is available; every ``torch.optim`` optimizer built
from ``model.parameters()`` gets its learning rate multiplied by ``hvd.size()`` and is wrapped
right after its construction in ``hvd.DistributedOptimizer(opt, named_parameters=...)``,
followed by broadcasts of the model's state and the optimizer's state from rank 0; the
``DataLoader`` the training loop reads gets a ``DistributedSampler`` (its ``shuffle`` moves
into the sampler) and ``set_epoch`` is called at the top of the epoch loop (without a loader,
full-batch arrays are split by rows: ``full_batch``); BatchNorm running statistics are averaged
after training (``running_statistics``); prints, saves,
file writes and TensorBoard writers run on rank 0 only, INFO/DEBUG ``logging`` records are
disabled on the other ranks, and every rank waits for rank 0's writes before reading them back.
Clipping, mixed precision and gradient accumulation are planned in ``torch_steps``.

What the rewrite cannot do correctly is refused with the restriction and what to change; what
it cannot shard safely is said in a note. Nothing is read, imported or executed.
"""

from __future__ import annotations

import ast

from ..facts import Diagnostic, Severity
from ..text import SourceText
from . import torch_catalogue as known
from .call_parts import argument_of, has_unpacking, is_reference, method_of, names_in
from .edits import (
    UNPACKED_KEYWORDS,
    AddKeyword,
    GuardValue,
    HoistArgument,
    InsertAfter,
    InsertBefore,
    InsertHoisted,
    ReplaceArgument,
    Scale,
    WrapName,
)
from .full_batch import TORCH_SHARD_FUNCTION, FullBatchSharding
from .planner_base import NOT_SHARDED_CODE, Plan, TrainingLoop
from .rank0 import Rank0Planning
from .running_statistics import (
    TORCH_AVERAGE_FUNCTION,
    TORCH_BATCH_NORM,
    TORCHVISION_MODELS_PREFIX,
    RunningStatisticsPlanning,
)
from .survey import LoopNode
from .torch_steps import StepPlanning

TORCH_LOOP = "pytorch"

NO_LOADER_NOTE = (
    "the training data was not sharded by rank: tensorls found no DataLoader that the training "
    "loop reads, so every rank trains on all of it"
)


def plan_torch_module(tree: ast.Module, text: SourceText) -> Plan:
    """Plan the PyTorch rewrite of ``tree`` (whose source is ``text``). Never raises on a parsed
    module. A module that never mentions ``torch`` or never calls ``step`` gets an empty plan
    without being walked."""
    if "torch" not in text.text or ".step(" not in text.text:
        return Plan(already_distributed=False)
    return _TorchPlanner(tree, text).plan()


class _TorchPlanner(StepPlanning, Rank0Planning, RunningStatisticsPlanning):
    """The PyTorch planner (see the module docstring)."""

    def __init__(self, tree: ast.Module, text: SourceText) -> None:
        super().__init__(tree, text)
        self.added_torch: str | None = None
        # Reads of full-batch arrays to split by rows (then learning rates are not scaled).
        self.full_batch_reads: list[ast.Name] = []

    # ---------------------------------------------------------------------------- the plan

    def plan(self) -> Plan:
        if self.env.imports_horovod or self._uses_torch_distributed():
            return Plan(already_distributed=True)
        constructions = [call for call in self.survey.calls if self._optimizer_class(call)]
        for call in constructions:
            statement = self.statement_of(call)
            if (
                isinstance(statement, ast.Assign)
                and statement.value is call
                and len(statement.targets) == 1
            ):
                key = self._reference_key(statement.targets[0])
                if key is not None:
                    self.optimizers[key] = call
        constructed = {id(call) for call in constructions}
        self.optimizer_names = {
            name
            for name, values in self.values.items()
            if any(id(node) in constructed for value in values for node in ast.walk(value))
        } | set(self.optimizers)
        steps = [call for call in self.survey.calls if self._optimizer_method(call, "step")]
        scaled_steps = [call for call in self.survey.calls if self._is_scaler_method(call, "step")]
        if not (steps or scaled_steps):
            return Plan(already_distributed=False)
        sites: list[ast.AST] = [*steps, *scaled_steps]
        loops, loop_nodes = self._training_loops(sites, TORCH_LOOP)
        self._check_imports()
        self._check_other_distribution()
        self._check_zero_grad()
        self._plan_accumulation([*steps, *scaled_steps])
        self._plan_several_backwards(steps)
        if not self._training_loaders(loop_nodes):
            self.full_batch_reads = self._full_batch_reads([*steps, *scaled_steps])
        for call in constructions:
            self._plan_optimizer(call)
        if self._builds_batch_norm(TORCH_BATCH_NORM, TORCHVISION_MODELS_PREFIX):
            scopes = {
                target: self.function_of(call)
                for target, call in self.optimizers.items()
                if target in self.optimizer_models
            }
            self._plan_running_statistics(
                [(self.optimizer_models[target], scope) for target, scope in scopes.items()],
                [*steps, *scaled_steps],
                TORCH_AVERAGE_FUNCTION,
                self.torch_reference(),
            )
        self._plan_backward_inputs()
        if not self.full_batch_reads:
            self._plan_schedulers()
        self._plan_scaled_steps(scaled_steps)
        self._plan_clipping()
        # The loaders first: set_epoch goes before what rank 0 hoists out of the epoch's first
        # statement (which may train the epoch).
        self._plan_loaders(loop_nodes, loops)
        self._plan_rank0()
        self._plan_summary_writers()
        self._plan_progress_bars()
        self._plan_initialisation()
        return self.finish(loops)

    # ---------------------------------------------------------------------------- helpers

    def torch_reference(self) -> str:
        """The name through which generated code reaches the ``torch`` module."""
        for name, path in self.env.paths.items():
            if path == "torch" and name in self.leading_names:
                return name
        if self.added_torch is None:
            self.added_torch = "torch" if "torch" not in self.fresh_taken else self.fresh("torch")
            self.fresh_taken.add(self.added_torch)
        return self.added_torch

    def _optimizer_class(self, call: ast.Call) -> str | None:
        called = self.call_path(call) or ""
        if not called.startswith(known.OPTIMIZERS_PREFIX):
            return None
        name = called[len(known.OPTIMIZERS_PREFIX) :]
        if "." in name or not name[:1].isupper() or name == "Optimizer":
            return None
        return name

    # Rank0Planning's questions, answered for PyTorch.

    def broadcast_object_text(self) -> str:
        return "hvd.broadcast_object"

    def barrier_text(self) -> str:
        return (
            "# every rank waits here until rank 0 has written the files read below\nhvd.barrier()\n"
        )

    def _checkpoint_names(self) -> set[str]:
        return set()

    def _is_model_method(self, call: ast.Call, name: str) -> bool:
        return False

    def _is_model_receiver(self, call: ast.Call, receiver: ast.expr) -> bool:
        return False

    def _is_save(self, call: ast.Call, checkpoints: set[str]) -> bool:
        return self.call_path(call) in known.SAVING_FUNCTIONS

    def tf_reference(self) -> str:
        """The name of TensorFlow, for a TensorFlow summary writer in a PyTorch script."""
        return self.env.tensorflow_name() or "tensorflow"

    # ------------------------------------------------------------------------ restrictions

    def _uses_torch_distributed(self) -> bool:
        """True for scripts that already train in several processes: they import or call
        ``torch.distributed``, use ``DistributedDataParallel`` or ``torch.multiprocessing.spawn``,
        or import a library that distributes the training itself (Accelerate, Lightning and
        Fabric, DeepSpeed)."""
        prefix = known.ALREADY_DISTRIBUTED_PREFIX
        if any(path == prefix or path.startswith(prefix + ".") for path in self.env.paths.values()):
            return True
        if any(
            path.split(".")[0] in known.DISTRIBUTING_LIBRARIES for path in self.env.paths.values()
        ):
            return True
        for call in self.survey.calls:
            called = self.call_path(call) or ""
            if called in known.ALREADY_DISTRIBUTED or called.startswith(prefix + "."):
                return True
        return False

    def _check_other_distribution(self) -> None:
        for call in self.survey.calls:
            called = self.call_path(call)
            if called in known.OTHER_DISTRIBUTION:
                self.violate(
                    call,
                    "Other distribution",
                    f"the script already uses {called.rsplit('.', 1)[-1]}, which Horovod would "
                    "duplicate",
                    "remove it (Horovod runs one process per device and averages the gradients)",
                )

    # ------------------------------------------------------------------------- optimizers

    def _plan_optimizer(self, call: ast.Call) -> None:
        name = self._optimizer_class(call)
        assert name is not None
        rule = "Horovod DistributedOptimizer"
        statement = self.statement_of(call)
        target = next((n for n, created in self.optimizers.items() if created is call), None)
        if target is None or statement is None or self.survey.is_inline(statement):
            self.violate(
                call,
                rule,
                "the optimizer is not assigned to a name in a statement of its own, so it "
                "cannot be wrapped and broadcast",
                "write `optimizer = torch.optim.<Class>(model.parameters(), lr=...)` on its own line",
            )
            return
        if name in known.UNSUPPORTED_OPTIMIZERS:
            self.violate(
                call,
                rule,
                f"Horovod's DistributedOptimizer does not average the gradients of {name}",
                "use another optimizer, e.g. torch.optim.SGD or torch.optim.Adam",
            )
            return
        if has_unpacking(call):
            self.violate(
                call,
                "Learning-rate scaling",
                "the optimizer's arguments are unpacked (*args/**kwargs), so its learning rate "
                "cannot be found",
                "pass lr= explicitly",
            )
            return
        parameters, _, _ = argument_of(call, 0, "params")
        method = method_of(parameters) if isinstance(parameters, ast.Call) else None
        if (
            method is None
            or method[1] != "parameters"
            or not is_reference(method[0])
            or parameters is None
            or not isinstance(parameters, ast.Call)
            or parameters.args
            or parameters.keywords
        ):
            self.violate(
                parameters or call,
                rule,
                "the optimizer is not given `model.parameters()`, so the rewrite cannot tell "
                "which model's parameters to name and broadcast",
                "pass model.parameters() (one optimizer per model)",
            )
            return
        model = self.survey.segment(method[0])
        self.optimizer_models[target] = model
        rate, position, keyword = argument_of(call, 1, "lr")
        if self.full_batch_reads:
            # The ranks split one full batch: their averaged gradient is that batch's, so the
            # learning rate stays (it grows with hvd.size() only when the global batch does).
            pass
        elif rate is None:
            default = known.DEFAULT_LEARNING_RATES.get(name)
            if default is None:
                self.violate(
                    call,
                    "Learning-rate scaling",
                    f"the default learning rate of {name} is not known to tensorls",
                    "pass lr= explicitly",
                )
                return
            self.edit_call(call, AddKeyword("lr", f"{default} * hvd.size()"))
        else:
            self.edit_call(call, Scale(position, keyword, "*"))
        passes = self.passes_per_step.get(target)
        accumulation = "" if passes is None else f", backward_passes_per_step={passes}"
        self.edit_statement(
            statement,
            InsertAfter(
                (
                    f"{target} = hvd.DistributedOptimizer("
                    f"{target}, named_parameters={model}.named_parameters(){accumulation})",
                    f"hvd.broadcast_parameters({model}.state_dict(), root_rank=0)",
                    f"hvd.broadcast_optimizer_state({target}, root_rank=0)",
                )
            ),
        )

    def _plan_schedulers(self) -> None:
        for call in self.survey.calls:
            called = self.call_path(call) or ""
            if not called.startswith(known.SCHEDULERS_PREFIX):
                continue
            arguments = known.SCHEDULER_RATE_ARGUMENTS.get(called.rsplit(".", 1)[-1])
            if arguments is None:
                continue
            if has_unpacking(call):
                self.violate(
                    call,
                    "Learning-rate scaling",
                    "the scheduler's arguments are unpacked, so its learning rates cannot be found",
                    "pass them explicitly",
                )
                continue
            for index, keyword in arguments:
                rate, position, given = argument_of(call, index, keyword)
                if rate is not None:
                    self.edit_call(call, Scale(position, given, "*"))

    # ------------------------------------------------------------------------ rank 0 only

    def _plan_summary_writers(self) -> None:
        """A TensorBoard ``SummaryWriter`` is created on rank 0 only (``None`` elsewhere) and
        every statement calling one of its methods runs on rank 0 only."""
        for call in self.survey.calls:
            if self.call_path(call) not in known.SUMMARY_WRITERS:
                continue
            statement = self.statement_of(call)
            if not (
                isinstance(statement, ast.Assign)
                and statement.value is call
                and len(statement.targets) == 1
                and isinstance(statement.targets[0], ast.Name)
                and len(self.values[statement.targets[0].id]) == 1
            ):
                self.violate(
                    call,
                    "Rank-0 loggers",
                    "this SummaryWriter is not assigned once to a name of its own, so its "
                    "writes cannot be limited to rank 0",
                    "write `writer = SummaryWriter(...)` once and use `writer.add_...(...)` "
                    "statements",
                )
                continue
            writer = statement.targets[0].id
            uses = [
                node
                for node in self.survey.names
                if node.id == writer and isinstance(node.ctx, ast.Load)
            ]
            blocked = False
            for node in uses:
                parent = self.survey.parents.get(node)
                call_of = self.survey.parents.get(parent) if parent is not None else None
                use_statement = self.statement_of(node)
                if (
                    isinstance(parent, ast.Attribute)
                    and isinstance(call_of, ast.Call)
                    and call_of.func is parent
                    and isinstance(use_statement, ast.Expr)
                    and use_statement.value is call_of
                ):
                    self.guard_once(use_statement)
                elif not blocked:
                    blocked = True
                    self.violate(
                        node,
                        "Rank-0 loggers",
                        f"the SummaryWriter {writer} is used other than in a statement calling "
                        "one of its methods, which would fail on the ranks without a writer",
                        f"only call {writer}'s methods, each in a statement of its own",
                    )
            if not blocked:
                self.edit_statement(statement, GuardValue())

    def _plan_progress_bars(self) -> None:
        """``tqdm(...)`` without ``disable`` draws on rank 0 only: ``disable=hvd.rank() != 0``
        (a given ``disable`` is left as it is)."""
        for call in self.survey.calls:
            if self.call_path(call) not in known.PROGRESS_BARS or has_unpacking(call):
                continue
            given, _, _ = argument_of(call, None, "disable")
            if given is None:
                self.edit_call(call, AddKeyword("disable", "hvd.rank() != 0"))

    # ---------------------------------------------------------------------- training data

    def _loader_call(self, name: str) -> ast.Call | None:
        values = self.values.get(name, [])
        if (
            len(values) == 1
            and isinstance(values[0], ast.Call)
            and self.call_path(values[0]) in known.DATA_LOADERS
        ):
            return values[0]
        return None

    def _training_loaders(self, loop_nodes: set[LoopNode]) -> dict[str, list[tuple[ast.AST, str]]]:
        """The names of the DataLoaders the training loop reads, each with where it is read and
        through which expression: the training ``for`` loops over it (by its name, or by
        ``self.<attribute>`` set in ``__init__`` from an argument given the loader), and calls
        of training functions passing it."""
        loaders = {
            name
            for name, values in self.values.items()
            if any(
                isinstance(v, ast.Call) and self.call_path(v) in known.DATA_LOADERS for v in values
            )
        }
        read: dict[str, list[tuple[ast.AST, str]]] = {}
        for loop in sorted(loop_nodes, key=lambda node: (node.lineno, node.col_offset)):
            if not isinstance(loop, ast.For | ast.AsyncFor):
                continue
            for name in sorted(self._names_feeding(loop.iter) & loaders):
                read.setdefault(name, []).append((loop, name))
            for node in ast.walk(loop.iter):
                if (
                    isinstance(node, ast.Attribute)
                    and isinstance(node.value, ast.Name)
                    and node.value.id == "self"
                ):
                    name = self._attribute_loader(loop, node.attr, loaders)
                    if name is not None:
                        read.setdefault(name, []).append((loop, f"self.{node.attr}"))
        for call in self.survey.calls:
            if isinstance(call.func, ast.Name) and call.func.id in self.training_functions:
                arguments = [*call.args, *(item.value for item in call.keywords)]
                for argument in arguments:
                    if isinstance(argument, ast.Name) and argument.id in loaders:
                        read.setdefault(argument.id, []).append((call, argument.id))
        return read

    def _names_feeding(self, node: ast.expr) -> set[str]:
        """The names in ``node`` and, transitively, in the values assigned to them (a loop over
        ``progress = tqdm(loader)`` reads ``loader``)."""
        found = names_in(node)
        pending = list(found)
        while pending:
            for value in self.values.get(pending.pop(), ()):
                for name in names_in(value) - found:
                    found.add(name)
                    pending.append(name)
        return found

    def _attribute_loader(self, loop: ast.AST, attribute: str, loaders: set[str]) -> str | None:
        """The loader name behind ``self.<attribute>`` read in a method of a class: the
        attribute is assigned once, in ``__init__``, from a parameter, and every construction
        of the class in this file passes the same loader name for it."""
        owner = self.survey.contexts[loop].owner_class
        if owner is None:
            return None
        assigned = [
            assignment
            for assignment in self.survey.assignments
            if self.survey.contexts[assignment].owner_class is owner
            and isinstance(assignment, ast.Assign)
            and any(
                isinstance(target, ast.Attribute)
                and target.attr == attribute
                and isinstance(target.value, ast.Name)
                and target.value.id == "self"
                for target in assignment.targets
            )
        ]
        if len(assigned) != 1 or not isinstance(assigned[0].value, ast.Name):
            return None
        method = self.function_of(assigned[0])
        parameter = assigned[0].value.id
        if method is None or method.name != "__init__":
            return None
        positional = [argument.arg for argument in method.args.args]
        if parameter not in positional:
            return None
        index = positional.index(parameter) - 1
        passed = set()
        for call in self.survey.calls:
            if isinstance(call.func, ast.Name) and call.func.id == owner.name:
                argument, _, _ = argument_of(call, index, parameter)
                passed.add(argument.id if isinstance(argument, ast.Name) else None)
        if len(passed) != 1:
            return None
        (name,) = passed
        return name if name in loaders else None

    def _note(self, node: ast.AST, message: str) -> None:
        self.notes.append(
            Diagnostic(self.span(node), Severity.INFORMATION, NOT_SHARDED_CODE, message)
        )

    def _plan_loaders(self, loop_nodes: set[LoopNode], reported: list[TrainingLoop]) -> None:
        read = self._training_loaders(loop_nodes)
        if self.full_batch_reads:
            function = self.fresh("hvd_shard")
            for name in self.full_batch_reads:
                self.edit_name(name, WrapName(function))
            self.prelude_definitions.append(TORCH_SHARD_FUNCTION.format(name=function))
        elif not read and reported:
            self.notes.append(
                Diagnostic(reported[0].span, Severity.INFORMATION, NOT_SHARDED_CODE, NO_LOADER_NOTE)
            )
        epochs_done: set[tuple[int, str]] = set()
        for name, places in read.items():
            call = self._loader_call(name)
            if call is None:
                self._note(
                    places[0][0],
                    f"the training data was not sharded by rank: {name} is assigned more than "
                    "once or not only a DataLoader, so every rank trains on all of it",
                )
                continue
            shuffled = self._plan_sampler(call)
            if not shuffled:
                continue
            set_epoch = False
            for place, reader in places:
                loops = self.survey.contexts[place].loops
                if not loops:
                    continue
                epoch = loops[-1]
                set_epoch = True
                if (id(epoch), reader) in epochs_done:
                    continue
                epochs_done.add((id(epoch), reader))
                first = epoch.body[0]
                if (
                    not isinstance(epoch, ast.For | ast.AsyncFor)
                    or not isinstance(epoch.target, ast.Name)
                    or self.survey.is_inline(first)
                ):
                    self._note(
                        epoch,
                        f"{reader}.sampler.set_epoch is not called because this loop has no "
                        "single loop variable (or shares its line with its body): every epoch "
                        "repeats the first epoch's order of batches",
                    )
                    continue
                self.edit_statement(
                    first, InsertBefore((f"{reader}.sampler.set_epoch({epoch.target.id})",))
                )
            if not set_epoch:
                self._note(
                    places[0][0],
                    f"{name}.sampler.set_epoch is not called because no loop around this "
                    "reading of the loader was found: if it runs once per epoch, every epoch "
                    "repeats the first epoch's order of batches",
                )

    def _full_batch_reads(self, steps: list[ast.Call]) -> list[ast.Name]:
        """Without a DataLoader, the reads of the arrays the training code reads whole, to
        split by rows (see ``full_batch``): the training code is the innermost loop around
        each optimizer step in its function, else that function."""
        regions: list[ast.AST] = []
        for step in steps:
            context = self.survey.contexts[step]
            region = context.loops[-1] if context.loops else context.function
            if region is None:
                return []
            regions.append(region)
        return FullBatchSharding(self.survey, self.call_path, self.values).reads_to_shard(regions)

    def _plan_sampler(self, call: ast.Call) -> bool:
        """Give the training DataLoader a ``DistributedSampler``. True when its order changes
        from epoch to epoch (``shuffle`` given and not ``False``), so ``set_epoch`` is needed;
        False also (with a note or a violation) when the sampler cannot be added safely."""
        unpacked = self._unpacked_loader_keys(call)
        if has_unpacking(call) and unpacked is None:
            self._note(
                call,
                "the training data was not sharded by rank: the DataLoader's arguments are "
                "unpacked from something other than dictionaries of constant keys, so every "
                "rank trains on all of it",
            )
            return False
        mapping, unpacked_keys = unpacked if unpacked is not None else ("", frozenset())
        if unpacked_keys & {"sampler", "batch_sampler"}:
            self._note(
                call,
                f"the training data was not sharded by rank: the DataLoader has its own "
                f"sampler (in {mapping}), so every rank trains on all of it",
            )
            return False
        for index, keyword in known.LOADER_SAMPLERS:
            given, _, _ = argument_of(call, index, keyword)
            if given is not None:
                self._note(
                    call,
                    f"the training data was not sharded by rank: the DataLoader has its own "
                    f"{keyword}, so every rank trains on all of it",
                )
                return False
        statement = self.statement_of(call)
        dataset, position, keyword = argument_of(call, *known.LOADER_DATASET)
        shuffle, shuffle_position, _ = argument_of(call, *known.LOADER_SHUFFLE)
        if dataset is None or statement is None or self.survey.is_inline(statement):
            self._note(
                call,
                "the training data was not sharded by rank: the DataLoader is not created in "
                "a statement of its own with its dataset, so every rank trains on all of it",
            )
            return False
        if self._is_iterable_dataset(dataset):
            self._note(
                call,
                "the training data was not sharded by rank: its dataset is an IterableDataset, "
                "which takes no sampler, so every rank trains on all of it unless the dataset "
                "splits itself by hvd.rank()",
            )
            return False
        if shuffle_position is not None:
            self.violate(
                shuffle,  # type: ignore[arg-type]
                "Data sharding",
                "shuffle is passed by position, and it must move into the DistributedSampler",
                "pass it as shuffle=...",
            )
            return False
        dataset_text = self.survey.segment(dataset)
        if not is_reference(dataset):
            dataset_text = self.fresh("train_dataset")
            self.edit_call(call, HoistArgument(position, keyword, dataset_text))
            self.edit_statement(statement, InsertHoisted((dataset_text,)))
        sampler = self.fresh("train_sampler")
        shuffle_text = "False" if shuffle is None else self.survey.segment(shuffle)
        if "shuffle" in unpacked_keys:
            # The mapping's shuffle moves into the sampler (DataLoader refuses both).
            shuffle_text = f'{mapping}.get("shuffle", False)'
            self.edit_call(
                call,
                ReplaceArgument(
                    None,
                    UNPACKED_KEYWORDS,
                    UNPACKED_KEYWORDS,
                    f'{{key: value for key, value in {mapping}.items() if key != "shuffle"}}',
                ),
            )
        torch = self.torch_reference()
        self.edit_statement(
            statement,
            InsertBefore(
                (
                    f"{sampler} = {torch}.utils.data.distributed.DistributedSampler(\n"
                    f"    {dataset_text}, num_replicas=hvd.size(), rank=hvd.rank(), "
                    f"shuffle={shuffle_text}\n)\n",
                )
            ),
        )
        if shuffle is None:
            self.edit_call(call, AddKeyword("sampler", sampler))
        else:
            self.edit_call(call, ReplaceArgument(None, "shuffle", "sampler", sampler))
        if "shuffle" in unpacked_keys:
            return True
        return not (shuffle is None or (isinstance(shuffle, ast.Constant) and not shuffle.value))

    def _unpacked_loader_keys(self, call: ast.Call) -> tuple[str, frozenset[str]] | None:
        """For a DataLoader call whose only unpacking is one ``**name``: the name and every key
        its mapping may hold, when each value assigned to the name (and each mapping merged
        into it by ``name.update(...)``) is a dict display of constant string keys, a
        conditional choosing between such, or another name of the same kind. None otherwise
        (also for ``*args``)."""
        if any(isinstance(arg, ast.Starred) for arg in call.args):
            return None
        unpacked = [item.value for item in call.keywords if item.arg is None]
        if len(unpacked) != 1 or not isinstance(unpacked[0], ast.Name):
            return None
        keys = self._mapping_keys(unpacked[0].id, set())
        return None if keys is None else (unpacked[0].id, keys)

    def _mapping_keys(self, name: str, seen: set[str]) -> frozenset[str] | None:
        if name in seen:
            return frozenset()
        seen.add(name)
        sources: list[ast.expr] = list(self.values.get(name, ()))
        if not sources:
            return None
        for other in self.survey.calls:
            method = method_of(other)
            if method is None or method[1] != "update":
                continue
            receiver = method[0]
            if isinstance(receiver, ast.Name) and receiver.id == name:
                if other.keywords or len(other.args) != 1:
                    return None
                sources.append(other.args[0])
        keys: set[str] = set()
        while sources:
            source = sources.pop()
            if isinstance(source, ast.IfExp):
                sources += [source.body, source.orelse]
            elif isinstance(source, ast.Name):
                found = self._mapping_keys(source.id, seen)
                if found is None:
                    return None
                keys |= found
            elif isinstance(source, ast.Dict) and all(
                isinstance(key, ast.Constant) and isinstance(key.value, str) for key in source.keys
            ):
                keys |= {key.value for key in source.keys}  # type: ignore[union-attr]
            else:
                return None
        return frozenset(keys)

    def _is_iterable_dataset(self, dataset: ast.expr) -> bool:
        """True when ``dataset`` is made by a class of this file deriving (directly or through
        other local classes) from ``IterableDataset``."""
        iterable: set[str] = set()
        changed = True
        while changed:
            changed = False
            for cls in self.survey.classes:
                if cls.name not in iterable and any(
                    self.path(base) in known.ITERABLE_DATASETS
                    or (isinstance(base, ast.Name) and base.id in iterable)
                    for base in cls.bases
                ):
                    iterable.add(cls.name)
                    changed = True
        return any(
            isinstance(value, ast.Call)
            and isinstance(value.func, ast.Name)
            and value.func.id in iterable
            for value in self._values_through_names(dataset)
        )

    # --------------------------------------------------------------------- initialisation

    def _logging_name(self) -> str | None:
        """The name of the ``logging`` module (imported in the leading block) when the script
        logs through it and never calls ``logging.disable`` itself: the other ranks then
        disable INFO and DEBUG records, whatever the levels of loggers and handlers, so
        progress is logged once and warnings and errors still show on every rank."""
        called = {self.call_path(call) or "" for call in self.survey.calls}
        if "logging.disable" in called or not any(path.startswith("logging.") for path in called):
            return None
        for name, path in self.env.paths.items():
            if path == "logging" and name in self.leading_names:
                return name
        return None

    def _plan_initialisation(self) -> None:
        if self.anchor is None and self.anchor_before is None:
            return
        torch = self.torch_reference()
        imports: list[str] = []
        if torch not in self.leading_names:
            imports.append("import torch" if torch == "torch" else f"import torch as {torch}")
        imports.append("import horovod.torch as hvd")
        setup = [
            "hvd.init()",
            f"if {torch}.cuda.is_available():\n    {torch}.cuda.set_device(hvd.local_rank())\n",
        ]
        logging = self._logging_name()
        if logging is not None:
            setup.append(f"if hvd.rank() != 0:\n    {logging}.disable({logging}.INFO)\n")
        setup.extend(self.prelude_definitions)
        if self.anchor is not None:
            self.edit_statement(self.anchor, InsertAfter(tuple(imports)))
            self.edit_statement(self.anchor, InsertAfter(tuple(setup), blank_line_before=True))
        elif self.anchor_before is not None:
            self.edit_statement(self.anchor_before, InsertBefore((*imports, *setup)))
