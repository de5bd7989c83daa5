// Where the heap of one loaded log goes, natively: every operator new and delete is counted
// (bytes the allocator hands out, malloc_usable_size), the log is loaded, the page's view models
// are built in the page's order and budget (ModelBuildQueue), each step's bytes kept and the most
// held during it printed, and then the model's parts are released one at a time so each part's
// drop is its share. Prints; asserts nothing. Pointers and sizes are 8 bytes here and 4 in wasm,
// so the page's figures are smaller; the shares carry.
//   heap_breakdown LOG
#include <malloc.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <string>
#include <vector>

#include "core/base/epoch_clock.h"
#include "core/load/load_path.h"
#include "core/session.h"
#include "ui/app/app_state.h"
#include "ui/app/model_steps.h"

namespace {

uint64_t g_live = 0;  // bytes held now
uint64_t g_peak = 0;  // the most held at once since the last ResetPeak

void* Allocate(size_t size) noexcept {
  void* p = std::malloc(size == 0 ? 1 : size);
  if (p != nullptr) {
    g_live += malloc_usable_size(p);
    g_peak = std::max(g_peak, g_live);
  }
  return p;
}

void Release(void* p) noexcept {
  if (p == nullptr) return;
  g_live -= malloc_usable_size(p);
  std::free(p);
}

void* AllocateOrThrow(size_t size) {
  void* p = Allocate(size);
  if (p == nullptr) throw std::bad_alloc();
  return p;
}

}  // namespace

void* operator new(size_t size) { return AllocateOrThrow(size); }
void* operator new[](size_t size) { return AllocateOrThrow(size); }
void* operator new(size_t size, const std::nothrow_t&) noexcept { return Allocate(size); }
void* operator new[](size_t size, const std::nothrow_t&) noexcept { return Allocate(size); }
void operator delete(void* p) noexcept { Release(p); }
void operator delete[](void* p) noexcept { Release(p); }
void operator delete(void* p, size_t) noexcept { Release(p); }
void operator delete[](void* p, size_t) noexcept { Release(p); }

namespace {

double g_tasks = 1;

void ResetPeak() { g_peak = g_live; }

double Mib(uint64_t bytes) { return static_cast<double>(bytes) / (1024.0 * 1024.0); }

// One step of the build: what it left held, and the most held while it ran.
void StepLine(const char* what, uint64_t before) {
  const double kept = static_cast<double>(g_live) - static_cast<double>(before);
  std::printf("  %-22s held %9.1f MiB (%+9.1f, %7.1f B/task)  peak during %9.1f MiB\n", what,
              Mib(g_live), kept / (1024.0 * 1024.0), kept / g_tasks, Mib(g_peak));
}

void Line(const char* what, uint64_t bytes) {
  std::printf("%-36s %12llu B %10.1f B/task\n", what, static_cast<unsigned long long>(bytes),
              static_cast<double>(bytes) / g_tasks);
}

// Releases `part` (swapped with an empty one) and prints how much the live heap fell.
template <typename T>
void Drop(const char* what, T& part) {
  const uint64_t before = g_live;
  { T empty; std::swap(part, empty); }
  Line(what, before - g_live);
}

void ReleaseModelParts(afterglow::AttemptModel& model, uint64_t at_start) {
  using namespace afterglow;
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
    const uint64_t before = g_live;
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
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: heap_breakdown LOG\n");
    return 2;
  }
  using namespace afterglow;
  const uint64_t at_start = g_live;
  ResetPeak();
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
  // Measurement only: the model is taken apart at the end to weigh its parts, then never read.
  auto& model = const_cast<AttemptModel&>(*session->model(apps[0].model_index));
  g_tasks = static_cast<double>(model.tasks.size() == 0 ? 1 : model.tasks.size());
  std::printf("%s: %zu jobs, %zu stage attempts, %zu tasks, %zu executors\n", argv[1],
              model.jobs.size(), model.stages.size(), model.tasks.size(), model.executors.size());
  std::printf("sizeof Job %zu, StageAttempt %zu, ExecutorStageSummary %zu, RddOperationInfo %zu\n",
              sizeof(Job), sizeof(StageAttempt), sizeof(ExecutorStageSummary),
              sizeof(RddOperationInfo));
  Line("loaded (session, peak during the load)", g_peak - at_start);
  Line("loaded (session, live)", g_live - at_start);

  // The page's final model build: its steps in its order, each in the page's task budget.
  std::printf("the final model build, step by step:\n");
  ui::AppState state;
  state.session = session;
  ui::ModelBuildQueue queue;
  const uint64_t before_models = g_live;
  uint64_t before = g_live;
  ResetPeak();
  queue.Start(state, NowEpochMs());
  StepLine("summaries", before);
  while (!queue.Done()) {
    const ui::ModelStep step = queue.Next();
    before = g_live;
    ResetPeak();
    while (!queue.Step(state, 32 * 1024) && queue.Next() == step) {
    }
    StepLine(ui::ModelStepName(step), before);
  }
  Line("view models (live)", g_live - before_models);
  Line("everything (live)", g_live - at_start);
  ReleaseModelParts(model, at_start);
  return 0;
}
