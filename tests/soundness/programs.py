"""A hypothesis strategy for random, well-formed, terminating Python programs.

Programs are built from a small typed grammar: every variable has one type for the whole program
(``int``, ``str``, ``list`` of ints, ``tuple`` of ints, a ``dict`` from str to int, and
instances of a small ``Counter`` class with ``__iadd__`` (in place, observable through the alias
``acc2``), ``__add__`` (a new object) and ``__len__``), so expressions are well-typed by
construction; a generator function is consumed by ``sum``. Termination and size are bounded by construction: ``for`` loops run over at most
four items, ``while`` loops count a fresh counter up to a literal at most four, loops nest at most
twice, integers are only multiplied by literals up to 3, strings are cut to 12 characters when
assigned, and lists and tuples grow by at most one element per statement. Division and modulo use non-zero literal divisors;
indexing is guarded by a length test. A few small functions with defaults, keyword calls and
closures are defined first and called from expressions. The last statement prints every variable.
"""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import strategies as st

INT_VARIABLES = ("a", "b", "c")
STR_VARIABLES = ("s", "t")
LIST_VARIABLES = ("xs", "ys")
TUPLE_VARIABLES = ("p",)
STRING_LITERALS = ("''", "'a'", "'ab'", "'xyz'", "'a-b'", "' pad '")


@dataclass
class _Context:
    depth: int
    loop_depth: int
    counters: int


def _int_literal(draw: st.DrawFn) -> str:
    return str(draw(st.integers(-5, 12)))


def int_expression(draw: st.DrawFn, depth: int) -> str:
    if depth <= 0:
        return draw(st.sampled_from([*INT_VARIABLES, "CONST"])).replace("CONST", _int_literal(draw))
    choice = draw(st.integers(0, 21))
    sub = depth - 1
    if choice == 18:
        return f"d.get({str_expression(draw, sub)}, {int_expression(draw, sub)})"
    if choice == 19:
        return draw(st.sampled_from(["len(d)", "sum(d.values())", "acc.total()", "len(acc)"]))
    if choice == 20:
        return f"sum(evens({draw(st.integers(0, 5))}))"
    if choice == 21:
        return "acc2.n"
    if choice == 0:
        return f"({int_expression(draw, sub)} + {int_expression(draw, sub)})"
    if choice == 1:
        return f"({int_expression(draw, sub)} - {int_expression(draw, sub)})"
    if choice == 2:
        return f"({int_expression(draw, sub)} * {draw(st.integers(-3, 3))})"
    if choice == 3:
        operator = draw(st.sampled_from(["//", "%"]))
        divisor = draw(st.sampled_from(["2", "3", "-4", "7"]))
        return f"({int_expression(draw, sub)} {operator} {divisor})"
    if choice == 4:
        return f"(-{int_expression(draw, sub)})"
    if choice == 5:
        return f"len({draw(st.sampled_from([*STR_VARIABLES, *LIST_VARIABLES, *TUPLE_VARIABLES]))})"
    if choice == 6:
        function = draw(st.sampled_from(["min", "max"]))
        return f"{function}({int_expression(draw, sub)}, {int_expression(draw, sub)})"
    if choice == 7:
        sequence = draw(st.sampled_from([*LIST_VARIABLES, *TUPLE_VARIABLES]))
        index = int_expression(draw, sub)
        return f"({sequence}[{index} % len({sequence})] if {sequence} else 0)"
    if choice == 8:
        return (
            f"({int_expression(draw, sub)} if {bool_expression(draw, sub)} "
            f"else {int_expression(draw, sub)})"
        )
    if choice == 9:
        return f"add({int_expression(draw, sub)})"
    if choice == 10:
        return f"add({int_expression(draw, sub)}, step={int_expression(draw, sub)})"
    if choice == 11:
        return f"sum({draw(st.sampled_from(LIST_VARIABLES))})"
    if choice == 12:
        return f"{draw(st.sampled_from(STR_VARIABLES))}.find('a')"
    if choice == 13:
        return f"int({bool_expression(draw, sub)})"
    if choice == 14:
        return f"abs({int_expression(draw, sub)})"
    if choice == 15:
        return f"scaled({int_expression(draw, sub)})"
    if choice == 16:
        return f"({bool_expression(draw, sub)} or {int_expression(draw, sub)})"
    return f"{draw(st.sampled_from(TUPLE_VARIABLES))}.count({int_expression(draw, sub)})"


