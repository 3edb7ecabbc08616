"""When two document URIs name the same resource.

Synchronisation is keyed by the exact URI string: the client owns its buffers, so a document
opened as ``file:///w/pA.py`` and one opened as ``file:///w/p%41.py`` are two buffers with their
own versions and edits, and an edit of one never lands in the other. Diagnostics are published
under the string the client opened.

Requests are lenient: a request naming a URI that is not open under that exact string is served
by the open document whose URI is equivalent, if there is exactly one (LSP warns that the two
sides may encode URIs differently). Equivalence is RFC 3986 syntax-based normalisation
(case-insensitive scheme and authority, percent-encoding of unreserved characters undone, hex
digits of the other escapes in upper case); for ``file`` URIs the path is compared fully
decoded, with the drive letter of a Windows path in lower case (VS Code sends
``file:///c%3A/x.py`` for ``file:///C:/x.py``).
"""

from __future__ import annotations

import re
from urllib.parse import unquote, urlsplit

_ESCAPE = re.compile(r"%([0-9A-Fa-f]{2})")
_UNRESERVED = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
_DRIVE = re.compile(r"/([A-Za-z]):")


def _normalise_escapes(component: str) -> str:
    def normalise(match: re.Match[str]) -> str:
        char = chr(int(match.group(1), 16))
        return char if char in _UNRESERVED else "%" + match.group(1).upper()

    return _ESCAPE.sub(normalise, component)


def same_resource_key(uri: str) -> tuple[str, ...]:
    """Equal for URIs that name the same resource (see the module docstring)."""
    try:
        parts = urlsplit(uri)
    except ValueError:
        return (uri,)
    scheme = parts.scheme.lower()
    if scheme == "file":
        path = unquote(parts.path)
        drive = _DRIVE.match(path)
        if drive is not None:
            path = f"/{drive.group(1).lower()}:{path[drive.end() :]}"
    else:
        path = _normalise_escapes(parts.path)
    return (
        scheme,
        parts.netloc.lower(),
        path,
        _normalise_escapes(parts.query),
        _normalise_escapes(parts.fragment),
    )
