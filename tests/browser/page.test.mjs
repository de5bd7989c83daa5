// End-to-end tests of the page in headless Chromium (Debian's, driven by playwright-core):
// the hosted site (build/web over http) and the standalone file (file://). Each loads a corpus
// log through #open-file, waits until the engine is ready, checks the counts against the CLI,
// switches views and saves screenshots to test-artifacts/browser/. Any console error, uncaught
// exception or request leaving the page's origin fails the test.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { holdFileReads } from './harness.mjs';
import { serveFolder } from './static_server.mjs';

const kRepo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
// AFTERGLOW_WEB_DIR tests a site built elsewhere (e.g. another build tree).
const kSite = process.env.AFTERGLOW_WEB_DIR || join(kRepo, 'build', 'web');
const kCli = join(kRepo, 'build', 'native', 'afterglow');
const kArtifacts = join(kRepo, 'test-artifacts', 'browser');
const kLog = resolve(kRepo, '..', 'shared', 'corpus', 'spark', 'spark-events', 'local-1422981780767');
const kAppId = 'local-1422981780767';
const kViewport = { width: 1600, height: 1000 };
// A corpus log repeated to make a file large enough that loading takes many chunks.
const kLargeSource = resolve(kRepo, '..', 'shared', 'corpus', 'spark', 'spark-events', 'local-1642039451826');
const kLargeCopies = 400;  // about 160 MB

let browser;
let server;

before(async () => {
  for (const needed of [join(kSite, 'index.html'), join(kSite, 'afterglow-standalone.html'), kLog]) {
    assert.ok(existsSync(needed), `missing ${needed} (build with: cmake --build --preset wasm)`);
  }
  mkdirSync(kArtifacts, { recursive: true });
  server = await serveFolder(kSite);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
           '--disable-background-networking'],
  });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

// Opens a page that records everything the tests forbid: console errors, uncaught exceptions,
// and requests outside `allowed(url)`.
async function openWatchedPage(allowed, options = {}) {
  const context = await browser.newContext({ viewport: kViewport, ...options });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('request', (request) => {
    if (!allowed(request.url())) problems.push(`request left the page's origin: ${request.url()}`);
  });
  return { context, page, problems };
}

// Waits until the page's module has started and the hook answers; fails fast if it cannot.
async function waitForEngine(page) {
  // The hook is there once the page has loaded (its scripts run before the load event goto waits
  // for); starting the module takes however long a busy machine takes to compile and warm it,
  // and a start that fails rejects `ready`.
  await page.waitForFunction(() => window.afterglow !== undefined);
  const started = await page.evaluate(() => window.afterglow.ready.then(() => 'started', (error) => error.message));
  assert.equal(started, 'started', 'the engine did not start');
}

async function openLog(page, path) {
  await page.setInputFiles('#open-file', path);
  await page.waitForFunction(() => ['ready', 'error'].includes(window.afterglow.state().status),
                             null, { timeout: 60_000 });
  const state = await page.evaluate(() => window.afterglow.state());
  assert.equal(state.status, 'ready', `load failed: ${state.error}`);
  return state;
}

