// Every route of the page, for two logs: the SQL-heavy spark/sql-events/local-1596020211915 and
// rapids-tools/profiling/rp_sql_eventlog.zstd (a zstd GPU log with a SQL query and 9 executors,
// which no other browser test opens). For each route: the view is accepted, state().view names
// it, viewState describes it, the numbers viewState shares with the REST API equal the CLI's
// answers, and a 1600x1000 screenshot goes to test-artifacts/browser/<log>-<route>-<theme>.png.
// Then the system theme flips (the page follows it) and a representative few routes (the overview,
// a stage, a SQL plan graph, the timeline: tables, summaries, graphs and timelines) are shown and
// photographed again in the other theme, on the same page load. Each log starts in a different
// theme, so every view is seen in one theme and those few in both.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  cliApi, decodePng, kArtifacts, kCorpus, openLog, openWatchedPage, regionStats, settle, startBrowser,
  startPage, state,
} from './harness.mjs';

// One log in each theme, so the screenshots show both.
const kLogs = [
  { name: 'local-1596020211915', path: join(kCorpus, 'spark', 'sql-events', 'local-1596020211915'),
    colorScheme: 'dark' },
  { name: 'rp_sql_eventlog', path: join(kCorpus, 'rapids-tools', 'profiling', 'rp_sql_eventlog.zstd'),
    colorScheme: 'light' },
];

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

// The routes to visit, with entity ids taken from the CLI's API answers, and the API length each
// list view's viewState.rows must equal (several paths: any of them may be what the view lists).
function routesFor(log, appId) {
  const api = (path) => JSON.parse(cliApi(log, `/api/v1/applications/${appId}${path}`));
  const jobs = api('/jobs');
  const stages = api('/stages');
  const executors = api('/executors');
  const allExecutors = api('/allexecutors');
  // The History Server pages /sql (20 executions unless asked for more); the view lists them all.
  const sql = api('/sql?offset=0&length=1000000');
  assert.ok(jobs.length > 0 && stages.length > 0 && sql.length > 0, `${log} has jobs, stages and SQL`);
  return [
    { route: '#/overview', bothThemes: true },
    { route: '#/jobs', rows: [jobs.length] },
    { route: `#/jobs/${jobs[0].jobId}`, id: jobs[0].jobId },
    { route: '#/stages', rows: [stages.length] },
    { route: `#/stages/${stages[0].stageId}/${stages[0].attemptId}`, id: stages[0].stageId, bothThemes: true },
    { route: '#/executors', rows: [allExecutors.length, executors.length] },
    { route: '#/sql', rows: [sql.length] },
    { route: `#/sql/${sql[0].id}`, id: sql[0].id, bothThemes: true },
    { route: '#/environment' },
    { route: '#/storage' },
    { route: '#/timeline', bothThemes: true },
  ];
}

function screenshotName(logName, route, theme) {
  return `${logName}-${route.replace(/^#\//, '').replace(/[^A-Za-z0-9]+/g, '-')}-${theme}.png`;
}

// Saves the screenshot; returns its mean brightness (0-255), so the two themes can be compared.
async function screenshotBrightness(page, name) {
  return regionStats(decodePng(await page.screenshot({ path: join(kArtifacts, name) }))).brightness;
}

// True when viewState holds at least one number (directly or one level down).
function hasNumbers(viewState) {
  return Object.values(viewState).some((value) => typeof value === 'number' ||
    (value && typeof value === 'object' && Object.values(value).some((inner) => typeof inner === 'number')));
}

