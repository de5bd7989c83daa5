// Faults around a load in the page (web/afterglow-page.js, web/afterglow-reader.js): the reader
// worker ending or failing mid-load, a file the browser refuses to read, a second load given
// while one runs, and a cancel at every step of a load. After each, the page says what happened
// (state().status, error and problems), keeps what was read where that is the answer, and the
// next load works. The faults land at exact steps: the reads are held (harness.mjs
// holdFileReads) and the cancels requested from inside the engine's own calls, never timed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  cliApi, holdFileReads, kCli, kCorpus, kSite, openLog, openWatchedPage, releaseReadsUntil,
  startBrowser, startPage, state, withoutWorkerLocks,
} from './harness.mjs';

const kSmallLog = join(kCorpus, 'spark', 'spark-events', 'local-1422981780767');
const kSmallApp = 'local-1422981780767';
// 1.6 MB: many chunks of the browser's file stream, so a fault can land between two of them.
const kLargerLog = join(kCorpus, 'rapids-tools', 'qualification', 'join_missing_sql_end');
const kOtherLog = join(kCorpus, 'spark', 'spark-events', 'local-1426533911241');

// kLargerLog followed by 8 MB of events the engine skips (an unknown listener's), made once per
// process: Chromium's worker may hand the reader the whole 1.6 MB log as one chunk, so a fault
// "mid-load" needs a file longer than any one chunk, with jobs in its first.
let paddedLog = null;
function paddedLargerLog() {
  if (paddedLog) return paddedLog;
  const folder = mkdtempSync(join(tmpdir(), `afterglow-page-faults-${process.pid}-`));
  paddedLog = join(folder, 'join_missing_sql_end_padded');
  const line = '{"Event":"org.example.PaddingEvent","note":"' + 'x'.repeat(200) + '"}\n';
  writeFileSync(paddedLog, Buffer.concat([readFileSync(kLargerLog), Buffer.from(line.repeat(40_000))]));
  return paddedLog;
}

let env;
let work;
before(async () => {
  env = await startBrowser();
  work = mkdtempSync(join(tmpdir(), 'afterglow-page-faults-'));
});
after(async () => {
  await env?.close();
  if (work) rmSync(work, { recursive: true, force: true });
  if (paddedLog) rmSync(join(paddedLog, '..'), { recursive: true, force: true });
});

const appIdOf = (log) => JSON.parse(cliApi(log, '/api/v1/applications'))[0].id;

// The page's reader worker (not another worker the page may run).
function readerWorker(page) {
  const worker = page.workers().find((w) => /afterglow-reader|^blob:/.test(w.url()));
  assert.ok(worker, `no reader worker among ${page.workers().map((w) => w.url())}`);
  return worker;
}

// After a fault: a plain load in the same page gives the log's application (in the reader worker
// again, a new one where the old one ended).
async function nextLoadWorks(page) {
  await page.evaluate(() => window.__heldReads && window.__heldReads.passAll());
  const loaded = await openLog(page, kSmallLog);
  assert.equal(loaded.app.id, kSmallApp);
  assert.deepEqual(loaded.problems, []);
  return loaded;
}

// The problem of a read that stopped in `file`. The others a stopped read may bring are the
// line it cut (a bad line) and the application left without its end.
function readProblem(ended, file) {
  const [problem, ...others] = ended.problems;
  assert.equal(problem?.file, file, JSON.stringify(ended.problems));
  for (const other of others) {
    assert.equal(other.file, file, JSON.stringify(other));
    assert.match(other.cause, /^(not a JSON event: |no SparkListenerApplicationEnd up to the last line)/);
  }
  return problem;
}

// [SECTION] The reader worker.

