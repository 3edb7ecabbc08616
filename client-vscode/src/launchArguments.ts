/**
 * The arguments every Python process of the extension is started with, after the interpreter:
 * the language server, the probe for tensorls and pip (installing the bundled server wheel).
 *
 * The server and the probe run in the workspace folder, and `python -m tensorls` would put that
 * folder first on `sys.path`: opening a folder holding `json.py`, `numpy.py` or `tensorls/` would
 * execute that code. So each line is `python -c LAUNCHER ...`, where LAUNCHER removes every
 * working-directory entry from `sys.path` before it imports anything that Python has not already
 * loaded, then runs the tensorls command line (or pip). `-P` would do the same but exists only from
 * Python 3.11, and `-I` also drops `PYTHONPATH` and the user site (`pip install --user`).
 *
 * The lists live in `launchArguments.json` so that the Python tests start exactly these lines;
 * `client-nvim/lsp/tensorls.lua` uses the same LAUNCHER.
 */
import launchArguments from './launchArguments.json';

/** `python -c LAUNCHER serve`: the language server over stdio. */
export const SERVER_ARGUMENTS: readonly string[] = launchArguments.server;

/** `python -c LAUNCHER --version`: exits 0 when this interpreter can run tensorls. */
export const PROBE_ARGUMENTS: readonly string[] = launchArguments.probe;

/** `python -c PIP_LAUNCHER`: `python -m pip`, safely; pip's own arguments follow. */
export const PIP_ARGUMENTS: readonly string[] = launchArguments.pip;
