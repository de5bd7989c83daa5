// The '/' filter and "Copy TSV" on the jobs list and on a small table (the stage page's summary
// metrics), in headless Chromium: '/' gives the first search box in view the keyboard, the typed
// text filters the rows, and Copy TSV puts on the clipboard the header and exactly the rows shown.
// Screenshots go to test-artifacts/browser/table-filters-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  clickAnchor, kArtifacts, kCorpus, openLog, openWatchedPage, pressKey, settle, showView,
  startBrowser, startPage, state,
} from './harness.mjs';

const kSqlLog = join(kCorpus, 'spark', 'sql-events', 'local-1596020211915');

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

// Presses '/' away from every widget and types `text` into the box it focused.
async function slashAndType(page, text) {
  await page.mouse.move(5, 990);
  await settle(page);
  assert.equal((await state(page)).typing, false);
  await page.keyboard.press('/');
  await settle(page);
  await settle(page);
  assert.equal((await state(page)).typing, true, '"/" gives a search box the keyboard');
  await page.keyboard.type(text);
  await settle(page);
  await settle(page);
}

async function copiedLines(page) {
  await page.evaluate(() => navigator.clipboard.writeText('nothing copied yet'));
  await clickAnchor(page, 'copyTsv');
  await page.waitForFunction(() => navigator.clipboard.readText().then((t) => t !== 'nothing copied yet'),
                             null, { timeout: 60_000 });
  const text = await page.evaluate(() => navigator.clipboard.readText());
  return text.replace(/\n$/, '').split('\n');
}

test('the jobs list: "/" filters it, and Copy TSV copies the rows shown', async () => {
  const { context, page, problems } = await openWatchedPage(
    env, { permissions: ['clipboard-read', 'clipboard-write'] });
  try {
    await startPage(env, page);
    await openLog(page, kSqlLog);
    await showView(page, '#/jobs');
    const before = (await state(page)).viewState;
    assert.ok(before.total > 1, 'the log has several jobs');
    // Every job's description names its batch ("\nid = ...\nrunId = ...\nbatch = 3"); the
    // search matches in any case.
    await slashAndType(page, 'BATCH = 3');
    const after = await state(page);
    assert.equal(after.anchorTexts.search, 'BATCH = 3');
    assert.equal(after.viewState.search, 'BATCH = 3');
    assert.equal(after.viewState.rows, 1, `one job of ${before.total}`);
    assert.deepEqual(after.viewState.firstRows, [3]);
    await pressKey(page, 'Escape');
    await settle(page);
    await page.screenshot({ path: join(kArtifacts, 'table-filters-jobs.png') });
    const lines = await copiedLines(page);
    assert.ok(lines[0].startsWith('Job Id\t'), lines[0]);
    assert.equal(lines.length, after.viewState.rows + 1, 'the header and one line per row shown');
    const [id, description] = lines[1].split('\t');
    assert.equal(id, '3');
    assert.ok(description.toLowerCase().includes('batch = 3'), lines[1]);
  } finally {
    await context.close();
  }
  assert.deepEqual(problems, []);
});

test('the stage page\'s summary metrics: "/" filters them, and Copy TSV copies the rows shown',
     async () => {
  const { context, page, problems } = await openWatchedPage(
    env, { permissions: ['clipboard-read', 'clipboard-write'] });
  try {
    await startPage(env, page);
    await openLog(page, kSqlLog);
    await showView(page, '#/stages/0/0');
    const all = await copiedLines(page);
    assert.ok(all[0].startsWith('Metric\tMin\t'), `the summary is the page's first table: ${all[0]}`);
    assert.ok(all.length > 4, 'several metrics');
    // The task table's search box is below the fold: '/' goes to the summary's.
    await slashAndType(page, 'time');
    const after = await state(page);
    assert.equal(after.anchorTexts.search, 'time', 'the first search box drawn is the summary\'s');
    await pressKey(page, 'Escape');
    await settle(page);
    await page.screenshot({ path: join(kArtifacts, 'table-filters-stage-summary.png') });
    const shown = await copiedLines(page);
    assert.equal(shown[0], all[0], 'the same header');
    const expected = all.slice(1).filter((line) => line.split('\t')[0].toLowerCase().includes('time'));
    assert.ok(expected.length >= 1 && expected.length < all.length - 1, 'some metrics, not all');
    assert.deepEqual(shown.slice(1), expected, 'exactly the metrics whose name holds "time"');
  } finally {
    await context.close();
  }
  assert.deepEqual(problems, []);
});
