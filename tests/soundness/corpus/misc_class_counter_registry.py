class Plugin:
    registry = []

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        Plugin.registry.append(cls.__name__)


class First(Plugin):
    pass


class Second(Plugin):
    pass


print(Plugin.registry)
