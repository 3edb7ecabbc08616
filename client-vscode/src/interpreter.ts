/**
 * Which Python interpreter runs the tensorls server: the `tensorls.interpreter` setting,
 * else the Python extension's active interpreter when that extension is installed (an optional
 * dependency, reached only through its public API), else `python3`.
 */
import * as vscode from 'vscode';
import { chooseInterpreter, type Interpreter } from './interpreterChoice';

const PYTHON_EXTENSION_ID = 'ms-python.python';

/** The part of the Python extension's public API that tensorls uses. */
interface PythonEnvironmentsApi {
  getActiveEnvironmentPath(resource?: vscode.Uri): { readonly path: string };
  resolveEnvironment(path: string): Promise<{ readonly executable: { readonly uri?: vscode.Uri } } | undefined>;
  readonly onDidChangeActiveEnvironmentPath: vscode.Event<unknown>;
}

interface PythonExtensionApi {
  readonly environments?: PythonEnvironmentsApi;
  readonly settings?: {
    getExecutionDetails(resource?: vscode.Uri): { readonly execCommand: string[] | undefined };
  };
}

async function pythonExtensionApi(): Promise<PythonExtensionApi | undefined> {
  const extension = vscode.extensions.getExtension<PythonExtensionApi>(PYTHON_EXTENSION_ID);
  if (extension === undefined) {
    return undefined;
  }
  return extension.isActive ? extension.exports : await extension.activate();
}

async function pythonExtensionInterpreter(resource: vscode.Uri | undefined): Promise<string | undefined> {
  const api = await pythonExtensionApi();
  if (api?.environments !== undefined) {
    const active = api.environments.getActiveEnvironmentPath(resource);
    const resolved = await api.environments.resolveEnvironment(active.path);
    return resolved?.executable.uri?.fsPath ?? active.path;
  }
  return api?.settings?.getExecutionDetails(resource).execCommand?.[0];
}

/** The interpreter to start the server with, for the workspace folder of `resource`. */
export async function resolveInterpreter(resource: vscode.Uri | undefined): Promise<Interpreter> {
  const folder = resource === undefined ? vscode.workspace.workspaceFolders?.[0] : vscode.workspace.getWorkspaceFolder(resource);
  const configured = vscode.workspace.getConfiguration('tensorls', folder).get<string>('interpreter', '');
  return chooseInterpreter(configured, folder?.uri.fsPath, () => pythonExtensionInterpreter(folder?.uri));
}

/**
 * Subscribes `listener` to changes of the Python extension's active interpreter; returns
 * `undefined` when that extension is not installed.
 */
export async function onPythonInterpreterChange(listener: () => void): Promise<vscode.Disposable | undefined> {
  try {
    const api = await pythonExtensionApi();
    return api?.environments?.onDidChangeActiveEnvironmentPath(() => listener());
  } catch {
    return undefined;
  }
}
