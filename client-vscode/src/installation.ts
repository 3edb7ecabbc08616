/**
 * Whether the chosen interpreter can import tensorls, and installing it there on request.
 */
import * as vscode from 'vscode';
import { pipInstallTensorls, probeTensorls } from './probe';

/**
 * Makes sure `python` can import tensorls when run in `cwd`: when it cannot, a notification
 * offers to install it into that interpreter (pip's output goes to `channel`). Resolves to
 * whether the server can be started with `python`.
 */
export async function ensureTensorls(python: string, cwd: string | undefined, channel: vscode.OutputChannel): Promise<boolean> {
  const probe = await probeTensorls(python, cwd);
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
    () => pipInstallTensorls(python, (text) => channel.append(text)),
  );
  if (!installed) {
    void vscode.window.showErrorMessage('tensorls: pip install failed; see the "tensorls" output channel.');
    return false;
  }
  return (await probeTensorls(python, cwd)) === 'importable';
}
