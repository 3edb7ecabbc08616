// Drives a real VS Code (code-server's workbench in headless Chromium, through playwright-core)
// with the tensorls extension installed, step by step, and writes a screenshot of each step.
//
// Usage: node drive.cjs CONFIG.json, where CONFIG holds
//   url          the workbench URL with ?folder=<workspace>
//   python       the interpreter that has tensorls
//   basePython   the global interpreter it was made from (no tensorls)
//   baseExternallyManaged  whether that interpreter is externally managed (PEP 668)
//   screenshots  the folder the screenshots go to
//   chromium     Chromium's executable
// playwright-core is loaded from $TENSORLS_PLAYWRIGHT_CORE.
//
// Every step waits for what the user would see, with a limit that only detects a hang; the first
// step whose expectation is not met stops the run with exit status 1, its reason on stderr and a
// screenshot "failure.png". Each step prints "step: <name>" when it passed.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { chromium } = require(process.env.TENSORLS_PLAYWRIGHT_CORE);

const config = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const LIMIT_MS = 90000;
/** Making a virtual environment and pip-installing the server wheel with its dependencies. */
const INSTALL_LIMIT_MS = 600000;
const MODIFIER = 'Control';

let page;

function passed(name) {
  console.log(`step: ${name}`);
}

/** A screenshot, once the workbench's fade-in animations (hovers, menus) have ended. */
async function shot(name) {
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(config.screenshots, `${name}.png`) });
}

/** Changes a user setting in the Settings editor, then closes it (back to the previous editor). */
async function setSetting(key, value) {
  await runCommand('Preferences: Open User Settings');
  const search = page.locator('.settings-editor .suggest-input-container .monaco-editor textarea');
  await search.waitFor({ timeout: LIMIT_MS });
  await search.fill(key);
  const item = page.locator(`.settings-editor .setting-item-contents[data-key="${key}"]`).first();
  await item.waitFor({ timeout: LIMIT_MS });
  if (typeof value === 'boolean') {
    const checkbox = item.locator('.setting-value-checkbox');
    if ((await checkbox.getAttribute('aria-checked')) !== String(value)) {
      await checkbox.click();
    }
    await item.locator(`.setting-value-checkbox[aria-checked="${value}"]`).waitFor({ timeout: LIMIT_MS });
  } else {
    const input = item.locator('input').first();
    await input.fill(value);
    await input.press('Tab');
  }
  await page.waitForTimeout(1000);
  await page.keyboard.press(`${MODIFIER}+W`);
  await page.locator('.tab.active .label-name', { hasText: 'Settings' }).waitFor({ state: 'detached', timeout: LIMIT_MS });
}

/** The text of the editor's rendered lines (inlay hints included), one string per line. */
async function editorLines() {
  const lines = await page.locator('.editor-instance .view-line').allInnerTexts();
  return lines.map((line) => line.replace(/\u00a0/g, ' '));
}

async function waitForEditorText(predicate, what) {
  const started = Date.now();
  for (;;) {
    const lines = await editorLines();
    if (predicate(lines.join('\n'))) {
      return;
    }
    if (Date.now() - started > LIMIT_MS) {
      throw new Error(`the editor never showed ${what}; it showed:\n${lines.join('\n')}`);
    }
    await page.waitForTimeout(250);
  }
}

async function runCommand(title) {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: LIMIT_MS });
  await input.fill(`>${title}`);
  await page.locator('.quick-input-list .monaco-list-row.focused', { hasText: title }).first().waitFor({ timeout: LIMIT_MS });
  await page.keyboard.press('Enter');
}

async function openFile(name) {
  await page.keyboard.press(`${MODIFIER}+P`);
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: LIMIT_MS });
  await input.fill(name);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: name }).first().waitFor({ timeout: LIMIT_MS });
  await page.keyboard.press('Enter');
  await page.locator('.tab.active', { hasText: name }).waitFor({ timeout: LIMIT_MS });
  await page.locator('.editor-instance .view-line').first().waitFor({ timeout: LIMIT_MS });
}

