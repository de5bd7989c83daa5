// Times the page's stage models natively over one log: the Stages tab's table (StagesTableModel)
// and the stage page of the stage attempt with the most tasks (StagePageModel), built a few times
// each after one load. Prints milliseconds (best and median); asserts nothing: numbers for a
// report, taken on whatever machine runs it.
//   stages_model_timing LOG [REPEATS]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "core/load/load_path.h"
#include "core/session.h"
#include "ui/pages/stages/stage_page_model.h"
#include "ui/pages/stages/stages_table_model.h"

namespace {

void Report(const char* what, std::vector<double> ms) {
  std::sort(ms.begin(), ms.end());
  std::printf("%-28s best %8.2f ms  median %8.2f ms  (%zu runs)\n", what, ms.front(),
              ms[ms.size() / 2], ms.size());
}

std::vector<double> Time(int repeats, const std::function<void()>& build) {
  std::vector<double> ms;
  for (int i = 0; i < repeats; ++i) {
    const auto start = std::chrono::steady_clock::now();
    build();
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                     .count());
  }
  return ms;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: stages_model_timing LOG [REPEATS]\n");
    return 2;
  }
  const int repeats = argc > 2 ? std::max(1, std::atoi(argv[2])) : 5;
  afterglow::Session session;
  std::string error;
  if (!afterglow::LoadPath(session, argv[1], &error)) {
    std::fprintf(stderr, "%s\n", error.c_str());
    return 1;
  }
  const std::vector<afterglow::AttemptSummary> apps = session.Summaries();
  if (apps.empty()) {
    std::fprintf(stderr, "no application in %s\n", argv[1]);
    return 1;
  }
  const afterglow::AttemptSummary& app = apps[0];
  const afterglow::AttemptModel& model = *session.model(app.model_index);
  const afterglow::StringPool& strings = session.strings();
  std::printf("%s: %zu stage attempts, %zu tasks\n", argv[1], model.stage_rows.size(),
              model.tasks.size());

  afterglow::ui::StagesTableModel table;
  Report("StagesTableModel::Build", Time(repeats, [&] {
    table.Build(model, strings);
  }));
  std::printf("  rows %zu\n", table.rows.size());

  std::pair<int32_t, int32_t> biggest{0, 0};
  size_t most = 0;
  for (const auto& [key, rows] : model.stage_task_rows) {
    if (rows.size() > most) most = rows.size(), biggest = key;
  }
  afterglow::ui::StagePageModel page;
  Report("StagePageModel::Build", Time(repeats, [&] {
    page.Clear();
    page.Build(model, strings, biggest.first, biggest.second);
  }));
  std::printf("  stage %d.%d with %zu tasks, found %d\n", biggest.first, biggest.second, most,
              page.found ? 1 : 0);
  return 0;
}
