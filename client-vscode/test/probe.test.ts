/**
 * Probing interpreters for tensorls, for real: the project's interpreter, its base interpreter
 * (which has no tensorls) and a path that is no interpreter.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { probeTensorls } from '../src/probe';
import { pythonInterpreter } from './lspSession';

test('the project interpreter imports tensorls', async () => {
  assert.equal(await probeTensorls(pythonInterpreter(), os.tmpdir()), 'importable');
});

test('the interpreter a virtual environment was made from lacks tensorls', async () => {
  const base = execFileSync(pythonInterpreter(), ['-c', 'import sys; print(sys._base_executable)'], { encoding: 'utf8' }).trim();
  assert.notEqual(path.resolve(base), path.resolve(pythonInterpreter()));
  assert.equal(await probeTensorls(base, os.tmpdir()), 'missing');
});

test('a path that does not exist is no interpreter', async () => {
  assert.equal(await probeTensorls(path.join(os.tmpdir(), 'tensorls-no-such-python'), os.tmpdir()), 'no-interpreter');
});
