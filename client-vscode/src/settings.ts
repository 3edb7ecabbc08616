/**
 * The `tensorls` settings section as the server reads it (`mode`, `inlayHints`, `timeBudgetMs`,
 * `debounceMs`). `interpreter` is the client's own and is not sent.
 */
import * as vscode from 'vscode';

export const SETTINGS_SECTION = 'tensorls';

export interface ServerSettings {
  readonly mode: 'certain' | 'possible';
  readonly inlayHints: boolean;
  readonly timeBudgetMs: number;
  readonly debounceMs: number;
}

/** The server's settings for `scope` (a document or workspace folder), defaults from package.json. */
export function serverSettings(scope: vscode.ConfigurationScope | undefined): ServerSettings {
  const config = vscode.workspace.getConfiguration(SETTINGS_SECTION, scope);
  return {
    mode: config.get<string>('mode') === 'possible' ? 'possible' : 'certain',
    inlayHints: config.get<boolean>('inlayHints', true),
    timeBudgetMs: config.get<number>('timeBudgetMs', 2000),
    debounceMs: config.get<number>('debounceMs', 30),
  };
}
