"""The frameworks' interpreters: NumPy runs under this test run's Python; TensorFlow and PyTorch
under their cached environments (the fixtures of ``tests/tensorflow`` and ``tests/torch``)."""

from __future__ import annotations

from tests.tensorflow.conftest import tf_python
from tests.torch.conftest import torch_python

__all__ = ["tf_python", "torch_python"]
