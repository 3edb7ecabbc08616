"""Apply a ``Plan`` to a module with libcst, leaving every untouched token as it was.

libcst keeps comments, blank lines, quotes and parentheses of the code it does not change; new
code is parsed with the module's own configuration (indentation, newline). This module imports
libcst at import time and is itself imported lazily, only when a rewrite is asked for.
"""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider

from ..facts import Position, Span
from .edits import (
    UNPACKED_KEYWORDS,
    AddKeyword,
    ArgumentEdit,
    DistributedOptimizerCall,
    GuardStatement,
    GuardValue,
    HoistArgument,
    InsertAfter,
    InsertBefore,
    InsertHoisted,
    PrependBroadcastCallback,
    Rank0Verbose,
    Rank0Writer,
    RemoveStatement,
    ReplaceArgument,
    Scale,
    ScaleEach,
    StatementEdit,
    WithBlock,
    WrapArgument,
    WrapInCall,
    WrapName,
    WrapOptimizer,
)
from .planner_base import Plan

_RANK0 = "hvd.rank() == 0"


def rewrite_module(source: str, plan: Plan) -> tuple[str, int]:
    """The rewritten source and the number of planned edits that were applied.

    A count below ``plan.edit_count`` means some planned node was not found in the libcst tree;
    the caller must then refuse the rewrite.
    """
    module = cst.parse_module(source)
    wrapper = MetadataWrapper(module, unsafe_skip_copy=True)
    rewriter = _Rewriter(plan, module)
    new_module = wrapper.visit(rewriter)
    return new_module.code, rewriter.applied


def _span(position: object) -> Span:
    start, end = position.start, position.end  # type: ignore[attr-defined]
    return Span(Position(start.line - 1, start.column), Position(end.line - 1, end.column))


_ATOMS = (
    cst.Name,
    cst.Attribute,
    cst.Call,
    cst.Subscript,
    cst.Integer,
    cst.Float,
    cst.SimpleString,
    cst.List,
    cst.Tuple,
)


def _operand(node: cst.BaseExpression) -> cst.BaseExpression:
    """``node`` parenthesised unless it is an atom or already parenthesised."""
    if isinstance(node, _ATOMS) or node.lpar:
        return node
    return node.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])


def _parenthesised(node: cst.BaseExpression) -> cst.BaseExpression:
    if node.lpar:
        return node
    return node.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])


