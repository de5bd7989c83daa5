// Developer tool: opens a log in the built page (headless Chromium) and saves a screenshot of each
// route given, with the page's state() printed for each, so a view can be looked at while it is
// being built. Usage:
//   node scripts/screenshot.mjs [--site build/web] [--out test-artifacts/shots] [--theme dark|light]
//                               [--wheel X,Y,DX,DY]... LOG ROUTE...
// --wheel scrolls with the mouse at (X, Y) by (DX, DY) pixels before each screenshot (a table
// below the fold, or its right-hand columns); several are applied in order.
// e.g. node scripts/screenshot.mjs ../shared/corpus/spark/sql-events/local-1596020211915 '#/sql/0'
// Needs scripts/setup.sh (playwright-core in tests/browser) and a wasm build.
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const kRepo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(kRepo, 'tests', 'browser', 'package.json'));
const { chromium } = require('playwright-core');
const { serveFolder } = await import(join(kRepo, 'tests', 'browser', 'static_server.mjs'));

const args = process.argv.slice(2);
let site = join(kRepo, 'build', 'web');
let out = join(kRepo, 'test-artifacts', 'shots');
let theme = null;  // the browser's default scheme unless --theme says
const wheels = [];
while (args[0]?.startsWith('--')) {
  const flag = args.shift();
  if (flag === '--site') site = resolve(args.shift());
  else if (flag === '--out') out = resolve(args.shift());
  else if (flag === '--theme') theme = args.shift();
  else if (flag === '--wheel') wheels.push(args.shift().split(',').map(Number));
  else throw new Error(`unknown flag ${flag}`);
}
const [log, ...routes] = args;
if (!log || routes.length === 0) {
  console.error('usage: node scripts/screenshot.mjs [--site DIR] [--out DIR] [--theme dark|light] ' +
                '[--wheel X,Y,DX,DY]... LOG ROUTE...');
  process.exit(2);
}
mkdirSync(out, { recursive: true });
const server = await serveFolder(site);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
         '--disable-background-networking'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1600, height: 1000 }, ...(theme ? { colorScheme: theme } : {}) });
  page.on('console', (m) => { if (m.type() === 'error') console.error(`console error: ${m.text()}`); });
  page.on('pageerror', (e) => console.error(`uncaught: ${e.message}`));
  await page.goto(server.url);
  await page.waitForFunction(() => window.afterglow !== undefined);
  await page.evaluate(() => window.afterglow.ready);
  await page.setInputFiles('#open-file', resolve(log));
  await page.waitForFunction(() => ['ready', 'error'].includes(window.afterglow.state().status),
                             null, { timeout: 120_000 });
  for (const route of routes) {
    const shown = await page.evaluate((r) => window.afterglow.show(r), route);
    const frames = () => page.evaluate(
      () => new Promise((d) => requestAnimationFrame(() => requestAnimationFrame(d))));
    await frames();
    for (const [x, y, dx, dy] of wheels) {
      await page.mouse.move(x, y);
      await frames();
      await page.mouse.wheel(dx, dy);
      await frames();
      await frames();
    }
    const name = (route.replace(/^#\//, '').replace(/[^A-Za-z0-9]+/g, '-') || 'root') + (theme ? `-${theme}` : '');
    const file = join(out, `${name}.png`);
    await page.screenshot({ path: file });
    const state = await page.evaluate(() => window.afterglow.state());
    console.log(`${route} shown=${shown} -> ${file}\n  view=${state.view} viewState=${JSON.stringify(state.viewState)}`);
  }
} finally {
  await browser.close();
  await server.close();
}
