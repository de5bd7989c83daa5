// The page's WebGL2 renderer for ImGui (wasm/imgui_webgl_renderer.cc) in headless Chromium: a
// drawn frame reads no GL state back (each read is a synchronous round trip to the GPU process,
// which made ImGui's stock backend the page's main frame cost), and it still draws. Solid fills
// skip the texture fetch (SwiftShader's largest per-pixel cost) and must keep their exact colour.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { decodePng, kCorpus, openLog, openWatchedPage, settle, startBrowser, startPage, state } from './harness.mjs';

const kLog = join(kCorpus, 'spark', 'spark-events', 'local-1422981780767');

// WebGL calls that return GL state or wait for the GPU; none may run in a frame.
const kReadBackCalls = ['getParameter', 'getError', 'isEnabled', 'getShaderParameter',
  'getProgramParameter', 'checkFramebufferStatus', 'getUniformLocation', 'getAttribLocation',
  'getVertexAttrib', 'getBufferParameter', 'getTexParameter', 'getIndexedParameter',
  'getActiveUniform', 'getActiveAttrib', 'readPixels', 'finish'];

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

test('a drawn frame reads no WebGL state back and still issues its draw calls', async () => {
  const { context, page, problems } = await openWatchedPage(env);
  try {
    // Counts calls on every WebGL2 context, from before the page's script runs.
    await context.addInitScript((names) => {
      window.__glCalls = {};
      const proto = WebGL2RenderingContext.prototype;
      for (const name of [...names, 'drawElements', 'bufferSubData']) {
        const original = proto[name];
        proto[name] = function(...args) {
          window.__glCalls[name] = (window.__glCalls[name] || 0) + 1;
          return original.apply(this, args);
        };
      }
    }, kReadBackCalls);
    await startPage(env, page, '#/stages');
    await openLog(page, kLog);
    await settle(page);
    await page.evaluate(() => { window.__glCalls = {}; });
    const framesBefore = (await state(page)).framesDrawn;
    // Mouse moves and a view switch each make the page draw frames.
    for (let i = 0; i < 5; i++) {
      await page.mouse.move(100 + 40 * i, 300 + 20 * i);
      await settle(page);
    }
    await page.evaluate(() => window.afterglow.show('#/jobs'));
    await settle(page);
    await settle(page);
    const framesDrawn = (await state(page)).framesDrawn - framesBefore;
    const calls = await page.evaluate(() => window.__glCalls);
    assert.ok(framesDrawn >= 3, `the page drew frames (${framesDrawn})`);
    assert.ok((calls.drawElements || 0) >= framesDrawn,
              `every frame issued draw calls (${calls.drawElements} for ${framesDrawn} frames)`);
    assert.ok((calls.bufferSubData || 0) >= framesDrawn, 'every frame uploaded its vertices');
    const readBacks = Object.fromEntries(kReadBackCalls.filter((name) => calls[name])
                                           .map((name) => [name, calls[name]]));
    assert.deepEqual(readBacks, {}, `WebGL read-backs in ${framesDrawn} frames`);
  } finally {
    await context.close();
  }
  assert.deepEqual(problems, []);
});

// The light theme's window and header colours (ui/widgets/theme.cc, kLightSurfaces: window, menu_bar) as
// GL writes them to an 8-bit drawing buffer: round(255 x component).
const kLightWindow = [0.955, 0.96, 0.968].map((c) => Math.round(255 * c));
const kLightHeader = [255, 255, 255];

test('the drawing buffer has no depth or stencil, and solid fills keep their exact colours', async () => {
  const { context, page, problems } = await openWatchedPage(env, { colorScheme: 'light' });
  try {
    await startPage(env, page, '#/stages');
    await openLog(page, kLog);
    await settle(page);
    const attributes = await page.evaluate(() =>
      document.getElementById('canvas').getContext('webgl2').getContextAttributes());
    assert.equal(attributes.depth, false, 'ImGui draws without a depth buffer');
    assert.equal(attributes.stencil, false, 'ImGui draws without a stencil buffer');
    const png = decodePng(await page.screenshot());
    const pixel = (x, y) => Array.from(png.pixels.subarray((y * png.width + x) * png.channels,
                                                           (y * png.width + x) * png.channels + 3));
    // The most common colour is the window's background; the header bar is a solid fill too.
    const counts = new Map();
    for (let y = 0; y < png.height; y += 4) {
      for (let x = 0; x < png.width; x += 4) {
        const key = pixel(x, y).join(',');
        counts.set(key, (counts.get(key) || 0) + 1);
      }
    }
    const [commonest] = [...counts].sort((a, b) => b[1] - a[1])[0];
    assert.equal(commonest, kLightWindow.join(','), 'the window background');
    const headerY = 3;  // above the tabs and buttons, inside the header bar
    assert.deepEqual(pixel(png.width / 2, headerY), kLightHeader, 'the header bar');
  } finally {
    await context.close();
  }
  assert.deepEqual(problems, []);
});
