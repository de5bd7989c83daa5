// Where the heap of one loaded log goes, natively: every operator new/delete is counted (bytes the
// allocator actually hands out, malloc_usable_size), the log is loaded as the page loads it, the
// page's view models are built step by step, and then the model's parts are released one at a
// time so each part's drop is its share. Prints bytes (total and per task); asserts nothing.
// Pointers are 8 bytes here and 4 in wasm, so the page's figures are smaller; the shares carry.
//   heap_breakdown LOG
#include <malloc.h>

#include <cstdio>
#include <cstdlib>
#include <new>
#include <string>
#include <vector>

#include "core/load/load_path.h"
#include "core/session.h"
#include "ui/app/app_state.h"
#include "ui/app/model_steps.h"

namespace {

size_t g_live = 0;
size_t g_peak = 0;

void* Counted(size_t size) {
  void* p = std::malloc(size == 0 ? 1 : size);
  if (p == nullptr) throw std::bad_alloc();
  g_live += malloc_usable_size(p);
  if (g_live > g_peak) g_peak = g_live;
  return p;
}

void Uncounted(void* p) {
  if (p == nullptr) return;
  g_live -= malloc_usable_size(p);
  std::free(p);
}

}  // namespace

void* operator new(size_t size) { return Counted(size); }
void* operator new[](size_t size) { return Counted(size); }
void operator delete(void* p) noexcept { Uncounted(p); }
void operator delete[](void* p) noexcept { Uncounted(p); }
void operator delete(void* p, size_t) noexcept { Uncounted(p); }
void operator delete[](void* p, size_t) noexcept { Uncounted(p); }

namespace {

double g_tasks = 1;

void Line(const char* what, size_t bytes) {
  std::printf("%-34s %12zu B %10.1f B/task\n", what, bytes, static_cast<double>(bytes) / g_tasks);
}

// Releases `part` (swapped with an empty one) and prints how much the live heap fell.
template <typename T>
void Drop(const char* what, T& part) {
  const size_t before = g_live;
  { T empty; std::swap(part, empty); }
  Line(what, before - g_live);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: heap_breakdown LOG\n");
    return 2;
  }
  using namespace afterglow;
  const size_t at_start = g_live;
  auto* session = new Session();
  std::string error;
  if (!LoadPath(*session, argv[1], &error)) {
    std::fprintf(stderr, "%s\n", error.c_str());
    return 1;
  }
  const std::vector<AttemptSummary> apps = session->Summaries();
  if (apps.empty()) {
    std::fprintf(stderr, "no application in %s\n", argv[1]);
    return 1;
  }
  // Measurement only: the model is taken apart below to weigh its parts, then never read again.
  auto& model = const_cast<AttemptModel&>(*session->model(apps[0].model_index));
  g_tasks = static_cast<double>(model.tasks.size() == 0 ? 1 : model.tasks.size());
  std::printf("%s: %zu jobs, %zu stage attempts, %zu tasks, %zu executors\n", argv[1],
              model.jobs.size(), model.stages.size(), model.tasks.size(), model.executors.size());
  std::printf("sizeof Job %zu, StageAttempt %zu, ExecutorStageSummary %zu, RddOperationInfo %zu\n",
              sizeof(Job), sizeof(StageAttempt), sizeof(ExecutorStageSummary),
              sizeof(RddOperationInfo));
  Line("loaded (session, peak so far)", g_peak - at_start);
  Line("loaded (session, live)", g_live - at_start);

  ui::AppState state;
  state.session = session;
  state.status = ui::LoadStatus::kReady;
  ui::RefreshSummaries(state);
  const size_t before_models = g_live;
  for (size_t i = 0; i < ui::kModelStepCount; ++i) {
    const auto step = static_cast<ui::ModelStep>(i);
    const size_t before = g_live;
    g_peak = g_live;
    ui::BuildModelStep(state, step);
    std::printf("  model %-22s live +%10zu B (%7.1f B/task), transient peak +%10zu B\n",
                ui::ModelStepName(step), g_live - before, static_cast<double>(g_live - before) / g_tasks,
                g_peak - before);
  }
  Line("view models (live)", g_live - before_models);
  Line("everything (live)", g_live - at_start);

  std::printf("the model's parts, released one at a time:\n");
  size_t summaries = 0, summary_index = 0, released = 0;
  for (size_t i = 0; i < model.stages.size(); ++i) {
    if (model.stages.released(i)) {
      ++released;
      continue;
    }
    summaries += model.stages[i].task_details.executor_summaries.size();
    summary_index += model.stages[i].task_details.summary_index.size();
  }
  std::printf("  (%zu stage objects released, %zu executor summaries, %zu index entries, "
              "%zu stage RDD graphs, %zu stage task lists)\n", released, summaries,
              summary_index, model.stage_rdd_graphs.size(), model.stage_task_rows.size());
  {
    const size_t before = g_live;
    for (size_t i = 0; i < model.stages.size(); ++i) {
      if (model.stages.released(i)) continue;
      StageTaskDetails empty;
      std::swap(model.stages[i].task_details, empty);
    }
    Line("  stage executor summaries", before - g_live);
  }
  Drop("  stage attempts", model.stages);
  Drop("  stage_rows", model.stage_rows);
  Drop("  stage_task_rows", model.stage_task_rows);
  Drop("  stage_rdd_graphs", model.stage_rdd_graphs);
  Drop("  jobs", model.jobs);
  Drop("  job_rows", model.job_rows);
  Drop("  task columns", model.tasks);
  Drop("  task detail columns", model.task_details);
  Drop("  executors", model.executors);
  Drop("  sql", model.sql);
  Drop("  streaming", model.streaming);
  Drop("  rdds", model.rdds);
  Line("  rest (strings, listener, view models)", g_live - at_start);
  return 0;
}
