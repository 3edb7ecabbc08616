"""Programs in the idioms of real code that change classes or read namespaces at run time
(tracker issue 25, classes 3 and 5; issue 28's ``vars()`` report), each with a twin that has one
real shape bug (its line marked ``# BUG``) after the dynamic code or inside code it attached.

Sources of the idioms (each program is our own, written in the same idiom):

- d2l's ``add_to_class`` decorator (``setattr(Class, obj.__name__, obj)``, then
  ``@add_to_class(Trainer) def fit(self, ...)``): d2l-ai/d2l-en ``d2l/torch.py``, copied in
  Justynita/neural-nets ``utilities.py``;
- ``setattr(cls, func.__name__, func)`` decorators and loops adding methods by name:
  NVSL/CSE141pp-Tool-Moneta ``archive/moneta_with_widgets/vaextended/utils.py``
  (``extend_class``), rjsnh1522/py-class-in-multi-files ``using_decorator_type_1_4/Lib.py``;
- ``for k, v in vars(args).items(): print(...)``: tcmyxc/propheter ``utils/args_util.py``;
- a model picked by name from the module's namespace (``globals().copy()[name](args)``):
  stanfordmlgroup/DLBCL-Morph ``models/__init__.py``;
- ``print(vars(args))``, ``main(**vars(args))``, ``"...".format(**locals())``: common in training
  scripts' argument logging.
"""

from __future__ import annotations

from dataclasses import dataclass

BUG_LINES = {
    "numpy": "broken = np.ones((2, 3)) @ np.ones((2, 3))  # BUG\n",
    "tensorflow": "broken = tf.matmul(tf.ones((2, 3)), tf.ones((2, 3)))  # BUG\n",
    "torch": "broken = torch.ones(2, 3) @ torch.ones(2, 3)  # BUG\n",
}
"""A certain shape error in each framework, appended to a program to make its twin."""


@dataclass(frozen=True)
class Program:
    """A correct program using ``framework``; ``twin``: the same with one real shape bug on the
    line marked ``# BUG`` (by default the framework's ``BUG_LINES`` appended), None when the
    program makes later code unknowable on purpose (a write through ``globals()`` of unknown
    names)."""

    name: str
    framework: str
    source: str
    bug_inside: str | None = None
    """``"old => new"``: the twin replaces ``old`` by ``new`` in the program (on the line then
    marked ``# BUG``) instead of appending the framework's bug line."""
    has_twin: bool = True

    @property
    def twin(self) -> str | None:
        if not self.has_twin:
            return None
        if self.bug_inside is None:
            return self.source + BUG_LINES[self.framework]
        old, new = self.bug_inside.split(" => ")
        assert self.source.count(old) == 1, old
        lines = self.source.replace(old, new).splitlines(keepends=True)
        return "".join(line.replace("\n", "  # BUG\n") if new in line else line for line in lines)


ADD_TO_CLASS_NUMPY = """import numpy as np


def add_to_class(Class):
    def wrapper(obj):
        setattr(Class, obj.__name__, obj)

    return wrapper


class Trainer:
    def __init__(self, max_epochs):
        self.max_epochs = max_epochs


@add_to_class(Trainer)
def prepare_batch(self, batch):
    return batch.reshape(-1, 4)


@add_to_class(Trainer)
def fit(self, data):
    losses = []
    for _ in range(self.max_epochs):
        batch = self.prepare_batch(data)
        losses.append(float((batch @ np.ones((4, 1))).mean()))
    return losses


trainer = Trainer(2)
print(trainer.fit(np.ones((8, 4))))
"""

SETATTR_BY_NAME_NUMPY = """import numpy as np


class Activations:
    pass


def make(kind):
    def apply(self, x):
        return np.maximum(x, 0) if kind == "relu" else np.tanh(x)

    apply.__name__ = kind
    return apply


for kind in ["relu", "tanh"]:
    setattr(Activations, kind, make(kind))

layer = Activations()
hidden = layer.relu(np.ones((3, 4)))
print(layer.tanh(hidden).shape, Activations.relu)
"""

ATTRIBUTE_FROM_OUTSIDE_NUMPY = """import numpy as np


class Model:
    def __init__(self):
        self.w = np.ones((4, 2))


def predict(self, x):
    return x @ self.w


Model.predict = predict
Model.name = "linear"
model = Model()
print(model.predict(np.ones((5, 4))).shape, Model.name, model.name)
"""

VARS_OF_ARGS_NUMPY = """import argparse

import numpy as np

parser = argparse.ArgumentParser()
parser.add_argument("--rows", type=int, default=8)
parser.add_argument("--features", type=int, default=4)
args = parser.parse_args([])
print(vars(args))
for key, value in vars(args).items():
    print(f"{key}: {value}")


def main(rows, features):
    return np.ones((rows, features))


data = main(**vars(args))
print(sorted(locals()), "data" in globals(), globals().get("parser"))
"""

