"""The ``tensorls`` command line (also ``python -m tensorls``).

Each subcommand is one :class:`Subcommand` in :data:`SUBCOMMANDS`: a function that adds its
arguments to an ``argparse`` parser and a function that runs it and returns the exit status.
Adding a subcommand means writing those two functions and appending one entry.

Exit statuses: :data:`EXIT_OK`, :data:`EXIT_FINDINGS` (``check`` found an error-severity
diagnostic) and :data:`EXIT_USAGE` (bad arguments, or a file that could not be read or is not
UTF-8; the other files are still processed). Only ``serve`` imports pygls.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from tensorls import __version__
from tensorls.analyses import (
    AnalysisSettings,
    Diagnostic,
    Position,
    Severity,
    Span,
    analyse,
)
from tensorls.analyses.coverage import ShapeCoverage, shape_coverage

EXIT_OK = 0
EXIT_FINDINGS = 1
EXIT_USAGE = 2


@dataclass(frozen=True)
class Subcommand:
    """One ``tensorls NAME ...`` subcommand."""

    name: str
    summary: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


def report_problem(message: str) -> None:
    """Print a problem with the user's input on stderr, prefixed with the program name."""
    print(f"tensorls: {message}", file=sys.stderr)


def read_source(path: Path) -> str | None:
    """The text of the UTF-8 file ``path`` (a leading BOM dropped), or None after reporting why not."""
    try:
        data = path.read_bytes()
    except OSError as error:
        report_problem(f"cannot read {path}: {error.strerror or error}")
        return None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        report_problem(
            f"{path} is not UTF-8 (invalid byte 0x{data[error.start]:02x} at offset {error.start});"
            " skipped"
        )
        return None


# serve -------------------------------------------------------------------------------------


