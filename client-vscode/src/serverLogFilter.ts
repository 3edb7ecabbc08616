/**
 * What of the server's output reaches the "tensorls" output channel, free of the `vscode` module
 * so the Node tests run it. Text arrives in chunks (the server's stderr) or as whole lines (the
 * language client's own messages and the server's `window/logMessage`); it leaves as whole lines.
 *
 * Three kinds of line are noise and are changed, every other line passes unchanged:
 * - `settings: …` logged by the server again with the same settings since the server started
 *   (it logs them at `initialize`, after reading `workspace/configuration`, and after every
 *   `didChangeConfiguration`): kept only when they differ from the last ones shown;
 * - pygls's warning "Cancel notification for unknown message id": VS Code cancels a request the
 *   server has already answered, which is harmless; dropped;
 * - the language client's "Server process exited with code 0." logged as an error: a clean exit
 *   after a stop, shown as information.
 */

/** `[Level - time] message`, the language client's format for its lines and `window/logMessage`. */
const CLIENT_LINE = /^\[(Trace|Debug|Info|Warn|Error) *- ([^\]]*)\] (.*)$/;
const UNKNOWN_CANCEL = /Cancel notification for unknown message id/;
const CLEAN_EXIT = 'Server process exited with code 0.';
const SETTINGS_PREFIX = 'settings: ';

export class ServerLogFilter {
  private partial = '';
  private lastSettings: string | undefined;

  /** A new server process starts: its settings are shown again. */
  serverStarting(): void {
    this.lastSettings = undefined;
  }

  /** The complete lines of `text` (appended to what came before) that are shown, rewritten. */
  accept(text: string): string[] {
    const lines = (this.partial + text).split('\n');
    this.partial = lines.pop() ?? '';
    return lines.flatMap((line) => this.shown(line));
  }

  /** What is left of an unfinished last line, shown as a line; the filter is then empty. */
  flush(): string[] {
    const rest = this.partial;
    this.partial = '';
    return rest === '' ? [] : this.shown(rest);
  }

  private shown(line: string): string[] {
    if (UNKNOWN_CANCEL.test(line)) {
      return [];
    }
    const parsed = CLIENT_LINE.exec(line);
    if (parsed === null) {
      return [line];
    }
    const [, level, time, message] = parsed;
    if (level === 'Error' && message === CLEAN_EXIT) {
      return [`[Info  - ${time}] ${message}`];
    }
    if (level === 'Info' && message.startsWith(SETTINGS_PREFIX)) {
      if (message === this.lastSettings) {
        return [];
      }
      this.lastSettings = message;
    }
    return [line];
  }
}
