// The load is paced by its own work, not by animation frames. The pump in web/afterglow-page.js
// yields to the browser between work slices without waiting for a frame (unless frames are
// overdue in a visible tab): on a software GL or a busy machine frames come far slower than
// 60 Hz, and a pump that waited for each one (or for a 100 ms stand-in, as in a background tab,
// where browsers stop animation frames) spent most of a load idle. Here the log loads once with
// frames running and once as in a background tab (hidden, requestAnimationFrame never calling
// back): both end with the CLI's jobs, and in the background the engine's pushes (ag_file_push,
// timed around the page's calls) fill most of the load's time; a frame-paced pump filled about
// a third.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { cliApi, kCorpus, openWatchedPage, startBrowser, startPage, state } from './harness.mjs';

// 12,987 tasks; large enough that the load takes many work slices.
const kLog = join(kCorpus, 'rapids-tools', 'profiling', 'nds_q66_gpu.zstd');

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

// Loads kLog in a fresh page; returns the page's load time (state().loadMs), the time spent in
// ag_file_push, and the jobs JSON.
async function loadOnce(appId, { framesStopped }) {
  const { context, page, problems } = await openWatchedPage(env);
  try {
    if (framesStopped) {
      // A background tab: hidden, and its animation frames never come.
      await page.addInitScript(() => {
        Object.defineProperty(document, 'hidden', { get: () => true });
        Object.defineProperty(document, 'visibilityState', { get: () => 'hidden' });
        window.requestAnimationFrame = () => 0;
      });
    }
    await startPage(env, page);
    await page.evaluate(() => {
      const engine = window.afterglowPage.engine();
      // The first call of an export replaces Emscripten's lazy stub with the export itself (no
      // load is under way, so it feeds nothing); the wrapper then stays in place.
      engine._ag_file_push(0, 0);
      const push = engine._ag_file_push;
      window.pushMs = 0;
      engine._ag_file_push = (offset, size) => {
        const startMs = performance.now();
        const fed = push(offset, size);
        window.pushMs += performance.now() - startMs;
        return fed;
      };
    });
    await page.setInputFiles('#open-file', kLog);
    await page.waitForFunction(() => ['ready', 'error'].includes(window.afterglow.status()), null,
                               { timeout: 120_000, polling: 100 });
    const loaded = await state(page);
    assert.equal(loaded.status, 'ready', `load failed: ${loaded.error}`);
    const jobs = JSON.parse(await page.evaluate(
      (path) => window.afterglow.api(path), `/api/v1/applications/${appId}/jobs`));
    const pushMs = await page.evaluate(() => window.pushMs);
    assert.deepEqual(problems, []);
    return { loadMs: loaded.loadMs, pushMs, jobs };
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
  assert.ok(frameless.loadMs > 0 && frameless.pushMs > 0, 'the load and its pushes are timed');
  // Both are wall-clock times in the same page, so a busy machine slows them alike.
  const busy = frameless.pushMs / frameless.loadMs;
  assert.ok(busy >= 0.6, `without frames the pushes filled ${(100 * busy).toFixed(0)}% of the ` +
            `load (${frameless.pushMs.toFixed(0)} of ${frameless.loadMs.toFixed(0)} ms)`);
});
