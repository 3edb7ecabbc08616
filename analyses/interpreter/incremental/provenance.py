"""The provenance a value carries that its equality ignores, for the call memo's exact matches.

Some values record where they come from without it being part of what they are: an array's
``established`` span (shown on hover and as a diagnostic's related location) and a symbolic size's
``provenance`` words (shown on hover). Equality ignores both so that loops over unchanged shapes
reach their fixpoint. A call summary, however, replays records and reports made from its inputs'
provenance: replaying it for inputs equal but of another provenance would show the old one, where
running the call shows the new one. ``provenance`` collects it, so that the memo matches inputs
exactly (``summaries``). A size named after its line (``anchored_spans.AnchoredSymbol``) gives
its anchored span: comparing it does not turn its line into text. An anchored span is collected
as its node, which it equals exactly when of the same node and whose hash does not change when
an edit moves lines: the call memo's keys keep their hashes (``CallMemo.drop_moved``).
"""

from __future__ import annotations

import ast
import dataclasses

from .anchored_spans import AnchoredSpan, AnchoredSymbol

PROVENANCE_FIELDS = frozenset({"established", "provenance"})
"""Fields that equality ignores and results show (``ArrayValue.established``,
``Symbol.provenance``)."""

_ATOMS = (str, bytes, int, float, complex, bool, type(None), ast.AST)

_FIELDS: dict[type, tuple[tuple[str, bool], ...]] = {}
"""Per dataclass type: its fields, and whether each is a provenance field."""

_ATOM, _ANCHORED_SYMBOL, _DATACLASS, _SEQUENCE, _MAPPING, _SET, _OPAQUE = range(7)
_SHAPES: dict[type, int] = {}
"""Per type met: how ``_collect`` looks inside its values (decided once per type)."""


def _fields(kind: type) -> tuple[tuple[str, bool], ...]:
    found = _FIELDS.get(kind)
    if found is None:
        found = _FIELDS[kind] = tuple(
            (item.name, item.name in PROVENANCE_FIELDS) for item in dataclasses.fields(kind)
        )
    return found


def _shape(kind: type) -> int:
    if issubclass(kind, _ATOMS):
        return _ATOM
    if kind is AnchoredSymbol:
        return _ANCHORED_SYMBOL
    if dataclasses.is_dataclass(kind):
        return _DATACLASS
    if kind is tuple or kind is list:
        return _SEQUENCE
    if kind is dict:
        return _MAPPING
    if kind is frozenset or kind is set:
        return _SET
    return _OPAQUE


def provenance(value: object) -> tuple[object, ...]:
    """The provenance fields found in ``value`` (through dataclass fields, tuples, lists, sets and
    dicts; never inside syntax nodes), in an order that depends only on ``value``'s structure.

    Two equal values with equal provenance show the same everywhere; the converse is not needed
    (a difference only costs a replay).
    """
    found: list[object] = []
    _collect(value, found)
    return tuple(found)


def _collect(value: object, found: list[object]) -> None:
    kind = type(value)
    shape = _SHAPES.get(kind)
    if shape is None:
        shape = _SHAPES[kind] = _shape(kind)
    if shape == _ANCHORED_SYMBOL:
        found.append(value.span.node)  # type: ignore[attr-defined]
    elif shape == _DATACLASS:
        for name, is_provenance in _fields(kind):
            item = getattr(value, name)
            if is_provenance:
                found.append(item.node if type(item) is AnchoredSpan else item)
            else:
                _collect(item, found)
    elif shape == _SEQUENCE:
        for item in value:  # type: ignore[attr-defined]
            _collect(item, found)
    elif shape == _MAPPING:
        for key, item in value.items():  # type: ignore[attr-defined]
            _collect(key, found)
            _collect(item, found)
    elif shape == _SET:
        parts = [provenance(item) for item in value]  # type: ignore[attr-defined]
        found.extend(sorted((part for part in parts if part), key=repr))
