/**
 * Running the chosen interpreter: whether it can import tensorls.
 * Free of the `vscode` module so the Node tests run it for real.
 */
import { execFile } from 'node:child_process';
import { PROBE_ARGUMENTS } from './launchArguments';

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
