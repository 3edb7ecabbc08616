/**
 * A minimal LSP client over `vscode-jsonrpc` (the library vscode-languageclient is built on) that
 * starts the real Python server over stdio with the extension's own command line
 * (`SERVER_ARGUMENTS`).
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createMessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type MessageConnection,
} from 'vscode-jsonrpc/node';
import { SERVER_ARGUMENTS } from '../src/launchArguments';
import type { Diagnostic, FullDocumentDiagnosticReport, InitializeResult, PublishDiagnosticsParams } from 'vscode-languageclient';

/** Longest wait for a server answer before a test fails instead of hanging. */
const ANSWER_LIMIT_MS = 60000;

/**
 * The repository root: `TENSORLS_REPOSITORY_ROOT` (the pytest suite builds a private copy of
 * `client-vscode/`), else the parent of `client-vscode/`, where `npm test` runs.
 */
export const REPOSITORY_ROOT = process.env.TENSORLS_REPOSITORY_ROOT ?? path.resolve(process.cwd(), '..');

/** `TENSORLS_PYTHON`, else the repository's `.venv/bin/python`. */
export function pythonInterpreter(): string {
  return process.env.TENSORLS_PYTHON ?? path.join(REPOSITORY_ROOT, '.venv', 'bin', 'python');
}

/** The text of a fixture shared with the Neovim tests in `tests/clients/fixtures/`. */
export function readFixture(name: string): string {
  return fs.readFileSync(path.join(REPOSITORY_ROOT, 'tests', 'clients', 'fixtures', name), 'utf8');
}

/** A `file://` URI for a (never written) file `name` in the system's temporary folder. */
export function documentUri(name: string): string {
  return pathToFileURL(path.join(fs.realpathSync(process.env.TMPDIR ?? '/tmp'), name)).toString();
}

export class LspSession {
  readonly connection: MessageConnection;
  private readonly server: ChildProcessWithoutNullStreams;
  private readonly diagnostics = new Map<string, PublishDiagnosticsParams>();
  private readonly waiters: (() => void)[] = [];
  private stderr = '';
  initializeResult: InitializeResult | undefined;

