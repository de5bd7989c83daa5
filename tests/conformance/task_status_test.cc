// Every task of every single-file corpus log gets the status Spark's store gives it (TaskInfo
// .status, docs/SPARK-SEMANTICS.md fact 44): RUNNING until a TaskEnd with a finish time, then
// FAILED, KILLED or SUCCESS from that TaskEnd's "Task Info" flags. The expectation is read from the
// log's lines by the test itself (its own JSON reading of TaskStart/TaskEnd), and compared with
// TaskStatusOf, the one status the API and the UI read.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/analysis/task_view.h"
#include "core/base/read_padding.h"
#include "core/ingest/line_consumer.h"
#include "core/ingest/log_stream.h"
#include "core/load/load_path.h"
#include "core/model/app_model.h"
#include "core/session.h"
#include "simdjson.h"
#include "tests/support/stream_file_lines.h"

namespace afterglow {
namespace task_status_test {

namespace fs = std::filesystem;

// The status of each task id as the log's TaskStart/TaskEnd lines say (the first TaskEnd of a
// live task wins, as Spark's listener forgets a task at its end).
class ExpectedStatuses final : public LineConsumer {
 public:
  void OnLine(std::string_view line, uint64_t) override {
    if (line.find("SparkListenerTask") == std::string_view::npos) return;
    simdjson::dom::element event;
    if (parser_.parse(line.data(), line.size(), false).get(event) != simdjson::SUCCESS) return;
    std::string_view name;
    if (event["Event"].get_string().get(name) != simdjson::SUCCESS) return;
    simdjson::dom::element info;
    if (event["Task Info"].get(info) != simdjson::SUCCESS) return;
    int64_t task_id = 0;
    if (info["Task ID"].get_int64().get(task_id) != simdjson::SUCCESS) return;
    if (name == "SparkListenerTaskStart") {
      statuses[task_id] = TaskApiStatus::kRunning;
      live[task_id] = true;
      return;
    }
    if (name != "SparkListenerTaskEnd" || !live[task_id]) return;
    live[task_id] = false;
    int64_t finish = 0;
    bool failed = false, killed = false;
    // A missing field reads as 0 / false (GCC ignores a (void) cast of simdjson's results).
    if (info["Finish Time"].get_int64().get(finish) != simdjson::SUCCESS) finish = 0;
    if (info["Failed"].get_bool().get(failed) != simdjson::SUCCESS) failed = false;
    if (info["Killed"].get_bool().get(killed) != simdjson::SUCCESS) killed = false;
    TaskApiStatus status = TaskApiStatus::kSuccess;
    if (finish == 0) status = TaskApiStatus::kRunning;
    else if (failed) status = TaskApiStatus::kFailed;
    else if (killed) status = TaskApiStatus::kKilled;
    statuses[task_id] = status;
  }
  std::unordered_map<int64_t, TaskApiStatus> statuses;
  std::unordered_map<int64_t, bool> live;

 private:
  simdjson::dom::parser parser_;
};

void ReadExpected(const std::string& path, ExpectedStatuses* expected) {
  test_support::StreamFileLines(path, expected);
}

TEST(TaskStatusSweep, EveryCorpusTaskHasTheStatusItsTaskEndGives) {
  const fs::path corpus = fs::path(AFTERGLOW_CORPUS_DIR);
  size_t logs = 0, tasks = 0;
  for (const fs::directory_entry& entry : fs::recursive_directory_iterator(corpus)) {
    if (!entry.is_regular_file()) continue;
    const fs::path& path = entry.path();
    const std::string text = path.string();
    const std::string name = path.filename().string();
    if (text.find("/expectations/") != std::string::npos || name.rfind("LICENSE", 0) == 0 ||
        name.rfind("README", 0) == 0 || name == "EXPECTATIONS.tsv" || name.rfind(".", 0) == 0 ||
        path.extension() == ".zip" || text.find("eventlog_v2_") != std::string::npos ||
        path.parent_path().filename().string().rfind("eventlog_v2_", 0) == 0) {
      continue;
    }
    ExpectedStatuses expected;
    ReadExpected(text, &expected);
    if (expected.statuses.empty()) continue;
    Session session;
    LoadFile(session, text);
    const auto& models = session.models();
    ASSERT_EQ(models.size(), 1u) << text;
    const AttemptModel& model = *models.front();
    ++logs;
    for (uint32_t row = 0; row < model.tasks.size(); ++row) {
      auto want = expected.statuses.find(model.tasks.task_id[row]);
      ASSERT_NE(want, expected.statuses.end()) << text;
      TaskApiStatus got = TaskStatusOf(model, row);
      if (got == TaskApiStatus::kGetResult) got = TaskApiStatus::kRunning;
      ASSERT_EQ(static_cast<int>(got), static_cast<int>(want->second))
          << text << " task " << model.tasks.task_id[row];
      ++tasks;
    }
  }
  EXPECT_GT(logs, 20u);
  EXPECT_GT(tasks, 20000u);
}

}  // namespace task_status_test
}  // namespace afterglow
