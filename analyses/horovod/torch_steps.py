"""The optimizer steps of a PyTorch script under Horovod: clipping, mixed precision, accumulation.

Mixed into the PyTorch planner (``torch_plan._TorchPlanner``). Horovod averages gradients
asynchronously and waits for them in ``step``; whatever reads the gradients between
``backward`` and ``step`` must wait first (``optimizer.synchronize()``) and the step must then
not wait again (``with optimizer.skip_synchronize():``). That covers gradient clipping and a
``GradScaler``'s ``unscale_``/``step`` (Horovod's documented mixed-precision pattern). A step
taken every K backward passes needs ``backward_passes_per_step=K``, given only when K is a
literal (or a name bound once to one) and every K-th pass and the epoch's last pass certainly
step (see docs/horovod.md).
"""

from __future__ import annotations

import ast

from ..text import SourceText
from . import torch_catalogue as known
from .call_parts import is_reference, method_of
from .edits import AddKeyword, InsertBefore, WithBlock
from .planner_base import PlannerBase

ACCUMULATION_RULE = "Gradient accumulation"
ACCUMULATION_CHANGE = (
    "write the step as `if (i + 1) % K == 0 or i + 1 == len(loader):` directly in "
    "`for i, batch in enumerate(loader):` with K an int literal (or a name assigned one once) "
    "and one backward per iteration, or step on every iteration"
)