// Lets the page draw a couple of frames so a screenshot shows the latest state.
async function settle(page) {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

async function show(page, route) {
  assert.equal(await page.evaluate((r) => window.afterglow.show(r), route), true, `no view ${route}`);
  await settle(page);
  assert.equal((await page.evaluate(() => window.afterglow.state())).view, route);
}

// The CLI's answer for an API path, or null when the native build is missing.
function cliApi(apiPath) {
  if (!existsSync(kCli)) return null;
  return execFileSync(kCli, ['api', kLog, apiPath], { encoding: 'utf8' });
}

// Counts as the History Server's API gives them: jobs, stage attempts, finished task attempts.
function countsFromApi(jobsJson, stagesJson) {
  const jobs = JSON.parse(jobsJson);
  const stages = JSON.parse(stagesJson);
  const tasks = stages.reduce((sum, s) => sum + s.numCompleteTasks + s.numFailedTasks + s.numKilledTasks, 0);
  return { jobs: jobs.length, stages: stages.length, tasks };
}

// What `afterglow summary` prints about counts, e.g. "jobs: 8"; null for counts it does not name.
function countsFromCliSummary() {
  if (!existsSync(kCli)) return null;
  const text = execFileSync(kCli, ['summary', kLog], { encoding: 'utf8' });
  const find = (word) => {
    const match = text.match(new RegExp(`\\b${word}\\b\\W*(\\d[\\d,]*)`, 'i'));
    return match ? Number(match[1].replace(/,/g, '')) : null;
  };
  return { jobs: find('jobs'), stages: find('stages'), tasks: find('tasks'), executors: find('executors') };
}

async function checkAgainstCli(page, state) {
  const base = `/api/v1/applications/${kAppId}`;
  const pageApi = (path) => page.evaluate((p) => window.afterglow.apiResponse(p), path);
  const jobs = await pageApi(`${base}/jobs`);
  const stages = await pageApi(`${base}/stages`);
  assert.equal(jobs.status, 200, jobs.body);
  assert.equal(stages.status, 200, stages.body);

  const cliJobs = cliApi(`${base}/jobs`);
  if (cliJobs !== null) {
    // The page and the CLI run the same engine: their REST answers must be identical.
    for (const path of ['/api/v1/applications', `${base}/jobs`, `${base}/stages`]) {
      assert.equal((await pageApi(path)).body.trim(), cliApi(path).trim(), `api ${path} differs from the CLI`);
    }
    const summary = countsFromCliSummary();
    for (const key of ['jobs', 'stages', 'tasks', 'executors']) {
      if (summary[key] !== null) assert.equal(state.counts[key], summary[key], `${key} differs from afterglow summary`);
    }
  } else {
    test.diagnostic?.(`no CLI at ${kCli}: comparing with the page's own API answers`);
  }
  const api = countsFromApi(jobs.body, stages.body);
  assert.equal(state.counts.jobs, api.jobs, 'jobs count vs the jobs API');
  assert.equal(state.counts.stages, api.stages, 'stage attempts vs the stages API');
  assert.equal(state.counts.tasks, api.tasks, 'finished tasks vs the stages API');
}

test('hosted page loads a log, matches the CLI and shows the jobs table', async () => {
  const origin = new URL(server.url).origin;
  const { context, page, problems } = await openWatchedPage((url) => new URL(url).origin === origin);
  try {
    await page.goto(server.url);
    await waitForEngine(page);
    assert.equal((await page.evaluate(() => window.afterglow.state())).status, 'empty');
    await settle(page);
    await page.screenshot({ path: join(kArtifacts, 'empty.png') });

    // Once started, the page reads files locally and asks the network for nothing.
    const requestsAfterStart = [];
    page.on('request', (request) => requestsAfterStart.push(request.url()));
    const state = await openLog(page, kLog);
    assert.equal(state.app.id, kAppId);
    assert.ok(state.app.name.length > 0, 'the app has a name');
    assert.equal(typeof state.app.sparkVersion, 'string');  // "" when the log does not say
    assert.ok(state.counts.jobs > 0 && state.counts.stages > 0 && state.counts.tasks > 0, JSON.stringify(state));
    assert.equal(state.bytesRead, 68182);
    assert.ok(state.heapBytes > 0);
    await checkAgainstCli(page, state);

    await show(page, '#/overview');
    await page.screenshot({ path: join(kArtifacts, 'overview.png') });
    await show(page, '#/jobs');
    assert.equal(new URL(page.url()).hash, '#/jobs', 'the route is mirrored into the URL');
    await page.screenshot({ path: join(kArtifacts, 'jobs.png') });

    // Back returns to the previous view through the URL hash.
    await page.goBack();
    await page.waitForFunction(() => window.afterglow.state().view === '#/overview');
    assert.deepEqual(requestsAfterStart, [], 'requests after start-up');
  } finally {
    await context.close();
  }
  assert.deepEqual(problems, []);
});

test('page is crisp at devicePixelRatio 2', async () => {
  const origin = new URL(server.url).origin;
  const { context, page, problems } = await openWatchedPage((url) => new URL(url).origin === origin,
                                                            { deviceScaleFactor: 2 });
  try {
    await page.goto(server.url + '#/jobs');
    await waitForEngine(page);
    await openLog(page, kLog);
    await settle(page);
    const backing = await page.evaluate(() => {
      const canvas = document.getElementById('canvas');
      return { width: canvas.width, css: canvas.getBoundingClientRect().width };
    });
    assert.equal(backing.width, backing.css * 2, 'the canvas backing store follows devicePixelRatio');
    assert.equal((await page.evaluate(() => window.afterglow.state())).view, '#/jobs');
    await page.screenshot({ path: join(kArtifacts, 'jobs-dpr2.png') });
  } finally {
    await context.close();
  }
  assert.deepEqual(problems, []);
});

test('standalone page works from file:// and loads a log', async () => {
  const standalone = pathToFileURL(join(kSite, 'afterglow-standalone.html')).href;
  const { context, page, problems } = await openWatchedPage((url) => url === standalone ||
                                                            url.startsWith('data:') || url.startsWith('blob:'));
  try {
    await page.goto(standalone);
    await waitForEngine(page);
    const state = await openLog(page, kLog);
    assert.equal(state.app.id, kAppId);
    await show(page, '#/jobs');
    await page.screenshot({ path: join(kArtifacts, 'standalone-jobs.png') });
  } finally {
    await context.close();
  }
  assert.deepEqual(problems, []);
});

// Writes a large log (one corpus log repeated) into the temp folder; the caller removes it.
function writeLargeLog() {
  const path = join(tmpdir(), `afterglow-large-${process.pid}.log`);
  const copies = Buffer.concat(Array(40).fill(readFileSync(kLargeSource)));
  const fd = openSync(path, 'w');
  try {
    for (let i = 0; i < kLargeCopies / 40; i++) writeSync(fd, copies);
  } finally {
    closeSync(fd);
  }
  return path;
}

test('a large load shows progress, keeps drawing frames, and Esc cancels it', async () => {
  const origin = new URL(server.url).origin;
  const { context, page, problems } = await openWatchedPage((url) => new URL(url).origin === origin);
  const large = writeLargeLog();
  try {
    // The file's end marker is held (the reads flow until then), so the load is still running
    // below however fast the machine reads it.
    await holdFileReads(page, { fromEnd: true });
    await page.goto(server.url);
    await waitForEngine(page);
    await page.setInputFiles('#open-file', large);
    await page.waitForFunction(() => {
      const state = window.afterglow.state();
      return state.status === 'loading' && state.progress > 0.05;
    }, null, { timeout: 60_000, polling: 20 });

    // The pump yields between chunks: animation frames keep coming while it loads. This checks
    // that the page is not frozen, not how fast it draws (a loaded CI machine is slow; the frame
    // gaps are measured by scripts/bench, never by a timed test): a frozen page draws none, and
    // the test's own time limit ends the wait.
    await page.evaluate(() => new Promise((done) => {
      let count = 0;
      const tick = () => {
        count += 1;
        if (count < 3) requestAnimationFrame(tick);
        else done(count);
      };
      requestAnimationFrame(tick);
    }));
    const midway = await page.evaluate(() => window.afterglow.state());
    assert.equal(midway.status, 'loading', 'the load waits for its held end marker');
    await page.screenshot({ path: join(kArtifacts, 'loading.png') });

    // ImGui (1.86) samples keys once per frame, so the key is held until the page has seen it
    // (however slowly a busy machine draws frames), not for a fixed time.
    await page.keyboard.down('Escape');
    // Seen by the page (or the load already cancelled): the held end marker may go.
    await page.waitForFunction(() => window.afterglowPage.engine()._ag_cancel_requested() === 1 ||
                                     window.afterglow.status() === 'empty', null,
                               { timeout: 120_000, polling: 20 });
    await page.evaluate(() => window.__heldReads.passAll());
    await page.waitForFunction(() => window.afterglow.state().status === 'empty', null,
                               { timeout: 120_000, polling: 20 });
    await page.keyboard.up('Escape');

    // After a cancel the page loads normally again.
    const state = await openLog(page, kLog);
    assert.equal(state.app.id, kAppId);
  } finally {
    await context.close();
    rmSync(large, { force: true });
  }
  assert.deepEqual(problems, []);
});

test('dropping a log onto the page loads it', async () => {
  const origin = new URL(server.url).origin;
  const { context, page, problems } = await openWatchedPage((url) => new URL(url).origin === origin);
  try {
    await page.goto(server.url);
    await waitForEngine(page);
    // A scripted drop, as the browser delivers a real one (the DataTransfer holds a File).
    await page.evaluate(([base64, name]) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], name));
      const canvas = document.getElementById('canvas');
      for (const type of ['dragenter', 'dragover', 'drop']) {
        canvas.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
      }
    }, [readFileSync(kLog).toString('base64'), 'local-1422981780767']);
    await page.waitForFunction(() => window.afterglow.state().status === 'ready', null, { timeout: 60_000 });
    const state = await page.evaluate(() => window.afterglow.state());
    assert.equal(state.app.id, kAppId);
    assert.equal(state.bytesRead, readFileSync(kLog).length);
  } finally {
    await context.close();
  }
  assert.deepEqual(problems, []);
});

