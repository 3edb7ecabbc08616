"""tensorls: a language server for Python machine-learning code.

Subpackages: :mod:`tensorls.analyses` (the pure analysis library), :mod:`tensorls.server` (the
LSP adapter), :mod:`tensorls.cli` (the ``tensorls`` command) and :mod:`tensorls.hints` (shape
annotations usable at run time).
"""

__version__ = "0.1.0"
