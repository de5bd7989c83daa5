// Memory held per task attempt on the corpus's largest log (nds_q66_gpu: 12,987 tasks), with
// any growth slack left included: the task columns, the detail columns, the per-stage row lists
// and the stages' completed-index sets.
// Loading a million-task log in the browser depends on this staying small.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <string>

#include "core/load/load_path.h"
#include "core/model/app_model.h"
#include "core/session.h"

namespace afterglow {
namespace task_memory_test {

namespace fs = std::filesystem;

TEST(TaskMemory, NdsQ66StaysUnderTheBudgetPerTask) {
  Session session;
  std::string error;
  const fs::path log = fs::path(AFTERGLOW_CORPUS_DIR) / "rapids-tools/profiling/nds_q66_gpu.zstd";
  ASSERT_TRUE(LoadPath(session, log.string(), &error)) << error;
  const AttemptModel& model = *session.model(0);
  const size_t tasks = model.tasks.size();
  ASSERT_EQ(tasks, 12987u);
  size_t row_lists = 0;
  for (const auto& [key, rows] : model.stage_task_rows) row_lists += rows.capacity() * 4;
  // The completed-index sets of the stages hold one entry per succeeded task too.
  size_t index_sets = 0;
  for (uint32_t i = 0; i < model.stages.size(); ++i) {
    index_sets += model.stages[i].completed_indices.bytes();  // no row of this log is deleted
  }
  const size_t columns = model.tasks.bytes();
  const size_t details = model.task_details.bytes();
  const double per_task =
      static_cast<double>(columns + details + row_lists + index_sets) / tasks;
  std::printf("bytes per task: %.1f (columns %.1f, details %.1f, stage rows %.1f, completed "
              "indices %.2f)\n",
              per_task, static_cast<double>(columns) / tasks, static_cast<double>(details) / tasks,
              static_cast<double>(row_lists) / tasks, static_cast<double>(index_sets) / tasks);
  // A bit per task index, with growth slack: a hash set here took 16 to 40 bytes a task.
  EXPECT_LT(static_cast<double>(index_sets) / tasks, 0.5);
  // 32 bytes measured (columns 11.1, details 17, stage rows 4.0, completed indices 0.2) with
  // paged columns at each page's narrowest width (core/model/packed_column.h, narrow_column.h),
  // metric pages patched (outliers beside a narrow page); 40.2 before patching, 150 with doubling
  // vectors. A regression guard; the goal is < 100 bytes in the page's wasm heap, where the
  // model's bytes are most of the growth (79 B/task on the 1 GB bench log).
  EXPECT_LT(per_task, 36.0);
}

}  // namespace task_memory_test
}  // namespace afterglow
