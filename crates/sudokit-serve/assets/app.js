// sudokit's page: a grid to play and set puzzles on, talking to the JSON
// API of `sudokit serve`. Plain ES2020 with no build step, so the binary can
// embed it as it is.
'use strict';

// ---------------------------------------------------------------- geometry

const CELLS = [...Array(81).keys()];
const DIGITS = [1, 2, 3, 4, 5, 6, 7, 8, 9];
const row = (i) => Math.floor(i / 9);
const col = (i) => i % 9;
const box = (i) => Math.floor(row(i) / 3) * 3 + Math.floor(col(i) / 3);
const cellName = (i) => `r${row(i) + 1}c${col(i) + 1}`;
const cellIndex = (name) => {
  const m = /^r([1-9])c([1-9])$/.exec(name || '');
  return m ? (m[1] - 1) * 9 + (m[2] - 1) : -1;
};
const HOUSES = {};
for (let k = 0; k < 9; k++) {
  HOUSES[`row ${k + 1}`] = CELLS.filter((i) => row(i) === k);
  HOUSES[`column ${k + 1}`] = CELLS.filter((i) => col(i) === k);
  HOUSES[`box ${k + 1}`] = CELLS.filter((i) => box(i) === k);
}
const PEERS = CELLS.map((i) =>
  CELLS.filter((j) => j !== i && (row(i) === row(j) || col(i) === col(j) || box(i) === box(j))));

// Marks are bit sets: bit d stands for digit d.
const bit = (d) => 1 << d;
const ALL = 0x3fe;
const digitsIn = (mask) => DIGITS.filter((d) => mask & bit(d));
const COLOURS = ['orange', 'sky blue', 'green', 'yellow', 'blue', 'vermillion', 'purple', 'grey', 'black'];
const GROUPS = ['singles', 'intersections', 'subsets', 'fish', 'single-digit', 'wings',
  'uniqueness', 'als', 'exclusion', 'chains', 'forcing'];

// ------------------------------------------------------------------- state

// Everything undo covers lives in S; the rest (selection, overlays) is view.
const FIELDS = ['givens', 'digits', 'corner', 'centre', 'colour'];
const blank = () => Object.fromEntries(FIELDS.map((f) => [f, Array(81).fill(0)]));
const clone = (s) => Object.fromEntries(FIELDS.map((f) => [f, s[f].slice()]));
const sameState = (a, b) => FIELDS.every((f) => a[f].every((v, i) => v === b[f][i]));

let S = blank();
const past = [];   // {state, label}: the states before each action
const future = []; // the states undone, for redo

const value = (i, s = S) => s.givens[i] || s.digits[i];
const givensString = (s = S) => s.givens.map((v) => v || '.').join('');
const boardString = (s = S) => CELLS.map((i) => value(i, s) || '.').join('');
const hasGivens = (s = S) => s.givens.some(Boolean);
// The hint and check overlays hold while these stay the same.
const progressKey = () => JSON.stringify([S.givens, S.digits, S.centre]);

/** The digits no placed peer of cell i rules out. */
function allowed(i, s = S) {
  let mask = ALL;
  for (const p of PEERS[i]) mask &= ~bit(value(p, s));
  return mask;
}

const ui = {
  mode: 'play', entry: 'digit', sel: new Set([0]), cursor: 0, dragging: false,
  hint: null, check: null, explain: null, refs: new Set(), trueCands: null,
};
let info = { key: null }; // what the server said about the givens
const ratings = new Map(); // givens → rating, known from generate

/** Applies `mutate` to S as one undoable action named `label`. */
function commit(label, mutate) {
  const before = clone(S);
  mutate(S);
  if (sameState(before, S)) return false;
  past.push({ state: before, label });
  if (past.length > 1000) past.shift();
  future.length = 0;
  changed(before);
  return true;
}

function undo() {
  const entry = past.pop();
  if (!entry) return;
  const before = S;
  future.push({ state: clone(S), label: entry.label });
  S = entry.state;
  changed(before);
  say(`Undone: ${entry.label}.`);
}

function redo() {
  const entry = future.pop();
  if (!entry) return;
  const before = S;
  past.push({ state: clone(S), label: entry.label });
  S = entry.state;
  changed(before);
  say(`Redone: ${entry.label}.`);
}

/** After every change of S: drop stale overlays, re-check new givens, keep the link current. */
function changed(before) {
  if (message().textContent === WELCOME) say('');
  ui.hint = null;
  ui.check = null;
  ui.refs.clear();
  if (ui.explain) ui.explain.active = false;
  if (!before || givensString(before) !== givensString()) {
    ui.trueCands = null;
    if (ui.explain && ui.explain.key !== givensString()) ui.explain = null;
    scheduleInfo(ui.mode === 'setter' ? 350 : 0);
  }
  writeHash();
  render();
}

// ------------------------------------------------------------ text formats

function parseGrid81(text) {
  if (text.length !== 81) throw new Error(`expected 81 characters, found ${text.length}`);
  return [...text].map((ch, i) => {
    if (ch >= '1' && ch <= '9') return Number(ch);
    if (ch === '.' || ch === '0') return 0;
    throw new Error(`${cellName(i)}: unexpected character '${ch}'`);
  });
}

/** The marks of one cell from its 9 characters of a 729-character line. */
function parseMarks(text, i) {
  let mask = 0;
  for (let d = 1; d <= 9; d++) {
    const ch = text[i * 9 + d - 1];
    if (ch === String(d)) mask |= bit(d);
    else if (ch !== '.' && ch !== '0') throw new Error(`${cellName(i)}: unexpected character '${ch}'`);
  }
  return mask;
}

/** 729 characters: placed digits alone, centre marks, and where a cell has
 *  none, either nothing or (fill) what its peers allow. */
function marks729(s = S, fill = true) {
  return CELLS.map((i) => {
    const v = value(i, s);
    const mask = v ? bit(v) : s.centre[i] || (fill ? allowed(i, s) : 0);
    return DIGITS.map((d) => (mask & bit(d) ? d : '.')).join('');
  }).join('');
}

/** `p=` givens, `s=` the player's digits, `m=` the marks: the share link's fragment. */
function shareFragment(s = S) {
  if (!hasGivens(s)) return '';
  let fragment = `p=${givensString(s)}`;
  const marked = s.centre.some((m, i) => m && !value(i, s));
  if (s.digits.some(Boolean) || marked) fragment += `&s=${s.digits.map((v) => v || '.').join('')}`;
  if (marked) fragment += `&m=${marks729(s, false)}`;
  return fragment;
}

