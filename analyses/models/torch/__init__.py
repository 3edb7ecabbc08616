"""The PyTorch model: tensors, ``torch.*`` functions, tensor methods and ``torch.nn.functional``'s
tensor ops.

``register()`` binds the module models with
:func:`~tensorls.analyses.interpreter.natives.register_module_model`. The model never imports
PyTorch; torch 2.13 (CPU) is its oracle in the tests. Failures are reported in PyTorch's own words
(:mod:`.messages`) only when they are certain and their message is known exactly.
"""

from . import module as _module


def register() -> None:
    """Register the PyTorch module models and tensor methods."""
    _module.register()