test('a file that is not an event log ends in the error state with a reason', async () => {
  const origin = new URL(server.url).origin;
  const { context, page, problems } = await openWatchedPage((url) => new URL(url).origin === origin);
  const notALog = join(tmpdir(), `afterglow-not-a-log-${process.pid}.txt`);
  const fd = openSync(notALog, 'w');
  writeSync(fd, 'this is not\na Spark event log\n');
  closeSync(fd);
  try {
    await page.goto(server.url);
    await waitForEngine(page);
    await page.setInputFiles('#open-file', notALog);
    await page.waitForFunction(() => ['ready', 'error'].includes(window.afterglow.state().status));
    const state = await page.evaluate(() => window.afterglow.state());
    assert.equal(state.status, 'error');
    assert.ok(state.error && state.error.length > 0, 'the error says why');
    await settle(page);
    await page.screenshot({ path: join(kArtifacts, 'error.png') });
  } finally {
    await context.close();
    rmSync(notALog, { force: true });
  }
  assert.deepEqual(problems, []);
});

// [SECTION] Folders and zips: the engine plans the logs (core/load/log_layout.h), the page feeds
// their parts in that order.

const kRollingFolder = resolve(kRepo, '..', 'shared', 'corpus', 'rapids-tools', 'qualification',
                               'eventlog_v2_local-1623876083964');

