/**
 * Packaging: `vsce package` makes a .vsix holding the bundle, and package.json contributes the
 * settings and commands the extension and the server agree on.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { zipEntryNames } from './zipEntries';

interface SettingSchema {
  type: string;
  default: unknown;
  enum?: string[];
}

interface Manifest {
  main: string;
  engines: { vscode: string };
  activationEvents: string[];
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  contributes: {
    configuration: { properties: Record<string, SettingSchema> };
    commands: { command: string; title: string; category: string }[];
  };
}

const manifest = JSON.parse(fs.readFileSync('package.json', 'utf8')) as Manifest;

test('package.json contributes the server settings and the interpreter setting', () => {
  const settings = manifest.contributes.configuration.properties;
  assert.deepEqual(Object.keys(settings).sort(), [
    'tensorls.debounceMs',
    'tensorls.extraPaths',
    'tensorls.inlayHints',
    'tensorls.interpreter',
    'tensorls.mode',
    'tensorls.timeBudgetMs',
  ]);
  assert.deepEqual(settings['tensorls.mode'].enum, ['certain', 'possible']);
  assert.equal(settings['tensorls.mode'].default, 'certain');
  assert.equal(settings['tensorls.inlayHints'].type, 'boolean');
  assert.equal(settings['tensorls.timeBudgetMs'].type, 'integer');
  assert.equal(settings['tensorls.debounceMs'].type, 'integer');
  assert.equal(settings['tensorls.extraPaths'].type, 'array');
  assert.equal(settings['tensorls.interpreter'].default, '');
});

test('package.json contributes the two commands', () => {
  const titles = manifest.contributes.commands.map((command) => `${command.category}: ${command.title} (${command.command})`);
  assert.deepEqual(titles.sort(), [
    'tensorls: Distribute with Horovod (tensorls.distributeWithHorovod)',
    'tensorls: Restart server (tensorls.restartServer)',
  ]);
  assert.ok(manifest.activationEvents.includes('onLanguage:python'));
});

test('@types/vscode matches engines.vscode', () => {
  const engine = manifest.engines.vscode.replace(/^\^/, '');
  assert.equal(manifest.devDependencies['@types/vscode'], engine);
});

test('the .vsix holds the bundle, the manifest and the server wheel, not the sources', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'tensorls-vsix-'));
  try {
    const vsix = path.join(folder, 'tensorls.vsix');
    execFileSync(path.join('node_modules', '.bin', 'vsce'), ['package', '--no-dependencies', '--out', vsix], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const entries = zipEntryNames(vsix);
    assert.ok(entries.includes('extension.vsixmanifest'), 'extension.vsixmanifest');
    assert.ok(entries.includes('extension/package.json'), 'extension/package.json');
    assert.ok(entries.includes(`extension/${manifest.main.replace(/^\.\//, '')}`), 'the bundle');
    assert.ok(entries.some((entry) => entry.toLowerCase() === 'extension/readme.md'), 'the README');
    assert.ok(entries.includes('extension/LICENSE.txt'), 'the LICENSE');
    assert.ok(entries.some((entry) => /^extension\/server\/tensorls-[^-]+-py3-none-any\.whl$/.test(entry)), 'the server wheel');
    assert.deepEqual(entries.filter((entry) => /^extension\/(src|test|out|node_modules|scripts)\//.test(entry)), []);
    const bundle = fs.readFileSync(manifest.main, 'utf8');
    assert.doesNotMatch(bundle, /require\(["']vscode-languageclient/, 'the language client is bundled');
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
