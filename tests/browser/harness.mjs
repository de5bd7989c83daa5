// What the browser test files share: headless Chromium (Debian's, driven by playwright-core), the
// site served over http, a page that records everything the tests forbid (console errors,
// uncaught exceptions, requests leaving the origin), and the steps every test takes (wait for the
// engine, open a log, let frames settle). page.test.mjs predates this file and keeps its own copy.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { serveFolder } from './static_server.mjs';

export const kRepo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
// AFTERGLOW_WEB_DIR tests a site built elsewhere (e.g. another build tree).
export const kSite = process.env.AFTERGLOW_WEB_DIR || join(kRepo, 'build', 'web');
export const kCli = join(kRepo, 'build', 'native', 'afterglow');
export const kArtifacts = join(kRepo, 'test-artifacts', 'browser');
export const kCorpus = resolve(kRepo, '..', 'shared', 'corpus');
export const kViewport = { width: 1600, height: 1000 };
// How many times longer than usual a test may wait for a load to end. Not a speed check: a limit
// that only stops a test that would hang. The page under AddressSanitizer runs several times
// slower, so its runs set AFTERGLOW_TEST_TIME_SCALE=4 (docs/RELIABILITY.md).
export const kTimeScale = Math.max(1, Number(process.env.AFTERGLOW_TEST_TIME_SCALE) || 1);

// Starts the server and the browser; returns {server, browser, close()}. `serveOptions` go to
// serveFolder (a sub-path prefix, extra headers such as a CSP, a request listener).
export async function startBrowser(serveOptions = {}) {
  assert.ok(existsSync(join(kSite, 'index.html')), `missing ${kSite}/index.html (build with: cmake --build --preset wasm)`);
  mkdirSync(kArtifacts, { recursive: true });
  const server = await serveFolder(kSite, serveOptions);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
           '--disable-background-networking'],
  });
  return {
    server,
    browser,
    origin: new URL(server.url).origin,
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

// How hosting.test.mjs and share.test.mjs serve the site: in a docs site's folder, with the
// Content-Security-Policy header README.md tells hosts to send.
export const kHostedPrefix = '/docs/tools/afterglow/';
export const kCsp = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; " +
  "img-src 'self' data: blob:";

// Records the CSP violations a context's pages report (an init script runs before the page's own);
// cspViolations(page) reads them.
export async function watchCsp(context) {
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations.push(`${event.violatedDirective}: ${event.blockedURI} ` +
                                  `(${event.sourceFile}:${event.lineNumber})`);
    });
  });
}
export const cspViolations = (page) => page.evaluate(() => window.__cspViolations || []);

// A page in a fresh context that records console errors, uncaught exceptions and requests off
// `origin`. `options` go to browser.newContext (viewport, deviceScaleFactor, colorScheme, ...).
export async function openWatchedPage(env, options = {}) {
  const context = await env.browser.newContext({ viewport: kViewport, ...options });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith('data:') && !url.startsWith('blob:') && new URL(url).origin !== env.origin) {
      problems.push(`request left the page's origin: ${url}`);
    }
  });
  return { context, page, problems };
}

// Goes to the site (plus `hash`) and waits until the module has started; fails fast if it cannot.
export async function startPage(env, page, hash = '') {
  await page.goto(env.server.url + hash);
  // The hook is there once the page has loaded (its scripts run before the load event goto waits
  // for); starting the module takes however long a busy machine takes to compile and warm it,
  // and a start that fails rejects `ready`.
  await page.waitForFunction(() => window.afterglow !== undefined);
  const started = await page.evaluate(() => window.afterglow.ready.then(() => 'started', (error) => error.message));
  assert.equal(started, 'started', 'the engine did not start');
}

export const state = (page) => page.evaluate(() => window.afterglow.state());

export async function openLog(page, path) {
  await page.setInputFiles('#open-file', path);
  await page.waitForFunction(() => ['ready', 'error'].includes(window.afterglow.state().status),
                             null, { timeout: 120_000 });
  const loaded = await state(page);
  assert.equal(loaded.status, 'ready', `load failed: ${loaded.error}`);
  return loaded;
}

