"""The code of a project module as the analysis runs it, and where its variables live.

A project module imported by the analysed document (``imports``) runs in the document's own
abstract machine and store: one program, one heap. Its variables are the store's module variables
under keys of their own, ``(path, name)`` (``global_key``), beside the document's (plain names)
and the library models' state (``model_state``). So the ordinary machinery sees every module's
variables: joins, loop fixpoints, call summaries (``memo``: a footprint records the keys it
touched), checkpoints and garbage collection need nothing module-specific.

A ``ModuleCode`` is one parsed version of a module's text: its tree, text and scope table. It is
kept by the workspace for as long as that text is current (``imports.ModuleRecord``), so the
identities of its nodes (allocation sites, ``id(node)``) stay its own while any analysis or cache
may refer to them.
"""

from __future__ import annotations

import ast
import os.path
from collections.abc import Hashable

from ...domains.base import AbstractValue
from ...facts import ModuleSpan, Span
from ...text import SourceText
from ..core.scopes import ScopeTable
from ..natives import NativeValue


class ModuleCode:
    """One parsed text of a project module (see the module docstring)."""

    __slots__ = ("digest", "is_package", "name", "path", "scopes", "text", "tree")

    def __init__(
        self,
        path: str,
        name: str | None,
        digest: str,
        tree: ast.Module,
        text: SourceText,
        scopes: ScopeTable,
        is_package: bool,
    ) -> None:
        self.path = path
        self.name = name
        """The dotted name it was first imported by (its ``__name__``), None when imported
        relatively only."""
        self.digest = digest
        self.tree = tree
        self.text = text
        self.scopes = scopes
        self.is_package = is_package

    @property
    def label(self) -> str:
        """How reports name the module: its file name (``models.py``, ``pkg/__init__.py``)."""
        base = os.path.basename(self.path)
        if self.is_package:
            return os.path.join(os.path.basename(os.path.dirname(self.path)), base)
        return base

    def span_of(self, node: ast.AST) -> Span:
        """``node``'s span in this module, as a ``ModuleSpan`` (reports relate to it)."""
        span = self.text.span_of_node(node)
        return ModuleSpan(span.start, span.end, self.path)

    def __repr__(self) -> str:
        return f"ModuleCode({self.path!r})"


def global_key(module: ModuleCode, name: str) -> Hashable:
    """The store key of module variable ``name`` of ``module``."""
    return (module.path, name)


ADDED_NAMES = "<names added from outside>"
"""The module variable (under ``global_key``) listing, as a tuple of strings, the names other code
bound on the module object that its own code never binds (``config.NEW = 1``): a recording of
``from config import *`` reads it, so that its summary holds only where the same names exist."""


def global_key_in(module: ModuleCode | None, name: str) -> Hashable:
    """The store key of module variable ``name`` of ``module`` (None: the document's)."""
    return name if module is None else (module.path, name)


MODULES = "<project modules>"
"""The store key of the ``ModuleRegistry``: the project modules loaded, for the questions asked of
all of them (which module a function's node is code of, which attribute names they store)."""


def registry_key(path: str) -> Hashable:
    """The store key of the registry entry (Python's ``sys.modules[name]``) of the project module
    at ``path``: its ``ProjectModule`` once loaded. Whether a module is loaded is read here, one
    entry at a time, so that a recording of a module body depends only on the entries it read."""
    return (MODULES, path)


class ProjectModule(NativeValue):
    """The module object of a project module loaded in this analysis: its attributes are the
    module variables its body bound (read from the store by ``import_rules``)."""

    __slots__ = ("code",)

    def __init__(self, code: ModuleCode) -> None:
        self.code = code

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ProjectModule) and other.code is self.code

    def __hash__(self) -> int:
        return hash(self.code.path)

    def describe(self) -> str:
        label = self.code.name or os.path.basename(self.code.path)
        return f"module {label} ({self.code.path})"

    def __repr__(self) -> str:
        return f"ProjectModule({self.code.path!r})"


class ModuleRegistry(AbstractValue):
    """The project modules imported on a path, by path (a join keeps those of either side:
    a module imported on one branch only stays loaded, its variables possibly unbound)."""

    __slots__ = ("modules",)

    def __init__(self, modules: tuple[tuple[str, ProjectModule], ...] = ()) -> None:
        self.modules = modules

    def get(self, path: str) -> ProjectModule | None:
        for known, module in self.modules:
            if known == path:
                return module
        return None

    def with_module(self, module: ProjectModule) -> ModuleRegistry:
        kept = tuple(item for item in self.modules if item[0] != module.code.path)
        return ModuleRegistry(tuple(sorted((*kept, (module.code.path, module)))))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ModuleRegistry) and other.modules == self.modules

    def __hash__(self) -> int:
        return hash(self.modules)

    def join(self, other: AbstractValue) -> AbstractValue:
        if not isinstance(other, ModuleRegistry):
            return super().join(other)
        if other == self:
            return self
        merged = dict(other.modules)
        merged.update(self.modules)
        return ModuleRegistry(tuple(sorted(merged.items())))

    def leq(self, other: AbstractValue) -> bool:
        if not isinstance(other, ModuleRegistry):
            return super().leq(other)
        mine = dict(other.modules)
        return all(mine.get(path) == module for path, module in self.modules)

    def describe(self) -> str:
        return "project modules"
