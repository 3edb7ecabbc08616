"""Completions of statements: how control leaves a statement, with the store on each way out.

A statement completes normally, by ``return`` (with a value), ``break``, ``continue`` or by raising.
Each way out carries the join of the stores with which control may leave that way, or None when it
cannot leave that way. ``raised`` is only gathered where a handler could observe it (inside ``try``
bodies, ``with`` blocks and functions called from them); elsewhere an exception ends the program.
"""

from __future__ import annotations

from ...domains.base import AbstractValue
from .state import State, join_states


class Flow:
    """The ways out of a statement or block."""

    __slots__ = ("broken", "continued", "normal", "raised", "return_value", "returned")

    def __init__(self, normal: State | None = None) -> None:
        self.normal = normal
        self.returned: State | None = None
        self.return_value: AbstractValue | None = None
        self.broken: State | None = None
        self.continued: State | None = None
        self.raised: State | None = None

    def add_return(self, state: State, value: AbstractValue) -> None:
        self.returned = join_states(self.returned, state)
        self.return_value = value if self.return_value is None else self.return_value.join(value)

    def absorb_abrupt(self, other: Flow) -> None:
        """Add ``other``'s return, break, continue and raise exits to this flow's."""
        if other.returned is not None:
            assert other.return_value is not None
            self.add_return(other.returned, other.return_value)
        self.broken = join_states(self.broken, other.broken)
        self.continued = join_states(self.continued, other.continued)
        self.raised = join_states(self.raised, other.raised)

    def abrupt_only(self) -> Flow:
        """A copy of this flow without its normal exit."""
        flow = Flow(None)
        flow.absorb_abrupt(self)
        return flow
