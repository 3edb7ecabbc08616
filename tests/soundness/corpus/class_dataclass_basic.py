from dataclasses import dataclass, field


@dataclass
class Item:
    name: str
    price: float = 1.0
    tags: list = field(default_factory=list)


a = Item("pen")
b = Item("book", 9.5, ["paper"])
a.tags.append("x")
same = Item("pen", 1.0, ["x"]) == a
print(a.price, b.tags, same, repr(a))