async function goTo(line, column) {
  await page.keyboard.press(`${MODIFIER}+G`);
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: LIMIT_MS });
  await input.fill(`:${line}:${column}`);
  await page.keyboard.press('Enter');
  await input.waitFor({ state: 'hidden', timeout: LIMIT_MS });
}

async function closeWidgets() {
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
}

/** The status bar item of tensorls; `icon` is the codicon its text starts with. */
async function waitForStatus(icon) {
  await page.locator(`.statusbar-item:has-text("tensorls") .codicon-${icon}`).first().waitFor({ timeout: LIMIT_MS });
}

async function diagnosticAndProblems() {
  await openFile('mlp_backprop.py');
  await waitForStatus('check');
  const squiggle = page.locator('.editor-instance .squiggly-error').first();
  await squiggle.waitFor({ state: 'attached', timeout: LIMIT_MS });
  const box = await squiggle.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const hover = page.locator('.monaco-hover:visible', { hasText: 'size 64 is different from 4' });
  await hover.first().waitFor({ timeout: LIMIT_MS });
  await shot('01-diagnostic');
  passed('the shape error is squiggled and its hover gives the message');
  await page.mouse.move(5, 400);
  await closeWidgets();

  await page.keyboard.press(`${MODIFIER}+Shift+M`);
  const problems = page.locator('.markers-panel');
  await problems.locator('.monaco-list-row', { hasText: 'matmul' }).first().waitFor({ timeout: LIMIT_MS });
  await problems.locator('.monaco-list-row', { hasText: 'shape (256, 4) established here' }).first().waitFor({ timeout: LIMIT_MS });
  await problems.locator('.monaco-list-row', { hasText: 'shape (64, 4) established here' }).first().waitFor({ timeout: LIMIT_MS });
  await shot('02-problems');
  passed('the Problems panel lists the error with its two related locations');
  await page.keyboard.press(`${MODIFIER}+J`);
}

async function hoverWithShape() {
  await page.locator('.editor-instance .view-lines').click({ position: { x: 5, y: 5 } });
  await goTo(19, 29);
  await page.keyboard.press(`${MODIFIER}+K`);
  await page.keyboard.press(`${MODIFIER}+I`);
  await page.locator('.monaco-hover:visible', { hasText: 'W1: ndarray[float64, (20, 64)]' }).first().waitFor({ timeout: LIMIT_MS });
  await shot('03-hover');
  passed('hover on W1 shows its shape (20, 64)');
  await closeWidgets();
}

async function inlayHintsFollowTheSetting() {
  const hinted = (text) => text.includes('W1: (20, 64) = rng.normal');
  await waitForEditorText(hinted, 'the inlay hint "W1: (20, 64)"');
  await waitForEditorText((text) => text.includes('    W1 -= 0.05 * X.T @ grad_hidden'), 'the in-place update of W1 without a hint');
  await shot('04-inlay-hints-on');
  await setSetting('tensorls.inlayHints', false);
  await waitForEditorText((text) => !hinted(text) && text.includes('W1 = rng.normal'), 'W1 without its hint');
  await shot('05-inlay-hints-off');
  await setSetting('tensorls.inlayHints', true);
  await waitForEditorText(hinted, 'the inlay hint "W1: (20, 64)" again');
  passed('inlay hints appear, disappear and reappear with tensorls.inlayHints');
}

/**
 * Opens a code action menu with `keys` until it lists "Distribute with Horovod"; a menu that
 * came back without it ("No refactorings available" on a loaded machine) is closed and asked
 * for again, within the limit.
 */
async function menuOffersHorovod(keys) {
  const item = page.locator('.action-widget .monaco-list-row', { hasText: 'Distribute with Horovod' }).first();
  const started = Date.now();
  for (;;) {
    await page.keyboard.press(keys);
    try {
      await item.waitFor({ timeout: 10000 });
      return;
    } catch (error) {
      if (Date.now() - started > LIMIT_MS) {
        throw error;
      }
      console.log(`retry: the menu of ${keys} did not offer "Distribute with Horovod"`);
      await closeWidgets();
    }
  }
}

