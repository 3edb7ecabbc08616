"""The ``tensorls`` command line (also ``python -m tensorls``).

Each subcommand is one :class:`Subcommand` in :data:`SUBCOMMANDS`: a function that adds its
arguments to an ``argparse`` parser and a function that runs it and returns the exit status.
Adding a subcommand means writing those two functions and appending one entry.

Exit statuses: :data:`EXIT_OK`, :data:`EXIT_FINDINGS` (``check`` found an error-severity
diagnostic), :data:`EXIT_INTERNAL_ERROR` added to either when an internal error made ``check`` skip
part of a file (each printed on stderr; every other result is still reported) and
:data:`EXIT_USAGE` (bad arguments, or a file that could not be read, is not a
regular file, is larger than :data:`~tensorls.files.MAX_SOURCE_BYTES`, is not UTF-8 or, for
``*.ipynb``, is not an nbformat 4 notebook; the other files are still processed); a process whose
output reader has gone dies of ``SIGPIPE`` (:func:`end_on_broken_pipe`). A notebook is
analysed as its code cells joined into one module (:mod:`tensorls.analyses.notebooks`; a cell that
does not compile on its own binds nothing and reports its own error) and its findings are located
by cell (:func:`cell_fields`). Only ``serve`` imports pygls, and only the subcommands that analyse
import the interpreter and the library models (:func:`tensorls.analyses.analyse`). ``distribute -o`` replaces its output
file atomically (:func:`~tensorls.files.replace_file`).

The installed entry points (the ``tensorls`` script, ``python -m tensorls``, the editor clients'
launcher) go through :mod:`tensorls.launch`, which keeps the working directory off ``sys.path``;
:func:`main` itself leaves ``sys.path`` alone, so that it can be called in-process.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import signal
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from tensorls import __version__
from tensorls.analyses import AnalysisSettings, Diagnostic, Position, Severity, Span
from tensorls.analyses.notebooks import NotebookError, NotebookModule, notebook_module
from tensorls.analyses.workspace import Workspace
from tensorls.check_workers import (
    FILES_PER_WORKER,
    MAX_DEFAULT_JOBS,
    CheckRequest,
    check_workspace,
    checked_files,
    default_jobs,
)
from tensorls.ci_formats import NotebookFileLines, github_commands, sarif_log, sarif_text
from tensorls.files import (
    MAX_NOTEBOOK_BYTES,
    MAX_SOURCE_BYTES,
    FileProblem,
    find_python_files,
    read_source_bytes,
    replace_file,
)

if TYPE_CHECKING:
    from tensorls.analyses.coverage import ShapeCoverage

EXIT_OK = 0
EXIT_FINDINGS = 1
EXIT_USAGE = 2
EXIT_INTERNAL_ERROR = 4
"""Added to the status of ``check`` (4: no error found, 5: errors found) when an internal error
made the analysis skip part of a file."""


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
    """The text of the UTF-8 file ``path`` (a leading BOM dropped), or None after reporting why not.

    Only regular files up to :data:`~tensorls.files.MAX_SOURCE_BYTES` are read, notebooks up to
    :data:`~tensorls.files.MAX_NOTEBOOK_BYTES` (see :func:`~tensorls.files.read_source_bytes`).
    """
    try:
        data = read_source_bytes(
            path, MAX_NOTEBOOK_BYTES if is_notebook(path) else MAX_SOURCE_BYTES
        )
    except FileProblem as problem:
        report_problem(str(problem))
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
    from tensorls.server.early_initialize import log_warnings_on_stderr, serve_stdio

    log_warnings_on_stderr()
    if not arguments.tcp:
        serve_stdio()
    from tensorls.server.server import create_server

    create_server().start_tcp(arguments.host, arguments.port)
    return EXIT_OK


# notebooks ---------------------------------------------------------------------------------


def is_notebook(path: Path) -> bool:
    """True for a path read as a Jupyter notebook (``*.ipynb``)."""
    return path.suffix == ".ipynb"


def read_notebook(path: Path) -> NotebookModule | None:
    """The code cells of the notebook ``path`` as one module, or None after reporting why not."""
    text = read_source(path)
    return None if text is None else _notebook_of_text(path, text)


def _notebook_of_text(path: Path, text: str) -> NotebookModule | None:
    """The code cells of the notebook JSON ``text`` read from ``path`` as one module, or None
    after reporting why not."""
    try:
        notebook = notebook_module(text)
    except NotebookError as error:
        report_problem(f"{path} is not an nbformat 4 notebook: {error}; skipped")
        return None
    if len(notebook.source.encode("utf-8", "surrogatepass")) > MAX_SOURCE_BYTES:
        report_problem(
            f"{path}'s code cells are larger than {MAX_SOURCE_BYTES // (1024 * 1024)} MiB, the"
            " largest module tensorls analyses; skipped"
        )
        return None
    return notebook


def cell_fields(notebook: NotebookModule, span: Span) -> dict[str, object]:
    """Where ``span`` (module lines) is in the notebook's cells: 1-based ``cell`` (counting every
    cell, as editors do), its ``execution_count`` (null if never run), 1-based ``cell_line`` and
    ``cell_column`` and the same for the end; empty when the notebook has no code line."""
    start = notebook.location_of(span.start.line)
    end = notebook.location_of(span.end.line)
    if start is None or end is None:
        return {}
    return {
        "cell": start.cell,
        "execution_count": start.execution_count,
        "cell_line": start.line + 1,
        "cell_column": start.cell_character(span.start.character) + 1,
        "end_cell": end.cell,
        "end_cell_line": end.line + 1,
        "end_cell_column": end.cell_character(span.end.character) + 1,
    }


def add_cell_fields(
    record: dict[str, object], notebook: NotebookModule, diagnostic: Diagnostic
) -> None:
    """Add the :func:`cell_fields` of ``diagnostic`` to its JSON ``record``, and those of each
    related location to the record's ``related`` entries when it has them (in the same order);
    line references in their messages name cells (:meth:`NotebookModule.with_cell_lines`)."""
    record.update(cell_fields(notebook, diagnostic.span))
    record["message"] = notebook.with_cell_lines(diagnostic.message)
    if "related" not in record:
        return
    related = record["related"]
    assert isinstance(related, list)
    for entry, information in zip(related, diagnostic.related, strict=True):
        if information.module is not None:
            continue
        entry.update(cell_fields(notebook, information.span))
        entry["message"] = notebook.with_cell_lines(information.message)


def text_location(record: dict[str, object]) -> str:
    """``path:line:col`` of a record or related entry, or for a notebook
    ``path:cell N [count]:line:col`` in the cell."""
    if "cell" not in record:
        return f"{record['path']}:{record['line']}:{record['column']}"
    count = record["execution_count"]
    run = f" [{count}]" if count is not None else ""
    return (
        f"{record['path']}:cell {record['cell']}{run}:{record['cell_line']}:{record['cell_column']}"
    )


def _analysed_source(path: Path) -> tuple[str, NotebookModule | None, str] | None:
    """The module source of ``path`` (a notebook's code cells for ``*.ipynb``), the notebook,
    and the file's text."""
    text = read_source(path)
    if text is None:
        return None
    if not is_notebook(path):
        return text, None, text
    notebook = _notebook_of_text(path, text)
    return None if notebook is None else (notebook.source, notebook, text)


# check -------------------------------------------------------------------------------------


def _configure_check(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "paths", nargs="+", type=Path, metavar="PATH", help="files, notebooks or folders"
    )
    parser.add_argument(
        "--format",
        choices=("text", "json", "sarif", "github"),
        default="text",
        help="text (default), json, sarif (SARIF 2.1.0 for code scanning) or github (GitHub"
        " Actions workflow annotations)",
    )
    parser.add_argument(
        "--mode",
        choices=("certain", "possible"),
        default="certain",
        help="report only certain failures (default) or also possible ones",
    )
    _add_extra_paths(parser)
    parser.add_argument(
        "--jobs",
        "-j",
        type=_positive,
        default=None,
        metavar="N",
        help="analyse the files in N processes (default: one per core, at most"
        f" {MAX_DEFAULT_JOBS}, and one per {FILES_PER_WORKER} files); the output is the same",
    )
    parser.add_argument(
        "--statistics",
        action="store_true",
        help="also count the array and tensor expressions (NumPy, TensorFlow, PyTorch) whose "
        "shape was inferred (shape coverage)",
    )


def _add_extra_paths(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--extra-path",
        dest="extra_paths",
        action="append",
        type=Path,
        default=[],
        metavar="DIR",
        help="also resolve imports of project modules from DIR (repeatable)",
    )


def workspace_roots(folders: Sequence[Path], extra_paths: Sequence[Path]) -> tuple[str, ...]:
    """Where a ``check``/``hover`` run resolves imports after each analysed file's folder:
    ``folders`` (the folders given on the command line), then ``extra_paths``."""
    return tuple(str(folder) for folder in (*folders, *extra_paths))


def workspace_of(folders: Sequence[Path], extra_paths: Sequence[Path]) -> Workspace:
    """The workspace of a ``check``/``hover`` run (``check_workers.check_workspace``)."""
    return check_workspace(workspace_roots(folders, extra_paths))


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
            {
                **_location(path if item.module is None else Path(item.module), item.span),
                "message": item.message,
            }
            for item in diagnostic.related
        ],
    }


