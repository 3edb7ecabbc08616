"""``tensorls check`` output for CI services: SARIF 2.1.0 and GitHub Actions workflow commands.

Both formats are built from the JSON records of ``check`` (see ``tensorls.cli``: 1-based
``line``/``column``/``end_line``/``end_column`` with an exclusive end column, ``severity``,
``code``, ``message``, ``related``, and for a notebook the cell fields ``cell``,
``execution_count``, ``cell_line``...).

SARIF (OASIS SARIF 2.1.0, :func:`sarif_log`): one run of the ``tensorls`` driver, a rule per
diagnostic code that occurs (``ruleIndex`` points at it), a result per diagnostic with its level
(error, warning, note for information and hints), one physical location and its related
locations. A relative path becomes a URI relative to ``%SRCROOT%`` (the working directory, in
``originalUriBaseIds``), as code-scanning services expect paths relative to the checkout.
Columns count Unicode code points (``columnKind``).

Notebooks: code-scanning services place a result on a line of the file as stored, and a
notebook is stored as JSON, so the region of a finding in a notebook is the line of the
``.ipynb`` text that holds the cell's source line (:class:`NotebookFileLines`; no columns, as
JSON escapes shift them), and the cell coordinates go in the region's ``properties``
(``cell``, ``cellLine``, ``cellColumn``, their ``end`` twins and ``executionCount``) and in a
logical location ``cell N`` of kind ``element`` (the cell is an element of the notebook's
``cells`` array; its ``fullyQualifiedName`` is the JSON pointer ``/cells/N-1``).

GitHub (:func:`github_commands`): one ``::error``/``::warning``/``::notice`` workflow command
per diagnostic, with ``file``, ``line``, ``endLine``, ``col`` and ``endColumn`` (only on a span
within one line, as GitHub's annotations take columns only there) and ``title`` (the code),
escaped as GitHub's toolkit (``@actions/core``, ``packages/core/src/command.ts``) escapes them:
``%``, CR and LF in the message, also ``:`` and ``,`` in properties. The related locations follow the message, one per line. A notebook
finding names the ``.ipynb`` line (as SARIF) and starts its message with the cell position.
"""

from __future__ import annotations

import bisect
import json
import json.decoder
import json.scanner
import re
from collections.abc import Mapping, Sequence
from pathlib import Path, PurePath
from urllib.parse import quote

from tensorls import __version__

SARIF_SCHEMA = (
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
)
SARIF_VERSION = "2.1.0"
SOURCE_ROOT = "%SRCROOT%"
"""The ``uriBaseId`` of relative paths: the working directory of the run."""

SARIF_LEVELS = {"error": "error", "warning": "warning", "information": "note", "hint": "note"}
GITHUB_COMMANDS = {
    "error": "error",
    "warning": "warning",
    "information": "notice",
    "hint": "notice",
}

Record = Mapping[str, object]


class _LocatedString(str):
    """A JSON string value and the offset of its opening quote in the document text."""

    offset: int


def _located_strings_decoder() -> json.JSONDecoder:
    """A JSON decoder whose string values (not object keys) are :class:`_LocatedString`."""
    decoder = json.JSONDecoder()

    def parse_string(text: str, end: int, strict: bool) -> tuple[str, int]:
        value, after = json.decoder.scanstring(text, end, strict)
        located = _LocatedString(value)
        located.offset = end - 1
        return located, after

    decoder.parse_string = parse_string  # type: ignore[attr-defined]
    decoder.scan_once = json.scanner.py_make_scanner(decoder)  # type: ignore[attr-defined]
    return decoder


