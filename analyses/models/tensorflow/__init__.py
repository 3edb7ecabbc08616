"""The TensorFlow 2 and Keras model: tensors, ``tf.*`` ops and Keras layers and models.

``register()`` binds the module models with
:func:`~tensorls.analyses.interpreter.natives.register_module_model`. The model never imports
TensorFlow; TensorFlow 2.12 is its oracle in the tests. Failures are reported in TensorFlow's own
words (:mod:`.messages`) only when they are certain and their message is known exactly.
"""

from . import module as _module


def register() -> None:
    """Register the TensorFlow and Keras module models."""
    _module.register()