def _print_text(record: dict[str, object]) -> None:
    """``path:line:column: severity code message``, then one indented line per related location."""
    print(f"{text_location(record)}: {record['severity']} {record['code']} {record['message']}")
    related = record["related"]
    assert isinstance(related, list)
    for item in related:
        print(f"    {text_location(item)}: {item['message']}")


def _coverage_record(coverage: ShapeCoverage) -> dict[str, object]:
    from tensorls.analyses.coverage import LIBRARIES

    return {
        "expressions": coverage.expressions,
        "arrays": coverage.arrays,
        "known_rank": coverage.known_rank,
        "known_shape": coverage.known_shape,
        "unknown": coverage.unknown,
        "by_library": dict(zip(LIBRARIES, coverage.by_library, strict=True)),
    }


def _print_coverage(coverage: ShapeCoverage, files: int) -> None:
    """The ``--statistics`` summary of the text format."""
    from tensorls.analyses.coverage import LIBRARIES

    share = 100.0 * coverage.known_shape / coverage.arrays if coverage.arrays else 0.0
    libraries = ", ".join(
        f"{name} {count}" for name, count in zip(LIBRARIES, coverage.by_library, strict=True)
    )
    print(
        f"shape statistics: {files} files, {coverage.expressions} expressions reached, "
        f"{coverage.arrays} array and tensor expressions ({libraries}), "
        f"{coverage.known_shape} with a known shape ({share:.1f}%), {coverage.known_rank} with a "
        f"known rank, {coverage.unknown} expressions of unknown value"
    )


