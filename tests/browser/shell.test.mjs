// The page's shell in headless Chromium: themes (system default, the header toggle, remembered
// across reloads), the clipboard behind every "Copy TSV", '/' and Esc in a search box, fonts at
// devicePixelRatio 2 and when it changes, a lost and restored WebGL context, a resized window,
// and idle frames that allocate nothing.
// Screenshots go to test-artifacts/browser/shell-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  clickAnchor, cliApi, decodePng, kArtifacts, kCorpus, openLog, openWatchedPage, pressKey, regionStats,
  settle, startBrowser, startPage, state,
} from './harness.mjs';

const kLog = join(kCorpus, 'spark', 'spark-events', 'local-1422981780767');
const kSqlLog = join(kCorpus, 'spark', 'sql-events', 'local-1596020211915');
const kSqlAppId = 'local-1596020211915';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

// Runs `body(page)` on a fresh watched page and fails on any console error, uncaught exception or
// request off the origin.
async function withPage(options, body) {
  const { context, page, problems } = await openWatchedPage(env, options);
  try {
    await body(page, context);
  } finally {
    await context.close();
  }
  assert.deepEqual(problems, []);
}

async function screenshotStats(page, name) {
  const png = decodePng(await page.screenshot({ path: join(kArtifacts, `shell-${name}.png`) }));
  return { png, ...regionStats(png) };
}

test('the theme follows the system, the header toggle switches it, and the choice is remembered', async () => {
  await withPage({ colorScheme: 'light' }, async (page) => {
    await startPage(env, page);
    await openLog(page, kLog);
    await settle(page);
    assert.equal((await state(page)).theme, 'light', 'a light system gives the light theme');
    const light = await screenshotStats(page, 'theme-light');
    assert.ok(light.brightness > 170, `light theme brightness ${light.brightness}`);

    await clickAnchor(page, 'themeToggle');
    assert.equal((await state(page)).theme, 'dark');
    assert.equal(await page.evaluate(() => localStorage.getItem('afterglow.theme')), 'dark');
    const dark = await screenshotStats(page, 'theme-dark');
    assert.ok(dark.brightness < 80, `dark theme brightness ${dark.brightness}`);

    // The user's choice wins over the system's on the next visit.
    await page.reload();
    await startPage(env, page);
    assert.equal((await state(page)).theme, 'dark', 'the choice survives a reload');
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
  });
  await withPage({ colorScheme: 'dark' }, async (page) => {
    await startPage(env, page);
    assert.equal((await state(page)).theme, 'dark', 'a dark system gives the dark theme');
  });
});

test('Copy TSV puts the whole table on the browser clipboard', async () => {
  await withPage({ permissions: ['clipboard-read', 'clipboard-write'] }, async (page) => {
    await startPage(env, page);
    await openLog(page, kSqlLog);
    // The first list view that offers Copy TSV, with the API list its rows come from.
    const candidates = [['#/stages', '/stages'], ['#/jobs', '/jobs'], ['#/sql', '/sql']];
    let copied = null;
    for (const [route, apiPath] of candidates) {
      if (!(await page.evaluate((r) => window.afterglow.show(r), route))) continue;
      await settle(page);
      if (!(await state(page)).anchors.copyTsv) continue;
      await page.evaluate(() => navigator.clipboard.writeText('nothing copied yet'));
      await clickAnchor(page, 'copyTsv');
      await page.waitForFunction(() => navigator.clipboard.readText().then((t) => t !== 'nothing copied yet'),
                                 null, { timeout: 60_000 });
      copied = { route, apiPath, text: await page.evaluate(() => navigator.clipboard.readText()) };
      break;
    }
    assert.ok(copied, 'a list view offers Copy TSV');
    const lines = copied.text.replace(/\n$/, '').split('\n');
    const expected = JSON.parse(cliApi(kSqlLog, `/api/v1/applications/${kSqlAppId}${copied.apiPath}`)).length;
    assert.equal(lines.length, expected + 1, `${copied.route}: a header line and one line per row`);
    assert.ok(lines[0].includes('\t'), 'tab-separated columns');
    const columns = lines[0].split('\t').length;
    for (const line of lines) assert.equal(line.split('\t').length, columns, `every row has ${columns} columns`);
  });
});

test('"/" focuses the search box without typing itself, and Esc leaves it keeping the text', async () => {
  await withPage({}, async (page) => {
    await startPage(env, page);
    await openLog(page, kSqlLog);
    let route = null;
    for (const candidate of ['#/stages', '#/sql', '#/jobs']) {
      if (!(await page.evaluate((r) => window.afterglow.show(r), candidate))) continue;
      await settle(page);
      if ((await state(page)).anchors.search) {
        route = candidate;
        break;
      }
    }
    assert.ok(route, 'a list view has a search box');
    await page.mouse.move(5, 500);  // away from every widget
    assert.equal((await state(page)).typing, false);
    await page.keyboard.press('/');
    await settle(page);
    await settle(page);
    assert.equal((await state(page)).typing, true, '"/" gives the search box the keyboard');
    await page.keyboard.type('zz');
    await settle(page);
    await settle(page);
    assert.equal((await state(page)).anchorTexts.search, 'zz', 'the "/" itself is not typed');
    await pressKey(page, 'Escape');
    await settle(page);
    const after = await state(page);
    assert.equal(after.typing, false, 'Esc leaves the box');
    assert.equal(after.anchorTexts.search, 'zz', 'Esc keeps the filter');
    assert.equal(after.view, route);
  });
});

