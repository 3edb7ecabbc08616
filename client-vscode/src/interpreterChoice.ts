/**
 * The order in which the server's interpreter is chosen, free of the `vscode` module: the
 * `tensorls.interpreter` setting, else the Python extension's active interpreter, else the
 * workspace folder's `.venv` when it has one, else `python3`.
 */
import * as os from 'node:os';
import { existingProjectVenv } from './environments';

export type InterpreterSource = 'setting' | 'python-extension' | 'project-venv' | 'default';

export interface Interpreter {
  readonly path: string;
  readonly source: InterpreterSource;
}

export const DEFAULT_INTERPRETER = 'python3';

/** `value` with a leading `~` and every `${workspaceFolder}` (when `folder` is known) expanded. */
export function expandVariables(value: string, folder: string | undefined): string {
  const home = value === '~' || value.startsWith('~/') ? os.homedir() + value.slice(1) : value;
  return folder === undefined ? home : home.split('${workspaceFolder}').join(folder);
}

/**
 * The interpreter for the setting value `configured` in workspace folder `folder`.
 * `fromPythonExtension` is asked only when the setting is empty; when it fails or answers
 * nothing, `folder`'s `.venv` is used when it exists, else the default interpreter.
 */
export async function chooseInterpreter(
  configured: string,
  folder: string | undefined,
  fromPythonExtension: () => Promise<string | undefined>,
): Promise<Interpreter> {
  const setting = configured.trim();
  if (setting !== '') {
    return { path: expandVariables(setting, folder), source: 'setting' };
  }
  try {
    const active = await fromPythonExtension();
    if (active !== undefined && active !== '') {
      return { path: active, source: 'python-extension' };
    }
  } catch {
    // The Python extension failed to activate or to answer: the project's or the default
    // interpreter is used.
  }
  const venv = existingProjectVenv(folder);
  if (venv !== undefined) {
    return { path: venv, source: 'project-venv' };
  }
  return { path: DEFAULT_INTERPRETER, source: 'default' };
}
