/**
 * Running the chosen interpreter: whether it can import tensorls, and `pip install tensorls`.
 * Free of the `vscode` module so the Node tests run it for real.
 */
import { execFile, spawn } from 'node:child_process';
import { PIP_INSTALL_ARGUMENTS, PROBE_ARGUMENTS } from './launchArguments';

/** What probing an interpreter found. */
export type ProbeResult = 'importable' | 'missing' | 'no-interpreter';

/**
 * Runs `python -c LAUNCHER --version` (the server's launcher, see `launchArguments.ts`) in `cwd`
 * (the folder the server will run in): `importable` when it exits 0, `no-interpreter` when the
 * interpreter itself cannot be started, `missing` otherwise. Never throws.
 */
export function probeTensorls(python: string, cwd: string | undefined): Promise<ProbeResult> {
  return new Promise((resolve) => {
    execFile(python, [...PROBE_ARGUMENTS], { cwd, timeout: 30000 }, (error) => {
      if (error === null) {
        resolve('importable');
      } else if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        resolve('no-interpreter');
      } else {
        resolve('missing');
      }
    });
  });
}

/**
 * Runs `python -m pip install tensorls` (as `python -c PIP_LAUNCHER install tensorls`, which keeps
 * the working directory off `sys.path`), passing its output to `write`; resolves to whether pip
 * succeeded. Never throws.
 */
export function pipInstallTensorls(python: string, write: (text: string) => void): Promise<boolean> {
  const args = [...PIP_INSTALL_ARGUMENTS];
  write(`> ${python} -m pip install tensorls\n`);
  return new Promise((resolve) => {
    const child = spawn(python, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => write(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => write(chunk.toString()));
    child.on('error', (error) => {
      write(`pip could not be started: ${error.message}\n`);
      resolve(false);
    });
    child.on('close', (code) => {
      write(`pip exited with code ${code ?? 'null'}\n`);
      resolve(code === 0);
    });
  });
}
