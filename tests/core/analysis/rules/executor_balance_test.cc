// Work on one executor. Made: rapids-tools/e2e/join_agg_on_yarn_eventlog.zstd (ten executors of
// three cores) with every task of stage 3 (30 tasks, about 157 s of task time over the ten) moved
// to executor 1; the time at stake is, by construction, the stage's duration less its task time
// over the 30 cores (or its longest task). Silent: the same log as written, whose stage 2 ran its
// 30 tasks on one executor in about 2 s (not material), and the JDBC log (one executor).
#include "core/analysis/rules/executor_balance.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "tests/core/analysis/rules/rule_test_support.h"

namespace afterglow::rule_test {
namespace {

const char* kBalanceJoinLog = "rapids-tools/e2e/join_agg_on_yarn_eventlog.zstd";

// Replaces the value of "field":"..." in a task line.
void SetTaskString(std::string& line, const std::string& field, const std::string& value) {
  const std::string key = "\"" + field + "\":\"";
  const size_t at = line.find(key);
  ASSERT_NE(at, std::string::npos) << field;
  const size_t start = at + key.size();
  line.replace(start, line.find('"', start) - start, value);
}

TEST(ExecutorBalance, StageMovedToOneExecutorIsFound) {
  std::vector<std::string> lines = CorpusLines(kBalanceJoinLog);
  std::string host;
  for (const std::string& line : lines) {
    if (line.find("\"Event\":\"SparkListenerExecutorAdded\"") != std::string::npos &&
        line.find("\"Executor ID\":\"1\"") != std::string::npos) {
      const size_t at = line.find("\"Host\":\"") + 8;
      host = line.substr(at, line.find('"', at) - at);
    }
  }
  ASSERT_FALSE(host.empty());
  int moved = 0;
  for (std::string& line : lines) {
    const bool task = line.starts_with("{\"Event\":\"SparkListenerTaskStart\"") ||
                      line.starts_with("{\"Event\":\"SparkListenerTaskEnd\"");
    if (!task || line.find("\"Stage ID\":3,") == std::string::npos) continue;
    SetTaskString(line, "Executor ID", "1");
    SetTaskString(line, "Host", host);
    ++moved;
  }
  ASSERT_EQ(moved, 60);
  const Diagnosed d = DiagnoseText(Joined(lines));
  const std::vector<const Finding*> found = d.Of("work-on-one-executor");
  ASSERT_EQ(found.size(), 1u);
  const Finding& f = *found[0];
  EXPECT_EQ(f.target_id, 3);
  EXPECT_EQ(f.executor_id, "1");
  EXPECT_EQ(EvidenceOf(f, EvidenceKind::kExecutor, "share of the stage's task time")->value, 100);
  EXPECT_EQ(EvidenceOf(f, EvidenceKind::kStage, "executors alive")->value, 10);
  const StageAttempt& stage = d.model().stage(d.model().stage_rows.at({3, 0}));
  int64_t task_time = 0, longest = 0;
  for (uint32_t row : d.model().stage_task_rows.at({3, 0})) {
    const int64_t ms = d.model().tasks.finish_time[row] - d.model().tasks.launch_time[row];
    task_time += ms;
    longest = std::max(longest, ms);
  }
  EXPECT_EQ(EvidenceOf(f, EvidenceKind::kStage, "task time")->value, task_time);
  EXPECT_EQ(f.time_at_stake_ms,
            std::max<int64_t>(0, rules::StageDurationMs(stage) - std::max(longest, task_time / 30)));
  EXPECT_NE(f.fix.find("spark.locality.wait"), std::string::npos);
}

TEST(ExecutorBalance, SpreadStagesAndShortOnesAreSilent) {
  EXPECT_TRUE(DiagnoseCorpus(kBalanceJoinLog).Of("work-on-one-executor").empty());
  EXPECT_TRUE(DiagnoseCorpus(kJdbcLog).Of("work-on-one-executor").empty());
}

}  // namespace
}  // namespace afterglow::rule_test
