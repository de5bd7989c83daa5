// A JavaScript viewer's ingest, as a baseline: File.stream() -> (DecompressionStream for a
// compressed log, when the browser has the format) -> TextDecoder -> split on '\n' ->
// JSON.parse of every line. Parsed events are counted and dropped; a real viewer would also
// keep them, so this is a lower bound on its time. Sets window.benchResult:
// {ms, bytes (decoded), lines, taskEnds} or {unsupported: why}.
'use strict';

window.benchResult = null;

// The DecompressionStream format for a file name, or null for plain text. Chromium's
// DecompressionStream knows gzip and deflate; zstd only where the browser adds it.
function formatOf(name) {
  if (/\.zstd?$/i.test(name)) return 'zstd';
  if (/\.gz$/i.test(name)) return 'gzip';
  return null;
}

document.getElementById('open-file').addEventListener('change', async (event) => {
  const startMs = performance.now();
  const file = event.target.files[0];
  let stream = file.stream();
  const format = formatOf(file.name);
  if (format) {
    try {
      stream = stream.pipeThrough(new DecompressionStream(format));
    } catch (error) {
      window.benchResult = { unsupported: `DecompressionStream('${format}'): ${error.message}` };
      return;
    }
  }
  const decoder = new TextDecoder();
  const reader = stream.getReader();
  let carry = '';
  let bytes = 0;
  let lines = 0;
  let taskEnds = 0;
  const parseLine = (line) => {
    if (line.length === 0) return;
    const parsed = JSON.parse(line);
    lines += 1;
    if (parsed.Event === 'SparkListenerTaskEnd') taskEnds += 1;
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (!done) bytes += value.byteLength;
    const text = carry + (done ? decoder.decode() : decoder.decode(value, { stream: true }));
    let start = 0;
    for (let newline = text.indexOf('\n'); newline >= 0; newline = text.indexOf('\n', start)) {
      parseLine(text.slice(start, newline));
      start = newline + 1;
    }
    carry = text.slice(start);
    if (done) break;
  }
  parseLine(carry);
  window.benchResult = { ms: performance.now() - startMs, bytes, lines, taskEnds };
});
