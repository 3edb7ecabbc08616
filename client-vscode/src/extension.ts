/**
 * Entry point of the tensorls VS Code extension: the output channel, the status bar item, the
 * commands, and restarting the server when the interpreter changes. The output channel and the
 * status bar item are not subscriptions: VS Code disposes subscriptions without waiting for
 * `deactivate`, and the client still writes to the channel while it stops.
 */
import * as vscode from 'vscode';
import { distributeWithHorovod } from './distribute';
import { onPythonInterpreterChange } from './interpreter';
import { ServerController } from './serverController';
import { ServerOutput } from './serverOutput';
import { bundledWheel } from './serverWheel';
import { SHOW_OUTPUT_COMMAND, ServerStatus } from './statusBar';

let controller: ServerController | undefined;

async function runDistribute(): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (editor === undefined || editor.document.languageId !== 'python') {
    void vscode.window.showInformationMessage('tensorls: open a Python file to distribute it with Horovod.');
    return;
  }
  const client = controller?.client;
  if (client === undefined) {
    void vscode.window.showErrorMessage('tensorls: the server is not running; run "tensorls: Restart server".');
    return;
  }
  await distributeWithHorovod(client, editor.document);
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const output = new ServerOutput(vscode.window.createOutputChannel('tensorls'));
  const status = new ServerStatus();
  const server = new ServerController(output, status, bundledWheel(context.extensionPath));
  controller = server;
  context.subscriptions.push(
    vscode.commands.registerCommand(SHOW_OUTPUT_COMMAND, () => output.show()),
    vscode.commands.registerCommand('tensorls.restartServer', () => server.restart()),
    vscode.commands.registerCommand('tensorls.distributeWithHorovod', runDistribute),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('tensorls.interpreter')) {
        void server.restart();
      }
    }),
  );
  const pythonChange = await onPythonInterpreterChange(() => {
    if (vscode.workspace.getConfiguration('tensorls').get<string>('interpreter', '').trim() === '') {
      void server.restart();
    }
  });
  if (pythonChange !== undefined) {
    context.subscriptions.push(pythonChange);
  }
  void server.start();
}

export async function deactivate(): Promise<void> {
  await controller?.dispose();
  controller = undefined;
}
