// Memory held per task attempt on the corpus's largest log (nds_q66_gpu: 12,987 tasks), with
// any growth slack left included: the task columns, the detail columns and the per-stage row lists.
// Loading a million-task log in the browser depends on this staying small.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <string>

#include "core/load/load_path.h"
#include "core/session.h"
#include "core/session_impl.h"

namespace afterglow {
namespace task_memory_test {

namespace fs = std::filesystem;

TEST(TaskMemory, NdsQ66StaysUnderTheBudgetPerTask) {
  Session session;
  std::string error;
  const fs::path log = fs::path(AFTERGLOW_CORPUS_DIR) / "rapids-tools/profiling/nds_q66_gpu.zstd";
  ASSERT_TRUE(LoadPath(session, log.string(), &error)) << error;
  const AttemptModel& model = *session.impl()->models().front();
  const size_t tasks = model.tasks.size();
  ASSERT_EQ(tasks, 12987u);
  size_t row_lists = 0;
  for (const auto& [key, rows] : model.stage_task_rows) row_lists += rows.capacity() * 4;
  const size_t columns = model.tasks.bytes();
  const size_t details = model.task_details.bytes();
  const double per_task = static_cast<double>(columns + details + row_lists) / tasks;
  std::printf("bytes per task: %.1f (columns %.1f, details %.1f, stage rows %.1f)\n", per_task,
              static_cast<double>(columns) / tasks, static_cast<double>(details) / tasks,
              static_cast<double>(row_lists) / tasks);
  // 40.2 bytes measured (columns 11.1, details 25.1, stage rows 4.0) with paged columns at each
  // page's narrowest width (core/model/packed_column.h, narrow_column.h) compacted at the end of
  // the file; 150 with doubling vectors before. A regression guard; the goal is < 100 bytes in
  // the page's wasm heap, where the model's bytes are most of the growth.
  EXPECT_LT(per_task, 48.0);
}

}  // namespace task_memory_test
}  // namespace afterglow
