"""The reliability worker: analyses sources sent one per line and answers what it cost.

Run as ``python -m tests.reliability.worker``. Each request is a JSON object with ``source`` and
``time_budget_ms``; each answer gives the diagnostics, the analysing thread's CPU time, the wall
time and the growth of the process's peak resident set size since the worker started (after one
warm-up analysis, so that imports and models do not count).
"""

from __future__ import annotations

import json
import resource
import sys
import time

from tensorls.analyses import AnalysisSettings, analyse


def peak_resident_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    analyse("import numpy as np\nx = np.zeros((2, 3)) @ np.ones((3, 4))\ny = 'a' * 3\n")
    baseline = peak_resident_mb()
    for line in sys.stdin:
        request = json.loads(line)
        settings = AnalysisSettings(time_budget_ms=request["time_budget_ms"])
        wall, cpu = time.perf_counter(), time.thread_time()
        result = analyse(request["source"], settings)
        answer = {
            "cpu": time.thread_time() - cpu,
            "wall": time.perf_counter() - wall,
            "peak_growth_mb": peak_resident_mb() - baseline,
            "diagnostics": [
                {
                    "code": d.code,
                    "severity": d.severity.label,
                    "line": d.span.start.line + 1,
                    "message": d.message,
                }
                for d in result.diagnostics
            ],
        }
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
