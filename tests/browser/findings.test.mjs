// What a Spark engineer opens the page for, seen in the browser: a skewed stage and long one-task
// stages. Each log is loaded once and every check on it shares that page.
// - rapids-tools/e2e/join_agg_on_yarn_eventlog.zstd, stage 3.0: one task ran 18 s where the median
//   ran 2.5 s. The stage page's summary shows the History Server's task summary (median and max
//   equal the CLI's taskSummary) and flags the Duration row's Max cell as skewed.
// - rapids-tools/profiling/nds_q66_gpu.zstd (12,987 tasks): stages 31 to 35 ran one task each for
//   12 s while the cluster waited. The stage page says "1 task"; the overview lists every long
//   one-task stage, each linking to it.
// - rapids-tools/e2e/join_agg_on_yarn_eventlog.zstd again, for the diagnosis: five findings ranked
//   by time at stake (the skewed stage 3.0 first, then four GC-heavy executors), each piece of
//   evidence a link that lands on its view with the evidence in front (task 78 on top of stage
//   3.0's task table, executor 6's row, SQL 0's join node, spark.executor.memory in the
//   environment), and "Copy digest" putting `afterglow findings --digest` on the clipboard.
// Screenshots: test-artifacts/browser/<log>-<route>.png, findings-<overview|stage|stage-tasks>-<theme>.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import {
  clickAnchor, cliApi, kArtifacts, kCli, kCorpus, openLog, openWatchedPage, settle, startBrowser,
  startPage, state,
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

async function withLog(log, body, options = {}) {
  const { context, page, problems } = await openWatchedPage(env, options);
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

// What `afterglow findings` says of a log: the --json list and the --digest text.
function cliFindings(log, flag) {
  return execFileSync(kCli, ['findings', log, flag], { encoding: 'utf8', maxBuffer: 64 << 20 });
}

// Clicks the first evidence link of `kind` the view drew (anchor evidence<Kind>) and settles.
async function clickEvidence(page, kind) {
  await clickAnchor(page, `evidence${kind[0].toUpperCase()}${kind.slice(1)}`);
  await settle(page);
  return state(page);
}

// The overview's first evidence link of `kind`, in the ranked list's order.
function firstLink(findings, kind) {
  for (const finding of findings) {
    const link = finding.evidence.find((e) => e.kind === kind && e.label);
    if (link) return { finding, link };
  }
  return null;
}

test('join_agg: the overview ranks the findings by time at stake, each evidence a click from its view', async () => {
  const log = join(kCorpus, 'rapids-tools', 'e2e', 'join_agg_on_yarn_eventlog.zstd');
  const cli = JSON.parse(cliFindings(log, '--json'));
  const digest = cliFindings(log, '--digest');
  assert.ok(cli.length >= 5, `the log has several findings: ${cli.map((f) => f.rule)}`);
  await withLog(log, async (page) => {
    const overview = await show(page, '#/overview', 'findings-overview-dark');
    // The page lists the CLI's findings in the CLI's order, which ranks them by time at stake.
    assert.deepEqual(overview.findings.map((f) => [f.rule, f.title, f.timeAtStakeMs]),
                     cli.map((f) => [f.rule, f.title, f.timeAtStakeMs]));
    for (let i = 1; i < overview.findings.length; i++) {
      assert.ok(overview.findings[i - 1].timeAtStakeMs >= overview.findings[i].timeAtStakeMs,
                'ranked by time at stake');
    }
    for (const f of overview.findings) {
      assert.ok(f.timeAtStakeBasis, `${f.rule} says how its time at stake was estimated`);
      if (f.severity !== 'info') assert.ok(f.fix, `${f.rule} names its fix`);
    }

    // "Copy digest" writes what `afterglow findings --digest` prints.
    await page.evaluate(() => navigator.clipboard.writeText('nothing copied yet'));
    await clickAnchor(page, 'copyDigest');
    await page.waitForFunction(() => navigator.clipboard.readText().then((t) => t !== 'nothing copied yet'),
                               null, { timeout: 30_000 });
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), digest);

    // The straggler task: stage 3.0 with its task table sorted so that task is the first row.
    const task = firstLink(overview.findings, 'task');
    assert.ok(task, 'a finding names a task');
    const atTask = await clickEvidence(page, 'task');
    assert.equal(atTask.view, task.link.route);
    assert.equal(atTask.viewState.firstTaskIds[0], task.link.taskId, 'the task is the first row');
    assert.equal(atTask.viewState.selectedTaskId, task.link.taskId, 'and selected');
    // The stage page shows its own findings.
    assert.ok(atTask.viewState.findings.some((f) => f.rule === task.finding.rule),
              `the stage page lists ${task.finding.rule}`);
    await page.screenshot({ path: join(kArtifacts, 'findings-stage-tasks-dark.png') });
    // A new route opens at the top of its page: the stage's own findings above its DAG.
    await show(page, '#/overview', 'findings-overview-dark');
    await show(page, task.link.route, 'findings-stage-dark');

    await show(page, '#/overview', 'findings-overview-dark');
    const executor = firstLink(overview.findings, 'executor');
    const atExecutor = await clickEvidence(page, 'executor');
    assert.equal(atExecutor.view, '#/executors');
    assert.equal(atExecutor.viewState.selectedExecutor, executor.finding.executor);
    assert.ok(atExecutor.viewState.findings.some((f) => f.executor === executor.finding.executor));

    await show(page, '#/overview', 'findings-overview-dark');
    const sql = firstLink(overview.findings, 'sql');
    const atSql = await clickEvidence(page, 'sql');
    assert.equal(atSql.view, sql.link.route);
    assert.ok(atSql.viewState.selectedNode >= 0, 'the operator is selected in the plan');
    assert.ok(atSql.viewState.findings.some((f) => f.rule === sql.finding.rule));

    await show(page, '#/overview', 'findings-overview-dark');
    const atConfig = await clickEvidence(page, 'config');
    assert.equal(atConfig.view, '#/environment');
    assert.equal(atConfig.viewState.filter, 'spark.executor.memory');

    // The other theme, for the screenshots.
    await show(page, '#/overview', 'findings-overview-dark');
    await clickAnchor(page, 'themeToggle');
    assert.equal((await state(page)).theme, 'light');
    await show(page, '#/overview', 'findings-overview-light');
    await clickEvidence(page, 'task');
    await page.screenshot({ path: join(kArtifacts, 'findings-stage-tasks-light.png') });
    await show(page, '#/overview', 'findings-overview-light');
    await show(page, task.link.route, 'findings-stage-light');
  }, { colorScheme: 'dark', permissions: ['clipboard-read', 'clipboard-write'] });
});
