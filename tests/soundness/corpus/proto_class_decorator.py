def with_tag(cls):
    cls.tag = cls.__name__.lower()
    return cls


@with_tag
class Widget:
    pass


w = Widget()
print(Widget.tag, w.tag)
