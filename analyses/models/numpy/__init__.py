"""The NumPy model: ``numpy``, ``numpy.linalg``, ``numpy.random``, the ``ndarray`` methods and
operators, and ``numpy.matrix``.

Built on the framework-neutral shape algebra (:mod:`tensorls.analyses.arrays`) and the array values
and call machinery shared by every model (:mod:`tensorls.analyses.models.values`,
:mod:`tensorls.analyses.models.calls`). :func:`register` binds the modules through the
interpreter's natives interface.
"""

from .module import register

__all__ = ["register"]
