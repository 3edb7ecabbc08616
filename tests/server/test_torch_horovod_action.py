"""The "Distribute with Horovod" code action on PyTorch scripts, end to end through the server:
a single-device PyTorch loop gets the quick fix and its edit gives the golden rewrite; a script
already distributed with torch.distributed / DDP gets no diagnostic and no action."""

from __future__ import annotations

from pathlib import Path

from lsprotocol import types

from .conftest import Editor
from .test_features import apply_edits

GOLDEN = Path(__file__).parents[1] / "horovod" / "golden" / "torch_dataloader_sampler"

DDP_SCRIPT = """import torch
import torch.distributed as dist
import torch.nn as nn
from torch.nn.parallel import DistributedDataParallel
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler

dist.init_process_group("gloo")
dataset = TensorDataset(torch.randn(64, 4), torch.randn(64, 1))
loader = DataLoader(dataset, batch_size=8, sampler=DistributedSampler(dataset))
model = DistributedDataParallel(nn.Linear(4, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for epoch in range(2):
    loader.sampler.set_epoch(epoch)
    for xb, yb in loader:
        optimizer.zero_grad()
        loss = ((model(xb) - yb) ** 2).mean()
        loss.backward()
        optimizer.step()
    if dist.get_rank() == 0:
        print(epoch, loss.item())
"""


def whole_document(source: str) -> types.Range:
    lines = source.splitlines()
    return types.Range(
        start=types.Position(line=0, character=0),
        end=types.Position(line=len(lines), character=0),
    )


async def code_actions(
    editor: Editor,
    uri: str,
    where: types.Range,
    diagnostics: list[types.Diagnostic],
    only: list[types.CodeActionKind] | None = None,
) -> list[types.CodeAction]:
    actions = await editor.client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=where,
            context=types.CodeActionContext(diagnostics=diagnostics, only=only),
        )
    )
    return [action for action in actions or [] if isinstance(action, types.CodeAction)]


async def test_pytorch_loop_gets_the_quick_fix_whose_edit_gives_the_golden_rewrite(
    editor: Editor,
) -> None:
    source = (GOLDEN / "input.py").read_text(encoding="utf-8")
    expected = (GOLDEN / "expected.py").read_text(encoding="utf-8")
    uri = editor.open(source)
    diagnostics = await editor.diagnostics(uri)
    (training,) = [item for item in diagnostics if item.code == "single-device-training"]
    assert "PyTorch training loop" in training.message
    assert "it can be distributed with Horovod" in training.message
    assert training.range.start.line == source.splitlines().index("for epoch in range(2):")
    (action,) = await code_actions(editor, uri, training.range, [training])
    assert action.kind == types.CodeActionKind.QuickFix
    assert action.title == "Distribute with Horovod"
    if action.edit is None:
        action = await editor.client.code_action_resolve_async(action)
    assert action.edit is not None
    if action.edit.document_changes:
        (change,) = action.edit.document_changes
        assert isinstance(change, types.TextDocumentEdit)
        edits = list(change.edits)
    else:
        assert action.edit.changes is not None
        edits = list(action.edit.changes[uri])
    assert apply_edits(source, edits, editor) == expected


async def test_rewritten_pytorch_script_is_offered_nothing_more(editor: Editor) -> None:
    expected = (GOLDEN / "expected.py").read_text(encoding="utf-8")
    uri = editor.open(expected)
    diagnostics = await editor.diagnostics(uri)
    assert [item for item in diagnostics if item.code == "single-device-training"] == []
    kinds = [types.CodeActionKind.QuickFix, types.CodeActionKind.Source]
    assert await code_actions(editor, uri, whole_document(expected), diagnostics, kinds) == []


async def test_script_distributed_with_ddp_gets_no_diagnostic_and_no_action(
    editor: Editor,
) -> None:
    uri = editor.open(DDP_SCRIPT)
    diagnostics = await editor.diagnostics(uri)
    codes = {item.code for item in diagnostics}
    assert "single-device-training" not in codes and "horovod-restriction" not in codes
    for only in (None, [types.CodeActionKind.Source], [types.CodeActionKind.RefactorRewrite]):
        actions = await code_actions(editor, uri, whole_document(DDP_SCRIPT), diagnostics, only)
        assert [action.title for action in actions] == []
