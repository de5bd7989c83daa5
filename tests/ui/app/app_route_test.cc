// Routes with the application: with two attempts of one application open, the URL names the one
// on screen (so a link opens the same one), a route naming the other selects it, and choosing
// another application in the header rewrites the URL; with one application open the URL is as
// before, without a query.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "tests/support/unique_temp_path.h"
#include "tests/ui/headless_ui.h"
#include "ui/app/app_state.h"

namespace afterglow::ui {
namespace app_route_test {

namespace fs = std::filesystem;

const std::string kCorpus = AFTERGLOW_CORPUS_DIR;

std::vector<std::string> g_urls;  // what the page's URL was set to, in order

void RecordRoute(const char* route) { g_urls.emplace_back(route); }

// local-1426533911241 and local-1426633911242 are attempts 1 and 2 of one application.
fs::path TwoAttemptsFolder() {
  const fs::path folder = test_support::UniqueTempPath("afterglow-app-route-test");
  fs::remove_all(folder);
  fs::create_directories(folder);
  for (const char* name : {"local-1426533911241", "local-1426633911242"}) {
    fs::copy_file(kCorpus + "/spark/spark-events/" + name, folder / name);
  }
  return folder;
}

TEST(AppRoute, TheUrlNamesTheAttemptOnScreenAndALinkSelectsIt) {
  const fs::path folder = TwoAttemptsFolder();
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(folder.string()), "");
  fs::remove_all(folder);
  AppState& state = ui.state();
  ASSERT_EQ(state.summaries.size(), 2u);
  state.hooks.route_changed = RecordRoute;
  g_urls.clear();
  const std::string app_id = state.summaries[0].app_id;
  const std::string first = state.summaries[0].attempt_id;
  const std::string second = state.summaries[1].attempt_id;
  ASSERT_NE(first, second);

  Navigate(state, Route{ViewId::kJobs});
  EXPECT_EQ(state.route_text, "#/jobs?app=" + app_id + "&attempt=" + first);
  ASSERT_FALSE(g_urls.empty());
  EXPECT_EQ(g_urls.back(), state.route_text);

  // A link to the other attempt (a bookmark, a pasted URL) selects it.
  const std::string link = "#/stages?app=" + app_id + "&attempt=" + second;
  ASSERT_TRUE(ShowRoute(state, link));
  EXPECT_EQ(state.selected_app, 1u);
  EXPECT_EQ(state.route_text, link);
  EXPECT_EQ(state.SelectedApp()->attempt_id, second);
  // The section models were rebuilt from the selected attempt.
  StagesTableModel expected;
  expected.Build(*state.SelectedModel(), *state.Strings());
  ASSERT_EQ(state.stages.rows.size(), expected.rows.size());
  for (size_t i = 0; i < expected.rows.size(); ++i) {
    EXPECT_EQ(state.stages.rows[i].submitted_ms, expected.rows[i].submitted_ms);
  }

  // Choosing the other attempt in the header (selected_app, then RefreshModels) rewrites the URL.
  state.selected_app = 0;
  RefreshModels(state);
  EXPECT_EQ(state.route_text, "#/stages?app=" + app_id + "&attempt=" + first);
  EXPECT_EQ(g_urls.back(), state.route_text);

  // A route naming an application that is not open shows the view on the one selected.
  ASSERT_TRUE(ShowRoute(state, "#/executors?app=nope"));
  EXPECT_EQ(state.selected_app, 0u);
  EXPECT_EQ(state.route_text, "#/executors?app=" + app_id + "&attempt=" + first);
}

TEST(AppRoute, ALinkOpenedBeforeItsLogsSelectsItsApplicationOnceLoaded) {
  const fs::path folder = TwoAttemptsFolder();
  testing::HeadlessUi ui;
  AppState& state = ui.state();
  // The page opened at a link (a new tab), before any log: the application waits.
  ASSERT_TRUE(ShowRoute(state, "#/jobs?app=local-1426533911241&attempt=2"));
  EXPECT_EQ(state.pending_app_attempt, "2");
  ASSERT_EQ(ui.Load(folder.string()), "");
  fs::remove_all(folder);
  ASSERT_EQ(state.summaries.size(), 2u);
  ASSERT_NE(state.SelectedApp(), nullptr);
  EXPECT_EQ(state.SelectedApp()->attempt_id, "2");
  EXPECT_TRUE(state.pending_app_id.empty());
  EXPECT_EQ(state.route_text, "#/jobs?app=local-1426533911241&attempt=2");
}

// A comparison of the page's two runs is about both: its URL names neither.
TEST(AppRoute, TheComparisonOfBothRunsNamesNoApplication) {
  const fs::path folder = TwoAttemptsFolder();
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(folder.string()), "");
  fs::remove_all(folder);
  AppState& state = ui.state();
  ASSERT_EQ(state.summaries.size(), 2u);
  ASSERT_TRUE(ShowRoute(state, "#/compare"));
  EXPECT_EQ(state.route_text, "#/compare");
  ASSERT_TRUE(ShowRoute(state, "#/compare/jobs/0/1"));
  EXPECT_NE(state.route_text.find("?app="), std::string::npos) << state.route_text;
}

TEST(AppRoute, OneApplicationKeepsTheUrlWithoutAQuery) {
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kCorpus + "/spark/spark-events/local-1422981780767"), "");
  AppState& state = ui.state();
  Navigate(state, Route{ViewId::kStages});
  EXPECT_EQ(state.route_text, "#/stages");
  // Its own name in a link is accepted, and dropped from the URL.
  ASSERT_TRUE(ShowRoute(state, "#/jobs?app=" + state.SelectedApp()->app_id));
  EXPECT_EQ(state.route_text, "#/jobs");
}

}  // namespace app_route_test
}  // namespace afterglow::ui
