"""Real source files and random single edits of them, for the incremental re-analysis tests."""

from __future__ import annotations

import bisect
import colorsys
import dataclasses
import functools
import heapq
import json.decoder
import re
import shlex
import string
import textwrap
from collections.abc import Sequence
from pathlib import Path

from hypothesis import strategies as st

from benchmarks.corpus_files import corpus_file

_LINE_BREAK = re.compile(r"\r\n|\r|\n")

ROOT = Path(__file__).resolve().parents[2]

SAMPLE_WITH_EDGE_CASES = (
    "import os\n"
    "a = 1; b = (2,\n"
    "    3)\n"
    "@functools.lru_cache\n"
    "@(\n"
    "    staticmethod\n"
    ")\n"
    "def decorated(x):\n"
    "    return x + a\n"
    "total = 1 + \\\n"
    "    2\n"
    "hanging = 3 \\\n"
    "\n"
    "if a:\n"
    "    pass\n"
    "    # indented comment after a body\n"
    "else:\n"
    "    b = [y for y in range(3) if (z := y)]\n"
    '"""A string statement\n'
    'spanning lines."""\n'
    "class Holder:\n"
    "    def method(self):\n"
    "        global a\n"
    "        a = 2\n"
    "        return lambda: self\n"
    "@(\n"
    "    functools.cache\n"
    ")\n"
    "def cached():\n"
    "    return 0\n"
    "@\\\n"
    "staticmethod\n"
    "def continued():\n"
    "    return 1\n"
    "\x0cformfed = 4\n"
    "last = decorated(1)"
)


SAMPLE_WITH_SCOPES = (
    "import sys\n"
    "\n"
    "counter = 0\n"
    "\n"
    "\n"
    "def outer(a):\n"
    "    b = 1\n"
    "\n"
    "    def inner():\n"
    "        nonlocal b\n"
    "        b += a\n"
    "        return [b * c for c in range(a) if (d := c)]\n"
    "\n"
    "    return inner\n"
    "\n"
    "\n"
    "class Model:\n"
    "    size = 3\n"
    "    items = [size for _ in range(2)]\n"
    "\n"
    "    def forward(self, x):\n"
    "        global counter\n"
    "        counter += 1\n"
    "        self.weight = x\n"
    "        return (lambda y: y + self.size)(x)\n"
    "\n"
    "\n"
    "def generator():\n"
    "    yield from range(3)\n"
    "\n"
    "\n"
    "probe = outer.__code__\n"
    'setattr(Model, "bias", 0)\n'
    "totals = [(w := n) for n in range(3)]\n"
)


def _real_sources() -> dict[str, str]:
    paths = [
        corpus_file("small"),
        *sorted((ROOT / "examples").rglob("*.py")),
    ]
    sources = {path.name: path.read_text(encoding="utf-8") for path in paths}
    for module in (bisect, colorsys, dataclasses, functools, heapq, json.decoder, shlex, string):
        sources[module.__name__] = Path(module.__file__ or "").read_text(encoding="utf-8")
    sources["edge_cases.py"] = SAMPLE_WITH_EDGE_CASES
    sources["scopes.py"] = SAMPLE_WITH_SCOPES
    sources["edge_cases_crlf.py"] = SAMPLE_WITH_EDGE_CASES.replace("\n", "\r\n")
    sources["edge_cases_cr.py"] = SAMPLE_WITH_EDGE_CASES.replace("\n", "\r")
    sources["textwrap_crlf"] = Path(textwrap.__file__ or "").read_text().replace("\n", "\r\n")
    return sources


SOURCES = _real_sources()

FRAGMENTS = (
    "\n",
    "\r\n",
    "\r",
    "\\\n",
    "\\",
    "    ",
    "\t",
    "\x0c",
    "\x0b",
    "\x1c",
    "\x85",
    "\u2028",
    "x",
    "1.5",
    "'''",
    '"""',
    "'",
    "(",
    ")",
    "]",
    ":",
    "# note\n",
    "#",
    ";",
    "; z = 2",
    "pass\n",
    "    y = 1\n",
    "def g():\n    pass\n",
    "@decorator\n",
    "else:\n    pass\n",
    "if x:\n",
    "lambda: 0",
    "[w for w in v]",
    "global a\n",
    "global counter\n",
    "nonlocal b\n",
    "inner.__code__",
    "forward.__code__\n",
    "Model.__code__\n",
    "from os import *\n",
    "exec('')\n",
    "sys.modules\n",
    "setattr(Model, name, 1)\n",
    "yield 1\n",
    "(w := 1)",
    "def outer():\n",
    "class Model:\n",
    "from __future__ import annotations\n",
    "# -*- coding: latin-1 -*-\n",
    "\ufeff",
    "\x00",
    "\ud800",
    "é",
)


def _edit(draw: st.DrawFn, source: str) -> str:
    """``source`` after one random insertion, deletion or replacement (at any character, or at a
    line boundary)."""
    line_starts = [0] + [match.end() for match in _LINE_BREAK.finditer(source)]
    if draw(st.booleans()):
        start = draw(st.sampled_from(line_starts))
    else:
        start = draw(st.integers(0, len(source)))
    kind = draw(st.sampled_from(("insert", "delete", "replace", "delete lines")))
    if kind == "delete lines":
        first = bisect.bisect_right(line_starts, start) - 1
        count = draw(st.integers(1, 4))
        end = line_starts[first + count] if first + count < len(line_starts) else len(source)
        return source[: line_starts[first]] + source[end:]
    end = start if kind == "insert" else min(len(source), start + draw(st.integers(1, 30)))
    text = "" if kind == "delete" else draw(st.sampled_from(FRAGMENTS) | st.text(max_size=6))
    return source[:start] + text + source[end:]


@st.composite
def edited_source(draw: st.DrawFn, names: Sequence[str] = ()) -> tuple[str, str]:
    """A source (of ``names`` in ``SOURCES``, default all) and the same source after one edit."""
    source = SOURCES[draw(st.sampled_from(sorted(names or SOURCES)))]
    return source, _edit(draw, source)


@st.composite
def edit_sequence(draw: st.DrawFn, names: Sequence[str] = (), edits: int = 4) -> list[str]:
    """A source (of ``names`` in ``SOURCES``, default all) and its versions after successive
    edits."""
    versions = [SOURCES[draw(st.sampled_from(sorted(names or SOURCES)))]]
    for _ in range(edits):
        versions.append(_edit(draw, versions[-1]))
    return versions
