// Every routed view draws, natively and headless, for real corpus logs (a SQL-heavy one, a GPU
// one with many tasks, a failed-stage one, several apps in one folder), on every route that names
// an entity of the log: no ImGui check fails, no sanitizer fires (the asan preset runs this too),
// and the view describes itself for window.afterglow.state() as valid JSON.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "simdjson.h"
#include "tests/ui/headless_ui.h"
#include "ui/app/view_list.h"

namespace afterglow::ui {
namespace views_draw_test {

const std::string kCorpus = AFTERGLOW_CORPUS_DIR;

// The routes of every view built, with ids taken from the model: the first and last job, stage
// attempt and SQL execution, so entity views are drawn for entities that exist.
std::vector<Route> RoutesFor(const AppState& state) {
  std::vector<Route> routes;
  const AttemptModel* model = state.SelectedModel();
  for (const ViewEntry& entry : RoutedViews()) {
    switch (entry.view) {
      case ViewId::kJob:
        if (model == nullptr) break;
        if (!model->job_rows.empty()) {
          routes.push_back({ViewId::kJob, model->job_rows.begin()->first});
          routes.push_back({ViewId::kJob, model->job_rows.rbegin()->first});
        }
        break;
      case ViewId::kStage:
        if (model == nullptr) break;
        if (!model->stage_rows.empty()) {
          const auto& first = model->stage_rows.begin()->first;
          const auto& last = model->stage_rows.rbegin()->first;
          routes.push_back({ViewId::kStage, first.first, first.second});
          routes.push_back({ViewId::kStage, last.first, last.second});
          routes.push_back({ViewId::kStage, last.first, -1});  // latest attempt
        }
        break;
      case ViewId::kSqlQuery:
        if (model == nullptr) break;
        if (!model->sql.executions.empty()) {
          routes.push_back({ViewId::kSqlQuery, model->sql.executions.begin()->first});
          routes.push_back({ViewId::kSqlQuery, model->sql.executions.rbegin()->first});
        }
        break;
      case ViewId::kStreamingRun:
        // The first run of the log, and (with no key) a run the log does not have.
        routes.push_back({entry.view});
        if (model != nullptr && !model->streaming.queries.empty()) {
          Route run{ViewId::kStreamingRun};
          run.key = std::string(state.Strings()->Get(model->streaming.queries.front().run_id));
          routes.push_back(run);
        }
        break;
      default:
        routes.push_back({entry.view});
    }
  }
  return routes;
}

class ViewsDraw : public ::testing::TestWithParam<const char*> {};

TEST_P(ViewsDraw, EveryRouteDrawsAndDescribesItself) {
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kCorpus + "/" + GetParam()), "");
  ASSERT_FALSE(ui.state().summaries.empty());
  const std::vector<Route> routes = RoutesFor(ui.state());
  ASSERT_GE(routes.size(), 2u);
  simdjson::dom::parser parser;
  for (const Route& route : routes) {
    SCOPED_TRACE(FormatRoute(route));
    Navigate(ui.state(), route);
    // With several applications open the route also names the one selected.
    Route shown = ui.state().route;
    shown.app_id.clear();
    shown.app_attempt.clear();
    EXPECT_EQ(shown, route);
    ui.Draw();
    ui.MouseAt(800, 400);  // hover over the middle of the view: tooltips and hover rows draw too
    ui.Draw(2);
    ui.MouseAt(-1, -1);
    const std::string described = ui.DescribeView();
    simdjson::dom::element element;
    EXPECT_EQ(parser.parse(described).get(element), simdjson::SUCCESS) << described;
  }
}

INSTANTIATE_TEST_SUITE_P(
    CorpusLogs, ViewsDraw,
    ::testing::Values("spark/sql-events/local-1596020211915",
                      "spark/spark-events/local-1422981780767",
                      "spark/spark-events/application_1553914137147_0018",
                      "rapids-tools/profiling/nds_q66_gpu.zstd",
                      "rapids-tools/qualification/multiple_attempts",
                      "rapids-tools/qualification/db_subExecution_id.zstd",
                      "rapids-tools/e2e/streaming_eventlog.zstd"),
    [](const ::testing::TestParamInfo<const char*>& info) {
      std::string name = info.param;
      for (char& c : name) {
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
      }
      return name;
    });

}  // namespace views_draw_test
}  // namespace afterglow::ui
