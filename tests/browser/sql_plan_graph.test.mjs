// The SQL plan graph as Spark 4's UI draws it, on rapids-tools' aqeshuffle log (one execution
// that AQE re-planned three times): compact boxes, a click selects a node and the side panel
// shows its metrics, the search finds nodes by name and Enter steps through them, and every plan
// version can be shown (#/sql/0/plan/<n>, back and forward stepping through them), with what
// changed from the previous one and the initial plan beside it; each edge carries the rows its
// child operator output (the "number of output rows" the REST /sql/0 answer prints for it), and
// the Operators tab lists the plan version the graph shows. Photographed at 1600x1000 in both
// themes (test-artifacts/browser/sql-plan-graph-*.png).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  clickAnchor, cliApi, kArtifacts, kCorpus, openLog, openWatchedPage, pressKey, settle, showView,
  startBrowser, startPage, state,
} from './harness.mjs';

const kAqeLog = join(kCorpus, 'rapids-tools', 'qualification', 'aqeshuffle_eventlog.zstd');
const kAqeApp = 'local-1651694304852';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

async function viewAfterFrames(page) {
  await settle(page);
  await settle(page);
  return state(page);
}

for (const theme of ['dark', 'light']) {
  test(`the plan graph selects, searches and steps through AQE's plans (${theme})`, async () => {
    const { context, page, problems } = await openWatchedPage(env, { colorScheme: theme });
    try {
      await startPage(env, page);
      await openLog(page, kAqeLog);
      const final = (await showView(page, '#/sql/0')).planGraph;
      assert.equal(final.versions, 4, 'the start and three AQE updates');
      assert.equal(final.version, 3, 'the final plan by default');
      assert.ok(final.nodes > 0);
      assert.notEqual(final.changesFromPrevious, '', 'what changed from plan 3');

      // A click on a node selects it and fills the side panel.
      await clickAnchor(page, 'planNode');
      let now = (await viewAfterFrames(page)).viewState;
      assert.ok(now.selectedNode >= 0, 'a node is selected');
      assert.notEqual(now.planGraph.selectedName, '');
      assert.equal(now.planGraph.selectedInInitial, false);
      await page.screenshot({ path: join(kArtifacts, `sql-plan-graph-selected-${theme}.png`) });

      // The search: matches by name, Enter steps to each and selects it.
      await clickAnchor(page, 'search');
      await page.keyboard.type('exchange');
      now = (await viewAfterFrames(page)).viewState;
      assert.equal(now.planGraph.search, 'exchange');
      assert.ok(now.planGraph.searchMatches >= 2, `matches: ${now.planGraph.searchMatches}`);
      assert.equal(now.planGraph.searchCursor, -1);
      await pressKey(page, 'Enter');
      now = (await viewAfterFrames(page)).viewState;
      assert.equal(now.planGraph.searchCursor, 0);
      assert.match(now.planGraph.selectedName, /exchange/i);
      const first = now.selectedNode;
      await pressKey(page, 'Enter');
      now = (await viewAfterFrames(page)).viewState;
      assert.equal(now.planGraph.searchCursor, 1, 'Enter again: the next match');
      assert.notEqual(now.selectedNode, first);
      assert.match(now.planGraph.selectedName, /exchange/i);
      await page.screenshot({ path: join(kArtifacts, `sql-plan-graph-search-${theme}.png`) });
      await pressKey(page, 'Escape');

      // The previous plan version, by its button: the route names it, Back returns.
      await clickAnchor(page, 'planPrevious');
      now = await viewAfterFrames(page);
      assert.equal(now.view, '#/sql/0/plan/3');
      assert.equal(now.viewState.planGraph.version, 2);
      assert.equal(now.viewState.planGraph.search, 'exchange', 'the search stays');
      await page.goBack();
      now = await viewAfterFrames(page);
      assert.equal(now.view, '#/sql/0');
      assert.equal(now.viewState.planGraph.version, 3);
      await page.goForward();
      now = await viewAfterFrames(page);
      assert.equal(now.view, '#/sql/0/plan/3');

      // The initial plan: nothing before it to differ from.
      const initial = (await showView(page, '#/sql/0/plan/1')).planGraph;
      assert.equal(initial.version, 0);
      assert.equal(initial.changesFromPrevious, '');
      assert.equal(initial.newNodes, 0);

      // The final plan beside the initial one, a node of the initial plan selected.
      await showView(page, '#/sql/0');
      await clickAnchor(page, 'planSideBySide');
      now = (await viewAfterFrames(page)).viewState;
      assert.equal(now.planGraph.sideBySide, true);
      assert.notEqual(now.planGraph.changesFromInitial, '');
      await clickAnchor(page, 'planNode');  // the first box drawn: the initial plan's, on the left
      now = (await viewAfterFrames(page)).viewState;
      assert.equal(now.planGraph.selectedInInitial, true);
      assert.notEqual(now.planGraph.selectedName, '');
      await page.screenshot({ path: join(kArtifacts, `sql-plan-graph-side-by-side-${theme}.png`) });
    } finally {
      await context.close();
    }
    assert.deepEqual(problems, []);
  });
}

