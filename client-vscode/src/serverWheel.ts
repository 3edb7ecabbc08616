/**
 * The server wheel shipped inside the .vsix (`server/tensorls-<version>-py3-none-any.whl`, built
 * from the repository when the extension is packaged) and installing it with pip. Free of the
 * `vscode` module so the Node tests run it for real.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PIP_ARGUMENTS } from './launchArguments';

/** Folder of the .vsix (relative to the extension's root) that holds the server wheel. */
export const WHEEL_FOLDER = 'server';

/** The path of the server wheel in the extension at `extensionPath`, if there is one. */
export function bundledWheel(extensionPath: string): string | undefined {
  const folder = path.join(extensionPath, WHEEL_FOLDER);
  let names: string[];
  try {
    names = fs.readdirSync(folder);
  } catch {
    return undefined;
  }
  const wheel = names.find((name) => /^tensorls-[^-]+-py3-none-any\.whl$/.test(name));
  return wheel === undefined ? undefined : path.join(folder, wheel);
}

/**
 * Runs `python -m pip install <wheel>` (as `python -c PIP_LAUNCHER install ...`, which keeps the
 * working directory off `sys.path`; the dependencies come from the package index pip is set up with), passing pip's output to `write`; resolves to whether pip succeeded. Never throws.
 */
export function pipInstallWheel(python: string, wheel: string, write: (text: string) => void): Promise<boolean> {
  const args = [...PIP_ARGUMENTS, 'install', '--disable-pip-version-check', wheel];
  write(`> ${python} -m pip install --disable-pip-version-check ${wheel}\n`);
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
