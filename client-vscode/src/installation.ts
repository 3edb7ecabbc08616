/**
 * Whether the chosen interpreter can import tensorls, and installing it there on request.
 */
import { execFile, spawn } from 'node:child_process';
import * as vscode from 'vscode';

/** What probing an interpreter found. */
export type ProbeResult = 'importable' | 'missing' | 'no-interpreter';

/**
 * Runs `python -c "import tensorls.cli"`: `importable` when it exits 0, `no-interpreter` when the
 * interpreter itself cannot be started, `missing` otherwise. Never throws.
 */
export function probeTensorls(python: string): Promise<ProbeResult> {
  return new Promise((resolve) => {
    execFile(python, ['-c', 'import tensorls.cli'], { timeout: 30000 }, (error) => {
      if (error === null) {
        resolve('importable');
      } else if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        resolve('no-interpreter');
      } else {
        resolve('missing');
      }
    });
  });
}

/**
 * Runs `python -m pip install tensorls`, streaming its output into `channel`; resolves to whether
 * pip succeeded.
 */
export function pipInstallTensorls(python: string, channel: vscode.OutputChannel): Promise<boolean> {
  const args = ['-m', 'pip', 'install', 'tensorls'];
  channel.appendLine(`> ${python} ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(python, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => channel.append(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => channel.append(chunk.toString()));
    child.on('error', (error) => {
      channel.appendLine(`pip could not be started: ${error.message}`);
      resolve(false);
    });
    child.on('close', (code) => {
      channel.appendLine(`pip exited with code ${code ?? 'null'}`);
      resolve(code === 0);
    });
  });
}

/**
 * Makes sure `python` can import tensorls: when it cannot, a notification offers to install it
 * into that interpreter (pip's output goes to `channel`). Resolves to whether the server can be
 * started with `python`.
 */
export async function ensureTensorls(python: string, channel: vscode.OutputChannel): Promise<boolean> {
  const probe = await probeTensorls(python);
  if (probe === 'importable') {
    return true;
  }
  if (probe === 'no-interpreter') {
    const message = `tensorls: the Python interpreter "${python}" was not found. Set "tensorls.interpreter" to a Python 3.10+ interpreter.`;
    const choice = await vscode.window.showErrorMessage(message, 'Open Settings');
    if (choice === 'Open Settings') {
      await vscode.commands.executeCommand('workbench.action.openSettings', 'tensorls.interpreter');
    }
    return false;
  }
  const install = 'Install tensorls';
  const choice = await vscode.window.showWarningMessage(
    `tensorls is not installed for the Python interpreter "${python}".`,
    install,
    'Open Settings',
  );
  if (choice === 'Open Settings') {
    await vscode.commands.executeCommand('workbench.action.openSettings', 'tensorls.interpreter');
    return false;
  }
  if (choice !== install) {
    return false;
  }
  channel.show(true);
  const installed = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: `Installing tensorls into ${python}` },
    () => pipInstallTensorls(python, channel),
  );
  if (!installed) {
    void vscode.window.showErrorMessage('tensorls: pip install failed; see the "tensorls" output channel.');
    return false;
  }
  return (await probeTensorls(python)) === 'importable';
}