// nodeId -> the rows the API's /sql/0 answer prints for the node ("number of output rows", GPU
// plans' "output rows"), -1 for a node with neither.
function apiNodeRows(execution) {
  const rows = new Map();
  for (const node of execution.nodes) {
    const metric = node.metrics.find((m) => m.name === 'number of output rows') ??
                   node.metrics.find((m) => m.name === 'output rows');
    rows.set(node.nodeId, metric ? Number(metric.value.replaceAll(',', '')) : -1);
  }
  return rows;
}

for (const theme of ['dark', 'light']) {
  test(`plan edges show their rows and the Operators tab follows the plan version (${theme})`, async () => {
    const execution = JSON.parse(cliApi(kAqeLog, `/api/v1/applications/${kAqeApp}/sql/0?details=true`));
    const rows = apiNodeRows(execution);
    const { context, page, problems } = await openWatchedPage(env, { colorScheme: theme });
    try {
      await startPage(env, page);
      await openLog(page, kAqeLog);
      // The final plan: the API's edges, each with its child's rows.
      let view = await showView(page, '#/sql/0');
      const final = view.planGraph;
      assert.deepEqual(final.edges.map((e) => [e.from, e.to]),
                       execution.edges.map((e) => [e.fromId, e.toId]));
      for (const edge of final.edges) {
        assert.equal(edge.rows, rows.get(edge.from), `edge ${edge.from} -> ${edge.to}`);
      }
      assert.deepEqual(final.edges.filter((e) => e.rows >= 0).map((e) => e.rows),
                       [1, 13, 10000000, 10000000, 10000000]);
      await page.screenshot({ path: join(kArtifacts, `sql-plan-graph-edge-rows-${theme}.png`) });
      // The Operators tab of the final plan: the API's nodes.
      assert.equal(view.operatorsVersion, 3);
      assert.equal(view.operators, execution.nodes.length);

      // An earlier plan version: the graph and the Operators tab both show plan 2.
      view = await showView(page, '#/sql/0/plan/2');
      assert.equal(view.planGraph.version, 1);
      assert.equal(view.operatorsVersion, 1);
      assert.equal(view.operators, view.planGraph.nodes);
      assert.notEqual(view.operators, execution.nodes.length, 'plan 2 has other operators');
      const labelled = view.planGraph.edges.filter((e) => e.rows >= 0);
      assert.ok(labelled.length > 0, 'plan 2 edges carry rows too');
      await page.screenshot({ path: join(kArtifacts, `sql-plan-graph-plan2-edge-rows-${theme}.png`) });
      await clickAnchor(page, 'operatorsTab');
      view = (await viewAfterFrames(page)).viewState;
      assert.equal(view.operatorsDrawn, true);
      assert.equal(view.operatorsVersion, 1);
      await page.screenshot({ path: join(kArtifacts, `sql-operators-plan2-${theme}.png`) });
      // Back to the final plan: the tab lists its operators again.
      view = await showView(page, '#/sql/0');
      assert.equal(view.operatorsVersion, 3);
      assert.equal(view.operators, execution.nodes.length);
    } finally {
      await context.close();
    }
    assert.deepEqual(problems, []);
  });
}
