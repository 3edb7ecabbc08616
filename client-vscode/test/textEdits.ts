/**
 * Applying LSP text edits to a string, with positions in UTF-16 code units (the encoding the tests
 * negotiate, as VS Code does).
 */
import type { TextEdit, WorkspaceEdit } from 'vscode-languageclient';

function offsetAt(text: string, line: number, character: number): number {
  let offset = 0;
  for (let current = 0; current < line; current += 1) {
    const newline = text.indexOf('\n', offset);
    if (newline === -1) {
      return text.length;
    }
    offset = newline + 1;
  }
  const lineEnd = text.indexOf('\n', offset);
  return Math.min(offset + character, lineEnd === -1 ? text.length : lineEnd);
}

/** `text` after `edits`, which must not overlap (as the protocol requires). */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  const located = edits.map((edit) => ({
    start: offsetAt(text, edit.range.start.line, edit.range.start.character),
    end: offsetAt(text, edit.range.end.line, edit.range.end.character),
    newText: edit.newText,
  }));
  located.sort((left, right) => right.start - left.start || right.end - left.end);
  let result = text;
  for (const edit of located) {
    result = result.slice(0, edit.start) + edit.newText + result.slice(edit.end);
  }
  return result;
}

/** The text edits `edit` makes to `uri`, from either `documentChanges` or `changes`. */
export function editsForDocument(edit: WorkspaceEdit, uri: string): TextEdit[] {
  const fromDocumentChanges = (edit.documentChanges ?? []).flatMap((change) =>
    'textDocument' in change && change.textDocument.uri === uri ? change.edits.filter((item): item is TextEdit => 'range' in item) : [],
  );
  return [...fromDocumentChanges, ...(edit.changes?.[uri] ?? [])];
}