class NotebookFileLines:
    """Which line of a notebook's JSON text holds each line of each cell's source.

    A cell's ``source`` is stored as one JSON string or as a list of strings (nbformat writes one
    per line, each on its own line of the file); a cell line starts in one of those strings and is
    placed on the file line of that string's opening quote.
    """

    def __init__(self, file_lines: dict[tuple[int, int], int]) -> None:
        self._file_lines = file_lines

    @staticmethod
    def of(text: str) -> NotebookFileLines | None:
        """The map of the notebook JSON ``text``; None when it is not a notebook's JSON."""
        try:
            document = _located_strings_decoder().decode(text)
        except (ValueError, RecursionError):
            return None
        cells = document.get("cells") if isinstance(document, dict) else None
        if not isinstance(cells, list):
            return None
        line_starts = [0] + [newline.end() for newline in re.finditer("\n", text)]

        def file_line(offset: int) -> int:
            return bisect.bisect_right(line_starts, offset)

        file_lines: dict[tuple[int, int], int] = {}
        for number, cell in enumerate(cells, start=1):
            source = cell.get("source") if isinstance(cell, dict) else None
            parts = [source] if isinstance(source, str) else source
            if not isinstance(parts, list):
                continue
            cell_line = 0
            for part in parts:
                if not isinstance(part, _LocatedString):
                    continue
                line = file_line(part.offset)
                breaks = part.count("\n")
                touched = breaks if part.endswith("\n") else breaks + 1
                for extra in range(touched):
                    file_lines.setdefault((number, cell_line + extra + 1), line)
                cell_line += breaks
        return NotebookFileLines(file_lines)

    def file_line(self, cell: int, cell_line: int) -> int | None:
        """The 1-based line of the file holding 1-based ``cell_line`` of 1-based ``cell``."""
        return self._file_lines.get((cell, cell_line))


# SARIF -------------------------------------------------------------------------------------


def _artifact_location(path: str) -> dict[str, object]:
    pure = PurePath(path)
    if pure.is_absolute():
        return {"uri": Path(path).as_uri()}
    return {"uri": quote(pure.as_posix()), "uriBaseId": SOURCE_ROOT}


def _int(record: Record, key: str) -> int:
    value = record[key]
    assert isinstance(value, int)
    return value


def _notebook_region(record: Record, lines: NotebookFileLines | None) -> dict[str, object]:
    """The region of a notebook record: the file lines of its cell lines, with the cell
    coordinates as properties (a file line that cannot be found falls back to line 1)."""
    start_cell, start_line = _int(record, "cell"), _int(record, "cell_line")
    end_cell, end_line = _int(record, "end_cell"), _int(record, "end_cell_line")
    start = lines.file_line(start_cell, start_line) if lines is not None else None
    end = lines.file_line(end_cell, end_line) if lines is not None else None
    region: dict[str, object] = {"startLine": start or 1}
    if start is not None and end is not None and end >= start:
        region["endLine"] = end
    region["properties"] = {
        "cell": start_cell,
        "cellLine": start_line,
        "cellColumn": record["cell_column"],
        "endCell": end_cell,
        "endCellLine": end_line,
        "endCellColumn": record["end_cell_column"],
        "executionCount": record["execution_count"],
    }
    return region


def _physical_location(
    record: Record, notebooks: Mapping[str, NotebookFileLines | None]
) -> dict[str, object]:
    path = str(record["path"])
    if "cell" in record:
        region = _notebook_region(record, notebooks.get(path))
    else:
        region = {
            "startLine": record["line"],
            "startColumn": record["column"],
            "endLine": record["end_line"],
            "endColumn": record["end_column"],
        }
    return {"artifactLocation": _artifact_location(path), "region": region}


def _cell_logical_location(record: Record) -> dict[str, object]:
    cell = _int(record, "cell")
    return {"name": f"cell {cell}", "fullyQualifiedName": f"/cells/{cell - 1}", "kind": "element"}


def _location(
    record: Record, notebooks: Mapping[str, NotebookFileLines | None]
) -> dict[str, object]:
    location: dict[str, object] = {"physicalLocation": _physical_location(record, notebooks)}
    if "cell" in record:
        location["logicalLocations"] = [_cell_logical_location(record)]
    return location


