// "Compare with…" from the page's own widgets, clicked as a user clicks them:
//   - on #/compare with one application open (rapids-tools/profiling/eventlog_dsv1.zstd), the
//     button asks for a second log through the file input (dsv2 given to the file chooser); both
//     are then open, the one that was open is A and the added one B, and the view compares them
//   - on the Jobs list and the SQL list, "Compare two jobs…" ("…queries") picks A, then B, in one
//     popup and opens #/compare/jobs/<a>/<b> (#/compare/sql/...) with that pair aligned.
// Screenshots: test-artifacts/browser/compare-with-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  clickAnchor, kArtifacts, kCorpus, openLog, openWatchedPage, settle, showRoute, startBrowser,
  startPage, state,
} from './harness.mjs';

const kDsv1 = join(kCorpus, 'rapids-tools', 'profiling', 'eventlog_dsv1.zstd');
const kDsv2 = join(kCorpus, 'rapids-tools', 'profiling', 'eventlog_dsv2.zstd');

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

test('"Compare with…" on the compare view adds a log through the file input', async () => {
  const { context, page, problems } = await openWatchedPage(env);
  try {
    await startPage(env, page);
    const opened = await openLog(page, kDsv1);
    await showRoute(page, '#/compare');
    const alone = (await state(page)).viewState;
    assert.equal(alone.built, false, 'one application: nothing to compare yet');
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser', { timeout: 30_000 }),
      clickAnchor(page, 'compareWithLog'),
    ]);
    await chooser.setFiles(kDsv2);
    await page.waitForFunction(() => {
      const s = window.afterglow.state();
      return (s.status === 'ready' && s.apps === 2) || s.status === 'error';
    }, null, { timeout: 120_000 });
    await settle(page);
    await settle(page);
    const both = await state(page);
    assert.equal(both.status, 'ready', both.error);
    assert.equal(both.view, '#/compare');
    const view = both.viewState;
    assert.equal(view.built, true, view.error);
    assert.equal(view.a.id, opened.app.id, 'the log that was open is A');
    assert.notEqual(view.b.id, view.a.id, 'the added log is B');
    // dsv2 has the two SQL executions dsv1 has not (the CLI's pair, compare.test.mjs).
    assert.equal(view.sql.length, 9);
    assert.equal(view.sql.filter((row) => row.a === null).length, 2);
    // Built while the load ran (the view was on screen), then again with the findings once it
    // ended: the one both runs show (the idle gaps between jobs of an interactive shell) stays.
    await page.waitForFunction(() => !window.afterglow.state().viewState.building);
    const finished = (await state(page)).viewState;
    assert.equal(finished.findings.both.length, 1, JSON.stringify(finished.findings));
    await page.screenshot({ path: join(kArtifacts, 'compare-with-log.png') });
  } finally {
    await context.close();
  }
  assert.deepEqual(problems, []);
});

// Opens the list, picks its first item as A and the first other as B.
async function compareTwoFromList(page, list, expectedItems) {
  await showRoute(page, list);
  await clickAnchor(page, 'compareTwo');
  await clickAnchor(page, 'compareWithChoice');  // A: the first item
  const picking = await state(page);
  assert.equal(picking.view, list, 'A is picked; the popup asks for B');
  await page.screenshot({ path: join(kArtifacts, `compare-with-${expectedItems}-popup.png`) });
  await clickAnchor(page, 'compareWithChoice');  // B: the first item but A
  await settle(page);
  const compared = await state(page);
  const match = compared.view.match(new RegExp(`^#/compare/${expectedItems}/(\\d+)/(\\d+)`));
  assert.ok(match, `a comparison of two ${expectedItems}: ${compared.view}`);
  const [a, b] = [Number(match[1]), Number(match[2])];
  assert.notEqual(a, b);
  const view = compared.viewState;
  assert.equal(view.built, true, view.error);
  assert.equal(view.items, expectedItems);
  return { a, b, view };
}

test('the Jobs and SQL lists compare two of their items, picked in one popup', async () => {
  const { context, page, problems } = await openWatchedPage(env);
  try {
    await startPage(env, page);
    await openLog(page, kDsv1);
    const jobs = await compareTwoFromList(page, '#/jobs', 'jobs');
    assert.deepEqual([jobs.view.jobs[0].a, jobs.view.jobs[0].b], [jobs.a, jobs.b],
                     'the picked jobs are the pair the view aligns first');
    await page.screenshot({ path: join(kArtifacts, 'compare-with-jobs.png') });

    const sql = await compareTwoFromList(page, '#/sql', 'sql');
    assert.deepEqual([sql.view.sql[0].a, sql.view.sql[0].b], [sql.a, sql.b]);
    await page.screenshot({ path: join(kArtifacts, 'compare-with-sql.png') });
    // Back returns to the list the comparison was picked from.
    await page.goBack();
    await page.waitForFunction(() => window.afterglow.state().view.startsWith('#/sql'));
  } finally {
    await context.close();
  }
  assert.deepEqual(problems, []);
});
