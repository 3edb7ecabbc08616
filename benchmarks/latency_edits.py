"""The edits the benchmarks make to a corpus file (LSP content changes) and where they hover.

``make_edit`` gives the ``index``-th of ``count`` edits of one kind of ``EDIT_KINDS`` (in a
function body, typed at the end, a module-level literal near the middle, Enter near the middle);
every edit changes data only, never shapes, so the corpus stays free of shape errors.
``apply_changes`` applies content changes as a server must, so the caller keeps the text the server
has. ``hover_positions`` spreads hover spots over names read inside function bodies. Pure
functions of the text: deterministic, no I/O.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from dataclasses import dataclass

from lsp_servers import JsonObject

EDIT_KINDS = ("function", "end", "middle", "enter")
"""Where edits are made, in turn: inside a function body (``make_function_edit``), a statement
typed at the end of the file, a float literal of a module-level statement near the middle, and
Enter at the start of a top-level statement near the middle (every line below moves)."""
NOT_HOVERED = frozenset(
    {
        "np",
        "math",
        "self",
        "range",
        "len",
        "float",
        "int",
        "zip",
        "enumerate",
        "max",
        "min",
        "print",
    }
)


@dataclass
class Edit:
    """One ``didChange``: content changes applied in order, and what it does."""

    changes: list[JsonObject]
    description: str
    kind: str = "function"


def lsp_range(line: int, start: int, end: int) -> JsonObject:
    """An LSP range on one line (the corpus is ASCII, so UTF-16 columns equal ``ast`` offsets)."""
    return {
        "start": {"line": line, "character": start},
        "end": {"line": line, "character": end},
    }


def apply_changes(text: str, changes: list[JsonObject]) -> str:
    """Apply incremental content changes to ``text`` in order, as the server must."""
    for change in changes:
        lines = text.split("\n")
        start, end = change["range"]["start"], change["range"]["end"]
        offset_start = sum(len(line) + 1 for line in lines[: start["line"]]) + start["character"]
        offset_end = sum(len(line) + 1 for line in lines[: end["line"]]) + end["character"]
        text = text[:offset_start] + change["text"] + text[offset_end:]
    return text


def functions_of(tree: ast.Module) -> list[ast.FunctionDef]:
    """Every function and method except the suite runners, in source order."""
    found = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef)
        and node.name != "main"
        and not node.name.startswith("run_suite_")
    ]
    return sorted(found, key=lambda node: node.lineno)


def body_nodes(function: ast.FunctionDef) -> list[ast.AST]:
    """The nodes of ``function``'s body (not its signature or decorators)."""
    return [node for statement in function.body for node in ast.walk(statement)]


def float_constants(function: ast.FunctionDef) -> list[ast.Constant]:
    return [
        node
        for node in body_nodes(function)
        if isinstance(node, ast.Constant) and type(node.value) is float
    ]


def renameable_locals(function: ast.FunctionDef) -> list[str]:
    """Local variables assigned in the body that are not parameters, in order of first store."""
    parameters = {
        argument.arg for argument in ast.walk(function.args) if isinstance(argument, ast.arg)
    }
    names: list[str] = []
    for node in body_nodes(function):
        if (
            isinstance(node, ast.Name)
            and isinstance(node.ctx, ast.Store)
            and node.id not in parameters
            and node.id not in names
            and node.id != "_"
        ):
            names.append(node.id)
    return names


