/**
 * Choosing the server's "Distribute with Horovod" code action among everything the server
 * offers for a document. Free of the `vscode` module so the Node tests use the same logic as the
 * extension.
 */
import type { CodeAction, CodeActionParams, Command, Diagnostic } from 'vscode-languageclient';

/** Title of the rewrite the server offers (`RewriteOffer.title`). */
export const HOROVOD_ACTION_TITLE = 'Distribute with Horovod';

/** Code of the information diagnostic the server puts on a single-device training loop. */
export const SINGLE_DEVICE_TRAINING_CODE = 'single-device-training';

/** Code of the warnings that say why a script cannot be rewritten. */
export const HOROVOD_RESTRICTION_CODE = 'horovod-restriction';

/** `CodeActionTriggerKind.Invoked`: the user asked for the actions explicitly. */
const TRIGGER_INVOKED = 1;

/** Kinds in order of preference when the server offers the rewrite under several kinds. */
const PREFERRED_KINDS = ['refactor.rewrite', 'source', 'quickfix'];

/** A protocol range given by line and character numbers of its start and end. */
export interface LineRange {
  readonly startLine: number;
  readonly startCharacter: number;
  readonly endLine: number;
  readonly endCharacter: number;
}

/**
 * The parameters of a `textDocument/codeAction` request over `range` of the document `uri`,
 * carrying `diagnostics` (the server attaches its quick fix to `single-device-training`).
 */
export function horovodCodeActionParams(
  uri: string,
  range: LineRange,
  diagnostics: Diagnostic[],
): CodeActionParams {
  return {
    textDocument: { uri },
    range: {
      start: { line: range.startLine, character: range.startCharacter },
      end: { line: range.endLine, character: range.endCharacter },
    },
    context: { diagnostics, triggerKind: TRIGGER_INVOKED },
  };
}

/** Whether an item of a code action response is a `CodeAction` rather than a bare `Command`. */
export function isCodeAction(item: Command | CodeAction): item is CodeAction {
  return typeof item.command !== 'string';
}

function kindRank(action: CodeAction): number {
  const kind = action.kind ?? '';
  const index = PREFERRED_KINDS.findIndex((preferred) => kind === preferred || kind.startsWith(`${preferred}.`));
  return index === -1 ? PREFERRED_KINDS.length : index;
}

/**
 * The Horovod rewrite among `items` (a `textDocument/codeAction` result), or `undefined` when
 * the server does not offer it. Enabled actions come before disabled ones; among equals the kind
 * order `refactor.rewrite`, `source`, `quickfix` decides.
 */
export function pickHorovodAction(items: readonly (Command | CodeAction)[] | null | undefined): CodeAction | undefined {
  const candidates = (items ?? []).filter(isCodeAction).filter((action) => action.title === HOROVOD_ACTION_TITLE);
  candidates.sort((left, right) => {
    const disabled = Number(left.disabled !== undefined) - Number(right.disabled !== undefined);
    return disabled !== 0 ? disabled : kindRank(left) - kindRank(right);
  });
  return candidates[0];
}
