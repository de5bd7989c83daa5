// The page around the wasm module: boots it on the canvas, streams chosen or dropped files into
// it chunk by chunk (drawing frames in between, so the page answers and can cancel), keeps the
// view in the URL hash, and exposes window.afterglow, a read-only hook for tests.
// The page makes no network request of its own: every file is read with File.slice.
'use strict';

(function () {
  // Bytes per File.slice. Large enough that per-chunk overhead is small, small enough that one
  // chunk is parsed within a couple of frames.
  const kChunkBytes = 8 * 1024 * 1024;
  const kDefaultRoute = '#/overview';
  // Work between two drawn frames while loading: long enough that small files and chunks do not
  // each wait for a frame, short enough that the page keeps answering and Cancel is prompt.
  const kWorkSliceMs = 50;

  const canvas = document.getElementById('canvas');
  const fileInput = document.getElementById('open-file');
  const dropOverlay = document.getElementById('drop-overlay');
  const fatal = document.getElementById('fatal');

  let engine = null;   // the wasm module, once it has started
  let loading = false; // one load at a time

  function showFatal(message) {
    fatal.textContent = message;
    fatal.hidden = false;
  }

  // Resolves after the browser has drawn a frame, so the UI shows progress between chunks. The
  // timeout keeps loading going in a background tab, where animation frames stop.
  function afterNextFrame() {
    return new Promise((resolve) => {
      let settled = false;
      const settle = () => {
        if (!settled) {
          settled = true;
          setTimeout(resolve, 0);
        }
      };
      requestAnimationFrame(settle);
      setTimeout(settle, 100);
    });
  }

  // Yields for a frame once kWorkSliceMs of work has run since the last frame.
  let workStartMs = 0;
  async function yieldIfDue() {
    if (performance.now() - workStartMs < kWorkSliceMs) return;
    await afterNextFrame();
    workStartMs = performance.now();
  }

  // Reads the slices of all files in load order, keeping a few reads in flight: reading a local
  // file goes through the browser process and can take far longer than parsing the slice.
  function sliceReader(entries) {
    const kReadsInFlight = 3;
    const pending = [];
    let file = 0;
    let offset = 0;
    const fill = () => {
      while (pending.length < kReadsInFlight && file < entries.length) {
        const blob = entries[file].file;
        if (offset < blob.size) {
          pending.push(blob.slice(offset, Math.min(blob.size, offset + kChunkBytes)).arrayBuffer());
          offset += kChunkBytes;
        } else {
          file += 1;
          offset = 0;
        }
      }
    };
    return {
      // The next slice in order; callers take exactly ceil(size / kChunkBytes) per file.
      next() {
        fill();
        const slice = pending.shift();
        fill();
        return slice;
      },
    };
  }

  // `entries`: [{file: File, name: string}], name being the path the user gave (a file name, or a
  // path inside a dropped folder). Files are fed in name order so the parts of a rolling log
  // arrive in sequence.
  async function load(entries) {
    if (!engine || loading || entries.length === 0) return;
    loading = true;
    entries = entries.slice().sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const totalBytes = entries.reduce((sum, entry) => sum + entry.file.size, 0);
    engine._ag_load_begin(totalBytes, entries.length);
    await afterNextFrame();  // show the loading view before the first chunk
    workStartMs = performance.now();
    const reader = sliceReader(entries);
    try {
      for (const { file, name } of entries) {
        engine.ccall('ag_file_begin', null, ['string', 'number'], [name, file.size]);
        for (let offset = 0; offset < file.size; offset += kChunkBytes) {
          const bytes = new Uint8Array(await reader.next());
          // ag_chunk_buffer may grow the heap, so HEAPU8 is read after it.
          const pointer = engine._ag_chunk_buffer(bytes.length);
          engine.HEAPU8.set(bytes, pointer);
          engine._ag_file_push(bytes.length);
          await yieldIfDue();
          if (engine._ag_cancel_requested()) {
            engine._ag_reset();
            return;
          }
        }
        engine._ag_file_end();
      }
      engine._ag_load_end();
    } catch (error) {
      engine.ccall('ag_load_fail', null, ['string'], [String((error && error.message) || error)]);
    } finally {
      loading = false;
      fileInput.value = '';
    }
  }

  fileInput.addEventListener('change', () => {
    load(Array.from(fileInput.files, (file) => ({ file, name: file.name })));
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
    view: kDefaultRoute, loadMs: 0, bytesRead: 0, heapBytes: 0,
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
    // Resolves once the engine has started; rejects if it cannot start.
    ready,
    state() {
      if (startError) return { ...emptyState, status: 'error', error: startError };
      if (!engine) return { ...emptyState, view: location.hash || kDefaultRoute };
      return JSON.parse(engine.UTF8ToString(engine._ag_state_json()));
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

  // [SECTION] Start-up.

  if (typeof WebGL2RenderingContext === 'undefined') {
    startError = 'Afterglow needs WebGL2, which this browser does not offer.';
    showFatal(startError);
    rejectReady(new Error(startError));
    return;
  }
  createAfterglow({
    canvas,
    afterglowOpenFilePicker: () => { if (!loading) fileInput.click(); },
    afterglowRouteChanged: (route) => { if (location.hash !== route) location.hash = route; },
  }).then((module) => {
    engine = module;
    applyHash();
    canvas.focus();
    resolveReady();
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