def _run_check(arguments: argparse.Namespace) -> int:
    from tensorls.analyses.coverage import ShapeCoverage

    settings = AnalysisSettings(mode=arguments.mode)
    records: list[dict[str, object]] = []
    found = find_python_files(arguments.paths)
    for problem in found.problems:
        report_problem(problem)
    unreadable = bool(found.problems)
    found_error = False
    internal = False
    logging.getLogger("tensorls.analyses").addHandler(logging.NullHandler())
    coverage = ShapeCoverage()
    files = 0
    roots = workspace_roots(
        [path for path in arguments.paths if path.is_dir()], arguments.extra_paths
    )
    notebook_lines: dict[str, NotebookFileLines | None] = {}
    readable: list[tuple[Path, NotebookModule | None]] = []
    requests: list[CheckRequest] = []
    for path in found.files:
        analysed = _analysed_source(path)
        if analysed is None:
            unreadable = True
            continue
        source, notebook, text = analysed
        if notebook is not None and arguments.format in ("sarif", "github"):
            notebook_lines[str(path)] = NotebookFileLines.of(text)
        readable.append((path, notebook))
        requests.append(
            CheckRequest(
                source,
                settings if notebook is None else replace(settings, cells_compiled=True),
                str(path),
                arguments.statistics,
            )
        )
    jobs = arguments.jobs if arguments.jobs is not None else default_jobs(len(requests))
    outcomes = checked_files(requests, roots, jobs)
    for (path, notebook), outcome in zip(readable, outcomes, strict=True):
        if outcome.coverage is not None:
            coverage = coverage + outcome.coverage
            files += 1
        found_diagnostics = outcome.diagnostics
        if notebook is not None:
            found_diagnostics = (*notebook.cell_syntax_errors, *found_diagnostics)
        diagnostics = sorted(
            (d for d in found_diagnostics if not d.unnecessary), key=lambda d: d.span
        )
        for internal_error in outcome.internal_errors:
            internal = True
            report_problem(
                f"{path}:{internal_error.position.line + 1}:{internal_error.position.character + 1}:"
                f" internal error, this part is not analysed (every other result is reported):"
                f" {internal_error.description}"
            )
        for diagnostic in diagnostics:
            found_error = found_error or diagnostic.severity == Severity.ERROR
            record = _diagnostic_record(path, diagnostic)
            if notebook is not None:
                add_cell_fields(record, notebook, diagnostic)
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
    elif arguments.format == "sarif":
        log = sarif_log(
            records,
            notebook_lines,
            working_directory=Path.cwd(),
            execution_successful=not unreadable,
            statistics=(
                {"files": files, **_coverage_record(coverage)} if arguments.statistics else None
            ),
        )
        print(sarif_text(log))
    elif arguments.format == "github":
        for command in github_commands(records, notebook_lines):
            print(command)
    if arguments.statistics and arguments.format in ("text", "github"):
        _print_coverage(coverage, files)
    if unreadable:
        return EXIT_USAGE
    return (EXIT_FINDINGS if found_error else EXIT_OK) + (EXIT_INTERNAL_ERROR if internal else 0)


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
    _add_extra_paths(parser)
    parser.add_argument(
        "--cell",
        type=_positive,
        metavar="N",
        help="for a notebook: LINE and COL are in its 1-based cell N (counting every cell)",
    )


