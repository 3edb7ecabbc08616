"""The server's user settings (section ``tensorls``) and their validation.

Settings come from ``workspace/configuration`` (re-read on ``workspace/didChangeConfiguration``)
and, key by key, fall back to the ``initializationOptions`` sent with ``initialize`` (an object
with the same keys as the section), then to the defaults. A value of the wrong type or out of
range is never used: it is reported as a problem and replaced by the default.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import attrs
from tensorls.analyses import AnalysisSettings

SECTION = "tensorls"
MODES = ("certain", "possible")
MAX_TIME_BUDGET_MS = 600_000
MAX_DEBOUNCE_MS = 10_000
MAX_EXTRA_PATHS = 64
MAX_PATH_LENGTH = 4096


@attrs.frozen
class ServerSettings:
    """Validated settings. Field names are the Python spelling of the camelCase keys."""

    mode: str = "certain"
    inlay_hints: bool = True
    time_budget_ms: int = 2000
    debounce_ms: int = 30
    extra_paths: tuple[str, ...] = attrs.field(default=(), converter=tuple)
    """More folders to resolve imports of project modules from (after the workspace folders)."""

    def analysis_settings(self) -> AnalysisSettings:
        """The part of the settings the analysis library sees."""
        return AnalysisSettings(mode=self.mode, time_budget_ms=self.time_budget_ms)

    def describe(self) -> str:
        """One line for the log, in the users' spelling."""
        return (
            f"mode={self.mode} inlayHints={str(self.inlay_hints).lower()} "
            f"timeBudgetMs={self.time_budget_ms} debounceMs={self.debounce_ms} "
            f"extraPaths={list(self.extra_paths)}"
        )


def _is_mode(value: object) -> bool:
    return value in MODES


def _is_bool(value: object) -> bool:
    return isinstance(value, bool)


def _int_checker(low: int, high: int) -> Callable[[object], bool]:
    def check(value: object) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high

    return check


def _is_path_list(value: object) -> bool:
    return (
        isinstance(value, list)
        and len(value) <= MAX_EXTRA_PATHS
        and all(isinstance(item, str) and 0 < len(item) <= MAX_PATH_LENGTH for item in value)
    )


@attrs.frozen
class _Key:
    name: str
    field: str
    accepts: Callable[[object], bool]
    expected: str


KEYS = (
    _Key("mode", "mode", _is_mode, "one of " + ", ".join(f'"{mode}"' for mode in MODES)),
    _Key("inlayHints", "inlay_hints", _is_bool, "true or false"),
    _Key(
        "timeBudgetMs",
        "time_budget_ms",
        _int_checker(1, MAX_TIME_BUDGET_MS),
        f"an integer from 1 to {MAX_TIME_BUDGET_MS}",
    ),
    _Key(
        "debounceMs",
        "debounce_ms",
        _int_checker(0, MAX_DEBOUNCE_MS),
        f"an integer from 0 to {MAX_DEBOUNCE_MS}",
    ),
    _Key(
        "extraPaths",
        "extra_paths",
        _is_path_list,
        f"a list of at most {MAX_EXTRA_PATHS} folder paths",
    ),
)
KNOWN_NAMES = frozenset(key.name for key in KEYS)


def _as_mapping(raw: object, origin: str, problems: list[str]) -> Mapping[str, Any]:
    if raw is None:
        return {}
    if isinstance(raw, Mapping):
        unknown = sorted(str(name) for name in raw if name not in KNOWN_NAMES)
        if unknown:
            problems.append(f"{origin}: ignoring unknown setting(s) {', '.join(unknown)}")
        return raw
    problems.append(f"{origin}: expected an object, got {type(raw).__name__}; ignored")
    return {}


def resolve_settings(configured: object, fallback: object) -> tuple[ServerSettings, list[str]]:
    """Merge the ``tensorls`` section ``configured`` over ``fallback`` (initializationOptions).

    Returns the settings and the problems found (one message per rejected value or unknown key),
    for the caller to log. Never raises.
    """
    problems: list[str] = []
    primary = _as_mapping(configured, f"{SECTION} settings", problems)
    secondary = _as_mapping(fallback, "initializationOptions", problems)
    defaults = ServerSettings()
    values: dict[str, object] = {}
    for key in KEYS:
        for origin, source in ((f"{SECTION}.{key.name}", primary), (key.name, secondary)):
            value = source.get(key.name)
            if value is None:
                continue
            if key.accepts(value):
                values[key.field] = value
            else:
                default = getattr(defaults, key.field)
                problems.append(
                    f"{origin}: invalid value {value!r} (expected {key.expected}); "
                    f"using the default {default!r}"
                )
                values[key.field] = default
            break
    return ServerSettings(**values), problems
