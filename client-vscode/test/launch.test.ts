/**
 * Opening a folder never executes its code: the extension's probe and server command lines
 * (`launchArguments.ts`), run for real with a workspace full of trap modules as their working
 * directory, find tensorls and publish a diagnostic without importing any of them.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { probeTensorls } from '../src/probe';
import { LspSession, REPOSITORY_ROOT, pythonInterpreter, readFixture } from './lspSession';

const SETTINGS = { mode: 'certain', inlayHints: true, timeBudgetMs: 5000, debounceMs: 0 };

/** Modules a workspace could shadow: the ones the issue lists and tensorls's dependencies. */
const TRAPS = [
  'argparse', 'asyncio', 'attrs', 'cattrs', 'concurrent', 'dataclasses', 'difflib', 'enum',
  'hashlib', 'inspect', 'json', 'libcst', 'logging', 'lsprotocol', 'numpy', 'pathlib', 'pygls',
  're', 'runpy', 'selectors', 'sitecustomize', 'tempfile', 'threading', 'typing', 'usercustomize', 'uuid',
];

interface Workspace {
  readonly folder: string;
  readonly markers: string;
}

/** A module that records its import in `markers` and ends the process (status 97). */
function trap(name: string, markers: string): string {
  return `open(${JSON.stringify(path.join(markers, name))}, 'w').close()\nimport posix\nposix._exit(97)\n`;
}

/** A workspace with the traps, `tensorls` as a package or a module, and a shape-bug script. */
function plantWorkspace(tensorlsAsPackage: boolean): Workspace {
  const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tensorls-planted-')));
  const folder = path.join(base, 'workspace');
  const markers = path.join(base, 'markers');
  fs.mkdirSync(folder);
  fs.mkdirSync(markers);
  for (const name of TRAPS) {
    fs.writeFileSync(path.join(folder, `${name}.py`), trap(name, markers));
  }
  if (tensorlsAsPackage) {
    fs.mkdirSync(path.join(folder, 'tensorls'));
    for (const module of ['__init__', '__main__', 'cli']) {
      fs.writeFileSync(path.join(folder, 'tensorls', `${module}.py`), trap(`tensorls.${module}`, markers));
    }
  } else {
    fs.writeFileSync(path.join(folder, 'tensorls.py'), trap('tensorls', markers));
  }
  fs.writeFileSync(path.join(folder, 'shape_bug.py'), readFixture('shape_bug.txt'));
  return { folder, markers };
}

function importedTraps(workspace: Workspace): string[] {
  return fs.readdirSync(workspace.markers).sort();
}

for (const tensorlsAsPackage of [true, false]) {
  const shadow = tensorlsAsPackage ? 'a tensorls/ package' : 'a tensorls.py module';

  describe(`a workspace with json.py, numpy.py, ... and ${shadow}`, () => {
    let workspace: Workspace;

    before(() => {
      workspace = plantWorkspace(tensorlsAsPackage);
    });

    after(() => {
      fs.rmSync(path.dirname(workspace.folder), { recursive: true, force: true });
    });

    test('the probe finds tensorls and imports nothing from the workspace', async () => {
      const probe = await probeTensorls(pythonInterpreter(), workspace.folder);
      assert.deepEqual(importedTraps(workspace), []);
      assert.equal(probe, 'importable');
    });

    test('the server publishes the shape diagnostic and imports nothing from the workspace', async () => {
      const session = new LspSession(SETTINGS, false, workspace.folder);
      try {
        await session.initialize(SETTINGS);
        const uri = pathToFileURL(path.join(workspace.folder, 'shape_bug.py')).toString();
        session.open(uri, readFixture('shape_bug.txt'));
        const diagnostics = await session.analysedDiagnostics(uri, 1);
        assert.ok(diagnostics.some((item) => item.code === 'shape-matmul'), JSON.stringify(diagnostics));
      } finally {
        await session.close().catch(() => undefined);
        assert.deepEqual(importedTraps(workspace), []);
      }
    });
  });
}

test('VS Code keeps the extension off in Restricted Mode, where a workspace could choose the interpreter', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(REPOSITORY_ROOT, 'client-vscode', 'package.json'), 'utf8'));
  assert.equal(manifest.capabilities?.untrustedWorkspaces?.supported, false);
});
