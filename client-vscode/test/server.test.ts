/**
 * The real Python server, driven the way the extension drives it: initialize, a shape
 * diagnostic, a hover with the inferred shape, and the Horovod rewrite of a TF2 script.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import type { CodeAction, Command, Hover, InlayHint, MarkupContent } from 'vscode-languageclient';
import { horovodCodeActionParams, pickHorovodAction } from '../src/horovodAction';
import { LspSession, documentUri, pythonInterpreter, readFixture } from './lspSession';
import { applyTextEdits, editsForDocument } from './textEdits';

const SETTINGS = { mode: 'certain', inlayHints: true, timeBudgetMs: 5000, debounceMs: 0 };

function hoverText(hover: Hover): string {
  const contents = hover.contents;
  if (typeof contents === 'string') {
    return contents;
  }
  if (Array.isArray(contents)) {
    return contents.map((part) => (typeof part === 'string' ? part : part.value)).join('\n');
  }
  return (contents as MarkupContent).value;
}

function lastPosition(text: string): { line: number; character: number } {
  const lines = text.split('\n');
  return { line: lines.length - 1, character: lines[lines.length - 1].length };
}

describe('the tensorls server over vscode-jsonrpc, with the capabilities of vscode-languageclient 9', () => {
  let session: LspSession;

  before(async () => {
    session = new LspSession(SETTINGS, true);
    await session.initialize(SETTINGS);
  });

  after(async () => {
    await session.close();
  });

  test('initialize announces the features the extension uses', () => {
    const capabilities = session.initializeResult?.capabilities;
    assert.ok(capabilities !== undefined);
    assert.ok(capabilities.hoverProvider, 'hoverProvider');
    assert.ok(capabilities.codeActionProvider, 'codeActionProvider');
    assert.ok(capabilities.inlayHintProvider, 'inlayHintProvider');
    assert.ok(capabilities.textDocumentSync !== undefined, 'textDocumentSync');
  });

  test('a matmul of (3, 4) by (5, 6) is reported on the line of the @', async () => {
    const uri = documentUri('tensorls_vscode_shape_bug.py');
    session.open(uri, readFixture('shape_bug.txt'));
    const diagnostics = await session.analysedDiagnostics(uri, 1);
    const matmul = diagnostics.find((item) => item.code === 'shape-matmul');
    assert.ok(matmul !== undefined, `a shape-matmul diagnostic among ${JSON.stringify(diagnostics)}`);
    assert.equal(matmul.severity, 1, 'an error');
    assert.equal(matmul.range.start.line, 3);
    assert.match(matmul.message, /matmul/);
    assert.match(matmul.message, /5 is different from 4/);
  });

  test('hover on a shows its inferred shape', async () => {
    const uri = documentUri('tensorls_vscode_hover.py');
    session.open(uri, readFixture('shape_bug.txt'));
    await session.analysedDiagnostics(uri, 1);
    const hover = await session.request<Hover | null>('textDocument/hover', {
      textDocument: { uri },
      position: { line: 3, character: 4 },
    });
    assert.ok(hover !== null, 'a hover on a');
    assert.match(hoverText(hover), /\(3, 4\)/);
  });

  test('inlay hints show the shapes of a and b after their names', async () => {
    const uri = documentUri('tensorls_vscode_inlay.py');
    const source = readFixture('shape_bug.txt');
    session.open(uri, source);
    await session.analysedDiagnostics(uri, 1);
    const end = lastPosition(source);
    const hints = await session.request<InlayHint[] | null>('textDocument/inlayHint', {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end },
    });
    const labels = (hints ?? []).map((hint) => ({
      line: hint.position.line,
      character: hint.position.character,
      label: typeof hint.label === 'string' ? hint.label : hint.label.map((part) => part.value).join(''),
    }));
    const hintOf = (line: number) => labels.find((hint) => hint.line === line && hint.character === 1);
    assert.match(hintOf(1)?.label ?? '', /\(3, 4\)/, JSON.stringify(labels));
    assert.match(hintOf(2)?.label ?? '', /\(5, 6\)/, JSON.stringify(labels));
  });

  test('Distribute with Horovod rewrites a TF2 GradientTape script to use Horovod', async () => {
    const uri = documentUri('tensorls_vscode_tf2.py');
    const source = readFixture('tf2_gradient_tape.txt');
    session.open(uri, source);
    const diagnostics = await session.analysedDiagnostics(uri, 1);
    assert.ok(
      diagnostics.some((item) => item.code === 'single-device-training'),
      `a single-device-training diagnostic among ${JSON.stringify(diagnostics)}`,
    );
    const end = lastPosition(source);
    const offered = await session.request<(Command | CodeAction)[] | null>(
      'textDocument/codeAction',
      horovodCodeActionParams(uri, { startLine: 0, startCharacter: 0, endLine: end.line, endCharacter: end.character }, diagnostics),
    );
    let action = pickHorovodAction(offered);
    assert.ok(action !== undefined, `the Horovod action among ${JSON.stringify(offered)}`);
    assert.equal(action.disabled, undefined);
    if (action.edit === undefined) {
      action = await session.request<CodeAction>('codeAction/resolve', action);
    }
    assert.ok(action.edit !== undefined, 'the resolved action carries an edit');
    const rewritten = applyTextEdits(source, editsForDocument(action.edit, uri));
    const imported = /^import horovod\.tensorflow as (\w+)$/m.exec(rewritten);
    assert.ok(imported !== null, `the rewritten script imports horovod.tensorflow:\n${rewritten}`);
    const hvd = imported[1];
    assert.ok(rewritten.includes(`${hvd}.init()`), 'calls init()');
    assert.ok(rewritten.includes(`${hvd}.DistributedGradientTape(`), 'wraps the tape');
    const compiled = spawnSync(pythonInterpreter(), ['-c', 'import sys; compile(sys.stdin.read(), "rewritten.py", "exec")'], {
      input: rewritten,
      encoding: 'utf8',
    });
    assert.equal(compiled.status, 0, `the rewritten script compiles: ${compiled.stderr}`);
  });
});

test('a client that does not pull diagnostics gets them pushed with the document version', async () => {
  const session = new LspSession(SETTINGS, false);
  try {
    const initialized = await session.initialize(SETTINGS);
    assert.ok(initialized.capabilities.textDocumentSync !== undefined);
    const uri = documentUri('tensorls_vscode_pushed.py');
    session.open(uri, readFixture('shape_bug.txt'));
    const diagnostics = await session.analysedDiagnostics(uri, 1);
    assert.deepEqual(
      diagnostics.map((item) => [item.code, item.range.start.line]),
      [['shape-matmul', 3]],
    );
  } finally {
    await session.close();
  }
});
