// The overview's "Download (zip)": the History Server's applications/<id>/<attempt>/logs answer,
// made in the page, is byte for byte the zip `afterglow api LOG .../logs` writes, for a one-file
// log and for a rolling log folder, under the History Server's file name.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  clickAnchor, kArtifacts, kCli, kCorpus, openLog, openWatchedPage, settle, startBrowser, startPage,
  state,
} from './harness.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

function cliLogsZip(log, app) {
  const path = `/api/v1/applications/${app.id}${app.attemptId ? `/${app.attemptId}` : ''}/logs`;
  return execFileSync(kCli, ['api', log, path], { maxBuffer: 256 << 20 });
}

async function downloadLogs(page) {
  assert.equal(await page.evaluate(() => window.afterglow.show('#/overview')), true);
  await settle(page);
  // The link is in the Input section, below the fold: scroll to it, with the mouse in the page's
  // left margin: over the findings list the wheel would scroll that list instead of the page.
  await page.mouse.move(4, 500);
  await page.mouse.wheel(0, 6000);
  await settle(page);
  await settle(page);
  await page.screenshot({ path: join(kArtifacts, 'logs-download-link.png') });
  const [download] = await Promise.all([page.waitForEvent('download'), clickAnchor(page, 'downloadLogs')]);
  return { name: download.suggestedFilename(), bytes: readFileSync(await download.path()) };
}

test("a one-file log downloads as the History Server's zip", async () => {
  const { context, page, problems } = await openWatchedPage(env, { acceptDownloads: true });
  const log = join(kCorpus, 'spark', 'spark-events', 'application_1553914137147_0018');
  try {
    await startPage(env, page);
    const { app } = await openLog(page, log);
    const { name, bytes } = await downloadLogs(page);
    assert.equal(name, `eventLogs-${app.id}${app.attemptId ? `-${app.attemptId}` : ''}.zip`);
    assert.ok(bytes.equals(cliLogsZip(log, app)), 'the same bytes as the CLI answer');
  } finally {
    await context.close();
  }
  assert.deepEqual(problems, []);
});

test('a rolling log folder downloads as the folder and its files', async () => {
  const { context, page, problems } = await openWatchedPage(env, { acceptDownloads: true });
  const folder = join(kCorpus, 'rapids-tools', 'qualification', 'eventlog_v2_local-1623876083964');
  try {
    await startPage(env, page);
    await page.setInputFiles('#open-folder', folder);
    await page.waitForFunction(() => window.afterglow.state().status === 'ready', null, { timeout: 120_000 });
    const { app } = await state(page);
    const { bytes } = await downloadLogs(page);
    const expected = cliLogsZip(folder, app);
    assert.ok(bytes.equals(expected), `the same bytes as the CLI answer (${bytes.length} vs ${expected.length})`);
    assert.ok(bytes.includes(Buffer.from('eventlog_v2_local-1623876083964/')), 'the folder member');
  } finally {
    await context.close();
  }
  assert.deepEqual(problems, []);
});
