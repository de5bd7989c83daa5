// The load is paced by its own work, not by animation frames. The pump in web/afterglow-page.js
// yields to the browser between work slices without waiting for a frame (unless frames are
// overdue in a visible tab): on a software GL or a busy machine frames come far slower than
// 60 Hz, and a pump that waited for each one (or for a 100 ms stand-in, as in a background tab,
// where browsers stop animation frames) spent most of a load idle. Here the log loads once with
// frames running and once as in a background tab (hidden, requestAnimationFrame never calling
// back): both end with the CLI's jobs, and in the background the pump never waits: beyond the
// load's one wait at its start (to draw the loading view) and the request that watches frames, it
// asks for no animation frame and sets no timer (every wait for a frame comes with a timer
// standing in for it). Counted, not timed, so a busy machine cannot
// fail it; how much of a load the engine's pushes fill is measured by scripts/bench.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { cliApi, kCorpus, openWatchedPage, startBrowser, startPage, state } from './harness.mjs';

// 12,987 tasks; large enough that the load takes many work slices.
const kLog = join(kCorpus, 'rapids-tools', 'profiling', 'nds_q66_gpu.zstd');

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

// Loads kLog in a fresh page; returns the jobs JSON and, in a background tab, the waits counted.
async function loadOnce(appId, { framesStopped }) {
  const { context, page, problems } = await openWatchedPage(env);
  try {
    if (framesStopped) {
      // A background tab: hidden, and its animation frames never come. Every request for a
      // frame and every timer of 25 ms or more (the stand-ins for a frame) that the page sets
      // while loading is counted.
      await page.addInitScript(() => {
        Object.defineProperty(document, 'hidden', { get: () => true });
        Object.defineProperty(document, 'visibilityState', { get: () => 'hidden' });
        window.waits = { frames: 0, timers: 0 };
        // Only the page's own scripts count: the test's waitForFunction polls with timers too,
        // as many as the load lasts.
        const loading = () => window.afterglow?.status() === 'loading';
        const byPage = () => /\/afterglow[-.a-z]*\.js/.test(new Error().stack);
        window.requestAnimationFrame = () => {
          if (loading() && byPage()) window.waits.frames += 1;
          return 0;
        };
        const setTimer = window.setTimeout;
        window.setTimeout = (callback, ms, ...args) => {
          if (loading() && ms >= 25 && byPage()) window.waits.timers += 1;
          return setTimer(callback, ms, ...args);
        };
      });
    }
    await startPage(env, page);
    await page.setInputFiles('#open-file', kLog);
    await page.waitForFunction(() => ['ready', 'error'].includes(window.afterglow.status()), null,
                               { timeout: 120_000, polling: 100 });
    const loaded = await state(page);
    assert.equal(loaded.status, 'ready', `load failed: ${loaded.error}`);
    const jobs = JSON.parse(await page.evaluate(
      (path) => window.afterglow.api(path), `/api/v1/applications/${appId}/jobs`));
    const waits = await page.evaluate(() => window.waits || null);
    assert.deepEqual(problems, []);
    return { jobs, waits };
  } finally {
    await context.close();
  }
}

test('a load is paced by its work, not by animation frames, and ends with the CLI\'s jobs', async () => {
  const [app] = JSON.parse(cliApi(kLog, '/api/v1/applications'));
  const expectedJobs = JSON.parse(cliApi(kLog, `/api/v1/applications/${app.id}/jobs`));
  const framed = await loadOnce(app.id, { framesStopped: false });
  const frameless = await loadOnce(app.id, { framesStopped: true });
  assert.deepEqual(framed.jobs, expectedJobs, 'with frames: the jobs equal the CLI\'s');
  assert.deepEqual(frameless.jobs, expectedJobs, 'without frames: the jobs equal the CLI\'s');
  // Hidden: what a load of any size asks for once, at its start: the frame that shows the loading
  // view before the first chunk (afterNextFrame: a frame request and its 100 ms stand-in) and the
  // request that starts watching frames. Nothing per work slice: a pump waiting for frames would
  // ask again for every slice of this many-slice load.
  assert.ok(frameless.waits.frames <= 2,
            `the hidden page asked for ${frameless.waits.frames} animation frames while loading`);
  assert.ok(frameless.waits.timers <= 1,
            `the hidden page set ${frameless.waits.timers} frame stand-in timers while loading`);
});
