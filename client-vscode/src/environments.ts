/**
 * What kind of Python environment an interpreter belongs to, and making a project virtual
 * environment: what "Install tensorls" needs to decide where it may install. Free of the `vscode`
 * module so the Node tests run it for real.
 *
 * Installing into a global interpreter (the system's, a pyenv or Homebrew Python) changes every
 * program that uses it, and a system Python marked "externally managed" (PEP 668) refuses pip
 * altogether; a virtual environment (venv, virtualenv) or a conda environment belongs to a
 * project. The extension installs into the latter when asked, and for the former offers a
 * `.venv` in the workspace folder instead (see `installation.ts`).
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

/** An interpreter's environment, as the interpreter itself reports it. */
export interface Environment {
  /** `virtual` (venv/virtualenv), `conda`, or `global` (anything else). */
  readonly kind: 'virtual' | 'conda' | 'global';
  /** PEP 668: pip refuses to install into it (only ever true for a global interpreter). */
  readonly externallyManaged: boolean;
  /** `sys.prefix`. */
  readonly prefix: string;
  /** `major.minor`. */
  readonly version: string;
}

/** Run with `python -I -c`: isolated, so nothing of the working folder or the user site runs. */
const DESCRIBE = [
  'import json, os, sys, sysconfig',
  'stdlib = sysconfig.get_paths().get("stdlib") or ""',
  'virtual = sys.prefix != getattr(sys, "base_prefix", sys.prefix)',
  'print(json.dumps({"virtual": virtual,',
  ' "conda": os.path.isdir(os.path.join(sys.prefix, "conda-meta")),',
  ' "marker": os.path.isfile(os.path.join(stdlib, "EXTERNALLY-MANAGED")),',
  ' "prefix": sys.prefix, "version": "%d.%d" % sys.version_info[:2]}))',
].join('\n');

/** The environment of `python`, or `undefined` when it cannot be run or answers nonsense. */
export function describeEnvironment(python: string): Promise<Environment | undefined> {
  return new Promise((resolve) => {
    execFile(python, ['-I', '-c', DESCRIBE], { timeout: 30000 }, (error, stdout) => {
      if (error !== null) {
        resolve(undefined);
        return;
      }
      try {
        const found = JSON.parse(stdout) as { virtual: boolean; conda: boolean; marker: boolean; prefix: string; version: string };
        const kind = found.virtual ? 'virtual' : found.conda ? 'conda' : 'global';
        resolve({ kind, externallyManaged: kind === 'global' && found.marker, prefix: found.prefix, version: found.version });
      } catch {
        resolve(undefined);
      }
    });
  });
}

/** The name of the project virtual environment the extension makes in a workspace folder. */
export const PROJECT_VENV = '.venv';

/** The interpreter of the virtual environment at `venv` (POSIX or Windows layout). */
export function venvInterpreter(venv: string, platform: NodeJS.Platform = process.platform): string {
  return platform === 'win32' ? path.join(venv, 'Scripts', 'python.exe') : path.join(venv, 'bin', 'python');
}

/** `folder/.venv`'s interpreter when that virtual environment exists, else `undefined`. */
export function existingProjectVenv(folder: string | undefined): string | undefined {
  if (folder === undefined) {
    return undefined;
  }
  const python = venvInterpreter(path.join(folder, PROJECT_VENV));
  return fs.existsSync(python) ? python : undefined;
}

/**
 * Makes `folder/.venv` with `python -I -m venv` (kept when it exists already), passing what it
 * prints to `write`; resolves to the new environment's interpreter, or `undefined` when venv
 * failed. Never throws.
 */
export function createProjectVenv(python: string, folder: string, write: (text: string) => void): Promise<string | undefined> {
  const venv = path.join(folder, PROJECT_VENV);
  const existing = existingProjectVenv(folder);
  if (existing !== undefined) {
    write(`${venv} exists already; using it\n`);
    return Promise.resolve(existing);
  }
  write(`> ${python} -I -m venv ${venv}\n`);
  return new Promise((resolve) => {
    execFile(python, ['-I', '-m', 'venv', venv], { timeout: 300000 }, (error, stdout, stderr) => {
      write(stdout + stderr);
      if (error !== null) {
        write(`venv failed: ${error.message}\n`);
        resolve(undefined);
        return;
      }
      resolve(existingProjectVenv(folder));
    });
  });
}