// Counts `afterglow summary <path>` prints, or null when the native build is missing.
function cliSummaryCounts(path) {
  if (!existsSync(kCli)) return null;
  const text = execFileSync(kCli, ['summary', path], { encoding: 'utf8' });
  const find = (word) => Number(text.match(new RegExp(`^\\s*${word}\\s+(\\d+)`, 'm'))[1]);
  return { jobs: find('jobs'), stages: find('stages'), tasks: find('tasks'), executors: find('executors') };
}

async function loadThrough(page, selector, path) {
  await page.setInputFiles(selector, path);
  await page.waitForFunction(() => ['ready', 'error'].includes(window.afterglow.state().status),
                             null, { timeout: 60_000 });
  const state = await page.evaluate(() => window.afterglow.state());
  assert.equal(state.status, 'ready', `load failed: ${state.error}`);
  return state;
}

test('a rolling log folder opened with the folder picker gives the CLI summary counts', async () => {
  const origin = new URL(server.url).origin;
  const { context, page, problems } = await openWatchedPage((url) => new URL(url).origin === origin);
  try {
    await page.goto(server.url);
    await waitForEngine(page);
    const state = await loadThrough(page, '#open-folder', kRollingFolder);
    assert.equal(state.app.id, 'local-1623876083964');
    assert.equal(state.apps, 1, 'the parts make one application');
    assert.deepEqual(state.problems, []);
    const cli = cliSummaryCounts(kRollingFolder);
    if (cli !== null) assert.deepEqual(state.counts, cli);
    assert.ok(state.counts.tasks > 0);
  } finally {
    await context.close();
  }
  assert.deepEqual(problems, []);
});

test('a History Server download zip gives the counts of the plain log', async (t) => {
  assert.ok(existsSync(kCli), `no CLI at ${kCli} to write the zip (./scripts/build.sh native)`);
  const zip = join(tmpdir(), `afterglow-logs-${process.pid}.zip`);
  const fd = openSync(zip, 'w');
  writeSync(fd, execFileSync(kCli, ['api', kLog, `/api/v1/applications/${kAppId}/logs`]));
  closeSync(fd);
  const origin = new URL(server.url).origin;
  const { context, page, problems } = await openWatchedPage((url) => new URL(url).origin === origin);
  try {
    await page.goto(server.url);
    await waitForEngine(page);
    const state = await loadThrough(page, '#open-file', zip);
    assert.equal(state.app.id, kAppId);
    assert.deepEqual(state.problems, []);
    assert.deepEqual(state.counts, cliSummaryCounts(kLog));
    const path = `/api/v1/applications/${kAppId}/stages`;
    assert.equal((await page.evaluate((p) => window.afterglow.api(p), path)).trim(),
                 execFileSync(kCli, ['api', kLog, path], { encoding: 'utf8' }).trim());
  } finally {
    await context.close();
    rmSync(zip, { force: true });
  }
  assert.deepEqual(problems, []);
});

