/**
 * Owns the language client: resolves the interpreter, makes sure tensorls is importable there,
 * starts the server over stdio (`python -c LAUNCHER serve`, see `launchArguments.ts`), and stops
 * or restarts it. It owns the output channel and the status bar item too, and disposes them only
 * after the client has stopped.
 */
import * as vscode from 'vscode';
import {
  LanguageClient,
  ResponseError,
  State,
  type LanguageClientOptions,
  type ServerOptions,
} from 'vscode-languageclient/node';
import { offerFix } from './installation';
import { resolveInterpreter } from './interpreter';
import { SERVER_ARGUMENTS } from './launchArguments';
import { probeTensorls } from './probe';
import type { ServerOutput } from './serverOutput';
import { SETTINGS_SECTION, serverSettings, withoutClientKeys } from './settings';
import type { ServerStatus } from './statusBar';

export class ServerController {
  private current: LanguageClient | undefined;
  /** Clients a restart will stop: they are sent nothing more (no configuration change). */
  private readonly retired = new Set<LanguageClient>();
  private pending: Promise<void> = Promise.resolve();

  constructor(
    private readonly output: ServerOutput,
    private readonly status: ServerStatus,
    private readonly wheel: string | undefined,
  ) {}

  /** The running client, if any and not about to be restarted. */
  get client(): LanguageClient | undefined {
    const client = this.current;
    return client?.state === State.Running && !this.retired.has(client) ? client : undefined;
  }

  /** Starts the server unless it runs; calls are serialised with `stop` and `restart`. */
  start(): Promise<void> {
    return this.serialise(() => this.startNow());
  }

  /**
   * Stops the server and starts it again with a freshly resolved interpreter. The running client
   * is retired at once, before the stop is scheduled, so that a configuration change that caused
   * the restart is not sent to a client being stopped.
   */
  restart(): Promise<void> {
    if (this.current !== undefined) {
      this.retired.add(this.current);
    }
    return this.serialise(async () => {
      await this.stopNow();
      await this.startNow();
    });
  }

  /** Stops the server, then disposes the status bar item and the output channel. */
  dispose(): Promise<void> {
    return this.serialise(async () => {
      await this.stopNow();
      this.status.dispose();
      this.output.close();
    });
  }

  private serialise(step: () => Promise<void>): Promise<void> {
    this.pending = this.pending.then(step, step);
    return this.pending;
  }

  private async startNow(): Promise<void> {
    if (this.current !== undefined) {
      return;
    }
    const resource = vscode.window.activeTextEditor?.document.uri;
    const interpreter = await resolveInterpreter(resource);
    this.output.appendLine(`tensorls: interpreter ${interpreter.path} (from ${interpreter.source})`);
    this.status.starting(interpreter.path);
    const cwd = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    const probe = await probeTensorls(interpreter.path, cwd);
    if (probe !== 'importable') {
      this.status.stopped(`tensorls is not available for ${interpreter.path}`);
      void offerFix(interpreter.path, probe, this.wheel, this.output, cwd, () => void this.start());
      return;
    }
    const serverOptions: ServerOptions = {
      command: interpreter.path,
      args: [...SERVER_ARGUMENTS],
      options: { cwd },
    };
    const clientOptions: LanguageClientOptions = {
      documentSelector: [
        { scheme: 'file', language: 'python' },
        { scheme: 'untitled', language: 'python' },
        { notebook: 'jupyter-notebook', language: 'python' },
        { scheme: 'vscode-notebook-cell', language: 'python' },
      ],
      outputChannel: this.output,
      initializationOptions: serverSettings(resource),
      synchronize: { configurationSection: SETTINGS_SECTION },
      middleware: {
        workspace: {
          didChangeConfiguration: async (sections, next) => {
            if (this.current !== client || this.retired.has(client)) {
              return;
            }
            try {
              await next(sections);
            } catch (error) {
              if (this.current === client && !this.retired.has(client)) {
                throw error;
              }
            }
          },
          configuration: async (params, token, next) => {
            const answer = await next(params, token);
            if (answer instanceof ResponseError) {
              return answer;
            }
            return answer.map((value, index) =>
              params.items[index]?.section === SETTINGS_SECTION ? withoutClientKeys(value) : value,
            );
          },
        },
      },
    };
    const client = new LanguageClient('tensorls', 'tensorls', serverOptions, clientOptions);
    client.onDidChangeState((change) => {
      if (change.newState === State.Stopped && this.current === client) {
        this.status.stopped('the server stopped; run "tensorls: Restart server"');
      }
    });
    this.current = client;
    this.output.serverStarting();
    try {
      await client.start();
      this.status.running(interpreter.path);
    } catch (error) {
      this.current = undefined;
      const message = error instanceof Error ? error.message : String(error);
      this.output.appendLine(`tensorls: the server failed to start: ${message}`);
      this.status.stopped(`the server failed to start: ${message}`);
    }
  }

  private async stopNow(): Promise<void> {
    const client = this.current;
    this.current = undefined;
    if (client === undefined) {
      return;
    }
    try {
      await client.dispose(5000);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.output.appendLine(`tensorls: stopping the server failed: ${message}`);
    } finally {
      this.retired.delete(client);
    }
    this.status.stopped('stopped');
  }
}
