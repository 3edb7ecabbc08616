/**
 * The "tensorls: Distribute with Horovod" command: asks the server for the code actions of the
 * whole active document, takes the Horovod rewrite, resolves it when the server sent it without
 * an edit, and applies its edit.
 */
import * as vscode from 'vscode';
import {
  CodeActionRequest,
  CodeActionResolveRequest,
  ExecuteCommandRequest,
  type LanguageClient,
} from 'vscode-languageclient/node';
import {
  HOROVOD_RESTRICTION_CODE,
  SINGLE_DEVICE_TRAINING_CODE,
  horovodCodeActionParams,
  pickHorovodAction,
} from './horovodAction';

function diagnosticCode(diagnostic: vscode.Diagnostic): string | undefined {
  const code = diagnostic.code;
  if (code === undefined) {
    return undefined;
  }
  return String(typeof code === 'object' ? code.value : code);
}

function resolveSupported(client: LanguageClient): boolean {
  const provider = client.initializeResult?.capabilities.codeActionProvider;
  return typeof provider === 'object' && provider.resolveProvider === true;
}

/** Applies the Horovod rewrite to `document` through `client`; tells the user when it cannot. */
export async function distributeWithHorovod(client: LanguageClient, document: vscode.TextDocument): Promise<void> {
  const diagnostics = vscode.languages.getDiagnostics(document.uri);
  const training = diagnostics.filter((diagnostic) => diagnosticCode(diagnostic) === SINGLE_DEVICE_TRAINING_CODE);
  const lastLine = document.lineAt(document.lineCount - 1);
  const params = horovodCodeActionParams(
    client.code2ProtocolConverter.asUri(document.uri),
    { startLine: 0, startCharacter: 0, endLine: lastLine.lineNumber, endCharacter: lastLine.range.end.character },
    await client.code2ProtocolConverter.asDiagnostics(training),
  );
  const offered = await client.sendRequest(CodeActionRequest.type, params);
  let action = pickHorovodAction(offered);
  if (action === undefined) {
    const restrictions = diagnostics.filter((diagnostic) => diagnosticCode(diagnostic) === HOROVOD_RESTRICTION_CODE);
    const reason =
      restrictions.length > 0
        ? `it breaks a restriction: ${restrictions[0].message}`
        : 'no single-device TensorFlow 2 or PyTorch training loop was found, or the script is already distributed';
    void vscode.window.showInformationMessage(`tensorls: cannot distribute this file with Horovod: ${reason}.`);
    return;
  }
  if (action.disabled !== undefined) {
    void vscode.window.showInformationMessage(`tensorls: ${action.disabled.reason}`);
    return;
  }
  if (action.edit === undefined && action.command === undefined && resolveSupported(client)) {
    action = await client.sendRequest(CodeActionResolveRequest.type, action);
  }
  if (action.edit === undefined && action.command === undefined) {
    void vscode.window.showErrorMessage('tensorls: the server sent the Horovod rewrite without an edit.');
    return;
  }
  if (action.edit !== undefined) {
    const edit = await client.protocol2CodeConverter.asWorkspaceEdit(action.edit);
    if (!(await vscode.workspace.applyEdit(edit))) {
      void vscode.window.showErrorMessage('tensorls: VS Code refused the Horovod edit (the file changed meanwhile?).');
      return;
    }
  }
  if (action.command !== undefined) {
    await client.sendRequest(ExecuteCommandRequest.type, {
      command: action.command.command,
      arguments: action.command.arguments,
    });
  }
}
