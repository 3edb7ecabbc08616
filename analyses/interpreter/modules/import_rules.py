"""Import statements, and running a project module's body in the same machine and store.

A module is the project's own (found by the analysis's importer, ``imports``), else a library
model (``natives.module_model``), else an unknown module whose attributes are ⊤; a relative
import of nothing in the project is ⊤.

A project module is loaded as Python loads it: its module object is entered in the registry
(``module_code.MODULES``, the analysis's ``sys.modules``) and its body runs once, here, in a frame
of its own code (``Frame.module``: its globals, scope table, text and ``__name__``); an import cycle
sees the module as its body has bound it so far. A body that certainly raises makes the import
raise (reported at the document's import, ``reporting``). ``import a.b`` binds ``a`` and makes
``b`` an attribute of ``a``; ``from m import name`` binds the module's variable, else its submodule
``m.name``, else ⊤; ``from m import *`` binds the module's public names (or ``__all__``) as its
body left them. An attribute of a project module is its variable in the store; storing one
(``config.BATCH = 64``) writes that variable, seen by every function of the module.
"""

from __future__ import annotations

import ast
import os.path
from collections.abc import Hashable, Iterable

from ...domains.base import TOP, AbstractValue
from ...domains.modules import UnknownModuleValue
from ...domains.references import Ref
from ...domains.sequences import SequenceValue, TupleValue
from ...domains.strings import StrValue
from ...workspace import SUBMODULE, FoundModule
from ..core.flow import Flow
from ..core.machine import Frame, Raised
from ..core.state import MaybeUnbound, Unbound, join_states
from ..incremental.memo import CallSummary
from ..incremental.summaries import SummaryRules
from ..natives import module_model
from .imports import (
    DOCUMENT,
    MAX_IMPORT_DEPTH,
    MAX_MODULES_RUN,
    ModuleRecord,
    RunningModule,
    Session,
    active_importer,
)
from .module_bodies import BodySummary, ModuleBodies
from .module_code import (
    ADDED_NAMES,
    MODULES,
    ModuleCode,
    ModuleRegistry,
    ProjectModule,
    global_key,
    registry_key,
)


