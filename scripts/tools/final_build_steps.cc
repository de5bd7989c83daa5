// The page's final model build, step by step, natively: loads one log as the page does, then runs
// ModelBuildQueue (ui/app/model_steps.h) with the page's task budget per step and prints each
// step's CPU time (this thread's, so a busy machine inflates it far less than wall time) and the
// longest ones. Each step is one block of the page's main thread, so the longest step bounds the
// frame gap at the end of a load (wasm runs it some 1.5-2x slower). Asserts nothing: numbers for
// a report, taken on whatever machine runs it. It prints first what one mid-load refresh of the
// route's section costs at the end of the load (the page makes them between pushes).
//   final_build_steps LOG [ROUTE] [TASK_BUDGET]
#include <time.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/base/epoch_clock.h"
#include "core/load/load_path.h"
#include "core/session.h"
#include "ui/app/app_state.h"
#include "ui/app/model_steps.h"

namespace {

double ThreadCpuMs() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) * 1e3 + static_cast<double>(now.tv_nsec) / 1e6;
}

struct StepTime {
  const char* name;
  double ms;
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: final_build_steps LOG [ROUTE] [TASK_BUDGET]\n");
    return 2;
  }
  const std::string route = argc > 2 ? argv[2] : "#/overview";
  // As wasm/bridge.cc's kFinishStepTasks.
  const size_t budget = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 16 * 1024;
  afterglow::Session session;
  std::string error;
  const double load_start = ThreadCpuMs();
  if (!afterglow::LoadPath(session, argv[1], &error)) {
    std::fprintf(stderr, "%s\n", error.c_str());
    return 1;
  }
  std::printf("%s: loaded in %.0f ms of CPU\n", argv[1], ThreadCpuMs() - load_start);

  afterglow::ui::AppState state;
  state.session = &session;
  state.status = afterglow::ui::LoadStatus::kReady;
  afterglow::ui::ShowRoute(state, route);
  // A refresh the page makes mid-load (wasm/bridge.cc, RefreshModelsNow), as of the load's last
  // push: the most a refresh of this route's section costs in this load.
  state.status = afterglow::ui::LoadStatus::kLoading;
  const double refresh_start = ThreadCpuMs();
  afterglow::ui::RefreshModels(state);
  std::printf("a mid-load refresh of %s at the load's end: %.1f ms of CPU\n", route.c_str(),
              ThreadCpuMs() - refresh_start);
  state.status = afterglow::ui::LoadStatus::kReady;

  afterglow::ui::ModelBuildQueue queue;
  const double start = ThreadCpuMs();
  queue.Start(state, afterglow::NowEpochMs());
  std::vector<StepTime> steps{{"start", ThreadCpuMs() - start}};
  while (!queue.Done()) {
    const char* name = afterglow::ui::ModelStepName(queue.Next());
    const double step_start = ThreadCpuMs();
    queue.Step(state, budget);
    steps.push_back({name, ThreadCpuMs() - step_start});
  }
  double total = 0;
  for (const StepTime& step : steps) total += step.ms;
  std::printf("route %s, %zu tasks per step: %zu steps, %.1f ms of CPU in all\n", route.c_str(),
              budget, steps.size(), total);
  std::vector<StepTime> longest = steps;
  std::sort(longest.begin(), longest.end(),
            [](const StepTime& a, const StepTime& b) { return a.ms > b.ms; });
  longest.resize(std::min<size_t>(longest.size(), 12));
  std::printf("longest steps (ms of CPU):");
  for (const StepTime& step : longest) std::printf(" %s %.1f,", step.name, step.ms);
  std::printf("\nin order:");
  for (const StepTime& step : steps) std::printf(" %s %.1f,", step.name, step.ms);
  std::printf("\n");
  return 0;
}
