// Browsing while a big log loads: a 119 MB log (three copies of nds_q66_gpu's work, 38,961 tasks,
// made by scripts/scale-log under build/bench/) is opened, and while it loads the user switches
// between the Jobs and Stages tabs. The views show the rows read so far (state().viewState.rows
// grows while loading) and end on the API's counts once the load is done; no console error.
// Screenshots: test-artifacts/browser/loading-browse-<tab>.png (mid-load), loading-done.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  clickAnchor, cliApi, holdFileReads, kArtifacts, openWatchedPage, releaseReadsUntil, scaledLog128M,
  settle, startBrowser, startPage, state,
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
  // The reads are held and handed on a few per cent of the file at a time, so the clicks land
  // mid-load however fast or slow the machine runs.
  await holdFileReads(page);
  const samples = [];  // {view, rows} seen while the status was "loading"
  try {
    await startPage(env, page);
    await page.setInputFiles('#open-file', log);
    await page.waitForFunction(() => window.afterglow.status() === 'loading');

    // Alternate the two tabs, reading what each shows, with more of the file read between clicks.
    const tabs = [['Jobs', '#/jobs'], ['Stages', '#/stages']];
    for (let i = 0; i < 6; i++) {
      await page.evaluate((progress) => { window.readTo = progress; }, 0.03 * (i + 1));
      await releaseReadsUntil(page, () => window.afterglow.state({ asDrawn: true }).progress >= window.readTo);
      const [tab, route] = tabs[i % 2];
      await clickAnchor(page, tab);
      const shown = await state(page);
      assert.equal(shown.status, 'loading', 'the held reads keep the load running');
      assert.equal(shown.view, route, `the ${tab} tab opens while loading`);
      assert.equal(typeof shown.viewState?.rows, 'number', `${route} describes its rows mid-load`);
      samples.push({ view: route, rows: shown.viewState.rows, progress: shown.progress });
      if (i < 2) await page.screenshot({ path: join(kArtifacts, `loading-browse-${tab.toLowerCase()}.png`) });
    }
    await page.evaluate(() => window.__heldReads.passAll());
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