for (const log of kLogs) {
  test(`every route of ${log.name} shows its view with the API's numbers`, async (t) => {
    const { context, page, problems } = await openWatchedPage(env, { colorScheme: log.colorScheme });
    const missing = [];
    try {
      await startPage(env, page);
      const loaded = await openLog(page, log.path);
      assert.equal(loaded.theme, log.colorScheme, 'the theme follows the system');
      const appId = loaded.app.id;
      const routes = routesFor(log.path, appId);
      const brightness = {};  // route -> mean brightness of its screenshot in the first theme
      for (const { route, rows, id } of routes) {
        const accepted = await page.evaluate((r) => window.afterglow.show(r), route);
        if (!accepted) {
          missing.push(route);
          continue;
        }
        await settle(page);
        const shown = await state(page);
        assert.equal(shown.view, route, `${route}: state().view`);
        // The first route is the page's default, which it shows without writing it into the URL.
        if (route !== '#/overview') {
          assert.equal(new URL(page.url()).hash, route, `${route}: the URL follows the route`);
        }
        const viewState = shown.viewState;
        assert.ok(viewState && typeof viewState === 'object' && !Array.isArray(viewState),
                  `${route}: viewState is an object: ${JSON.stringify(viewState)}`);
        assert.ok(hasNumbers(viewState), `${route}: viewState has the view's numbers: ${JSON.stringify(viewState)}`);
        if (rows) {
          assert.equal(typeof viewState.rows, 'number', `${route}: viewState.rows: ${JSON.stringify(viewState)}`);
          assert.ok(rows.includes(viewState.rows),
                    `${route}: ${viewState.rows} rows, the API lists ${rows.join(' or ')}`);
        }
        if (id !== undefined) {
          // A detail view names the entity it shows under some id key; it must be the route's.
          const ids = ['jobId', 'stageId', 'executionId', 'id'].filter((key) => key in viewState);
          for (const key of ids) assert.equal(viewState[key], id, `${route}: viewState.${key}`);
        }
        brightness[route] = await screenshotBrightness(page, screenshotName(log.name, route, log.colorScheme));
      }

      // The other theme, following the system's as a visitor's page does (no stored choice).
      const other = log.colorScheme === 'dark' ? 'light' : 'dark';
      await page.emulateMedia({ colorScheme: other });
      await page.mouse.move(5, 990);  // an input event: the page draws the switch
      await page.waitForFunction((t) => window.afterglow.state().theme === t, other, { timeout: 60_000 });
      for (const { route, bothThemes } of routes) {
        if (!bothThemes || missing.includes(route)) continue;
        assert.equal(await page.evaluate((r) => window.afterglow.show(r), route), true);
        await settle(page);
        await settle(page);
        assert.equal((await state(page)).view, route);
        const now = await screenshotBrightness(page, screenshotName(log.name, route, other));
        // The same view, redrawn in the other theme: clearly lighter or darker as a whole.
        const [light, dark] = other === 'light' ? [now, brightness[route]] : [brightness[route], now];
        assert.ok(light - dark > 40, `${route}: light ${light.toFixed(0)} vs dark ${dark.toFixed(0)}`);
      }
    } finally {
      await context.close();
    }
    assert.deepEqual(problems, []);
    if (missing.length > 0) t.diagnostic(`routes the page does not accept yet: ${missing.join(' ')}`);
    assert.deepEqual(missing, [], 'every route of the page is accepted by window.afterglow.show');
  });
}

// Two attempts of one application (local-1426533911241 and local-1426633911242): the hash names the
// attempt on screen, and a link naming the other one (typed, bookmarked, or opened in a new tab of
// the same logs) shows that attempt.
test('with several applications open the URL names the application and a link opens it', async () => {
  const { context, page, problems } = await openWatchedPage(env);
  const attempts = ['local-1426533911241', 'local-1426633911242'].map(
    (name) => join(kCorpus, 'spark', 'spark-events', name));
  try {
    await startPage(env, page);
    await page.setInputFiles('#open-file', attempts);
    await page.waitForFunction(() => window.afterglow.state().status === 'ready', null, { timeout: 120_000 });
    const loaded = await state(page);
    assert.equal(loaded.apps, 2);
    const { id, attemptId } = loaded.app;
    const other = attemptId === '1' ? '2' : '1';
    assert.equal(await page.evaluate(() => window.afterglow.show('#/jobs')), true);
    await settle(page);
    const named = `#/jobs?app=${id}&attempt=${attemptId}`;
    assert.equal((await state(page)).view, named);
    assert.equal(new URL(page.url()).hash, named, 'the URL names the attempt');
    // A link to the other attempt, as the address bar takes it.
    const link = `#/stages?app=${id}&attempt=${other}`;
    await page.evaluate((hash) => { location.hash = hash; }, link);
    await page.waitForFunction((hash) => window.afterglow.state().view === hash, link);
    const shown = await state(page);
    assert.equal(shown.app.attemptId, other, 'the link selected its attempt');
    const stages = JSON.parse(cliApi(attempts[other === '1' ? 0 : 1], `/api/v1/applications/${id}/${other}/stages`));
    assert.equal(shown.viewState.rows, stages.length, "the stages are the linked attempt's");
    await settle(page);
    await page.screenshot({ path: join(kArtifacts, 'routes-two-attempts-stages.png') });
  } finally {
    await context.close();
  }
  assert.deepEqual(problems, []);
});
