// Memory held per task attempt on the corpus's largest log (nds_q66_gpu: 12,987 tasks), with
// vector growth slack included: the task columns, the detail columns and the per-stage row lists.
// Loading a million-task log in the browser depends on this staying small.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <string>

#include "core/load/load_path.h"
#include "core/session.h"
#include "core/session_impl.h"

namespace afterglow {
namespace {

namespace fs = std::filesystem;

size_t TaskColumnBytes(const TaskColumns& t) {
  return t.task_id.capacity() * sizeof(t.task_id[0]) +
         t.stage_id.capacity() * sizeof(t.stage_id[0]) +
         t.stage_attempt_id.capacity() * sizeof(t.stage_attempt_id[0]) +
         t.index.capacity() * sizeof(t.index[0]) + t.attempt.capacity() * sizeof(t.attempt[0]) +
         t.launch_time.capacity() * sizeof(t.launch_time[0]) +
         t.finish_time.capacity() * sizeof(t.finish_time[0]) +
         t.executor_id.capacity() * sizeof(t.executor_id[0]) +
         t.status.capacity() * sizeof(t.status[0]);
}

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
  const size_t columns = TaskColumnBytes(model.tasks);
  const size_t details = model.task_details.bytes();
  const double per_task = static_cast<double>(columns + details + row_lists) / tasks;
  std::printf("bytes per task: %.1f (columns %.1f, details %.1f, stage rows %.1f)\n", per_task,
              static_cast<double>(columns) / tasks, static_cast<double>(details) / tasks,
              static_cast<double>(row_lists) / tasks);
  // 150 bytes measured with 1/2/4/8-byte metric columns (core/model/narrow_column.h); about a
  // third of it is vector growth slack. A regression guard, not the goal (< 100 bytes).
  EXPECT_LT(per_task, 160.0);
}

}  // namespace
}  // namespace afterglow
