// What a Spark engineer opens the page for, seen in the browser: a skewed stage and long one-task
// stages. Each log is loaded once and every check on it shares that page.
// - rapids-tools/e2e/join_agg_on_yarn_eventlog.zstd, stage 3.0: one task ran 18 s where the median
//   ran 2.5 s. The stage page's summary shows the History Server's task summary (median and max
//   equal the CLI's taskSummary) and flags the Duration row's Max cell as skewed.
// - rapids-tools/profiling/nds_q66_gpu.zstd (12,987 tasks): stages 31 to 35 ran one task each for
//   12 s while the cluster waited. The stage page says "1 task"; the overview lists every long
//   one-task stage, each linking to it.
// Screenshots: test-artifacts/browser/<log>-<route>.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  cliApi, kArtifacts, kCorpus, openLog, openWatchedPage, settle, startBrowser, startPage, state,
} from './harness.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

// The summary table's columns: min, 25th percentile, median, 75th percentile, max.
const kSummaryQuantiles = '0.0,0.25,0.5,0.75,1.0';

function apiJson(log, path) {
  return JSON.parse(cliApi(log, path));
}

// The application's API prefix (with the attempt id when the log has one), from the CLI.
function appPrefix(log) {
  const [app] = apiJson(log, '/api/v1/applications');
  const attempt = app.attempts[0].attemptId;
  return `/api/v1/applications/${app.id}${attempt ? `/${attempt}` : ''}`;
}

async function show(page, route, screenshotName) {
  assert.equal(await page.evaluate((r) => window.afterglow.show(r), route), true, `${route} is a route`);
  await settle(page);
  await settle(page);
  const shown = await state(page);
  assert.equal(shown.view, route);
  await page.screenshot({ path: join(kArtifacts, `${screenshotName}.png`) });
  return shown.viewState;
}

async function withLog(log, body) {
  const { context, page, problems } = await openWatchedPage(env);
  try {
    await startPage(env, page);
    await openLog(page, log);
    await body(page);
  } finally {
    await context.close();
  }
  assert.deepEqual(problems, []);
}

test('the skewed stage 3.0 of join_agg_on_yarn shows the API task summary and flags its max', async () => {
  const log = join(kCorpus, 'rapids-tools', 'e2e', 'join_agg_on_yarn_eventlog.zstd');
  const prefix = appPrefix(log);
  const summary = apiJson(log, `${prefix}/stages/3/0/taskSummary?quantiles=${kSummaryQuantiles}`);
  // Spark's stage page labels executorRunTime "Duration".
  const runTimes = summary.executorRunTime;
  const [, , median, , max] = runTimes;
  assert.ok(max > 4 * median, `the log's stage 3.0 is skewed (max ${max} ms, median ${median} ms)`);
  await withLog(log, async (page) => {
    const stage = await show(page, '#/stages/3/0', 'join_agg_on_yarn_eventlog-stages-3-0');
    assert.equal(stage.stageId, 3);
    assert.equal(stage.attemptId, 0);
    assert.deepEqual(stage.durationQuantiles, runTimes, 'min, 25th, median, 75th and max equal taskSummary');
    assert.equal(stage.durationQuantiles[2], median, 'the median Duration');
    assert.equal(stage.durationQuantiles[4], max, 'the max Duration');
    assert.ok(stage.skewedMetrics.includes('Duration'),
              `the Duration row's Max cell is flagged as skewed: ${JSON.stringify(stage.skewedMetrics)}`);
    const stages = apiJson(log, `${prefix}/stages`).filter((s) => s.stageId === 3 && s.attemptId === 0);
    assert.equal(stage.numTasks, stages[0].numTasks);
  });
});

test('nds_q66: a one-task stage says "1 task" and the overview lists every long one-task stage', async () => {
  const log = join(kCorpus, 'rapids-tools', 'profiling', 'nds_q66_gpu.zstd');
  const prefix = appPrefix(log);
  const [app] = apiJson(log, '/api/v1/applications');
  const appDurationMs = app.attempts[0].duration;
  const stages = apiJson(log, `${prefix}/stages`);
  const time = (text) => Date.parse(text.replace(/GMT$/, 'Z'));
  const oneTask = stages.filter((s) => s.numTasks === 1 && s.submissionTime && s.completionTime);
  // Long, as the overview's rule says (core/analysis/diagnostics.h): running (first task launch to
  // completion) a minute, or a tenth of the application and at least 5 s. Derived here from the
  // API's times, not from the page.
  const long = oneTask.filter((s) => {
    const ms = time(s.completionTime) - time(s.firstTaskLaunchedTime || s.submissionTime);
    return ms >= 60_000 || (ms >= 0.1 * appDurationMs && ms >= 5_000);
  }).map((s) => `#/stages/${s.stageId}/${s.attemptId}`).sort();
  assert.ok(long.includes('#/stages/31/0'), `stage 31.0 is a long one-task stage: ${long}`);
  await withLog(log, async (page) => {
    const stage = await show(page, '#/stages/31/0', 'nds_q66_gpu-stages-31-0');
    assert.equal(stage.numTasks, 1, 'the stage has 1 task');
    assert.equal(stage.taskRows, 1, 'the task table shows 1 task');
    assert.equal(stage.taskTimeline?.tasks, 1, 'the task timeline shows 1 task');

    const overview = await show(page, '#/overview', 'nds_q66_gpu-overview');
    const listed = overview.findings.filter((f) => f.kind === 'oneTaskStage').map((f) => f.target).sort();
    assert.deepEqual(listed, long, 'the overview lists exactly the long one-task stages');
    const oneTaskRoutes = new Set(oneTask.map((s) => `#/stages/${s.stageId}/${s.attemptId}`));
    for (const target of listed) assert.ok(oneTaskRoutes.has(target), `${target} ran one task`);
  });
});