class _Rewriter(cst.CSTTransformer):
    METADATA_DEPENDENCIES = (PositionProvider,)

    def __init__(self, plan: Plan, module: cst.Module) -> None:
        super().__init__()
        self.plan = plan
        self.config = module.config_for_parsing
        self.applied = 0
        # Nodes by identity; the dictionaries keep them alive so that an identity is never reused.
        self.removed: dict[int, cst.CSTNode] = {}
        self.generated: dict[int, cst.CSTNode] = {}
        self.hoisted: dict[str, cst.BaseExpression] = {}

    # ---------------------------------------------------------------------------- helpers

    def expression(self, text: str) -> cst.BaseExpression:
        return cst.parse_expression(text, config=self.config)

    def statements(self, texts: Sequence[str]) -> list[cst.BaseStatement]:
        return [self.mark(cst.parse_statement(text, config=self.config)) for text in texts]

    def relined(
        self, statement: cst.BaseStatement, leading_lines: Sequence[cst.EmptyLine]
    ) -> cst.BaseStatement:
        """``statement`` with other leading lines, still marked if it was generated."""
        changed = statement.with_changes(leading_lines=leading_lines)
        if id(statement) in self.generated:
            self.mark(changed)
        return changed

    def mark(self, statement: cst.BaseStatement) -> cst.BaseStatement:
        """Remember ``statement`` as generated: its blocks follow the indentation of the block
        it lands in (see ``leave_IndentedBlock``)."""
        self.generated[id(statement)] = statement
        return statement

    def size(self) -> cst.BaseExpression:
        return self.expression("hvd.size()")

    def scaled(self, node: cst.BaseExpression, operator: str) -> cst.BaseExpression:
        op: cst.BaseBinaryOp = cst.Multiply() if operator == "*" else cst.FloorDivide()
        return cst.BinaryOperation(left=_operand(node), operator=op, right=self.size())

    def position_of(self, node: cst.CSTNode) -> Span:
        return _span(self.get_metadata(PositionProvider, node))

    # ---------------------------------------------------------------------------- calls

    def leave_Call(self, original_node: cst.Call, updated_node: cst.Call) -> cst.BaseExpression:
        edits = self.plan.call_edits.get(self.position_of(original_node.func), ())
        call = updated_node
        for edit in edits:
            if not isinstance(edit, Rank0Writer | DistributedOptimizerCall | WrapInCall | WrapName):
                call = self.edit_arguments(call, edit)
        result: cst.BaseExpression = call
        for edit in edits:
            if isinstance(edit, Rank0Writer):
                self.applied += 1
                result = _parenthesised(
                    cst.IfExp(
                        test=self.expression(_RANK0),
                        body=result,
                        orelse=self.expression(edit.noop_writer),
                    )
                )
            elif isinstance(edit, DistributedOptimizerCall | WrapInCall):
                self.applied += 1
                function, keywords = "hvd.DistributedOptimizer", ""
                if isinstance(edit, WrapInCall):
                    function = edit.function
                    keywords = f", {edit.keywords}" if edit.keywords else ""
                wrapper = self.expression(f"{function}(x{keywords})")
                assert isinstance(wrapper, cst.Call)
                result = wrapper.with_changes(args=[cst.Arg(value=result), *wrapper.args[1:]])
        return result

    def leave_Name(self, original_node: cst.Name, updated_node: cst.Name) -> cst.BaseExpression:
        edits = self.plan.call_edits.get(self.position_of(original_node), ())
        result: cst.BaseExpression = updated_node
        for edit in edits:
            if isinstance(edit, WrapName):
                self.applied += 1
                wrapper = self.expression(f"{edit.function}(x)")
                assert isinstance(wrapper, cst.Call)
                result = wrapper.with_changes(args=[cst.Arg(value=result)])
        return result

    def edit_arguments(self, call: cst.Call, edit: ArgumentEdit) -> cst.Call:
        if isinstance(edit, AddKeyword):
            self.applied += 1
            return self.with_keyword(call, edit)
        assert not isinstance(edit, Rank0Writer | DistributedOptimizerCall | WrapInCall | WrapName)
        index = self.find_argument(call, edit.position, edit.keyword)
        if index is None:
            return call
        argument = call.args[index]
        args = list(call.args)
        if isinstance(edit, ReplaceArgument) and edit.keyword == UNPACKED_KEYWORDS:
            self.applied += 1
            args[index] = argument.with_changes(value=self.expression(edit.expression))
            return call.with_changes(args=args)
        if isinstance(edit, ReplaceArgument):
            self.applied += 1
            args[index] = argument.with_changes(
                keyword=cst.Name(edit.new_keyword), value=self.expression(edit.expression)
            )
            return call.with_changes(args=args)
        value = self.edited_value(argument.value, edit)
        self.applied += 1
        args[index] = argument.with_changes(value=value)
        if isinstance(edit, Scale) and edit.rename is not None:
            args[index] = args[index].with_changes(keyword=cst.Name(edit.rename))
        return call.with_changes(args=args)

    def with_keyword(self, call: cst.Call, edit: AddKeyword) -> cst.Call:
        """``call`` with ``keyword=expression`` appended, in the call's own comma layout."""
        new = cst.Arg(
            keyword=cst.Name(edit.keyword),
            value=self.expression(edit.expression),
            equal=cst.AssignEqual(
                whitespace_before=cst.SimpleWhitespace(""),
                whitespace_after=cst.SimpleWhitespace(""),
            ),
        )
        args = list(call.args)
        if not args:
            return call.with_changes(args=[new])
        last = args[-1]
        space = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
        if not isinstance(last.comma, cst.Comma):
            # The space or line break before ``)`` moves behind the new argument.
            args[-1] = last.with_changes(comma=space, whitespace_after_arg=cst.SimpleWhitespace(""))
            return call.with_changes(
                args=[*args, new.with_changes(whitespace_after_arg=last.whitespace_after_arg)]
            )
        previous = args[-2].comma if len(args) >= 2 else None
        args[-1] = last.with_changes(comma=previous if isinstance(previous, cst.Comma) else space)
        return call.with_changes(args=[*args, new.with_changes(comma=last.comma)])

    @staticmethod
    def find_argument(call: cst.Call, position: int | None, keyword: str | None) -> int | None:
        positional = 0
        for index, argument in enumerate(call.args):
            if keyword == UNPACKED_KEYWORDS and argument.star == "**":
                return index
            if argument.keyword is not None:
                if keyword is not None and argument.keyword.value == keyword:
                    return index
            elif argument.star == "":
                if position is not None and positional == position:
                    return index
                positional += 1
        return None

    def edited_value(self, value: cst.BaseExpression, edit: ArgumentEdit) -> cst.BaseExpression:
        if isinstance(edit, Scale):
            return self.scaled(value, edit.operator) if edit.operator else value
        if isinstance(edit, ScaleEach):
            if isinstance(value, cst.List | cst.Tuple):
                elements = [
                    element.with_changes(value=self.scaled(element.value, "*"))
                    if isinstance(element, cst.Element)
                    else element
                    for element in value.elements
                ]
                return value.with_changes(elements=elements)
            comprehension = self.expression("[hvd_value * hvd.size() for hvd_value in ()]")
            assert isinstance(comprehension, cst.ListComp)
            return comprehension.with_changes(
                for_in=comprehension.for_in.with_changes(iter=_operand(value))
            )
        if isinstance(edit, Rank0Verbose):
            return cst.IfExp(
                test=self.expression(_RANK0),
                body=_operand(value),
                orelse=cst.Integer("0"),
            )
        if isinstance(edit, PrependBroadcastCallback):
            names = ["hvd.callbacks.BroadcastGlobalVariablesCallback(0)"]
            if edit.average_metrics:
                names.append("hvd.callbacks.MetricAverageCallback()")
            space = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
            added = [cst.Element(value=self.expression(name), comma=space) for name in names]
            if isinstance(value, cst.List):
                if not value.elements:
                    added[-1] = added[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
                return value.with_changes(elements=[*added, *value.elements])
            return cst.List(elements=[*added, cst.StarredElement(value=_operand(value))])
        if isinstance(edit, HoistArgument):
            self.hoisted[edit.name] = value
            return cst.Name(edit.name)
        if isinstance(edit, WrapArgument):
            wrapper = self.expression(f"{edit.function}(x)")
            assert isinstance(wrapper, cst.Call)
            return wrapper.with_changes(args=[cst.Arg(value=value)])
        if isinstance(edit, WrapOptimizer):
            inner = value if edit.replacement is None else self.expression(edit.replacement)
            wrapper = self.expression("hvd.DistributedOptimizer(x)")
            assert isinstance(wrapper, cst.Call)
            return wrapper.with_changes(args=[cst.Arg(value=inner)])
        raise AssertionError(f"unexpected argument edit {edit!r}")

    def leave_Element(
        self, original_node: cst.Element, updated_node: cst.Element
    ) -> cst.BaseElement:
        value = original_node.value
        key = value.func if isinstance(value, cst.Call) else value
        if self.position_of(key) not in self.plan.rank0_callbacks:
            return updated_node
        self.applied += 1
        choice = cst.IfExp(
            test=self.expression(_RANK0),
            body=cst.List(elements=[cst.Element(value=updated_node.value)]),
            orelse=cst.List(elements=[]),
        )
        return cst.StarredElement(value=_parenthesised(choice), comma=updated_node.comma)

    # ------------------------------------------------------------------------ statements

    def statement_edits(self, node: cst.CSTNode) -> tuple[StatementEdit, ...]:
        return self.plan.statement_edits.get(self.position_of(node).start, ())

    def leave_SimpleStatementLine(
        self, original_node: cst.SimpleStatementLine, updated_node: cst.SimpleStatementLine
    ) -> cst.BaseStatement | cst.FlattenSentinel[cst.BaseStatement] | cst.RemovalSentinel:
        pieces = list(zip(original_node.body, updated_node.body, strict=True))
        if not any(self.statement_edits(original) for original, _ in pieces):
            return updated_node
        lines: list[cst.SimpleStatementLine] = []
        for index, (_, updated) in enumerate(pieces):
            last = index == len(pieces) - 1
            small = (
                updated.with_changes(semicolon=cst.MaybeSentinel.DEFAULT) if not last else updated
            )
            lines.append(
                cst.SimpleStatementLine(
                    body=[small],
                    leading_lines=updated_node.leading_lines if index == 0 else (),
                    trailing_whitespace=updated_node.trailing_whitespace
                    if last
                    else cst.TrailingWhitespace(),
                )
            )
        output: list[cst.BaseStatement] = []
        for (original, _), line in zip(pieces, lines, strict=True):
            produced = self.apply_statement_edits(self.statement_edits(original), line)
            if produced and not output and line is not lines[0]:
                produced[0] = self.relined(produced[0], updated_node.leading_lines)
            output.extend(produced)
        if not output:
            removed = updated_node.with_changes(body=[cst.Pass()])
            self.removed[id(removed)] = removed
            return removed
        if len(output) == 1:
            return output[0]
        return cst.FlattenSentinel(output)

    def apply_statement_edits(
        self, edits: Sequence[StatementEdit], line: cst.SimpleStatementLine
    ) -> list[cst.BaseStatement]:
        before: list[cst.BaseStatement] = []
        after: list[cst.BaseStatement] = []
        current: cst.BaseStatement | None = line
        for edit in edits:
            self.applied += 1
            if isinstance(edit, RemoveStatement):
                current = None
            elif isinstance(edit, GuardStatement) and current is not None:
                current = self.guarded(line)
            elif isinstance(edit, WithBlock) and current is not None:
                current = self.within(current, edit.context)
            elif isinstance(edit, GuardValue):
                small = line.body[0]
                assert isinstance(small, cst.Assign)
                current = line.with_changes(
                    body=[small.with_changes(value=self.rank0_value(small.value))]
                )
            elif isinstance(edit, InsertBefore):
                before.extend(self.statements(edit.statements))
            elif isinstance(edit, InsertAfter):
                after.extend(self.inserted(edit))
            elif isinstance(edit, InsertHoisted):
                before.extend(
                    self.mark(
                        cst.SimpleStatementLine(
                            body=[
                                cst.Assign(
                                    targets=[cst.AssignTarget(target=cst.Name(name))],
                                    value=self.hoisted[name],
                                )
                            ]
                        )
                    )
                    for name in edit.names
                )
        if before and current is not None:
            before[0] = self.relined(before[0], current.leading_lines)
            current = self.relined(current, ())
        return [*before, *([current] if current is not None else []), *after]

    def inserted(self, edit: InsertAfter) -> list[cst.BaseStatement]:
        statements = self.statements(edit.statements)
        if edit.blank_line_before and statements:
            statements[0] = self.relined(statements[0], [cst.EmptyLine()])
        return statements

    def rank0_value(self, value: cst.BaseExpression) -> cst.BaseExpression:
        return cst.IfExp(test=self.expression(_RANK0), body=value, orelse=cst.Name("None"))

    def guarded(self, statement: cst.BaseStatement) -> cst.BaseStatement:
        """``if hvd.rank() == 0:`` around ``statement``, which keeps its leading lines."""
        return self.mark(
            cst.If(
                test=self.expression(_RANK0),
                body=cst.IndentedBlock(body=[statement.with_changes(leading_lines=())]),
                leading_lines=statement.leading_lines,
            )
        )

    def within(self, statement: cst.BaseStatement, context: str) -> cst.BaseStatement:
        """``with context:`` around ``statement``, which keeps its leading lines."""
        return self.mark(
            cst.With(
                items=[cst.WithItem(item=self.expression(context))],
                body=cst.IndentedBlock(body=[statement.with_changes(leading_lines=())]),
                leading_lines=statement.leading_lines,
            )
        )

    def leave_SimpleStatementSuite(
        self, original_node: cst.SimpleStatementSuite, updated_node: cst.SimpleStatementSuite
    ) -> cst.BaseSuite:
        body: list[cst.BaseSmallStatement] = []
        for original, updated in zip(original_node.body, updated_node.body, strict=True):
            small: cst.BaseSmallStatement | None = updated
            for edit in self.statement_edits(original):
                self.applied += 1
                if isinstance(edit, RemoveStatement):
                    small = None
                elif isinstance(edit, GuardStatement) and isinstance(small, cst.Expr):
                    small = small.with_changes(
                        value=cst.IfExp(
                            test=self.expression(_RANK0),
                            body=small.value,
                            orelse=cst.Name("None"),
                        )
                    )
                elif isinstance(edit, GuardValue) and isinstance(small, cst.Assign):
                    small = small.with_changes(value=self.rank0_value(small.value))
                else:
                    raise AssertionError(f"{edit!r} cannot apply inside a one-line suite")
            if small is not None:
                body.append(small)
        if not body:
            body.append(cst.Pass())
        if body:
            body[-1] = body[-1].with_changes(semicolon=cst.MaybeSentinel.DEFAULT)
        return updated_node.with_changes(body=body)

    def without_removed(
        self, body: Sequence[cst.BaseStatement]
    ) -> tuple[list[cst.BaseStatement], list[cst.EmptyLine]]:
        """``body`` without the removed statements, whose comment lines (with the blank lines
        among them) move to the next statement; lines left over at the end are returned apart."""
        kept: list[cst.BaseStatement] = []
        carried: list[cst.EmptyLine] = []
        for statement in body:
            if id(statement) in self.removed:
                assert isinstance(statement, cst.SimpleStatementLine)
                if any(line.comment is not None for line in statement.leading_lines):
                    carried.extend(statement.leading_lines)
                continue
            if carried:
                statement = statement.with_changes(
                    leading_lines=[*carried, *statement.leading_lines]
                )
                carried = []
            kept.append(statement)
        return kept, carried

    def leave_IndentedBlock(
        self, original_node: cst.IndentedBlock, updated_node: cst.IndentedBlock
    ) -> cst.BaseSuite:
        body, carried = self.without_removed(updated_node.body)
        if not body:
            body = [cst.SimpleStatementLine(body=[cst.Pass()], leading_lines=carried)]
            carried = []
        if updated_node.indent is not None:
            body = [
                statement.visit(_Indenter(updated_node.indent))
                if id(statement) in self.generated
                else statement
                for statement in body
            ]
        return updated_node.with_changes(body=body, footer=[*carried, *updated_node.footer])

    def leave_Module(self, original_node: cst.Module, updated_node: cst.Module) -> cst.Module:
        body, carried = self.without_removed(updated_node.body)
        return updated_node.with_changes(body=body, footer=[*carried, *updated_node.footer])

    def on_leave(
        self, original_node: cst.CSTNode, updated_node: cst.CSTNode
    ) -> cst.CSTNode | cst.RemovalSentinel | cst.FlattenSentinel[cst.CSTNode]:
        result = super().on_leave(original_node, updated_node)
        if not isinstance(original_node, cst.BaseCompoundStatement) or not isinstance(
            result, cst.BaseCompoundStatement
        ):
            return result
        edits = self.statement_edits(original_node)
        if not edits:
            return result
        before: list[cst.BaseStatement] = []
        after: list[cst.BaseStatement] = []
        for edit in edits:
            if isinstance(edit, InsertAfter):
                after.extend(self.inserted(edit))
            elif isinstance(edit, InsertBefore):
                before.extend(self.statements(edit.statements))
            elif isinstance(edit, GuardStatement):
                result = self.guarded(result)
            else:
                continue
            self.applied += 1
        if before:
            before[0] = self.relined(before[0], result.leading_lines)
            result = self.relined(result, ())
        return cst.FlattenSentinel([*before, result, *after])


class _Indenter(cst.CSTTransformer):
    """Gives the blocks of a generated statement the indentation of the block it sits in."""

    def __init__(self, indent: str) -> None:
        super().__init__()
        self.indent = indent

    def leave_IndentedBlock(
        self, original_node: cst.IndentedBlock, updated_node: cst.IndentedBlock
    ) -> cst.IndentedBlock:
        if updated_node.indent is None:
            return updated_node.with_changes(indent=self.indent)
        return updated_node
