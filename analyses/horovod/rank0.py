"""Rank 0 only: prints, saves, file writes, file-writing callbacks, and the waits after them.

Mixed into the planner (``plan._Planner``), whose tables and helpers it uses: what must happen
once runs on rank 0 only (see docs/horovod.md, the rank-0 rows). Arguments with side effects are
evaluated on every rank first, and a rank-0-only block never contains a collective.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from collections.abc import Callable

from ..facts import Diagnostic, Position, Span
from . import catalogue as known
from . import rank0_files
from .call_parts import method_of
from .edits import (
    GuardStatement,
    GuardValue,
    HoistArgument,
    InsertAfter,
    InsertHoisted,
    Rank0Writer,
    RemoveStatement,
    StatementEdit,
    WrapInCall,
)
from .names import ImportEnvironment
from .survey import Survey


class Rank0Planning:
    """The rank-0 rules of the planner (see the module docstring)."""

    survey: Survey
    env: ImportEnvironment
    values: dict[str, list[ast.expr]]
    statement_edits: defaultdict[Position, list[StatementEdit]]
    rank0_callbacks: set[Span]
    rank0_writes: list[ast.stmt]
    # ids of the statements in rank0_writes that make directories (always followed by a wait)
    rank0_directories: set[int]
    training_functions: set[str]
    shadowed_builtins: set[str]
    print_is_builtin: bool
    violations: list[Diagnostic]
    # The statement (source text) with which every rank waits for rank 0's writes.
    barrier_text: Callable[[], str]
    # The function (source text) that broadcasts a Python object from rank 0.
    broadcast_object_text: Callable[[], str]
    callbacks_include: Callable[[ast.expr, frozenset[str]], bool]

    # ------------------------------------------------------------------- rank 0 only (§2.2)

    def _checkpoint_names(self) -> set[str]:
        return {
            name
            for name, values in self.values.items()
            if any(
                isinstance(value, ast.Call)
                and self.call_path(value) in known.CHECKPOINT_CONSTRUCTORS
                for value in values
            )
        }

    def _is_save(self, call: ast.Call, checkpoints: set[str]) -> bool:
        """Saves that write files: ``save``/``write`` of checkpoints and managers, ``save`` of
        models (also ``self.model`` in callbacks), any ``save_weights``, and the saving
        functions of ``tf.saved_model`` and ``keras.models``."""
        if self.call_path(call) in known.SAVING_FUNCTIONS:
            return True
        method = method_of(call)
        if method is None:
            return False
        receiver, name = method
        if name == "save_weights":
            return True
        if name not in ("save", "write"):
            return False
        if isinstance(receiver, ast.Call):
            return self.call_path(receiver) in known.CHECKPOINT_CONSTRUCTORS
        if isinstance(receiver, ast.Name) and receiver.id in checkpoints:
            return True
        return name == "save" and (
            self._is_model_receiver(call, receiver)
            or (isinstance(receiver, ast.Attribute) and receiver.attr == "model")
        )

    def _is_submodel_summary(self, call: ast.Call) -> bool:
        """``autoencoder.encoder.summary()``: the summary of an attribute (at any depth) of a
        model, a Keras model it holds (tensorflow/docs autoencoder tutorial)."""
        method = method_of(call)
        if method is None or method[1] != "summary" or not isinstance(method[0], ast.Attribute):
            return False
        root = method[0]
        while isinstance(root, ast.Attribute):
            root = root.value
        return isinstance(root, ast.Name) and self._is_model_receiver(call, root)

    def _plan_rank0(self) -> None:
        checkpoints = self._checkpoint_names()
        self._check_checkpoint_aliases(checkpoints)
        for call in self.survey.calls:
            statement = self.statement_of(call)
            called = self.call_path(call)
            if self._is_print(call):
                if isinstance(statement, ast.Expr) and statement.value is call:
                    self._plan_print(call, statement)
            elif self._is_model_method(call, "summary") or self._is_submodel_summary(call):
                if isinstance(statement, ast.Expr) and statement.value is call:
                    self.edit_statement(statement, GuardStatement())
            elif self._is_save(call, checkpoints):
                if isinstance(statement, ast.Expr) and statement.value is call:
                    self.edit_statement(statement, GuardStatement())
                    self.rank0_writes.append(statement)
                elif (
                    isinstance(statement, ast.Assign)
                    and statement.value is call
                    and all(isinstance(target, ast.Name) for target in statement.targets)
                ):
                    self.edit_statement(statement, GuardValue())
                    self.rank0_writes.append(statement)
                else:
                    self.violate(
                        call,
                        "Restriction §2.1.10 (checkpoints on rank 0)",
                        "this save is nested in an expression, so it cannot be limited to rank 0",
                        "make the save a statement of its own or the value of an assignment",
                    )
            elif called == known.SUMMARY_WRITER:
                self.edit_call(
                    call, Rank0Writer(f"{self.tf_reference()}.summary.create_noop_writer()")
                )
            elif called in known.RANK0_CALLBACKS:
                self._plan_rank0_callback(call, called.rsplit(".", 1)[-1])
            elif called in rank0_files.PER_RANK_PATHS:
                self.edit_call(call, Rank0Writer("None"))
                # (Named: by default Horovod names it after the object's type, which differs
                # between rank 0's path and the other ranks' None, and the ranks would hang.)
                self.edit_call(call, WrapInCall(self.broadcast_object_text(), f'name="{called}"'))
            elif called in rank0_files.DIRECTORY_MAKERS:
                self._plan_file_write(call)
                if isinstance(statement, ast.Expr):
                    self.rank0_directories.add(id(statement))
            elif self._is_file_write(call):
                self._plan_file_write(call)
        for with_statement in self.survey.withs:
            self._plan_writing_with(with_statement)
        for assignment in self.survey.assignments:
            if self._is_cuda_assignment(assignment):
                self.edit_statement(assignment, RemoveStatement())
        self._drop_nested_guards()
        self.rank0_writes.extend(self._fits_writing_on_rank0())
        self._plan_barriers()

    def _fits_writing_on_rank0(self) -> list[ast.stmt]:
        """The statements of ``fit`` calls given a file-writing callback (``ModelCheckpoint``,
        ``CSVLogger``, ``TensorBoard``; made in the list or held in a name): the callback runs
        on rank 0 only, so a later read of what it wrote needs a wait after the ``fit``."""
        found = []
        for call in self.survey.calls:
            if not self._is_method(call, "fit"):
                continue
            callbacks = next((k.value for k in call.keywords if k.arg == "callbacks"), None)
            if callbacks is None:
                continue
            statement = self.statement_of(call)
            if statement is not None and self.callbacks_include(callbacks, known.RANK0_CALLBACKS):
                found.append(statement)
        return found

    # ------------------------------------------------------------ files written on rank 0

    def _is_pil_image(self, node: ast.expr) -> bool:
        for value in self._values_through_names(node):
            current = value
            while isinstance(current, ast.Call):
                if (self.call_path(current) or "").startswith(rank0_files.PIL_IMAGE_PREFIX):
                    return True
                if not isinstance(current.func, ast.Attribute):
                    break
                current = current.func.value
        return False

    def _is_file_write(self, call: ast.Call) -> bool:
        called = self.call_path(call)
        if called in rank0_files.WRITING_FUNCTIONS or called == rank0_files.PYPLOT_SAVE:
            return True
        if rank0_files.is_builtin_open(call, self.shadowed_builtins) and rank0_files.write_mode(
            call
        ):
            parent = self.survey.parents.get(call)
            return not isinstance(parent, ast.withitem)
        method = method_of(call)
        if method is None or called is not None:
            return False
        receiver, name = method
        return name in rank0_files.WRITING_METHODS or (
            name == "save" and self._is_pil_image(receiver)
        )

    def _plan_file_write(self, call: ast.Call) -> None:
        statement = self.statement_of(call)
        if isinstance(statement, ast.Expr):
            if statement.value is call:
                self._guard_with_hoisting(call, statement, "Rank-0 file writes", "written")
            else:
                self.guard_once(statement)
            self.rank0_writes.append(statement)
            return
        self.violate(
            call,
            "Rank-0 file writes",
            "this file write is part of a larger statement, so it cannot be limited to rank 0",
            "write the file in a statement of its own (e.g. `with open(path, 'w') as f:`)",
        )

    def _plan_writing_with(self, statement: ast.With | ast.AsyncWith) -> None:
        writes = [
            item.context_expr
            for item in statement.items
            if isinstance(item.context_expr, ast.Call)
            and (
                (
                    rank0_files.is_builtin_open(item.context_expr, self.shadowed_builtins)
                    and rank0_files.write_mode(item.context_expr)
                )
                or self.call_path(item.context_expr) in rank0_files.WRITING_CONTEXTS
            )
        ]
        if not writes:
            return
        for node in ast.walk(statement):
            method = method_of(node) if isinstance(node, ast.Call) else None
            if isinstance(node, ast.Call) and (
                self._calls_training(node)
                or (method is not None and method[1] in rank0_files.MODEL_METHODS)
            ):
                self.violate(
                    writes[0],
                    "Rank-0 file writes",
                    "this block writes a file, so it must run on rank 0 only, but it also runs "
                    "model code that every rank must run",
                    "compute the values before the with statement and only write them inside it",
                )
                return
        if self.survey.is_inline(statement):
            self.violate(
                writes[0],
                "Rank-0 file writes",
                "this with statement shares its line with other code",
                "put the with statement on its own line",
            )
            return
        inside = {id(node) for node in ast.walk(statement)}
        assigned = {
            node.id
            for item in statement.body
            for node in ast.walk(item)
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store)
        }
        scope = self.function_of(statement)
        used_after = [
            node
            for node in self.survey.names
            if node.id in assigned
            and isinstance(node.ctx, ast.Load)
            and id(node) not in inside
            and self.function_of(node) is scope
        ]
        if used_after:
            self.violate(
                writes[0],
                "Rank-0 file writes",
                f"this block writes a file, so it must run on rank 0 only, but it also sets "
                f"{used_after[0].id}, used on line {used_after[0].lineno}, which the other ranks "
                "would then lack",
                f"set {used_after[0].id} before the with statement",
            )
            return
        self.guard_once(statement)
        self.rank0_writes.append(statement)

    def _calls_training(self, call: ast.Call) -> bool:
        callee = call.func.id if isinstance(call.func, ast.Name) else None
        return callee is not None and callee in self.training_functions

    def _drop_nested_guards(self) -> None:
        """A statement inside a block already run on rank 0 only needs no guard of its own."""
        guarded = [
            statement
            for statement in self.rank0_writes
            if isinstance(statement, ast.With | ast.AsyncWith)
        ]
        for statement in guarded:
            for node in ast.walk(statement):
                if node is statement or not isinstance(node, ast.stmt):
                    continue
                key = self.span(node).start
                edits = self.statement_edits.get(key)
                if edits:
                    self.statement_edits[key] = [
                        edit for edit in edits if not isinstance(edit, GuardStatement)
                    ]

    def _is_file_read(self, call: ast.Call, checkpoints: set[str]) -> bool:
        called = self.call_path(call)
        if called in rank0_files.READING_FUNCTIONS:
            return True
        if rank0_files.is_builtin_open(call, self.shadowed_builtins):
            return not rank0_files.write_mode(call)
        method = method_of(call)
        if method is None or called is not None:
            return False
        receiver, name = method
        if name == "load_weights":
            return True
        return name in rank0_files.READING_METHODS and (
            (isinstance(receiver, ast.Name) and receiver.id in checkpoints)
            or (isinstance(receiver, ast.Call) and self._is_method(receiver, "restore"))
        )

    def _plan_barriers(self) -> None:
        """Every rank waits for rank 0's writes before a later read in the same function, and
        always after making a directory. A call of a function of this module that writes on
        rank 0 (itself or through the functions it calls) counts as a write where it is called,
        and a call of one that reads counts as a read: ``train()`` saving images on rank 0 and
        module code opening them next. The
        wait goes after the outermost ``if``/``with``/``try`` around the write (inside its loop
        or function): a condition there may differ between ranks (a rank's own loss), and a
        collective that only some ranks reach would hang."""
        checkpoints = self._checkpoint_names()
        reads: list[ast.AST] = [
            call for call in self.survey.calls if self._is_file_read(call, checkpoints)
        ]
        writer_calls = self._calls_of_functions_containing(self.rank0_writes)
        reads.extend(self._calls_of_functions_containing(reads))
        writes = [*self.rank0_writes, *writer_calls]
        anchors: set[int] = set()
        for statement in writes:
            function = self.function_of(statement)
            end = (statement.end_lineno or statement.lineno, statement.end_col_offset or 0)
            if id(statement) not in self.rank0_directories and not any(
                self.function_of(read) is function
                and (getattr(read, "lineno", 0), getattr(read, "col_offset", 0)) > end
                for read in reads
            ):
                continue
            anchor: ast.stmt = statement
            parent = self.survey.parents.get(anchor)
            while isinstance(parent, ast.If | ast.With | ast.AsyncWith | ast.Try):
                anchor = parent
                parent = self.survey.parents.get(anchor)
            if id(anchor) not in anchors and not self.survey.is_inline(anchor):
                anchors.add(id(anchor))
                self.edit_statement(anchor, InsertAfter((self.barrier_text(),)))

    def _calls_of_functions_containing(
        self, nodes: list[ast.stmt] | list[ast.AST]
    ) -> list[ast.stmt]:
        """The statements calling, by its plain name, a function of this module that contains
        one of ``nodes`` or calls such a function in turn (names defined once, as a ``def``
        of module code; a name also bound otherwise may be another function, so it counts not).
        Calls nested in an expression count as their whole statement."""
        definitions: dict[str, list[ast.AST]] = defaultdict(list)
        for function in self.survey.functions:
            definitions[function.name].append(function)
        for assignment in self.survey.assignments:
            for target in (
                assignment.targets if isinstance(assignment, ast.Assign) else [assignment.target]
            ):
                if isinstance(target, ast.Name):
                    definitions[target.id].append(assignment)
        functions = {
            name: bindings[0]
            for name, bindings in definitions.items()
            if len(bindings) == 1
            and isinstance(bindings[0], ast.FunctionDef | ast.AsyncFunctionDef)
            and self.function_of(bindings[0]) is None
            and self.survey.contexts[bindings[0]].owner_class is None
        }
        reaching = {id(self.function_of(node)) for node in nodes} - {id(None)}
        calls = [
            call
            for call in self.survey.calls
            if isinstance(call.func, ast.Name) and call.func.id in functions
        ]
        found: list[ast.stmt] = []
        changed = True
        while changed:
            changed = False
            for call in calls:
                assert isinstance(call.func, ast.Name)
                statement = self.statement_of(call)
                if (
                    id(functions[call.func.id]) in reaching
                    and statement is not None
                    and all(statement is not listed for listed in found)
                ):
                    found.append(statement)
                    caller = self.function_of(call)
                    if caller is not None and id(caller) not in reaching:
                        reaching.add(id(caller))
                        changed = True
        return found

    def _in_list(self, node: ast.expr) -> bool:
        parent = self.survey.parents.get(node)
        return isinstance(parent, ast.List) and node in parent.elts

    def _plan_rank0_callback(self, call: ast.Call, name: str) -> None:
        """A file-writing callback is kept in callbacks lists on rank 0 only: where it is
        created inside the list, or, when it is assigned to a name, where the name is listed;
        ``callbacks.append(cb)`` statements run on rank 0 only."""
        if self._in_list(call):
            self.rank0_callbacks.add(self.span(call.func))
            return
        statement = self.statement_of(call)
        append = self._appending_statement(call)
        if append is not None:
            self.guard_once(append)
            return
        if (
            isinstance(statement, ast.Assign)
            and statement.value is call
            and len(statement.targets) == 1
            and isinstance(statement.targets[0], ast.Name)
        ):
            variable = statement.targets[0].id
            uses = [
                node
                for node in self.survey.names
                if node.id == variable and isinstance(node.ctx, ast.Load)
            ]
            every_value_writes = all(
                isinstance(value, ast.Call) and self.call_path(value) in known.RANK0_CALLBACKS
                for value in self.values.get(variable, ())
            )
            appends = [self._appending_statement(node) for node in uses]
            if every_value_writes and all(
                self._in_list(node) or append is not None
                for node, append in zip(uses, appends, strict=True)
            ):
                for node, append in zip(uses, appends, strict=True):
                    if append is not None:
                        self.guard_once(append)
                    else:
                        self.rank0_callbacks.add(self.span(node))
                return
        self.violate(
            call,
            "Rank-0 callbacks",
            f"this {name} callback writes files and must run on rank 0 only, but it is neither "
            "created inside a callbacks list nor appended to one, and the name it is assigned to "
            "is used outside such lists or also holds callbacks that must run on every rank",
            "create it inside the list passed as callbacks=[...], append it with "
            "callbacks.append(...), or give it a name of its own used only in such lists",
        )

    def _appending_statement(self, node: ast.expr) -> ast.Expr | None:
        """The statement ``callbacks.append(node)`` when ``node`` is the argument of one."""
        parent = self.survey.parents.get(node)
        statement = self.statement_of(node)
        if (
            isinstance(parent, ast.Call)
            and self._is_method(parent, "append")
            and parent.args == [node]
            and isinstance(statement, ast.Expr)
            and statement.value is parent
        ):
            return statement
        return None

    def guard_once(self, statement: ast.stmt) -> None:
        """Run ``statement`` on rank 0 only (once, however many rules ask for it)."""
        edits = self.statement_edits.get(self.span(statement).start, [])
        if not any(isinstance(edit, GuardStatement) for edit in edits):
            self.edit_statement(statement, GuardStatement())

    def _check_checkpoint_aliases(self, checkpoints: set[str]) -> None:
        """Restriction §2.1.10: a checkpoint is not aliased (so every save of it is found)."""
        for assignment in self.survey.assignments:
            if isinstance(assignment.value, ast.Name) and assignment.value.id in checkpoints:
                self.violate(
                    assignment.value,
                    "Restriction §2.1.10 (checkpoints not aliased)",
                    f"the checkpoint {assignment.value.id} is aliased, so saves through the alias "
                    "would run on every rank",
                    "use the checkpoint's own name",
                )
        for call in self.survey.calls:
            if self.call_path(call) in known.CHECKPOINT_CONSTRUCTORS:
                continue
            for argument in [*call.args, *(item.value for item in call.keywords)]:
                if isinstance(argument, ast.Name) and argument.id in checkpoints:
                    self.violate(
                        argument,
                        "Restriction §2.1.10 (checkpoints not aliased)",
                        f"the checkpoint {argument.id} is passed to a function, which could save "
                        "it on every rank",
                        "save it where it is created",
                    )

    def _is_print(self, call: ast.Call) -> bool:
        if isinstance(call.func, ast.Name) and call.func.id == "print":
            return self.print_is_builtin
        return self.call_path(call) == known.TF_PRINT

    def _plan_print(self, call: ast.Call, statement: ast.Expr) -> None:
        """Restriction §2.1.4, relaxed: see ``_guard_with_hoisting``."""
        self._guard_with_hoisting(
            call, statement, "Restriction §2.1.4 (print without side effects)", "printed"
        )

    def _guard_with_hoisting(
        self, call: ast.Call, statement: ast.Expr, rule: str, preferred_name: str
    ) -> None:
        """Run ``statement`` (the call ``call``) on rank 0 only. Arguments with side effects
        (which may train or communicate) are first evaluated on every rank, in their order, into
        fresh names: every argument up to the last impure one that is not a constant or a
        name."""
        arguments: list[tuple[ast.expr, int | None, str | None]] = [
            (argument, index, None) for index, argument in enumerate(call.args)
        ] + [(item.value, None, item.arg) for item in call.keywords]
        last_impure = -1
        for index, (argument, _, _) in enumerate(arguments):
            for node in ast.walk(argument):
                if isinstance(node, ast.Yield | ast.YieldFrom | ast.Await):
                    self._violate_rank0_call(node, rule, "yields or awaits")
                    return
                if isinstance(node, ast.NamedExpr) or (
                    isinstance(node, ast.Call) and not self._is_pure_call(node)
                ):
                    last_impure = index
        if last_impure < 0:
            self.guard_once(statement)
            return
        if self.survey.is_inline(statement) or any(
            isinstance(argument, ast.Starred) or (keyword is None and position is None)
            for argument, position, keyword in arguments[: last_impure + 1]
        ):
            self._violate_rank0_call(
                call,
                rule,
                "cannot be evaluated apart from the call here (it shares its line or unpacks "
                "arguments)",
            )
            return
        hoisted: list[str] = []
        for argument, position, keyword in arguments[: last_impure + 1]:
            if isinstance(argument, ast.Constant | ast.Name):
                continue
            name = self.fresh(preferred_name)
            hoisted.append(name)
            self.edit_call(call, HoistArgument(position, keyword, name))
        self.edit_statement(statement, InsertHoisted(tuple(hoisted)))
        self.guard_once(statement)

    def _is_pure_call(self, call: ast.Call) -> bool:
        if isinstance(call.func, ast.Name):
            return call.func.id in known.PURE_BUILTINS and call.func.id not in self.env.paths
        called = self.call_path(call)
        if called is not None:
            return called.startswith(known.PURE_MODULES) or called in ("tensorflow", "numpy")
        method = method_of(call)
        return method is not None and method[1] in known.PURE_METHODS

    def _violate_rank0_call(self, node: ast.AST, rule: str, problem: str) -> None:
        self.violate(
            node,
            rule,
            f"this call runs on rank 0 only and an argument with side effects {problem}",
            "compute the value in a statement of its own before the call and pass the variable",
        )

    def _is_cuda_assignment(self, assignment: ast.Assign | ast.AnnAssign) -> bool:
        if not isinstance(assignment, ast.Assign) or len(assignment.targets) != 1:
            return False
        target = assignment.targets[0]
        return (
            isinstance(target, ast.Subscript)
            and self.path(target.value) == "os.environ"
            and isinstance(target.slice, ast.Constant)
            and target.slice.value == "CUDA_VISIBLE_DEVICES"
        )
