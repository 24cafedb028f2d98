// node --test: issue 30's page budgets as bench/lib/report.mjs checks them.
import test from 'node:test';
import assert from 'node:assert/strict';
import { budgets } from './report.mjs';

const report = (ours, flat, ratio) => ({
  lighthouse: { pages: { home: { score: 100, cls: 0, lcpMs: 900, ...ours } }, static: { home: { score: 100, lcpMs: 1000, ...flat } }, ratio: { home: { lcp: 0.9, tbt: ratio } } },
});
const tbtBudget = (r) => budgets(r).find((b) => b.name.startsWith('home: TBT'));

test('TBT ≤ 1.5× the static copy’s, never under 50 ms (TBT’s own resolution)', () => {
  assert.equal(tbtBudget(report({ tbtMs: 0 }, { tbtMs: 0 }, null)).pass, true, '0 against 0');
  assert.equal(tbtBudget(report({ tbtMs: 14 }, { tbtMs: 5 }, 2.8)).pass, true, '14 against 5: both under a task’s worth');
  assert.equal(tbtBudget(report({ tbtMs: 50 }, { tbtMs: 0 }, null)).pass, true, '50 against 0');
  assert.equal(tbtBudget(report({ tbtMs: 51 }, { tbtMs: 0 }, null)).pass, false, '51 against 0');
  assert.equal(tbtBudget(report({ tbtMs: 80 }, { tbtMs: 22 }, 3.64)).pass, false, '80 against 22');
  assert.equal(tbtBudget(report({ tbtMs: 150 }, { tbtMs: 100 }, 1.5)).pass, true, '1.5×');
  assert.equal(tbtBudget(report({ tbtMs: 151 }, { tbtMs: 100 }, 1.51)).pass, false, 'over 1.5×');
  assert.equal(tbtBudget(report({ tbtMs: null }, { tbtMs: 0 }, null)).pass, false, 'not measured');
  assert.equal(tbtBudget(report({ tbtMs: 10 }, { tbtMs: null }, null)).pass, false, 'the copy not measured');
  assert.match(tbtBudget(report({ tbtMs: 150 }, { tbtMs: 100 }, 1.5)).limit, /= 150$/);
});

test('first-view JS: the page’s scripts before the visitor acts, against 130 KB', () => {
  const page = (jsKB) => ({ pages: { home: { jsKB, singletonsTwice: [] } } });
  const js = (r) => budgets(r).find((b) => b.name.startsWith('home: JS transferred'));
  assert.equal(js(page(0)).pass, true);
  assert.equal(js(page(130)).pass, true);
  assert.equal(js(page(130.1)).pass, false);
});

test('the static copy must be our page without scripts, or the comparisons with it fail', () => {
  const copy = (c) => budgets({ lighthouse: { pages: {}, staticCopy: { home: { heightRatio: 1, sameFont: true, refused: [], failedRequests: 0, same: true, ...c } } } })[0];
  assert.equal(copy({}).pass, true);
  assert.match(copy({}).value, /height ×1, same font, 0 refused, 0 failed/);
  assert.equal(copy({ heightRatio: 2.5, sameFont: false, refused: ['style-src-elem inline'], same: false }).pass, false, 'an unstyled copy');
});
