"""Array dimensions: a constant, a symbolic size with an identity, or unknown (⊤).

A dimension (``Dim``) is one of

* a Python ``int`` (a known size),
* a :class:`SymbolicDim`: a polynomial with integer coefficients over :class:`Symbol` atoms and
  floor-division atoms, kept in a normal form so that two equal expressions compare equal
  (``n * d`` built twice is the same value, ``(2 * n) // 2`` is ``n``),
* :data:`UNKNOWN`: any size, with no identity.

The same type doubles as the abstract value of a Python ``int`` argument (an axis, a count): a rule
receiving ``UNKNOWN`` must treat it as "any integer".

Contracts: :func:`certainly_equal` and :func:`certainly_different` never claim more than holds for
every assignment of integers to the symbols; everything else is an over-approximation (an operation
that cannot be expressed exactly yields ``UNKNOWN``).
"""

from __future__ import annotations

from dataclasses import dataclass


class UnknownDim:
    """The ⊤ dimension: any non-negative size, equal to nothing in particular."""

    _instance: UnknownDim | None = None

    def __new__(cls) -> UnknownDim:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "?"

    def __reduce__(self) -> str:
        return "UNKNOWN"


UNKNOWN = UnknownDim()


@dataclass(frozen=True)
class Symbol:
    """An unknown size with an identity.

    Two symbols are the same when their ``name`` and ``key`` are equal; ``key`` scopes the name
    (e.g. the function whose annotation introduced it, or the expression that made a fresh size).
    ``provenance`` says in words where the size comes from, for hover text.
    """

    name: str
    key: str
    provenance: str = ""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Symbol) and (self.name, self.key) == (other.name, other.key)

    def __hash__(self) -> int:
        return hash((self.name, self.key))

    def sort_key(self) -> tuple[object, ...]:
        return ("s", self.name, self.key)

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class FloorDivAtom:
    """``numerator // divisor`` for a symbolic numerator that ``divisor`` does not divide exactly."""

    numerator: SymbolicDim
    divisor: int

    def sort_key(self) -> tuple[object, ...]:
        """Ordered by the numerator's structure, not its text: a symbol's name may follow its
        line when an edit moves it (``interpreter.anchored_spans``), its place in the order not."""
        terms = tuple(
            (_monomial_key(monomial), coefficient) for monomial, coefficient in self.numerator.terms
        )
        return ("f", terms, self.divisor)

    def __str__(self) -> str:
        inner = str(self.numerator)
        if len(self.numerator.terms) > 1:
            inner = f"({inner})"
        return f"{inner} // {self.divisor}"


Atom = Symbol | FloorDivAtom
Monomial = tuple[Atom, ...]


@dataclass(frozen=True)
class SymbolicDim:
    """A polynomial ``sum(coefficient * product(atoms))`` in normal form.

    ``terms`` is sorted by monomial, has no zero coefficients, and at least one non-constant
    monomial (constants are plain ``int``s). Build values with :func:`symbol` and the arithmetic
    functions below, never directly.
    """

    terms: tuple[tuple[Monomial, int], ...]

    def symbols(self) -> tuple[Symbol, ...]:
        """The symbols this expression mentions, in order of first appearance."""
        found: list[Symbol] = []
        for monomial, _ in self.terms:
            for atom in monomial:
                atoms = [atom] if isinstance(atom, Symbol) else list(atom.numerator.symbols())
                for item in atoms:
                    if item not in found:
                        found.append(item)
        return tuple(found)

    def __str__(self) -> str:
        parts: list[str] = []
        for monomial, coefficient in self.terms:
            body = " * ".join(
                str(atom) if isinstance(atom, Symbol) else f"({atom})" for atom in monomial
            )
            magnitude = abs(coefficient)
            if not monomial:
                text = str(magnitude)
            elif magnitude == 1:
                text = body
            else:
                text = f"{magnitude} * {body}"
            if not parts:
                parts.append(text if coefficient > 0 else f"-{text}")
            else:
                parts.append(f"+ {text}" if coefficient > 0 else f"- {text}")
        return " ".join(parts)


Dim = int | SymbolicDim | UnknownDim


def symbol(name: str, key: str, provenance: str = "") -> SymbolicDim:
    """The dimension consisting of one fresh-or-shared symbol."""
    return SymbolicDim((((Symbol(name, key, provenance),), 1),))


def is_known(dim: Dim) -> bool:
    """True for a constant size."""
    return isinstance(dim, int)


def _monomial_key(monomial: Monomial) -> tuple[tuple[object, ...], ...]:
    return tuple(atom.sort_key() for atom in monomial)


def _terms_of(dim: int | SymbolicDim) -> dict[Monomial, int]:
    if isinstance(dim, int):
        return {(): dim} if dim else {}
    return dict(dim.terms)


def _from_terms(terms: dict[Monomial, int]) -> int | SymbolicDim:
    kept = {monomial: c for monomial, c in terms.items() if c != 0}
    if not kept:
        return 0
    if set(kept) == {()}:
        return kept[()]
    ordered = sorted(kept.items(), key=lambda item: (len(item[0]) == 0, _monomial_key(item[0])))
    return SymbolicDim(tuple(ordered))


