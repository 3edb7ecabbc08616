"""Settings: workspace/configuration, didChangeConfiguration, initializationOptions, bad values.

The server logs its effective settings (``window/logMessage``) whenever they change, and logs a
warning per rejected value; inlay hints make the ``inlayHints`` switch observable.
"""

from __future__ import annotations

import asyncio

from lsprotocol import types

from .conftest import WAIT_SECONDS, Editor, SessionClient, start_editor

SHAPES = "import numpy as np\n\nh = np.ones((64, 128))\n"


async def logged(client: SessionClient, fragment: str) -> list[str]:
    """Wait until a log message containing ``fragment`` arrived; return all such messages."""

    async def arrived() -> list[str]:
        while True:
            found = [item.message for item in client.log_messages if fragment in item.message]
            if found:
                return found
            await asyncio.sleep(0.02)

    return await asyncio.wait_for(arrived(), WAIT_SECONDS)


async def hint_labels(editor: Editor, uri: str) -> list[str]:
    await editor.diagnostics(uri)
    hints = await editor.client.text_document_inlay_hint_async(
        types.InlayHintParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=types.Range(
                start=types.Position(line=0, character=0),
                end=types.Position(line=10, character=0),
            ),
        )
    )
    return [str(hint.label) for hint in hints or []]


async def test_settings_from_workspace_configuration(bare_client: SessionClient) -> None:
    bare_client.set_configuration(
        {"mode": "possible", "inlayHints": False, "timeBudgetMs": 500, "debounceMs": 0},
        section="tensorls",
    )
    editor = await start_editor(bare_client, bare_client.editor_name)
    await logged(
        bare_client, "settings: mode=possible inlayHints=false timeBudgetMs=500 debounceMs=0"
    )
    assert await hint_labels(editor, editor.open(SHAPES)) == []


async def test_initialization_options_are_the_fallback(bare_client: SessionClient) -> None:
    bare_client.set_configuration({"timeBudgetMs": 700}, section="tensorls")
    await start_editor(
        bare_client, bare_client.editor_name, {"mode": "possible", "timeBudgetMs": 900}
    )
    await logged(
        bare_client, "settings: mode=possible inlayHints=true timeBudgetMs=700 debounceMs=30"
    )


async def test_invalid_values_are_logged_and_replaced_by_defaults(
    bare_client: SessionClient,
) -> None:
    bare_client.set_configuration(
        {
            "mode": "sometimes",
            "debounceMs": -5,
            "timeBudgetMs": "fast",
            "extraPaths": "lib",
            "colour": "blue",
        },
        section="tensorls",
    )
    await start_editor(bare_client, bare_client.editor_name, {"inlayHints": "yes"})
    for fragment in (
        "tensorls.mode: invalid value 'sometimes'",
        "tensorls.debounceMs: invalid value -5",
        "tensorls.timeBudgetMs: invalid value 'fast'",
        "tensorls.extraPaths: invalid value 'lib'",
        "inlayHints: invalid value 'yes'",
        "unknown setting(s) colour",
    ):
        assert await logged(bare_client, fragment)
    warnings = [item for item in bare_client.log_messages if "invalid value" in item.message]
    assert all(item.type == types.MessageType.Warning for item in warnings)
    await logged(
        bare_client, "settings: mode=certain inlayHints=true timeBudgetMs=2000 debounceMs=30"
    )


async def test_did_change_configuration_switches_inlay_hints_off(
    neovim_client: SessionClient,
) -> None:
    neovim = await start_editor(neovim_client, "neovim")
    await logged(neovim_client, "settings: mode=certain inlayHints=true")
    uri = neovim.open(SHAPES)
    assert await hint_labels(neovim, uri) == [": (64, 128)"]
    neovim_client.set_configuration({"inlayHints": False}, section="tensorls")
    neovim_client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(settings=None)
    )
    await logged(neovim_client, "inlayHints=false")
    assert await hint_labels(neovim, uri) == []


MAYBE_UNDEFINED = """import random

if random.random() > 0.5:
    z = 1
print(z)
"""


async def test_mode_change_reanalyses_open_documents(bare_client: SessionClient) -> None:
    editor = await start_editor(bare_client, bare_client.editor_name)
    await logged(bare_client, "settings: mode=certain")
    uri = editor.open(MAYBE_UNDEFINED)
    assert await editor.diagnostics(uri) == []
    bare_client.set_configuration({"mode": "possible"}, section="tensorls")
    bare_client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(settings=None)
    )
    await logged(bare_client, "settings: mode=possible")
    if editor.pulls:
        diagnostics = await editor.diagnostics(uri)
    else:

        def republished() -> bool:
            return any(params.uri == uri and params.diagnostics for params in bare_client.published)

        async with bare_client.changed:
            await asyncio.wait_for(bare_client.changed.wait_for(republished), WAIT_SECONDS)
        diagnostics = list(bare_client.diagnostics[uri])
    assert [(item.code, item.severity) for item in diagnostics] == [
        ("name-error", types.DiagnosticSeverity.Warning)
    ]
