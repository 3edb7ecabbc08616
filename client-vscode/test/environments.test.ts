/**
 * Environments of real interpreters: the project's virtual environment, the global interpreter it
 * was made from, a new `.venv` made by the extension; and what the install offer proposes for each.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { createProjectVenv, describeEnvironment, existingProjectVenv, type Environment } from '../src/environments';
import { CREATE_VENV, INSTALL, INSTALL_GLOBAL, missingOffer, OPEN_SETTINGS } from '../src/installOffer';
import { pythonInterpreter } from './lspSession';

function baseInterpreter(): string {
  return execFileSync(pythonInterpreter(), ['-c', 'import sys; print(sys._base_executable)'], { encoding: 'utf8' }).trim();
}

test('the project interpreter is a virtual environment', async () => {
  const environment = await describeEnvironment(pythonInterpreter());
  assert.equal(environment?.kind, 'virtual');
  assert.equal(environment?.externallyManaged, false);
});

test('the interpreter it was made from is global, externally managed when its stdlib says so', async () => {
  const base = baseInterpreter();
  const environment = await describeEnvironment(base);
  assert.equal(environment?.kind, 'global');
  const marker = execFileSync(
    base,
    ['-I', '-c', 'import os, sysconfig; print(os.path.isfile(os.path.join(sysconfig.get_paths()["stdlib"], "EXTERNALLY-MANAGED")))'],
    { encoding: 'utf8' },
  ).trim();
  assert.equal(environment?.externallyManaged, marker === 'True');
});

test('no interpreter has no environment', async () => {
  assert.equal(await describeEnvironment(path.join(os.tmpdir(), 'tensorls-no-such-python')), undefined);
});

test('a project .venv is made with the global interpreter, then found and reused', async () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'tensorls-venv-'));
  try {
    assert.equal(existingProjectVenv(folder), undefined);
    let log = '';
    const python = await createProjectVenv(baseInterpreter(), folder, (text) => (log += text));
    assert.ok(python !== undefined, log);
    assert.equal((await describeEnvironment(python))?.kind, 'virtual');
    const prefix = execFileSync(python, ['-I', '-c', 'import sys; print(sys.prefix)'], { encoding: 'utf8' }).trim();
    assert.equal(fs.realpathSync(prefix), fs.realpathSync(path.join(folder, '.venv')));
    assert.equal(existingProjectVenv(folder), python);
    assert.equal(await createProjectVenv(baseInterpreter(), folder, () => undefined), python);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});

const GLOBAL: Environment = { kind: 'global', externallyManaged: false, prefix: '/usr', version: '3.11' };

test('a virtual or conda environment is offered the install, named', () => {
  for (const kind of ['virtual', 'conda'] as const) {
    const offer = missingOffer('/p/bin/python', { ...GLOBAL, kind, prefix: '/p' }, '/w.whl', '/ws');
    assert.deepEqual(offer.actions, [INSTALL, OPEN_SETTINGS]);
    assert.match(offer.message, new RegExp(`"/p/bin/python" \\(a ${kind} environment of Python 3.11 at /p\\)`));
  }
});

test('a global interpreter is offered a project .venv first, never a silent install', () => {
  const offer = missingOffer('python3', GLOBAL, '/w.whl', '/ws');
  assert.deepEqual(offer.actions, [CREATE_VENV, INSTALL_GLOBAL, OPEN_SETTINGS]);
  assert.match(offer.message, /a global Python 3\.11 at \/usr\)\. Install it into a new virtual environment \.venv in \/ws\?/);
  const managed = missingOffer('python3', { ...GLOBAL, externallyManaged: true }, '/w.whl', '/ws');
  assert.deepEqual(managed.actions, [CREATE_VENV, OPEN_SETTINGS]);
  assert.match(managed.message, /externally managed \(PEP 668\)/);
  const noFolder = missingOffer('python3', { ...GLOBAL, externallyManaged: true }, '/w.whl', undefined);
  assert.deepEqual(noFolder.actions, [OPEN_SETTINGS]);
  assert.deepEqual(missingOffer('python3', GLOBAL, undefined, '/ws').actions, [OPEN_SETTINGS]);
});
