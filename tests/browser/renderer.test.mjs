// The page's WebGL2 renderer for ImGui (wasm/imgui_webgl_renderer.cc) in headless Chromium: a
// drawn frame reads no GL state back (each read is a synchronous round trip to the GPU process,
// which made ImGui's stock backend the page's main frame cost), and it still draws.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { kCorpus, openLog, openWatchedPage, settle, startBrowser, startPage, state } from './harness.mjs';

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