function stateFromFragment(hash) {
  const q = new URLSearchParams(hash.replace(/^#/, ''));
  if (!q.get('p')) return null;
  const s = blank();
  s.givens = parseGrid81(q.get('p'));
  if (q.get('s')) {
    const digits = parseGrid81(q.get('s'));
    for (const i of CELLS) if (!s.givens[i]) s.digits[i] = digits[i];
  }
  const m = q.get('m');
  if (m) {
    if (m.length !== 729) throw new Error(`m: expected 729 characters, found ${m.length}`);
    for (const i of CELLS) {
      if (value(i, s)) continue;
      const mask = parseMarks(m, i);
      // Without s=, a lone digit is a placed one (as in any 729-character line).
      if (!q.get('s') && digitsIn(mask).length === 1) s.digits[i] = digitsIn(mask)[0];
      else s.centre[i] = mask;
    }
  }
  return s;
}

/** A state from pasted text: a share link, 81 characters or 729 pencil marks. */
function stateFromText(text) {
  text = text.trim();
  if (text.includes('p=')) return stateFromFragment(text.slice(text.indexOf('#') + 1));
  const compact = text.replace(/\s+/g, '');
  const s = blank();
  if (compact.length === 81) {
    s.givens = parseGrid81(compact);
  } else if (compact.length === 729) {
    for (const i of CELLS) {
      const mask = parseMarks(compact, i);
      if (digitsIn(mask).length === 1) s.givens[i] = digitsIn(mask)[0];
      else s.centre[i] = mask;
    }
  } else {
    throw new Error(`expected 81 or 729 characters, found ${compact.length}`);
  }
  return s;
}

let writtenHash = '';
function writeHash() {
  const fragment = shareFragment();
  writtenHash = fragment ? `#${fragment}` : '';
  // replaceState: the link follows the play without flooding the history.
  history.replaceState(null, '', writtenHash || location.pathname);
}

// --------------------------------------------------------------------- API

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function api(command, body) {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(`/api/${command}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    // 503 means the server is busy with others: wait a little and ask again.
    if (response.status === 503 && attempt < 4) { await sleep(150 * (attempt + 1)); continue; }
    const data = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(data.error || `${response.status} ${response.statusText}`);
    return data;
  }
}

function techniquesParam() {
  const boxes = [...document.querySelectorAll('#techniques input')];
  if (boxes.every((b) => b.checked)) return undefined;
  return boxes.filter((b) => b.checked).map((b) => b.value).join(',');
}

let infoTimer = 0;
function scheduleInfo(delay) {
  clearTimeout(infoTimer);
  infoTimer = setTimeout(loadInfo, delay);
}

/** Asks whether the givens have one solution, then their rating. */
async function loadInfo() {
  const key = givensString();
  if (info.key === key && info.status !== 'error') return;
  if (!hasGivens()) { info = { key, status: 'empty' }; renderInfo(); return; }
  info = { key, status: 'checking' };
  renderInfo();
  try {
    const checked = await api('check', { puzzle: key });
    if (givensString() !== key) return;
    info = { key, ...checked, rating: ratings.get(key) || null };
    render();
    if (checked.status === 'unique' && !info.rating) {
      info.rating = { pending: true };
      renderInfo();
      const rated = await api('rate', { puzzle: key }).catch((e) => ({ error: e.message }));
      if (info.key === key) { info.rating = rated; renderInfo(); }
    }
  } catch (e) {
    if (givensString() === key) { info = { key, status: 'error', error: e.message }; renderInfo(); }
  }
}

const solution = () => (info.key === givensString() && info.status === 'unique' ? parseGrid81(info.solution) : null);

// ----------------------------------------------------------------- editing

function targets(includeGivens = false) {
  return [...ui.sel].filter((i) => includeGivens || !S.givens[i]);
}
const names = (cells) => (cells.length === 1 ? cellName(cells[0]) : `${cells.length} cells`);

/** Digit d typed in the given mode into the selected cells. */
function enter(d, mode = ui.entry) {
  if (ui.mode === 'setter') {
    // Typing sets (never toggles) and moves on, so a setter can type a whole line.
    const cells = [...ui.sel];
    commit(`given ${d} in ${names(cells)}`, (s) => {
      for (const i of cells) {
        s.givens[i] = d;
        s.digits[i] = s.corner[i] = s.centre[i] = 0;
      }
    });
    if (cells.length === 1) moveTo((ui.cursor + 1) % 81);
    return;
  }
  if (mode === 'colour') {
    const cells = targets(true);
    const clear = cells.every((i) => S.colour[i] === d);
    commit(`colour ${COLOURS[d - 1]} in ${names(cells)}`, (s) => {
      for (const i of cells) s.colour[i] = clear ? 0 : d;
    });
    return;
  }
  if (mode === 'digit') {
    const cells = targets();
    const clear = cells.every((i) => S.digits[i] === d);
    commit(`${d} in ${names(cells)}`, (s) => { for (const i of cells) s.digits[i] = clear ? 0 : d; });
    return;
  }
  // A mark is added to every selected cell, or taken from all if all have it.
  const field = mode === 'corner' ? 'corner' : 'centre';
  const cells = targets().filter((i) => !S.digits[i]);
  const remove = cells.every((i) => S[field][i] & bit(d));
  commit(`${field} mark ${d} in ${names(cells)}`, (s) => {
    for (const i of cells) s[field][i] = remove ? s[field][i] & ~bit(d) : s[field][i] | bit(d);
  });
}

function erase() {
  if (ui.mode === 'setter') {
    const cells = [...ui.sel];
    commit(`clear ${names(cells)}`, (s) => { for (const i of cells) s.givens[i] = 0; });
    return;
  }
  if (ui.entry === 'colour') {
    const cells = targets(true);
    commit(`clear colours of ${names(cells)}`, (s) => { for (const i of cells) s.colour[i] = 0; });
    return;
  }
  // Digits go first; a second press clears the marks under them.
  const cells = targets();
  const withDigit = cells.filter((i) => S.digits[i]);
  commit(`clear ${names(cells)}`, (s) => {
    if (withDigit.length) for (const i of withDigit) s.digits[i] = 0;
    else for (const i of cells) s.corner[i] = s.centre[i] = 0;
  });
}

function autoCandidates() {
  const ok = commit('auto candidates', (s) => {
    for (const i of CELLS) if (!value(i, s)) s.centre[i] = allowed(i, s);
  });
  say(ok ? 'Centre marks filled with the digits each cell allows.' : 'The marks were already complete.');
}

function autoClean() {
  const ok = commit('auto-clean', (s) => {
    for (const i of CELLS) {
      if (value(i, s)) continue;
      const mask = allowed(i, s);
      s.centre[i] &= mask;
      s.corner[i] &= mask;
    }
  });
  say(ok ? 'Marks ruled out by placed digits removed.' : 'No mark is ruled out by a placed digit.');
}

function placeSingles() {
  const singles = CELLS.filter((i) => !value(i) && digitsIn(S.centre[i]).length === 1);
  commit(`place ${singles.length} singles`, (s) => {
    for (const i of singles) s.digits[i] = digitsIn(s.centre[i])[0];
  });
  say(singles.length ? `Placed ${singles.length} naked single${singles.length > 1 ? 's' : ''}.`
    : 'No empty cell has exactly one centre mark.');
}

// ------------------------------------------------------------------- hints

/** The first user digit that breaks a rule or differs from the solution, as a hint answer. */
function localMistake() {
  const sol = solution();
  for (const i of CELLS) {
    const d = S.digits[i];
    if (!d || S.givens[i]) continue;
    const clash = PEERS[i].some((p) => value(p) === d);
    if (clash || (sol && sol[i] !== d)) {
      const text = sol ? `Mistake: ${cellName(i)} holds ${d}, but the solution has ${sol[i]} there`
        : `Mistake: ${cellName(i)} holds ${d}, which another cell of its row, column or box holds`;
      return { status: 'wrong_digit', hint: { text, cell: cellName(i), digit: d, solution_digit: sol ? sol[i] : undefined } };
    }
  }
  return null;
}

function requestHint(vague) {
  const body = { puzzle: givensString(), vague };
  const techniques = techniquesParam();
  if (techniques !== undefined) body.techniques = techniques;
  if (S.centre.some((m, i) => m && !value(i))) {
    // The player's marks, with what the peers allow where a cell has none;
    // the digits beside them, so that a cell with one mark stays unsolved.
    body.candidates = marks729();
    body.digits = boardString();
  } else {
    // Without marks a cell with one candidate would read as placed in the
    // 729 form, so send the board itself, its digits checked here first.
    const mistake = localMistake();
    if (mistake) return Promise.resolve(mistake);
    body.puzzle = boardString();
  }
  return api('hint', body);
}

async function onHint() {
  if (!hasGivens()) { say('Enter, paste or generate a puzzle first.'); return; }
  const key = progressKey();
  if (!ui.hint || ui.hint.key !== key) ui.hint = { key, level: 0 };
  const hint = ui.hint;
  const level = Math.min(hint.level + 1, 3);
  const button = document.getElementById('hint');
  button.disabled = true;
  try {
    if (!hint.vague) hint.vague = await requestHint(true);
    if (level >= 2 && !hint.full && hint.vague.status === 'step') hint.full = await requestHint(false);
  } catch (e) {
    say(`No hint: ${e.message}`);
    return;
  } finally {
    button.disabled = false;
  }
  if (ui.hint !== hint || progressKey() !== key) return; // the board changed meanwhile
  // Mistakes and the end of the road have no layers to uncover.
  if (hint.vague.status !== 'step') { hint.full = hint.vague; hint.level = 3; } else hint.level = level;
  render();
  sayHtml(hintHtml(hint));
}

/** A step's text (which starts with its technique) and its difficulty. */
function stepHtml(step) {
  return `${withRefs(step.text)} <span class="difficulty">(difficulty ${fmt(step.difficulty)})</span>`;
}

function hintHtml(hint) {
  const answer = hint.full || hint.vague;
  const h = answer.hint || {};
  if (answer.status === 'solved' && CELLS.some((i) => !value(i))) {
    return 'Every empty cell has a single candidate in your marks: use Place singles.';
  }
  if (!h.text) return esc(answer.error || `No hint (${answer.status}).`);
  if (answer.status !== 'step') return withRefs(h.text);
  if (hint.level === 1) return `${withRefs(hint.vague.hint.text)}.`;
  if (hint.level === 2) return `${withRefs(hint.vague.hint.text)}: look at the highlighted cells.`;
  const step = h.step;
  const chains = (step.chains || []).map((c) => `<li>${withRefs(c)}</li>`).join('');
  return `${stepHtml(step)}${chains ? `<ul class="chains">${chains}</ul>` : ''}`;
}

/** Applies the shown hint (or fixes the mistake it names) as one action. */
function applyHint() {
  const hint = ui.hint;
  if (!hint || hint.level < 3 || hint.key !== progressKey()) return;
  const answer = hint.full;
  const h = answer.hint;
  const i = cellIndex(h.cell);
  if (answer.status === 'wrong_digit') {
    commit(`remove ${h.digit} from ${h.cell}`, (s) => {
      // A lone centre mark reads as placed, so the "digit" may be a mark.
      if (s.digits[i]) s.digits[i] = 0;
      else if (h.solution_digit) s.centre[i] |= bit(h.solution_digit);
      else s.centre[i] = 0;
    });
    say(`Removed the wrong ${h.digit} from ${h.cell}.`);
  } else if (answer.status === 'lost_candidate') {
    commit(`restore mark ${h.solution_digit} in ${h.cell}`, (s) => {
      s.centre[i] = (s.centre[i] || allowed(i, s)) | bit(h.solution_digit);
    });
    say(`Put ${h.solution_digit} back into the marks of ${h.cell}.`);
  } else if (answer.status === 'step') {
    const step = h.step;
    commit(step.technique, (s) => {
      for (const { cell, digit } of step.placements) {
        const c = cellIndex(cell);
        s.digits[c] = digit;
        for (const p of PEERS[c]) { s.centre[p] &= ~bit(digit); s.corner[p] &= ~bit(digit); }
      }
      for (const { cell, digit } of step.eliminations) {
        const c = cellIndex(cell);
        if (value(c, s)) continue;
        // A cell without marks gets them, so the elimination shows and stays.
        s.centre[c] = (s.centre[c] || allowed(c, s)) & ~bit(digit);
      }
    });
    say(`Applied: ${step.text}`);
  }
}

// ------------------------------------------------------------ check, rewind

/** The cells whose digit repeats in a house, each with the reasons (`4 twice in row 1`). */
function conflictCells(s = S) {
  const found = new Map();
  for (const [house, cells] of Object.entries(HOUSES)) {
    for (const d of DIGITS) {
      const holding = cells.filter((i) => value(i, s) === d);
      if (holding.length < 2) continue;
      for (const i of holding) found.set(i, [...(found.get(i) || []), `${d} twice in ${house}`]);
    }
  }
  return found;
}

function onCheck() {
  if (!hasGivens()) { say('Nothing to check yet.'); return; }
  const conflicts = conflictCells();
  const sol = solution();
  // A digit that breaks a rule is told as such, not again as differing.
  const wrong = sol ? CELLS.filter((i) => S.digits[i] && !S.givens[i] && S.digits[i] !== sol[i] && !conflicts.has(i)) : [];
  const lost = sol ? CELLS.filter((i) => !value(i) && S.centre[i] && !(S.centre[i] & bit(sol[i]))) : [];
  ui.check = { key: progressKey(), conflicts, wrong: new Set(wrong), lost: new Set(lost) };
  render();
  const parts = [];
  if (conflicts.size) {
    const why = [...new Set([...conflicts.values()].flat())].join('; ');
    parts.push(`⚠ ${conflicts.size} cells break the rules (${why}): ${[...conflicts.keys()].map(cellName).join(', ')}.`);
  }
  if (wrong.length) {
    const more = conflicts.size ? ' other' : '';
    parts.push(`✗ ${wrong.length}${more} digit${wrong.length > 1 ? 's differ' : ' differs'} from the solution: ${wrong.map(cellName).join(', ')}.`);
  }
  if (lost.length) parts.push(`? ${lost.length} cell${lost.length > 1 ? 's have' : ' has'} lost the solution's digit from its marks: ${lost.map(cellName).join(', ')}.`);
  if (!parts.length) {
    const left = CELLS.filter((i) => !value(i)).length;
    parts.push(left ? `No mistakes so far; ${left} cells to go.` : 'Solved. Well done!');
    if (!sol && info.status !== 'unique') parts.push('(The solution is not known, so only the rules were checked.)');
  }
  sayHtml(parts.map(withRefs).join(' '));
}

/** Goes back to the last state in the history without mistakes, as one undoable action. */
async function onRewind() {
  const sol = solution();
  const g = givensString();
  const clean = async (s) => {
    if (conflictCells(s).size) return false;
    if (sol) {
      return CELLS.every((i) => (!s.digits[i] || s.digits[i] === sol[i])
        && (value(i, s) || !s.centre[i] || s.centre[i] & bit(sol[i])));
    }
    const counted = await api('count', { puzzle: boardString(s), limit: 1 });
    return counted.count > 0;
  };
  try {
    if (await clean(S)) { say('Nothing to rewind: the board has no mistakes.'); return; }
    let asked = 0;
    for (let k = past.length - 1; k >= 0 && asked < 40; k--) {
      const s = past[k].state;
      if (givensString(s) !== g) break; // older states belong to another puzzle
      asked++;
      if (await clean(s)) {
        const back = past.length - k;
        commit('rewind', (t) => Object.assign(t, clone(s)));
        say(`Rewound ${back} action${back > 1 ? 's' : ''} to the last state without mistakes.`);
        return;
      }
    }
    say('No earlier state of this puzzle is free of mistakes.');
  } catch (e) {
    say(`Cannot rewind: ${e.message}`);
  }
}

// ------------------------------------------------------------ explanation

let explanations = 0; // numbers each explanation, so its text is redrawn only when new

async function onExplain() {
  if (!hasGivens()) { say('Enter, paste or generate a puzzle first.'); return; }
  const key = givensString();
  const body = { puzzle: key };
  const techniques = techniquesParam();
  if (techniques !== undefined) body.techniques = techniques;
  const button = document.getElementById('explain');
  button.disabled = true;
  say('Explaining…');
  try {
    const data = await api('explain', body);
    if (givensString() !== key) return;
    if (data.status !== 'explained' && data.status !== 'stuck') { say(`No explanation: ${data.error || data.status}`); return; }
    ui.explain = { key, data, index: 0, active: true, id: ++explanations };
    render();
    say(`${data.steps.length} steps${data.solved ? ' solve the puzzle' : ', then no allowed technique applies'}.`);
  } catch (e) {
    say(`No explanation: ${e.message}`);
  } finally {
    button.disabled = false;
  }
}

/** The board before step k of the explanation: the givens, then each step's conclusions. */
function boardAt(k) {
  const vals = S.givens.slice();
  const cands = CELLS.map(() => 0);
  const s = { givens: vals, digits: cands.map(() => 0) };
  for (const i of CELLS) if (!vals[i]) cands[i] = allowed(i, s);
  for (const step of ui.explain.data.steps.slice(0, k)) {
    for (const { cell, digit } of step.placements) {
      const i = cellIndex(cell);
      vals[i] = digit;
      cands[i] = 0;
      for (const p of PEERS[i]) cands[p] &= ~bit(digit);
    }
    for (const { cell, digit } of step.eliminations) cands[cellIndex(cell)] &= ~bit(digit);
  }
  return { vals, cands };
}

function explainStep(explain = ui.explain) {
  const { steps, next_step: next } = explain.data;
  return explain.index < steps.length ? steps[explain.index] : next || null;
}

function moveStep(delta) {
  const ex = ui.explain;
  if (!ex) return;
  ex.index = Math.max(0, Math.min(ex.data.steps.length, ex.index + delta));
  ex.active = true;
  render();
}

// ------------------------------------------------------------ setter tools

/** The digits that appear in some solution: the solution itself for a unique
 *  puzzle, else found by solving with each candidate not yet seen placed. */
async function onTrueCandidates() {
  const g = givensString();
  if (!hasGivens()) { say('Type some givens first.'); return; }
  await loadInfo();
  for (let k = 0; k < 100 && info.status === 'checking'; k++) await sleep(100);
  if (info.status === 'no_solution' || info.status === 'invalid') { say('The givens have no solution.'); return; }
  const seen = Array(81).fill(0);
  const add = (line) => [...line].forEach((ch, i) => { seen[i] |= bit(Number(ch)); });
  const button = document.getElementById('true-cands');
  button.disabled = true;
  try {
    if (info.status === 'unique') {
      add(info.solution);
    } else {
      const first = await api('solve', { puzzle: g });
      if (first.status !== 'solved') { say('The givens have no solution.'); return; }
      add(first.solution);
      const s = blank();
      s.givens = S.givens.slice();
      const todo = CELLS.filter((i) => !s.givens[i]).flatMap((i) => digitsIn(allowed(i, s)).map((d) => [i, d]));
      let asked = 0;
      for (const [i, d] of todo) {
        if (seen[i] & bit(d)) continue;
        if (givensString() !== g) return;
        if (++asked > 400) { say('Stopped after 400 searches; the marks shown are incomplete.'); break; }
        if (asked % 20 === 0) say(`True candidates: ${asked} searches so far…`);
        const board = [...g];
        board[i] = String(d);
        const found = await api('solve', { puzzle: board.join(''), first: true });
        if (found.status === 'solved') add(found.solution);
      }
    }
    if (givensString() !== g) return;
    ui.trueCands = { key: g, masks: CELLS.map((i) => (S.givens[i] ? 0 : seen[i])) };
    render();
    say('True candidates shown: the digits each empty cell holds in some solution.');
  } catch (e) {
    say(`True candidates: ${e.message}`);
  } finally {
    button.disabled = false;
  }
}

async function onGenerate() {
  const level = document.getElementById('gen-level').value;
  const body = { symmetry: document.getElementById('gen-sym').value, with_solution: true };
  if (level) body.level = level;
  const button = document.getElementById('generate');
  button.disabled = true;
  say('Making a puzzle…');
  try {
    const made = await api('generate', body);
    if (made.rating) ratings.set(made.puzzle, made.rating);
    const s = blank();
    s.givens = parseGrid81(made.puzzle);
    setMode('play');
    commit('new puzzle', (t) => Object.assign(t, s));
    const rating = made.rating ? `, ${made.rating.level}, ER ${fmt(made.rating.er)}` : '';
    say(`New puzzle: ${made.clues} clues, ${made.symmetry} symmetry${rating}.`);
  } catch (e) {
    say(`No new puzzle: ${e.message}`);
  } finally {
    button.disabled = false;
  }
}

function setMode(mode) {
  ui.mode = mode;
  if (mode === 'setter') ui.explain = null;
  scheduleInfo(0);
  render();
}

// ------------------------------------------------- import, export, share

function load(text, label = 'load puzzle') {
  try {
    const s = stateFromText(text);
    if (!s) throw new Error('no puzzle found');
    commit(label, (t) => Object.assign(t, s));
    say(`Loaded a puzzle with ${s.givens.filter(Boolean).length} givens.`);
  } catch (e) {
    say(`Cannot load: ${e.message}`);
  }
}

function exportText(text, what) {
  const io = document.getElementById('io');
  io.value = text;
  io.select();
  // The clipboard is a convenience: the text box holds the text anyway.
  navigator.clipboard?.writeText(text).catch(() => {});
  say(`${what} in the text box${navigator.clipboard ? ' and copied' : ''}.`);
}

function shareLink() {
  if (!hasGivens()) { say('Nothing to share yet.'); return; }
  writeHash();
  exportText(`${location.origin}${location.pathname}#${shareFragment()}`, 'Share link');
}

/** The grid as SVG: colours, digits (givens bold) and, with marks, the pencil marks. */
function svgOf(s, { marks = true, size = 450, ink = '#0072B2' } = {}) {
  const u = 50;
  const n = u * 9;
  const out = [`<svg xmlns="http://www.w3.org/2000/svg" viewBox="-2 -2 ${n + 4} ${n + 4}" width="${size}" height="${size}" font-family="Helvetica, Arial, sans-serif">`,
    `<rect x="0" y="0" width="${n}" height="${n}" fill="#fff"/>`];
  const fills = ['#E69F00', '#56B4E9', '#009E73', '#F0E442', '#0072B2', '#D55E00', '#CC79A7', '#999999', '#000000'];
  const corners = [[0.18, 0.27], [0.82, 0.27], [0.18, 0.9], [0.82, 0.9], [0.5, 0.27], [0.5, 0.9], [0.18, 0.58], [0.82, 0.58], [0.5, 0.58]];
  for (const i of CELLS) {
    const x = col(i) * u;
    const y = row(i) * u;
    if (s.colour[i]) out.push(`<rect x="${x}" y="${y}" width="${u}" height="${u}" fill="${fills[s.colour[i] - 1]}" fill-opacity="0.45"/>`);
    const v = value(i, s);
    if (v) {
      const style = s.givens[i] ? 'fill="#000" font-weight="bold"' : `fill="${ink}"`;
      out.push(`<text x="${x + u / 2}" y="${y + u * 0.73}" font-size="${u * 0.66}" text-anchor="middle" ${style}>${v}</text>`);
    } else if (marks) {
      const centre = digitsIn(s.centre[i]).join('');
      if (centre) out.push(`<text x="${x + u / 2}" y="${y + u * 0.58}" font-size="${u * (centre.length > 5 ? 0.17 : 0.24)}" text-anchor="middle" fill="#333">${centre}</text>`);
      digitsIn(s.corner[i]).forEach((d, k) => {
        const [cx, cy] = corners[k];
        out.push(`<text x="${x + u * cx}" y="${y + u * cy}" font-size="${u * 0.22}" text-anchor="middle" fill="#333">${d}</text>`);
      });
    }
  }
  for (let k = 0; k <= 9; k++) {
    const w = k % 3 === 0 ? 3 : 1;
    out.push(`<line x1="${k * u}" y1="0" x2="${k * u}" y2="${n}" stroke="#000" stroke-width="${w}"/>`,
      `<line x1="0" y1="${k * u}" x2="${n}" y2="${k * u}" stroke="#000" stroke-width="${w}"/>`);
  }
  out.push('</svg>');
  return out.join('');
}

function downloadSvg() {
  const blob = new Blob([svgOf(S)], { type: 'image/svg+xml' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = 'sudokit.svg';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 5000);
  say('SVG of the grid downloaded.');
}

// The print queue outlives the page, so a user can gather puzzles over time.
function readQueue() {
  try { return JSON.parse(localStorage.getItem('sudokit.print') || '[]'); } catch { return []; }
}
function writeQueue(queue) {
  try { localStorage.setItem('sudokit.print', JSON.stringify(queue)); } catch { /* private mode */ }
  renderQueue();
}

async function queueAdd() {
  if (!hasGivens()) { say('Nothing to queue yet.'); return; }
  const puzzle = givensString();
  let sol = info.key === puzzle ? info.solution || null : null;
  if (!sol) sol = await api('solve', { puzzle }).then((r) => r.solution).catch(() => null);
  const queue = readQueue();
  queue.push({ puzzle, solution: sol });
  writeQueue(queue);
  say(`Queued for printing: ${queue.length} puzzle${queue.length > 1 ? 's' : ''}.`);
}

/** Fills the print area: 6 puzzles a page, then the solutions, 12 a page. */
function buildPrint() {
  let items = readQueue();
  if (!items.length && hasGivens()) items = [{ puzzle: givensString(), solution: solution() ? info.solution : null }];
  const sheets = (list, per, cls, draw) => {
    let html = '';
    for (let k = 0; k < list.length; k += per) {
      html += `<section class="sheet ${cls}">${list.slice(k, k + per).map(draw).join('')}</section>`;
    }
    return html;
  };
  const asState = (line, sol) => {
    const s = blank();
    s.givens = parseGrid81(line);
    if (sol) s.digits = parseGrid81(sol).map((d, i) => (s.givens[i] ? 0 : d));
    return s;
  };
  const numbered = items.map((item, k) => ({ ...item, n: k + 1 }));
  document.getElementById('print-area').innerHTML =
    sheets(numbered, 6, 'puzzles', (it) => `<figure>${svgOf(asState(it.puzzle), { marks: false })}<figcaption>${it.n}</figcaption></figure>`)
    + sheets(numbered.filter((it) => it.solution), 12, 'solutions',
      (it) => `<figure>${svgOf(asState(it.puzzle, it.solution), { marks: false, ink: '#666' })}<figcaption>Solution ${it.n}</figcaption></figure>`);
}

// -------------------------------------------------------------- rendering

const esc = (text) => String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
const fmt = (x) => (x == null ? '?' : Number(x).toFixed(1));

/** Escapes text and makes each cell name in it a span that highlights its cell. */
function withRefs(text) {
  return esc(text).replace(/\br([1-9])c([1-9])\b/g,
    (name) => `<span class="ref" tabindex="0" data-cell="${name}">${name}</span>`);
}

const message = () => document.getElementById('message');
const WELCOME = 'Type a puzzle in Setter mode, paste one, or make a new one.';
function say(text) { message().textContent = text; }
function sayHtml(html) { message().innerHTML = html; }

const cellEls = [];
function buildGrid() {
  const grid = document.getElementById('grid');
  for (let r = 0; r < 9; r++) {
    const rowEl = document.createElement('div');
    rowEl.className = 'line';
    rowEl.setAttribute('role', 'row');
    for (let c = 0; c < 9; c++) {
      const el = document.createElement('div');
      el.className = 'cell';
      el.setAttribute('role', 'gridcell');
      el.dataset.i = String(r * 9 + c);
      el.tabIndex = -1;
      rowEl.append(el);
      cellEls.push(el);
    }
    grid.append(rowEl);
  }
  const pad = document.getElementById('pad');
  for (const d of DIGITS) pad.insertAdjacentHTML('beforeend', `<button type="button" data-digit="${d}">${d}</button>`);
  pad.insertAdjacentHTML('beforeend', '<button type="button" data-erase aria-label="Erase" title="Erase (Backspace)">⌫</button>');
  const fieldset = document.getElementById('techniques');
  for (const g of GROUPS) {
    fieldset.insertAdjacentHTML('beforeend', `<label><input type="checkbox" value="${g}" checked> ${g}</label>`);
  }
}

/** What the grid shows on top of the state: hint, explanation, check, references. */
function overlays() {
  const o = { houses: new Set(), pattern: new Set(), roles: new Map(), mistake: -1, board: null, check: null };
  const role = (list, name) => {
    for (const { cell, digit } of list || []) {
      const i = cellIndex(cell);
      if (!o.roles.has(i)) o.roles.set(i, new Map());
      o.roles.get(i).set(digit, name);
    }
  };
  const addStep = (step, level) => {
    for (const h of step.houses || []) for (const i of HOUSES[h] || []) o.houses.add(i);
    const cells = (step.pattern.length ? step.pattern : step.placements).map((c) => cellIndex(c.cell));
    cells.forEach((i) => o.pattern.add(i));
    if (level >= 3) {
      role(step.pattern, 'pat');
      role(step.eliminations, 'elim');
      role(step.placements, 'place');
    }
  };
  const ex = ui.explain;
  const hint = ui.hint;
  if (ex && ex.active) {
    o.board = boardAt(ex.index);
    const step = explainStep(ex);
    if (step) addStep(step, 3);
  } else if (hint && hint.key === progressKey() && hint.level >= 2) {
    const answer = hint.full;
    if (answer.status === 'step') addStep(answer.hint.step, hint.level);
    else if (answer.hint && answer.hint.cell) o.mistake = cellIndex(answer.hint.cell);
  }
  if (!o.board && ui.check && ui.check.key === progressKey()) o.check = ui.check;
  return o;
}

function cellView(i, o) {
  const classes = ['cell'];
  const label = [cellName(i)];
  let html = '';
  const v = o.board ? o.board.vals[i] : value(i);
  const roles = o.roles.get(i);
  const trueCands = ui.mode === 'setter' && ui.trueCands && ui.trueCands.key === givensString() ? ui.trueCands.masks[i] : 0;
  if (v) {
    const given = Boolean(S.givens[i]);
    classes.push(given ? 'given' : 'user');
    html += `<span class="v">${v}</span>`;
    label.push(given ? `given ${v}` : String(v));
  } else if (o.board || roles) {
    // Candidates laid out 3 by 3, so a hint can mark each digit where it sits.
    let mask = o.board ? o.board.cands[i] : S.centre[i] || allowed(i);
    if (roles) for (const d of roles.keys()) mask |= bit(d);
    html += `<span class="cands">${DIGITS.map((d) => `<span class="${roles?.get(d) || ''}">${mask & bit(d) ? d : ''}</span>`).join('')}</span>`;
    label.push(`empty, candidates ${digitsIn(mask).join(' ') || 'none'}`);
    if (roles) {
      const said = [...roles].map(([d, r]) => `${d} ${{ pat: 'in the pattern', elim: 'eliminated', place: 'placed' }[r]}`);
      label.push(said.join(', '));
    }
  } else if (trueCands) {
    // The setter sees the true candidates instead of the player's marks.
    const list = digitsIn(trueCands);
    html += `<span class="centre true${list.length > 5 ? ' many' : ''}">${list.join('')}</span>`;
    label.push(`empty, true candidates ${list.join(' ')}`);
  } else {
    label.push('empty');
    const corner = digitsIn(S.corner[i]);
    const centre = digitsIn(S.centre[i]);
    if (centre.length) {
      html += `<span class="centre${centre.length > 5 ? ' many' : ''}">${centre.join('')}</span>`;
      label.push(`candidates ${centre.join(' ')}`);
    }
    if (corner.length) {
      html += `<span class="corner">${corner.map((d, k) => `<span class="k p${k}">${d}</span>`).join('')}</span>`;
      label.push(`corner marks ${corner.join(' ')}`);
    }
  }
  if (S.colour[i]) { classes.push('coloured', `c${S.colour[i]}`); label.push(`colour ${COLOURS[S.colour[i] - 1]}`); }
  if (o.houses.has(i)) classes.push('house');
  if (o.pattern.has(i)) { classes.push('pattern'); label.push('hint cell'); }
  let badge = '';
  if (o.mistake === i) { classes.push('mistake'); badge = '✗'; label.push('mistake'); }
  if (o.check) {
    if (o.check.wrong.has(i)) { classes.push('wrong'); badge = '✗'; label.push('differs from the solution'); }
    if (o.check.lost.has(i)) { classes.push('lost'); badge = '?'; label.push("marks miss the solution's digit"); }
    if (o.check.conflicts.has(i)) { classes.push('conflict'); badge = '!'; label.push('breaks a rule'); }
  }
  if (badge) html += `<span class="badge" aria-hidden="true">${badge}</span>`;
  if (ui.mode === 'setter' && info.key === givensString() && (info.redundant || []).includes(cellName(i)) && S.givens[i]) {
    classes.push('redundant');
    label.push('redundant given');
  }
  if (ui.refs.has(i)) classes.push('ref');
  if (ui.sel.has(i)) classes.push('sel');
  return { className: classes.join(' '), html, label: label.join(', ') };
}

function render() {
  if (!cellEls.length) return;
  const o = overlays();
  for (const i of CELLS) {
    const el = cellEls[i];
    const view = cellView(i, o);
    // Only touch what changed, so focus and hover stay put.
    if (el.className !== view.className) el.className = view.className;
    if (el._html !== view.html) { el.innerHTML = view.html; el._html = view.html; }
    if (el.getAttribute('aria-label') !== view.label) el.setAttribute('aria-label', view.label);
    el.setAttribute('aria-selected', String(ui.sel.has(i)));
    el.setAttribute('aria-readonly', String(ui.mode === 'play' && Boolean(S.givens[i])));
    el.tabIndex = i === ui.cursor ? 0 : -1;
  }
  document.body.classList.toggle('setter', ui.mode === 'setter');
  press('#mode-play', ui.mode === 'play');
  press('#mode-setter', ui.mode === 'setter');
  for (const b of document.querySelectorAll('[data-entry]')) press(b, b.dataset.entry === ui.entry);
  document.getElementById('pad').dataset.mode = ui.mode === 'setter' ? 'digit' : ui.entry;
  document.getElementById('setter-box').hidden = ui.mode !== 'setter';
  document.getElementById('undo').disabled = !past.length;
  document.getElementById('redo').disabled = !future.length;
  const hint = ui.hint;
  const apply = document.getElementById('apply');
  const applicable = hint && hint.level === 3 && hint.key === progressKey() && hint.full
    && ['step', 'wrong_digit', 'lost_candidate'].includes(hint.full.status);
  apply.hidden = !applicable;
  if (applicable) apply.textContent = hint.full.status === 'step' ? 'Apply' : 'Fix it';
  renderExplain();
  renderInfo();
}

/** Sets an element's HTML only if it changed, so a hovered cell name stays put. */
function setHtml(id, html) {
  const el = document.getElementById(id);
  if (el.dataset.html !== html) { el.innerHTML = html; el.dataset.html = html; }
}

function press(target, on) {
  const el = typeof target === 'string' ? document.querySelector(target) : target;
  el.setAttribute('aria-pressed', String(on));
}

function ratingText(r) {
  if (!r) return '';
  if (r.pending) return 'Rating…';
  if (r.error) return `Rating: ${r.error}`;
  if (r.er == null) return '';
  return `ER ${fmt(r.er)} · EP ${fmt(r.ep)} · ED ${fmt(r.ed)} · ${r.level}${r.technique ? ` (hardest: ${r.technique})` : ''}`;
}

function renderInfo() {
  let text;
  switch (info.key === givensString() ? info.status : 'checking') {
    case 'empty': text = 'Empty grid: type givens in Setter mode, paste a puzzle, or make a new one.'; break;
    case 'checking': text = 'Checking the puzzle…'; break;
    case 'unique': {
      const redundant = (info.redundant || []).length;
      text = `✓ Unique solution · ${info.clues} clues`
        + (info.minimal ? ' · minimal' : redundant ? ` · ${redundant} redundant given${redundant > 1 ? 's' : ''}` : '');
      break;
    }
    case 'multiple': {
      const diff = info.difference;
      text = `✗ More than one solution${diff ? `: ${diff.cell} can be ${diff.digits.join(' or ')}` : ''}`;
      break;
    }
    case 'no_solution': text = '✗ No solution'; break;
    case 'invalid': text = `✗ Breaks the rules: ${info.conflict || info.error || ''}`; break;
    default: text = `Could not check the puzzle: ${info.error || info.status}`;
  }
  const rating = info.key === givensString() ? ratingText(info.rating) : '';
  const status = withRefs(text);
  setHtml('puzzle-info', status + (rating ? `<br>${esc(rating)}` : ''));
  setHtml('setter-status', status);
  setHtml('setter-rating', esc(rating));
}

function renderExplain() {
  const ex = ui.explain;
  const has = Boolean(ex);
  document.getElementById('step-prev').disabled = !has || ex.index === 0;
  document.getElementById('step-next').disabled = !has || ex.index >= ex.data.steps.length;
  document.getElementById('step-close').disabled = !has || !ex.active;
  const pos = document.getElementById('step-pos');
  const text = document.getElementById('step-text');
  const rating = document.getElementById('explain-rating');
  if (!has) { pos.textContent = ''; text.textContent = ''; text.dataset.key = ''; rating.textContent = ''; return; }
  const { data, index } = ex;
  const n = data.steps.length;
  rating.textContent = `${ratingText(data.rating) || 'Not rated'} · ${n} steps · hardest ${fmt(data.hardest)}`;
  const step = explainStep(ex);
  if (index < n) {
    pos.textContent = `Step ${index + 1} of ${n}`;
  } else {
    pos.textContent = data.solved ? 'Solved' : 'Stuck';
  }
  const key = `${ex.id}|${index}`;
  if (text.dataset.key === key) return; // keep the spans under the pointer
  text.dataset.key = key;
  if (index < n) {
    text.innerHTML = stepHtml(step);
  } else if (data.solved) {
    text.textContent = 'Every cell is filled.';
  } else {
    text.innerHTML = `No allowed technique applies here.${step ? ` With every technique the next step would be: ${stepHtml(step)}` : ''}`;
  }
}

function renderQueue() {
  const n = readQueue().length;
  document.getElementById('queue-count').textContent = n
    ? `${n} puzzle${n > 1 ? 's' : ''} queued; Print puts 6 on a page, solutions at the back.`
    : 'The queue is empty: Print prints the current puzzle.';
}

// ------------------------------------------------------------- selection

function moveTo(i, extend = false) {
  ui.cursor = i;
  if (!extend) ui.sel = new Set();
  ui.sel.add(i);
  render();
  cellEls[i].focus({ preventScroll: true });
}

function move(dr, dc, extend) {
  const r = (row(ui.cursor) + dr + 9) % 9;
  const c = (col(ui.cursor) + dc + 9) % 9;
  moveTo(r * 9 + c, extend);
}

function cellAt(x, y) {
  const el = document.elementFromPoint(x, y);
  const cell = el && el.closest('.cell');
  return cell ? Number(cell.dataset.i) : -1;
}

function bindGrid() {
  const grid = document.getElementById('grid');
  grid.addEventListener('pointerdown', (e) => {
    const i = cellAt(e.clientX, e.clientY);
    if (i < 0 || e.button > 0) return;
    e.preventDefault();
    if (e.ctrlKey || e.metaKey) {
      if (ui.sel.has(i) && ui.sel.size > 1) ui.sel.delete(i); else ui.sel.add(i);
      ui.cursor = i;
    } else if (e.shiftKey) {
      ui.sel.add(i);
      ui.cursor = i;
    } else {
      ui.sel = new Set([i]);
      ui.cursor = i;
    }
    ui.dragging = true;
    render();
    cellEls[i].focus({ preventScroll: true });
  });
  grid.addEventListener('pointermove', (e) => {
    if (!ui.dragging) return;
    const i = cellAt(e.clientX, e.clientY);
    if (i >= 0 && !ui.sel.has(i)) { ui.sel.add(i); ui.cursor = i; render(); }
  });
  window.addEventListener('pointerup', () => { ui.dragging = false; });
  // Tabbing into the grid selects the focused cell, so keys act on it.
  grid.addEventListener('focusin', (e) => {
    const i = Number(e.target.dataset.i);
    if (Number.isNaN(i) || i === ui.cursor) return; // our own focus() calls set the cursor first
    ui.cursor = i;
    ui.sel = new Set([i]);
    render();
  });
  // A double click selects every cell with the same digit.
  grid.addEventListener('dblclick', (e) => {
    const i = cellAt(e.clientX, e.clientY);
    const v = i >= 0 && value(i);
    if (v) { ui.sel = new Set(CELLS.filter((j) => value(j) === v)); render(); }
  });
}

// ------------------------------------------------------------- keyboard

const ENTRY_KEYS = { z: 'digit', x: 'corner', c: 'centre', v: 'colour' };
const ENTRIES = ['digit', 'corner', 'centre', 'colour'];

function setEntry(entry) {
  ui.entry = entry;
  render();
  say(`Entering ${{ digit: 'digits', corner: 'corner marks', centre: 'centre marks', colour: 'colours' }[entry]}.`);
}

function onKey(e) {
  const target = e.target;
  if (target.closest && target.closest('input, textarea, select')) return; // text fields keep their keys
  const ctrl = e.ctrlKey || e.metaKey;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  if (ctrl && key === 'z') { e.preventDefault(); if (e.shiftKey) redo(); else undo(); return; }
  if (ctrl && key === 'y') { e.preventDefault(); redo(); return; }
  const code = /^(?:Digit|Numpad)([0-9])$/.exec(e.code);
  const d = code ? Number(code[1]) : /^[0-9]$/.test(key) ? Number(key) : -1;
  if (d >= 1 && !e.altKey) {
    e.preventDefault();
    enter(d, e.shiftKey ? 'corner' : ctrl ? 'centre' : ui.entry);
    return;
  }
  if (ctrl || e.altKey) return;
  const onButton = target.closest && target.closest('button, summary, a, .ref');
  switch (key) {
    case 'ArrowUp': e.preventDefault(); move(-1, 0, e.shiftKey); return;
    case 'ArrowDown': e.preventDefault(); move(1, 0, e.shiftKey); return;
    case 'ArrowLeft': e.preventDefault(); move(0, -1, e.shiftKey); return;
    case 'ArrowRight': e.preventDefault(); move(0, 1, e.shiftKey); return;
    case 'Backspace': case 'Delete': e.preventDefault(); erase(); return;
    case 'Escape':
      if (ui.explain && ui.explain.active) ui.explain.active = false;
      ui.hint = null;
      render();
      return;
    default:
  }
  if (d === 0 || key === '.') {
    // Setters type blanks as 0 or . and move on, as in an 81-character line.
    if (ui.mode === 'setter') { e.preventDefault(); erase(); if (ui.sel.size === 1) moveTo((ui.cursor + 1) % 81); }
    return;
  }
  if (ENTRY_KEYS[key]) { e.preventDefault(); setEntry(ENTRY_KEYS[key]); return; }
  if (key === ' ' && !onButton) {
    e.preventDefault();
    setEntry(ENTRIES[(ENTRIES.indexOf(ui.entry) + 1) % ENTRIES.length]);
  }
}

// ------------------------------------------------------------------ start

function on(id, handler) { document.getElementById(id).addEventListener('click', handler); }

function start() {
  buildGrid();
  bindGrid();
  document.addEventListener('keydown', onKey);
  on('mode-play', () => setMode('play'));
  on('mode-setter', () => setMode('setter'));
  for (const b of document.querySelectorAll('[data-entry]')) b.addEventListener('click', () => setEntry(b.dataset.entry));
  document.getElementById('pad').addEventListener('click', (e) => {
    const b = e.target.closest('button');
    if (!b) return;
    if (b.dataset.digit) enter(Number(b.dataset.digit)); else erase();
  });
  on('undo', undo);
  on('redo', redo);
  on('auto-cands', autoCandidates);
  on('auto-clean', autoClean);
  on('place-singles', placeSingles);
  on('hint', onHint);
  on('apply', applyHint);
  on('check', onCheck);
  on('rewind', onRewind);
  on('explain', onExplain);
  on('step-prev', () => moveStep(-1));
  on('step-next', () => moveStep(1));
  on('step-close', () => { if (ui.explain) ui.explain.active = false; render(); });
  on('true-cands', onTrueCandidates);
  on('clear-grid', () => commit('clear grid', (s) => Object.assign(s, blank())));
  on('generate', onGenerate);
  on('load', () => load(document.getElementById('io').value));
  on('export-givens', () => exportText(givensString(), 'Givens'));
  on('export-progress', () => exportText(boardString(), 'Progress'));
  on('export-marks', () => exportText(marks729(), 'Pencil marks'));
  on('share', shareLink);
  on('queue-add', queueAdd);
  on('queue-clear', () => { writeQueue([]); say('Print queue cleared.'); });
  on('print', () => { buildPrint(); window.print(); });
  on('svg', downloadSvg);
  window.addEventListener('beforeprint', buildPrint);
  // Hovering or focusing a cell name in a text highlights the cell.
  const showRef = (e) => {
    const ref = e.target.closest && e.target.closest('.ref');
    if (!ref) return;
    ui.refs = new Set([cellIndex(ref.dataset.cell)]);
    render();
  };
  const hideRef = (e) => {
    if (e.target.closest && e.target.closest('.ref')) { ui.refs.clear(); render(); }
  };
  document.addEventListener('mouseover', showRef);
  document.addEventListener('focusin', showRef);
  document.addEventListener('mouseout', hideRef);
  document.addEventListener('focusout', hideRef);
  // Pasting a puzzle anywhere but a text field loads it.
  document.addEventListener('paste', (e) => {
    if (e.target.closest && e.target.closest('input, textarea')) return;
    const text = e.clipboardData.getData('text');
    if (text.trim()) { e.preventDefault(); load(text, 'paste puzzle'); }
  });
  window.addEventListener('hashchange', () => {
    if (location.hash !== writtenHash) load(location.hash, 'open link');
  });
  try {
    const s = stateFromFragment(location.hash);
    if (s) S = s;
  } catch (e) {
    say(`The link holds no puzzle: ${e.message}`);
  }
  ui.mode = hasGivens() ? 'play' : 'setter';
  if (!hasGivens() && !message().textContent) say(WELCOME);
  writeHash();
  renderQueue();
  render();
  loadInfo();
}

start();
