// The page around the wasm module: boots it on the canvas, streams chosen or dropped files into
// it chunk by chunk (drawing frames in between, so the page answers and can cancel), keeps the
// view in the URL hash, and exposes window.afterglow, a read-only hook for tests.
// The page makes no network request of its own: every file is read locally (Blob.stream, File.slice).
'use strict';

(function () {
  // The most bytes copied into the engine's chunk buffer at once: a larger chunk from the file
  // reader is copied and pushed in pieces of this size, each in kPushMs parts. The engine holds
  // the buffer in the wasm heap for the whole load, so it adds to the heap's high-water mark for
  // good: 2 MB instead of 8 took the 1 GB log's heap from 130 to 118 B/task at the same speed
  // (scripts/bench, docs/PERFORMANCE.md).
  const kChunkBytes = 2 * 1024 * 1024;
  const kDefaultRoute = '#/overview';
  // The hash the page was opened with (a link into a view), read before the engine mirrors its
  // own route into the URL: a saved analysis opens at its saved route unless a link named one.
  const openedHash = location.hash;
  // Work in one browser task while loading, before the pump yields to the event loop: short enough
  // that an animation frame, input and Cancel get in between (a frame gap is about this plus one
  // push plus the frame's own drawing), long enough that yielding costs little. The pump does
  // not wait for each animation frame, only for an overdue one (yieldIfDue): on a software GL
  // (or a busy machine) frames come slower than 60 Hz, and a load that waited for each one spent
  // most of its time idle. The engine draws the progress at most once per 250 ms of pushes
  // (wasm/bridge.cc). 20 ms keeps a frame gap (slice, plus the push or final-build step running
  // when it ends, plus a drawn frame) near 50 ms; the yields cost little (a background task, and
  // a frame that does not draw).
  const kWorkSliceMs = 20;
  // A drawn frame (5-15 ms of this thread on a software GL, more on a busy machine) and the work
  // after it come between the same two animation frames: after a frame drew, the work until the
  // next yield gets what is left of kFrameGapAimMs, at least kMinSliceMs. Animation frames come
  // on a 60 Hz clock: the aim leaves room in a gap of three of them (50 ms) for the browser's own
  // part (on a software GL, the swap of each drawn frame is most of it: docs/PERFORMANCE.md).
  const kFrameGapAimMs = 40;
  const kMinSliceMs = 4;
  // Work per ag_file_push call, at most: a chunk is pushed in parts sized from the time the last
  // part took per stored byte (a zstd chunk, about 27x the JSON of a plain one, is cut finer),
  // and no part is aimed past the end of the work slice.
  const kPushMs = 8;
  const kFirstPushBytes = 16 * 1024;  // until a file's first push is timed
  const kZipLocalHeaderSize = 30;  // core/ingest/zip_directory.h

  const canvas = document.getElementById('canvas');
  const fileInput = document.getElementById('open-file');
  const folderInput = document.getElementById('open-folder');
  const dropOverlay = document.getElementById('drop-overlay');
  const fatal = document.getElementById('fatal');

  let engine = null;   // the wasm module, once it has started
  let loading = false; // one load at a time
  let lastLoad = null;  // the last finished load's {entries, plan}: what "Save analysis" saves
  let lastProfile = null;  // the last load's profile (see loadProfile below)

  // [SECTION] Theme: the user's choice (the one thing the page stores), else the system's.

  const kThemeKey = 'afterglow.theme';
  const systemLight = window.matchMedia ? window.matchMedia('(prefers-color-scheme: light)') : null;
  function storedTheme() {
    try {
      const value = localStorage.getItem(kThemeKey);
      return value === 'light' || value === 'dark' ? value : null;
    } catch {
      return null;  // storage refused (privacy settings): the system's theme applies
    }
  }
  function currentTheme() {
    return storedTheme() || (systemLight && systemLight.matches ? 'light' : 'dark');
  }
  // The page around the canvas (its background while starting, the fatal message) follows too.
  function applyPageTheme(theme) {
    document.documentElement.dataset.theme = theme;
  }
  applyPageTheme(currentTheme());
  if (systemLight) {
    systemLight.addEventListener('change', () => {
      if (storedTheme()) return;
      applyPageTheme(currentTheme());
      if (engine) engine._ag_set_theme(currentTheme() === 'light' ? 1 : 0);
    });
  }

  // The browser compiles the engine's functions on their first call, and optimizes them only
  // once they have run a while: a tiny built-in log run through the decoders and, 50 times, the
  // view models' builders (wasm/warm_up.cc, about 0.6 s) does both before the first load, instead
  // of in its first pushes and its final model build. Once, at start or when a load begins.
  let warmedUp = false;
  function warmUp() {
    if (warmedUp) return;
    warmedUp = true;
    engine._ag_warm_up();
  }

  function showFatal(message) {
    fatal.textContent = message;
    fatal.hidden = false;
  }

  // Resolves after the browser has drawn a frame, so the UI shows progress between chunks, or
  // after `timeoutMs` without one (a background tab has no animation frames).
  function afterNextFrame(timeoutMs = 100) {
    return new Promise((resolve) => {
      let settled = false;
      const settle = () => {
        if (!settled) {
          settled = true;
          setTimeout(resolve, 0);
        }
      };
      requestAnimationFrame(settle);
      setTimeout(settle, timeoutMs);
    });
  }

  // Resolves in a new task of the event loop, without the 4 ms clamp of nested setTimeouts. A
  // background-priority task (scheduler.postTask) runs only when no input, rendering or other task
  // is waiting, so a frame that is due is drawn at the pump's next yield: Chromium otherwise lets
  // a stream of ordinary tasks (a MessageChannel's) hold rendering off for up to 100 ms before
  // it gives frames priority, which made the load's frame gaps 100 to 133 ms. Browsers without
  // scheduler.postTask get the MessageChannel task. A background tab, where animation frames
  // stop, keeps loading either way.
  const yieldChannel = new MessageChannel();
  const yieldWaiters = [];
  yieldChannel.port1.onmessage = () => yieldWaiters.shift()();
  const backgroundTask = typeof scheduler !== 'undefined' && typeof scheduler.postTask === 'function'
    ? () => scheduler.postTask(() => {}, { priority: 'background' })
    : null;
  function nextTask() {
    if (backgroundTask) return backgroundTask();
    return new Promise((resolve) => {
      yieldWaiters.push(resolve);
      yieldChannel.port2.postMessage(null);
    });
  }

  // When the last animation frame of a load ran (frames are watched only while loading). The
  // browser normally renders between the pump's tasks; when it has not for kFrameDueMs (a
  // machine short of CPU for the GPU process), the pump waits up to kFrameWaitMs for a frame, so
  // the page keeps answering input, and then works on for another kFrameDueMs whether the frame
  // came or not: at most a fifth of a load is spent waiting. A hidden tab has no frames and does
  // not wait.
  const kFrameDueMs = 100;
  const kFrameWaitMs = 25;
  let lastFrameMs = 0;
  function watchFrames() {
    lastFrameMs = performance.now();
    const onFrame = () => {
      lastFrameMs = performance.now();
      if (loading) requestAnimationFrame(onFrame);
    };
    requestAnimationFrame(onFrame);
  }

  // [SECTION] Load profile: where the main thread's time goes during a load, for finding what
  // holds frames off (window.afterglow.loadProfile(); cheap enough to be always on). A frame
  // cannot come while the pump's task runs, so the longest blocks name the frame gaps' causes.
  const kProfileBlocks = 10;
  let profile = null;
  function newProfile() {
    return {
      loadMs: 0,        // from ag_load_begin to the end of the load
      engineMs: 0,      // in the engine's calls: ag_file_push, the begin and end calls
      pushMs: 0,        // of which in ag_file_push
      copyMs: 0,        // copying file chunks into the wasm heap
      readWaitMs: 0,    // waiting for a file chunk that was not read yet
      yieldedMs: 0,     // given back to the browser: frames, input, reads finishing
      frameWaitMs: 0,   // of which waiting for an overdue animation frame
      yields: 0,
      reader: null,     // where the file was read: 'worker' (the reader worker) or 'page'
      longestTaskMs: 0,  // the longest run of the pump without yielding
      blocks: [],       // the longest engine calls and pump tasks: {what, ms, atMs}
      startMs: performance.now(),
    };
  }
  // Keeps the kProfileBlocks longest blocks, longest first.
  function noteBlock(what, ms, startMs) {
    if (!profile) return;
    const blocks = profile.blocks;
    if (blocks.length === kProfileBlocks && ms <= blocks[blocks.length - 1].ms) return;
    const atMs = Math.round(startMs - profile.startMs);
    if (blocks.length === kProfileBlocks) blocks.pop();
    blocks.push({ what, ms: Math.round(ms * 10) / 10, atMs });
    blocks.sort((a, b) => b.ms - a.ms);
  }
  // Calls the engine, timing the call into the profile.
  function engineCall(what, call) {
    const startMs = performance.now();
    const result = call();
    const ms = performance.now() - startMs;
    if (profile) profile.engineMs += ms;
    noteBlock(what, ms, startMs);
    return result;
  }

  // Yields to the browser once the work slice has run since the last yield.
  let workStartMs = 0;
  let sliceMs = kWorkSliceMs;  // this slice's length: shorter after a drawn frame
  function sliceLeftMs() {
    return sliceMs - (performance.now() - workStartMs);
  }
  async function yieldIfDue() {
    const now = performance.now();
    if (now - workStartMs < sliceMs) return;
    await yieldNow(now);
  }
  async function yieldNow(now = performance.now()) {
    if (profile) {
      profile.longestTaskMs = Math.max(profile.longestTaskMs, now - workStartMs);
      profile.yields += 1;
      noteBlock('pump task', now - workStartMs, workStartMs);
    }
    if (now - lastFrameMs >= kFrameDueMs && !document.hidden) {
      await afterNextFrame(kFrameWaitMs);
      lastFrameMs = Math.max(lastFrameMs, performance.now());
      if (profile) profile.frameWaitMs += performance.now() - now;
    } else {
      await nextTask();
    }
    workStartMs = performance.now();
    if (profile) profile.yieldedMs += workStartMs - now;
    const drawnMs = engine._ag_take_drawn_ms();
    sliceMs = Math.max(kMinSliceMs, Math.min(kWorkSliceMs, kFrameGapAimMs - drawnMs));
  }

  // Thrown out of a load when the user cancels it; the load then resets the engine.
  class Cancelled extends Error {}
  // Thrown out of a load when the engine refuses a push because its memory is nearly full
  // (core/listen/retention_memory_cap.h): the load ends with what was read, and says so.
  class MemoryCapped extends Error {}
  // Thrown out of a load when a file cannot be read on (it changed on disk, permissions): the load
  // ends with what was read, and the problem names the file and how far it was read, as the
  // command line reports it (core/load/file_stream.cc).
  class ReadFailed extends Error {
    constructor(cause, bytesRead) {
      super(cause);
      this.bytesRead = bytesRead;
    }
  }

  // [SECTION] Reading files. A reader streams byte ranges ([{blob, start, end}]) in order:
  // next() resolves to the next chunk of the range being read (a Uint8Array of whatever size the
  // browser's stream gives), or to null where that range's stream ended; release(chunk) says the
  // page is done with a chunk (room to read ahead, and its buffer back to the worker, which reads
  // into it again); close() stops a reader that is done or abandoned. A file cut shorter after it
  // was chosen ends its stream early, which pushRange reports. It reads ahead of the engine, as
  // JavaScript memory; only the chunk being pushed is in the wasm heap.
  //
  // The reads run in the reader worker (web/afterglow-reader.js) where one starts, through
  // Blob.stream(): on the 1 GB log a stream reads twice as fast as File.slice().arrayBuffer() of
  // 2 MB, and reads on this thread took turns with the engine's pushes instead of running beside
  // them (docs/PERFORMANCE.md). The hosted page starts the worker from its own file (allowed by a
  // CSP's script-src 'self'); the standalone page, which has no files beside it, from the copy
  // inlined in it (make_site.cmake) through a blob: URL. Where neither starts (a CSP without
  // blob: or worker-src, a browser without workers), this thread streams the files itself.
  const kReadAheadBytes = 8 * 1024 * 1024;
  let readerWorker = null;  // a Promise of the started worker, or of null where none starts
  const readerStreams = new Map();  // stream id -> its onmessage
  let nextReaderStream = 1;

  function startReaderWorker() {
    return new Promise((resolve) => {
      let worker = null;
      try {
        const inlined = document.getElementById('afterglow-reader');
        if (inlined) {
          const source = new Blob([inlined.textContent], { type: 'text/javascript' });
          worker = new Worker(URL.createObjectURL(source));
        } else if (typeof Worker === 'function') {
          worker = new Worker('afterglow-reader.js');
        }
      } catch {
        worker = null;  // refused at once (e.g. from file://)
      }
      if (!worker) {
        resolve(null);
        return;
      }
      let started = false;
      worker.onmessage = (event) => {
        const message = event.data;
        worker.afterglowUnanswered = 0;  // any message says the worker is there
        if (message.type === 'ready') {
          started = true;
          resolve(worker);
          // Granted once the worker has ended, however it ended (web/afterglow-reader.js).
          if (message.lock && navigator.locks) {
            navigator.locks.request(message.lock, () => readerStopped(worker, 'its worker ended'))
              .catch(() => watchReaderLife(worker));
          } else {
            watchReaderLife(worker);
          }
        } else if (message.type !== 'pong') {
          const onMessage = readerStreams.get(message.stream);
          if (onMessage) onMessage(message);
        }
      };
      // A worker that fails to load (refused by a policy, missing file) reports it here, and so
      // does a started one that failed (an error nothing in it caught).
      worker.onerror = (event) => {
        event.preventDefault();
        if (started) {
          readerStopped(worker, `its worker failed: ${event.message || 'an error'}`);
        } else {
          worker.terminate();
          resolve(null);
        }
      };
    });
  }

  // Where the worker holds no lock (a browser that refuses Web Locks to an opaque origin), nothing
  // tells the page that it ended without an error. So while the page waits for one of its chunks,
  // it asks the worker every kReaderPingMs whether it is there (a 'ping', answered at once by a
  // 'pong': nothing in the worker runs long, its reads are asynchronous), and takes
  // kReaderPingsUnanswered asks in a row without any message back for the worker's end. The page
  // then waits about 10 s longer than with a lock; a living worker, however loaded the machine,
  // answers within far less. No ask is made while nothing waits.
  const kReaderPingMs = 2000;
  const kReaderPingsUnanswered = 5;
  function watchReaderLife(worker) {
    worker.afterglowNeedsPings = true;
  }
  function pingWhileWaiting(worker) {
    if (!worker.afterglowNeedsPings || worker.afterglowPingTimer || worker.afterglowStopped) return;
    worker.afterglowUnanswered = 0;
    worker.afterglowPingTimer = setInterval(() => {
      let waiting = false;
      for (const onMessage of readerStreams.values()) {
        if (onMessage.worker === worker && onMessage.waiting()) waiting = true;
      }
      if (!waiting || worker.afterglowStopped) {
        clearInterval(worker.afterglowPingTimer);
        worker.afterglowPingTimer = null;
      } else if (worker.afterglowUnanswered >= kReaderPingsUnanswered) {
        clearInterval(worker.afterglowPingTimer);
        worker.afterglowPingTimer = null;
        readerStopped(worker, 'its worker ended');
      } else {
        worker.afterglowUnanswered += 1;
        worker.postMessage({ type: 'ping' });
      }
    }, kReaderPingMs);
  }

  // The reader worker stopped mid-stream: every stream it was reading fails with `cause` (the
  // load keeps what was read and says where it stopped), and the next reads start a new worker.
  function readerStopped(worker, cause) {
    if (worker.afterglowStopped) return;
    worker.afterglowStopped = true;
    worker.terminate();
    readerWorker = startReaderWorker();
    for (const [stream, onMessage] of readerStreams) {
      if (onMessage.worker !== worker) continue;
      readerStreams.delete(stream);
      onMessage({ type: 'error', stream, message: `the browser's file reader stopped: ${cause}` });
    }
  }

  function workerChunkReader(worker, ranges) {
    const stream = nextReaderStream++;
    const arrived = [];  // chunks posted and not yet taken
    const waiting = [];  // next() calls waiting for a chunk: {resolve, reject}
    let failure = null;
    const recyclable = new WeakSet();  // chunks whose buffer goes back to the worker
    const onMessage = (message) => {
      if (message.type === 'chunk' || message.type === 'end') {
        const chunk = message.type === 'chunk'
          ? new Uint8Array(message.buffer, message.offset, message.length)
          : null;
        if (chunk && message.recycle) recyclable.add(chunk);
        if (waiting.length > 0) waiting.shift().resolve(chunk);
        else arrived.push(chunk);
      } else if (message.type === 'error') {
        failure = new Error(message.message);
        for (const waiter of waiting.splice(0)) waiter.reject(failure);
      }
    };
    onMessage.worker = worker;  // for readerStopped
    onMessage.waiting = () => waiting.length > 0;  // for pingWhileWaiting
    readerStreams.set(stream, onMessage);
    worker.postMessage({ type: 'open', stream, ranges, aheadBytes: kReadAheadBytes });
    let rangesEnded = 0;  // the end markers taken: the range being taken is this one
    const take = (chunk) => {
      if (!chunk) rangesEnded += 1;
      return chunk;
    };
    return {
      where: 'worker',
      next() {
        if (arrived.length > 0) return Promise.resolve(take(arrived.shift()));
        if (failure) return Promise.reject(failure);
        pingWhileWaiting(worker);
        return new Promise((resolve, reject) => waiting.push({ resolve: (chunk) => resolve(take(chunk)), reject }));
      },
      // Done with a chunk next() gave: room for the worker to read more, and its buffer back.
      release(chunk) {
        if (recyclable.has(chunk)) {
          worker.postMessage({ type: 'take', stream, bytes: chunk.length, buffer: chunk.buffer }, [chunk.buffer]);
        } else {
          worker.postMessage({ type: 'take', stream, bytes: chunk.length });
        }
      },
      close() {
        readerStreams.delete(stream);
        worker.postMessage({ type: 'close', stream });
      },
      // Reads no more of the range being taken; next() gives what was read ahead, then its end.
      skipRange() {
        worker.postMessage({ type: 'skip', stream, range: rangesEnded });
      },
    };
  }

  // The same reader on this thread, where no worker starts. A failed read is worded as the
  // worker words it (readFailure in web/afterglow-reader.js).
  function pageChunkReader(ranges) {
    let range = 0;
    let reader = null;  // the stream of the range being read
    let skipped = false;  // the range being read was given up: its end is next
    return {
      where: 'page',
      async next() {
        if (skipped) {
          skipped = false;
          return null;
        }
        if (!reader) {
          if (range === ranges.length) throw new Error('read past the end of the planned bytes');
          const { blob, start, end } = ranges[range++];
          reader = blob.slice(start, end).stream().getReader();
        }
        let read;
        try {
          read = await reader.read();
        } catch (error) {
          const cause = String((error && error.message) || error || 'the read failed').replace(/\.$/, '');
          throw new Error(`the browser could not read the file (${cause}); it may have changed on ` +
                          'disk, moved or lost its permission since it was chosen');
        }
        if (!read.done) return read.value;
        reader = null;
        return null;
      },
      release() {},
      close() {
        if (reader) reader.cancel().catch(() => {});
        reader = null;
      },
      skipRange() {
        if (!reader) return;
        reader.cancel().catch(() => {});
        reader = null;
        skipped = true;
      },
    };
  }

  // A reader of `ranges`, in the worker once it has started (the first reads start at once).
  async function chunkReader(ranges) {
    const worker = await readerWorker;
    return worker ? workerChunkReader(worker, ranges) : pageChunkReader(ranges);
  }

  // Copies `bytes` into the engine's chunk buffer and returns their length. ag_chunk_buffer may
  // grow the heap, so HEAPU8 is read after it.
  function toChunkBuffer(bytes) {
    const startMs = performance.now();
    // >>> 0: wasm returns pointers as signed 32-bit numbers, negative past 2 GiB of heap.
    const pointer = engine._ag_chunk_buffer(bytes.length) >>> 0;
    engine.HEAPU8.set(bytes, pointer);
    if (profile) profile.copyMs += performance.now() - startMs;
    return bytes.length;
  }

  // The next chunk of `reader`, timing any wait for it (a read that is still in flight).
  async function nextChunk(reader) {
    const startMs = performance.now();
    const chunk = await reader.next();
    if (profile) profile.readWaitMs += performance.now() - startMs;
    return chunk;
  }

  // Feeds the next range of `reader`, `length` bytes, to the file or part the engine has begun.
  // Each chunk (or kChunkBytes piece of a larger one) is copied into the engine once and pushed in
  // parts of about kPushMs of work, yielding for a frame between parts when due.
  async function pushRange(reader, length) {
    let pushBytes = kFirstPushBytes;  // per range: its codec sets the work per stored byte
    const next = async (done) => {
      try {
        return await nextChunk(reader);
      } catch (error) {
        throw new ReadFailed(String((error && error.message) || error), done);
      }
    };
    for (let done = 0; ; ) {
      const chunk = await next(done);
      if (chunk === null) {
        if (done === length) return;
        // The same words as the command line's reader (core/load/file_stream.cc).
        throw new ReadFailed('the file was cut shorter while it was read (rotated or rewritten?): ' +
                             `${done} of its ${length} bytes were read`, done);
      }
      if (chunk.length > length - done) throw new Error('the file reader gave more bytes than planned');
      done += chunk.length;
      for (let piece = 0; piece < chunk.length; piece += kChunkBytes) {
        const size = toChunkBuffer(chunk.subarray(piece, piece + kChunkBytes));
        for (let offset = 0; offset < size;) {
          const part = Math.min(pushBytes, size - offset);
          const startMs = performance.now();
          const fed = engine._ag_file_push(offset, part);
          const tookMs = performance.now() - startMs;
          if (profile) {
            profile.engineMs += tookMs;
            profile.pushMs += tookMs;
          }
          noteBlock('ag_file_push', tookMs, startMs);
          if (!fed) throw new MemoryCapped();
          // The engine stopped reading this file (a line past its limit, a corrupt stream; the
          // problem says so): the rest of it is not read, however large.
          if (engine._ag_file_stopped()) {
            reader.release(chunk);
            return skipRest(reader);
          }
          offset += part;
          await yieldIfDue();
          // Aim the next part at kPushMs, or at what is left of the slice; grow at most 2x a
          // step, so one fast part cannot make a long one.
          const aimMs = Math.min(kPushMs, Math.max(1, sliceLeftMs()));
          const aimed = tookMs > 0 ? part * (aimMs / tookMs) : part * 2;
          pushBytes = Math.max(4096, Math.min(kChunkBytes, Math.round(Math.min(aimed, part * 2))));
          if (engine._ag_cancel_requested()) throw new Cancelled();
        }
      }
      reader.release(chunk);
    }
  }

  // Gives up the rest of the range being pushed: what was read ahead is taken, up to its end.
  async function skipRest(reader) {
    reader.skipRange();
    try {
      for (let chunk; (chunk = await nextChunk(reader)) !== null;) {
        reader.release(chunk);
        if (engine._ag_cancel_requested()) throw new Cancelled();
      }
    } catch (error) {
      if (error instanceof Cancelled) throw error;
      // The rest was not wanted: a read failing in it changes nothing.
    }
  }

  async function readBytes(blob, start, end) {
    return new Uint8Array(await blob.slice(start, end).arrayBuffer());
  }

  // A History Server download zip: its directory from the tail, then each planned entry's
  // compressed bytes, inflated by the engine (log_plan_bridge.cc).
  async function loadZip(file, name) {
    const fail = (cause) => engine.ccall('ag_add_problem', null, ['string', 'number', 'string'],
                                         [name, 0, cause]);
    const tailSize = engine._ag_zip_tail_size(file.size);
    const tailLength = toChunkBuffer(await readBytes(file, file.size - tailSize, file.size));
    const directory = JSON.parse(engine.UTF8ToString(
      engine._ag_zip_find_directory(tailLength, file.size)));
    if (directory.error) return fail(directory.error);
    const directoryLength = toChunkBuffer(
      await readBytes(file, directory.offset, directory.offset + directory.size));
    const plan = JSON.parse(engine.UTF8ToString(engine._ag_zip_plan(directoryLength)));
    if (plan.error) return fail(plan.error);
    for (const log of plan) {
      if (log.multi) {
        engine.ccall('ag_log_begin', null, ['string', 'number', 'string'],
                     [`${name}/${log.name}`, log.inProgress ? 1 : 0, log.problem]);
      }
      for (const part of log.parts) {
        const shown = `${name}/${part.path}`;
        if (log.multi) {
          engine.ccall('ag_part_begin', null, ['string', 'number', 'string'], [shown, part.size, log.codec]);
        } else {
          engine.ccall('ag_file_begin', null, ['string', 'number'], [shown, part.size]);
        }
        toChunkBuffer(await readBytes(file, part.headerOffset, part.headerOffset + kZipLocalHeaderSize));
        const dataOffset = engine.ccall('ag_zip_entry_begin', 'number', ['number', 'string'],
                                        [part.entry, shown]);
        if (dataOffset >= 0) {
          const range = { blob: file, start: dataOffset, end: dataOffset + part.compressedSize };
          const reader = await chunkReader([range]);
          readingName = shown;
          try {
            await pushRange(reader, part.compressedSize);
          } finally {
            reader.close();
          }
          engine._ag_zip_entry_end();
        }
      }
      engineCall('ag_file_end', () => engine._ag_file_end());
    }
  }

  // Builds the finished load's view models, one engine call per model or part of one
  // (ag_load_finish_step), yielding for frames between calls when due: built in one call they
  // held frames off for 150 to 550 ms on a 1 GB log. The status turns ready with the last call.
  // False when the user cancelled meanwhile; the engine is then reset.
  async function buildViews() {
    const step = () => engine._ag_load_finish_step();
    while (!engineCall(`build ${engine.UTF8ToString(engine._ag_load_finish_next())}`, step)) {
      await yieldIfDue();
      if (engine._ag_cancel_requested()) {
        engine._ag_reset();
        return false;
      }
    }
    // A cancel pressed during the last step cancels too: the user asked for the drop zone.
    if (engine._ag_cancel_requested()) {
      engine._ag_reset();
      return false;
    }
    return true;
  }

  // The folder the entries share as their first path component, or '' (loose files, or several
  // folders). Layout rules look one level below it, as the History Server looks into a log dir.
  function commonFolder(entries) {
    const first = entries[0].name.split('/')[0];
    return entries.every((entry) => entry.name.startsWith(`${first}/`)) ? first : '';
  }

  // `entries`: [{file: File, name: string}], name being the path the user gave (a file name, or a
  // path inside a chosen or dropped folder). The engine plans which logs they hold and in which
  // order their parts are read (core/load/log_layout.h), and the parts are fed in that order.
  let readingName = '';  // the file (or part, or zip entry) pushRange is reading, for problems

  async function load(entries) {
    if (!engine || entries.length === 0) return;
    if (loading) {
      refuseWhileLoading(entries);
      return;
    }
    loading = true;
    warmUp();  // a file chosen before the first frame
    let plan = null;  // the planned logs; a load ended by the memory cap keeps them for "Save"
    let reader = null;
    try {
      const root = commonFolder(entries);
      const relative = (name) => (root ? name.slice(root.length + 1) : name);
      const listing = entries.map((entry) => `${entry.file.size}\t${relative(entry.name)}`).join('\n');
      plan = JSON.parse(engine.ccall('ag_plan_logs', 'string', ['string', 'string'], [listing, root]));
      const planned = plan.flatMap((log) => log.parts.map((part) => entries[part.file]));
      const totalBytes = planned.reduce((sum, entry) => sum + entry.file.size, 0);
      engine._ag_load_begin(totalBytes, planned.length);
      profile = newProfile();
      engine._ag_take_longest_frame_ms();  // frames and refreshes from here on
      engine._ag_take_longest_refresh_ms();
      // The first chunks are read while the loading view is drawn.
      const isZip = (log) => !log.multi && /\.zip$/i.test(log.parts[0].path);
      reader = await chunkReader(plan.filter((log) => !isZip(log)).flatMap((log) => log.parts.map(
        (part) => ({ blob: entries[part.file].file, start: 0, end: entries[part.file].file.size }))));
      profile.reader = reader.where;
      await afterNextFrame();  // show the loading view before the first chunk
      watchFrames();
      workStartMs = performance.now();
      for (const log of plan) {
        if (isZip(log)) {
          const { file, name } = entries[log.parts[0].file];
          await loadZip(file, name);
          engine._ag_file_read();
          continue;
        }
        if (log.multi) {
          engine.ccall('ag_log_begin', null, ['string', 'number', 'string'],
                       [root && log.name !== root ? `${root}/${log.name}` : log.name,
                        log.inProgress ? 1 : 0, log.problem]);
        }
        for (const part of log.parts) {
          const { file, name } = entries[part.file];
          if (log.multi) {
            engine.ccall('ag_part_begin', null, ['string', 'number', 'string'], [name, file.size, log.codec]);
          } else {
            engine.ccall('ag_file_begin', null, ['string', 'number'], [name, file.size]);
          }
          readingName = name;
          await pushRange(reader, file.size);
          engine._ag_file_read();
        }
        engineCall('ag_file_end', () => engine._ag_file_end());
        // Ending a big file (compacting its tasks) and building every view at the end are each
        // a long block on their own: a frame may come between them.
        await yieldNow();
      }
      engineCall('ag_load_end', () => engine._ag_load_end());
      if (await buildViews()) lastLoad = { entries, plan };
    } catch (error) {
      if (error instanceof Cancelled) {
        engine._ag_reset();
      } else if (error instanceof MemoryCapped) {
        engine._ag_load_end();
        if (await buildViews()) lastLoad = { entries, plan };
      } else if (error instanceof ReadFailed) {
        engine.ccall('ag_add_problem', null, ['string', 'number', 'string'],
                     [readingName, error.bytesRead, `${error.message}; the log is shown up to there`]);
        engine._ag_file_end();
        engine._ag_load_end();
        if (await buildViews()) lastLoad = { entries, plan };
      } else {
        engine.ccall('ag_load_fail', null, ['string'], [String((error && error.message) || error)]);
      }
    } finally {
      if (reader) reader.close();
      if (profile) {
        const endMs = performance.now();
        profile.loadMs = endMs - profile.startMs;
        profile.longestTaskMs = Math.max(profile.longestTaskMs, endMs - workStartMs);
        noteBlock('pump task', endMs - workStartMs, workStartMs);
        profile.longestFrameMs = engine._ag_take_longest_frame_ms();
        profile.longestRefreshMs = engine._ag_take_longest_refresh_ms();
        lastProfile = profile;
        profile = null;
      }
      loading = false;
      fileInput.value = '';
      folderInput.value = '';
    }
  }

  // "Compare with..." (the compare view) picks files to open beside the last load's: the session
  // is loaded again with both, so it holds both runs and "Save analysis" keeps them all.
  let addToLastLoad = false;
  function withLastLoad(entries) {
    const adding = addToLastLoad && lastLoad;
    addToLastLoad = false;
    return adding ? lastLoad.entries.concat(entries) : entries;
  }

  // Files given while a load runs (a drop, a share's open) are not read: one load at a time, and
  // the running one is not given up for them. The running load's problems say so, naming them.
  function refuseWhileLoading(entries) {
    const names = entries.map((entry) => entry.name);
    const shown = names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`
                                   : names.join(', ');
    engine.ccall('ag_add_problem', null, ['string', 'number', 'string'],
                 [shown, 0, 'not opened: another load was running; open it again once that load ends']);
  }

  fileInput.addEventListener('change', () => {
    load(withLastLoad(Array.from(fileInput.files, (file) => ({ file, name: file.name }))));
  });
  // A chosen folder: webkitRelativePath starts with the folder's own name.
  folderInput.addEventListener('change', () => {
    load(Array.from(folderInput.files, (file) => ({ file, name: file.webkitRelativePath || file.name })));
  });

  // [SECTION] Drag and drop: files and whole folders (a rolling log's directory, a log dir).

  function readAllEntries(reader) {
    // readEntries returns batches; an empty batch means the folder is done.
    return new Promise((resolve, reject) => {
      const all = [];
      const next = () => reader.readEntries((batch) => {
        if (batch.length === 0) {
          resolve(all);
        } else {
          all.push(...batch);
          next();
        }
      }, reject);
      next();
    });
  }

  async function collectEntry(entry, out) {
    if (entry.isFile) {
      const file = await new Promise((resolve, reject) => entry.file(resolve, reject));
      out.push({ file, name: entry.fullPath.replace(/^\//, '') });
    } else if (entry.isDirectory) {
      for (const child of await readAllEntries(entry.createReader())) await collectEntry(child, out);
    }
  }

  async function filesFromDrop(dataTransfer) {
    // The items must be turned into entries before the first await: the browser empties the
    // DataTransfer when the drop handler returns.
    const roots = Array.from(dataTransfer.items || [])
      .map((item) => (item.webkitGetAsEntry ? item.webkitGetAsEntry() : null))
      .filter(Boolean);
    if (roots.length === 0) {
      return Array.from(dataTransfer.files || [], (file) => ({ file, name: file.name }));
    }
    const out = [];
    for (const root of roots) await collectEntry(root, out);
    return out;
  }

  let hideOverlayTimer = 0;
  window.addEventListener('dragover', (event) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = loading ? 'none' : 'copy';
    dropOverlay.hidden = loading;
    // dragleave fires for every child element; hiding when dragover stops is simpler and exact.
    clearTimeout(hideOverlayTimer);
    hideOverlayTimer = setTimeout(() => { dropOverlay.hidden = true; }, 150);
  });
  window.addEventListener('drop', (event) => {
    event.preventDefault();
    dropOverlay.hidden = true;
    filesFromDrop(event.dataTransfer).then(load, (error) => console.warn('afterglow: drop failed', error));
  });

  // [SECTION] Routes: the view lives in the URL hash, so reload, back and forward work.

  function applyHash() {
    if (!engine) return;
    const route = location.hash || kDefaultRoute;
    engine.ccall('ag_show', 'number', ['string'], [route]);
  }
  window.addEventListener('hashchange', applyHash);

  // [SECTION] The test hook: reads state and switches views; never loads or changes data.

  const emptyState = {
    status: 'empty', progress: 0, error: null, app: null,
    counts: { jobs: 0, stages: 0, tasks: 0, executors: 0 },
    view: kDefaultRoute, loadMs: 0, bytesRead: 0, heapBytes: 0, heapUsedBytes: 0,
    imguiAllocations: 0, framesDrawn: 0, contextLost: false, theme: currentTheme(), anchors: {},
    anchorTexts: {}, typing: false, fontPixels: 0,
  };
  let resolveReady;
  let rejectReady;
  let startError = null;
  const ready = new Promise((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  ready.catch(() => {});  // a failed start is reported on the page, not as an unhandled rejection
  window.afterglow = {
    // Resolves once the engine has started and warmed up; rejects if it cannot start.
    ready,
    // Mid-load the view's models are first brought up to date, unless `asDrawn`: then viewState
    // describes what the last frame drew.
    state({ asDrawn = false } = {}) {
      if (startError) return { ...emptyState, status: 'error', error: startError };
      if (!engine) return { ...emptyState, view: location.hash || kDefaultRoute };
      return JSON.parse(engine.UTF8ToString(engine._ag_state_json(asDrawn ? 1 : 0)));
    },
    // state().status alone; cheap enough to poll on every animation frame of a load.
    status() {
      if (startError) return 'error';
      return engine ? engine.UTF8ToString(engine._ag_load_status()) : 'empty';
    },
    // Where the last finished load's main-thread time went (newProfile() names the fields; all
    // in ms), or null before the first load. longestFrameMs: the longest frame the engine drew;
    // longestRefreshMs: the longest rebuild of the view models (inside a push, or a step of the
    // final build).
    loadProfile() {
      return lastProfile && JSON.parse(JSON.stringify(lastProfile));
    },
    show(route) {
      if (!engine || !engine.ccall('ag_show', 'number', ['string'], [route])) return false;
      return true;
    },
    // The same JSON text as `afterglow api <logs> <path>`; apiResponse also gives the status.
    api(path) {
      return this.apiResponse(path).body;
    },
    apiResponse(path) {
      if (!engine) return { status: 503, body: 'the engine has not started' };
      const body = engine.ccall('ag_api', 'string', ['string'], [path]);
      return { status: engine._ag_api_status(), body };
    },
  };

  // [SECTION] For web/afterglow-share.js ("Save analysis", and opening an analysis embedded in
  // the page): the engine, the files of the last load, and load() itself.
  window.afterglowPage = {
    engine: () => engine,
    busy: () => loading,
    openedHash: () => openedHash,
    lastLoad: () => lastLoad,
    load: (entries) => load(entries),  // entries as a drop gives them: [{file, name}]
    onSaveRequested: null,             // set by afterglow-share.js; the header's button calls it
    onSaveLogsZip: null,               // set by afterglow-logs-zip.js; the overview's link calls it
  };

  // [SECTION] Start-up.

  if (typeof WebGL2RenderingContext === 'undefined') {
    startError = 'Afterglow needs WebGL2, which this browser does not offer.';
    showFatal(startError);
    rejectReady(new Error(startError));
    return;
  }
  // afterglow-standalone.html carries afterglow.wasm as base64 in this element (make_site.cmake),
  // since a page opened from file:// cannot fetch it; the served page has none and fetches it.
  function embeddedWasm() {
    const element = document.getElementById('afterglow-wasm');
    if (!element) return undefined;
    const text = atob(element.textContent.trim());
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    return bytes;
  }
  readerWorker = startReaderWorker();  // ready long before the user picks a file
  createAfterglow({
    canvas,
    wasmBinary: embeddedWasm(),
    afterglowOpenFilePicker: () => {
      addToLastLoad = false;
      if (!loading) fileInput.click();
    },
    afterglowCompareWith: () => {
      if (loading) return;
      addToLastLoad = true;
      fileInput.click();
    },
    afterglowOpenFolderPicker: () => { if (!loading) folderInput.click(); },
    afterglowSaveAnalysis: () => {
      if (window.afterglowPage.onSaveRequested) window.afterglowPage.onSaveRequested();
    },
    afterglowSaveLogsZip: (logName, zipName) => {
      if (window.afterglowPage.onSaveLogsZip) window.afterglowPage.onSaveLogsZip(logName, zipName);
    },
    afterglowRouteChanged: (route) => { if (location.hash !== route) location.hash = route; },
    afterglowInitialTheme: currentTheme(),
    afterglowThemeChanged: (theme) => {
      try {
        localStorage.setItem(kThemeKey, theme);
      } catch {
        // Not remembered, but the page still switches.
      }
      applyPageTheme(theme);
    },
  }).then((module) => {
    engine = module;
    applyHash();
    canvas.focus();
    // After the first frame (the drop zone shows meanwhile); ready once warm.
    afterNextFrame().then(() => {
      warmUp();
      resolveReady();
    });
  }, (error) => {
    // Opened as a file, index.html cannot fetch afterglow.wasm beside it; the standalone page can.
    const hint = location.protocol === 'file:'
      ? ' Open afterglow-standalone.html instead, or serve this folder over http (./scripts/run.sh).'
      : '';
    const reason = String((error && error.message) || error).replace(/\.+$/, '');
    startError = 'Afterglow could not start: ' + reason + '.' + hint;
    showFatal(startError);
    rejectReady(new Error(startError));
  });
})();
