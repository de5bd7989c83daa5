// Hostile files opened in the page, as the native suite reads them (tests/core/ingest/
// hostile_streams_test.cc, tests/core/decode/hostile_json_test.cc; docs/RELIABILITY.md lists
// the answers): decompression bombs, impossible size claims, a 1 GiB line, JSON built to cost,
// bytes that are not text, timestamps at the ends of time. Each ends in a clear problem that
// names the file, the offset or line and the cause, with the log read before it kept, and the
// wasm heap (state().heapBytes, bytes) stays under the page's cap, each file in a fresh page.
// The files are made at test time (hostile_files.mjs); the 1 GiB line is a sparse file.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kTimeScale, openWatchedPage, startBrowser, startPage, state } from './harness.mjs';
import {
  badBytesLog, binaryFile, deepNestingLog, deflateBomb, gzipBomb, kAppBefore, kMiB, lz4TwoGiBClaim,
  millionExecutorsLog, millionKeysLog, smallLog, snappyTwoGiBClaim, timesLog, writeSparseLongLine,
  zipOfDeflated, zstdBomb, zstdHugeWindow,
} from './hostile_files.mjs';

// The page's heap cap (core/listen/retention_memory_cap.h, MemoryCap::heap_bytes): past it a load
// stops reading. Every file here must cost far less.
const kHeapCapBytes = 3584 * kMiB;
// What a bomb or an over-long line may cost: the 64 MiB line limit's carry buffer and simdjson's
// index of a line that long, with the page's own heap, never gigabytes.
const kBoundedBytes = 1024 * kMiB;
const kTwoGiBInMiB = 2048;
const kLineLimit = /longer than 64 MiB/;