test('fonts are rasterised for devicePixelRatio 2, and again when the ratio changes', async () => {
  await withPage({ deviceScaleFactor: 2 }, async (page, context) => {
    await startPage(env, page, '#/jobs');
    await openLog(page, kLog);
    await settle(page);
    const at2 = await state(page);
    const canvas2 = await page.evaluate(() => document.getElementById('canvas').width);
    assert.equal(canvas2, 1600 * 2, 'the backing store is in device pixels');
    assert.equal(at2.fontPixels, 15 * 2, 'the body font is rasterised at 2x');
    await page.screenshot({ path: join(kArtifacts, 'shell-dpr2.png') });

    // The browser's zoom or a move to another screen changes the ratio on a live page.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setDeviceMetricsOverride',
                   { width: 1600, height: 1000, deviceScaleFactor: 1, mobile: false });
    await page.mouse.move(10, 600);
    await page.waitForFunction(() => window.afterglow.state().fontPixels === 15, null, { timeout: 60_000 });
    assert.equal(await page.evaluate(() => document.getElementById('canvas').width), 1600);
    await settle(page);
    const stats = await screenshotStats(page, 'dpr-changed');
    assert.ok(stats.colours > 20, 'the page still draws after the atlas is rebuilt');
  });
});

test('the page survives a lost WebGL context and draws again once it is restored', async () => {
  await withPage({}, async (page) => {
    await startPage(env, page, '#/jobs');
    await openLog(page, kLog);
    await settle(page);
    const before = await screenshotStats(page, 'context-before');
    await page.evaluate(() => {
      window.loseContextExtension = document.getElementById('canvas').getContext('webgl2')
        .getExtension('WEBGL_lose_context');
      window.loseContextExtension.loseContext();
    });
    await page.waitForFunction(() => window.afterglow.state().contextLost === true);
    await page.evaluate(() => window.loseContextExtension.restoreContext());
    await page.waitForFunction(() => window.afterglow.state().contextLost === false);
    const framesAtRestore = (await state(page)).framesDrawn;
    await page.mouse.move(20, 600);
    await page.mouse.move(30, 610);
    await page.waitForFunction((n) => window.afterglow.state().framesDrawn > n + 1, framesAtRestore);
    await settle(page);
    const after = await screenshotStats(page, 'context-restored');
    assert.ok(after.colours > 20, `the UI is drawn again (${after.colours} colours)`);
    assert.ok(Math.abs(after.brightness - before.brightness) < 10,
              `the restored page looks like before (${before.brightness} vs ${after.brightness})`);
    // Still interactive: a view switch draws the new view.
    await page.evaluate(() => window.afterglow.show('#/overview'));
    await settle(page);
    assert.equal((await state(page)).view, '#/overview');
  });
});

test('a resized window: the canvas follows and the whole header stays on screen', async () => {
  await withPage({}, async (page) => {
    await startPage(env, page, '#/jobs');
    await openLog(page, kLog);
    for (const size of [{ width: 1024, height: 640 }, { width: 1920, height: 1080 }, { width: 1600, height: 1000 }]) {
      await page.setViewportSize(size);
      await page.waitForFunction((w) => document.getElementById('canvas').width === w, size.width);
      await page.mouse.move(10, size.height - 10);
      await settle(page);
      await settle(page);
      const shown = await state(page);
      const [x, , w] = shown.anchors.openLogs;
      assert.ok(x + w <= size.width, `"Open logs" is inside ${size.width} px (ends at ${x + w})`);
      assert.equal(await page.evaluate(() => document.getElementById('canvas').height), size.height);
      const stats = await screenshotStats(page, `resized-${size.width}x${size.height}`);
      // The right edge of the header holds the Open button: drawn, not blank.
      const edge = regionStats(stats.png, size.width - 120, 0, size.width, 40);
      assert.ok(edge.colours > 3, 'the header reaches the right edge');
    }
  });
});

test('idle frames allocate nothing: 300 idle frames and 60 unchanged redraws keep the heap', async () => {
  await withPage({}, async (page) => {
    await startPage(env, page, '#/jobs');
    await openLog(page, kLog);
    await page.mouse.move(30, 900);
    for (let i = 0; i < 10; i++) await settle(page);  // warm up: tables size their columns
    const frames = (n) => page.evaluate((count) => new Promise((done) => {
      let left = count;
      const tick = () => (--left > 0 ? requestAnimationFrame(tick) : done());
      requestAnimationFrame(tick);
    }), n);

    const start = await state(page);
    await frames(300);
    const idle = await state(page);
    assert.equal(idle.framesDrawn, start.framesDrawn, 'an unchanged page draws nothing');
    assert.equal(idle.heapBytes, start.heapBytes);
    assert.equal(idle.heapUsedBytes, start.heapUsedBytes);

    // Redraws with nothing changed (the mouse twitching between two empty spots).
    for (let i = 0; i < 20; i++) {
      await page.mouse.move(30 + (i % 2), 900);
      await settle(page);
    }
    const warm = await state(page);
    for (let i = 0; i < 60; i++) {
      await page.mouse.move(30 + (i % 2), 900);
      await frames(1);
    }
    const redrawn = await state(page);
    assert.ok(redrawn.framesDrawn - warm.framesDrawn >= 50,
              `${redrawn.framesDrawn - warm.framesDrawn} frames drawn`);
    assert.equal(redrawn.imguiAllocations, warm.imguiAllocations, 'ImGui allocated while redrawing');
    assert.equal(redrawn.heapUsedBytes, warm.heapUsedBytes, 'the heap in use grew while redrawing');
    assert.equal(redrawn.heapBytes, warm.heapBytes);
  });
});
