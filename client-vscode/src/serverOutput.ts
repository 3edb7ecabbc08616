/**
 * The "tensorls" output channel as the language client and the extension write to it: lines pass
 * through `ServerLogFilter`, and writes after `close` are dropped instead of reaching a disposed
 * channel (VS Code disposes an extension's subscriptions without waiting for `deactivate`).
 */
import * as vscode from 'vscode';
import { ServerLogFilter } from './serverLogFilter';

export class ServerOutput implements vscode.OutputChannel {
  private readonly filter = new ServerLogFilter();
  private closed = false;

  constructor(private readonly channel: vscode.OutputChannel) {}

  get name(): string {
    return this.channel.name;
  }

  /** A new server process starts (its settings are shown once more). */
  serverStarting(): void {
    this.filter.serverStarting();
  }

  append(value: string): void {
    this.write(this.filter.accept(value));
  }

  appendLine(value: string): void {
    this.write(this.filter.accept(`${value}\n`));
  }

  replace(value: string): void {
    if (!this.closed) {
      this.channel.replace(value);
    }
  }

  clear(): void {
    if (!this.closed) {
      this.channel.clear();
    }
  }

  show(columnOrPreserveFocus?: vscode.ViewColumn | boolean, preserveFocus?: boolean): void {
    if (this.closed) {
      return;
    }
    if (typeof columnOrPreserveFocus === 'boolean') {
      this.channel.show(columnOrPreserveFocus);
    } else {
      this.channel.show(columnOrPreserveFocus, preserveFocus);
    }
  }

  hide(): void {
    if (!this.closed) {
      this.channel.hide();
    }
  }

  /** The language client never disposes a channel it was given; the controller calls `close`. */
  dispose(): void {
    this.close();
  }

  /** Writes what is buffered, disposes the channel, and drops every later write. */
  close(): void {
    if (this.closed) {
      return;
    }
    this.write(this.filter.flush());
    this.closed = true;
    this.channel.dispose();
  }

  private write(lines: string[]): void {
    if (this.closed) {
      return;
    }
    for (const line of lines) {
      this.channel.appendLine(line);
    }
  }
}
