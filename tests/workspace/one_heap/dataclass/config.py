from dataclasses import dataclass


@dataclass
class Config:
    hidden: int = 32
    classes: int = 10