// Holds the page's file reads at points the test chooses, so that a fault lands at a known step of
// a load however fast or slow the machine runs: the reader worker's messages to the page (its
// chunks, end markers and errors) wait in window.__heldReads until released; with fromEnd, they
// flow until the first end marker (a file read to its end), which waits with all after it; with
// holdOpens, the page's requests that open files wait too (the worker reads nothing until then).
// In the page: __heldReads.release(n) hands on the next n messages, releaseOpens() sends the held
// opens, passAll() ends the holding for every worker, this one and those started later, hold()
// starts it again. Only the reader worker's path is held (a page without workers reads unheld).
// Call before startPage.
export async function holdFileReads(page, { holdOpens = false, fromEnd = false } = {}) {
  await page.addInitScript(([holdOpens, fromEnd]) => {
    if (typeof window.Worker !== 'function') return;
    const gate = {
      held: [], allowance: 0, opens: [], holdOpens, passing: fromEnd, fromEnd, deliveredBytes: 0,
      hold() { this.passing = false; this.allowance = 0; },
      pump() {
        while (this.held.length > 0 && (this.passing || this.allowance > 0)) {
          if (!this.passing) this.allowance -= 1;
          this.held.shift()();
        }
      },
      release(count) { this.allowance += count; this.pump(); },
      releaseOpens() { this.holdOpens = false; for (const open of this.opens.splice(0)) open(); },
      passAll() { this.passing = true; this.fromEnd = false; this.pump(); this.releaseOpens(); },
    };
    window.__heldReads = gate;
    window.Worker = class HeldWorker extends window.Worker {
      set onmessage(handler) {
        super.onmessage = (event) => {
          if (event.data.type === 'ready' || event.data.type === 'pong') {
            handler(event);
            return;
          }
          if (event.data.type === 'end' && gate.fromEnd) {
            gate.fromEnd = false;
            gate.passing = false;
          }
          gate.held.push(() => {
            if (event.data.type === 'chunk') gate.deliveredBytes += event.data.length;
            handler(event);
          });
          gate.pump();
        };
      }
      postMessage(message, transfer) {
        if (message && message.type === 'open' && gate.holdOpens) {
          gate.opens.push(() => super.postMessage(message, transfer));
        } else {
          super.postMessage(message, transfer);
        }
      }
    };
  }, [holdOpens, fromEnd]);
}

// Starts the page's workers without Web Locks, as a browser that refuses them to an opaque origin
// does (Chromium grants them to a file:// page and its blob: workers): each worker first removes
// `locks` from its navigator, then runs the worker's own script (the standalone page's inlined
// copy, since a blob: worker of a file:// page may not import another blob:, or its file).
// Call before holdFileReads.
export async function withoutWorkerLocks(page) {
  await page.addInitScript(() => {
    if (typeof window.Worker !== 'function') return;
    window.Worker = class LocklessWorker extends window.Worker {
      constructor(url, options) {
        const inlined = document.getElementById('afterglow-reader');
        const own = inlined && String(url).startsWith('blob:')
          ? inlined.textContent
          : `importScripts(${JSON.stringify(new URL(url, location.href).href)});`;
        const source = `delete WorkerNavigator.prototype.locks;\n${own}`;
        super(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })), options);
      }
    };
  });
}

// With reads held (holdFileReads), hands the page one message at a time, each pushed into the
// engine before the next, until `predicate` (a function run in the page) holds or the load ends.
export async function releaseReadsUntil(page, predicate) {
  while (!(await page.evaluate(predicate)) && (await page.evaluate(() => window.afterglow.status())) === 'loading') {
    await page.evaluate(() => window.__heldReads.release(1));
    // asDrawn: the state without the mid-load model refresh, which would slow every poll.
    await page.waitForFunction(() => {
      const gate = window.__heldReads;
      return window.afterglow.status() !== 'loading' || (gate.allowance === 0 &&
        window.afterglow.state({ asDrawn: true }).bytesRead >= gate.deliveredBytes);
    }, null, { timeout: 120_000, polling: 20 });
  }
}