def make_edit(text: str, index: int, count: int, version: int, kinds: Sequence[str]) -> Edit:
    """The ``index``-th of ``count`` edits; its kind is ``kinds[index % len(kinds)]`` (see
    ``EDIT_KINDS``). Module-level edits fall back to a function edit in a file whose module level
    has no float literal."""
    kind = kinds[index % len(kinds)]
    tree = ast.parse(text)
    if kind == "end":
        lines = text.split("\n")
        last = len(lines) - 1
        statement = f"edit_{version} = {version}.5 * 2\n"
        prefix = "" if lines[last] == "" else "\n"
        change = {"range": lsp_range(last, len(lines[last]), len(lines[last]))}
        change["text"] = prefix + statement
        return Edit([change], f"typed at the end: {statement.strip()}", kind)
    middle = text.count("\n") // 2
    if kind == "enter":
        statement = min(tree.body, key=lambda node: abs(node.lineno - middle))
        change = {"range": lsp_range(statement.lineno - 1, 0, 0), "text": "\n"}
        return Edit([change], f"Enter before line {statement.lineno}", kind)
    if kind == "middle":
        constants = sorted(
            (
                node
                for statement in tree.body
                if not isinstance(statement, (ast.FunctionDef, ast.ClassDef))
                for node in ast.walk(statement)
                if isinstance(node, ast.Constant) and isinstance(node.value, float)
            ),
            key=lambda node: abs(node.lineno - middle),
        )
        if constants:
            constant = constants[version % min(len(constants), 8)]
            return _literal_edit(text, constant, "module level", kind)
    return make_function_edit(text, index, count, version)


def _literal_edit(text: str, constant: ast.Constant, where: str, kind: str) -> Edit:
    """Scale the float literal ``constant`` by 1.5 (or add 0.5 where that changes nothing)."""
    value = float(constant.value)  # type: ignore[arg-type]
    new_text = repr(value * 1.5) if value * 1.5 != value else repr(value + 0.5)
    line = constant.lineno - 1
    assert constant.end_col_offset is not None
    change = {"range": lsp_range(line, constant.col_offset, constant.end_col_offset)}
    change["text"] = new_text
    old_text = text.split("\n")[line][constant.col_offset : constant.end_col_offset]
    return Edit([change], f"{old_text} -> {new_text} in {where} line {line + 1}", kind)


def make_function_edit(text: str, index: int, count: int, version: int) -> Edit:
    """The ``index``-th of ``count`` edits, spread evenly over the file's functions.

    Even-numbered edits change a float literal inside the body (scaled by 1.5); odd-numbered ones
    rename a local variable at every occurrence in its function (one change per occurrence, last
    first so that earlier ranges stay valid). Functions without a candidate of the wanted kind
    fall back to the other kind or to the next function.
    """
    functions = functions_of(ast.parse(text))
    start = round(index * (len(functions) - 1) / max(count - 1, 1))
    for function in functions[start:] + functions[:start]:
        constants = float_constants(function)
        local_names = renameable_locals(function)
        if index % 2 == 1 and local_names:
            old = local_names[version % len(local_names)]
            new = f"{old}_v{version}"
            occurrences = sorted(
                (
                    (node.lineno - 1, node.col_offset)
                    for node in body_nodes(function)
                    if isinstance(node, ast.Name) and node.id == old
                ),
                reverse=True,
            )
            changes = [
                {"range": lsp_range(line, column, column + len(old)), "text": new}
                for line, column in occurrences
            ]
            return Edit(
                changes,
                f"rename {old} -> {new} in {function.name} ({len(changes)} sites)",
                "function",
            )
        if constants:
            constant = constants[version % len(constants)]
            return _literal_edit(text, constant, function.name, "function")
    raise ValueError("no function with a float literal or a local variable to edit")


def hover_positions(text: str, count: int) -> list[tuple[int, int, str]]:
    """``count`` (line, column, name) spots spread over the file: the middle of names read in bodies."""
    candidates = [
        (node.lineno - 1, node.col_offset + len(node.id) // 2, node.id)
        for function in functions_of(ast.parse(text))
        for node in body_nodes(function)
        if isinstance(node, ast.Name)
        and isinstance(node.ctx, ast.Load)
        and node.id not in NOT_HOVERED
    ]
    candidates.sort()
    step = len(candidates) / count
    return [candidates[int(i * step)] for i in range(count)]