let env;
let work;
before(async () => {
  env = await startBrowser();
  work = mkdtempSync(join(tmpdir(), 'afterglow-hostile-'));
});
after(async () => {
  await env?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

// Opens `path` in a fresh page and returns the state it ends in (ready or error) and the answer
// of `apiPaths`, checking the heap and that the page logged no error.
async function openHostile(path, apiPaths = []) {
  const { context, page, problems } = await openWatchedPage(env);
  try {
    await startPage(env, page);
    await page.setInputFiles('#open-file', path);
    await page.waitForFunction(() => ['ready', 'error'].includes(window.afterglow.status()), null,
                               { timeout: 300_000 * kTimeScale, polling: 100 });
    const ended = await state(page);
    const api = {};
    for (const apiPath of apiPaths) {
      api[apiPath] = await page.evaluate((p) => window.afterglow.apiResponse(p), apiPath);
    }
    assert.ok(ended.heapBytes > 0 && ended.heapBytes < kHeapCapBytes,
              `the heap grew to ${ended.heapBytes} bytes, past the page's cap`);
    assert.deepEqual(problems, []);
    // The figure docs/RELIABILITY.md records.
    console.log(`# ${path.slice(work.length + 1)}: heap ${(ended.heapBytes / kMiB).toFixed(0)} MiB, ` +
                `in use ${(ended.heapUsedBytes / kMiB).toFixed(0)} MiB`);
    return { ended, api };
  } finally {
    await context.close();
  }
}

function problemSaying(ended, file, cause) {
  const problem = ended.problems.find((p) => p.file === file && cause.test(p.cause));
  assert.ok(problem, `no problem of ${file} matching ${cause}: ${JSON.stringify(ended.problems)}`);
  return problem;
}

function assertLogBeforeKept(ended) {
  assert.equal(ended.status, 'ready', JSON.stringify(ended.error));
  assert.equal(ended.app.id, kAppBefore, 'the application read before the damage is kept');
}

const write = (name, bytes) => {
  const path = join(work, name);
  writeFileSync(path, bytes);
  return path;
};

// [SECTION] Decompression bombs: 2 GiB of zeros behind a little log, stopped by the line limit.

test('a zip entry inflating a thousand-fold to 2 GiB stops at the line limit, the log before it kept', async () => {
  const { deflated, crc, size } = deflateBomb(smallLog(), kTwoGiBInMiB);
  const zip = zipOfDeflated('events', deflated, size, crc);
  assert.ok(size / zip.length > 1000, `${size} bytes from ${zip.length}`);
  const { ended } = await openHostile(write('bomb.zip', zip));
  assertLogBeforeKept(ended);
  problemSaying(ended, 'bomb.zip/events', kLineLimit);
  assert.ok(ended.problems.every((p) => !/damaged/.test(p.cause)), JSON.stringify(ended.problems));
  assert.ok(ended.heapBytes < kBoundedBytes, `heap ${ended.heapBytes}`);
});

test('a gzip member inflating to 2 GiB stops at the line limit, at an offset in the file', async () => {
  const bomb = gzipBomb(smallLog(), kTwoGiBInMiB);
  const { ended } = await openHostile(write('part.gz', bomb));
  assertLogBeforeKept(ended);
  const problem = problemSaying(ended, 'part.gz', kLineLimit);
  assert.match(problem.cause, /line 4 /);
  assert.ok(problem.offset > 0 && problem.offset < bomb.length, JSON.stringify(problem));
  assert.ok(ended.heapBytes < kBoundedBytes, `heap ${ended.heapBytes}`);
});

test('zstd frames inflating to 2 GiB stop at the line limit', async () => {
  const bomb = zstdBomb(smallLog(), kTwoGiBInMiB);
  assert.ok(bomb.length < kMiB, `${bomb.length} stored bytes`);
  const { ended } = await openHostile(write('app.zstd', bomb));
  assertLogBeforeKept(ended);
  const problem = problemSaying(ended, 'app.zstd', kLineLimit);
  assert.ok(problem.offset > 0 && problem.offset <= bomb.length, JSON.stringify(problem));
  assert.ok(ended.heapBytes < kBoundedBytes, `heap ${ended.heapBytes}`);
});

// [SECTION] Claims the decoders refuse before allocating.

test('a zstd frame asking for a 2 GiB window is refused at its offset', async () => {
  const { bytes, at } = zstdHugeWindow(smallLog());
  const { ended } = await openHostile(write('window.zstd', bytes));
  assertLogBeforeKept(ended);
  const problem = problemSaying(ended, 'window.zstd', /^zstd: .*memory/);
  assert.equal(problem.offset, at);
});

test('an lz4 block claiming 2 GiB is refused at its offset', async () => {
  const { bytes, at } = lz4TwoGiBClaim(smallLog());
  const { ended } = await openHostile(write('app.lz4', bytes));
  assertLogBeforeKept(ended);
  assert.equal(problemSaying(ended, 'app.lz4', /impossible/).offset, at);
});

test('a snappy chunk claiming 2 GiB is refused at its offset', async () => {
  const { bytes, at } = snappyTwoGiBClaim(smallLog());
  const { ended } = await openHostile(write('app.snappy', bytes));
  assertLogBeforeKept(ended);
  assert.equal(problemSaying(ended, 'app.snappy', /bad uncompressed length/).offset, at);
});

// [SECTION] Lines.

test('a 1 GiB line without a newline stops at the line limit, at the line\'s offset', async () => {
  const path = join(work, 'one-line');
  writeSparseLongLine(path, smallLog(), 1024 * kMiB);
  const { ended } = await openHostile(path);
  assertLogBeforeKept(ended);
  const problem = problemSaying(ended, 'one-line', kLineLimit);
  assert.equal(problem.offset, Buffer.byteLength(smallLog()), 'a plain file: where the line begins');
  assert.match(problem.cause, /line 4 /);
  assert.ok(ended.heapBytes < kBoundedBytes, `heap ${ended.heapBytes}`);
});

test('JSON nested 100,000 deep is one bad line, or skipped inside a property, and the rest is read', async () => {
  const { ended } = await openHostile(write('deep', deepNestingLog()));
  assert.equal(ended.status, 'ready', JSON.stringify(ended.error));
  assert.equal(ended.app.id, 'app-deep');
  assert.equal(ended.counts.jobs, 2);
  assert.deepEqual(ended.problems.map((p) => [p.file, p.line]), [['deep', 3]]);
  assert.ok(ended.problems[0].cause.length > 0);
});

test('an object with a million keys is read', async () => {
  const { ended } = await openHostile(write('keys', millionKeysLog()));
  assert.equal(ended.status, 'ready', JSON.stringify(ended.error));
  assert.equal(ended.app.id, 'app-keys');
  assert.equal(ended.counts.jobs, 1);
  assert.deepEqual(ended.problems, []);
});

test('a million distinct executor ids are read, the heap in proportion', async () => {
  const { ended } = await openHostile(write('executors', millionExecutorsLog()));
  assert.equal(ended.status, 'ready', JSON.stringify(ended.error));
  assert.equal(ended.app.id, 'app-executors');
  assert.equal(ended.counts.executors, 1000000);
  assert.deepEqual(ended.problems, []);
});

// [SECTION] Bytes that are not text, and times at the ends of time.

test('invalid UTF-8 and NUL bytes are bad lines named by number, and the answers stay valid JSON', async () => {
  const paths = ['/api/v1/applications', '/api/v1/applications/app-bytes/jobs'];
  const { ended, api } = await openHostile(write('bytes', badBytesLog()), paths);
  assert.equal(ended.status, 'ready', JSON.stringify(ended.error));
  assert.equal(ended.app.id, 'app-bytes');
  assert.deepEqual(ended.problems.map((p) => [p.file, p.line]), [3, 4, 5, 6].map((line) => ['bytes', line]));
  assert.ok(ended.problems.every((p) => p.cause.length > 0));
  for (const path of paths) {
    assert.equal(api[path].status, 200, path);
    assert.doesNotThrow(() => JSON.parse(api[path].body), path);
  }
});

test('a binary file ends in an error that says no application was found, with bounded problems', async () => {
  const { ended } = await openHostile(write('photo.jpg', binaryFile()));
  assert.equal(ended.status, 'error');
  assert.match(ended.error, /^no Spark application was found in these files \(photo\.jpg, .*line 1: /);
  assert.equal(ended.problems.length, 50, 'the page lists its first 50 problems');
  assert.ok(ended.problems.every((p) => p.file === 'photo.jpg'));
  assert.ok(ended.heapBytes < kBoundedBytes, `heap ${ended.heapBytes}`);
});

test('timestamps in 1970 and 2200, and going backwards, are shown as written', async () => {
  const paths = ['/api/v1/applications/app-times', '/api/v1/applications/app-times/jobs',
                 '/api/v1/applications/app-times/stages'];
  const { ended, api } = await openHostile(write('times', timesLog()), paths);
  assert.equal(ended.status, 'ready', JSON.stringify(ended.error));
  assert.deepEqual(ended.problems, []);
  for (const path of paths) assert.equal(api[path].status, 200, path);
  assert.match(api[paths[0]].body, /"startTime" : "1970-01-01T00:00:00\.000GMT"/);
  assert.match(api[paths[1]].body, /"submissionTime" : "2200-01-01T00:00:00\.000GMT"/);
  for (const path of paths) assert.doesNotThrow(() => JSON.parse(api[path].body), path);
});
