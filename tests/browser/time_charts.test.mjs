// Where the time went, in the page: a corpus log's overview and #/timeline show the time
// analysis's figures and the executor what-if exactly as `afterglow time LOG --json` prints them
// (Afterglow's own figures), the what-if finishes in slices between frames, and both views are
// photographed at 1600x1000 in both themes (test-artifacts/browser/time-*.png).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  kArtifacts, kCli, kCorpus, openLog, openWatchedPage, settle, startBrowser, startPage, state,
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
