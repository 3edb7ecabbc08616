/**
 * The status bar item: whether the server is starting, running or stopped, and with which
 * interpreter. Clicking it shows the output channel.
 */
import * as vscode from 'vscode';

export const SHOW_OUTPUT_COMMAND = 'tensorls.showOutput';

export class ServerStatus implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;

  constructor() {
    this.item = vscode.window.createStatusBarItem('tensorls.status', vscode.StatusBarAlignment.Right, 100);
    this.item.name = 'tensorls';
    this.item.command = SHOW_OUTPUT_COMMAND;
  }

  starting(python: string): void {
    this.show('$(sync~spin) tensorls', `tensorls: starting with ${python}`, undefined);
  }

  running(python: string): void {
    this.show('$(check) tensorls', `tensorls: running with ${python}`, undefined);
  }

  stopped(reason: string): void {
    this.show('$(error) tensorls', `tensorls: ${reason}`, new vscode.ThemeColor('statusBarItem.errorBackground'));
  }

  dispose(): void {
    this.item.dispose();
  }

  private show(text: string, tooltip: string, background: vscode.ThemeColor | undefined): void {
    this.item.text = text;
    this.item.tooltip = tooltip;
    this.item.backgroundColor = background;
    this.item.show();
  }
}