// With the reads held, lets the page read the padded log until it has jobs, then runs `end` in
// the reader worker: the load ends with what was read and a problem matching `cause` at the
// offset read, and the next load reads in a new worker.
async function workerEndsMidLoad(page, end, cause) {
  await page.setInputFiles('#open-file', paddedLargerLog());
  await page.waitForFunction(() => window.afterglow.status() === 'loading');
  await releaseReadsUntil(page, () => window.afterglow.state().counts.jobs > 0);
  const before = await page.evaluate(() => window.afterglow.state({ asDrawn: true }).bytesRead);
  assert.ok(before > 0 && before < statSync(paddedLargerLog()).size, `read ${before} bytes before the fault`);
  // The chunks the worker read ahead stay held: nothing more arrives but the fault.
  await readerWorker(page).evaluate(end);
  await page.waitForFunction(() => window.afterglow.status() !== 'loading', null, { timeout: 60_000 });
  const ended = await state(page);
  assert.equal(ended.status, 'ready', JSON.stringify(ended.error));
  assert.equal(ended.app.id, appIdOf(kLargerLog));
  assert.ok(ended.counts.jobs > 0, 'the jobs read before the fault are kept');
  const problem = readProblem(ended, basename(paddedLargerLog()));
  assert.equal(problem.offset, before, 'the problem says how far the file was read');
  assert.match(problem.cause, /^the browser's file reader stopped: /);
  assert.match(problem.cause, cause);
  assert.match(problem.cause, /the log is shown up to there$/);
  await nextLoadWorks(page);
  assert.equal(await page.evaluate(() => window.afterglow.loadProfile().reader), 'worker',
               'a new reader worker reads the next load');
}

const kWorkerEnds = () => { setTimeout(() => self.close(), 0); };

for (const [how, end, cause] of [
  ['ends', kWorkerEnds, /its worker ended/],
  ['fails', () => { setTimeout(() => { throw new Error('the reader broke'); }, 0); },
   /its worker failed: .*the reader broke/],
]) {
  test(`the reader worker that ${how} mid-load: the log read so far is kept, the problem says where, the next load reads`, async () => {
    const { context, page, problems } = await openWatchedPage(env);
    await holdFileReads(page);
    try {
      await startPage(env, page);
      await workerEndsMidLoad(page, end, cause);
    } finally {
      await context.close();
    }
    // A worker's uncaught error is reported by the page's handler, not left to the console.
    assert.deepEqual(problems, []);
  });
}

// The standalone page opened from disk starts its reader from a blob: URL. Chromium grants Web
// Locks there, so the page learns of the worker's end from the lock; where a browser refuses them
// (an opaque origin), the page asks the worker whether it is there while it waits for a chunk.
for (const [how, withoutLocks] of [['', false], [', its worker without Web Locks', true]]) {
  test(`the standalone page from file://${how}: a reader worker that ends mid-load is noticed, the log read so far is kept`, async () => {
    const standalone = pathToFileURL(join(kSite, 'afterglow-standalone.html')).href;
    const { context, page, problems } = await openWatchedPage(env);
    if (withoutLocks) await withoutWorkerLocks(page);
    await holdFileReads(page);
    try {
      await page.goto(standalone);
      await page.waitForFunction(() => window.afterglow !== undefined);
      const started = await page.evaluate(() => window.afterglow.ready.then(() => 'started', (error) => error.message));
      assert.equal(started, 'started', 'the engine did not start');
      const lockless = await readerWorker(page).evaluate(() => self.navigator.locks === undefined);
      assert.equal(lockless, withoutLocks);
      await workerEndsMidLoad(page, kWorkerEnds, /its worker ended/);
    } finally {
      await context.close();
    }
    // The page's own file is its only request (openWatchedPage expects the http server's origin).
    assert.deepEqual(problems.filter((p) => p !== `request left the page's origin: ${standalone}`), []);
  });
}

// [SECTION] A file the browser refuses to read.

// Chromium refuses to read a chosen file that changed on disk after it was chosen (as when its
// permissions are taken away): NotReadableError. The second of two logs changes before its read
// opens (the opens are held until then); the first is kept.
test('a file the browser refuses to read is named with its cause, and the logs read before it are kept', async () => {
  const first = join(work, 'a-first-log');
  const refused = join(work, 'b-refused-log');
  copyFileSync(kSmallLog, first);
  copyFileSync(kOtherLog, refused);
  const { context, page, problems } = await openWatchedPage(env);
  await holdFileReads(page, { holdOpens: true });
  try {
    await startPage(env, page);
    await page.setInputFiles('#open-file', [first, refused]);
    await page.waitForFunction(() => window.afterglow.status() === 'loading' &&
                               window.__heldReads.opens.length > 0);
    const later = new Date(statSync(refused).mtimeMs + 60_000);
    utimesSync(refused, later, later);
    await page.evaluate(() => window.__heldReads.passAll());
    await page.waitForFunction(() => window.afterglow.status() !== 'loading', null, { timeout: 60_000 });
    const ended = await state(page);
    assert.equal(ended.status, 'ready', JSON.stringify(ended.error));
    assert.equal(ended.app.id, kSmallApp, 'the first log is kept');
    const problem = ended.problems.find((p) => p.file === basename(refused));
    assert.ok(problem, JSON.stringify(ended.problems));
    assert.equal(problem.offset, 0);
    assert.match(problem.cause, /^the browser could not read the file \(.+\); it may have changed on disk, moved or lost its permission since it was chosen; the log is shown up to there$/);
    await nextLoadWorks(page);
  } finally {
    await context.close();
  }
  assert.deepEqual(problems, []);
});

// Where no worker starts the page reads on its own thread: the same refusal, mid-file.
test('a refused read on the page\'s own thread keeps what was read and says where it stopped', async () => {
  const { context, page, problems } = await openWatchedPage(env);
  await page.addInitScript(() => {
    window.Worker = undefined;
    window.refuseReads = true;
    const stream = Blob.prototype.stream;
    // Once 256 KiB are read (past the log's ApplicationStart at 83 KB, whatever size of chunk
    // Chromium hands out), the stream errors as Chromium's does for a file it may not read.
    Blob.prototype.stream = function refusingStream() {
      const source = stream.call(this).getReader();
      let bytes = 0;
      return new ReadableStream({
        async pull(controller) {
          if (window.refuseReads && bytes >= 256 * 1024) {
            controller.error(new DOMException('The requested file could not be read, typically due to ' +
              'permission problems that have occurred after a reference to a file was acquired.',
              'NotReadableError'));
            return;
          }
          const { done, value } = await source.read();
          if (done) {
            controller.close();
          } else {
            bytes += value.length;
            controller.enqueue(value);
          }
        },
        cancel: (reason) => source.cancel(reason),
      });
    };
  });
  try {
    await startPage(env, page);
    await page.setInputFiles('#open-file', kLargerLog);
    await page.waitForFunction(() => window.afterglow.status() !== 'loading' &&
                               window.afterglow.status() !== 'empty', null, { timeout: 60_000 });
    const ended = await state(page);
    assert.equal(ended.status, 'ready', JSON.stringify(ended.error));
    assert.equal(await page.evaluate(() => window.afterglow.loadProfile().reader), 'page');
    const problem = readProblem(ended, basename(kLargerLog));
    assert.ok(problem.offset > 0 && problem.offset === ended.bytesRead, JSON.stringify(problem));
    assert.match(problem.cause, /^the browser could not read the file \(The requested file could not be read, typically due to permission problems that have occurred after a reference to a file was acquired\); it may have changed/);
    await page.evaluate(() => { window.refuseReads = false; });
    await nextLoadWorks(page);
  } finally {
    await context.close();
  }
  assert.deepEqual(problems, []);
});

// [SECTION] A second load given while one runs.

test('files dropped while a load runs are not read, the running load says so, and they open after', async () => {
  const { context, page, problems } = await openWatchedPage(env);
  await holdFileReads(page);
  try {
    await startPage(env, page);
    await page.setInputFiles('#open-file', kSmallLog);
    await page.waitForFunction(() => window.afterglow.status() === 'loading');
    // A scripted drop, as the browser delivers a real one, while the first load waits for reads.
    await page.evaluate(([base64, name]) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], name));
      for (const type of ['dragenter', 'dragover', 'drop']) {
        document.getElementById('canvas').dispatchEvent(
          new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
      }
    }, [readFileSync(kOtherLog).toString('base64'), basename(kOtherLog)]);
    await page.waitForFunction(() => window.afterglow.state({ asDrawn: true }).problems.length > 0);
    await page.evaluate(() => window.__heldReads.passAll());
    await page.waitForFunction(() => window.afterglow.status() !== 'loading', null, { timeout: 60_000 });
    const ended = await state(page);
    assert.equal(ended.status, 'ready', JSON.stringify(ended.error));
    assert.equal(ended.app.id, kSmallApp, 'the running load went on');
    assert.deepEqual(ended.problems.map((p) => [p.file, p.cause]), [[basename(kOtherLog),
      'not opened: another load was running; open it again once that load ends']]);
    // Opened again once the first load ended, the dropped log loads.
    const other = await openLog(page, kOtherLog);
    assert.equal(other.app.id, appIdOf(kOtherLog));
  } finally {
    await context.close();
  }
  assert.deepEqual(problems, []);
});