// Lets the page draw a couple of frames so a screenshot shows the latest state.
export async function settle(page) {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

// Shows `route` through the test hook (which must accept it) and lets the page draw it.
export async function showRoute(page, route) {
  assert.equal(await page.evaluate((r) => window.afterglow.show(r), route), true, route);
  await settle(page);
  await settle(page);
}

// showRoute, then checks that the page names `named` (the route, unless the page completes it)
// as its view, and returns that view's state.
export async function showView(page, route, named = route) {
  await showRoute(page, route);
  const shown = await state(page);
  assert.equal(shown.view, named);
  return shown.viewState;
}

// Waits until the app has drawn `count` (at most 4) more frames. Animation frames alone are not
// enough: while a log loads the page may skip drawing in some, and an unchanged page draws none,
// so the engine is asked for the frames a changed page draws (wasm/test_exports.cc), however
// long a busy machine takes to draw them.
async function framesDrawnPass(page, count) {
  await page.evaluate((count) => new Promise((done) => {
    const start = window.afterglow.state().framesDrawn;
    window.afterglowPage.engine()._ag_request_redraw();
    const poll = () => {
      if (window.afterglow.state().framesDrawn - start >= count) done();
      else requestAnimationFrame(poll);
    };
    requestAnimationFrame(poll);
  }), count);
}

// Clicks the middle of a widget the page reported in state().anchors (CSS pixels). ImGui samples
// the mouse once per frame, so the button is held until the app has drawn frames with it down: a
// press and release inside one of its frames would be no click at all.
export async function clickAnchor(page, name) {
  const anchors = (await state(page)).anchors;
  assert.ok(anchors[name], `no widget "${name}" drawn; anchors: ${JSON.stringify(anchors)}`);
  const [x, y, w, h] = anchors[name];
  await page.mouse.move(x + w / 2, y + h / 2);
  await settle(page);
  await framesDrawnPass(page, 2);
  await page.mouse.down();
  await settle(page);
  await framesDrawnPass(page, 2);
  await page.mouse.up();
  await settle(page);
  await framesDrawnPass(page, 2);
  await settle(page);
}

// Presses a key held across a few frames (ImGui 1.86 samples keys once per frame).
export async function pressKey(page, key) {
  await page.keyboard.down(key);
  await settle(page);
  await framesDrawnPass(page, 2);
  await page.keyboard.up(key);
  await settle(page);
}

// The log scripts/scale-log writes for --size 128M (build/bench/nds_q66_gpu-128M, 119 MB): made
// once with the native build's scale_log tool (the CLI these tests need comes from the same
// build), then reused.
export function scaledLog128M() {
  const log = join(kRepo, 'build', 'bench', 'nds_q66_gpu-128M');
  if (!existsSync(log)) {
    const tool = join(kRepo, 'build', 'native', 'scale_log');
    assert.ok(existsSync(tool), `no ${tool} to make ${log} (./scripts/build.sh native)`);
    execFileSync(join(kRepo, 'scripts', 'scale-log'), ['--size', '128M', '--no-zstd', '--no-build'],
                 { stdio: ['ignore', 'ignore', 'inherit'] });
  }
  return log;
}

// The CLI's answer for an API path over `log`; fails when the lead's native build is missing.
export function cliApi(log, apiPath) {
  assert.ok(existsSync(kCli), `no CLI at ${kCli} (./scripts/build.sh native)`);
  return execFileSync(kCli, ['api', log, apiPath], { encoding: 'utf8', maxBuffer: 256 << 20 });
}

// Decodes a PNG screenshot (8-bit RGB or RGBA, not interlaced, as Chromium writes them) into
// {width, height, channels, pixels}, so tests can look at colours without a dependency.
export function decodePng(buffer) {
  let offset = 8;
  let width = 0, height = 0, channels = 0;
  const data = [];
  while (offset < buffer.length) {
    const length = buffer.readUInt32BE(offset);
    const type = buffer.toString('latin1', offset + 4, offset + 8);
    const body = buffer.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      assert.equal(body[8], 8, 'an 8-bit PNG');
      assert.equal(body[12], 0, 'a PNG without interlacing');
      channels = { 2: 3, 6: 4 }[body[9]];
      assert.ok(channels, `PNG colour type ${body[9]}`);
    } else if (type === 'IDAT') {
      data.push(body);
    }
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? pixels[y * stride + x - channels] : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + x] : 0;
      const c = x >= channels && y > 0 ? pixels[(y - 1) * stride + x - channels] : 0;
      let predictor = 0;
      if (filter === 1) predictor = a;
      else if (filter === 2) predictor = b;
      else if (filter === 3) predictor = (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
        predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      pixels[y * stride + x] = (line[x] + predictor) & 0xff;
    }
  }
  return { width, height, channels, pixels };
}

// The mean brightness (0-255) and the number of distinct colours of a PNG's region.
export function regionStats(png, x0 = 0, y0 = 0, x1 = png.width, y1 = png.height) {
  let sum = 0, count = 0;
  const colours = new Set();
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * png.width + x) * png.channels;
      const r = png.pixels[i], g = png.pixels[i + 1], b = png.pixels[i + 2];
      sum += (r + g + b) / 3;
      count += 1;
      colours.add((r << 16) | (g << 8) | b);
    }
  }
  return { brightness: sum / count, colours: colours.size };
}
