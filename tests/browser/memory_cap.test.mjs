// The page's memory cap (core/listen/retention_memory_cap.h): a log that would outgrow the wasm
// heap is read up to the cap, and the page ends the load "ready" with what it read and a problem
// that says so, instead of aborting the module. The 4 GiB cap is lowered for the test through
// the engine's test-only ag_set_memory_cap: a first page measures how far the log moves the
// program break, a fresh page caps it at half that. Screenshot:
// test-artifacts/browser/memory-cap-overview.png (the notice on the overview).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  kArtifacts, kCorpus, openLog, openWatchedPage, settle, startBrowser, startPage, state,
} from './harness.mjs';

const kLog = join(kCorpus, 'rapids-tools', 'profiling', 'nds_q66_gpu.zstd');
const setCap = (page, used) =>
  page.evaluate((bytes) => window.afterglowPage.engine()._ag_set_memory_cap(bytes, 0), used);

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

test('a log past the memory cap opens with what fits and a notice, not an aborted page', async () => {
  // Uncapped: the whole log, and how far it moves the program break.
  const full = await openWatchedPage(env);
  let fullTasks;
  let growth;
  try {
    await startPage(env, full.page);
    const before = await setCap(full.page, 0);
    const loaded = await openLog(full.page, kLog);
    growth = (await setCap(full.page, 0)) - before;
    fullTasks = loaded.counts.tasks;
    assert.equal(loaded.problems.length, 0);
    assert.ok(growth > 1e6, `the load moved the program break by ${growth} bytes`);
  } finally {
    await full.context.close();
  }

  const capped = await openWatchedPage(env);
  try {
    await startPage(env, capped.page, '#/overview');
    const start = await setCap(capped.page, 0);
    await setCap(capped.page, start + growth / 2);
    const loaded = await openLog(capped.page, kLog);
    assert.equal(loaded.status, 'ready');
    assert.ok(loaded.counts.tasks > 0 && loaded.counts.tasks < fullTasks,
              `kept ${loaded.counts.tasks} of ${fullTasks} tasks`);
    assert.equal(loaded.problems.length, 1, JSON.stringify(loaded.problems));
    assert.match(JSON.stringify(loaded.problems[0]), /memory cap/);
    // The page still answers: views switch and the API responds.
    assert.ok(await capped.page.evaluate(() => window.afterglow.show('#/stages')));
    assert.equal((await state(capped.page)).view, '#/stages');
    await capped.page.evaluate(() => window.afterglow.show('#/overview'));
    await settle(capped.page);
    await capped.page.screenshot({ path: join(kArtifacts, 'memory-cap-overview.png') });
    assert.deepEqual(capped.problems, []);
  } finally {
    await capped.context.close();
  }
});
