/**
 * Choosing the Horovod rewrite among the server's code actions.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CodeAction, Command } from 'vscode-languageclient';
import { HOROVOD_ACTION_TITLE, horovodCodeActionParams, pickHorovodAction } from '../src/horovodAction';

const rewrite: CodeAction = { title: HOROVOD_ACTION_TITLE, kind: 'refactor.rewrite', data: { id: 1 } };
const source: CodeAction = { title: HOROVOD_ACTION_TITLE, kind: 'source', data: { id: 2 } };
const quickFix: CodeAction = { title: HOROVOD_ACTION_TITLE, kind: 'quickfix', data: { id: 3 } };
const other: CodeAction = { title: 'Something else', kind: 'refactor.rewrite' };
const bareCommand: Command = { title: HOROVOD_ACTION_TITLE, command: 'tensorls.distribute' };

test('no actions, no Horovod action', () => {
  assert.equal(pickHorovodAction(null), undefined);
  assert.equal(pickHorovodAction([]), undefined);
  assert.equal(pickHorovodAction([other, bareCommand]), undefined);
});

test('the refactor.rewrite action is preferred over source and quickfix', () => {
  assert.equal(pickHorovodAction([quickFix, source, rewrite, other]), rewrite);
  assert.equal(pickHorovodAction([quickFix, source]), source);
  assert.equal(pickHorovodAction([quickFix]), quickFix);
});

test('an enabled action is preferred over a disabled one', () => {
  const disabledRewrite: CodeAction = { ...rewrite, disabled: { reason: 'blocked' } };
  assert.equal(pickHorovodAction([disabledRewrite, quickFix]), quickFix);
  assert.equal(pickHorovodAction([disabledRewrite]), disabledRewrite);
});

test('the request covers the given range and carries the diagnostics', () => {
  const diagnostic = { range: { start: { line: 4, character: 0 }, end: { line: 4, character: 3 } }, message: 'm', code: 'single-device-training' };
  const params = horovodCodeActionParams('file:///t.py', { startLine: 0, startCharacter: 0, endLine: 9, endCharacter: 7 }, [diagnostic]);
  assert.deepEqual(params.range, { start: { line: 0, character: 0 }, end: { line: 9, character: 7 } });
  assert.deepEqual(params.context.diagnostics, [diagnostic]);
  assert.equal(params.textDocument.uri, 'file:///t.py');
  assert.equal(params.context.triggerKind, 1);
});