const horovodShown = (text) => /^import horovod\.tensorflow(\.keras)? as hvd$/m.test(text);

async function distributeWithHorovod() {
  await openFile('keras_sequential_fit.py');
  await page.locator('.editor-instance .squiggly-info').first().waitFor({ state: 'attached', timeout: LIMIT_MS });
  await goTo(31, 11);
  await menuOffersHorovod(`${MODIFIER}+.`);
  await shot('06-quick-fix-menu');
  passed('the Quick Fix menu offers "Distribute with Horovod"');
  await page.keyboard.press('Escape');

  await menuOffersHorovod(`${MODIFIER}+Shift+R`);
  await page.locator('.action-widget .monaco-list-row.focused', { hasText: 'Distribute with Horovod' }).waitFor({ timeout: LIMIT_MS });
  await shot('07-refactor-menu');
  await page.keyboard.press('Enter');
  await page.keyboard.press(`${MODIFIER}+Home`);
  await waitForEditorText(horovodShown, 'the Horovod import after the refactoring');
  await waitForEditorText((text) => text.includes('hvd.init()'), 'hvd.init()');
  await shot('08-distributed');
  passed('the Refactor menu offers it, and choosing it rewrites the script for Horovod');

  await page.keyboard.press(`${MODIFIER}+Z`);
  await waitForEditorText((text) => !horovodShown(text) && text.includes('import tensorflow as tf'), 'the script as it was');
  passed('undo restores the script');

  await runCommand('tensorls: Distribute with Horovod');
  await page.keyboard.press(`${MODIFIER}+Home`);
  await waitForEditorText(horovodShown, 'the Horovod import after the command');
  await shot('09-distributed-by-command');
  await page.keyboard.press(`${MODIFIER}+Z`);
  await waitForEditorText((text) => !horovodShown(text), 'the script as it was after the second undo');
  passed('the command "tensorls: Distribute with Horovod" rewrites it too, and undo restores it');
}

async function untitledPythonFile() {
  await page.keyboard.press(`${MODIFIER}+N`);
  await page.locator('.tab.active', { hasText: 'Untitled' }).waitFor({ timeout: LIMIT_MS });
  await runCommand('Change Language Mode');
  const input = page.locator('.quick-input-widget input');
  await input.fill('Python');
  await page.locator('.quick-input-list .monaco-list-row', { hasText: /^Python/ }).first().waitFor({ timeout: LIMIT_MS });
  await page.keyboard.press('Enter');
  await page.locator('.editor-instance .view-lines').first().click();
  await page.keyboard.insertText('import numpy as np\na = np.zeros((3, 4))\nb = np.zeros((5, 6))\nc = a @ b\n');
  await page.locator('.editor-instance .squiggly-error').first().waitFor({ state: 'attached', timeout: LIMIT_MS });
  await waitForEditorText((text) => text.includes('a: (3, 4) = np.zeros'), 'the hint of a in the untitled file');
  await shot('10-untitled');
  passed('an untitled Python file is analysed');
}

async function notebookCellDiagnostic() {
  await page.keyboard.press(`${MODIFIER}+P`);
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: LIMIT_MS });
  await input.fill('least_squares.ipynb');
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'least_squares.ipynb' }).first().waitFor({ timeout: LIMIT_MS });
  await page.keyboard.press('Enter');
  await page.locator('.notebook-editor .cell-editor-container .view-line').first().waitFor({ timeout: LIMIT_MS });
  await page.locator('.notebook-editor .squiggly-error').first().waitFor({ state: 'attached', timeout: LIMIT_MS });
  await page.keyboard.press(`${MODIFIER}+Shift+M`);
  const problems = page.locator('.markers-panel');
  await problems.locator('.monaco-list-row', { hasText: 'size 4 is different from 3' }).first().waitFor({ timeout: LIMIT_MS });
  await shot('11-notebook-cell');
  passed('a notebook cell shows its shape error, listed in the Problems panel');
  await page.keyboard.press(`${MODIFIER}+J`);
  await closeWidgets();
}