// [SECTION] Cancel at every step.

// Each step: the files given, the engine call inside which Cancel is pressed (the call's number,
// or 'done' for the final build step that finishes), and whether before or after the call runs.
// Pressed there, the cancel is seen at the pump's next check, as the loading view's button is.
function cancelSteps(zip) {
  return [
    { step: 'while the first read is awaited', files: [kLargerLog], held: true },
    { step: 'in the first push of a file', files: [kLargerLog], call: '_ag_file_push', at: 1 },
    { step: 'mid-file, in a later push', files: [kLargerLog], call: '_ag_file_push', at: 4 },
    { step: 'between two files', files: [kSmallLog, kOtherLog], call: '_ag_file_end', at: 1 },
    { step: 'in a zip entry', files: [zip], call: '_ag_file_push', at: 1 },
    { step: 'when every file is read', files: [kSmallLog], call: '_ag_load_end', at: 1, after: true },
    { step: 'in the first step of the final build', files: [kSmallLog], call: '_ag_load_finish_step', at: 1 },
    { step: 'in the last step of the final build', files: [kSmallLog], call: '_ag_load_finish_step',
      at: 'done', after: true },
  ];
}

test('a cancel at any step of a load returns to the drop zone, and the next load works', async () => {
  const zip = join(work, 'download.zip');
  writeFileSync(zip, execFileSync(kCli, ['api', kSmallLog, `/api/v1/applications/${kSmallApp}/logs`]));
  const { context, page, problems } = await openWatchedPage(env);
  await holdFileReads(page);
  try {
    await startPage(env, page);
    for (const { step, files, held, call, at, after } of cancelSteps(zip)) {
      if (held) {
        await page.evaluate(() => window.__heldReads.hold());
      } else {
        await page.evaluate(() => window.__heldReads.passAll());
      }
      // Wraps the engine's call: on its at-th call (or the one that finishes), Cancel is pressed.
      await page.evaluate(({ call, at, after }) => {
        window.cancelled = false;
        if (!call) return;
        const engine = window.afterglowPage.engine();
        const original = engine[call];
        let calls = 0;
        engine[call] = (...args) => {
          calls += 1;
          const press = () => {
            window.cancelled = true;
            engine._ag_request_cancel();
          };
          if (!after && calls === at) press();
          const result = original(...args);
          if (after && (at === 'done' ? result === 1 : calls === at)) press();
          if (window.cancelled) engine[call] = original;
          return result;
        };
        window.restoreCall = () => { engine[call] = original; };
      }, { call, at, after });
      await page.setInputFiles('#open-file', files);
      if (held) {
        await page.waitForFunction(() => window.afterglow.status() === 'loading' &&
                                   window.__heldReads.held.length > 0);
        await page.evaluate(() => {
          window.cancelled = true;
          window.afterglowPage.engine()._ag_request_cancel();
          window.__heldReads.passAll();
        });
      }
      await page.waitForFunction(() => window.cancelled && !window.afterglowPage.busy(), null,
                                 { timeout: 60_000 });
      await page.evaluate(() => window.restoreCall && window.restoreCall());
      const cancelled = await state(page);
      assert.equal(cancelled.status, 'empty', `${step}: ${JSON.stringify(cancelled.error)}`);
      assert.equal(cancelled.error, null, step);
      assert.equal(cancelled.app, null, step);
      assert.deepEqual(cancelled.counts, { jobs: 0, stages: 0, tasks: 0, executors: 0 }, step);
      await nextLoadWorks(page);
    }
  } finally {
    await context.close();
  }
  assert.deepEqual(problems, []);
});
