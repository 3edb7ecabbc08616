/**
 * Owns the language client: resolves the interpreter, makes sure tensorls is importable there,
 * starts the server over stdio (`python -c LAUNCHER serve`, see `launchArguments.ts`), and stops
 * or restarts it.
 */
import * as vscode from 'vscode';
import {
  LanguageClient,
  ResponseError,
  State,
  type LanguageClientOptions,
  type ServerOptions,
} from 'vscode-languageclient/node';
import { ensureTensorls } from './installation';
import { resolveInterpreter } from './interpreter';
import { SERVER_ARGUMENTS } from './launchArguments';
import { SETTINGS_SECTION, serverSettings, withoutClientKeys } from './settings';
import type { ServerStatus } from './statusBar';

export class ServerController implements vscode.Disposable {
  private current: LanguageClient | undefined;
  private pending: Promise<void> = Promise.resolve();

  constructor(
    private readonly channel: vscode.OutputChannel,
    private readonly status: ServerStatus,
  ) {}

  /** The running client, if any. */
  get client(): LanguageClient | undefined {
    return this.current?.state === State.Running ? this.current : undefined;
  }

  /** Starts the server unless it runs; calls are serialised with `stop` and `restart`. */
  start(): Promise<void> {
    return this.serialise(() => this.startNow());
  }

  /** Stops the server and starts it again with a freshly resolved interpreter. */
  restart(): Promise<void> {
    return this.serialise(async () => {
      await this.stopNow();
      await this.startNow();
    });
  }

  dispose(): Promise<void> {
    return this.serialise(() => this.stopNow());
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
    this.channel.appendLine(`tensorls: interpreter ${interpreter.path} (from ${interpreter.source})`);
    this.status.starting(interpreter.path);
    const cwd = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    if (!(await ensureTensorls(interpreter.path, cwd, this.channel))) {
      this.status.stopped(`tensorls is not available for ${interpreter.path}`);
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
      ],
      outputChannel: this.channel,
      initializationOptions: serverSettings(resource),
      synchronize: { configurationSection: SETTINGS_SECTION },
      middleware: {
        workspace: {
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
    try {
      await client.start();
      this.status.running(interpreter.path);
    } catch (error) {
      this.current = undefined;
      const message = error instanceof Error ? error.message : String(error);
      this.channel.appendLine(`tensorls: the server failed to start: ${message}`);
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
      this.channel.appendLine(`tensorls: stopping the server failed: ${message}`);
    }
    this.status.stopped('stopped');
  }
}