def str_expression(draw: st.DrawFn, depth: int) -> str:
    if depth <= 0:
        return draw(st.sampled_from([*STR_VARIABLES, *STRING_LITERALS]))
    choice = draw(st.integers(0, 8))
    sub = depth - 1
    if choice == 0:
        return f"({str_expression(draw, sub)} + {str_expression(draw, sub)})"
    if choice == 1:
        return f"({str_expression(draw, sub)} * {draw(st.integers(0, 2))})"
    if choice == 2:
        method = draw(st.sampled_from(["upper", "lower", "strip", "title"]))
        return f"{str_expression(draw, sub)}.{method}()"
    if choice == 3:
        return (
            f"{str_expression(draw, sub)}[{int_expression(draw, sub)}:{int_expression(draw, sub)}]"
        )
    if choice == 4:
        integer = draw(st.sampled_from(INT_VARIABLES))
        text = draw(st.sampled_from(STR_VARIABLES))
        return f'f"{{{integer}}}-{{{text}!r:>{{{integer} % 5}}}}"'
    if choice == 5:
        return f"str({int_expression(draw, sub)})"
    if choice == 6:
        return f"{str_expression(draw, sub)}.replace('a', 'b')"
    if choice == 7:
        return f"'-'.join([{str_expression(draw, sub)}, {str_expression(draw, sub)}])"
    return f"({str_expression(draw, sub)} if {bool_expression(draw, sub)} else {str_expression(draw, sub)})"


def list_expression(draw: st.DrawFn, depth: int) -> str:
    if depth <= 0:
        return draw(st.sampled_from([*LIST_VARIABLES, "[]", "[1, 2]"]))
    choice = draw(st.integers(0, 6))
    sub = depth - 1
    if choice == 0:
        items = draw(st.lists(st.just(None), max_size=3))
        return "[" + ", ".join(int_expression(draw, sub) for _ in items) + "]"
    if choice == 1:
        return f"list(range({draw(st.integers(0, 4))}))"
    if choice == 2:
        return f"[x * 2 for x in {list_expression(draw, sub)} if x != {_int_literal(draw)}]"
    if choice == 3:
        return f"sorted({list_expression(draw, sub)})"
    if choice == 4:
        return f"{list_expression(draw, sub)}[{int_expression(draw, sub)}:]"
    if choice == 5:
        return f"list({draw(st.sampled_from(TUPLE_VARIABLES))})"
    return f"({list_expression(draw, sub)} + [{int_expression(draw, sub)}])"


def tuple_expression(draw: st.DrawFn, depth: int) -> str:
    if depth <= 0:
        return draw(st.sampled_from([*TUPLE_VARIABLES, "()", "(1,)"]))
    choice = draw(st.integers(0, 3))
    sub = depth - 1
    if choice == 0:
        return f"({int_expression(draw, sub)}, {int_expression(draw, sub)})"
    if choice == 1:
        return f"tuple({list_expression(draw, sub)})"
    if choice == 2:
        return f"({tuple_expression(draw, sub)} + ({int_expression(draw, sub)},))"
    return f"{tuple_expression(draw, sub)}[:{int_expression(draw, sub)}]"


def bool_expression(draw: st.DrawFn, depth: int) -> str:
    sub = max(depth - 1, 0)
    choice = draw(st.integers(0, 6 if depth > 0 else 2))
    if choice == 0:
        operator = draw(st.sampled_from(["<", "<=", "==", "!=", ">", ">="]))
        return f"({int_expression(draw, sub)} {operator} {int_expression(draw, sub)})"
    if choice == 1:
        return f"({int_expression(draw, sub)} in {draw(st.sampled_from([*LIST_VARIABLES, *TUPLE_VARIABLES]))})"
    if choice == 2:
        return f"bool({draw(st.sampled_from([*STR_VARIABLES, *LIST_VARIABLES]))})"
    if choice == 3:
        return f"(not {bool_expression(draw, sub)})"
    if choice == 4:
        operator = draw(st.sampled_from(["and", "or"]))
        return f"({bool_expression(draw, sub)} {operator} {bool_expression(draw, sub)})"
    if choice == 5:
        return f"({int_expression(draw, sub)} < {int_expression(draw, sub)} <= {int_expression(draw, sub)})"
    return f"({str_expression(draw, sub)} in {str_expression(draw, sub)})"


def _expression_for(draw: st.DrawFn, variable: str, depth: int) -> str:
    if variable in INT_VARIABLES:
        return int_expression(draw, depth)
    if variable in STR_VARIABLES:
        return f"({str_expression(draw, depth)})[:12]"
    if variable in LIST_VARIABLES:
        return list_expression(draw, depth)
    return tuple_expression(draw, depth)


def _statements(draw: st.DrawFn, context: _Context, indent: str) -> list[str]:
    count = draw(st.integers(1, 4))
    lines: list[str] = []
    for _ in range(count):
        lines.extend(_statement(draw, context, indent))
    return lines