test('a corrupt part of a rolling log names the part, the offset and why, and keeps what was read', async () => {
  // A copy of the rolling folder with bytes flipped in the middle of its last zstd part.
  const folder = join(tmpdir(), `afterglow-corrupt-${process.pid}`, 'eventlog_v2_local-1623876083964');
  const damaged = 'events_2_local-1623876083964.zstd';
  mkdirSync(folder, { recursive: true });
  for (const name of readdirSync(kRollingFolder)) {
    const bytes = readFileSync(join(kRollingFolder, name));
    if (name === damaged) {
      const damageAt = Math.floor(bytes.length / 2);
      for (let i = damageAt; i < damageAt + 64 && i < bytes.length; ++i) bytes[i] ^= 0x5a;
    }
    writeFileSync(join(folder, name), bytes);
  }
  const origin = new URL(server.url).origin;
  const { context, page, problems } = await openWatchedPage((url) => new URL(url).origin === origin);
  try {
    await page.goto(server.url);
    await waitForEngine(page);
    await page.setInputFiles('#open-folder', folder);
    await page.waitForFunction(() => ['ready', 'error'].includes(window.afterglow.state().status),
                               null, { timeout: 60_000 });
    const state = await page.evaluate(() => window.afterglow.state());
    assert.ok(state.problems.length > 0, JSON.stringify(state));
    const problem = state.problems[0];
    assert.equal(problem.file, `eventlog_v2_local-1623876083964/${damaged}`);
    assert.ok(problem.cause.length > 0 && problem.offset > 0, JSON.stringify(problem));
    assert.equal(state.status, 'ready', 'the events before the damage are kept');
    assert.equal(state.app.id, 'local-1623876083964');
    await show(page, '#/overview');
    await page.screenshot({ path: join(kArtifacts, 'corrupt-part.png') });
  } finally {
    await context.close();
    rmSync(dirname(folder), { recursive: true, force: true });
  }
  assert.deepEqual(problems, []);
});

test('several files at once: a plain log and a zip of a rolling log folder open as two applications', async (t) => {
  assert.ok(existsSync(kCli), `no CLI at ${kCli} to write the zip (./scripts/build.sh native)`);
  const rollingId = 'local-1623876083964';
  const zip = join(tmpdir(), `afterglow-rolling-${process.pid}.zip`);
  const fd = openSync(zip, 'w');
  writeSync(fd, execFileSync(kCli, ['api', kRollingFolder, `/api/v1/applications/${rollingId}/logs`]));
  closeSync(fd);
  const origin = new URL(server.url).origin;
  const { context, page, problems } = await openWatchedPage((url) => new URL(url).origin === origin);
  try {
    await page.goto(server.url);
    await waitForEngine(page);
    const state = await loadThrough(page, '#open-file', [kLog, zip]);
    assert.equal(state.apps, 2, JSON.stringify(state));
    assert.deepEqual(state.problems, []);
    for (const [log, id] of [[kLog, kAppId], [kRollingFolder, rollingId]]) {
      const path = `/api/v1/applications/${id}/stages`;
      assert.equal((await page.evaluate((p) => window.afterglow.api(p), path)).trim(),
                   execFileSync(kCli, ['api', log, path], { encoding: 'utf8' }).trim(), `${id} stages`);
    }
  } finally {
    await context.close();
    rmSync(zip, { force: true });
  }
  assert.deepEqual(problems, []);
});

// [SECTION] Every codec Spark writes, written at test time by the Java classes Spark uses
// (tests/formats/SparkCodecWriter.java, compiled as tests/formats/codec_fixtures_test.py does).