def add(a: Dim, b: Dim) -> Dim:
    """``a + b``."""
    if isinstance(a, int) and isinstance(b, int):
        return a + b
    if isinstance(a, UnknownDim) or isinstance(b, UnknownDim):
        return UNKNOWN
    terms = _terms_of(a)
    for monomial, coefficient in _terms_of(b).items():
        terms[monomial] = terms.get(monomial, 0) + coefficient
    return _from_terms(terms)


def negate(a: Dim) -> Dim:
    """``-a``."""
    if isinstance(a, UnknownDim):
        return UNKNOWN
    return _from_terms({monomial: -c for monomial, c in _terms_of(a).items()})


def subtract(a: Dim, b: Dim) -> Dim:
    """``a - b``."""
    return add(a, negate(b))


def multiply(a: Dim, b: Dim) -> Dim:
    """``a * b`` (a product of constants is folded; ``0 * UNKNOWN`` is 0)."""
    if isinstance(a, int) and isinstance(b, int):
        return a * b
    if a == 0 or b == 0:
        return 0
    if isinstance(a, UnknownDim) or isinstance(b, UnknownDim):
        return UNKNOWN
    terms: dict[Monomial, int] = {}
    for left, lc in _terms_of(a).items():
        for right, rc in _terms_of(b).items():
            monomial = tuple(sorted(left + right, key=lambda atom: atom.sort_key()))
            terms[monomial] = terms.get(monomial, 0) + lc * rc
    return _from_terms(terms)


def floor_divide(a: Dim, divisor: Dim) -> Dim:
    """``a // divisor``: exact when ``divisor`` is a positive constant dividing every coefficient,
    a floor-division atom for other positive constant divisors, ``UNKNOWN`` otherwise."""
    if isinstance(a, int) and isinstance(divisor, int):
        return a // divisor if divisor else UNKNOWN
    if not isinstance(divisor, int) or divisor <= 0 or isinstance(a, UnknownDim):
        quotient = exact_quotient(a, divisor)
        return quotient if quotient is not None else UNKNOWN
    if divisor == 1:
        return a
    terms = _terms_of(a)
    if all(c % divisor == 0 for c in terms.values()):
        return _from_terms({monomial: c // divisor for monomial, c in terms.items()})
    assert isinstance(a, SymbolicDim)
    return SymbolicDim((((FloorDivAtom(a, divisor),), 1),))


def exact_quotient(a: Dim, b: Dim) -> Dim | None:
    """``a / b`` when it is certainly an exact integer quotient expressible as a ``Dim``
    (constants dividing exactly, or ``b`` a single monomial that divides every term of ``a``);
    otherwise ``None``."""
    if isinstance(a, UnknownDim) or isinstance(b, UnknownDim):
        return None
    if isinstance(a, int) and isinstance(b, int):
        if b != 0 and a % b == 0:
            return a // b
        return None
    divisor_terms = _terms_of(b)
    if len(divisor_terms) != 1:
        return None
    ((divisor_monomial, divisor_coefficient),) = divisor_terms.items()
    result: dict[Monomial, int] = {}
    for monomial, coefficient in _terms_of(a).items():
        remaining = list(monomial)
        for atom in divisor_monomial:
            if atom not in remaining:
                return None
            remaining.remove(atom)
        if coefficient % divisor_coefficient:
            return None
        result[tuple(remaining)] = coefficient // divisor_coefficient
    return _from_terms(result)


def product(dims: tuple[Dim, ...] | list[Dim]) -> Dim:
    """The product of ``dims`` (1 for none)."""
    total: Dim = 1
    for dim in dims:
        total = multiply(total, dim)
    return total


def certainly_equal(a: Dim, b: Dim) -> bool:
    """True when ``a == b`` for every value of the symbols (never for ``UNKNOWN``)."""
    if isinstance(a, UnknownDim) or isinstance(b, UnknownDim):
        return False
    return a == b


def certainly_different(a: Dim, b: Dim) -> bool:
    """True when ``a != b`` for every value of the symbols: distinct constants, or expressions
    whose difference is a non-zero constant (``n`` and ``n + 1``)."""
    if isinstance(a, UnknownDim) or isinstance(b, UnknownDim):
        return False
    difference = subtract(a, b)
    return isinstance(difference, int) and difference != 0


def join(a: Dim, b: Dim) -> Dim:
    """The least dimension covering both: itself when equal, otherwise ``UNKNOWN``."""
    return a if certainly_equal(a, b) else UNKNOWN


def contains(dim: Dim, concrete: int) -> bool:
    """Whether the concrete size ``concrete`` is a possible value of ``dim``."""
    if isinstance(dim, int):
        return dim == concrete
    return True


def evaluate(dim: Dim, assignment: dict[Symbol, int]) -> int | None:
    """The value of ``dim`` under ``assignment`` (``None`` when unknown or a symbol is missing)."""
    if isinstance(dim, int):
        return dim
    if isinstance(dim, UnknownDim):
        return None
    total = 0
    for monomial, coefficient in dim.terms:
        value = coefficient
        for atom in monomial:
            if isinstance(atom, Symbol):
                if atom not in assignment:
                    return None
                value *= assignment[atom]
            else:
                numerator = evaluate(atom.numerator, assignment)
                if numerator is None:
                    return None
                value *= numerator // atom.divisor
        total += value
    return total


def format_dim(dim: Dim) -> str:
    """A dimension as text: ``3``, ``n``, ``2 * n + 1``, ``?``."""
    return str(dim) if not isinstance(dim, UnknownDim) else "?"
