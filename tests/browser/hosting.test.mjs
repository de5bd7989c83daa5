// The page as people host it: build/web dropped into a folder of a docs site (served under a
// sub-path) behind a strict Content-Security-Policy, and afterglow-standalone.html opened from disk.
// Either way a corpus log opens and a view shows, with no console error, no CSP violation and no
// request outside the page's own folder (the file itself, for file://).
// Screenshots: test-artifacts/browser/hosting-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  clickAnchor, cliApi, cspViolations, kArtifacts, kCorpus, kCsp, kHostedPrefix as kPrefix, kSite, kViewport,
  openLog, openWatchedPage, settle, startBrowser, startPage, state, watchCsp,
} from './harness.mjs';

const kLog = join(kCorpus, 'spark', 'spark-events', 'application_1553914137147_0018');
const kAppId = 'application_1553914137147_0018';

// Where the last load read its file: 'worker' (web/afterglow-reader.js) or 'page'.
const readWhere = (page) => page.evaluate(() => window.afterglow.loadProfile().reader);

let env;
const requestedPaths = [];
before(async () => {
  env = await startBrowser({
    prefix: kPrefix,
    headers: { 'Content-Security-Policy': kCsp },
    onRequest: (path) => requestedPaths.push(path),
  });
});
after(async () => { await env?.close(); });

test('the served page has no inline script, style or handler for a CSP to refuse', () => {
  const html = readFileSync(join(kSite, 'index.html'), 'utf8');
  assert.equal(html.match(/<script(?![^>]*\ssrc=)[^>]*>/g), null, 'every <script> has a src');
  assert.equal(html.match(/<style/g), null, 'no <style> element');
  assert.equal(html.match(/\sstyle=/g), null, 'no style attribute');
  assert.equal(html.match(/\son[a-z]+=/g), null, 'no inline event handler');
  // Every URL the page names is relative, so the folder works under any path.
  for (const [, url] of html.matchAll(/\s(?:src|href)="([^"]*)"/g)) {
    assert.ok(!url.startsWith('/') && !/^[a-z]+:\/\//i.test(url), `absolute URL ${url}`);
  }
  for (const script of ['afterglow.js', 'afterglow-page.js', 'afterglow-reader.js', 'afterglow-share.js',
                      'afterglow-logs-zip.js']) {
    const text = readFileSync(join(kSite, script), 'utf8');
    assert.equal(text.match(/\bnew Function\s*\(|\beval\s*\(/g), null, `${script} evaluates strings`);
  }
});

test('under a sub-path with a strict CSP the page opens a log, shows its views and saves', async () => {
  const { context, page, problems } = await openWatchedPage(env, { acceptDownloads: true });
  await watchCsp(context);
  try {
    await startPage(env, page, '#/executors');
    assert.ok(page.url().startsWith(`${env.origin}${kPrefix}`));
    const loaded = await openLog(page, kLog);
    assert.equal(loaded.app.id, kAppId);
    assert.equal(await readWhere(page), 'worker', 'the reader worker starts from the folder under the CSP');
    await settle(page);
    const shown = await state(page);
    assert.equal(shown.view, '#/executors');
    const executors = JSON.parse(cliApi(kLog, `/api/v1/applications/${kAppId}/allexecutors`));
    assert.equal(shown.viewState.rows, executors.length, 'every executor and the driver is a row');
    await page.screenshot({ path: join(kArtifacts, 'hosting-csp-executors.png') });

    // The Save dialog under the same policy: the template fetch and the blob download pass it.
    await clickAnchor(page, 'saveAnalysis');
    assert.ok(await page.evaluate(() => document.getElementById('share-dialog').open));
    await page.click('#share-prepare');
    await page.waitForSelector('#share-save:not([hidden])', { timeout: 60_000 });
    await page.screenshot({ path: join(kArtifacts, 'hosting-csp-save-dialog.png') });
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#share-save')]);
    assert.equal(download.suggestedFilename(), `analysis-${kAppId}.html`);
    assert.deepEqual(await cspViolations(page), []);
  } finally {
    await context.close();
  }
  assert.deepEqual(problems, []);
  const outside = requestedPaths.filter((path) => !path.startsWith(kPrefix));
  assert.deepEqual(outside, [], 'every request stays in the page\'s folder');
  assert.ok(requestedPaths.includes(`${kPrefix}afterglow.wasm`), 'the wasm came from the folder');
});

test('afterglow-standalone.html opened from disk opens a log and makes no request', async () => {
  const standalone = pathToFileURL(join(kSite, 'afterglow-standalone.html')).href;
  const context = await env.browser.newContext({ viewport: kViewport });
  await watchCsp(context);
  const page = await context.newPage();
  const problems = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('request', (request) => {
    const url = request.url();
    if (url !== standalone && !url.startsWith('data:') && !url.startsWith('blob:')) {
      problems.push(`request: ${url}`);
    }
  });
  try {
    await page.goto(`${standalone}#/jobs`);
    await page.waitForFunction(() => window.afterglow !== undefined);
    await page.evaluate(() => window.afterglow.ready);
    const loaded = await openLog(page, kLog);
    assert.equal(loaded.app.id, kAppId);
    assert.equal(await readWhere(page), 'worker', 'the reader worker starts from the inlined copy');
    await settle(page);
    const shown = await state(page);
    assert.equal(shown.view, '#/jobs');
    const jobs = JSON.parse(cliApi(kLog, `/api/v1/applications/${kAppId}/jobs`));
    assert.equal(shown.viewState.rows, jobs.length, 'every job is a row');
    await page.screenshot({ path: join(kArtifacts, 'hosting-file-jobs.png') });
    assert.deepEqual(await cspViolations(page), []);
  } finally {
    await context.close();
  }
  assert.deepEqual(problems, []);
});
