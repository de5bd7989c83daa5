// The page's load pipeline (web/afterglow-page.js, wasm/main_loop.cc, wasm/bridge.cc):
// - a tab clicked while a log loads shows the rows read so far in the very first frame that draws
//   it: mid-load the list models are built only for the section on screen, and the click's frame
//   used to draw the new tab from the old section's models ("0 jobs" until the next refresh);
// - the load profile (window.afterglow.loadProfile()) accounts for the load: the engine's calls,
//   the copies into the heap, the waits for file chunks and the yields to the browser, and names
//   the longest blocks of main-thread work, and the load ends with the CLI's numbers;
// - the file is read in the reader worker, and where that cannot start, on the page's thread; a
//   file cut shorter while it is read keeps what was read and names the file and offset; the
//   reader worker reads ahead up to its limit, in order, and stops when closed.
// The first two load the 128 MB scaled log (harness.mjs scaledLog128M).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, rmSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import {
  clickAnchor, cliApi, holdFileReads, kCorpus, openLog, openWatchedPage, releaseReadsUntil,
  scaledLog128M, startBrowser, startPage, state,
} from './harness.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

test('a tab clicked mid-load shows the rows read so far in the first frame that draws it', async () => {
  const log = scaledLog128M();
  const { context, page, problems } = await openWatchedPage(env);
  // The file's end marker is held, so the click lands mid-load however fast the machine reads.
  await holdFileReads(page, { fromEnd: true });
  try {
    await startPage(env, page);
    await page.setInputFiles('#open-file', log);
    // The loading view is on screen (the overview's route) until a tab is clicked; wait until jobs
    // have been read.
    await page.waitForFunction(() => {
      const shown = window.afterglow.state();
      return shown.status !== 'loading' || shown.counts.jobs > 0;
    }, null, { timeout: 60_000, polling: 50 });
    assert.equal((await state(page)).status, 'loading', 'the held end marker keeps the load running');
    // On every animation frame from here: what the last drawn frame showed, without the refresh
    // that state() does mid-load.
    await page.evaluate(() => {
      window.drawnSamples = [];
      const sample = () => {
        const drawn = window.afterglow.state({ asDrawn: true });
        window.drawnSamples.push({ status: drawn.status, view: drawn.view,
                                   rows: drawn.viewState ? drawn.viewState.rows : null,
                                   framesDrawn: drawn.framesDrawn });
        if (!window.stopSampling) requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
    await clickAnchor(page, 'Jobs');
    const samples = await page.evaluate(() => {
      window.stopSampling = true;
      return window.drawnSamples;
    });
    await page.evaluate(() => window.__heldReads.passAll());
    const jobsMidLoad = samples.filter((s) => s.status === 'loading' && s.view === '#/jobs');
    assert.ok(jobsMidLoad.length > 0, `the Jobs tab was drawn mid-load: ${JSON.stringify(samples.slice(-5))}`);
    for (const sample of jobsMidLoad) {
      assert.ok(sample.rows > 0, `every mid-load frame of the Jobs tab shows jobs: ${JSON.stringify(jobsMidLoad)}`);
    }
  } finally {
    await context.close();
  }
  assert.deepEqual(problems, []);
});

test('the load profile accounts for the load, and the load ends with the CLI\'s numbers', async () => {
  const log = scaledLog128M();
  const [app] = JSON.parse(cliApi(log, '/api/v1/applications'));
  const expectedJobs = JSON.parse(cliApi(log, `/api/v1/applications/${app.id}/jobs`));
  const expectedStages = JSON.parse(cliApi(log, `/api/v1/applications/${app.id}/stages`));
  const { context, page, problems } = await openWatchedPage(env);
  try {
    await startPage(env, page);
    assert.equal(await page.evaluate(() => window.afterglow.loadProfile()), null, 'no load, no profile');
    await page.setInputFiles('#open-file', log);
    await page.waitForFunction(() => ['ready', 'error'].includes(window.afterglow.status()), null,
                               { timeout: 120_000, polling: 100 });
    const loaded = await state(page);
    assert.equal(loaded.status, 'ready', `load failed: ${loaded.error}`);
    const api = (path) => page.evaluate((p) => JSON.parse(window.afterglow.api(p)), path);
    assert.deepEqual(await api(`/api/v1/applications/${app.id}/jobs`), expectedJobs);
    assert.deepEqual(await api(`/api/v1/applications/${app.id}/stages`), expectedStages);

    const profile = await page.evaluate(() => window.afterglow.loadProfile());
    assert.ok(profile.loadMs > 0 && profile.pushMs > 0 && profile.yields > 0, JSON.stringify(profile));
    assert.equal(profile.reader, 'worker', 'the file is read in the reader worker');
    // Parts of the load, each within it; the engine's calls include the pushes.
    assert.ok(profile.pushMs <= profile.engineMs, 'the pushes are engine calls');
    const parts = profile.engineMs + profile.copyMs + profile.readWaitMs + profile.yieldedMs;
    assert.ok(parts <= profile.loadMs * 1.01 + 5, `the parts (${parts} ms) fit in the load (${profile.loadMs} ms)`);
    assert.ok(profile.frameWaitMs <= profile.yieldedMs + 1, 'frame waits are yields');
    // The longest blocks, longest first, each a named engine call or pump task inside the load.
    assert.ok(profile.blocks.length > 0 && profile.blocks.length <= 10);
    for (let i = 0; i < profile.blocks.length; i++) {
      const block = profile.blocks[i];
      // "build jobs": a step of the final model build (ag_load_finish_step), named by its model.
      assert.ok(['ag_file_push', 'ag_file_end', 'ag_load_end', 'pump task'].includes(block.what) ||
                /^build [a-z ]+$/.test(block.what), block.what);
      assert.ok(block.atMs >= 0 && block.atMs <= profile.loadMs + 1, JSON.stringify(block));
      if (i > 0) assert.ok(block.ms <= profile.blocks[i - 1].ms, 'longest first');
    }
    assert.ok(profile.longestTaskMs >= profile.blocks.find((b) => b.what === 'pump task').ms - 0.1);
    assert.ok(profile.longestFrameMs > 0, 'frames were drawn while loading');
    assert.ok(profile.longestRefreshMs > 0, 'the models were built at the end');
  } finally {
    await context.close();
  }
  assert.deepEqual(problems, []);
});

// The page reads files in its reader worker (web/afterglow-reader.js); where none starts it reads
// on its own thread, with the same result. Two ways a worker does not start: a browser without
// workers, and a site that lacks the worker's file (refused by a policy it fails the same way).
test('where the reader worker cannot start, the page reads on its own thread with the same answers', async () => {
  const log = join(kCorpus, 'spark', 'spark-events', 'local-1422981780767');
  const [app] = JSON.parse(cliApi(log, '/api/v1/applications'));
  const expectedStages = JSON.parse(cliApi(log, `/api/v1/applications/${app.id}/stages`));
  for (const without of ['Worker', 'afterglow-reader.js']) {
    const { context, page, problems } = await openWatchedPage(env);
    try {
      if (without === 'Worker') {
        await page.addInitScript(() => { window.Worker = undefined; });
      } else {
        await page.route('**/afterglow-reader.js', (route) => route.fulfill({ status: 404, body: '' }));
      }
      await startPage(env, page);
      const loaded = await openLog(page, log);
      assert.equal(loaded.app.id, app.id);
      assert.equal(await page.evaluate(() => window.afterglow.loadProfile().reader), 'page', without);
      const stages = await page.evaluate((p) => JSON.parse(window.afterglow.api(p)),
                                         `/api/v1/applications/${app.id}/stages`);
      assert.deepEqual(stages, expectedStages, without);
    } finally {
      await context.close();
    }
    // The missing file's 404 is the one console error this case expects.
    assert.deepEqual(problems.filter((problem) => !/404/.test(problem)), [], without);
  }
});

// A file cut shorter on disk while it is read: the load ends with what was read, and the problems
// name the file, how far it was read and why, as the command line reports it; it does not wait
// for the missing bytes.
test('a file cut shorter while it is read keeps what was read and names the file and offset', async () => {
  const copy = join(tmpdir(), `afterglow-changing-${process.pid}.log`);
  copyFileSync(scaledLog128M(), copy);
  const { context, page, problems } = await openWatchedPage(env);
  await holdFileReads(page);  // the reads are handed on until tasks were read: then the cut
  try {
    await startPage(env, page);
    await page.setInputFiles('#open-file', copy);
    await page.waitForFunction(() => window.afterglow.status() === 'loading');
    await releaseReadsUntil(page, () => window.afterglow.state().counts.tasks > 0);
    truncateSync(copy, 1024);
    await page.evaluate(() => window.__heldReads.passAll());
    await page.waitForFunction(() => window.afterglow.status() !== 'loading', null,
                               { timeout: 120_000, polling: 100 });
    const ended = await state(page);
    assert.equal(ended.status, 'ready', JSON.stringify(ended.error));
    assert.ok(ended.counts.tasks > 0, 'the tasks read before the cut are kept');
    const problem = ended.problems.find((p) => p.file === basename(copy));
    assert.ok(problem, JSON.stringify(ended.problems));
    assert.ok(problem.offset > 0, JSON.stringify(problem));
    // Every byte read before the cut was fed to the engine: the cause counts the bytes the page
    // read, the offset those the engine was given.
    const [, read] = problem.cause.match(/^the file was cut shorter while it was read \(rotated or rewritten\?\): (\d+) of its \d+ bytes were read; the log is shown up to there$/) || [];
    assert.equal(Number(read), problem.offset, problem.cause);
    assert.equal(await page.evaluate(() => window.afterglow.loadProfile().reader), 'worker');
  } finally {
    await context.close();
    rmSync(copy, { force: true });
  }
  assert.deepEqual(problems, []);
});

// The reader worker on its own (web/afterglow-reader.js), as the page drives it: it reads ahead of
// the page up to the bytes it was given, no further until the page takes chunks, sends every byte
// of each range in order followed by an end marker, and stops when the stream is closed. Reading
// ahead is what lets the engine and the reads run at once (which of the two is slower depends on
// the machine: here Chromium's reading costs about as much CPU as the engine). Chromium's file
// streams take a buffer to read into: each chunk then fills a whole 1 MB buffer (a range's last
// may be shorter), and a buffer given back with 'take' is read into again, its old bytes never
// seen past the new chunk's length.
test('the reader worker reads ahead up to its limit, in order, and stops when closed', async () => {
  const { context, page, problems } = await openWatchedPage(env);
  try {
    await startPage(env, page);
    const result = await page.evaluate(async () => {
      const kAhead = 1 << 20;
      // Ranges of 3 MB and a bit and of 1 MB less a bit, of one blob whose bytes say their own
      // offset (mod 251): each ends in a part of a buffer.
      const bytes = new Uint8Array(5 << 20);
      for (let i = 0; i < bytes.length; i++) bytes[i] = i % 251;
      const blob = new Blob([bytes]);
      const ranges = [{ blob, start: 0, end: (3 << 20) + 12345 }, { blob, start: 4 << 20, end: (5 << 20) - 100 }];
      const kBufferBytes = 1 << 20;
      const worker = new Worker('afterglow-reader.js');
      const inbox = [];
      let wake = null;
      worker.onmessage = (event) => {
        inbox.push(event.data);
        if (wake) wake();
      };
      const nextMessage = async () => {
        while (inbox.length === 0) await new Promise((done) => { wake = done; });
        return inbox.shift();
      };
      // A pause in which a worker that kept reading past its limit would be seen doing so. The
      // checks below never depend on it being long enough: on a busy machine it only sees less.
      const settle = () => new Promise((done) => setTimeout(done, 300));
      const unread = () => inbox.reduce((sum, m) => sum + (m.length || 0), 0);
      const out = { ready: (await nextMessage()).type };
      worker.postMessage({ type: 'open', stream: 7, ranges, aheadBytes: kAhead });
      // The worker reads ahead up to the limit however slowly it runs; then it must stop.
      while (unread() < kAhead) await new Promise((done) => { wake = done; });
      await settle();
      // Nothing taken yet: the worker stopped once a chunk took it to the limit.
      out.unreadBeforeTaking = unread();
      out.typesBeforeTaking = [...new Set(inbox.map((m) => m.type))];
      // Take everything, checking order and content, until the second range's end marker.
      const received = [[], []];
      let range = 0;
      let inOrder = true;
      for (;;) {
        const message = await nextMessage();
        if (message.stream !== 7) inOrder = false;
        if (message.type === 'end') {
          range += 1;
          if (range === 2) break;
          continue;
        }
        const chunk = new Uint8Array(message.buffer, message.offset, message.length);
        const at = ranges[range].start + received[range].reduce((sum, c) => sum + c, 0);
        for (let i = 0; i < chunk.length; i += 4093) if (chunk[i] !== (at + i) % 251) inOrder = false;
        if (chunk[chunk.length - 1] !== (at + chunk.length - 1) % 251) inOrder = false;
        received[range].push(chunk.length);
        out.recycled = (out.recycled || 0) + (message.recycle ? 1 : 0);
        if (message.recycle) {
          if (message.buffer.byteLength !== kBufferBytes || message.offset !== 0) out.oddBuffer = true;
          // Scribbled over before it goes back: a reused buffer's old bytes must not show.
          chunk.fill(7);
          worker.postMessage({ type: 'take', stream: 7, bytes: chunk.length, buffer: message.buffer },
                             [message.buffer]);
        } else {
          worker.postMessage({ type: 'take', stream: 7, bytes: chunk.length });
        }
      }
      out.chunkSizes = received;
      out.rangeBytes = received.map((chunks) => chunks.reduce((sum, c) => sum + c, 0));
      out.inOrder = inOrder;
      // A closed stream sends nothing more.
      worker.postMessage({ type: 'open', stream: 8, ranges, aheadBytes: kAhead });
      await nextMessage();
      worker.postMessage({ type: 'close', stream: 8 });
      await settle();
      inbox.length = 0;
      for (let i = 0; i < 8; i++) worker.postMessage({ type: 'take', stream: 8, bytes: kAhead });
      await settle();
      out.afterClose = inbox.length;
      worker.terminate();
      return { ...out, ahead: kAhead };
    });
    assert.equal(result.ready, 'ready');
    assert.deepEqual(result.typesBeforeTaking, ['chunk']);
    assert.ok(result.unreadBeforeTaking >= result.ahead, `read ahead ${result.unreadBeforeTaking} B`);
    // At most one chunk (a few MB in Chromium) past the limit, never the whole 4 MB.
    assert.ok(result.unreadBeforeTaking < 4 << 20, `read ahead ${result.unreadBeforeTaking} B`);
    assert.deepEqual(result.rangeBytes, [(3 << 20) + 12345, (1 << 20) - 100]);
    assert.ok(result.inOrder, 'every chunk in order, with the bytes of its place in the range');
    // Chromium reads into the worker's buffers: whole 1 MB chunks, each range's last shorter.
    assert.deepEqual(result.chunkSizes, [[1 << 20, 1 << 20, 1 << 20, 12345], [(1 << 20) - 100]]);
    assert.equal(result.recycled, 5);
    assert.equal(result.oddBuffer, undefined);
    assert.equal(result.afterClose, 0, 'nothing after close');
  } finally {
    await context.close();
  }
  assert.deepEqual(problems, []);
});
