// "Save analysis" of a comparison: with two runs open (rapids-tools/profiling/eventlog_dsv1.zstd
// and eventlog_dsv2.zstd) and B made the baseline with the swap, the saved file holds both logs,
// redacted, and names the baseline in its route; opened from disk it lands on #/compare with the
// same baseline and the same aligned rows and figures. Screenshot:
// test-artifacts/browser/compare-saved.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  clickAnchor, kArtifacts, kCorpus, kViewport, openWatchedPage, settle, startBrowser, startPage, state,
} from './harness.mjs';
import { analysisOf, savedBy } from './saved_analysis.mjs';

const kDsv1 = join(kCorpus, 'rapids-tools', 'profiling', 'eventlog_dsv1.zstd');
const kDsv2 = join(kCorpus, 'rapids-tools', 'profiling', 'eventlog_dsv2.zstd');

let env;
let workDir;
before(async () => {
  env = await startBrowser();
  workDir = mkdtempSync(join(tmpdir(), 'afterglow-compare-share-'));
});
after(async () => {
  await env?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

const pick = (object, keys) => Object.fromEntries(keys.map((key) => [key, object[key]]));

// What must survive saving: the two runs' ids, the app metrics and every aligned row's ids and
// figures (names may hold redacted paths, so they are left out).
function comparisonOf(view) {
  assert.equal(view.built, true, `the comparison was built: ${view.error}`);
  const rows = (list) => list.map((row) => pick(row, ['a', 'b', 'durationMs', 'tasks']));
  return {
    a: view.a.id,
    b: view.b.id,
    app: view.app,
    sql: rows(view.sql),
    jobs: rows(view.jobs),
    stages: rows(view.stages),
    config: view.config.map((row) => row.key),
    headline: view.headline.map((item) => item.deltaMs),
  };
}

test('a saved comparison keeps both logs and reopens at #/compare with the same baseline and rows', async () => {
  const { context, page, problems } = await openWatchedPage(env);
  let original;
  let html;
  try {
    await startPage(env, page);
    await page.setInputFiles('#open-file', [kDsv1, kDsv2]);
    await page.waitForFunction(() => ['ready', 'error'].includes(window.afterglow.state().status),
                               null, { timeout: 120_000 });
    assert.equal((await state(page)).apps, 2, 'both logs are open');
    assert.equal(await page.evaluate(() => window.afterglow.show('#/compare')), true);
    await settle(page);
    const before = (await state(page)).viewState;
    // The swap: the run the load listed second becomes A, so a reopen that took the load's order
    // would show the other baseline.
    await clickAnchor(page, 'compareSwap');
    await settle(page);
    const swapped = await state(page);
    assert.equal(swapped.viewState.a.id, before.b.id, 'the swap made B the baseline');
    original = comparisonOf(swapped.viewState);
    assert.equal(swapped.savedRoute, `#/compare?app=${original.a}`);
    html = await savedBy(page, { redact: true });
  } finally {
    await context.close();
  }
  assert.deepEqual(problems, []);

  const analysis = analysisOf(html);
  assert.equal(analysis.redacted, true);
  assert.equal(analysis.route, `#/compare?app=${original.a}`);
  assert.deepEqual(analysis.files.map((file) => file.name).sort(),
                   ['eventlog_dsv1.zstd', 'eventlog_dsv2.zstd']);

  const path = join(workDir, 'compare.html');
  writeFileSync(path, html);
  const saved = await env.browser.newContext({ viewport: kViewport });
  const reopened = await saved.newPage();
  const reopenProblems = [];
  reopened.on('pageerror', (error) => reopenProblems.push(`uncaught: ${error.message}`));
  reopened.on('console', (message) => {
    if (message.type() === 'error') reopenProblems.push(`console error: ${message.text()}`);
  });
  // The worst order of the page's start: the engine has written its own route into the URL
  // (the overview, before any log is in) by the time the saved analysis is opened. That hash is
  // not a link the user followed, and must not win over the saved route.
  await reopened.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      if (!location.hash) location.hash = '#/overview';
    }, { once: true });
  });
  try {
    await reopened.goto(pathToFileURL(path).href);
    await reopened.waitForFunction(() => {
      const s = window.afterglow && window.afterglow.state();
      return s && s.analysis && ['ready', 'error'].includes(s.status);
    }, null, { timeout: 120_000 });
    const loaded = await state(reopened);
    assert.equal(loaded.status, 'ready', loaded.error);
    // The saved page shows its route once its logs are in (web/afterglow-share.js).
    await reopened.waitForFunction(() => {
      const v = window.afterglow.state().viewState;
      return window.afterglow.state().view === '#/compare' && v && v.built && !v.building;
    }, null, { timeout: 60_000 }).catch(async () => {
      const s = await state(reopened);
      assert.fail(`not on a built comparison: view ${s.view}, viewState ${JSON.stringify(s.viewState)?.slice(0, 300)}`);
    });
    await settle(reopened);
    const opened = await state(reopened);
    assert.equal(opened.apps, 2);
    assert.equal(opened.view, '#/compare', 'the saved page opens at the comparison');
    assert.deepEqual(comparisonOf(opened.viewState), original);
    await reopened.screenshot({ path: join(kArtifacts, 'compare-saved.png') });
  } finally {
    await saved.close();
  }
  assert.deepEqual(reopenProblems, []);
});
