// An idle page allocates nothing: for every route of two corpus logs, once a view has drawn a few
// frames (tables size their columns, clippers measure rows, tooltips make their windows), further
// frames with nothing changed make no heap allocation, C++ or ImGui, with the mouse away from the
// view and with it resting over the view (hover rows and tooltips draw each frame).
// An allocation per frame is the first thing that makes a 60 fps page stutter on a big log, and
// the wasm heap never shrinks.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "tests/ui/alloc_counter.h"
#include "tests/ui/headless_ui.h"
#include "ui/app/view_list.h"

namespace afterglow::ui {
namespace idle_alloc_test {

const std::string kCorpus = AFTERGLOW_CORPUS_DIR;
// ImGui tables settle their column widths over several frames after a view opens (the stages
// table takes about ten), and draw lists grow until then: those frames may allocate.
constexpr int kWarmFrames = 16;
constexpr int kCountedFrames = 6;

// Every routed view, the entity views at their first and last entity (as tests/ui/app/views_draw_test).
std::vector<Route> RoutesFor(const AppState& state) {
  std::vector<Route> routes;
  const AttemptModel* model = state.SelectedModel();
  for (const ViewEntry& entry : RoutedViews()) {
    switch (entry.view) {
      case ViewId::kJob:
        if (model != nullptr && !model->job_rows.empty()) {
          routes.push_back({ViewId::kJob, model->job_rows.begin()->first});
          routes.push_back({ViewId::kJob, model->job_rows.rbegin()->first});
        }
        break;
      case ViewId::kStage:
        if (model != nullptr && !model->stage_rows.empty()) {
          const auto& first = model->stage_rows.begin()->first;
          const auto& last = model->stage_rows.rbegin()->first;
          routes.push_back({ViewId::kStage, first.first, first.second});
          routes.push_back({ViewId::kStage, last.first, last.second});
        }
        break;
      case ViewId::kSqlQuery:
        if (model != nullptr && !model->sql.executions.empty()) {
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

// Allocations over kCountedFrames unchanged frames of `route` with the mouse at (x, y), after
// kWarmFrames frames that may allocate.
uint64_t IdleAllocations(testing::HeadlessUi& ui, float x, float y) {
  ui.MouseAt(x, y);
  ui.Draw(kWarmFrames);
  testing::AllocCounter::Start();
  ui.Draw(kCountedFrames);
  return testing::AllocCounter::Stop();
}

class IdleFrames : public ::testing::TestWithParam<const char*> {};

TEST_P(IdleFrames, AllocateNothingOnAnyRoute) {
  testing::AllocCounter::Install();
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kCorpus + "/" + GetParam()), "");
  const std::vector<Route> routes = RoutesFor(ui.state());
  ASSERT_GE(routes.size(), RoutedViews().size());
  for (const Route& route : routes) {
    const std::string name = FormatRoute(route);
    SCOPED_TRACE(name);
    Navigate(ui.state(), route);
    const uint64_t away = IdleAllocations(ui, -1, -1);
    const uint64_t hovering = IdleAllocations(ui, 800, 500);
    EXPECT_EQ(away, 0u) << name << ": allocations in " << kCountedFrames
                        << " idle frames, mouse away";
    EXPECT_EQ(hovering, 0u) << name << ": allocations in " << kCountedFrames
                            << " idle frames, mouse over the view";
  }
}

// The page before a log is chosen (the drop zone) and while one loads (the loading view).
TEST(IdleFrames, DropZoneAndLoadingViewAllocateNothing) {
  testing::AllocCounter::Install();
  testing::HeadlessUi ui;
  ui.state().status = LoadStatus::kEmpty;
  EXPECT_EQ(IdleAllocations(ui, -1, -1), 0u) << "drop zone, mouse away";
  EXPECT_EQ(IdleAllocations(ui, 800, 500), 0u) << "drop zone, mouse over it";
  ui.state().status = LoadStatus::kLoading;
  ui.state().progress.bytes_total = 1000;
  ui.state().progress.bytes_done = 400;
  ui.state().progress.files_total = 1;
  ui.state().progress.current_file = "application_1_0001.zstd";
  EXPECT_EQ(IdleAllocations(ui, -1, -1), 0u) << "loading view, mouse away";
  EXPECT_EQ(IdleAllocations(ui, 800, 500), 0u) << "loading view, mouse over it";
}

// The counter itself: a draw that allocates is seen (so a zero above means something).
TEST(IdleFramesCounter, SeesCppAndImGuiAllocations) {
  testing::AllocCounter::Install();
  testing::AllocCounter::Start();
  std::string* text = new std::string(64, 'x');
  const uint64_t cpp = testing::AllocCounter::Stop();
  delete text;
  EXPECT_GE(cpp, 1u);
  testing::HeadlessUi ui;
  testing::AllocCounter::Start();
  void* block = ImGui::MemAlloc(32);
  const uint64_t imgui = testing::AllocCounter::Stop();
  ImGui::MemFree(block);
  EXPECT_EQ(imgui, 1u);
}

INSTANTIATE_TEST_SUITE_P(
    CorpusLogs, IdleFrames,
    ::testing::Values("spark/sql-events/local-1596020211915",
                      "rapids-tools/e2e/join_agg_on_yarn_eventlog.zstd"),
    [](const ::testing::TestParamInfo<const char*>& info) {
      std::string name = info.param;
      for (char& c : name) {
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
      }
      return name;
    });

}  // namespace idle_alloc_test
}  // namespace afterglow::ui