  /**
   * `pullDiagnostics`: announce `textDocument.diagnostic` as vscode-languageclient 9 does (the
   * server then answers `textDocument/diagnostic` and does not push); otherwise the server pushes.
   * `cwd`: the server's working directory (the workspace folder, for the extension).
   */
  constructor(
    settings: object,
    private readonly pullDiagnostics: boolean,
    cwd: string = REPOSITORY_ROOT,
  ) {
    this.server = spawn(pythonInterpreter(), [...SERVER_ARGUMENTS], { cwd });
    this.server.stderr.on('data', (chunk: Buffer) => {
      this.stderr += chunk.toString();
    });
    this.connection = createMessageConnection(
      new StreamMessageReader(this.server.stdout),
      new StreamMessageWriter(this.server.stdin),
    );
    this.connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
      this.diagnostics.set(params.uri, params);
      for (const wake of this.waiters.splice(0)) {
        wake();
      }
    });
    this.connection.onRequest('workspace/configuration', (params: { items: { section?: string }[] }) =>
      params.items.map((item) => (item.section === 'tensorls' ? settings : item.section === undefined ? { tensorls: settings } : null)),
    );
    this.connection.onRequest('client/registerCapability', () => null);
    this.connection.onRequest('client/unregisterCapability', () => null);
    this.connection.onRequest('window/workDoneProgress/create', () => null);
    this.connection.onRequest('workspace/diagnostic/refresh', () => null);
    this.connection.onRequest('workspace/inlayHint/refresh', () => null);
    this.connection.onNotification('window/logMessage', () => undefined);
    this.connection.listen();
  }

  /** What the server wrote to stderr so far, for failure messages. */
  get serverLog(): string {
    return this.stderr;
  }

  /** Sends `initialize` with the capabilities VS Code's client announces for these features. */
  async initialize(settings: object): Promise<InitializeResult> {
    const result = await this.request<InitializeResult>('initialize', {
      processId: process.pid,
      clientInfo: { name: 'tensorls-vscode-tests' },
      rootUri: null,
      workspaceFolders: null,
      initializationOptions: settings,
      capabilities: {
        general: { positionEncodings: ['utf-16'] },
        workspace: {
          configuration: true,
          workspaceEdit: { documentChanges: true },
          didChangeConfiguration: { dynamicRegistration: true },
          ...(this.pullDiagnostics ? { diagnostics: { refreshSupport: true } } : {}),
        },
        textDocument: {
          synchronization: { dynamicRegistration: true, didSave: true },
          publishDiagnostics: { relatedInformation: true, versionSupport: true, codeDescriptionSupport: true, dataSupport: true },
          ...(this.pullDiagnostics ? { diagnostic: { dynamicRegistration: true, relatedDocumentSupport: false } } : {}),
          hover: { contentFormat: ['markdown', 'plaintext'] },
          inlayHint: { dynamicRegistration: true },
          codeAction: {
            dynamicRegistration: true,
            isPreferredSupport: true,
            disabledSupport: true,
            dataSupport: true,
            resolveSupport: { properties: ['edit'] },
            codeActionLiteralSupport: {
              codeActionKind: { valueSet: ['', 'quickfix', 'refactor', 'refactor.rewrite', 'source'] },
            },
          },
        },
      },
    });
    this.initializeResult = result;
    this.connection.sendNotification('initialized', {});
    this.connection.sendNotification('workspace/didChangeConfiguration', { settings: { tensorls: settings } });
    return result;
  }

  open(uri: string, text: string): void {
    this.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'python', version: 1, text },
    });
  }

  /** Sends a request; rejects when the server has not answered within the answer limit. */
  request<R>(method: string, params: unknown): Promise<R> {
    return this.limited(this.connection.sendRequest<R>(method, params), () => `no answer to ${method}`);
  }

  /**
   * The diagnostics of version `version` of `uri` once the server has analysed it: pulled with
   * `textDocument/diagnostic` (which the server answers when the analysis has settled), or the
   * first push for that version (the server pushes only complete analyses).
   */
  async analysedDiagnostics(uri: string, version: number): Promise<Diagnostic[]> {
    if (this.pullDiagnostics) {
      const report = await this.request<FullDocumentDiagnosticReport>('textDocument/diagnostic', { textDocument: { uri } });
      assert.equal(report.kind, 'full');
      return report.items;
    }
    const waiting = new Promise<Diagnostic[]>((resolve) => {
      const check = (): void => {
        const published = this.diagnostics.get(uri);
        if (published !== undefined && (published.version === undefined || published.version === version)) {
          resolve(published.diagnostics);
        } else {
          this.waiters.push(check);
        }
      };
      check();
    });
    return this.limited(waiting, () => `no diagnostics for version ${version} of ${uri}; last published: ${JSON.stringify(this.diagnostics.get(uri))}`);
  }

  /** Shuts the server down and waits for its process to end. */
  async close(): Promise<void> {
    const exited = new Promise<void>((resolve) => {
      if (this.server.exitCode !== null || this.server.signalCode !== null) {
        resolve();
      } else {
        this.server.once('exit', () => resolve());
      }
    });
    try {
      await this.request('shutdown', null);
      this.connection.sendNotification('exit');
      await this.limited(exited, () => 'the server did not exit');
    } finally {
      this.connection.dispose();
      if (this.server.exitCode === null && this.server.signalCode === null) {
        this.server.kill();
      }
    }
  }

  private limited<T>(promise: Promise<T>, failure: () => string): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${failure()}\nserver stderr:\n${this.stderr}`)), ANSWER_LIMIT_MS);
    });
    return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
  }
}
