// "Save analysis": the hosted page (under a sub-path, behind the strict CSP of hosting.test.mjs)
// writes one HTML file with the viewer and the opened logs; opened from disk in a fresh browser it
// shows the same view with the same rows and makes no request at all. With redaction, no host
// name, IP address or user name of the original log (collected here from the log's own JSON)
// survives anywhere in the file, inside the compressed logs or out. `afterglow report` (the CLI,
// build/native/afterglow or AFTERGLOW_CLI) writes the same kind of file.
// Screenshots: test-artifacts/browser/share-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  clickAnchor, cspViolations, kArtifacts, kCli, kCorpus, kCsp, kHostedPrefix, kSite, kViewport, openLog,
  openWatchedPage, settle, startBrowser, startPage, state, watchCsp,
} from './harness.mjs';
import { analysisOf, savedBy } from './saved_analysis.mjs';

const kSpark = join(kCorpus, 'spark', 'spark-events');
const kYarnLog = join(kSpark, 'application_1553914137147_0018');       // host names, a user
const kIpLog = join(kSpark, 'application_1555004656427_0144');         // IPs, host names, a user
const kRollingFolder = join(kCorpus, 'rapids-tools', 'qualification', 'eventlog_v2_local-1623876083964');

let env;
let workDir;
before(async () => {
  env = await startBrowser({ prefix: kHostedPrefix, headers: { 'Content-Security-Policy': kCsp } });
  workDir = mkdtempSync(join(tmpdir(), 'afterglow-share-'));
});
after(async () => {
  await env?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

// [SECTION] Reading a saved file without the page: its JSON and its logs' text.

// The text of each embedded log: base64, then zstd (Debian's zstd CLI decodes it).
function embeddedLogs(analysis) {
  return analysis.files.map((file) => {
    const compressed = Buffer.from(file.data, 'base64');
    const text = execFileSync('zstd', ['-d', '-c', '-q'], { input: compressed, maxBuffer: 1 << 30 });
    assert.equal(text.length, file.bytes, `${file.name}: the stated size is the decompressed size`);
    return { name: file.name, text: text.toString('utf8') };
  });
}

// What a redacted file must not contain, read from the log's own events: the Host of every block
// manager and executor, the driver's host, every IPv4 address (not a version number inside a jar
// name, and not the unspecific 0.0.0.0 and 127.0.0.1) and the user (ApplicationStart's "User",
// the "user.name" property).
function identitiesOf(logText) {
  const found = new Set();
  for (const line of logText.split('\n')) {
    if (!line.trim()) continue;
    const event = JSON.parse(line);
    const visit = (value, key) => {
      if (value && typeof value === 'object') {
        for (const [k, v] of Object.entries(value)) visit(v, k);
      } else if (typeof value === 'string' && value &&
                 ['Host', 'spark.driver.host', 'User', 'user.name'].includes(key)) {
        found.add(value);
      }
    };
    visit(event, '');
  }
  for (const [, ip] of logText.matchAll(/(?<![\w.-])(\d{1,3}(?:\.\d{1,3}){3})(?![\w-]|\.\d)/g)) {
    if (ip !== '0.0.0.0' && ip !== '127.0.0.1') found.add(ip);
  }
  return [...found];
}

function assertNoIdentities(html, identities) {
  const analysis = analysisOf(html);
  const htmlText = Buffer.from(html).toString('utf8');
  for (const { name, text } of embeddedLogs(analysis)) {
    for (const identity of identities) {
      assert.ok(!text.includes(identity), `${name} still holds "${identity}"`);
    }
  }
  for (const identity of identities) {
    assert.ok(!htmlText.includes(identity), `the page still holds "${identity}"`);
  }
}

// [SECTION] Pages.

// The row counts of the list views and the state's counts: what must survive saving.
async function viewRows(page) {
  const rows = {};
  for (const route of ['#/jobs', '#/stages', '#/executors']) {
    assert.ok(await page.evaluate((r) => window.afterglow.show(r), route), route);
    await settle(page);
    rows[route] = (await state(page)).viewState.rows;
  }
  return { rows, counts: (await state(page)).counts };
}

// Opens a saved file from disk in a fresh context; fails on any request besides the file itself.
async function openSaved(path, body) {
  const url = pathToFileURL(path).href;
  const context = await env.browser.newContext({ viewport: kViewport });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('request', (request) => {
    const requested = request.url();
    if (requested !== url && !requested.startsWith('data:') && !requested.startsWith('blob:')) {
      problems.push(`request: ${requested}`);
    }
  });
  try {
    await page.goto(url);
    await page.waitForFunction(() => {
      const s = window.afterglow && window.afterglow.state();
      return s && s.analysis && ['ready', 'error'].includes(s.status);
    }, null, { timeout: 60_000 });
    const opened = await state(page);
    assert.equal(opened.status, 'ready', `the saved logs did not open: ${opened.error}`);
    await settle(page);
    await body(page, opened);
  } finally {
    await context.close();
  }
  assert.deepEqual(problems, []);
}

// [SECTION] Tests.

test('the dialog saves a redacted page that opens offline at the same view with the same rows', async () => {
  const { context, page, problems } = await openWatchedPage(env, { acceptDownloads: true });
  await watchCsp(context);
  let original;
  let savedPath;
  try {
    await startPage(env, page);
    await openLog(page, kYarnLog);
    original = await viewRows(page);
    await page.evaluate(() => window.afterglow.show('#/executors'));
    await settle(page);

    await clickAnchor(page, 'saveAnalysis');
    assert.equal(await page.isChecked('#share-redact'), true, 'redaction is on by default');
    assert.equal(await page.textContent('#share-route'), '#/executors');
    assert.match(await page.textContent('#share-files'), /application_1553914137147_0018/);
    await page.click('#share-prepare');
    await page.waitForSelector('#share-save:not([hidden])', { timeout: 60_000 });
    await page.screenshot({ path: join(kArtifacts, 'share-dialog-prepared.png') });
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#share-save')]);
    assert.equal(download.suggestedFilename(), 'analysis-application_1553914137147_0018.html');
    savedPath = join(workDir, download.suggestedFilename());
    await download.saveAs(savedPath);
    assert.equal(await page.evaluate(() => document.getElementById('share-dialog').open), false);
    assert.deepEqual(await cspViolations(page), []);
  } finally {
    await context.close();
  }
  assert.deepEqual(problems, []);

  const html = readFileSync(savedPath);
  const analysis = analysisOf(html);
  assert.equal(analysis.version, 1);
  assert.equal(analysis.route, '#/executors');
  assert.equal(analysis.redacted, true);
  assert.deepEqual(analysis.files.map((f) => f.name), ['application_1553914137147_0018.zstd']);
  const identities = identitiesOf(readFileSync(kYarnLog, 'utf8'));
  assert.ok(identities.includes('test-2.vpc.company.com') && identities.includes('systest'));
  assertNoIdentities(html, identities);

  await openSaved(savedPath, async (page, opened) => {
    assert.equal(opened.view, '#/executors', 'the saved view');
    assert.deepEqual(opened.analysis.redacted, true);
    assert.deepEqual(opened.analysis.files.map((f) => f.name), ['application_1553914137147_0018.zstd']);
    await page.screenshot({ path: join(kArtifacts, 'share-redacted-executors.png') });
    assert.deepEqual(await viewRows(page), original);
  });
});

test('a page saved without redaction holds the log byte for byte, and saves again from itself', async () => {
  const { context, page, problems } = await openWatchedPage(env);
  let html;
  let original;
  try {
    await startPage(env, page, '#/stages');
    await openLog(page, kIpLog);
    original = await viewRows(page);
    await page.evaluate(() => window.afterglow.show('#/stages'));
    html = await savedBy(page, { redact: false });
  } finally {
    await context.close();
  }
  assert.deepEqual(problems, []);
  const analysis = analysisOf(html);
  assert.equal(analysis.redacted, false);
  assert.equal(analysis.route, '#/stages');
  const [log] = embeddedLogs(analysis);
  assert.equal(log.text, readFileSync(kIpLog, 'utf8'));

  const savedPath = join(workDir, 'plain.html');
  writeFileSync(savedPath, html);
  let again;
  await openSaved(savedPath, async (saved, opened) => {
    assert.equal(opened.view, '#/stages');
    assert.equal(opened.analysis.redacted, false);
    assert.deepEqual(await viewRows(saved), original);
    again = await savedBy(saved, { redact: false });
  });
  // Saved from the saved page: still one analysis, the same log, and the same viewer around it
  // (its scripts and style byte for byte; the markup is re-serialised by the browser, so
  // `hidden` may come back as `hidden=""`).
  const againAnalysis = analysisOf(again);
  assert.equal(embeddedLogs(againAnalysis)[0].text, log.text);
  const viewer = (bytes) => [...Buffer.from(bytes).toString('utf8')
    .replace(/<script type="application\/x-afterglow-analysis"[\s\S]*?<\/script>/, '')
    .matchAll(/<(script|style)>([\s\S]*?)<\/\1>/g)].map((match) => match[2]);
  const viewerBefore = viewer(html);
  assert.equal(viewerBefore.length, 5, 'the style and the four scripts (engine, page, logs zip, share)');
  assert.ok(viewer(again).every((text, i) => text === viewerBefore[i]),
            'the viewer is carried over unchanged');
  // The engine's wasm, as base64 in its data element (wasm/make_site.cmake), is carried over too.
  const wasm = (bytes) => Buffer.from(bytes).toString('utf8')
    .match(/<script type="application\/octet-stream" id="afterglow-wasm">([A-Za-z0-9+/=]+)<\/script>/)?.[1];
  assert.ok(wasm(html)?.length > 1000, 'the saved page carries the wasm');
  assert.equal(wasm(again), wasm(html), 'the wasm is carried over unchanged');
});

test('redaction removes IP addresses, host names and the user, and keeps every count', async () => {
  const { context, page, problems } = await openWatchedPage(env);
  let html;
  let original;
  try {
    await startPage(env, page);
    await openLog(page, kIpLog);
    original = await viewRows(page);
    await page.evaluate(() => window.afterglow.show('#/jobs'));
    html = await savedBy(page, { redact: true });
  } finally {
    await context.close();
  }
  assert.deepEqual(problems, []);
  const identities = identitiesOf(readFileSync(kIpLog, 'utf8'));
  for (const expected of ['10.28.9.112', '192.168.1.19', 'tomg-test', 'tgraves']) {
    assert.ok(identities.includes(expected), `the test collects ${expected}`);
  }
  assertNoIdentities(html, identities);
  const savedPath = join(workDir, 'redacted-ip.html');
  writeFileSync(savedPath, html);
  await openSaved(savedPath, async (saved, opened) => {
    assert.equal(opened.view, '#/jobs');
    assert.equal(opened.analysis.redacted, true);
    assert.deepEqual(await viewRows(saved), original);
  });
});

test('a rolling log folder saves as its parts and opens again as one application', async () => {
  const { context, page, problems } = await openWatchedPage(env);
  let html;
  let original;
  try {
    await startPage(env, page);
    await page.setInputFiles('#open-folder', kRollingFolder);
    await page.waitForFunction(() => ['ready', 'error'].includes(window.afterglow.state().status),
                               null, { timeout: 60_000 });
    original = await viewRows(page);
    assert.ok(original.counts.jobs > 0);
    html = await savedBy(page, { redact: true });
  } finally {
    await context.close();
  }
  assert.deepEqual(problems, []);
  const analysis = analysisOf(html);
  const parts = readdirSync(kRollingFolder).filter((name) => name.startsWith('events_')).sort();
  assert.deepEqual(analysis.files.map((f) => f.name).filter((n) => n.includes('/events_')).sort(),
                   parts.map((name) => `eventlog_v2_local-1623876083964/${name}`));
  const savedPath = join(workDir, 'rolling.html');
  writeFileSync(savedPath, html);
  await openSaved(savedPath, async (saved, opened) => {
    assert.equal(opened.apps, 1);
    assert.deepEqual(await viewRows(saved), original);
  });
});

test('afterglow report --redact writes the same kind of page, which opens offline', async () => {
  // AFTERGLOW_CLI tests a CLI built elsewhere; the viewer is the site's own single-file page.
  const cli = process.env.AFTERGLOW_CLI || kCli;
  assert.ok(existsSync(cli), `no CLI at ${cli} (./scripts/build.sh native)`);
  const savedPath = join(workDir, 'cli-report.html');
  execFileSync(cli, ['report', kIpLog, '-o', savedPath, '--redact', '--route', '#/jobs',
                     '--viewer', join(kSite, 'afterglow-standalone.html')]);
  const html = readFileSync(savedPath);
  const analysis = analysisOf(html);
  assert.equal(analysis.redacted, true);
  assert.equal(analysis.route, '#/jobs');
  assertNoIdentities(html, identitiesOf(readFileSync(kIpLog, 'utf8')));
  const jobs = JSON.parse(execFileSync(cli, ['api', kIpLog, '/api/v1/applications/application_1555004656427_0144/jobs'],
                                       { encoding: 'utf8' }));
  await openSaved(savedPath, async (page, opened) => {
    assert.equal(opened.view, '#/jobs');
    assert.equal(opened.analysis.redacted, true);
    assert.equal(opened.viewState.rows, jobs.length, 'every job is a row');
  });
});
