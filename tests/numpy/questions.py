"""Shape bugs in the style of public questions (functions, classes, loops), with their fixes.

Each program runs under real NumPy in a fraction of a second; the test compares the analysis with
what NumPy does: the line and message of the failure, or no diagnostic when the program runs. The
groups follow issue 20 (float ranges, loop indices, unmodelled APIs, shapes changing across
iterations, arrays through containers, value-dependent shapes).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Question:
    group: str
    name: str
    source: str


QUESTIONS: list[Question] = [
    Question(
        "float-ranges",
        "time-grid-off-by-one",
        """import numpy as np

def simulate(T, dt):
    t = np.arange(0, T, dt)
    x = np.zeros(int(T / dt) + 1)
    return t * x

simulate(1.0, 0.01)
""",
    ),
    Question(
        "float-ranges",
        "time-grid-fixed",
        """import numpy as np

def simulate(T, dt):
    t = np.arange(0, T, dt)
    x = np.zeros(len(t))
    return t * x

simulate(1.0, 0.01)
""",
    ),
    Question(
        "float-ranges",
        "arange-rounding-gives-an-extra-point",
        """import numpy as np

x = np.arange(1.0, 1.3, 0.1)
y = np.array([10.0, 20.0, 30.0])
print(x + y)
""",
    ),
    Question(
        "float-ranges",
        "linspace-against-arange",
        """import numpy as np

class Grid:
    def __init__(self, start, stop, step):
        self.xs = np.arange(start, stop, step)
        self.ys = np.linspace(start, stop, 21)

    def table(self):
        return np.column_stack([self.xs, self.ys])

Grid(0.0, 2.0, 0.1).table()
""",
    ),
    Question(
        "float-ranges",
        "linspace-against-arange-fixed",
        """import numpy as np

class Grid:
    def __init__(self, start, stop, step):
        self.xs = np.arange(start, stop, step)
        self.ys = np.linspace(start, stop, len(self.xs))

    def table(self):
        return np.column_stack([self.xs, self.ys])

Grid(0.0, 2.0, 0.1).table()
""",
    ),
    Question(
        "loop-indices",
        "forward-difference",
        """import numpy as np

def forward_difference(values):
    n = len(values)
    out = np.zeros(n)
    for i in range(n):
        out[i] = values[i + 1] - values[i]
    return out

forward_difference(np.array([1.0, 4.0, 9.0, 16.0]))
""",
    ),
    Question(
        "loop-indices",
        "forward-difference-fixed",
        """import numpy as np

def forward_difference(values):
    n = len(values)
    out = np.zeros(n - 1)
    for i in range(n - 1):
        out[i] = values[i + 1] - values[i]
    return out

forward_difference(np.array([1.0, 4.0, 9.0, 16.0]))
""",
    ),
    Question(
        "loop-indices",
        "inclusive-range",
        """import numpy as np

scores = np.zeros(10)
for k in range(len(scores) + 1):
    scores[k] = k * k
""",
    ),
    Question(
        "loop-indices",
        "one-based-loop",
        """import numpy as np

class Histogram:
    def __init__(self, bins):
        self.counts = np.zeros(bins, dtype=int)

    def fill(self):
        for b in range(1, len(self.counts) + 1):
            self.counts[b] += 1

Histogram(5).fill()
""",
    ),
    Question(
        "loop-indices",
        "early-break-is-not-certain",
        """import numpy as np

def first_negative(values, limit):
    out = np.zeros(4)
    for i in range(6):
        if values[i] < limit:
            break
        out[i] = values[i]
    return out

first_negative(np.array([1.0, 2.0, -1.0, 3.0, 4.0, 5.0]), 0.0)
""",
    ),
    Question(
        "changing-shapes",
        "weights-of-different-shapes",
        """import numpy as np

def forward(x, weights):
    h = x
    for W in weights:
        h = np.tanh(h @ W)
    return h

forward(np.ones((2, 3)), [np.ones((3, 4)), np.ones((5, 2))])
""",
    ),
    Question(
        "changing-shapes",
        "weights-of-different-shapes-fixed",
        """import numpy as np

def forward(x, weights):
    h = x
    for W in weights:
        h = np.tanh(h @ W)
    return h

forward(np.ones((2, 3)), [np.ones((3, 4)), np.ones((4, 2))])
""",
    ),
    Question(
        "changing-shapes",
        "second-pass-of-a-while",
        """import numpy as np

x = np.ones((4, 4))
step = 0
while step < 3:
    x = x[:, :2] @ np.ones((4, 4))
    step += 1
""",
    ),
    Question(
        "changing-shapes",
        "layers-as-instances",
        """import numpy as np

class Layer:
    def __init__(self, n_in, n_out):
        self.W = np.random.randn(n_in, n_out)
        self.b = np.zeros(n_out)

    def forward(self, x):
        return x @ self.W + self.b

