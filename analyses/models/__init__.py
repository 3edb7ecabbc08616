"""Library models for the interpreter: NumPy (``numpy``, ``numpy.linalg``, ``numpy.random``),
TensorFlow/Keras (``tensorflow``, ``keras``), PyTorch (``torch``), Horovod and
``torch.distributed`` (``horovod``), the shape annotations of tensorls, NumPy typing, jaxtyping
and torchtyping (with ``jaxtyping.jaxtyped``, ``beartype`` and ``typeguard`` as checking
decorators), ``os.environ``, ``os.getenv``, ``random.choice``, ``sys.exit`` and
``sys.version_info`` of the standard library, and ``six.PY2``/``six.PY3``.

Importing this package registers the models (module models, ``ndarray`` methods, the annotation
refiner and call contract) with :mod:`tensorls.analyses.interpreter.natives`; the interpreter
imports it once.
"""

from . import horovod as _horovod
from . import numpy as _numpy
from . import python_os as _python_os
from . import python_random as _python_random
from . import python_six as _python_six
from . import python_sys as _python_sys
from . import shape_hints as _shape_hints
from . import tensorflow as _tensorflow
from . import torch as _torch

_numpy.register()
_python_os.register()
_python_random.register()
_python_six.register()
_python_sys.register()
_shape_hints.register()
_tensorflow.register()
_torch.register()
_horovod.register()
