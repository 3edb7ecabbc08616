"""The model of distributed training libraries: Horovod (TensorFlow, Keras and PyTorch front ends)
and ``torch.distributed``: a process's rank and the run's size (``ranks``), the collective
operations recorded in each rank's collective trace (``collectives``, ``trace``) and the wrappers
that hide collectives (``wrappers``). The checks comparing the ranks' traces are in
``tensorls.analyses.ranks``.
"""

from .module import register

__all__ = ["register"]