def sarif_log(
    records: Sequence[Record],
    notebooks: Mapping[str, NotebookFileLines | None],
    *,
    working_directory: Path,
    execution_successful: bool,
    statistics: Mapping[str, object] | None = None,
) -> dict[str, object]:
    """The SARIF 2.1.0 log of one ``check`` run: ``records`` are its JSON records, ``notebooks``
    the file-line maps of the notebooks among their paths, ``working_directory`` the folder
    relative paths are relative to, ``execution_successful`` False when a file was not read;
    ``statistics`` (``--statistics``) become the run's ``shapeStatistics`` property."""
    rule_index: dict[str, int] = {}
    results = []
    for record in records:
        code = str(record["code"])
        index = rule_index.setdefault(code, len(rule_index))
        related = record["related"]
        assert isinstance(related, list)
        result: dict[str, object] = {
            "ruleId": code,
            "ruleIndex": index,
            "level": SARIF_LEVELS[str(record["severity"])],
            "message": {"text": record["message"]},
            "locations": [_location(record, notebooks)],
        }
        if related:
            result["relatedLocations"] = [
                {"id": number, **_location(item, notebooks), "message": {"text": item["message"]}}
                for number, item in enumerate(related)
            ]
        results.append(result)
    rules = [
        {"id": code, "name": code, "shortDescription": {"text": f"tensorls {code}"}}
        for code in rule_index
    ]
    run: dict[str, object] = {
        "tool": {"driver": {"name": "tensorls", "version": __version__, "rules": rules}},
        "originalUriBaseIds": {SOURCE_ROOT: {"uri": working_directory.as_uri() + "/"}},
        "columnKind": "unicodeCodePoints",
        "invocations": [{"executionSuccessful": execution_successful}],
        "results": results,
    }
    if statistics is not None:
        run["properties"] = {"shapeStatistics": dict(statistics)}
    return {"$schema": SARIF_SCHEMA, "version": SARIF_VERSION, "runs": [run]}


# GitHub workflow commands ------------------------------------------------------------------


def escape_data(text: str) -> str:
    """A workflow command's message escaped as GitHub's toolkit does (``%``, CR, LF)."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """A workflow command's property value escaped as GitHub's toolkit does (``%``, CR, LF,
    ``:`` and ``,``)."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def _cell_position(record: Record) -> str:
    count = record["execution_count"]
    run = f" [{count}]" if count is not None else ""
    return f"cell {record['cell']}{run}, line {record['cell_line']}, column {record['cell_column']}"


def _text_location(record: Record) -> str:
    if "cell" in record:
        return f"{record['path']} {_cell_position(record)}"
    return f"{record['path']}:{record['line']}:{record['column']}"


def github_command(record: Record, notebooks: Mapping[str, NotebookFileLines | None]) -> str:
    """The workflow command annotating one ``check`` record (see the module docstring)."""
    path = str(record["path"])
    properties: list[tuple[str, object]] = [("file", path)]
    message = str(record["message"])
    if "cell" in record:
        lines = notebooks.get(path)
        line = lines.file_line(_int(record, "cell"), _int(record, "cell_line")) if lines else None
        properties.append(("line", line or 1))
        message = f"{_cell_position(record)}: {message}"
    else:
        properties += [("line", record["line"]), ("endLine", record["end_line"])]
        if record["line"] == record["end_line"]:
            properties += [("col", record["column"]), ("endColumn", record["end_column"])]
    properties.append(("title", f"tensorls {record['code']}"))
    related = record["related"]
    assert isinstance(related, list)
    for item in related:
        message += f"\n{_text_location(item)}: {item['message']}"
    rendered = ",".join(f"{name}={escape_property(str(value))}" for name, value in properties)
    return f"::{GITHUB_COMMANDS[str(record['severity'])]} {rendered}::{escape_data(message)}"


def github_commands(
    records: Sequence[Record], notebooks: Mapping[str, NotebookFileLines | None]
) -> list[str]:
    """One workflow command per ``check`` record."""
    return [github_command(record, notebooks) for record in records]


def sarif_text(log: Mapping[str, object]) -> str:
    """The SARIF log as the JSON text written to standard output."""
    return json.dumps(log, indent=2, ensure_ascii=False)
