/**
 * The order in which the server's interpreter is chosen, and the variables the setting expands.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { chooseInterpreter, expandVariables } from '../src/interpreterChoice';

test('the setting wins and the Python extension is not asked', async () => {
  let asked = false;
  const chosen = await chooseInterpreter(' /opt/py/bin/python ', '/ws', async () => {
    asked = true;
    return '/env/bin/python';
  });
  assert.deepEqual(chosen, { path: '/opt/py/bin/python', source: 'setting' });
  assert.equal(asked, false);
});

test('without the setting the Python extension decides', async () => {
  const chosen = await chooseInterpreter('', '/ws', async () => '/env/bin/python');
  assert.deepEqual(chosen, { path: '/env/bin/python', source: 'python-extension' });
});

test('without an answer from the Python extension python3 runs the server', async () => {
  assert.deepEqual(await chooseInterpreter('', '/ws', async () => undefined), { path: 'python3', source: 'default' });
  assert.deepEqual(await chooseInterpreter('', '/ws', async () => ''), { path: 'python3', source: 'default' });
  const failing = async (): Promise<string> => {
    throw new Error('activation failed');
  };
  assert.deepEqual(await chooseInterpreter('', undefined, failing), { path: 'python3', source: 'default' });
});

test('the setting expands ${workspaceFolder} and a leading ~', () => {
  assert.equal(expandVariables('${workspaceFolder}/.venv/bin/python', '/ws'), '/ws/.venv/bin/python');
  assert.equal(expandVariables('~/venv/bin/python', '/ws'), `${os.homedir()}/venv/bin/python`);
  assert.equal(expandVariables('${workspaceFolder}/python', undefined), '${workspaceFolder}/python');
  assert.equal(expandVariables('/a~/python', '/ws'), '/a~/python');
});

test('without the setting and an answer, the workspace folder\'s .venv runs the server', async () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'tensorls-choice-'));
  try {
    assert.deepEqual(await chooseInterpreter('', folder, async () => undefined), { path: 'python3', source: 'default' });
    const python = path.join(folder, '.venv', 'bin', 'python');
    fs.mkdirSync(path.dirname(python), { recursive: true });
    fs.writeFileSync(python, '');
    assert.deepEqual(await chooseInterpreter('', folder, async () => undefined), { path: python, source: 'project-venv' });
    assert.deepEqual(await chooseInterpreter('', folder, async () => '/env/bin/python'), { path: '/env/bin/python', source: 'python-extension' });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
