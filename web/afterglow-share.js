// "Save analysis": writes one HTML file holding the viewer and the opened event logs (zstd, in a
// data element; format in wasm/share_bridge.cc), which opens offline at the same view. Also the
// other half: when this page is such a file, it opens the embedded logs on start.
// The engine does the work (ag_share_*); this file feeds it the opened files and the page's own
// HTML, shows the dialog (#share-dialog in index.html) and downloads the result. It reads files
// with File.slice and makes one request only when the user saves from a served page:
// afterglow-standalone.html, beside this script, as the template.
'use strict';

(function () {
  const kChunkBytes = 8 * 1024 * 1024;
  const kWorkSliceMs = 50;  // work between two drawn frames, as in afterglow-page.js
  const kAnalysisId = 'afterglow-analysis';
  const kAnalysisType = 'application/x-afterglow-analysis';

  // This page's own HTML, when it is the single-file page (no afterglow.js beside it): taken now,
  // while the parser is at this script (the last one), so it is the whole page but for what follows
  // (an embedded analysis, which the writer would remove anyway). Scripts before this one changed
  // only <html data-theme>, which is put back.
  const ownHtml = (() => {
    if (document.querySelector('script[src]')) return null;  // the served page fetches the template
    const root = document.documentElement.cloneNode(true);
    root.removeAttribute('data-theme');
    return '<!doctype html>\n' + root.outerHTML;
  })();

  const shell = window.afterglowPage;  // afterglow-page.js: the engine, the last load, load()
  if (!shell || !window.afterglow) return;  // the page could not start: nothing to save or open

  // [SECTION] The save job: the engine's passes over the opened files, then the HTML.

  class Cancelled extends Error {}

  function afterFrame() {
    return new Promise((resolve) => {
      let settled = false;
      const settle = () => { if (!settled) { settled = true; setTimeout(resolve, 0); } };
      requestAnimationFrame(settle);
      setTimeout(settle, 100);  // a background tab draws no frames
    });
  }

  function copyToChunkBuffer(engine, bytes) {
    const pointer = engine._ag_chunk_buffer(bytes.length);
    engine.HEAPU8.set(bytes, pointer);  // after ag_chunk_buffer, which may grow the heap
    return bytes.length;
  }

  // The files the last load read, in the order it read them: [{file, name, codec}]. Zips are
  // refused: their entries, not the zip, are the logs, and the format stores logs.
  function openedFiles() {
    const last = shell.lastLoad();
    if (!last) throw new Error('no logs are open');
    const files = [];
    for (const log of last.plan) {
      for (const part of log.parts) {
        const { file, name } = last.entries[part.file];
        if (!log.multi && /\.zip$/i.test(name)) {
          throw new Error(`${name} is a zip archive; open its logs (unzipped) to save them`);
        }
        files.push({ file, name, codec: log.codec || '' });
      }
    }
    return files;
  }

  async function templateBytes() {
    if (ownHtml !== null) return new TextEncoder().encode(ownHtml);
    // A relative URL: the page's own folder, wherever the site is hosted.
    const response = await fetch('afterglow-standalone.html', { cache: 'no-cache' });
    if (!response.ok) throw new Error(`afterglow-standalone.html: HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }

  // The engine's savedRoute: the view, with a comparison's baseline named (A reopens as A).
  function currentRoute() {
    const shown = window.afterglow.state();
    return shown.savedRoute || shown.view || location.hash || '#/overview';
  }

  // Runs the save job. `onProgress(doneBytes, totalBytes)`; `isCancelled()` is polled between
  // chunks. Resolves to {html: Uint8Array, summary}; rejects with the engine's message.
  async function runSave({ redact, onProgress = () => {}, isCancelled = () => false }) {
    const engine = shell.engine();
    if (!engine) throw new Error('the engine has not started');
    if (shell.busy()) throw new Error('a load is running');
    if (typeof engine._ag_share_begin !== 'function') throw new Error('this build cannot save analyses');
    const files = openedFiles();
    const template = await templateBytes();
    const passes = redact ? [0, 1] : [1];
    const total = files.reduce((sum, entry) => sum + entry.file.size, 0) * passes.length;
    const check = (result, what) => {
      if (result !== 0) {
        const message = engine.UTF8ToString(engine._ag_share_error());
        throw new Error(message || `${what} failed`);
      }
    };
    let done = 0;
    let sliceStart = performance.now();
    try {
      check(engine.ccall('ag_share_begin', 'number', ['number', 'string'], [redact ? 1 : 0, currentRoute()]),
            'starting the save');
      for (const pass of passes) {
        for (const { file, name, codec } of files) {
          engine.ccall('ag_share_file_begin', null, ['string', 'number', 'string', 'number'],
                       [name, file.size, codec, pass]);
          for (let offset = 0; offset < file.size; offset += kChunkBytes) {
            const slice = new Uint8Array(await file.slice(offset, offset + kChunkBytes).arrayBuffer());
            check(engine._ag_share_push(copyToChunkBuffer(engine, slice)), `reading ${name}`);
            done += slice.length;
            onProgress(done, total);
            if (performance.now() - sliceStart >= kWorkSliceMs) {
              await afterFrame();
              sliceStart = performance.now();
            }
            if (isCancelled()) throw new Cancelled('cancelled');
          }
          check(engine._ag_share_file_end(), `reading ${name}`);
        }
      }
      check(engine._ag_share_template(copyToChunkBuffer(engine, template)), 'the page template');
      check(engine._ag_share_finish(), 'writing the page');
      const pointer = engine._ag_share_output() >>> 0;
      const size = engine._ag_share_output_size();
      const html = engine.HEAPU8.slice(pointer, pointer + size);
      const summary = JSON.parse(engine.UTF8ToString(engine._ag_share_summary()));
      return { html, summary };
    } finally {
      engine._ag_share_end();
    }
  }

  // "analysis-<appId>.html", with only file-name-safe characters.
  function downloadName() {
    const app = window.afterglow.state().app;
    const id = app && app.id ? app.id.replace(/[^A-Za-z0-9._-]+/g, '_') : 'spark';
    return `analysis-${id}.html`;
  }

  function download(html, name) {
    const url = URL.createObjectURL(new Blob([html], { type: 'text/html' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    // The download has started by the next task; a minute is ample for slow disks.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }

  // [SECTION] The dialog.

  const dialog = document.getElementById('share-dialog');
  const ui = dialog && {
    redact: document.getElementById('share-redact'),
    files: document.getElementById('share-files'),
    route: document.getElementById('share-route'),
    progress: document.getElementById('share-progress'),
    status: document.getElementById('share-status'),
    prepare: document.getElementById('share-prepare'),
    save: document.getElementById('share-save'),
    close: document.getElementById('share-close'),
  };
  let job = null;       // the running save: {cancelled}
  let prepared = null;  // {html, name} once prepared, until the options change or the dialog closes

  function formatBytes(bytes) {
    const units = ['B', 'KB', 'MB', 'GB'];
    let value = bytes;
    let unit = 0;
    while (value >= 1024 && unit < units.length - 1) {
      value /= 1024;
      unit += 1;
    }
    return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
  }

  function setStatus(text, isError = false) {
    ui.status.textContent = text;
    ui.status.classList.toggle('share-error', isError);
  }

  function resetPrepared() {
    prepared = null;
    ui.save.hidden = true;
    ui.prepare.hidden = false;
    ui.progress.hidden = true;
    setStatus('');
  }

  // Lists the files and the route the saved page will hold.
  function fillDialog() {
    resetPrepared();
    ui.route.textContent = currentRoute();
    ui.files.replaceChildren();
    let files = [];
    try {
      files = openedFiles();
    } catch (error) {
      setStatus(error.message, true);
      ui.prepare.disabled = true;
      return;
    }
    ui.prepare.disabled = false;
    for (const { file, name } of files) {
      const row = ui.files.insertRow();
      row.insertCell().textContent = name;
      const size = row.insertCell();
      size.textContent = formatBytes(file.size);
      size.className = 'share-size';
    }
  }

  function openDialog() {
    if (!dialog || dialog.open || !shell.lastLoad() || shell.busy()) return;
    fillDialog();
    dialog.showModal();
    ui.prepare.focus();
  }

  async function prepare() {
    if (job) return;
    job = { cancelled: false };
    const current = job;
    ui.prepare.disabled = true;
    ui.redact.disabled = true;
    ui.progress.hidden = false;
    ui.progress.value = 0;
    setStatus('Preparing\u2026');
    try {
      const { html, summary } = await runSave({
        redact: ui.redact.checked,
        onProgress: (done, total) => { ui.progress.value = total > 0 ? done / total : 1; },
        isCancelled: () => current.cancelled,
      });
      prepared = { html, name: downloadName() };
      const replaced = summary.redacted && summary.replaced
        ? Object.entries(summary.replaced).filter(([, count]) => count > 0)
          .map(([what, count]) => `${count} ${what}`).join(', ')
        : '';
      setStatus(`${prepared.name}: ${formatBytes(html.length)}` +
                (summary.redacted ? `; redacted ${replaced || 'nothing (none found)'}` : '; not redacted'));
      ui.prepare.hidden = true;
      ui.save.hidden = false;
      ui.save.focus();
    } catch (error) {
      setStatus(error instanceof Cancelled ? 'Cancelled.' : `Could not prepare: ${error.message}`,
                !(error instanceof Cancelled));
    } finally {
      ui.progress.hidden = true;
      ui.prepare.disabled = false;
      ui.redact.disabled = false;
      job = null;
    }
  }

  if (dialog) {
    ui.prepare.addEventListener('click', prepare);
    ui.save.addEventListener('click', () => {
      if (prepared) download(prepared.html, prepared.name);
      dialog.close();
    });
    ui.close.addEventListener('click', () => dialog.close());
    ui.redact.addEventListener('change', resetPrepared);
    // Esc and Close both end here: a running job stops at its next chunk.
    dialog.addEventListener('close', () => {
      if (job) job.cancelled = true;
      prepared = null;
      const canvas = document.getElementById('canvas');
      if (canvas) canvas.focus();
    });
  }
  shell.onSaveRequested = openDialog;

  // For tests and scripts: the same job as the dialog's. Resolves to the HTML's bytes.
  window.afterglow.save = async ({ redact = false } = {}) => (await runSave({ redact })).html;

  // [SECTION] Start-up from an embedded analysis: open its logs as dropped files, then its view.

  function base64Bytes(text) {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  }

  let analysis = null;  // what state() reports: {redacted, files: [{name, bytes}]}

  async function openEmbeddedAnalysis() {
    const element = document.getElementById(kAnalysisId);
    if (!element || element.type !== kAnalysisType) return;
    let saved;
    try {
      saved = JSON.parse(element.textContent);
    } catch (error) {
      console.warn('afterglow: the embedded analysis is not valid JSON', error);
      return;
    }
    const files = Array.isArray(saved.files) ? saved.files : [];
    analysis = {
      redacted: saved.redacted === true,
      route: saved.route || '',
      files: files.map((entry) => ({ name: entry.name, bytes: entry.bytes })),
    };
    // A link into the saved page (#/stages/3/0) wins over the route it was saved at. Only the
    // hash the page was opened with counts: once the engine runs, it writes its own route into
    // the URL (the overview, before these logs are in), which is not the user's link.
    const linked = shell.openedHash();
    if (!linked && saved.route) history.replaceState(null, '', saved.route);
    try {
      await window.afterglow.ready;
    } catch {
      return;  // the page shows why it could not start
    }
    const engine = shell.engine();
    if (engine && typeof engine._ag_set_saved_analysis === 'function') {
      engine.ccall('ag_set_saved_analysis', null, ['number', 'string'],
                   [analysis.redacted ? 1 : 0, typeof saved.savedAt === 'string' ? saved.savedAt : '']);
    }
    const entries = files.map((entry) => ({
      file: new File([base64Bytes(entry.data)], entry.name.split('/').pop()),
      name: entry.name,
    }));
    await shell.load(entries);
    window.afterglow.show(linked || saved.route || '#/overview');
  }

  const baseState = window.afterglow.state;
  window.afterglow.state = function () {
    const result = baseState.call(window.afterglow);
    if (analysis) result.analysis = analysis;
    return result;
  };

  // The analysis element follows this script: it is parsed by DOMContentLoaded.
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', openEmbeddedAnalysis, { once: true });
  } else {
    openEmbeddedAnalysis();
  }
})();
