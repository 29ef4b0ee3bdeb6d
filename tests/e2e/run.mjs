// End-to-end test of the page `sudokit serve` serves: starts the server
// binary given as argv[2], drives headless Chromium through the page as a
// person would, and saves screenshots to screenshots/. Plain asserts; exits 1
// on any failure. Usage: node tests/e2e/run.mjs target/release/sudokit
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const shots = path.join(here, 'screenshots');
const binary = process.argv[2];
if (!binary) {
  console.error('usage: node run.mjs path/to/sudokit');
  process.exit(2);
}
const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';
const HARD = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
const EASY = '.2.9.5...59..3.2..7..6.2..5..935.46..54...78..83.275..8..2.9..4..5.4..26...5.3.7.';
const started = Date.now();
mkdirSync(shots, { recursive: true });

// ------------------------------------------------------------ the server

const server = spawn(path.resolve(binary), ['serve', '--addr', '127.0.0.1:0'], { stdio: ['ignore', 'pipe', 'pipe'] });
const serverLog = [];
createInterface({ input: server.stderr }).on('line', (line) => serverLog.push(line));
const stopServer = () => { if (server.exitCode === null) server.kill('SIGINT'); };
process.on('exit', stopServer);

const base = await new Promise((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error('the server named no address within 10 s')), 10_000);
  createInterface({ input: server.stdout }).once('line', (line) => {
    clearTimeout(timer);
    const m = /^listening on (http:\/\/\S+)$/.exec(line);
    if (m) resolve(m[1]); else reject(new Error(`unexpected first line: ${line}`));
  });
  server.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
});
console.log(`# server at ${base}`);

async function post(command, body) {
  const response = await fetch(new URL(`api/${command}`, base), {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  return response.json();
}

// ------------------------------------------------------------ helpers

let passed = 0;
let failed = 0;
async function test(name, body) {
  const t0 = Date.now();
  try {
    await body();
    passed++;
    console.log(`ok - ${name} (${Date.now() - t0} ms)`);
  } catch (error) {
    failed++;
    console.log(`not ok - ${name}\n${String(error.stack || error).replace(/^/gm, '    ')}`);
  }
}

const pageErrors = [];
function watch(page) {
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  return page;
}

const cell = (page, name) => page.locator(`[role="gridcell"][aria-label^="${name},"]`);
const labels = (page) => page.$$eval('[role="gridcell"]', (cells) => cells.map((c) => c.getAttribute('aria-label')));
const message = (page) => page.locator('#message').innerText();
const button = (page, name) => page.getByRole('button', { name, exact: true });
const waitText = (page, selector, pattern, timeout) => page.waitForFunction(
  ([s, source]) => new RegExp(source).test(document.querySelector(s)?.textContent || ''),
  [selector, pattern.source], { timeout },
);
const shoot = (page, name, fullPage = true) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage });
const nameOf = (i) => `r${Math.floor(i / 9) + 1}c${(i % 9) + 1}`;
const digitOf = (label) => Number((/^r\dc\d, (?:given )?(\d)\b/.exec(label) || [])[1] || 0);
const filled = (list) => list.filter(digitOf).length;
const sees = (i, j) => i !== j && (Math.floor(i / 9) === Math.floor(j / 9) || i % 9 === j % 9
  || (Math.floor(i / 27) === Math.floor(j / 27) && Math.floor((i % 9) / 3) === Math.floor((j % 9) / 3)));
// A fresh load (a goto that changes only the fragment would stay in the page).
async function open(page, fragment = '') {
  await page.goto('about:blank');
  await page.goto(`${base}${fragment}`);
}

// ------------------------------------------------------------ the tests

const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
const page = watch(await context.newPage());
const solution = (await post('solve', { puzzle: HARD })).solution;
assert.equal(solution.length, 81, 'the API solves the hard puzzle');