class StepPlanning(PlannerBase):
    """The step rules of the PyTorch planner (see the module docstring)."""

    def __init__(self, tree: ast.Module, text: SourceText) -> None:
        super().__init__(tree, text)
        # Assigned optimizers by name (or attribute text), names holding an optimizer, the
        # backward passes per step of accumulating optimizers, clipping calls already handled.
        self.optimizers: dict[str, ast.Call] = {}
        self.optimizer_names: set[str] = set()
        self.passes_per_step: dict[str, int] = {}
        self.synchronised_clips: set[int] = set()
        # The model whose parameters each wrapped optimizer updates (its text).
        self.optimizer_models: dict[str, str] = {}

    # ---------------------------------------------------------------------------- helpers

    def _reference_key(self, node: ast.expr) -> str | None:
        """How an optimizer is named: a name, or the text of an attribute chain such as
        ``self.optimizer``."""
        if isinstance(node, ast.Name):
            return node.id
        if isinstance(node, ast.Attribute) and is_reference(node):
            return self.survey.segment(node)
        return None

    def _optimizer_method(self, call: ast.Call, name: str) -> bool:
        method = method_of(call)
        return (
            method is not None
            and method[1] == name
            and self._reference_key(method[0]) in self.optimizer_names
        )

    def _is_scaler_method(self, call: ast.Call, name: str) -> bool:
        """``scaler.<name>(...)`` on a name holding a ``GradScaler``."""
        method = method_of(call)
        if method is None or method[1] != name or not isinstance(method[0], ast.Name):
            return False
        return any(
            isinstance(value, ast.Call) and self.call_path(value) in known.GRAD_SCALERS
            for value in self.values.get(method[0].id, ())
        )

    def _stepped_optimizer(self, step: ast.Call) -> str | None:
        """The optimizer key a step call steps: ``opt.step()`` or ``scaler.step(opt)``."""
        if self._is_scaler_method(step, "step"):
            if len(step.args) == 1 and not step.keywords:
                return self._reference_key(step.args[0])
            return None
        method = method_of(step)
        return self._reference_key(method[0]) if method is not None else None

    def _block_of(self, statement: ast.stmt) -> list[ast.stmt] | None:
        """The statement list (body, orelse, ...) that holds ``statement``."""
        parent = self.survey.parents.get(statement, self.tree)
        for field in ("body", "orelse", "finalbody"):
            block = getattr(parent, field, None)
            if isinstance(block, list) and any(item is statement for item in block):
                return block
        return None

    def _own_statement(self, call: ast.Call) -> ast.Expr | None:
        """The expression statement that is exactly ``call``, on lines of its own."""
        statement = self.statement_of(call)
        if (
            isinstance(statement, ast.Expr)
            and statement.value is call
            and not self.survey.is_inline(statement)
        ):
            return statement
        return None

    @staticmethod
    def _calls_backward(node: ast.AST) -> bool:
        return any(
            isinstance(child, ast.Call)
            and (method_of(child) or (None, ""))[1] == "backward"
            and not child.args
            for child in ast.walk(node)
        )

    def _check_zero_grad(self) -> None:
        """Horovod 0.28.1's ``DistributedOptimizer.zero_grad`` takes no arguments."""
        for call in self.survey.calls:
            if self._optimizer_method(call, "zero_grad") and (call.args or call.keywords):
                self.violate(
                    call,
                    "Horovod DistributedOptimizer",
                    "Horovod's DistributedOptimizer.zero_grad() takes no arguments, so this "
                    "call would raise TypeError",
                    "call optimizer.zero_grad() without arguments (from torch 2.0 it sets the "
                    "gradients to None by default)",
                )

    # ------------------------------------------------------------------- mixed precision

    def _plan_scaled_steps(self, scaled_steps: list[ast.Call]) -> None:
        """``scaler.step(opt)``: ``opt.synchronize()`` before the first ``scaler.unscale_``
        or clipping statement after the last backward of the block (or, for a step under a
        certain accumulation ``if``, in that ``if``), else before the step, and the step inside
        ``with opt.skip_synchronize():``."""
        rule = "Mixed precision"
        for step in scaled_steps:
            statement = self._own_statement(step)
            optimizer = self._stepped_optimizer(step)
            if statement is None or optimizer not in self.optimizers:
                self.violate(
                    step,
                    rule,
                    "Horovod must synchronise the gradients before the GradScaler unscales "
                    "them, which the rewrite arranges only for a `scaler.step(optimizer)` "
                    "statement of its own stepping an optimizer assigned to a name",
                    "write `scaler.step(optimizer)` on a line of its own",
                )
                continue
            block = self._block_of(statement)
            assert block is not None
            index = next(i for i, item in enumerate(block) if item is statement)
            passes = [i for i in range(index) if self._calls_backward(block[i])]
            guard = self._accumulation_guard(step)
            if passes:
                between = block[passes[-1] + 1 : index]
            elif (
                guard is not None
                and guard.body is block
                and self._passes_per_step(step, guard) is not None
            ):
                between = block[:index]
            else:
                self.violate(
                    step,
                    rule,
                    "the gradients are not computed in the block of `scaler.step` (nor in the "
                    "loop of a certain accumulation around it), so the rewrite cannot place "
                    "optimizer.synchronize() after them",
                    "call `scaler.scale(loss).backward()` in the same block before the step",
                )
                continue
            anchor = next((item for item in between if self._reads_gradients(item)), statement)
            self.edit_statement(anchor, InsertBefore((f"{optimizer}.synchronize()",)))
            self.edit_statement(statement, WithBlock(f"{optimizer}.skip_synchronize()"))
            for item in between:
                for node in ast.walk(item):
                    if isinstance(node, ast.Call):
                        self.synchronised_clips.add(id(node))
        for call in self.survey.calls:
            if self._is_scaler_method(call, "unscale_") and id(call) not in self.synchronised_clips:
                self.violate(
                    call,
                    rule,
                    "this unscale_ is not between the backward and a `scaler.step(optimizer)` of "
                    "one block, so the rewrite cannot synchronise the gradients before it, and "
                    "ranks could disagree on skipping the step",
                    "unscale in the block of `scaler.step(optimizer)`, after the backward",
                )

    def _reads_gradients(self, statement: ast.stmt) -> bool:
        """A ``scaler.unscale_(...)`` or a gradient-clipping call in ``statement``."""
        return any(
            isinstance(node, ast.Call)
            and (
                self._is_scaler_method(node, "unscale_")
                or self.call_path(node) in known.GRADIENT_CLIPPING
            )
            for node in ast.walk(statement)
        )

    # ------------------------------------------------------------------ gradient clipping

    def _plan_clipping(self) -> None:
        """Clip the averaged gradients: ``opt.synchronize()`` before the clipping statement and
        ``opt.step()`` inside ``with opt.skip_synchronize():`` in the same function. Clipping
        before a ``scaler.step`` was placed by ``_plan_scaled_steps``."""
        for call in self.survey.calls:
            if (
                self.call_path(call) not in known.GRADIENT_CLIPPING
                or id(call) in self.synchronised_clips
            ):
                continue
            statement = self.statement_of(call)
            function = self.function_of(call)
            steps = [
                step
                for step in self.survey.calls
                if (self._optimizer_method(step, "step") or self._is_scaler_method(step, "step"))
                and self.function_of(step) is function
                and (step.lineno, step.col_offset) > (call.lineno, call.col_offset)
            ]
            receivers = {self._stepped_optimizer(step) for step in steps}
            step_statements = [self._own_statement(step) for step in steps]
            if (
                len(receivers) != 1
                or any(self._is_scaler_method(step, "step") for step in steps)
                or not isinstance(statement, ast.Expr | ast.Assign)
                or self.survey.is_inline(statement)
                or any(item is None for item in step_statements)
            ):
                self.violate(
                    call,
                    "Gradient clipping",
                    "Horovod averages gradients asynchronously, so clipping must come after "
                    "optimizer.synchronize() and be followed by one optimizer.step() of one "
                    "optimizer, each a statement of its own in the same function",
                    "clip in a statement of its own followed by `optimizer.step()` (or, with a "
                    "GradScaler, in the block of `scaler.step(optimizer)` after the backward)",
                )
                continue
            (optimizer,) = receivers
            self.edit_statement(statement, InsertBefore((f"{optimizer}.synchronize()",)))
            for step_statement in step_statements:
                assert step_statement is not None
                self.edit_statement(step_statement, WithBlock(f"{optimizer}.skip_synchronize()"))

    # -------------------------------------------------------------- gradient accumulation

    def _plan_accumulation(self, steps: list[ast.Call]) -> None:
        """A step under an ``if`` of the loop that calls backward accumulates gradients: Horovod
        gets ``backward_passes_per_step=K`` when the structure is certain (``_passes_per_step``),
        else the rewrite is refused. Recorded in ``passes_per_step``."""
        found: dict[str, set[int]] = {}
        for step in steps:
            optimizer = self._stepped_optimizer(step)
            guard = self._accumulation_guard(step)
            if guard is None:
                found.setdefault(optimizer or "", set()).add(1)
                continue
            passes = self._passes_per_step(step, guard)
            if passes is None:
                self.violate(
                    step,
                    ACCUMULATION_RULE,
                    "optimizer.step runs only on some iterations of the loop that calls "
                    "backward, and the rewrite passes Horovod backward_passes_per_step (the "
                    "backward passes each step accumulates) only when that count is certain and "
                    "the epoch's last pass steps too",
                    ACCUMULATION_CHANGE,
                )
                return
            found.setdefault(optimizer or "", set()).add(passes)
        for optimizer, counts in found.items():
            if len(counts) > 1:
                self.violate(
                    self.optimizers.get(optimizer, steps[0]),
                    ACCUMULATION_RULE,
                    "this optimizer steps both on every backward pass and every few passes",
                    "step it in one way only",
                )
            elif counts != {1}:
                (count,) = counts
                self.passes_per_step[optimizer] = count

    def _accumulation_guard(self, step: ast.Call) -> ast.If | None:
        """The innermost ``if`` around ``step`` inside the innermost loop, when that loop calls
        backward outside the ``if``."""
        loops = self.survey.contexts[step].loops
        if not loops:
            return None
        guards = [
            node
            for node in self.survey.ancestors(step)
            if isinstance(node, ast.If) and loops[-1] in self.survey.ancestors(node)
        ]
        for guard in guards:
            inside = {id(node) for node in ast.walk(guard)}
            if any(
                isinstance(node, ast.Call)
                and (method_of(node) or (None, ""))[1] == "backward"
                and not node.args
                and id(node) not in inside
                for node in ast.walk(loops[-1])
            ):
                return guard
        return None

    def _passes_per_step(self, step: ast.Call, guard: ast.If) -> int | None:
        """K for ``for i, b in enumerate(loader): ...; x.backward(); if (i + 1) % K == 0 or
        i + 1 == len(loader): ...step...``: the ``if`` and the one backward statement sit
        directly in the loop's body, ``i`` is not reassigned, K is ``_literal_count``."""
        loop = self.survey.contexts[step].loops[-1]
        if (
            not isinstance(loop, ast.For)
            or guard.orelse
            or not any(item is guard for item in loop.body)
            or not any(item is self.statement_of(step) for item in guard.body)
            or not isinstance(loop.iter, ast.Call)
            or not isinstance(loop.iter.func, ast.Name)
            or loop.iter.func.id != "enumerate"
            or "enumerate" in self.shadowed_builtins
            or len(loop.iter.args) != 1
            or loop.iter.keywords
            or not isinstance(loop.iter.args[0], ast.Name)
            or not isinstance(loop.target, ast.Tuple)
            or not loop.target.elts
            or not isinstance(loop.target.elts[0], ast.Name)
        ):
            return None
        index, loader = loop.target.elts[0].id, loop.iter.args[0].id
        passes = [item for item in loop.body if self._calls_backward(item)]
        if len(passes) != 1 or passes[0] is guard or self._calls_backward(guard):
            return None
        if any(
            isinstance(node, ast.Name) and node.id == index and not isinstance(node.ctx, ast.Load)
            for item in loop.body
            for node in ast.walk(item)
        ):
            return None
        test = guard.test
        if (
            not isinstance(test, ast.BoolOp)
            or not isinstance(test.op, ast.Or)
            or len(test.values) != 2
            or "len" in self.shadowed_builtins
            or not _is_last(test.values[1], index, loader)
        ):
            return None
        count = _every_kth(test.values[0], index)
        return None if count is None else self._literal_count(count)

    def _literal_count(self, node: ast.expr) -> int | None:
        """An int literal > 1, or a name bound exactly once, to such a literal, and nowhere
        else (no parameter, import, definition or other binding of that name)."""
        if isinstance(node, ast.Name):
            name = node.id
            bindings = [
                item
                for item in self.survey.names
                if item.id == name and not isinstance(item.ctx, ast.Load)
            ]
            values = self.values.get(name, [])
            if (
                len(bindings) != 1
                or len(values) != 1
                or name in self.env.paths
                or any(
                    function.name == name
                    or name
                    in {
                        argument.arg
                        for argument in ast.walk(function.args)
                        if isinstance(argument, ast.arg)
                    }
                    for function in self.survey.functions
                )
                or any(cls.name == name for cls in self.survey.classes)
            ):
                return None
            node = values[0]
        if not isinstance(node, ast.Constant):
            return None
        count = node.value
        if isinstance(count, bool) or not isinstance(count, int) or count < 2:
            return None
        return count

    def _plan_backward_inputs(self) -> None:
        """With several wrapped optimizers (a GAN's generator and discriminator), a backward
        pass through both models would fire the other optimizer's gradient hooks too: Horovod
        0.28.1 then allreduces those gradients again under the same names before that optimizer
        steps, and fails. Each ``loss.backward()`` statement whose next step in its block is a
        plain ``opt.step()`` gets ``inputs=list(<opt's model>.parameters())``, as Horovod's
        documentation advises, when every other optimizer's ``zero_grad`` is called in the loop
        around it (directly or in a function of this file it calls), before any backward can
        let it use what this pass would have accumulated."""
        if len(self.optimizer_models) < 2:
            return
        for call in self.survey.calls:
            method = method_of(call)
            statement = self._own_statement(call)
            if method is None or method[1] != "backward" or statement is None:
                continue
            if any(keyword.arg in {"inputs", None} for keyword in call.keywords) or call.args:
                continue
            stepped = self._next_plain_step(statement)
            loops = self.survey.contexts[statement].loops
            if stepped is None or stepped not in self.optimizer_models or not loops:
                continue
            zeroed = self._zeroed_in(loops[-1])
            if set(self.optimizer_models) - {stepped} <= zeroed:
                model = self.optimizer_models[stepped]
                self.edit_call(call, AddKeyword("inputs", f"list({model}.parameters())"))

    def _next_plain_step(self, statement: ast.stmt) -> str | None:
        block = self._block_of(statement) or []
        after = [item for item in block if item.lineno > statement.lineno]
        for item in after:
            if self._calls_backward(item):
                # another backward pass of the same step, as a statement of its own, or else
                # one whose structure is not followed
                if isinstance(item, ast.Expr) and isinstance(item.value, ast.Call):
                    continue
                return None
            if (
                isinstance(item, ast.Expr)
                and isinstance(item.value, ast.Call)
                and self._optimizer_method(item.value, "step")
            ):
                return self._stepped_optimizer(item.value)
        return None

    def _zeroed_in(self, loop: ast.AST) -> set[str]:
        """Optimizers whose ``zero_grad`` the loop calls, directly or in a function of this
        file called from the loop's body."""
        functions = {function.name: function for function in self.survey.functions}
        bodies: list[ast.AST] = [loop]
        for node in ast.walk(loop):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                function = functions.get(node.func.id)
                if function is not None:
                    bodies.append(function)
        by_model = {model: key for key, model in self.optimizer_models.items()}
        zeroed: set[str] = set()
        for body in bodies:
            for node in ast.walk(body):
                if not isinstance(node, ast.Call):
                    continue
                method = method_of(node)
                if self._optimizer_method(node, "zero_grad"):
                    key = self._stepped_optimizer(node)
                    if key is not None:
                        zeroed.add(key)
                elif method is not None and method[1] == "zero_grad" and is_reference(method[0]):
                    # ``netD.zero_grad()``: the module of an optimizer (pytorch/examples' DCGAN)
                    key = by_model.get(self.survey.segment(method[0]))
                    if key is not None:
                        zeroed.add(key)
        return zeroed

    def _plan_several_backwards(self, steps: list[ast.Call]) -> None:
        """A plain ``opt.step()`` statement preceded in its block, since the block's previous
        step, by K > 1 backward statements of that block (pytorch/examples' DCGAN:
        ``errD_real.backward()``, ``errD_fake.backward()``, ``optimizerD.step()``): Horovod
        must count K passes before it averages (``backward_passes_per_step=K``); without it, the
        second pass finds the first one's allreduce still pending and fails."""
        for step in steps:
            statement = self._own_statement(step)
            key = self._stepped_optimizer(step)
            block = self._block_of(statement) if statement is not None else None
            if block is None or key is None or key in self.passes_per_step:
                continue
            index = next(i for i, item in enumerate(block) if item is statement)
            passes = 0
            for item in reversed(block[:index]):
                if (
                    isinstance(item, ast.Expr)
                    and isinstance(item.value, ast.Call)
                    and self._optimizer_method(item.value, "step")
                ):
                    break
                if self._calls_backward(item):
                    if not (
                        isinstance(item, ast.Expr)
                        and isinstance(item.value, ast.Call)
                        and (method_of(item.value) or (None, ""))[1] == "backward"
                    ):
                        passes = 0
                        break
                    passes += 1
            if passes > 1:
                self.passes_per_step[key] = passes


