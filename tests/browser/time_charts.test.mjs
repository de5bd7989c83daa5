// Where the time went, in the page: a corpus log's overview and #/timeline show the time
// analysis's figures and the executor what-if exactly as `afterglow time LOG --json` prints them
// (Afterglow's own figures), the what-if finishes in slices between frames, and both views are
// photographed at 1600x1000 in both themes (test-artifacts/browser/time-*.png). The stage page's
// histogram of task durations bins exactly the tasks the History Server's taskSummary counts
// (the CLI's `api` answers), with the summary's quantiles marked.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  cliApi, kArtifacts, kCli, kCorpus, openLog, openWatchedPage, settle, startBrowser, startPage, state,
} from './harness.mjs';

const kLog = join(kCorpus, 'rapids-tools', 'e2e', 'join_agg_on_yarn_eventlog.zstd');

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

function cliTime(log) {
  assert.ok(existsSync(kCli), `no CLI at ${kCli} (./scripts/build.sh native)`);
  return JSON.parse(execFileSync(kCli, ['time', log, '--json'], { encoding: 'utf8', maxBuffer: 64 << 20 }));
}

function checkFigures(route, time, cli) {
  const ours = cli.afterglow;
  assert.ok(time && time.built, `${route}: viewState.time: ${JSON.stringify(time)}`);
  for (const key of ['wallClockMs', 'driverWallClockMs', 'criticalPathAppTimeMs', 'idealAppTimeMs',
                     'coreMillisAvailable', 'coreMillisUsed', 'executorCount']) {
    assert.equal(time[key], ours[key], `${route}: ${key}`);
  }
  assert.equal(time.whatIf.done, true, `${route}: the what-if finished`);
  assert.equal(time.whatIf.modelEstimateMs, ours.modelEstimateMs, `${route}: modelEstimateMs`);
  assert.deepEqual(time.whatIf.estimates,
                   ours.estimates.map(({ percent, executorCount, estimatedTimeMs }) =>
                     ({ percent, executorCount, estimatedTimeMs })),
                   `${route}: the what-if rows`);
}

for (const theme of ['dark', 'light']) {
  test(`the overview and the timeline show the CLI's time figures (${theme})`, async () => {
    const cli = cliTime(kLog);
    const { context, page, problems } = await openWatchedPage(env, { colorScheme: theme });
    try {
      await startPage(env, page);
      const loaded = await openLog(page, kLog);
      assert.equal(loaded.theme, theme);
      // The what-if runs a slice before each frame once the load is over.
      await page.waitForFunction(() => window.afterglow.state().viewState?.time?.whatIf?.done === true,
                                 null, { timeout: 60_000 });
      for (const route of ['#/overview', '#/timeline']) {
        assert.equal(await page.evaluate((r) => window.afterglow.show(r), route), true);
        await settle(page);
        await settle(page);
        const shown = await state(page);
        assert.equal(shown.view, route);
        checkFigures(route, shown.viewState.time, cli);
        const name = `time-${route.replace(/^#\//, '')}-${theme}.png`;
        await page.screenshot({ path: join(kArtifacts, name) });
      }
      // A hover readout over the timeline's usage chart draws without a problem.
      await page.mouse.move(900, 160);
      await settle(page);
      await page.screenshot({ path: join(kArtifacts, `time-timeline-hover-${theme}.png`) });
    } finally {
      await context.close();
    }
    assert.deepEqual(problems, []);
  });
}

// The skewed stage 3.0 of the same log: 30 tasks, the slowest about 6x the median.
test('the stage page bins its task durations as the API lists them, quantiles marked', async () => {
  const [app] = JSON.parse(cliApi(kLog, '/api/v1/applications'));
  const attempt = app.attempts[0].attemptId;
  const prefix = `/api/v1/applications/${app.id}${attempt ? `/${attempt}` : ''}`;
  const tasks = JSON.parse(cliApi(kLog, `${prefix}/stages/3/0/taskList?status=success&length=100000`));
  const runTimes = tasks.filter((t) => t.taskMetrics).map((t) => t.taskMetrics.executorRunTime);
  const summary = JSON.parse(cliApi(kLog, `${prefix}/stages/3/0/taskSummary?quantiles=0.0,0.25,0.5,0.75,1.0`));
  assert.ok(runTimes.length > 10, `stage 3.0 has tasks: ${runTimes.length}`);
  for (const theme of ['dark', 'light']) {
    const { context, page, problems } = await openWatchedPage(env, { colorScheme: theme });
    try {
      await startPage(env, page);
      await openLog(page, kLog);
      assert.equal(await page.evaluate(() => window.afterglow.show('#/stages/3/0')), true);
      await settle(page);
      await settle(page);
      const { viewState } = await state(page);
      const h = viewState.durationHistogram;
      assert.deepEqual(viewState.durationQuantiles, summary.executorRunTime, 'the marked quantiles');
      // A round width (1, 2 or 5 times a power of ten), bins from a multiple of it, at most 48.
      assert.match(String(h.binWidth), /^[125]0*$/, `bin width ${h.binWidth}`);
      assert.equal(h.lo % h.binWidth, 0);
      assert.ok(h.counts.length >= 1 && h.counts.length <= 48, `${h.counts.length} bins`);
      const expected = h.counts.map((_, k) => runTimes.filter(
        (v) => v >= h.lo + k * h.binWidth && v < h.lo + (k + 1) * h.binWidth).length);
      assert.deepEqual(h.counts, expected, 'each bin counts the API tasks inside it');
      assert.equal(h.counts.reduce((a, b) => a + b, 0), runTimes.length, 'every task binned');
      assert.ok(Math.min(...runTimes) >= h.lo);
      assert.ok(Math.max(...runTimes) < h.lo + h.counts.length * h.binWidth);
      // The histogram sits under the summary table: scroll the page (over the table, not the DAG).
      await page.mouse.move(800, 900);
      await page.mouse.wheel(0, 700);
      await settle(page);
      await settle(page);
      await page.screenshot({ path: join(kArtifacts, `time-stage-histogram-${theme}.png`) });
    } finally {
      await context.close();
    }
    assert.deepEqual(problems, []);
  }
});
