"""The live branch of ``callable(schedule)`` for a schedule object: its wrong call is reported."""


class Scheduler:
    def __init__(self, base):
        self.base = base

    def __call__(self, step):
        return self.base / (step + 1)


def rate(schedule, step):
    if callable(schedule):
        return schedule(step, step)  # BUG
    if hasattr(schedule, "value"):
        return schedule.value
    return schedule * 1.0


r3 = rate(0.25, 3)
r1 = rate(Scheduler(0.1), 3)
