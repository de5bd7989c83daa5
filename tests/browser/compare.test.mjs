// Two runs in the page: rapids-tools/profiling/eventlog_dsv1.zstd and eventlog_dsv2.zstd (similar
// spark-shell sessions reading through DataSource V1 and V2) opened at once through the file
// input. #/compare's aligned SQL executions, jobs and stages, the app metrics, the properties that
// differ and the findings equal `afterglow compare A B --json` on the same pair; a pair route
// opens and back / forward walk the comparison's routes; the swap makes B the baseline; two jobs of
// one run compare through #/compare/jobs/<a>/<b>. Screenshots at 1600x1000 in both themes go to
// test-artifacts/browser/compare-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  clickAnchor, kArtifacts, kCli, kCorpus, openWatchedPage, settle, showView, startBrowser,
  startPage, state,
} from './harness.mjs';

const kDsv1 = join(kCorpus, 'rapids-tools', 'profiling', 'eventlog_dsv1.zstd');
const kDsv2 = join(kCorpus, 'rapids-tools', 'profiling', 'eventlog_dsv2.zstd');

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

function cliCompare(a, b) {
  assert.ok(existsSync(kCli), `no CLI at ${kCli} (./scripts/build.sh native)`);
  return JSON.parse(execFileSync(kCli, ['compare', a, b, '--json'], { encoding: 'utf8', maxBuffer: 64 << 20 }));
}

async function openBoth(page) {
  await page.setInputFiles('#open-file', [kDsv1, kDsv2]);
  await page.waitForFunction(() => ['ready', 'error'].includes(window.afterglow.state().status),
                             null, { timeout: 120_000 });
  const loaded = await state(page);
  assert.equal(loaded.status, 'ready', `load failed: ${loaded.error}`);
  assert.equal(loaded.apps, 2, 'both logs are open');
}

// `named`: the route as the URL then names it (with two runs open, a route about one of them
// carries its application; a comparison of the two runs does not).
const pick = (object, keys) => Object.fromEntries(keys.map((key) => [key, object[key]]));

// The page's comparison against the CLI's, row for row in alignment order.
function checkAgainstCli(view, cli) {
  assert.equal(view.built, true, `the comparison was built: ${view.error}`);
  assert.deepEqual(pick(view.a, ['id', 'name']), cli.a);
  assert.deepEqual(pick(view.b, ['id', 'name']), cli.b);
  for (const [key, figures] of Object.entries(cli.app)) {
    assert.deepEqual(view.app[key], pick(figures, ['a', 'b', 'delta']), `app metric ${key}`);
  }
  assert.deepEqual(view.sql.map((row) => pick(row, ['a', 'b', 'description', 'durationMs', 'tasks'])),
                   cli.sql.map((row) => pick(row, ['a', 'b', 'description', 'durationMs', 'tasks'])));
  assert.deepEqual(view.jobs.map((row) => pick(row, ['a', 'b', 'name', 'durationMs', 'tasks'])),
                   cli.jobs.map((row) => pick(row, ['a', 'b', 'name', 'durationMs', 'tasks'])));
  assert.deepEqual(view.stages.map((row) => pick(row, ['a', 'b', 'name', 'durationMs', 'tasks'])),
                   cli.stages.map((row) => pick(row, ['a', 'b', 'name', 'durationMs', 'tasks'])));
  assert.deepEqual(view.config, cli.config.map((row) => pick(row, ['key', 'a', 'b'])));
  for (const side of ['onlyA', 'onlyB', 'both']) {
    assert.deepEqual(view.findings[side], cli.findings[side].map((f) => f.key), `findings ${side}`);
  }
  assert.deepEqual(view.headline.map((item) => item.deltaMs), cli.headline.map((item) => item.deltaMs));
}

for (const theme of ['dark', 'light']) {
  test(`two logs opened at once compare as the CLI does (${theme})`, async () => {
    const { context, page, problems } = await openWatchedPage(env, { colorScheme: theme });
    try {
      await startPage(env, page);
      await openBoth(page);
      const view = await showView(page, '#/compare');
      // The page's A is whichever log the load listed first: the CLI compares the same order.
      const forward = cliCompare(kDsv1, kDsv2);
      const cli = view.a?.id === forward.a.id ? forward : cliCompare(kDsv2, kDsv1);
      checkAgainstCli(view, cli);
      // dsv2 has two SQL executions dsv1 has not; every job and stage pairs.
      assert.equal(view.sql.length, 9);
      assert.equal(view.sql.filter((row) => row.a === null || row.b === null).length, 2);
      assert.ok(view.stages.every((row) => row.a !== null && row.b !== null));
      const shown = await state(page);
      assert.ok(shown.anchors.compareA && shown.anchors.compareB, 'the header names both runs');
      assert.equal(shown.anchorTexts.compareA, view.a.label);
      await page.screenshot({ path: join(kArtifacts, `compare-runs-${theme}.png`) });

      // A pair route: its figures under its table; back and forward walk the routes.
      const paired = view.sql.findIndex((row) => row.a !== null && row.b !== null && row.plan !== '');
      assert.ok(paired >= 0, 'a paired query with a plan change');
      const pairView = await showView(page, `#/compare/query/${paired}`);
      assert.deepEqual(pairView.pair, { kind: 'sql', row: paired });
      assert.equal(pairView.sqlShown.selectedRow >= 0, true);
      await settle(page);
      await page.screenshot({ path: join(kArtifacts, `compare-query-pair-${theme}.png`) });
      await showView(page, '#/compare/stage/3');
      await page.goBack();
      await page.waitForFunction((r) => window.afterglow.state().view === r, `#/compare/query/${paired}`);
      await page.goForward();
      await page.waitForFunction(() => window.afterglow.state().view === '#/compare/stage/3');
      assert.deepEqual((await state(page)).viewState.pair, { kind: 'stage', row: 3 });
      await settle(page);  // the frame after the route's scrolls to the stages table
      await settle(page);
      await page.screenshot({ path: join(kArtifacts, `compare-stage-pair-${theme}.png`) });

      // The swap makes B the baseline: the CLI's reverse order.
      await showView(page, '#/compare');
      await clickAnchor(page, 'compareSwap');  // the header's
      await settle(page);
      const swapped = (await state(page)).viewState;
      checkAgainstCli(swapped, cliCompare(cli === forward ? kDsv2 : kDsv1, cli === forward ? kDsv1 : kDsv2));

      // Two jobs of one run, as chosen on a job's page: the URL names that run.
      const selected = (await state(page)).app;
      const named = `#/compare/jobs/2/6?app=${selected.id}${selected.attemptId ? `&attempt=${selected.attemptId}` : ''}`;
      const jobs = await showView(page, '#/compare/jobs/2/6', named);
      assert.equal(jobs.built, true, jobs.error);
      assert.equal(jobs.items, 'jobs');
      assert.deepEqual(jobs.jobs.map((row) => [row.a, row.b]).slice(0, 1), [[2, 6]]);
      await page.screenshot({ path: join(kArtifacts, `compare-jobs-${theme}.png`) });
    } finally {
      await context.close();
    }
    assert.deepEqual(problems, []);
  });
}
