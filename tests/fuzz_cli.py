"""The command line every fuzzer shares for a long run by hand (``python -m tests.<module>
--seconds N --seed S``); the suite calls the fuzzers with a short, fixed volume instead."""

from __future__ import annotations

import argparse


def fuzz_parser(description: str | None) -> argparse.ArgumentParser:
    """A parser of ``--seconds`` (how long to fuzz, default 60) and ``--seed`` (default 1), to
    which a fuzzer may add options of its own."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=1)
    return parser
