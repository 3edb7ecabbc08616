/**
 * The server wheel the .vsix ships: found in an extension folder, and installed for real by pip
 * into a fresh virtual environment that has no tensorls, which can then import it.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { probeTensorls } from '../src/probe';
import { WHEEL_FOLDER, bundledWheel, pipInstallWheel } from '../src/serverWheel';
import { pythonInterpreter } from './lspSession';

test('an extension folder without a server wheel has none', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'tensorls-extension-'));
  try {
    assert.equal(bundledWheel(folder), undefined);
    fs.mkdirSync(path.join(folder, WHEEL_FOLDER));
    fs.writeFileSync(path.join(folder, WHEEL_FOLDER, 'other-1.0-py3-none-any.whl'), '');
    assert.equal(bundledWheel(folder), undefined);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});

test('pip installs the wheel built for the .vsix into a fresh environment, which then imports tensorls', { timeout: 600000 }, async () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'tensorls-fresh-'));
  try {
    const extension = path.join(folder, 'extension');
    execFileSync('node', [path.join('scripts', 'build-wheel.mjs'), path.join(extension, WHEEL_FOLDER)], { stdio: ['ignore', 'pipe', 'pipe'] });
    const wheel = bundledWheel(extension);
    assert.ok(wheel !== undefined, 'npm run wheel puts the wheel where the extension looks for it');
    const venv = path.join(folder, 'venv');
    const base = execFileSync(pythonInterpreter(), ['-c', 'import sys; print(sys._base_executable)'], { encoding: 'utf8' }).trim();
    execFileSync(base, ['-m', 'venv', venv]);
    const python = path.join(venv, 'bin', 'python');
    assert.equal(await probeTensorls(python, os.tmpdir()), 'missing');
    let log = '';
    assert.ok(await pipInstallWheel(python, wheel, (text) => (log += text)), log);
    assert.match(log, /-m pip install --disable-pip-version-check .*tensorls-[^ ]*\.whl/);
    assert.equal(await probeTensorls(python, os.tmpdir()), 'importable');
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
