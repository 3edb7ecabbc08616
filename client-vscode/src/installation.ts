/**
 * What the user is offered when the chosen interpreter cannot run the server: a notification
 * that never holds up a start (the server controller goes on; fixing the setting or "Restart
 * server" works while it is open), and installing the server wheel shipped in the .vsix.
 */
import * as vscode from 'vscode';
import type { ProbeResult } from './probe';
import { pipInstallWheel } from './serverWheel';

const INSTALL = 'Install tensorls';
const OPEN_SETTINGS = 'Open Settings';

/** Interpreters whose notification is open, so that restarts do not stack copies of it. */
const offered = new Set<string>();

function openInterpreterSetting(): Thenable<unknown> {
  return vscode.commands.executeCommand('workbench.action.openSettings', 'tensorls.interpreter');
}

/**
 * Tells the user that `python` cannot run the server (`probe` says why) and offers the fixes; not
 * awaited by the caller. After a successful install of `wheel` into `python`, `installed` runs.
 */
export async function offerFix(
  python: string,
  probe: Exclude<ProbeResult, 'importable'>,
  wheel: string | undefined,
  output: vscode.OutputChannel,
  installed: () => void,
): Promise<void> {
  if (offered.has(python)) {
    return;
  }
  offered.add(python);
  let choice: string | undefined;
  try {
    if (probe === 'no-interpreter') {
      choice = await vscode.window.showErrorMessage(
        `tensorls: the Python interpreter "${python}" was not found. Set "tensorls.interpreter" to a Python 3.10+ interpreter.`,
        OPEN_SETTINGS,
      );
    } else {
      const actions = wheel === undefined ? [OPEN_SETTINGS] : [INSTALL, OPEN_SETTINGS];
      choice = await vscode.window.showWarningMessage(`tensorls is not installed for the Python interpreter "${python}".`, ...actions);
    }
  } finally {
    offered.delete(python);
  }
  if (choice === OPEN_SETTINGS) {
    await openInterpreterSetting();
  } else if (choice === INSTALL && wheel !== undefined) {
    output.show(true);
    const success = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Installing tensorls into ${python}` },
      () => pipInstallWheel(python, wheel, (text) => output.append(text)),
    );
    if (success) {
      installed();
    } else {
      void vscode.window.showErrorMessage('tensorls: pip install failed; see the "tensorls" output channel.');
    }
  }
}
