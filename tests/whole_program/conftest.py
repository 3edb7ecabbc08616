"""The real frameworks' interpreters for the split-semantics check: the same session fixtures as
the TensorFlow and PyTorch oracles (and the same rules for a missing environment)."""

from tests.tensorflow.conftest import tf_python  # noqa: F401
from tests.torch.conftest import torch_python  # noqa: F401
