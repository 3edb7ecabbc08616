/**
 * What the user is offered when the chosen interpreter cannot run the server: a notification
 * that never holds up a start (the server controller goes on; fixing the setting or "Restart
 * server" works while it is open), and installing the server wheel shipped in the .vsix.
 *
 * Where it installs is always named, and never a global interpreter without asking (see
 * `environments.ts`): into a virtual or conda environment when asked to; for a global
 * interpreter the offer is a new `.venv` in the workspace folder (then `tensorls.interpreter`
 * names it), and installing into the global interpreter itself needs a second, modal
 * confirmation — and is not offered at all when the interpreter is externally managed (PEP 668).
 */
import * as vscode from 'vscode';
import { createProjectVenv, describeEnvironment, PROJECT_VENV, type Environment } from './environments';
import { CREATE_VENV, environmentLabel, INSTALL, INSTALL_GLOBAL, missingOffer, OPEN_SETTINGS } from './installOffer';
import type { ProbeResult } from './probe';
import { pipInstallWheel } from './serverWheel';
import { SETTINGS_SECTION } from './settings';

const CONFIRM_GLOBAL = 'Install';

/** Interpreters whose notification is open, so that restarts do not stack copies of it. */
const offered = new Set<string>();

function openInterpreterSetting(): Thenable<unknown> {
  return vscode.commands.executeCommand('workbench.action.openSettings', 'tensorls.interpreter');
}

/**
 * Tells the user that `python` cannot run the server (`probe` says why) and offers the fixes
 * (see the module docstring); not awaited by the caller. `folder` is the workspace folder the
 * server runs in. After a successful install, `installed` runs (the setting already names a new
 * virtual environment's interpreter).
 */
export async function offerFix(
  python: string,
  probe: Exclude<ProbeResult, 'importable'>,
  wheel: string | undefined,
  output: vscode.OutputChannel,
  folder: string | undefined,
  installed: () => void,
): Promise<void> {
  if (offered.has(python)) {
    return;
  }
  offered.add(python);
  let choice: string | undefined;
  let environment: Environment | undefined;
  try {
    if (probe === 'no-interpreter') {
      output.appendLine(`tensorls: the interpreter ${python} could not be started; the server is not running`);
      choice = await vscode.window.showErrorMessage(
        `tensorls: the Python interpreter "${python}" was not found. Set "tensorls.interpreter" to a Python 3.10+ interpreter.`,
        OPEN_SETTINGS,
      );
    } else {
      environment = await describeEnvironment(python);
      output.appendLine(
        `tensorls: ${python} (${environmentLabel(environment)}) cannot import tensorls; the server is not running`,
      );
      const offer = missingOffer(python, environment, wheel, folder);
      choice = await vscode.window.showWarningMessage(offer.message, ...offer.actions);
    }
  } finally {
    offered.delete(python);
  }
  if (choice === OPEN_SETTINGS) {
    await openInterpreterSetting();
  } else if (choice === INSTALL && wheel !== undefined) {
    await installInto(python, wheel, output, installed);
  } else if (choice === INSTALL_GLOBAL && wheel !== undefined) {
    const confirmed = await vscode.window.showWarningMessage(
      `Install tensorls and its dependencies into "${python}" (${environmentLabel(environment)})? This changes that Python for every program that uses it.`,
      { modal: true },
      CONFIRM_GLOBAL,
    );
    if (confirmed === CONFIRM_GLOBAL) {
      await installInto(python, wheel, output, installed);
    }
  } else if (choice === CREATE_VENV && wheel !== undefined && folder !== undefined) {
    await installIntoProjectVenv(python, wheel, folder, output, installed);
  }
}

async function installInto(python: string, wheel: string, output: vscode.OutputChannel, installed: () => void): Promise<void> {
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

async function installIntoProjectVenv(
  python: string,
  wheel: string,
  folder: string,
  output: vscode.OutputChannel,
  installed: () => void,
): Promise<void> {
  output.show(true);
  const write = (text: string): void => output.append(text);
  const venvPython = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: `Creating ${PROJECT_VENV} in ${folder} and installing tensorls` },
    async () => {
      const created = await createProjectVenv(python, folder, write);
      return created !== undefined && (await pipInstallWheel(created, wheel, write)) ? created : undefined;
    },
  );
  if (venvPython === undefined) {
    void vscode.window.showErrorMessage(`tensorls: making ${PROJECT_VENV} or installing into it failed; see the "tensorls" output channel.`);
    return;
  }
  const scope = vscode.workspace.getWorkspaceFolder(vscode.Uri.file(folder));
  await vscode.workspace
    .getConfiguration(SETTINGS_SECTION, scope)
    .update('interpreter', venvPython, scope === undefined ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.WorkspaceFolder);
  output.appendLine(`tensorls: "tensorls.interpreter" now names ${venvPython}`);
  installed();
}
