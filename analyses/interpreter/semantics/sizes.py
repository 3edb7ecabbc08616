"""Size bounds of the concrete values the interpreter computes with CPython itself.

The interpreter computes operations on constants (``2 ** 10``, ``"a" * 3``, ``"%5d" % 1``,
``"ab".ljust(4)``) with CPython's own operators and methods. Each such computation is first
estimated from its operands, and it is done only when its result stays within these bounds; beyond
them the result is the unknown value of its type (an int of unknown value, a str of unknown
content...), never an error report. This keeps every computation on constants cheap in time and
memory, whatever the program: no value larger than the bounds is ever built.

Bounds: ints of at most ``MAX_INT_BITS`` bits (their decimal text, about 2,500 digits, stays
under CPython's 4,300-digit conversion limit), strings, bytes and repeated sequences of at most
``MAX_CONSTANT_SIZE`` items. Estimates bound the result from above (within a factor of four for the
methods whose result is proportional to their operands, whose results are then kept only within
the bounds): a computation is sometimes refused although its result would have fit.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

MAX_INT_BITS = 8192
"""Largest int (in bits, sign excluded) kept as a constant or an interval bound."""
MAX_CONSTANT_SIZE = 10_000
"""Largest str/bytes constant (in items), and largest repetition of a sequence, computed."""
MAX_ROUND_DIGITS = 2_400
"""Largest ``-ndigits`` of ``round(int, ndigits)`` computed (it builds ``10 ** -ndigits``)."""
FORMATTED_NUMBER_TEXT = 400
"""Upper bound of the text of one float formatted without width or precision (``%f`` of 1e308)."""
FIELD_MARGIN = 32
"""Added to each formatted field for prefixes, signs, exponents and separators."""
_DIGIT_RUNS = re.compile(r"[0-9]+")
_NESTED_FIELD = re.compile(r"\{[^}]*\{")
_QUOTING_FIELD = re.compile(r"%[^%a-zA-Z]*[ra]|![ra]")
"""A ``%r``/``%a`` directive or a ``!r``/``!a`` conversion (text may grow tenfold by escapes)."""
_MAX_WIDTH_DIGITS = 9
"""A width or precision written with more digits than this exceeds every bound anyway."""


def int_fits(value: int) -> bool:
    """True when ``value`` is small enough to be kept as a constant or a bound."""
    return value.bit_length() <= MAX_INT_BITS


def bounded(bound: int | None) -> int | None:
    """An interval bound, or None (infinite) when it is beyond ``MAX_INT_BITS``: sound, since an
    infinite bound only widens the interval."""
    if bound is None or bound.bit_length() <= MAX_INT_BITS:
        return bound
    return None


def _is_int(value: object) -> bool:
    return isinstance(value, int)


def binary_fits(op: str, left: object, right: object) -> bool:
    """True when computing ``left op right`` (an ``ast`` operator name) on these constants builds
    no value beyond the bounds (estimated before computing)."""
    if op == "Pow" and _is_int(left) and _is_int(right):
        base, exponent = abs(int(left)), int(right)  # type: ignore[call-overload]
        if exponent <= 0 or base <= 1:
            return True
        return exponent <= MAX_INT_BITS and exponent * math.log2(base) + 1 <= MAX_INT_BITS
    if op == "LShift" and _is_int(left) and _is_int(right):
        shift = int(right)  # type: ignore[call-overload]
        return shift <= 0 or left == 0 or int(left).bit_length() + shift <= MAX_INT_BITS  # type: ignore[call-overload]
    if op == "Mult":
        if _is_int(left) and _is_int(right):
            return int(left).bit_length() + int(right).bit_length() <= 2 * MAX_INT_BITS  # type: ignore[call-overload]
        for sequence, count in ((left, right), (right, left)):
            if isinstance(sequence, (str, bytes, tuple, list)) and _is_int(count):
                return len(sequence) * max(int(count), 0) <= MAX_CONSTANT_SIZE  # type: ignore[call-overload]
    if op == "Mod" and isinstance(left, (str, bytes)):
        return formatted_length(left, (right,)) <= MAX_CONSTANT_SIZE
    return True


def text_length(value: object, quoted: bool) -> int:
    """An upper bound of the length of any text formatting ``value`` produces without a width or
    precision (``str``, its ``repr``/``ascii`` when ``quoted``, binary digits of an int...)."""
    if isinstance(value, bytes):
        return 4 * len(value) + 3
    if isinstance(value, str):
        return 10 * len(value) + 3 if quoted else len(value)
    if isinstance(value, int):
        return 2 * value.bit_length() + 4
    return FORMATTED_NUMBER_TEXT


def formatted_length(template: str | bytes, arguments: Sequence[object]) -> int:
    """An upper bound of the length of ``template % arguments`` or ``template.format(*arguments)``.

    Every ``%`` or ``{`` may start one field; each field is at most as wide as the widest number
    written in the template (a width or precision) plus the longest text of an argument. Int
    arguments count as widths too when the template can take a width from its arguments (``*`` or
    a nested ``{}``).
    """
    text = template.decode("latin-1") if isinstance(template, bytes) else template
    fields = text.count("%") + text.count("{")
    if fields == 0:
        return len(text)
    widest = widest_number(text)
    widths_from_arguments = "*" in text or _NESTED_FIELD.search(text) is not None
    quoted = _QUOTING_FIELD.search(text) is not None
    longest = 0
    for argument in arguments:
        longest = max(longest, text_length(argument, quoted))
        if widths_from_arguments and isinstance(argument, int):
            widest = max(widest, abs(int(argument)))
    return len(text) + fields * (widest + longest + FIELD_MARGIN)


def widest_number(text: str) -> int:
    """The largest number written in ``text`` (a width or precision), 0 when there is none, and
    beyond every bound when one has more than ``_MAX_WIDTH_DIGITS`` digits."""
    widest = 0
    for run in _DIGIT_RUNS.findall(text):
        digits = run.lstrip("0")
        if len(digits) > _MAX_WIDTH_DIGITS:
            return MAX_CONSTANT_SIZE + 1
        widest = max(widest, int(digits or "0"))
    return widest


_WIDTH_METHODS = frozenset({"center", "ljust", "rjust", "zfill"})
_PROPORTIONAL_METHODS = frozenset(
    {
        "capitalize",
        "casefold",
        "count",
        "decode",
        "encode",
        "endswith",
        "find",
        "hex",
        "index",
        "isalnum",
        "isalpha",
        "isascii",
        "isdecimal",
        "isdigit",
        "isidentifier",
        "islower",
        "isnumeric",
        "isprintable",
        "isspace",
        "istitle",
        "isupper",
        "lower",
        "lstrip",
        "partition",
        "removeprefix",
        "removesuffix",
        "rfind",
        "rindex",
        "rpartition",
        "rsplit",
        "rstrip",
        "split",
        "splitlines",
        "startswith",
        "strip",
        "swapcase",
        "title",
        "upper",
        "__add__",
        "__contains__",
        "__eq__",
        "__ge__",
        "__getitem__",
        "__gt__",
        "__le__",
        "__len__",
        "__lt__",
        "__ne__",
    }
)
"""Methods whose result is at most a few times the size of the receiver plus the arguments (case
mappings can triple a character; ``hex`` with a separator triples a byte; ``encode`` quadruples)."""


def string_method_fits(receiver: str | bytes, name: str, arguments: Sequence[object]) -> bool:
    """True when ``receiver.name(*arguments)`` is a str/bytes method this module can bound and its
    result stays within the bounds (estimated before computing). Other methods are not computed."""
    size = len(receiver)
    if name in _PROPORTIONAL_METHODS:
        return True
    first = arguments[0] if arguments else None
    if name in _WIDTH_METHODS:
        return not _is_int(first) or int(first) <= MAX_CONSTANT_SIZE  # type: ignore[call-overload]
    if name == "expandtabs":
        tab_size = first if _is_int(first) else 8
        return size * max(int(tab_size), 1) <= MAX_CONSTANT_SIZE  # type: ignore[call-overload]
    if name == "replace" and len(arguments) >= 2:
        old, new = arguments[0], arguments[1]
        if not isinstance(old, (str, bytes)) or not isinstance(new, (str, bytes)):
            return True
        occurrences = size + 1 if not old else size // len(old)
        if len(arguments) > 2 and _is_int(arguments[2]) and int(arguments[2]) >= 0:  # type: ignore[call-overload]
            occurrences = min(occurrences, int(arguments[2]))  # type: ignore[call-overload]
        return size + occurrences * len(new) <= MAX_CONSTANT_SIZE
    if name in ("__mul__", "__rmul__") and len(arguments) == 1:
        return not _is_int(first) or size * max(int(first), 0) <= MAX_CONSTANT_SIZE  # type: ignore[call-overload]
    if name in ("format", "__mod__"):
        return formatted_length(receiver, arguments) <= MAX_CONSTANT_SIZE
    if name == "__format__" and isinstance(first, str):
        return size + widest_number(first) + FIELD_MARGIN <= MAX_CONSTANT_SIZE
    return False


def joined_length(separator: str | bytes, parts: Sequence[str | bytes]) -> int:
    """The length of ``separator.join(parts)``."""
    return sum(len(part) for part in parts) + len(separator) * max(len(parts) - 1, 0)


_NUMBER_METHODS = frozenset(
    {
        "as_integer_ratio",
        "bit_count",
        "bit_length",
        "conjugate",
        "hex",
        "is_integer",
        "__abs__",
        "__bool__",
        "__ceil__",
        "__float__",
        "__floor__",
        "__hash__",
        "__index__",
        "__int__",
        "__invert__",
        "__neg__",
        "__pos__",
        "__trunc__",
    }
)
_NUMBER_OPERATORS = {
    "add": "Add",
    "sub": "Sub",
    "mul": "Mult",
    "truediv": "Div",
    "floordiv": "FloorDiv",
    "mod": "Mod",
    "divmod": "FloorDiv",
    "pow": "Pow",
    "lshift": "LShift",
    "rshift": "RShift",
    "and": "BitAnd",
    "or": "BitOr",
    "xor": "BitXor",
}
_NUMBER_COMPARISONS = frozenset({"__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__"})


def number_method_fits(receiver: int | float, name: str, arguments: Sequence[object]) -> bool:
    """True when ``receiver.name(*arguments)`` (numbers only) is a method this module can bound and
    its result stays within the bounds. Other methods (``to_bytes`` of a huge length, a three
    argument ``__pow__``...) are not computed."""
    if name in _NUMBER_METHODS or name in _NUMBER_COMPARISONS:
        return True
    if name == "__round__":
        return not arguments or not _is_int(receiver) or round_fits(arguments[0])
    if name.startswith("__") and name.endswith("__") and len(arguments) == 1:
        core = name[2:-2]
        reflected = core.startswith("r") and core[1:] in _NUMBER_OPERATORS
        op = _NUMBER_OPERATORS.get(core[1:] if reflected else core)
        if op is None:
            return False
        left, right = (arguments[0], receiver) if reflected else (receiver, arguments[0])
        return binary_fits(op, left, right)
    return False


def round_fits(digits: object) -> bool:
    """True when ``round(an_int, digits)`` is cheap (a negative ``digits`` builds a power of 10)."""
    return not _is_int(digits) or int(digits) >= -MAX_ROUND_DIGITS  # type: ignore[call-overload]
