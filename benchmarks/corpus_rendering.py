"""How a corpus block is parametrised and rendered: ``Variation``, ``Block`` and ``render``.

A block is a function ``(Variation) -> Block``. The variation gives it a distinct name prefix, a
seed offset and a random generator for its sizes; ``render`` substitutes them (and the sizes)
into the block's ``string.Template`` source. Deterministic: the same variation renders the same
text.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from string import Template


@dataclass(frozen=True)
class Variation:
    """What makes one rendering of a block distinct: its name prefix, seed offset and random sizes."""

    prefix: str
    seed_offset: int
    rng: random.Random

    @property
    def camel(self) -> str:
        """The prefix in CamelCase, for class names (``hourly_sensor`` -> ``HourlySensor``)."""
        return "".join(part.capitalize() for part in self.prefix.split("_"))

    def pick(self, *choices: object) -> object:
        return self.rng.choice(choices)

    def rate(self) -> str:
        return self.rng.choice(("0.05", "0.1", "0.02", "0.2", "0.01", "0.005"))


@dataclass(frozen=True)
class Block:
    """Rendered source of one block and the expression (a ``float``) that runs it."""

    kind: str
    source: str
    entry: str


def render(text: str, variation: Variation, **values: object) -> str:
    """Substitute ``${p}`` (prefix), ``${C}`` (CamelCase prefix), ``${k}`` (seed offset) and ``values``."""
    mapping = {"p": variation.prefix, "C": variation.camel, "k": str(variation.seed_offset)}
    mapping.update({name: str(value) for name, value in values.items()})
    return Template(text).substitute(mapping).strip("\n") + "\n"