def _statement(draw: st.DrawFn, context: _Context, indent: str) -> list[str]:
    depth = draw(st.integers(0, 2))
    can_nest = context.depth < 3
    can_loop = context.loop_depth < 2
    choice = draw(st.integers(0, 16))
    every = [*INT_VARIABLES, *STR_VARIABLES, *LIST_VARIABLES, *TUPLE_VARIABLES]
    if choice <= 2:
        variable = draw(st.sampled_from(every))
        return [f"{indent}{variable} = {_expression_for(draw, variable, depth)}"]
    if choice == 3:
        variable = draw(st.sampled_from(INT_VARIABLES))
        operator = draw(st.sampled_from(["+=", "-="]))
        return [f"{indent}{variable} {operator} {int_expression(draw, depth)}"]
    if choice == 4:
        variable = draw(st.sampled_from(LIST_VARIABLES))
        if draw(st.booleans()):
            return [f"{indent}{variable} += [{int_expression(draw, depth)}]"]
        return [f"{indent}{variable}.append({int_expression(draw, depth)})"]
    if choice == 5:
        first, second = draw(st.permutations(LIST_VARIABLES))
        return [f"{indent}{first} = {second}"]
    if choice == 6 and can_nest:
        inner = _Context(context.depth + 1, context.loop_depth, context.counters)
        lines = [
            f"{indent}if {bool_expression(draw, depth)}:",
            *_statements(draw, inner, indent + "    "),
        ]
        if draw(st.booleans()):
            lines += [f"{indent}else:", *_statements(draw, inner, indent + "    ")]
        return lines
    if choice == 7 and can_nest and can_loop:
        inner = _Context(context.depth + 1, context.loop_depth + 1, context.counters)
        target = draw(st.sampled_from(INT_VARIABLES))
        source = draw(st.sampled_from([f"range({draw(st.integers(0, 4))})", "[3, -1, 2]", "p[:4]"]))
        lines = [f"{indent}for {target} in {source}:", *_statements(draw, inner, indent + "    ")]
        if draw(st.booleans()):
            lines.insert(1, f"{indent}    if {bool_expression(draw, 0)}:")
            lines.insert(2, f"{indent}        {draw(st.sampled_from(['break', 'continue']))}")
        if draw(st.booleans()):
            lines += [f"{indent}else:", f"{indent}    c = c + 1"]
        return lines
    if choice == 8 and can_nest and can_loop:
        context.counters += 1
        counter = f"k{context.counters}"
        inner = _Context(context.depth + 1, context.loop_depth + 1, context.counters + 100)
        bound = draw(st.integers(0, 4))
        return [
            f"{indent}{counter} = 0",
            f"{indent}while {counter} < {bound}:",
            f"{indent}    {counter} += 1",
            *_statements(draw, inner, indent + "    "),
        ]
    if choice == 9:
        variable = draw(st.sampled_from(INT_VARIABLES))
        divisor = int_expression(draw, 0)
        return [
            f"{indent}try:",
            f"{indent}    {variable} = {int_expression(draw, depth)} // {divisor}",
            f"{indent}except ZeroDivisionError:",
            f"{indent}    {variable} = -1",
        ]
    if choice == 10:
        first, second = draw(st.permutations(INT_VARIABLES))[:2]
        return [f"{indent}{first}, {second} = {second}, {first}"]
    if choice == 11:
        variable = draw(st.sampled_from(INT_VARIABLES))
        return [f"{indent}{variable} = (w := {int_expression(draw, depth)}) + w"]
    if choice == 12:
        key = str_expression(draw, depth)
        return [f"{indent}d[{key}] = d.get({key}, 0) + {int_expression(draw, depth)}"]
    if choice == 13:
        return [f"{indent}acc += {int_expression(draw, depth)}"]
    if choice == 14:
        return [f"{indent}acc = acc + {int_expression(draw, depth)}"]
    if choice == 15:
        return [
            f"{indent}{draw(st.sampled_from(['acc2 = acc', 'acc = acc2', 'acc = Counter(a)']))}"
        ]
    variable = draw(st.sampled_from(LIST_VARIABLES))
    return [
        f"{indent}{variable}.sort()" if draw(st.booleans()) else f"{indent}{variable}.reverse()"
    ]


PRELUDE = """\
def add(x, step=1, *, scale=1):
    return (x + step) * scale


def make_scaler(factor):
    def scale(value):
        return value * factor
    return scale


class Counter:
    def __init__(self, n):
        self.n = n
        self.items = []

    def __iadd__(self, amount):
        self.n += amount
        self.items.append(amount)
        return self

    def __add__(self, amount):
        return Counter(self.n + amount)

    def __len__(self):
        return len(self.items)

    def total(self):
        return self.n + sum(self.items)


def evens(limit):
    for i in range(limit):
        if i % 2 == 0:
            yield i


scaled = make_scaler(2)
d = {'a': 1}
acc = Counter(0)
acc2 = acc
a, b, c = 1, 2, 3
s, t = 'ab', ''
xs, ys = [1, 2], []
p = (4, 5, 6)
"""

EPILOGUE = "print(a, b, c, s, t, xs, ys, p, d, acc.n, acc2.n)\n"
GLOBALS = "global a, b, c, s, t, xs, ys, p, d, acc, acc2, w"


@st.composite
def programs(draw: st.DrawFn) -> str:
    """A complete program: the prelude, random statements, and a final print of every variable.

    The random statements run either at module level or inside a function that declares every
    variable global and is called one to three times.
    """
    body = _statements(draw, _Context(depth=0, loop_depth=0, counters=0), "")
    body += _statements(draw, _Context(depth=0, loop_depth=0, counters=50), "")
    if draw(st.booleans()):
        calls = draw(st.integers(1, 3))
        indented = [f"    {line}" for line in body]
        body = ["def main():", f"    {GLOBALS}", *indented, "", "", *(["main()"] * calls)]
    return PRELUDE + "\n".join(body) + "\n" + EPILOGUE
