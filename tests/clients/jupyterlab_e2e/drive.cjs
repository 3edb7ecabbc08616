// Drives a real JupyterLab (with jupyterlab-lsp, tensorls registered as its Python language
// server) in headless Chromium through playwright-core, step by step, with a screenshot of each.
//
// Usage: node drive.cjs CONFIG.json, where CONFIG holds
//   url          JupyterLab's base URL (no token)
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
const LIMIT_MS = 120000;
/** How long the clean notebook is watched for a (false) diagnostic once the shape bug showed. */
const QUIET_MS = 8000;

let page;

function passed(name) {
  console.log(`step: ${name}`);
}

async function shot(name) {
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(config.screenshots, `${name}.png`) });
}

async function openNotebook(name) {
  await page.goto(`${config.url}/lab/tree/${name}`);
  await page.locator('.jp-Notebook:visible .jp-Cell').first().waitFor({ timeout: LIMIT_MS });
}

async function shapeErrorInACell() {
  await openNotebook('shape_bug.ipynb');
  const secondCell = page.locator('.jp-Notebook:visible .jp-Cell').nth(1);
  const squiggle = secondCell.locator('.cm-lintRange-error').first();
  await squiggle.waitFor({ timeout: LIMIT_MS });
  const marked = await squiggle.innerText();
  if (!marked.includes('@')) {
    throw new Error(`the squiggle marks "${marked}", not the product`);
  }
  await shot('01-cell-diagnostic');
  passed('the product of the second cell is squiggled');
  const box = await squiggle.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const tooltip = page.locator('.cm-tooltip-lint', { hasText: 'size 5 is different from 4' });
  await tooltip.first().waitFor({ timeout: LIMIT_MS });
  await shot('02-diagnostic-tooltip');
  passed("hovering the squiggle shows NumPy's message");
  // Away from the squiggle first, so that its tooltip closes.
  await page.mouse.move(5, 700);
  await page.locator('.cm-tooltip-lint').first().waitFor({ state: 'detached', timeout: LIMIT_MS });
  await page.keyboard.down('Control');
  await page.mouse.move(...(await pointOnCharacter(secondCell.locator('.cm-line').first(), 0)));
  const hover = page.locator('.lsp-hover', { hasText: 'b: ndarray[float64, (5, 6)]' });
  await hover.first().waitFor({ timeout: LIMIT_MS });
  const hoverText = await hover.first().innerText();
  await page.keyboard.up('Control');
  await shot('03-hover');
  passed('holding Control over a name of the second cell shows its shape');
  // jupyterlab-lsp sends the cells joined as one document; the line is named in cell terms.
  if (!hoverText.includes('cell 2, line 1')) {
    throw new Error(`the hover names no cell line: "${hoverText}"`);
  }
  passed('the hover names the line where the shape was made as cell 2, line 1');
}

/**
 * The viewport point over the right part of character `column` of `line` (a CodeMirror line).
 * jupyterlab-lsp asks for hover at the character boundary nearest the pointer and keeps the answer
 * only when that boundary is after the start of the answer's range (`isWithinRange` of
 * @jupyterlab/lsp), so over the left half of a name's first character nothing is shown.
 */
async function pointOnCharacter(line, column) {
  const box = await line.evaluate((node, wanted) => {
    const texts = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    let offset = wanted;
    for (let text = texts.nextNode(); text !== null; text = texts.nextNode()) {
      if (offset < text.length) {
        const range = document.createRange();
        range.setStart(text, offset);
        range.setEnd(text, offset + 1);
        const { x, y, width, height } = range.getBoundingClientRect();
        return { x, y, width, height };
      }
      offset -= text.length;
    }
    return null;
  }, column);
  if (box === null) {
    throw new Error(`the line has no character ${column}`);
  }
  return [box.x + box.width * 0.75, box.y + box.height / 2];
}

async function cleanTwinIsQuiet() {
  await openNotebook('clean.ipynb');
  const secondCell = page.locator('.jp-Notebook:visible .jp-Cell').nth(1);
  await secondCell.locator('.cm-line').first().waitFor({ timeout: LIMIT_MS });
  await page.getByText('Fully initialized').first().waitFor({ timeout: LIMIT_MS });
  await page.waitForTimeout(QUIET_MS);
  const errors = await page.locator('.jp-Notebook:visible .cm-lintRange').count();
  if (errors !== 0) {
    throw new Error(`the clean notebook has ${errors} diagnostics`);
  }
  await shot('04-clean-twin');
  passed('the clean twin has no diagnostic');
  // The same notebook, made wrong by typing: the server is connected to it (the quiet above
  // was not a notebook left unanalysed).
  await secondCell.locator('.cm-line').first().click();
  await page.keyboard.press('Home');
  for (let step = 0; step < 'b = np.zeros(('.length; step++) {
    await page.keyboard.press('ArrowRight');
  }
  await page.keyboard.press('Delete');
  await page.keyboard.type('5');
  await secondCell.locator('.cm-lintRange-error').first().waitFor({ timeout: LIMIT_MS });
  await shot('05-clean-twin-edited');
  passed('typing the bug into the clean twin squiggles it');
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
    for (const step of [shapeErrorInACell, cleanTwinIsQuiet]) {
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
  console.error(error && error.stack ? error.stack : String(error));
  process.exit(1);
});