layers = [Layer(3, 8), Layer(4, 2)]
out = np.random.randn(5, 3)
for layer in layers:
    mask = np.array([v > 0 for v in range(3)])
    out = layer.forward(out)
""",
    ),
    Question(
        "changing-shapes",
        "layers-as-instances-fixed",
        """import numpy as np

class Layer:
    def __init__(self, n_in, n_out):
        self.W = np.random.randn(n_in, n_out)
        self.b = np.zeros(n_out)

    def forward(self, x):
        return x @ self.W + self.b

layers = [Layer(3, 8), Layer(8, 2)]
out = np.random.randn(5, 3)
for layer in layers:
    mask = np.array([v > 0 for v in range(3)])
    out = layer.forward(out)
""",
    ),
    Question(
        "changing-shapes",
        "early-return-on-a-known-shape",
        """import numpy as np

def forward(x, weights, stop):
    h = x
    for W in weights:
        if stop(h):
            return h
        h = h @ W
    return h

forward(np.ones((2, 3)), [np.ones((3, 4)), np.ones((3, 2))], lambda h: h.shape[1] == 4)
""",
    ),
    Question(
        "unmodelled-apis",
        "torque-with-homogeneous-coordinates",
        """import numpy as np

def torque(points, forces):
    return np.cross(points, forces)

r = np.array([[1.0, 0.0, 0.0, 1.0], [0.0, 1.0, 0.0, 1.0]])
F = np.array([[0.0, 0.0, 1.0], [1.0, 0.0, 0.0]])
torque(r, F)
""",
    ),
    Question(
        "unmodelled-apis",
        "torque-fixed",
        """import numpy as np

def torque(points, forces):
    return np.cross(points, forces)

r = np.array([[1.0, 0.0, 0.0, 1.0], [0.0, 1.0, 0.0, 1.0]])
F = np.array([[0.0, 0.0, 1.0], [1.0, 0.0, 0.0]])
torque(r[:, :3], F).sum(axis=1)
""",
    ),
    Question(
        "unmodelled-apis",
        "matrix-row-times-row",
        """import numpy as np

weights = np.matrix([0.2, 0.5, 0.3])
returns = np.matrix([[0.01, 0.02, -0.01], [0.03, 0.0, 0.01]])
portfolio = returns * weights.T
risk = weights * returns
""",
    ),
    Question(
        "unmodelled-apis",
        "meshgrid-axes-swapped",
        """import numpy as np

x = np.linspace(0, 1, 50)
y = np.linspace(0, 2, 30)
X, Y = np.meshgrid(x, y)
Z = X ** 2 + Y
profile = Z[:, 0] + x
""",
    ),
    Question(
        "containers",
        "random-choice-of-kernels",
        """import random
import numpy as np

class Augmenter:
    def __init__(self):
        self.kernels = [np.ones((3, 3)) / 9.0, np.eye(3)]

    def apply(self, patch):
        kernel = random.choice(self.kernels)
        return kernel @ patch

Augmenter().apply(np.ones((4, 4)))
""",
    ),
    Question(
        "containers",
        "random-choice-of-kernels-fixed",
        """import random
import numpy as np

class Augmenter:
    def __init__(self):
        self.kernels = [np.ones((3, 3)) / 9.0, np.eye(3)]

    def apply(self, patch):
        kernel = random.choice(self.kernels)
        return kernel @ patch

Augmenter().apply(np.ones((3, 4)))
""",
    ),
    Question(
        "containers",
        "nested-comprehension-table",
        """import numpy as np

def multiplication_table(n):
    return np.array([[i * j for j in range(n)] for i in range(n + 1)])

table = multiplication_table(4)
table @ np.ones(5)
""",
    ),
    Question(
        "containers",
        "features-from-a-comprehension-over-an-array",
        """import numpy as np

xs = np.linspace(0.0, 1.0, 8)
features = np.array([[x, x ** 2, x ** 3] for x in xs])
weights = np.ones(2)
features @ weights
""",
    ),
    Question(
        "value-dependent",
        "class-split-with-a-known-mask",
        """import numpy as np

def split(X, y):
    return X[y == 1], X[y == 0]

X = np.random.rand(6, 4)
y = np.array([1, 0, 1, 1, 0, 1])
positives, negatives = split(X, y)
difference = positives - negatives
""",
    ),
    Question(
        "value-dependent",
        "indices-from-a-constant-array",
        """import numpy as np

order = np.array([2, 0, 1, 3])
scores = np.array([0.5, 0.1, 0.9])
ranked = scores[order[3]]
""",
    ),
    Question(
        "value-dependent",
        "indices-from-a-constant-array-fixed",
        """import numpy as np

order = np.array([2, 0, 1])
scores = np.array([0.5, 0.1, 0.9])
ranked = scores[order] + scores[order[0]]
""",
    ),
]
