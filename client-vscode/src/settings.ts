/**
 * The `tensorls` settings section as the server reads it (`mode`, `inlayHints`, `timeBudgetMs`,
 * `debounceMs`, `extraPaths`). `interpreter` is the client's own and is not sent.
 */
import * as vscode from 'vscode';

export const SETTINGS_SECTION = 'tensorls';

/** Keys of the section that only the client reads; the server is never sent them. */
const CLIENT_ONLY_KEYS: readonly string[] = ['interpreter'];

export interface ServerSettings {
  readonly mode: 'certain' | 'possible';
  readonly inlayHints: boolean;
  readonly timeBudgetMs: number;
  readonly debounceMs: number;
  readonly extraPaths: readonly string[];
}

/** The server's settings for `scope` (a document or workspace folder), defaults from package.json. */
export function serverSettings(scope: vscode.ConfigurationScope | undefined): ServerSettings {
  const config = vscode.workspace.getConfiguration(SETTINGS_SECTION, scope);
  return {
    mode: config.get<string>('mode') === 'possible' ? 'possible' : 'certain',
    inlayHints: config.get<boolean>('inlayHints', true),
    timeBudgetMs: config.get<number>('timeBudgetMs', 2000),
    debounceMs: config.get<number>('debounceMs', 30),
    extraPaths: config.get<string[]>('extraPaths', []).filter((entry) => typeof entry === 'string'),
  };
}

/** `section` (the `tensorls` section as VS Code answers it) without the client-only keys. */
export function withoutClientKeys(section: unknown): unknown {
  if (typeof section !== 'object' || section === null || Array.isArray(section)) {
    return section;
  }
  return Object.fromEntries(Object.entries(section).filter(([key]) => !CLIENT_ONLY_KEYS.includes(key)));
}