NAMESPACE_REGISTRY_NUMPY = """import numpy as np


class Linear:
    def __init__(self, features):
        self.w = np.ones((features, 1))


class Deep:
    def __init__(self, features):
        self.w = np.ones((features, 3))


def get_model(name, features):
    return globals()[name](features)


def describe(epoch, loss):
    print(locals())
    return "epoch {epoch}: {loss:.3f}".format(**locals())


model = get_model("Linear", 4)
print(describe(1, 0.5), model.w.shape)
"""

CONSTANT_KEY_WRITE_NUMPY = """import numpy as np

globals()["scale"] = 2.0
weights = np.ones((3, 4)) * scale
print(weights.shape)
"""

UNKNOWN_WRITE_NUMPY = """import numpy as np

config = {"rows": 2, "cols": 3}
globals().update(config)
table = np.ones((rows, cols))
print(table.shape)
"""

ADD_TO_CLASS_TORCH = """import torch
from torch import nn


def add_to_class(Class):
    def wrapper(obj):
        setattr(Class, obj.__name__, obj)

    return wrapper


class LinearRegression(nn.Module):
    def __init__(self, features):
        super().__init__()
        self.net = nn.Linear(features, 1)

    def forward(self, x):
        return self.net(x)


@add_to_class(LinearRegression)
def loss(self, y_hat, y):
    return ((y_hat - y) ** 2).mean()


@add_to_class(LinearRegression)
def configure_optimizers(self):
    return torch.optim.SGD(self.parameters(), lr=0.03)


model = LinearRegression(2)
optimizer = model.configure_optimizers()
x, y = torch.randn(10, 2), torch.randn(10, 1)
value = model.loss(model(x), y)
value.backward()
optimizer.step()
"""

VARS_OF_ARGS_TORCH = """import argparse

import torch
from torch import nn

parser = argparse.ArgumentParser()
parser.add_argument("--hidden", type=int, default=16)
args = parser.parse_args([])
print(vars(args), sorted(locals()))


class Net(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.fc = nn.Linear(8, hidden)

    def forward(self, x):
        return self.fc(x)


model = globals()["Net"](**vars(args))
print(model(torch.randn(4, 8)).shape)
"""

ADD_TO_CLASS_TENSORFLOW = """import argparse

import tensorflow as tf


def add_to_class(Class):
    def wrapper(obj):
        setattr(Class, obj.__name__, obj)

    return wrapper


class Classifier(tf.keras.Model):
    def __init__(self, classes):
        super().__init__()
        self.dense = tf.keras.layers.Dense(classes)

    def call(self, x):
        return self.dense(x)


@add_to_class(Classifier)
def loss(self, logits, labels):
    return tf.reduce_mean(
        tf.keras.losses.sparse_categorical_crossentropy(labels, logits, from_logits=True)
    )


parser = argparse.ArgumentParser()
parser.add_argument("--classes", type=int, default=3)
args = parser.parse_args([])
print(vars(args))
model = Classifier(**vars(args))
x = tf.random.normal((4, 5))
print(float(model.loss(model(x), tf.constant([0, 1, 2, 0]))))
"""

PROGRAMS = [
    Program(
        "add_to_class_numpy",
        "numpy",
        ADD_TO_CLASS_NUMPY,
    ),
    Program(
        "add_to_class_numpy_bug_in_added_method",
        "numpy",
        ADD_TO_CLASS_NUMPY,
        bug_inside="batch @ np.ones((4, 1)) => batch @ np.ones((3, 1))",
    ),
    Program("setattr_by_name_numpy", "numpy", SETATTR_BY_NAME_NUMPY),
    Program("attribute_from_outside_numpy", "numpy", ATTRIBUTE_FROM_OUTSIDE_NUMPY),
    Program(
        "attribute_from_outside_numpy_bug_in_added_method",
        "numpy",
        ATTRIBUTE_FROM_OUTSIDE_NUMPY,
        bug_inside="return x @ self.w => return x @ self.w.T",
    ),
    Program("vars_of_args_numpy", "numpy", VARS_OF_ARGS_NUMPY),
    Program("namespace_registry_numpy", "numpy", NAMESPACE_REGISTRY_NUMPY),
    Program("constant_key_write_numpy", "numpy", CONSTANT_KEY_WRITE_NUMPY),
    Program("unknown_write_numpy", "numpy", UNKNOWN_WRITE_NUMPY, has_twin=False),
    Program("add_to_class_torch", "torch", ADD_TO_CLASS_TORCH),
    Program("vars_of_args_torch", "torch", VARS_OF_ARGS_TORCH),
    Program("add_to_class_tensorflow", "tensorflow", ADD_TO_CLASS_TENSORFLOW),
]
