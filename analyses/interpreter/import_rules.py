"""Import statements: ``import`` and ``from ... import``.

A module is the project's own (``imports``: analysed as imported), else a library model
(``natives.module_model``), else an unknown module whose attributes are ⊤; a relative import of
nothing in the project is ⊤. ``from m import name`` binds the module's member, else its submodule
``m.name``, else ⊤. ``from m import *`` binds nothing here: the scope table makes such a scope's
names dynamic.
"""

from __future__ import annotations

import ast

from ..domains.base import TOP, AbstractValue
from ..domains.modules import UnknownModuleValue
from .flow import Flow
from .imports import ProjectModule
from .machine import MachineCore, Raised
from .natives import module_model
from .project_values import active_importer


class ImportRules(MachineCore):
    """Executes ``import`` and ``from ... import``."""

    def stmt_Import(self, node: ast.Import) -> Flow:
        for alias in node.names:
            if alias.asname is not None:
                value = self.import_module(alias.name)
                self.write_name(alias.asname, value)
            else:
                top = alias.name.split(".")[0]
                value = self.import_module(top)
                if isinstance(value, ProjectModule) and top != alias.name:
                    self.import_module(alias.name)
                self.write_name(top, value)
        return Flow(self.state)

    def import_module(self, name: str, level: int = 0) -> AbstractValue:
        """The module ``import name`` binds: a project module (``imports``), else a library
        model, else ⊤ (a relative import of nothing in the project is ⊤)."""
        importer = active_importer()
        if importer is not None:
            project = importer.load(name, level)
            if project is not None:
                return project
        if level:
            return TOP
        model = module_model(name)
        return model if model is not None else UnknownModuleValue(name)

    def stmt_ImportFrom(self, node: ast.ImportFrom) -> Flow:
        module_name = node.module or ""
        module = self.import_module(module_name, node.level)
        for alias in node.names:
            if alias.name == "*":
                continue
            if isinstance(module, ProjectModule) or (node.level and module is TOP):
                value = self.project_member(module, module_name, node.level, alias.name)
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
            bound = alias.asname or alias.name
            self.write_name(bound, value)
        return Flow(self.state)

    def project_member(
        self, module: AbstractValue, module_name: str, level: int, name: str
    ) -> AbstractValue:
        """``from module import name`` of a project module or a relative import: the module's
        export, else its submodule ``name`` (``from . import layers``), else ⊤."""
        if isinstance(module, ProjectModule):
            value = module.member(name)
            if value is not None:
                return value
        importer = active_importer()
        if importer is None or (not isinstance(module, ProjectModule) and not level):
            return TOP
        submodule = importer.load(f"{module_name}.{name}" if module_name else name, level)
        return submodule if submodule is not None else TOP