const kCodecLog = resolve(kRepo, '..', 'shared', 'corpus', 'spark', 'spark-events', 'local-1430917381534');
const kCodecAppId = 'local-1430917381534';
// The jars tests/formats/codec_fixtures_test.py compiles against (its JARS and --jar-dir).
const kCodecJars = ['lz4-java.jar', 'snappy-java.jar', 'compress-lzf.jar', 'zstd-jni.jar']
  .map((jar) => join(process.env.AFTERGLOW_JAR_DIR || '/usr/share/java', jar));

// Compiles SparkCodecWriter into `work` and returns write(codec, out, ...inputs). Fails (never
// skips) when Java or a jar is missing: scripts/setup.sh installs them.
function javaCodecWriter(work) {
  for (const tool of ['javac', 'java']) {
    const probe = spawnSync(tool, ['-version'], { encoding: 'utf8' });
    assert.ok(!probe.error && probe.status === 0, `needs ${tool} (scripts/setup.sh installs it)`);
  }
  const missing = kCodecJars.filter((jar) => !existsSync(jar));
  assert.deepEqual(missing, [], 'needs the codec jars (scripts/setup.sh installs them)');
  const classes = join(work, 'classes');
  mkdirSync(classes, { recursive: true });
  const cp = kCodecJars.join(':');
  execFileSync('javac', ['-cp', cp, '-d', classes, join(kRepo, 'tests', 'formats', 'SparkCodecWriter.java')]);
  return (codec, out, ...inputs) =>
    execFileSync('java', ['-cp', `${classes}:${cp}`, 'SparkCodecWriter', 'write', codec, out, ...inputs]);
}

test('a log in every codec Spark writes, and Databricks gzip, opens with the plain log\'s answers', async () => {
  assert.ok(existsSync(kCli), `missing ${kCli} (build with: cmake --build --preset native)`);
  const work = join(tmpdir(), `afterglow-codecs-${process.pid}`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const origin = new URL(server.url).origin;
  const { context, page, problems } = await openWatchedPage((url) => new URL(url).origin === origin);
  try {
    const write = javaCodecWriter(work);
    const fixtures = {};
    for (const codec of ['lz4', 'lzf', 'snappy', 'zstd']) {
      fixtures[codec] = join(work, `${kCodecAppId}.${codec}`);
      write(codec, fixtures[codec], kCodecLog);
    }
    // Databricks writes gzip; two members, as codec_fixtures_test.py's gzip_members.
    const plainBytes = readFileSync(kCodecLog);
    const half = Math.floor(plainBytes.length / 2);
    fixtures.gz = join(work, `${kCodecAppId}.gz`);
    writeFileSync(fixtures.gz, Buffer.concat([gzipSync(plainBytes.subarray(0, half)),
                                              gzipSync(plainBytes.subarray(half))]));

    const stagesPath = `/api/v1/applications/${kCodecAppId}/stages`;
    const pageStages = () => page.evaluate((p) => window.afterglow.api(p), stagesPath);
    // Each log opens in a freshly started page, so no answer can come from an earlier load.
    const openFresh = async (path) => {
      await page.goto(server.url);
      await waitForEngine(page);
      return openLog(page, path);
    };
    const plain = await openFresh(kCodecLog);
    assert.equal(plain.app.id, kCodecAppId);
    assert.deepEqual(plain.problems, []);
    assert.deepEqual(plain.counts, cliSummaryCounts(kCodecLog));
    assert.ok(plain.counts.tasks > 0 && plain.counts.stages > 0, JSON.stringify(plain.counts));
    const plainStages = (await pageStages()).trim();
    assert.equal(plainStages, execFileSync(kCli, ['api', kCodecLog, stagesPath], { encoding: 'utf8' }).trim(),
                 'the plain log\'s stages in the page differ from the CLI');

    for (const [codec, path] of Object.entries(fixtures)) {
      const state = await openFresh(path);
      assert.equal(state.app.id, kCodecAppId, `${codec}: app id`);
      assert.equal(state.apps, 1, `${codec}: one application`);
      assert.deepEqual(state.problems, [], `${codec}: problems`);
      assert.deepEqual(state.counts, plain.counts, `${codec}: counts differ from the plain log's`);
      assert.equal((await pageStages()).trim(), plainStages, `${codec}: stages differ from the plain log's`);
    }
  } finally {
    await context.close();
    rmSync(work, { recursive: true, force: true });
  }
  assert.deepEqual(problems, []);
});
