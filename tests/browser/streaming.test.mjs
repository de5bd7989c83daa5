// Structured Streaming and SQL sub-executions in the page. The Streaming tab (#/streaming) and a
// run's statistics page (#/streaming/<runId>) show, in state(), exactly the rows and series
// `afterglow streaming LOG --json` prints (the core's functions), for the two corpus logs with
// streaming progress; the SQL tab groups rapids-tools' db_subExecution_id executions under their
// root and the query page links parent and subs. Photographed at 1600x1000 in both themes
// (test-artifacts/browser/streaming-*.png, sql-sub-executions-*.png).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  kArtifacts, kCli, kCorpus, openLog, openWatchedPage, showView, startBrowser, startPage, state,
} from './harness.mjs';

const kLogs = [
  { name: 'kafka', path: join(kCorpus, 'spark', 'sql-events', 'local-1596020211915') },
  { name: 'databricks', path: join(kCorpus, 'rapids-tools', 'e2e', 'streaming_eventlog.zstd') },
];
const kSubExecutionLog = join(kCorpus, 'rapids-tools', 'qualification', 'db_subExecution_id.zstd');

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

function cliStreaming(log) {
  assert.ok(existsSync(kCli), `no CLI at ${kCli} (./scripts/build.sh native)`);
  return JSON.parse(execFileSync(kCli, ['streaming', log, '--json'], { encoding: 'utf8' }));
}

const kListFields = ['name', 'status', 'id', 'runId', 'startTime', 'avgInput', 'avgProcess',
                     'latestBatch', 'exception'];
const kSeries = ['inputRate', 'processRate', 'inputRows', 'batchDuration', 'watermarkGap',
                 'stateRowsTotal', 'stateRowsUpdated', 'stateMemoryBytes', 'stateRowsDropped'];

for (const theme of ['dark', 'light']) {
  test(`the Streaming tab and run pages show the core's rows and series (${theme})`, async () => {
    const { context, page, problems } = await openWatchedPage(env, { colorScheme: theme });
    try {
      await startPage(env, page);
      for (const log of kLogs) {
        const cli = cliStreaming(log.path);
        await openLog(page, log.path);
        const list = await showView(page, '#/streaming');
        assert.equal(list.queries, cli.queries.length, `${log.name}: queries`);
        for (const [k, expected] of cli.queries.entries()) {
          const row = list.rows[k];
          for (const field of kListFields) {
            assert.deepEqual(row[field], expected[field], `${log.name} row ${k}: ${field}`);
          }
          // A running run's duration runs to the log's last event, as an ended one's is fixed
          // by the log: the page and the CLI agree whatever the clock says.
          assert.equal(row.durationMs, expected.durationMs, `${log.name} row ${k}: durationMs`);
        }
        await page.screenshot({ path: join(kArtifacts, `streaming-list-${log.name}-${theme}.png`) });

        const run = cli.queries[0];
        const shown = await showView(page, `#/streaming/${run.runId}`);
        assert.equal(shown.found, true);
        assert.equal(shown.completedBatches, run.completedBatches, `${log.name}: completed batches`);
        for (const series of kSeries) {
          assert.deepEqual(shown[series], run[series], `${log.name}: ${series}`);
        }
        assert.deepEqual(shown.operations, run.operations, `${log.name}: operation durations`);
        await page.screenshot({ path: join(kArtifacts, `streaming-run-${log.name}-${theme}.png`) });
      }
      // A run id the log does not have: the page says so instead of drawing charts.
      const missing = await showView(page, '#/streaming/00000000-0000-0000-0000-000000000000');
      assert.equal(missing.found, false);
    } finally {
      await context.close();
    }
    assert.deepEqual(problems, []);
  });

  test(`sub-executions are listed under their root and linked from the query page (${theme})`,
       async () => {
    const { context, page, problems } = await openWatchedPage(env, { colorScheme: theme });
    try {
      await startPage(env, page);
      await openLog(page, kSubExecutionLog);
      const sql = await showView(page, '#/sql');
      // rootExecutionId 5 for executions 6..10 in the log; the rest are their own roots.
      assert.deepEqual(sql.subExecutions, { 5: [6, 7, 8, 9, 10] });
      assert.equal(sql.executions, 12);
      assert.equal(sql.rows, 7, 'the top level: 0 to 5 and 11');
      await page.screenshot({ path: join(kArtifacts, `sql-sub-executions-list-${theme}.png`) });
      const root = await showView(page, '#/sql/5');
      assert.deepEqual(root.subExecutions, [6, 7, 8, 9, 10]);
      assert.equal(root.parentExecution, -1);
      const sub = await showView(page, '#/sql/7');
      assert.equal(sub.parentExecution, 5);
      assert.deepEqual(sub.subExecutions, []);
      await page.screenshot({ path: join(kArtifacts, `sql-sub-executions-query-${theme}.png`) });
    } finally {
      await context.close();
    }
    assert.deepEqual(problems, []);
  });
}
