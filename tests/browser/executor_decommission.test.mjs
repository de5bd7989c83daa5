// The Executors page on a log with decommissioned executors (decommission_log.mjs, made at test
// time: no corpus log has one): the executors whose /allexecutors removeReason is Spark's
// decommission reason are the ones the page's status calls "Decommissioned", the others that
// left are "Dead". Photographed at 1600x1000 in both themes
// (test-artifacts/browser/executors-decommissioned-*.png).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  cliApi, kArtifacts, openLog, openWatchedPage, showView, startBrowser, startPage,
} from './harness.mjs';
import { kDecommissionAppId, writeDecommissionLog } from './decommission_log.mjs';

let env;
let log;
before(async () => {
  env = await startBrowser();
  log = writeDecommissionLog();
});
after(async () => {
  await env?.close();
  if (log) rmSync(log, { force: true });
});

for (const theme of ['dark', 'light']) {
  test(`decommissioned executors say so on the Executors page (${theme})`, async () => {
    const executors = JSON.parse(cliApi(log, `/api/v1/applications/${kDecommissionAppId}/allexecutors`));
    const decommissioned = executors
      .filter((e) => !e.isActive && (e.removeReason ?? '').startsWith('Executor decommission'))
      .map((e) => e.id);
    assert.deepEqual(decommissioned, ['7', '8']);
    assert.equal(executors.filter((e) => !e.isActive).length, 8);
    for (const e of executors) assert.equal(e.isExcluded, false);
    const { context, page, problems } = await openWatchedPage(env, { colorScheme: theme });
    try {
      await startPage(env, page);
      await openLog(page, log);
      const view = await showView(page, '#/executors');
      assert.equal(view.rows, executors.length);
      assert.equal(view.dead, 8);
      assert.deepEqual([...view.decommissioned].sort(), decommissioned);
      await page.screenshot({ path: join(kArtifacts, `executors-decommissioned-${theme}.png`) });
    } finally {
      await context.close();
    }
    assert.deepEqual(problems, []);
  });
}
