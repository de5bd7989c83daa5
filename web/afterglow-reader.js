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
//   {type: 'take', stream, bytes}   the page took a chunk of `bytes`: room to read more
//   {type: 'close', stream}         the stream is done or abandoned: stop reading it
// Messages to the page:
//   {type: 'ready'}                                  once, when the worker runs
//   {type: 'chunk', stream, buffer, offset, length}  the next bytes in order (buffer transferred;
//                                                    the chunk is length bytes from offset in it)
//   {type: 'end', stream}                            the range's stream ended (after its chunks)
//   {type: 'error', stream, message}                 a read failed; the stream stops
// A chunk never spans two ranges; its size is whatever the browser's stream gives (64 KB to a few
// MB in Chromium).
'use strict';

const streams = new Map();  // stream id -> its reading state

async function run(stream) {
  try {
    for (const { blob, start, end } of stream.ranges) {
      const reader = blob.slice(start, end).stream().getReader();
      for (;;) {
        // Wait while the page has enough unread; 'take' wakes this.
        while (stream.unreadBytes >= stream.aheadBytes && !stream.closed) {
          await new Promise((wake) => { stream.wake = wake; });
        }
        if (stream.closed) {
          reader.cancel();
          return;
        }
        const { done, value } = await reader.read();
        if (done) {
          // The page checks that the range's bytes all came: Chromium ends the stream of a file
          // cut shorter after it was chosen early, without an error.
          if (!stream.closed) self.postMessage({ type: 'end', stream: stream.id });
          break;
        }
        if (stream.closed) continue;  // cancels on the next turn
        stream.unreadBytes += value.byteLength;
        self.postMessage({ type: 'chunk', stream: stream.id, buffer: value.buffer,
                           offset: value.byteOffset, length: value.byteLength }, [value.buffer]);
      }
    }
  } catch (error) {
    if (stream.closed) return;
    const message = String((error && error.message) || error || 'the file could not be read');
    self.postMessage({ type: 'error', stream: stream.id, message });
  }
  streams.delete(stream.id);
}

self.onmessage = (event) => {
  const message = event.data;
  if (message.type === 'open') {
    const stream = {
      id: message.stream,
      ranges: message.ranges,
      aheadBytes: message.aheadBytes,
      unreadBytes: 0,  // posted and not yet taken by the page
      closed: false,
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

self.postMessage({ type: 'ready' });
