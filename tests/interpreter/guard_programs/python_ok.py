"""Guards on builtin values and user classes: ``callable``, ``hasattr``, ``type(x) ==``,
``x.__class__ is``, ``issubclass`` against a tuple, ``not``/``and``/``or``; guards on unknown
values (``json.loads``), on an instance of a class with an unknown base and against a class
tensorls does not know (``numbers.Number``, as in scikit-learn's ``check_scalar``): both arms
analysed, nothing certain. Idioms: learning-rate schedules given as a callable or a constant
(d2l, chapter_optimization/lr-scheduler), ``hasattr(x, "keys")`` on decoded JSON."""

import collections
import json
import numbers


class Scheduler:
    def __init__(self, base):
        self.base = base

    def __call__(self, step):
        return self.base / (step + 1)


class Constant:
    def __init__(self, value):
        self.value = value


class Counts(collections.Counter):
    pass


def rate(schedule, step):
    if callable(schedule):
        return schedule(step)
    if hasattr(schedule, "value"):
        return schedule.value
    return schedule * 1.0


def describe(obj):
    if type(obj) == Scheduler or obj.__class__ is Constant:  # noqa: E721 (the idiom under test)
        return obj.__class__.__name__
    if issubclass(type(obj), (list, tuple)) and not isinstance(obj, str):
        return len(obj)
    return obj.bit_length()


def magnitude(x):
    if isinstance(x, numbers.Number):
        return abs(x.real)
    return len(x)


def first(text):
    data = json.loads(text)
    if hasattr(data, "keys"):
        return data["x"]
    if isinstance(data, list) or callable(data):
        return data[0]
    return data


r1 = rate(Scheduler(0.1), 3)
r2 = rate(Constant(0.5), 3)
r3 = rate(0.25, 3)
d1 = describe(Constant(1))
d2 = describe([1, 2])
d3 = describe(7)
m1 = magnitude([1, 2])
m2 = magnitude(3)
f1 = first('{"x": 1}')
f2 = first("[2]")
counts = Counts("abca")
top = counts.most_common(1) if hasattr(counts, "most_common") else counts.total()
