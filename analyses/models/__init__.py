"""Library models for the interpreter: NumPy (``numpy``, ``numpy.linalg``, ``numpy.random``),
TensorFlow/Keras (``tensorflow``, ``keras``), PyTorch (``torch``) and ``random.choice`` of the
standard library.

Importing this package registers the models (module models, ``ndarray`` methods and the
shape-hint annotation refiner) with :mod:`tensorls.analyses.interpreter.natives`; the interpreter
imports it once.
"""

from . import numpy as _numpy
from . import python_random as _python_random
from . import tensorflow as _tensorflow
from . import torch as _torch

_numpy.register()
_python_random.register()
_tensorflow.register()
_torch.register()
