// Builds the tensorls server wheel from the repository into server/ (or the folder given as the
// first argument), which `vsce package` ships in the .vsix so that "Install tensorls" works with
// only a package index (for the wheel's dependencies). The repository is TENSORLS_REPOSITORY_ROOT, else the parent of this folder; the
// Python that runs `pip wheel` is TENSORLS_PYTHON, else python3.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

const repository = process.env.TENSORLS_REPOSITORY_ROOT ?? path.resolve('..');
const python = process.env.TENSORLS_PYTHON ?? 'python3';
const folder = path.resolve(process.argv[2] ?? 'server');

fs.rmSync(folder, { recursive: true, force: true });
fs.mkdirSync(folder, { recursive: true });
execFileSync(python, ['-m', 'pip', 'wheel', '--no-deps', '--disable-pip-version-check', '--quiet', '--wheel-dir', folder, repository], {
  stdio: ['ignore', 'inherit', 'inherit'],
});
const wheels = fs.readdirSync(folder).filter((name) => /^tensorls-[^-]+-py3-none-any\.whl$/.test(name));
if (wheels.length !== 1) {
  console.error(`expected one tensorls wheel in ${folder}, found: ${fs.readdirSync(folder).join(', ') || 'nothing'}`);
  process.exit(1);
}
console.log(`server wheel: ${path.join(folder, wheels[0])}`);
