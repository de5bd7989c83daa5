// The file reader: a Worker that streams byte ranges of the chosen files and hands each chunk to
// the page (transferred, not copied), so that reading runs beside the engine instead of taking
// turns with it on the page's thread. Measured on the 1 GB log in headless Chromium (2 cores):
// File.slice(...).arrayBuffer() reads of 2 MB reach 110-130 MB/s on any thread, Blob.stream()
// 200-280 MB/s; and a read on the page's thread completes there, between the engine's pushes.
// The engine stays on the page's thread, so the page needs no cross-origin isolation.
//
// web/afterglow-page.js starts it (from this file, or from the copy inlined in the standalone
// page) and reads on its own thread where a worker cannot start.
//
// Messages from the page:
//   {type: 'open', stream, ranges: [{blob, start, end}], aheadBytes}
//       stream the ranges in order, keeping at most about aheadBytes posted but not yet taken
//   {type: 'take', stream, bytes, buffer}
//                                   the page is done with a chunk of `bytes`: room to read more.
//                                   `buffer`, where the chunk said `recycle`, is its buffer given
//                                   back (transferred) to read into again
//   {type: 'close', stream}         the stream is done or abandoned: stop reading it
//   {type: 'skip', stream, range}   the engine stopped reading the file of range number `range`
//                                   (from 0): read no more of it; its end comes next, unless
//                                   that range was read already
//   {type: 'ping'}                  is the worker there? (asked only where it holds no lock)
// Messages to the page:
//   {type: 'ready', lock}                            once, when the worker runs; lock names the
//                                                    Web Lock it holds for as long as it lives
//                                                    (null where the browser has no locks)
//   {type: 'chunk', stream, buffer, offset, length, recycle}
//                                                    the next bytes in order (buffer transferred;
//                                                    the chunk is length bytes from offset in it;
//                                                    recycle: give the buffer back with 'take')
//   {type: 'end', stream}                            the range's stream ended (after its chunks)
//   {type: 'error', stream, message}                 a read failed; the stream stops
//   {type: 'pong'}                                   the answer to a ping, at once
// A chunk never spans two ranges. Where the browser's file streams take a buffer to read into (a
// "byob" reader), each chunk fills a kReadBufferBytes buffer (the range's last may be shorter),
// and the buffers go round between the worker and the page: reading 1 GB into buffers that come
// back cost Chromium 0.3-0.4 s less CPU than into a new buffer per chunk (about 100 KB each, every
// one fresh memory the kernel must zero), and on two cores the page's load is short of CPU, not of
// disk (docs/PERFORMANCE.md). Elsewhere a chunk is whatever the stream gives (64 KB to a few MB in
// Chromium), in a buffer of its own.
'use strict';

const kReadBufferBytes = 1 << 20;
// Buffers given back by the page, at most what is read ahead and a few more.
const freeBuffers = [];
const kMaxFreeBuffers = 16;
const streams = new Map();  // stream id -> its reading state

// What a failed read tells the user. Chromium fails the read of a chosen file that changed on
// disk, moved or lost its permission since it was chosen, and in a worker says only "network
// error" (NotReadableError on the page's thread): the likely reasons are named with it.
function readFailure(error) {
  const cause = String((error && error.message) || error || 'the read failed').replace(/\.$/, '');
  return `the browser could not read the file (${cause}); it may have changed on disk, moved or ` +
         'lost its permission since it was chosen';
}

// The stream of one range: {next(): a chunk {buffer, offset, length, recycle} or null at its end,
// cancel()}. With a "byob" reader each chunk is a whole buffer, filled by as many reads as it
// takes.
function rangeReader(blob, start, end) {
  const source = blob.slice(start, end).stream();
  let byob = null;
  try {
    byob = source.getReader({ mode: 'byob' });
  } catch {
    byob = null;  // no byte streams for files in this browser
  }
  if (!byob) {
    const reader = source.getReader();
    return {
      async next() {
        const { done, value } = await reader.read();
        if (done) return null;
        return { buffer: value.buffer, offset: value.byteOffset, length: value.byteLength, recycle: false };
      },
      cancel() { reader.cancel().catch(() => {}); },
    };
  }
  let ended = false;
  return {
    async next() {
      if (ended) return null;
      let buffer = freeBuffers.pop() || new ArrayBuffer(kReadBufferBytes);
      let filled = 0;
      while (filled < buffer.byteLength) {
        const { done, value } = await byob.read(new Uint8Array(buffer, filled, buffer.byteLength - filled));
        if (!value) return null;  // cancelled
        buffer = value.buffer;  // the read transferred it
        filled += value.byteLength;
        if (done) {
          ended = true;
          break;
        }
      }
      if (filled === 0) {
        freeBuffers.push(buffer);
        return null;
      }
      return { buffer, offset: 0, length: filled, recycle: true };
    },
    cancel() { byob.cancel().catch(() => {}); },
  };
}