async function interpreterNotificationDoesNotBlock() {
  await setSetting('tensorls.interpreter', '/nonexistent/tensorls-e2e/python');
  const toast = page.locator('.notification-toast', { hasText: 'was not found' });
  await toast.first().waitFor({ timeout: LIMIT_MS });
  await waitForStatus('error');
  await shot('12-interpreter-not-found');
  await setSetting('tensorls.interpreter', config.python);
  await waitForStatus('check');
  if (!(await toast.first().isVisible())) {
    throw new Error('the notification closed by itself; the step proves nothing');
  }
  await shot('13-fixed-while-notification-open');
  passed('fixing the setting starts the server while the "not found" notification is still open');
  const failures = await page.locator('.notification-toast', { hasText: 'failed' }).count();
  if (failures !== 0) {
    const texts = await page.locator('.notification-toast').allInnerTexts();
    throw new Error(`a notification says something failed: ${texts.join(' | ')}`);
  }
  passed('no notification says that sending a notification failed');
  await closeWidgets();
}

async function globalInterpreterIsOfferedAProjectVenv() {
  await setSetting('tensorls.interpreter', config.basePython);
  const toast = page.locator('.notification-toast', { hasText: 'is not installed for the Python interpreter' });
  await toast.first().waitFor({ timeout: LIMIT_MS });
  const text = await toast.first().innerText();
  if (!text.includes(config.basePython) || !text.includes('a global Python')) {
    throw new Error(`the notification does not name the global interpreter: ${text}`);
  }
  const create = toast.first().locator('.monaco-button', { hasText: 'Create .venv and install' });
  await create.waitFor({ timeout: LIMIT_MS });
  const installHere = await toast.first().locator('.monaco-button', { hasText: 'Install into this interpreter' }).count();
  if (installHere !== (config.baseExternallyManaged ? 0 : 1)) {
    throw new Error(`"Install into this interpreter" offered ${installHere} times for ${config.basePython}`);
  }
  await shot('14-global-interpreter-offer');
  passed('a global interpreter is named and offered a project .venv, never a silent install');
  await create.click();
  await page
    .locator('.statusbar-item:has-text("tensorls") .codicon-check')
    .first()
    .waitFor({ timeout: INSTALL_LIMIT_MS });
  const venvPython = path.join(config.workspace, '.venv', 'bin', 'python');
  if (!fs.existsSync(venvPython)) {
    throw new Error(`no ${venvPython} after "Create .venv and install"`);
  }
  await shot('15-project-venv');
  passed('"Create .venv and install" makes the folder\'s .venv, installs there and starts the server from it');
  await closeWidgets();
}

async function reloadWindow() {
  const reloaded = page.waitForEvent('load', { timeout: LIMIT_MS });
  await runCommand('Developer: Reload Window');
  await reloaded;
  await page.locator('.monaco-workbench').waitFor({ timeout: LIMIT_MS });
  await waitForStatus('check');
  passed('the window reloads and the server starts again');
}

async function main() {
  fs.mkdirSync(config.screenshots, { recursive: true });
  const browser = await chromium.launch({
    executablePath: config.chromium,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(config.url);
    await page.locator('.monaco-workbench').waitFor({ timeout: LIMIT_MS });
    for (const step of [
      diagnosticAndProblems,
      hoverWithShape,
      inlayHintsFollowTheSetting,
      distributeWithHorovod,
      untitledPythonFile,
      notebookCellDiagnostic,
      interpreterNotificationDoesNotBlock,
      globalInterpreterIsOfferedAProjectVenv,
      reloadWindow,
    ]) {
      await step();
    }
  } catch (error) {
    if (page !== undefined) {
      await page.screenshot({ path: path.join(config.screenshots, 'failure.png') }).catch(() => undefined);
    }
    throw error;
  } finally {
    await browser.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : String(error));
  process.exit(1);
});
