class Recorder:
    def __init__(self):
        self.events = []

    def __enter__(self):
        self.events.append("enter")
        return self

    def __exit__(self, kind, value, traceback):
        self.events.append("exit:" + (kind.__name__ if kind else "none"))
        return kind is KeyError


r = Recorder()
with r as same:
    same.events.append("body")
with r:
    raise KeyError("swallowed")
try:
    with r:
        raise ValueError("propagates")
except ValueError:
    r.events.append("caught")
print(r.events)