try {
  await test('setter: a typed puzzle is reported unique, with its rating', async () => {
    await open(page);
    await button(page, 'Setter').click();
    await cell(page, 'r1c1').click();
    await page.keyboard.type(HARD);
    const list = await labels(page);
    assert.equal(list.filter((l) => l.includes('given')).length, 17);
    assert.equal(list[0], 'r1c1, given 4');
    await waitText(page, '#setter-status', /Unique solution · 17 clues/);
    await waitText(page, '#setter-rating', /ER \d+\.\d · EP \d+\.\d · ED \d+\.\d · \w+/, 20_000);
    assert.match(page.url(), /#p=4\.\.\.\.\.8\.5/, 'the address follows the grid');
    await shoot(page, 'setter');
  });

  await test('setter: redundant givens are marked, multiple solutions reported', async () => {
    // One more given (from the solution) makes the puzzle non-minimal.
    const extra = HARD.indexOf('.');
    await cell(page, nameOf(extra)).click();
    await page.keyboard.type(solution[extra]);
    await waitText(page, '#setter-status', /redundant given/);
    assert.ok(await page.locator('.cell.redundant').count() >= 1);
    await shoot(page, 'setter-redundant');
    await page.keyboard.press('Control+z');
    await waitText(page, '#setter-status', /minimal/);
    // Without r1c1's given the puzzle has several solutions.
    await cell(page, 'r1c1').click();
    await page.keyboard.press('Backspace');
    await waitText(page, '#setter-status', /More than one solution: r\dc\d can be \d or \d/);
    // The true candidates of a puzzle with several solutions, on demand.
    await button(page, 'True candidates').click();
    await waitText(page, '#message', /^True candidates shown/, 20_000);
    const trueLabels = (await labels(page)).filter((l) => l.includes('true candidates'));
    assert.equal(trueLabels.length, 65);
    assert.ok(trueLabels.some((l) => /true candidates \d \d/.test(l)), 'some cell has several');
    await shoot(page, 'setter-true-candidates');
    await page.keyboard.press('Control+z');
    await waitText(page, '#setter-status', /Unique solution/);
  });

  let afterApply;
  await test('play: a hint in three layers, then applied, undone and redone', async () => {
    await button(page, 'Play').click();
    const before = await labels(page);
    await button(page, 'Hint').click();
    await waitText(page, '#message', /^Look for a .+/);
    assert.equal(await page.locator('.cell.pattern').count(), 0, 'the first layer names the technique only');
    await button(page, 'Hint').click();
    await waitText(page, '#message', /highlighted cells/);
    assert.ok(await page.locator('.cell.pattern').count() > 0, 'the second layer highlights cells');
    assert.ok(await page.locator('.cell.house').count() > 0, 'and the houses');
    await button(page, 'Hint').click();
    await page.locator('#message .ref').first().waitFor();
    assert.ok(await page.locator('.cands .place, .cands .elim').count() > 0, 'the third shows the conclusion on the grid');
    const ref = page.locator('#message .ref').first();
    const refName = await ref.textContent();
    await ref.hover();
    await page.waitForFunction((n) => document.querySelector(`[aria-label^="${n},"]`).classList.contains('ref'), refName);
    await shoot(page, 'hint');
    await button(page, 'Apply').click();
    afterApply = await labels(page);
    assert.notDeepEqual(afterApply, before, 'applying the hint changes the grid');
    assert.ok(filled(afterApply) > filled(before) || afterApply.some((l) => l.includes('candidates')));
    await page.keyboard.press('Control+z');
    assert.deepEqual(await labels(page), before, 'undo takes the hint back');
    await page.keyboard.press('Control+y');
    assert.deepEqual(await labels(page), afterApply, 'redo applies it again');
  });

  await test('play: check tells broken rules from wrong digits; hint names the mistake; rewind', async () => {
    const list = await labels(page);
    const digits = list.map(digitOf);
    const empty = digits.map((d, i) => (d ? -1 : i)).filter((i) => i >= 0);
    // A digit that breaks no rule but differs from the solution...
    const fits = (i, d) => String(d) !== solution[i] && !digits.some((e, j) => e === d && sees(i, j));
    const wrongCell = empty.find((i) => [1, 2, 3, 4, 5, 6, 7, 8, 9].some((d) => fits(i, d)));
    const wrongDigit = [1, 2, 3, 4, 5, 6, 7, 8, 9].find((d) => fits(wrongCell, d));
    await cell(page, nameOf(wrongCell)).click();
    await page.keyboard.type(String(wrongDigit));
    // ...and one that repeats r1c1's given 4 in row 1.
    const clashCell = empty.find((i) => i < 9 && i !== wrongCell);
    await cell(page, nameOf(clashCell)).click();
    await page.keyboard.type('4');
    await button(page, 'Check').click();
    await waitText(page, '#message', /break the rules/);
    const text = await message(page);
    assert.match(text, /4 twice in row 1/);
    assert.match(text, new RegExp(`1 other digit differs from the solution: ${nameOf(wrongCell)}\\.`));
    assert.ok((await cell(page, nameOf(wrongCell)).getAttribute('class')).includes('wrong'));
    assert.ok((await cell(page, nameOf(clashCell)).getAttribute('class')).includes('conflict'));
    assert.match(await cell(page, nameOf(clashCell)).getAttribute('aria-label'), /breaks a rule/);
    await shoot(page, 'check');
    // The hint points at a mistake rather than a technique.
    await button(page, 'Hint').click();
    await waitText(page, '#message', /^Mistake: /);
    assert.equal(await page.locator('.cell.mistake').count(), 1);
    await button(page, 'Rewind').click();
    await waitText(page, '#message', /^Rewound 2 actions/);
    assert.deepEqual(await labels(page), afterApply, 'rewind returns to the state before the mistakes');
  });

  await test('play: with pencil marks the server checks them (729 form) and the mistake is fixed', async () => {
    await open(page, `#p=${HARD}`);
    await waitText(page, '#puzzle-info', /Unique solution/);
    await button(page, 'Auto candidates').click();
    const list = await labels(page);
    const i = list.findIndex((l) => /candidates \d \d/.test(l));
    const wrong = list[i].match(/candidates ([\d ]+)/)[1].split(' ').find((d) => d !== solution[i]);
    await cell(page, nameOf(i)).click();
    await page.keyboard.type(wrong);
    const requests = serverLog.length;
    await button(page, 'Hint').click();
    await waitText(page, '#message', new RegExp(`^Mistake: ${nameOf(i)} holds ${wrong}, but the solution has ${solution[i]} there`));
    assert.ok(serverLog.slice(requests).some((l) => l.startsWith('POST /api/hint 200')), 'the server was asked');
    await button(page, 'Fix it').click();
    await waitText(page, '#message', /^Removed the wrong/);
    assert.match(await cell(page, nameOf(i)).getAttribute('aria-label'), /empty, candidates/);
    await button(page, 'Hint').click();
    await waitText(page, '#message', /^Look for a /);
  });

  await test('play: selection, entry modes, marks, colours and the candidate tools, all undoable', async () => {
    await open(page, `#p=${EASY}`);
    await waitText(page, '#puzzle-info', /Unique solution/);
    const start = await labels(page);
    // Drag across r1c1..r1c3 (r1c2 is a given; the marks skip it).
    const box = async (n) => cell(page, n).boundingBox();
    const [a, c] = [await box('r1c1'), await box('r1c3')];
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(c.x + c.width / 2, c.y + c.height / 2, { steps: 5 });
    await page.mouse.up();
    assert.equal(await page.locator('[role="gridcell"][aria-selected="true"]').count(), 3);
    await page.keyboard.press('c');
    assert.equal(await page.locator('[data-entry="centre"]').getAttribute('aria-pressed'), 'true');
    await page.keyboard.type('13');
    assert.match(await cell(page, 'r1c1').getAttribute('aria-label'), /^r1c1, empty, candidates 1 3$/);
    // Givens are not editable in play mode: digits, marks and erasing pass them by.
    assert.equal(await cell(page, 'r1c2').getAttribute('aria-label'), 'r1c2, given 2');
    await cell(page, 'r1c2').click();
    await page.keyboard.press('z');
    await page.keyboard.type('7');
    await page.keyboard.press('Backspace');
    assert.equal(await cell(page, 'r1c2').getAttribute('aria-label'), 'r1c2, given 2');
    await page.keyboard.press('c');
    for (const n of ['r1c1', 'r1c2', 'r1c3']) await cell(page, n).click({ modifiers: ['Shift'] });
    await page.keyboard.press('x');
    await page.keyboard.type('8');
    assert.match(await cell(page, 'r1c3').getAttribute('aria-label'), /corner marks 8/);
    await page.keyboard.press(' ');
    assert.equal(await page.locator('[data-entry="centre"]').getAttribute('aria-pressed'), 'true', 'space cycles');
    await page.keyboard.press('v');
    await cell(page, 'r9c9').click({ modifiers: ['Control'] });
    await page.keyboard.type('2');
    assert.match(await cell(page, 'r9c9').getAttribute('aria-label'), /colour sky blue/);
    await page.keyboard.press('z');
    // Arrow keys move the single selection.
    await cell(page, 'r5c5').click();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    assert.equal(await page.locator('[role="gridcell"][aria-selected="true"]').getAttribute('aria-label').then((l) => l.split(',')[0]), 'r6c6');
    await button(page, 'Auto candidates').click();
    const marked = await labels(page);
    assert.ok(marked.every((l) => !l.includes('empty') || l.includes('candidates')), 'every empty cell has marks');
    await button(page, 'Place singles').click();
    assert.ok(filled(await labels(page)) > filled(marked), 'naked singles placed');
    await button(page, 'Auto-clean').click();
    await shoot(page, 'marks');
    for (let k = 0; k < 10 && await button(page, 'Undo').isEnabled(); k++) await button(page, 'Undo').click();
    assert.deepEqual(await labels(page), start, 'undo reaches the start');
    await button(page, 'Redo').click();
    assert.notDeepEqual(await labels(page), start);
  });

  await test('explanation: steps with difficulty, rating, and techniques switched off', async () => {
    await open(page, `#p=${HARD}`);
    await button(page, 'Explain').click();
    await waitText(page, '#step-pos', /^Step 1 of \d+$/, 20_000);
    assert.match(await page.locator('#explain-rating').innerText(), /ER \d+\.\d · EP .* steps · hardest \d+\.\d/);
    assert.match(await page.locator('#step-text').innerText(), /\(difficulty \d+\.\d\)$/);
    assert.ok(await page.locator('.cands').count() > 40, 'the grid shows the candidates of the step');
    await button(page, 'Next').click();
    await button(page, 'Next').click();
    await waitText(page, '#step-pos', /^Step 3 of/);
    await button(page, 'Previous').click();
    await waitText(page, '#step-pos', /^Step 2 of/);
    await shoot(page, 'explain');
    await button(page, 'Close').click();
    assert.equal(await page.locator('.cands').count(), 0);
    await page.getByText('Techniques', { exact: true }).click();
    for (const group of ['intersections', 'subsets', 'fish', 'single-digit', 'wings', 'uniqueness', 'als', 'exclusion', 'chains', 'forcing']) {
      await page.getByRole('checkbox', { name: group, exact: true }).uncheck();
    }
    await button(page, 'Explain').click();
    await waitText(page, '#message', /no allowed technique applies/);
  });

  let generated;
  await test('new puzzle: generated by level and symmetry', async () => {
    await page.selectOption('#gen-level', 'easy');
    await page.selectOption('#gen-sym', 'central');
    await button(page, 'New puzzle').click();
    await waitText(page, '#message', /^New puzzle: \d+ clues, central symmetry, easy/, 20_000);
    await waitText(page, '#puzzle-info', /Unique solution/);
    generated = await labels(page);
    const givens = generated.filter((l) => l.includes('given')).length;
    assert.ok(givens >= 17 && givens < 81, `${givens} givens`);
    // Central symmetry: a cell is given exactly when its opposite is.
    for (let i = 0; i < 81; i++) assert.equal(generated[i].includes('given'), generated[80 - i].includes('given'));
  });

  await test('share link: the puzzle, the digits and the marks round-trip', async () => {
    const empty = generated.map((l, i) => (l.includes('empty') ? i : -1)).filter((i) => i >= 0);
    await cell(page, nameOf(empty[0])).click();
    await page.keyboard.type('5');
    await cell(page, nameOf(empty[1])).click();
    await page.keyboard.press('c');
    await page.keyboard.type('27');
    await page.keyboard.press('z');
    const state = await labels(page);
    await page.getByText('Import, export and share').click();
    await button(page, 'Share link').click();
    const link = await page.locator('#io').inputValue();
    assert.match(link, /#p=[.1-9]{81}&s=[.1-9]{81}&m=[.1-9]{729}$/);
    const other = watch(await context.newPage());
    await other.goto(link);
    assert.deepEqual(await labels(other), state, 'the link opens the same state');
    await other.close();
    // The text box loads 81 characters, and says what is wrong with bad text.
    await page.locator('#io').fill(EASY.replace(/\./g, '0'));
    await button(page, 'Load').click();
    await waitText(page, '#message', /^Loaded a puzzle with 36 givens/);
    // Pasting a puzzle onto the page (outside the text box) loads it too.
    await page.evaluate((text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
    }, HARD);
    await waitText(page, '#message', /^Loaded a puzzle with 17 givens/);
    assert.equal((await labels(page))[0], 'r1c1, given 4');
    await page.locator('#io').fill(`${EASY.slice(0, 10)}x${EASY.slice(11)}`);
    await button(page, 'Load').click();
    await waitText(page, '#message', /r2c2: unexpected character 'x'/);
  });

  await test('SVG export and the print view', async () => {
    await page.getByText('Print and SVG').click();
    const [download] = await Promise.all([page.waitForEvent('download'), button(page, 'Download SVG').click()]);
    const file = path.join(shots, 'grid.svg');
    await download.saveAs(file);
    const svg = readFileSync(file, 'utf8');
    assert.match(svg, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    assert.equal((svg.match(/font-weight="bold"/g) || []).length, 17, 'the givens of the pasted puzzle, in bold');
    await button(page, 'Clear queue').click();
    for (const puzzle of [EASY, HARD, EASY]) {
      await open(page, `#p=${puzzle}`);
      await waitText(page, '#puzzle-info', /Unique solution/);
      await page.getByText('Print and SVG').click();
      await button(page, 'Add to print queue').click();
      await waitText(page, '#queue-count', /queued/);
    }
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    assert.equal(await page.locator('#print-area .sheet.puzzles figure').count(), 3);
    assert.equal(await page.locator('#print-area .sheet.solutions figure').count(), 3);
    await page.emulateMedia({ media: 'print' });
    writeFileSync(path.join(shots, 'print.pdf'), await page.pdf({ format: 'A4' }));
    await page.emulateMedia({ media: 'screen' });
    await button(page, 'Clear queue').click();
  });

  await test('accessibility: grid roles and names, named controls, a live region', async () => {
    await open(page, `#p=${HARD}`);
    const problems = await page.evaluate(() => {
      const out = [];
      const grids = document.querySelectorAll('[role="grid"]');
      if (grids.length !== 1) out.push(`${grids.length} grids`);
      const rows = grids[0].querySelectorAll(':scope > [role="row"]');
      if (rows.length !== 9) out.push(`${rows.length} rows`);
      rows.forEach((r, k) => {
        const cells = r.querySelectorAll(':scope > [role="gridcell"]');
        if (cells.length !== 9) out.push(`row ${k + 1} has ${cells.length} cells`);
        cells.forEach((c, j) => {
          if (!(c.getAttribute('aria-label') || '').startsWith(`r${k + 1}c${j + 1}`)) out.push(`cell ${k},${j}: ${c.getAttribute('aria-label')}`);
        });
      });
      for (const b of document.querySelectorAll('button')) {
        if (!(b.getAttribute('aria-label') || b.textContent.trim())) out.push(`unnamed button ${b.outerHTML}`);
      }
      for (const f of document.querySelectorAll('input, select, textarea')) {
        if (!f.labels?.length && !f.getAttribute('aria-label')) out.push(`unlabelled ${f.outerHTML}`);
      }
      if (!document.querySelector('[aria-live="polite"]')) out.push('no polite live region');
      if (document.documentElement.lang !== 'en') out.push('no page language');
      return out;
    });
    assert.deepEqual(problems, []);
    // What Chromium's accessibility tree makes of the grid.
    const tree = await page.locator('#grid').ariaSnapshot();
    assert.match(tree, /^- grid "Sudoku grid"/);
    const names = [...tree.matchAll(/- gridcell "([^"]*)"/g)].map((m) => m[1]);
    assert.equal(names.length, 81);
    assert.equal(names[0], 'r1c1, given 4');
    assert.equal(names[1], 'r1c2, empty');
    // The live region reads what Check found.
    await button(page, 'Check').click();
    await waitText(page, '[aria-live="polite"]', /No mistakes so far; 64 cells to go/);
    // Tab reaches the grid; the focused cell is the one arrows move.
    await cell(page, 'r1c1').focus();
    await page.keyboard.press('ArrowDown');
    assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-label').split(',')[0]), 'r2c1');
  });

  await test('phone-sized screen: the grid fits and nothing scrolls sideways', async () => {
    const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const small = watch(await phone.newPage());
    await small.goto(`${base}#p=${HARD}`);
    await waitText(small, '#puzzle-info', /Unique solution/);
    const grid = await small.locator('#grid').boundingBox();
    assert.ok(grid.x >= 0 && grid.x + grid.width <= 375, `grid spans ${grid.x}..${grid.x + grid.width}`);
    assert.ok(grid.width >= 320, `grid is ${grid.width} px wide`);
    assert.ok(await small.evaluate(() => document.documentElement.scrollWidth <= 375), 'no sideways scroll');
    await small.locator('[role="gridcell"]').nth(1).tap();
    await small.locator('#pad [data-digit="9"]').tap();
    assert.match(await cell(small, 'r1c2').getAttribute('aria-label'), /^r1c2, 9/);
    await shoot(small, 'phone');
    await phone.close();
  });

  await test('dark mode follows the system', async () => {
    const dark = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'dark' });
    const night = watch(await dark.newPage());
    await night.goto(`${base}#p=${HARD}`);
    await waitText(night, '#puzzle-info', /ER \d/, 20_000);
    const rgb = await night.evaluate(() => getComputedStyle(document.body).backgroundColor.match(/\d+/g).map(Number));
    assert.ok(rgb[0] + rgb[1] + rgb[2] < 150, `dark background ${rgb}`);
    await night.getByRole('button', { name: 'Hint', exact: true }).click();
    await waitText(night, '#message', /^Look for/);
    await night.getByRole('button', { name: 'Hint', exact: true }).click();
    await waitText(night, '#message', /highlighted/);
    await night.getByRole('button', { name: 'Hint', exact: true }).click();
    await night.locator('#message .ref').first().waitFor();
    await shoot(night, 'dark');
    await dark.close();
  });

  await test('no script errors on any page', async () => {
    assert.deepEqual(pageErrors, []);
  });
} finally {
  await browser.close();
  stopServer();
}

const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`# ${serverLog.length} requests logged by the server; ${seconds} s`);
if (failed) console.log(`# last server lines:\n${serverLog.slice(-8).map((l) => `#   ${l}`).join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
