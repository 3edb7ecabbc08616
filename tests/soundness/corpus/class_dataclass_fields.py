from dataclasses import dataclass, field


@dataclass
class Config:
    hidden: int = 32
    classes: int = 10
    layers: list = field(default_factory=list)


@dataclass
class Scaled:
    size: int
    factor: int = 2

    def __post_init__(self):
        self.size = self.size * self.factor


@dataclass(frozen=True)
class Frozen:
    size: int = 3


first = Config()
second = Config(64, classes=5)
second.hidden = 16
second.layers.append(second.hidden)
scaled = Scaled(4)
frozen = Frozen()
try:
    frozen.size = 7
except Exception:
    pass
print(first.hidden, first.classes, second.hidden, second.layers, scaled.size, frozen.size)
print(first == Config(), second != first, repr(first))