async function run(stream) {
  try {
    for (let range = 0; range < stream.ranges.length; range++) {
      const { blob, start, end } = stream.ranges[range];
      const reader = rangeReader(blob, start, end);
      for (;;) {
        // Wait while the page has enough unread; 'take' wakes this.
        while (stream.unreadBytes >= stream.aheadBytes && !stream.closed && stream.skipRange !== range) {
          await new Promise((wake) => { stream.wake = wake; });
        }
        if (stream.closed) {
          reader.cancel();
          return;
        }
        if (stream.skipRange === range) {
          reader.cancel();
          self.postMessage({ type: 'end', stream: stream.id });
          break;
        }
        const chunk = await reader.next();
        if (chunk === null) {
          // The page checks that the range's bytes all came: Chromium ends the stream of a file
          // cut shorter after it was chosen early, without an error.
          if (!stream.closed) self.postMessage({ type: 'end', stream: stream.id });
          break;
        }
        if (stream.closed) continue;  // cancels on the next turn
        stream.unreadBytes += chunk.length;
        self.postMessage({ type: 'chunk', stream: stream.id, ...chunk }, [chunk.buffer]);
      }
    }
  } catch (error) {
    if (stream.closed) return;
    self.postMessage({ type: 'error', stream: stream.id, message: readFailure(error) });
  }
  streams.delete(stream.id);
}

self.onmessage = (event) => {
  const message = event.data;
  if (message.type === 'ping') {
    self.postMessage({ type: 'pong' });
    return;
  }
  if (message.type === 'open') {
    const stream = {
      id: message.stream,
      ranges: message.ranges,
      aheadBytes: message.aheadBytes,
      unreadBytes: 0,  // posted and not yet taken by the page
      closed: false,
      skipRange: -1,   // the range the page asked to skip
      wake: null,      // resolves the wait for room, if the stream waits
    };
    streams.set(stream.id, stream);
    run(stream);
    return;
  }
  const stream = streams.get(message.stream);
  if (!stream) return;
  if (message.type === 'take') {
    stream.unreadBytes -= message.bytes;
    const buffer = message.buffer;
    if (buffer && buffer.byteLength === kReadBufferBytes && freeBuffers.length < kMaxFreeBuffers) {
      freeBuffers.push(buffer);
    }
  } else if (message.type === 'skip') {
    stream.skipRange = message.range;
  } else if (message.type === 'close') {
    stream.closed = true;
    streams.delete(stream.id);
  }
  if (stream.wake) {
    const wake = stream.wake;
    stream.wake = null;
    wake();
  }
};

// A worker that ends without an error (closed, terminated, stopped by the browser) posts nothing
// more, and a page waiting for its next chunk would wait forever. So the worker holds a lock
// named for it from its start until it ends, when the browser releases it: the page asks for the
// same lock, and is granted it exactly when the worker has gone. Locks are per origin, so the name
// is drawn at random, not shared by two tabs' workers.
function announceReady() {
  const lock = `afterglow-reader-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const locks = self.navigator && self.navigator.locks;
  if (!locks) {
    self.postMessage({ type: 'ready', lock: null });
    return;
  }
  let granted = false;
  locks.request(lock, () => {
    granted = true;
    self.postMessage({ type: 'ready', lock });
    return new Promise(() => {});  // held until the worker ends
  }).catch(() => {
    // Refused (an opaque origin such as file://): the page is told the worker's errors only.
    if (!granted) self.postMessage({ type: 'ready', lock: null });
  });
}
announceReady();