def _notebook_position(notebook: NotebookModule, arguments: argparse.Namespace) -> Position | None:
    """The module position of the hover arguments (in cell ``--cell`` when given)."""
    if arguments.cell is None:
        return Position(arguments.line - 1, arguments.column - 1)
    line = notebook.module_line(arguments.cell, arguments.line - 1)
    if line is None:
        report_problem(
            f"{arguments.path} has no code line {arguments.line} in cell {arguments.cell}"
        )
        return None
    dropped = notebook.line_origins[line].dropped_characters
    return Position(line, max(0, arguments.column - 1 - dropped))


def _run_hover(arguments: argparse.Namespace) -> int:
    from tensorls.analyses import analyse

    if arguments.cell is not None and not is_notebook(arguments.path):
        report_problem(f"--cell applies to notebooks (*.ipynb), not to {arguments.path}")
        return EXIT_USAGE
    analysed = _analysed_source(arguments.path)
    if analysed is None:
        return EXIT_USAGE
    source, notebook, _text = analysed
    position = (
        Position(arguments.line - 1, arguments.column - 1)
        if notebook is None
        else _notebook_position(notebook, arguments)
    )
    if position is None:
        return EXIT_USAGE
    workspace = workspace_of([], arguments.extra_paths)
    settings = AnalysisSettings(cells_compiled=notebook is not None)
    fact = analyse(source, settings, workspace=workspace, path=str(arguments.path)).hover_at(
        position
    )
    if fact is not None:
        print(fact.plaintext if notebook is None else notebook.with_cell_lines(fact.plaintext))
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
        report_problem(
            f"{arguments.path} already uses Horovod (or torch.distributed); nothing to do"
        )
    for note in distribution.notes:
        record = _diagnostic_record(arguments.path, note)
        print(
            f"{record['path']}:{record['line']}:{record['column']}: note: {record['message']}",
            file=sys.stderr,
        )
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
            replace_file(arguments.output, distribution.new_source)
        except OSError as error:
            report_problem(f"cannot write {arguments.output}: {error.strerror or error}")
            return EXIT_USAGE
    elif not arguments.diff:
        sys.stdout.write(distribution.new_source)
    return EXIT_OK


# project -----------------------------------------------------------------------------------


def _rank(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a rank from 0 up, got {text}")
    return value


def _configure_project(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", type=Path, metavar="FILE", help="a distributed training script")
    parser.add_argument(
        "--rank",
        type=_rank,
        default=0,
        metavar="R",
        help="the rank whose program to print (default 0; every R >= 1 gives the program of"
        " a rank other than 0)",
    )


def _run_project(arguments: argparse.Namespace) -> int:
    """Print FILE as rank R runs it: rank-dependent conditions decided, dead branches removed."""
    from tensorls.analyses.ranks.program_text import projected_program

    source = read_source(arguments.path)
    if source is None:
        return EXIT_USAGE
    try:
        sys.stdout.write(projected_program(source, arguments.rank))
    except (SyntaxError, ValueError, RecursionError) as error:
        report_problem(f"{arguments.path} cannot be projected: {error}")
        return EXIT_USAGE
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
    Subcommand(
        "project",
        "print a distributed script as one rank runs it",
        _configure_project,
        _run_project,
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
    """Run the command line; returns the exit status (usage errors give :data:`EXIT_USAGE`).

    Run from the command line (``argv`` None), ``check`` and ``hover`` end the process as soon as
    their output is flushed: freeing the objects of a large analysis at interpreter shutdown can
    take a third of the analysis's time budget, and only returns memory to a process about to end.
    When the reader of the output goes away (``tensorls check . | head -1``), the process ends as
    Unix tools do (:func:`end_on_broken_pipe`), without a traceback.
    """
    try:
        arguments = build_parser().parse_args(argv)
    except SystemExit as exit_request:
        code = exit_request.code
        return code if isinstance(code, int) else EXIT_USAGE
    try:
        status = int(arguments.run(arguments))
        if argv is None:
            sys.stdout.flush()
            sys.stderr.flush()
    except BrokenPipeError:
        if argv is not None:
            raise
        end_on_broken_pipe()
    if argv is None and arguments.command in ("check", "hover"):
        os._exit(status)
    return status


EXIT_BROKEN_PIPE = 128 + 13
"""The status a shell reports for a process killed by ``SIGPIPE`` (signal 13)."""


def end_on_broken_pipe() -> NoReturn:
    """End the process as a Unix tool does when the reader of its output has gone: killed by the
    default action of ``SIGPIPE`` (which Python ignores), so nothing more is written or flushed
    and no traceback is printed; where there is no ``SIGPIPE``, :data:`EXIT_BROKEN_PIPE` at once."""
    pipe_signal = getattr(signal, "SIGPIPE", None)
    if pipe_signal is not None:
        signal.signal(pipe_signal, signal.SIG_DFL)
        os.kill(os.getpid(), pipe_signal)
    os._exit(EXIT_BROKEN_PIPE)
