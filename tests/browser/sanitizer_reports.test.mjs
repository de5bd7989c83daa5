// The page under AddressSanitizer reports into the console, where every watched page of these
// tests counts a console error as a failure: checked with a real overflow, so that a browser run
// of the sanitized page (AFTERGLOW_WEB_DIR=build/web-asan) that passes means no report. On the
// shipped page, the planted overflow must not exist.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openWatchedPage, startBrowser, startPage } from './harness.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

test('an overflow in the sanitized page is a console error the watched page records; the shipped page has none to plant', async () => {
  const { context, page, problems } = await openWatchedPage(env);
  try {
    await startPage(env, page);
    const build = await page.evaluate(() => {
      const engine = window.afterglowPage.engine();
      return {
        sanitized: typeof engine.ASAN_OPTIONS === 'string',
        planted: typeof engine._ag_test_heap_overflow === 'function',
      };
    });
    assert.equal(build.planted, build.sanitized, 'the planted overflow exists exactly in the sanitized build');
    if (!build.sanitized) {
      assert.deepEqual(problems, []);
      return;
    }
    // The report aborts the module: the call throws, and the report's lines are console errors.
    await page.evaluate(() => {
      try {
        window.afterglowPage.engine()._ag_test_heap_overflow(0);
      } catch {
        // the abort
      }
    });
    // Console events reach the test after the call returns: give them a few round trips.
    const reported = () => problems.some((line) => line.includes('AddressSanitizer: heap-buffer-overflow'));
    for (let trip = 0; trip < 100 && !reported(); trip += 1) {
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
    }
    assert.ok(reported(), `no ASan report among the page's problems: ${JSON.stringify(problems.slice(0, 5))}`);
  } finally {
    await context.close();
  }
});
