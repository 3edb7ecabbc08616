"""A differential fuzzer of parsing and compiling long documents in slices (issue 30, item 3).

Random documents are built from top-level statements chosen to sit badly across a slice cut:
compound statements whose ``else``/``except``/``finally`` clause starts at column 0, decorators
(on their own lines, split over lines, followed by a blank line), brackets and triple-quoted
strings whose lines start at column 0, backslash continuations, a ``# %%``-free mix of comments
and blank lines, ``\\r\\n`` and ``\\r`` line ends, form feeds, tabs and non-ASCII names; now and
then a statement that does not parse (an unclosed bracket or string, a stray clause, a bad
indent) or does not compile (``return`` or ``break`` at module level, a misplaced
``__future__`` import, a module-level ``global``, a repeated parameter). Each document is parsed
with ``sliced_parse.parse_module`` at a random slice length and with ``ast.parse``, and checked
for compile errors by ``syntax.compile_failure`` with small compile groups and in one piece:
the trees (``ast.dump`` with positions), the errors (message and position) and the compile
diagnostics must be equal.

Seeded; CI runs it for a few seconds. Run at volume with
``python -m tests.reliability.sliced_parse_fuzz --seconds 600 --seed 1``.
"""

from __future__ import annotations

import ast
import random
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from tensorls.analyses import sliced_parse, syntax
from tensorls.analyses.text import SourceText

from ..fuzz_cli import fuzz_parser

STATEMENTS = (
    "x{i} = {i}\n",
    'def f{i}():\n    """doc\ncolumn_zero = 1\n    """\n    return 1\n',
    "@decorate\nclass C{i}:\n    pass\n",
    "@(\ndecorate\n)\ndef g{i}(): pass\n",
    "@decorate\n\ndef h{i}(): pass\n",
    "if x:\n    y = 1\nelif z:\n    y = 3\nelse:\n    y = 2\n",
    "try:\n    pass\nexcept E:\n    pass\nelse:\n    pass\nfinally:\n    pass\n",
    "for a in b:\n    pass\nelse:\n    pass\n",
    "z{i} = [\n1,\n2\n]\n",
    "w{i} = 1 + \\\n2\n",
    "s{i} = '''\nx = 1\nelse:\n'''\n",
    "# comment {i}\n",
    "\n",
    "match x:\n    case 1:\n        pass\n    case _:\n        pass\n",
    "class K{i}:\n    def m(self):\n        return (1,\n2)\n",
    "é{i} = 'é'\n",
    "if y:\n\tpass\n",
    "\x0cq{i} = 1\n",
    "async def a{i}():\n    await b\n",
    "print(f'{{x{i}}}')\n",
    "def d{i}():\n    global g\n    g = 1\n",
    "def n{i}():\n    v = 1\n    def inner():\n        nonlocal v\n    return inner\n",
    "else_name = 1\n",
)
PARSE_ERRORS = (
    "def (:\n",
    "x = (\n",
    "s = '''\n",
    "return 1 +\n",
    "else:\n",
    "    indented\n",
    "x = 1 \\\n",
    "f'{{'\n",
    "1 = 2\n",
    ")\n",
    "@decorate\n",
    "if x:\n",
    "print 'x'\n",
    "a b c\n",
)
COMPILE_ERRORS = (
    "return 1\n",
    "break\n",
    "global g\n",
    "def r(a, a): pass\n",
    "yield 1\n",
    "def q():\n    nonlocal nothing\n",
    "await x\n",
    "from __future__ import annotations\n",
)
LINE_ENDS = ("\n", "\n", "\r\n", "\r")


def document(rng: random.Random) -> str:
    """A random document of up to a few hundred statements."""
    parts = ["from __future__ import annotations\n"] if rng.random() < 0.2 else []
    error_rate = rng.choice((0.0, 0.002, 0.01, 0.03))
    for index in range(rng.randint(1, 200)):
        parts.append(rng.choice(STATEMENTS).format(i=index))
        if rng.random() < error_rate:
            parts.append(rng.choice(PARSE_ERRORS + COMPILE_ERRORS))
    text = "".join(parts)
    line_end = rng.choice(LINE_ENDS)
    if line_end != "\n":
        text = text.replace("\n", line_end)
    return text.rstrip() if rng.random() < 0.2 else text


def _parsed(parse: object, source: str) -> tuple[object, ...]:
    try:
        return ("tree", ast.dump(parse(source), include_attributes=True))  # type: ignore[operator]
    except SyntaxError as error:
        return (
            type(error).__name__,
            error.msg,
            error.lineno,
            error.offset,
            error.end_lineno,
            error.end_offset,
            error.text,
        )
    except Exception as error:
        return (type(error).__name__, str(error))


@contextmanager
def _sizes(slice_characters: int, group_lines: int) -> Iterator[None]:
    saved = sliced_parse.SLICE_CHARACTERS, syntax.GROUP_LINES
    sliced_parse.SLICE_CHARACTERS, syntax.GROUP_LINES = slice_characters, group_lines
    try:
        yield
    finally:
        sliced_parse.SLICE_CHARACTERS, syntax.GROUP_LINES = saved


@dataclass
class Volume:
    documents: int = 0
    parse_errors: int = 0
    compile_errors: int = 0
    characters: int = 0


def check(source: str, slice_characters: int, group_lines: int) -> str | None:
    """A description of the first difference between sliced and whole, None when equal."""
    whole = _parsed(ast.parse, source)
    with _sizes(slice_characters, group_lines):
        sliced = _parsed(sliced_parse.parse_module, source)
    if sliced != whole:
        return f"parse: sliced {sliced[:7]} whole {whole[:7]}"
    if whole[0] != "tree":
        return None
    text = SourceText(source)
    tree = ast.parse(source)
    with _sizes(10**9, 10**9):
        whole_compile = syntax.compile_failure(source, tree, text)
    with _sizes(slice_characters, group_lines):
        grouped = syntax.compile_failure(source, tree, text)
    if grouped != whole_compile:
        return f"compile: grouped {grouped} whole {whole_compile}"
    return None


def run(seed: int, seconds: float) -> Volume:
    """Fuzz for ``seconds`` from ``seed``; raises AssertionError naming the first difference."""
    rng = random.Random(seed)
    volume = Volume()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        source = document(rng)
        slice_characters = rng.choice((20, 100, 500, 3000))
        group_lines = rng.choice((1, 5, 40))
        difference = check(source, slice_characters, group_lines)
        assert difference is None, (difference, slice_characters, group_lines, source)
        volume.documents += 1
        volume.characters += len(source)
        try:
            ast.parse(source)
        except SyntaxError:
            volume.parse_errors += 1
            continue
        volume.compile_errors += (
            syntax.compile_failure(source, None, SourceText(source)) is not None
        )
    return volume


def main() -> None:
    parser = fuzz_parser(__doc__)
    arguments = parser.parse_args()
    print(run(arguments.seed, arguments.seconds))


if __name__ == "__main__":
    main()