def _plus_one(node: ast.expr, index: str) -> bool:
    """``index + 1`` (or ``1 + index``)."""
    return (
        isinstance(node, ast.BinOp)
        and isinstance(node.op, ast.Add)
        and {ast.dump(node.left), ast.dump(node.right)}
        == {ast.dump(ast.Name(index, ast.Load())), ast.dump(ast.Constant(1))}
    )


def _every_kth(node: ast.expr, index: str) -> ast.expr | None:
    """K (the expression) of ``(index + 1) % K == 0``."""
    if not (
        isinstance(node, ast.Compare)
        and len(node.ops) == 1
        and isinstance(node.ops[0], ast.Eq)
        and isinstance(node.comparators[0], ast.Constant)
        and node.comparators[0].value == 0
        and isinstance(node.left, ast.BinOp)
        and isinstance(node.left.op, ast.Mod)
        and _plus_one(node.left.left, index)
    ):
        return None
    return node.left.right


def _is_last(node: ast.expr, index: str, loader: str) -> bool:
    """``index + 1 == len(loader)`` (either side)."""
    if not (
        isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], ast.Eq)
    ):
        return False
    length = ast.dump(
        ast.Call(ast.Name("len", ast.Load()), [ast.Name(loader, ast.Load())], keywords=[])
    )
    sides = [node.left, node.comparators[0]]
    return any(_plus_one(sides[i], index) and ast.dump(sides[1 - i]) == length for i in range(2))
