/**
 * What the missing-tensorls notification says and offers, by the interpreter's environment (see
 * `installation.ts` for the flow and `environments.ts` for the kinds). Free of the `vscode`
 * module so the Node tests check every case.
 */
import { PROJECT_VENV, type Environment } from './environments';

export const INSTALL = 'Install tensorls';
export const CREATE_VENV = `Create ${PROJECT_VENV} and install`;
export const INSTALL_GLOBAL = 'Install into this interpreter';
export const OPEN_SETTINGS = 'Open Settings';

/** How an environment is named to the user. */
export function environmentLabel(environment: Environment | undefined): string {
  if (environment === undefined) {
    return 'an interpreter that could not describe its environment';
  }
  if (environment.kind === 'global') {
    const managed = environment.externallyManaged ? ', externally managed (PEP 668)' : '';
    return `a global Python ${environment.version} at ${environment.prefix}${managed}`;
  }
  return `a ${environment.kind} environment of Python ${environment.version} at ${environment.prefix}`;
}

/** What the missing-tensorls notification says and offers for `python` in `environment`. */
export function missingOffer(
  python: string,
  environment: Environment | undefined,
  wheel: string | undefined,
  folder: string | undefined,
): { message: string; actions: string[] } {
  const subject = `tensorls is not installed for the Python interpreter "${python}" (${environmentLabel(environment)}).`;
  if (wheel === undefined) {
    return { message: subject, actions: [OPEN_SETTINGS] };
  }
  if (environment?.kind !== 'global') {
    return { message: subject, actions: [INSTALL, OPEN_SETTINGS] };
  }
  const actions = folder === undefined ? [] : [CREATE_VENV];
  if (!environment.externallyManaged) {
    actions.push(INSTALL_GLOBAL);
  }
  actions.push(OPEN_SETTINGS);
  const advice =
    folder === undefined
      ? ' Open a folder to make a virtual environment for it, or choose another interpreter.'
      : ` Install it into a new virtual environment ${PROJECT_VENV} in ${folder}?`;
  return { message: subject + advice, actions };
}