class ImportRules(SummaryRules):
    """Executes ``import`` and ``from ... import``; loads project modules."""

    def stmt_Import(self, node: ast.Import) -> Flow:
        for alias in node.names:
            if alias.asname is not None:
                value = self.import_module(alias.name, 0, node)
                self.write_name(alias.asname, value)
                continue
            top = alias.name.split(".")[0]
            value = self.import_module(top, 0, node)
            if isinstance(value, ProjectModule) and top != alias.name:
                self.import_module(alias.name, 0, node)
            self.write_name(top, value)
        return Flow(self.state)

    def stmt_ImportFrom(self, node: ast.ImportFrom) -> Flow:
        module_name = node.module or ""
        module = self.import_module(module_name, node.level, node)
        for alias in node.names:
            if alias.name == "*":
                if isinstance(module, ProjectModule):
                    self.import_all(module)
                continue
            if isinstance(module, ProjectModule) or (node.level and module is TOP):
                value = self.project_member(module, module_name, node.level, alias.name, node)
            elif module_name == "builtins":
                value = self.builtin_value(alias.name) or TOP
            else:
                submodule = module_model(f"{module_name}.{alias.name}")
                if submodule is not None:
                    value = submodule
                else:
                    try:
                        value = self.get_attribute(module, alias.name, node)
                    except Raised:
                        value = TOP
            self.write_name(alias.asname or alias.name, value)
        return Flow(self.state)

    def builtin_value(self, name: str) -> AbstractValue | None:
        raise NotImplementedError

    # ------------------------------------------------------------------------ resolution

    def import_module(self, name: str, level: int, node: ast.AST) -> AbstractValue:
        """The module ``import name`` binds: a project module (loaded here), else a library
        model, else ⊤ (a relative import of nothing in the project is ⊤)."""
        importer = active_importer()
        if importer is not None and not (level == 0 and module_model(name.split(".")[0])):
            here = self.module.path if self.module is not None else importer.path
            found = importer.session.find(name, level, here)
            if found is not None:
                return self.load_module(found, name, level, here, node)
            importer.note((name, level, here, None, None))
        if level:
            return TOP
        model = module_model(name)
        return model if model is not None else UnknownModuleValue(name)

    def project_member(
        self, module: AbstractValue, module_name: str, level: int, name: str, node: ast.AST
    ) -> AbstractValue:
        """``from module import name`` of a project module or a relative import: the module's
        variable, else its submodule ``name`` (``from . import layers``), else ⊤."""
        if isinstance(module, ProjectModule):
            value = self.module_variable(module, name)
            if value is not None:
                return value
            submodule = self.submodule(module, name, node)
            return submodule if submodule is not None else TOP
        if not level:
            return TOP
        found = self.import_module(f"{module_name}.{name}" if module_name else name, level, node)
        return found if isinstance(found, ProjectModule) else TOP

    def submodule(self, package: ProjectModule, name: str, node: ast.AST) -> AbstractValue | None:
        """Submodule ``name`` of the project package ``package`` (loaded if it exists)."""
        importer = active_importer()
        if importer is None or not package.code.is_package:
            return None
        request = os.path.join(os.path.dirname(package.code.path), name)
        found = importer.session.find(request, SUBMODULE, None)
        if found is None:
            return None
        return self.load_module(found, request, SUBMODULE, None, node)

    # ------------------------------------------------------------------------ loading

    def loaded_module(self, path: str) -> ProjectModule | None:
        """The module object of the project module at ``path`` when it is loaded on the current
        path (on some paths only, when joined with one where it was not), else None."""
        value = self.global_value(registry_key(path))
        if isinstance(value, MaybeUnbound):
            value = value.value
        return value if isinstance(value, ProjectModule) else None

    def loaded_modules(self) -> Iterable[ModuleCode]:
        state = self.state
        registry = _registry(state.globals.get(MODULES) if state is not None else None)
        return [module.code for _, module in registry.modules]

    def loaded_count(self) -> int:
        """How many project modules are loaded in the current state: the bound
        ``MAX_MODULES_RUN`` counts these (part of the abstract state, so a run whose statements
        were restored from checkpoints or summaries meets it exactly where a run from scratch
        does), read outside what recordings read (a replayed body's ``modules_run`` is checked
        against it instead)."""
        return len(list(self.loaded_modules()))

    def load_module(
        self, found: FoundModule, name: str, level: int, here: str | None, node: ast.AST
    ) -> AbstractValue:
        """The module object of ``found``: the loaded one, else loaded now (its body run, or the
        summary of an earlier run replayed: ``module_bodies``)."""
        importer = active_importer()
        assert importer is not None
        session = importer.session
        session.used.add(found.path)
        if found.path == importer.path:
            importer.note((name, level, here, found.path, DOCUMENT))
            return UnknownModuleValue(name or found.path)
        loaded = self.loaded_module(found.path)
        if loaded is not None:
            if any(running.path == found.path for running in session.running):
                session.incomplete()
                key = None
            else:
                key = session.key_of(found)
            importer.note((name, level, here, found.path, key))
            self.bind_in_package(found, loaded, level)
            return loaded
        if len(session.running) >= MAX_IMPORT_DEPTH or self.loaded_count() >= MAX_MODULES_RUN:
            session.bound_met()
            importer.note((name, level, here, found.path, None))
            return UnknownModuleValue(name or found.path)
        code = session.code_of(found)
        if code is None:
            importer.note((name, level, here, found.path, session.key_of(found)))
            return UnknownModuleValue(name or found.path)
        module = ProjectModule(code)
        self.reporter.call_sites.append((self.call_site(node), f"import {code.label}"))
        try:
            if not self.replay_body(found, module):
                self.record_body(found, module)
        finally:
            self.reporter.call_sites.pop()
            importer.note((name, level, here, found.path, session.key_of(found)))
        self.bind_in_package(found, module, level)
        return module

    def body_key(self, found: FoundModule) -> Hashable | None:
        """What a module body's run depends on besides the store and the questions its summary
        keeps (as ``call_key`` for a call); None: not summarised (an exception handler tracks
        the stores exceptions leave from, which a summary does not carry)."""
        if self.tracking:
            return None
        key = (found.name, *self.run_context())
        try:
            hash(key)
        except TypeError:
            return None
        return key

    def replay_body(self, found: FoundModule, module: ProjectModule) -> bool:
        """Load ``module`` from a summary of an earlier run of its body whose preconditions hold
        here (``module_bodies``); False when none does. Raises ``Raised`` as the run did."""
        importer = active_importer()
        assert importer is not None
        session = importer.session
        key = self.body_key(found)
        bodies = _bodies(session, found, module.code, create=False)
        if key is None or bodies is None:
            return False
        for body in reversed(bodies.candidates(key)):
            if (
                self.loaded_count() + body.modules_run > MAX_MODULES_RUN
                or len(session.running) + body.reach > MAX_IMPORT_DEPTH
                or not self.summary_holds(body.summary, imports=False)
                or not session.texts_hold(importer, body.summary.imports, body.codes[1:])
            ):
                continue
            session.run += body.modules_run
            session.deepest = max(session.deepest, len(session.running) + body.reach)
            session.replayed += 1
            for code in body.codes:
                self.memo.hold(code)
            if session.running:
                session.running[-1].codes.extend(body.codes)
            self.apply_summary(body.summary)
            return True
        return False

    def record_body(self, found: FoundModule, module: ProjectModule) -> None:
        """Run ``module``'s body, recorded: its summary is kept when the run gets a key."""
        importer = active_importer()
        assert importer is not None
        session = importer.session
        code = module.code
        run_before, deepest_before = session.run, session.deepest
        session.run += 1
        self.memo.hold(code)
        running = RunningModule(found.path, codes=[code])
        session.running.append(running)
        session.deepest = len(session.running)
        key = self.body_key(found)
        made: list[CallSummary] = []

        def run() -> AbstractValue:
            self.set_loaded(module)
            self.run_module_body(module, found.name)
            return TOP

        try:
            if key is None:
                run()
            else:
                self.recorded(key, run, lambda _, summary: made.append(summary))
        except Raised:
            raise
        except BaseException:
            running.complete = False
            raise
        finally:
            session.running.pop()
            reach = session.deepest - len(session.running)
            session.deepest = max(deepest_before, session.deepest)
            session.remember(found, code, running)
            if session.running:
                session.running[-1].codes.extend(running.codes)
            if made and key is not None and not running.bounded:
                bodies = _bodies(session, found, code, create=True)
                if bodies is not None:
                    body = BodySummary(
                        made[0], tuple(running.codes), session.run - run_before, reach
                    )
                    bodies.add(key, body)

    def set_loaded(self, module: ProjectModule) -> None:
        """Enter ``module`` in the registry (``sys.modules``): its entry ``registry_key``, and the
        list of loaded modules (kept outside what recordings read: only the entries decide)."""
        key = registry_key(module.code.path)
        if self.footprints:
            self.touch_global(key)
        self.live.write(key, module, local=False)
        self.note_effect("module_loaded", module)

    def _module_loaded(self, module: ProjectModule) -> None:
        state = self.live
        state.write(MODULES, _registry(state.globals.get(MODULES)).with_module(module), local=False)

    def bind_in_package(self, found: FoundModule, module: ProjectModule, level: int) -> None:
        """``import a.b`` (or any import of ``a.b``) makes ``b`` an attribute of the package
        ``a`` when ``a`` is loaded."""
        if found.is_package:
            folder = os.path.dirname(os.path.dirname(found.path))
        else:
            folder = os.path.dirname(found.path)
        package_path = os.path.join(folder, "__init__.py")
        if package_path == module.code.path:
            return
        loaded = self.loaded_module(package_path)
        if loaded is None:
            return
        package = loaded.code
        attribute = os.path.splitext(os.path.basename(found.path))[0]
        if found.is_package:
            attribute = os.path.basename(os.path.dirname(found.path))
        key = global_key(package, attribute)
        if self.footprints:
            self.touch_global(key)
        self.live.write(key, module, local=False)

    def run_module_body(self, module: ProjectModule, name: str | None) -> None:
        """Run ``module``'s body in its own frame (see the module docstring); raises ``Raised``
        when it certainly raises."""
        code = module.code
        caller = self.live
        saved_frame, saved_scope = self.frame, self.scope
        saved_guards, saved_guarded = self.unknown_guards, self.guarded_callers
        self.frame = Frame(code.scopes.module, module=code)
        self.scope = code.scopes.module
        self.state = caller.with_frame(None)
        self.guarded_callers += saved_guards > 0
        self.unknown_guards = 0
        for variable, value in (
            ("__name__", StrValue(name)),
            ("__file__", StrValue(None)),
            ("__doc__", TOP),
            ("__spec__", TOP),
            ("__loader__", TOP),
            ("__package__", TOP),
            ("__builtins__", TOP),
        ):
            key = global_key(code, variable)
            if self.footprints:
                self.touch_global(key)
            self.live.write(key, value, local=False)
        try:
            flow = self.exec_block(code.tree.body)
        except Exception:
            self.state = None
            raise
        finally:
            self.unknown_guards, self.guarded_callers = saved_guards, saved_guarded
            self.frame, self.scope = saved_frame, saved_scope
            if self.state is None:
                self.state = caller
        if flow.raised is not None and self.tracking:
            self.pending_raise = join_states(
                self.pending_raise, flow.raised.with_frame(caller.locals)
            )
        if flow.normal is None:
            self.state = caller
            raise Raised
        self.state = flow.normal.with_frame(caller.locals)

    # ------------------------------------------------------------------------ attributes

    def module_variable(self, module: ProjectModule, name: str) -> AbstractValue | None:
        """Module variable ``name`` of ``module`` as its body left it so far; None when unbound
        (⊤ when unknown code may have rebound it)."""
        key = global_key(module.code, name)
        if key in self.volatile_globals:
            return TOP
        value = self.global_value(key)
        if value is None or isinstance(value, Unbound):
            return TOP if module.code.scopes.module.dynamic else None
        return value.value if isinstance(value, MaybeUnbound) else value

    def module_attribute(self, module: ProjectModule, name: str, node: ast.AST) -> AbstractValue:
        """``module.name``: its variable, else its submodule, else ⊤ (no ``AttributeError`` is
        ever reported: the module may be only partially known)."""
        value = self.module_variable(module, name)
        if value is not None:
            return value
        submodule = self.submodule(module, name, node)
        return submodule if submodule is not None else TOP

    def set_module_attribute(self, module: ProjectModule, name: str, value: AbstractValue) -> None:
        """``module.name = value``: rebinds the module's variable. A name the module's own code
        never binds is also added to its ``ADDED_NAMES`` (what ``from module import *`` reads
        besides the names its code binds)."""
        key = global_key(module.code, name)
        if self.footprints:
            self.touch_global(key)
        self.live.write(key, value, local=False)
        if name not in module.code.scopes.module.bound:
            added_key = global_key(module.code, ADDED_NAMES)
            added = self.global_value(added_key)
            known = added.items if isinstance(added, TupleValue) else None
            names = {item.value for item in known or () if isinstance(item, StrValue)}
            if name not in names:
                names.add(name)
                value = TupleValue.of(tuple(StrValue(text) for text in sorted(names)))
                self.live.write(added_key, value, local=False)

    def import_all(self, module: ProjectModule) -> None:
        """``from module import *``: its ``__all__`` when it is a list or tuple of known strings,
        else its variables not starting with ``_``, bound here as its body left them."""
        code = module.code
        names: list[str] | None = None
        exported = self.module_variable(module, "__all__")
        if exported is not None:
            target = self.deref(exported) if isinstance(exported, Ref) else exported
            items = target.items if isinstance(target, SequenceValue) else None
            if items is not None and all(
                isinstance(item, StrValue) and isinstance(item.value, str) for item in items
            ):
                names = [item.value for item in items]  # type: ignore[union-attr]
        if names is None:
            self.global_value(global_key(code, ADDED_NAMES))
            names = sorted(
                key[1]
                for key in self.live.globals
                if isinstance(key, tuple)
                and len(key) == 2
                and key[0] == code.path
                and isinstance(key[1], str)
                and key[1].isidentifier()
                and not key[1].startswith("_")
            )
        for name in names:
            value = self.module_variable(module, name)
            self.write_name(name, value if value is not None else TOP)


def _bodies(
    session: Session, found: FoundModule, code: ModuleCode, create: bool
) -> ModuleBodies | None:
    """The body summaries kept for ``code`` (``found``'s parsed text) under this analysis's
    settings; None when the module's record holds another text (or, unless ``create``, none)."""
    record = session.workspace.summaries.get(found.path)
    if not isinstance(record, ModuleRecord) or record.code is not code:
        return None
    bodies = record.bodies.get(session.record_context)
    if bodies is None and create:
        bodies = record.bodies[session.record_context] = ModuleBodies()
    return bodies


def _registry(value: AbstractValue | None) -> ModuleRegistry:
    if isinstance(value, MaybeUnbound):
        value = value.value
    return value if isinstance(value, ModuleRegistry) else ModuleRegistry()
