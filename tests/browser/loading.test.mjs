// Browsing while a big log loads: a 119 MB log (three copies of nds_q66_gpu's work, 38,961 tasks,
// made by scripts/scale-log under build/bench/) is opened, and while it loads the user switches
// between the Jobs and Stages tabs. The views show the rows read so far (state().viewState.rows
// grows while loading) and end on the API's counts once the load is done; no console error.
// Screenshots: test-artifacts/browser/loading-browse-<tab>.png (mid-load), loading-done.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  clickAnchor, cliApi, kArtifacts, openWatchedPage, paceFileReads, scaledLog128M, settle,
  startBrowser, startPage, state,
} from './harness.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

test('tabs switch while a big log loads, showing partial rows and then the final rows', async () => {
  const log = scaledLog128M();
  const [app] = JSON.parse(cliApi(log, '/api/v1/applications'));
  const api = (path) => JSON.parse(cliApi(log, `/api/v1/applications/${app.id}${path}`));
  const finalRows = { '#/jobs': api('/jobs').length, '#/stages': api('/stages').length };

  const { context, page, problems } = await openWatchedPage(env);
  await paceFileReads(page, 100);  // the 128 MB load lasts over 6 s: the clicks land mid-load
  const samples = [];  // {view, rows} seen while the status was "loading"
  try {
    await startPage(env, page);
    await page.setInputFiles('#open-file', log);
    await page.waitForFunction(() => {
      const shown = window.afterglow.state();
      return shown.status !== 'empty' && (shown.status !== 'loading' || shown.progress > 0.02);
    }, null, { timeout: 60_000, polling: 20 });
    assert.equal((await state(page)).status, 'loading', 'the load finished before a tab could be opened');

    // Alternate the two tabs until the load ends, reading what each shows.
    const tabs = [['Jobs', '#/jobs'], ['Stages', '#/stages']];
    for (let i = 0; ; i++) {
      const [tab, route] = tabs[i % 2];
      await clickAnchor(page, tab);
      const shown = await state(page);
      if (shown.status !== 'loading') break;
      assert.equal(shown.view, route, `the ${tab} tab opens while loading`);
      assert.equal(typeof shown.viewState?.rows, 'number', `${route} describes its rows mid-load`);
      samples.push({ view: route, rows: shown.viewState.rows, progress: shown.progress });
      if (i < 2) await page.screenshot({ path: join(kArtifacts, `loading-browse-${tab.toLowerCase()}.png`) });
    }
    await page.waitForFunction(() => window.afterglow.state().status !== 'loading', null, { timeout: 120_000 });
    const done = await state(page);
    assert.equal(done.status, 'ready', `load failed: ${done.error}`);
    await settle(page);
    for (const [tab, route] of tabs) {
      await clickAnchor(page, tab);
      const shown = await state(page);
      assert.equal(shown.view, route);
      assert.equal(shown.viewState.rows, finalRows[route], `${route}: the final rows equal the API's`);
    }
    await page.screenshot({ path: join(kArtifacts, 'loading-done.png') });
  } finally {
    await context.close();
  }
  assert.deepEqual(problems, []);
  assert.ok(samples.length >= 1, `a tab was opened mid-load (${samples.length} times)`);
  const partial = samples.filter((s) => s.rows < finalRows[s.view]);
  assert.ok(partial.length > 0, `some mid-load view showed fewer rows than the end: ${JSON.stringify(samples)}`);
  for (const route of Object.keys(finalRows)) {
    const rows = samples.filter((s) => s.view === route).map((s) => s.rows);
    for (let i = 1; i < rows.length; i++) {
      assert.ok(rows[i] >= rows[i - 1], `${route}: rows never shrink while loading: ${rows}`);
    }
  }
});
