"""Rank-aware checks of distributed training scripts (Horovod, ``torch.distributed``).

The module is interpreted as rank 0 and as a rank r >= 1 of a run of two or more processes
(``projections``); the collective traces the distribution models record are compared
(``checks``); conditions whose truth differs between the ranks mark the code one side only runs
(``conditions``); ``file_divergence`` compares the files and directories each rank creates,
writes and reads; ``program_text`` writes the script as one rank runs it.
"""

from .checks import RankCheck, check_ranks
from .projections import uses_distribution

__all__ = ["RankCheck", "check_ranks", "uses_distribution"]
