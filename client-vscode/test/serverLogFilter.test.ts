/**
 * The output channel's filter: the settings once per server start (again when they change),
 * pygls's cancel warning dropped, a clean exit shown as information, lines split across chunks.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ServerLogFilter } from '../src/serverLogFilter';

const SETTINGS = '[Info  - 10:41:02 AM] settings: mode=certain inlay_hints=True';

test('the same settings logged three times by one server are shown once', () => {
  const filter = new ServerLogFilter();
  filter.serverStarting();
  const shown = [SETTINGS, SETTINGS, SETTINGS].flatMap((line) => filter.accept(`${line}\n`));
  assert.deepEqual(shown, [SETTINGS]);
});

test('changed settings are shown, and shown again after a restart', () => {
  const filter = new ServerLogFilter();
  filter.serverStarting();
  const changed = '[Info  - 10:41:09 AM] settings: mode=possible inlay_hints=True';
  assert.deepEqual(filter.accept(`${SETTINGS}\n${changed}\n${changed}\n`), [SETTINGS, changed]);
  filter.serverStarting();
  assert.deepEqual(filter.accept(`${changed}\n`), [changed]);
});

test("pygls's warning about cancelling an answered request is dropped, other warnings stay", () => {
  const filter = new ServerLogFilter();
  const shown = filter.accept(
    'WARNING pygls.protocol.json_rpc: Cancel notification for unknown message id "12"\nWARNING tensorls.server: something real\n',
  );
  assert.deepEqual(shown, ['WARNING tensorls.server: something real']);
});

test('a clean exit is information, a failing exit stays an error', () => {
  const filter = new ServerLogFilter();
  assert.deepEqual(filter.accept('[Error - 10:42:00 AM] Server process exited with code 0.\n'), [
    '[Info  - 10:42:00 AM] Server process exited with code 0.',
  ]);
  assert.deepEqual(filter.accept('[Error - 10:42:01 AM] Server process exited with code 1.\n'), [
    '[Error - 10:42:01 AM] Server process exited with code 1.',
  ]);
});

test('a line split across chunks is judged whole; an unfinished line is kept until flushed', () => {
  const filter = new ServerLogFilter();
  assert.deepEqual(filter.accept('WARNING pygls.protocol.json_rpc: Cancel notif'), []);
  assert.deepEqual(filter.accept('ication for unknown message id 3\nTraceback (most'), []);
  assert.deepEqual(filter.flush(), ['Traceback (most']);
  assert.deepEqual(filter.flush(), []);
});