def _configure_serve(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--tcp", action="store_true", help="listen on TCP instead of stdio")
    parser.add_argument("--host", default="127.0.0.1", help="TCP host (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=2087, help="TCP port (default 2087)")


def _run_serve(arguments: argparse.Namespace) -> int:
    import logging

    from tensorls.server.server import create_server

    stderr = logging.StreamHandler(sys.stderr)
    stderr.setLevel(logging.WARNING)
    stderr.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    logging.getLogger().addHandler(stderr)
    server = create_server()
    if arguments.tcp:
        server.start_tcp(arguments.host, arguments.port)
    else:
        server.start_io()
    return EXIT_OK


# check -------------------------------------------------------------------------------------


def _configure_check(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="+", type=Path, metavar="PATH", help="files or folders")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument(
        "--mode",
        choices=("certain", "possible"),
        default="certain",
        help="report only certain failures (default) or also possible ones",
    )
    parser.add_argument(
        "--statistics",
        action="store_true",
        help="also count the array expressions whose shape was inferred (shape coverage)",
    )


def python_files(paths: Sequence[Path]) -> Iterator[Path]:
    """The given files, and the ``*.py`` files under the given folders (hidden folders skipped).

    A path that does not exist is yielded as is, so that reading it reports the problem.
    """
    for path in paths:
        if not path.is_dir():
            yield path
            continue
        for candidate in sorted(path.rglob("*.py")):
            relative = candidate.relative_to(path).parts[:-1]
            if any(part.startswith(".") or part == "__pycache__" for part in relative):
                continue
            if candidate.is_file():
                yield candidate


def _location(path: Path, span: Span) -> dict[str, object]:
    """A span of ``path`` as 1-based lines and columns (columns in characters)."""
    return {
        "path": str(path),
        "line": span.start.line + 1,
        "column": span.start.character + 1,
        "end_line": span.end.line + 1,
        "end_column": span.end.character + 1,
    }


def _diagnostic_record(path: Path, diagnostic: Diagnostic) -> dict[str, object]:
    """A diagnostic as JSON: its location, severity, code and message, and ``related``: the
    secondary locations (where an operand's shape was established, "called from here" ...)."""
    return {
        **_location(path, diagnostic.span),
        "severity": diagnostic.severity.label,
        "code": diagnostic.code,
        "message": diagnostic.message,
        "related": [
            {**_location(path, item.span), "message": item.message} for item in diagnostic.related
        ],
    }


def _print_text(record: dict[str, object]) -> None:
    """``path:line:column: severity code message``, then one indented line per related location."""
    print(
        f"{record['path']}:{record['line']}:{record['column']}: "
        f"{record['severity']} {record['code']} {record['message']}"
    )
    related = record["related"]
    assert isinstance(related, list)
    for item in related:
        print(f"    {item['path']}:{item['line']}:{item['column']}: {item['message']}")


def _coverage_record(coverage: ShapeCoverage) -> dict[str, object]:
    return {
        "expressions": coverage.expressions,
        "arrays": coverage.arrays,
        "known_rank": coverage.known_rank,
        "known_shape": coverage.known_shape,
        "unknown": coverage.unknown,
    }


def _print_coverage(coverage: ShapeCoverage, files: int) -> None:
    """The ``--statistics`` summary of the text format."""
    share = 100.0 * coverage.known_shape / coverage.arrays if coverage.arrays else 0.0
    print(
        f"shape statistics: {files} files, {coverage.expressions} expressions reached, "
        f"{coverage.arrays} array expressions, {coverage.known_shape} with a known shape "
        f"({share:.1f}%), {coverage.known_rank} with a known rank, {coverage.unknown} "
        "expressions of unknown value"
    )


def _run_check(arguments: argparse.Namespace) -> int:
    settings = AnalysisSettings(mode=arguments.mode)
    records: list[dict[str, object]] = []
    unreadable = False
    found_error = False
    coverage = ShapeCoverage()
    files = 0
    for path in python_files(arguments.paths):
        source = read_source(path)
        if source is None:
            unreadable = True
            continue
        result = analyse(source, settings)
        if arguments.statistics:
            coverage = coverage + shape_coverage(result)
            files += 1
        diagnostics = sorted(result.diagnostics, key=lambda d: d.span)
        for diagnostic in diagnostics:
            found_error = found_error or diagnostic.severity == Severity.ERROR
            record = _diagnostic_record(path, diagnostic)
            records.append(record)
            if arguments.format == "text":
                _print_text(record)
    if arguments.format == "json":
        output: object = records
        if arguments.statistics:
            output = {
                "diagnostics": records,
                "statistics": {"files": files, **_coverage_record(coverage)},
            }
        print(json.dumps(output, indent=2, ensure_ascii=False))
    elif arguments.statistics:
        _print_coverage(coverage, files)
    if unreadable:
        return EXIT_USAGE
    return EXIT_FINDINGS if found_error else EXIT_OK


# hover -------------------------------------------------------------------------------------


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number from 1 up, got {text}")
    return value


def _configure_hover(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", type=Path, metavar="PATH")
    parser.add_argument("line", type=_positive, metavar="LINE", help="1-based line")
    parser.add_argument(
        "column", type=_positive, metavar="COL", help="1-based column in characters (code points)"
    )


def _run_hover(arguments: argparse.Namespace) -> int:
    source = read_source(arguments.path)
    if source is None:
        return EXIT_USAGE
    result = analyse(source)
    fact = result.hover_at(Position(arguments.line - 1, arguments.column - 1))
    if fact is not None:
        print(fact.plaintext)
    return EXIT_OK


# distribute --------------------------------------------------------------------------------


def _configure_distribute(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", type=Path, metavar="FILE", help="a single-device TF2 script")
    parser.add_argument("-o", "--output", type=Path, metavar="OUT", help="write the result here")
    parser.add_argument("--diff", action="store_true", help="print a unified diff instead")


def _run_distribute(arguments: argparse.Namespace) -> int:
    """Print (or write to ``-o``) the Horovod version of FILE; exit 1 listing what blocks it."""
    import difflib

    from tensorls.analyses.horovod import distribute

    source = read_source(arguments.path)
    if source is None:
        return EXIT_USAGE
    distribution = distribute(source)
    if distribution.blocking:
        report_problem(f"{arguments.path} cannot be distributed with Horovod:")
        for diagnostic in distribution.blocking:
            record = _diagnostic_record(arguments.path, diagnostic)
            print(
                f"{record['path']}:{record['line']}:{record['column']}: "
                f"{record['code']} {record['message']}",
                file=sys.stderr,
            )
        return EXIT_FINDINGS
    if distribution.already_distributed:
        report_problem(f"{arguments.path} already uses Horovod; nothing to do")
    if arguments.diff:
        name = str(arguments.path)
        sys.stdout.writelines(
            difflib.unified_diff(
                source.splitlines(keepends=True),
                distribution.new_source.splitlines(keepends=True),
                fromfile=name,
                tofile=str(arguments.output or name),
            )
        )
    if arguments.output is not None:
        try:
            arguments.output.write_text(distribution.new_source, encoding="utf-8", newline="")
        except OSError as error:
            report_problem(f"cannot write {arguments.output}: {error.strerror or error}")
            return EXIT_USAGE
    elif not arguments.diff:
        sys.stdout.write(distribution.new_source)
    return EXIT_OK


SUBCOMMANDS: list[Subcommand] = [
    Subcommand("serve", "run the language server (stdio by default)", _configure_serve, _run_serve),
    Subcommand("check", "print the diagnostics of files and folders", _configure_check, _run_check),
    Subcommand("hover", "print what hover shows at a position", _configure_hover, _run_hover),
    Subcommand(
        "distribute",
        "rewrite a single-device TF2 script for Horovod",
        _configure_distribute,
        _run_distribute,
    ),
]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tensorls",
        description="Tensor-shape errors, inferred shapes and a Horovod rewrite for Python ML code.",
    )
    parser.add_argument("--version", action="version", version=f"tensorls {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for subcommand in SUBCOMMANDS:
        subparser = commands.add_parser(
            subcommand.name, help=subcommand.summary, description=subcommand.summary
        )
        subcommand.configure(subparser)
        subparser.set_defaults(run=subcommand.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (usage errors give :data:`EXIT_USAGE`)."""
    try:
        arguments = build_parser().parse_args(argv)
    except SystemExit as exit_request:
        code = exit_request.code
        return code if isinstance(code, int) else EXIT_USAGE
    return int(arguments.run(arguments))
