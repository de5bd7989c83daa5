// The page's load pipeline (web/afterglow-page.js, wasm/main_loop.cc, wasm/bridge.cc):
// - a tab clicked while a log loads shows the rows read so far in the very first frame that draws
//   it: mid-load the list models are built only for the section on screen, and the click's frame
//   used to draw the new tab from the old section's models ("0 jobs" until the next refresh);
// - the load profile (window.afterglow.loadProfile()) accounts for the load: the engine's calls,
//   the copies into the heap, the waits for file slices and the yields to the browser, and names
//   the longest blocks of main-thread work; file slices are read ahead, so the pump seldom waits
//   for one, and the load ends with the CLI's numbers.
// Both load the 128 MB scaled log (harness.mjs scaledLog128M).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  clickAnchor, cliApi, openWatchedPage, paceFileReads, scaledLog128M, startBrowser, startPage,
  state,
} from './harness.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

test('a tab clicked mid-load shows the rows read so far in the first frame that draws it', async () => {
  const log = scaledLog128M();
  const { context, page, problems } = await openWatchedPage(env);
  await paceFileReads(page, 60);  // the load lasts seconds: the click lands mid-load
  try {
    await startPage(env, page);
    await page.setInputFiles('#open-file', log);
    // The loading view is on screen (the overview's route) until a tab is clicked; wait until jobs
    // have been read.
    await page.waitForFunction(() => {
      const shown = window.afterglow.state();
      return shown.status !== 'loading' || shown.counts.jobs > 0;
    }, null, { timeout: 60_000, polling: 50 });
    assert.equal((await state(page)).status, 'loading', 'the load finished before the click');
    // On every animation frame from here: what the last drawn frame showed, without the refresh
    // that state() does mid-load.
    await page.evaluate(() => {
      window.drawnSamples = [];
      const sample = () => {
        const drawn = window.afterglow.state({ asDrawn: true });
        window.drawnSamples.push({ status: drawn.status, view: drawn.view,
                                   rows: drawn.viewState ? drawn.viewState.rows : null,
                                   framesDrawn: drawn.framesDrawn });
        if (!window.stopSampling) requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
    await clickAnchor(page, 'Jobs');
    const samples = await page.evaluate(() => {
      window.stopSampling = true;
      return window.drawnSamples;
    });
    const jobsMidLoad = samples.filter((s) => s.status === 'loading' && s.view === '#/jobs');
    assert.ok(jobsMidLoad.length > 0, `the Jobs tab was drawn mid-load: ${JSON.stringify(samples.slice(-5))}`);
    for (const sample of jobsMidLoad) {
      assert.ok(sample.rows > 0, `every mid-load frame of the Jobs tab shows jobs: ${JSON.stringify(jobsMidLoad)}`);
    }
  } finally {
    await context.close();
  }
  assert.deepEqual(problems, []);
});

test('the load profile accounts for the load, slices are read ahead, and the load ends with the CLI\'s numbers', async () => {
  const log = scaledLog128M();
  const [app] = JSON.parse(cliApi(log, '/api/v1/applications'));
  const expectedJobs = JSON.parse(cliApi(log, `/api/v1/applications/${app.id}/jobs`));
  const expectedStages = JSON.parse(cliApi(log, `/api/v1/applications/${app.id}/stages`));
  const { context, page, problems } = await openWatchedPage(env);
  try {
    await startPage(env, page);
    assert.equal(await page.evaluate(() => window.afterglow.loadProfile()), null, 'no load, no profile');
    await page.setInputFiles('#open-file', log);
    await page.waitForFunction(() => ['ready', 'error'].includes(window.afterglow.status()), null,
                               { timeout: 120_000, polling: 100 });
    const loaded = await state(page);
    assert.equal(loaded.status, 'ready', `load failed: ${loaded.error}`);
    const api = (path) => page.evaluate((p) => JSON.parse(window.afterglow.api(p)), path);
    assert.deepEqual(await api(`/api/v1/applications/${app.id}/jobs`), expectedJobs);
    assert.deepEqual(await api(`/api/v1/applications/${app.id}/stages`), expectedStages);

    const profile = await page.evaluate(() => window.afterglow.loadProfile());
    assert.ok(profile.loadMs > 0 && profile.pushMs > 0 && profile.yields > 0, JSON.stringify(profile));
    // Parts of the load, each within it; the engine's calls include the pushes.
    assert.ok(profile.pushMs <= profile.engineMs, 'the pushes are engine calls');
    const parts = profile.engineMs + profile.copyMs + profile.readWaitMs + profile.yieldedMs;
    assert.ok(parts <= profile.loadMs * 1.01 + 5, `the parts (${parts} ms) fit in the load (${profile.loadMs} ms)`);
    assert.ok(profile.frameWaitMs <= profile.yieldedMs + 1, 'frame waits are yields');
    // Slices are read ahead of the engine: waiting for reads is a small share of the load (a
    // pump that read each slice only when it needed it waited for every one).
    assert.ok(profile.readWaitMs < 0.25 * profile.loadMs,
              `waiting for file slices took ${profile.readWaitMs.toFixed(0)} of ${profile.loadMs.toFixed(0)} ms`);
    // The longest blocks, longest first, each a named engine call or pump task inside the load.
    assert.ok(profile.blocks.length > 0 && profile.blocks.length <= 10);
    for (let i = 0; i < profile.blocks.length; i++) {
      const block = profile.blocks[i];
      // "build jobs": a step of the final model build (ag_load_finish_step), named by its model.
      assert.ok(['ag_file_push', 'ag_file_end', 'ag_load_end', 'pump task'].includes(block.what) ||
                /^build [a-z ]+$/.test(block.what), block.what);
      assert.ok(block.atMs >= 0 && block.atMs <= profile.loadMs + 1, JSON.stringify(block));
      if (i > 0) assert.ok(block.ms <= profile.blocks[i - 1].ms, 'longest first');
    }
    assert.ok(profile.longestTaskMs >= profile.blocks.find((b) => b.what === 'pump task').ms - 0.1);
    assert.ok(profile.longestFrameMs > 0, 'frames were drawn while loading');
    assert.ok(profile.longestRefreshMs > 0, 'the models were built at the end');
  } finally {
    await context.close();
  }
  assert.deepEqual(problems, []);
});
