// The scheduling mode and the fair scheduler pools (core/query/pool_rows.h) against the same
// session's REST answers: the mode is the environment's spark.scheduler.mode, the pools are the
// schedulingPool values /stages lists, with their stage counts and active stages.
#include "core/query/pool_rows.h"

#include <gtest/gtest.h>

#include <cctype>
#include <map>
#include <string>

#include "simdjson.h"
#include "tests/core/inline_log.h"
#include "tests/core/query/corpus_attempt.h"
#include "tests/core/query/query_test_log.h"
#include "tests/support/api_json.h"

namespace afterglow {
namespace pool_rows_test {

using namespace test_support;

std::string AppBase(const Session& session) {
  const AttemptSummary app = session.Summaries().front();
  return "/api/v1/applications/" + app.app_id + (app.attempt_id.empty() ? "" : "/" + app.attempt_id);
}

struct PoolCounts {
  int32_t stages = 0, active = 0;
  int64_t running_tasks = 0;
  bool operator==(const PoolCounts&) const = default;
};

// Per pool, from the /stages answer.
std::map<std::string, PoolCounts> ApiPools(const Session& session) {
  const ApiResponse answer = session.Api(AppBase(session) + "/stages");
  EXPECT_EQ(answer.status, 200);
  simdjson::dom::parser parser;
  std::map<std::string, PoolCounts> pools;
  for (simdjson::dom::element stage : ArrayOf(parser, answer.body)) {
    PoolCounts& pool = pools[std::string(Str(stage["schedulingPool"]))];
    ++pool.stages;
    if (Str(stage["status"]) == "ACTIVE") {
      ++pool.active;
      pool.running_tasks += I64(stage["numActiveTasks"]);
    }
  }
  return pools;
}

std::string ApiSchedulerMode(const Session& session) {
  const ApiResponse answer = session.Api(AppBase(session) + "/environment");
  if (answer.status != 200) return "";
  simdjson::dom::parser parser;
  for (simdjson::dom::element pair : ArrayIn(ElementOf(parser, answer.body)["sparkProperties"])) {
    if (Str(pair.at(0)) == "spark.scheduler.mode") return std::string(Str(pair.at(1)));
  }
  return "";
}

class PoolRowsCorpus : public ::testing::TestWithParam<const char*> {};

TEST_P(PoolRowsCorpus, PoolsAndModeAreTheRestAnswers) {
  CorpusAttempt loaded;
  LoadCorpus(loaded, GetParam());
  std::map<std::string, PoolCounts> rows;
  for (const PoolRow& row : PoolRows(*loaded.model, *loaded.pool)) {
    rows[std::string(row.name)] = {row.stages, row.active_stages, row.running_tasks};
  }
  EXPECT_EQ(rows, ApiPools(loaded.session));
  const std::string mode = ApiSchedulerMode(loaded.session);
  EXPECT_EQ(IsFairScheduler(*loaded.model), mode == "FAIR");
  std::string upper = mode;
  for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  EXPECT_EQ(SchedulingModeOf(*loaded.model), mode.empty() ? "Unknown" : upper);
}

INSTANTIATE_TEST_SUITE_P(Corpus, PoolRowsCorpus,
                         ::testing::Values("rapids-tools/qualification/db_subExecution_id.zstd",
                                           "rapids-tools/profiling/nds_q66_gpu.zstd",
                                           "spark/spark-events/application_1553914137147_0018"));

TEST(PoolRows, ADatabricksLogRunsInItsNamedFairPool) {
  CorpusAttempt loaded;
  LoadCorpus(loaded, "rapids-tools/qualification/db_subExecution_id.zstd");
  EXPECT_TRUE(IsFairScheduler(*loaded.model));
  EXPECT_EQ(SchedulingModeOf(*loaded.model), "FAIR");
  bool named = false;
  for (const PoolRow& row : PoolRows(*loaded.model, *loaded.pool)) {
    named = named || row.name == "42324444316914250";
  }
  EXPECT_TRUE(named);
}

TEST(PoolRows, ARunningStageCountsInItsPoolAndNoEnvironmentIsUnknown) {
  std::unique_ptr<Session> session = LoadInlineLog(query_test::TwoStageLog());
  const AttemptModel& model = *session->model(0);
  EXPECT_EQ(SchedulingModeOf(model), "Unknown");  // the log has no EnvironmentUpdate
  EXPECT_FALSE(IsFairScheduler(model));
  const std::vector<PoolRow> rows = PoolRows(model, session->strings());
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].name, "default");
  EXPECT_EQ(rows[0].stages, 2);
  EXPECT_EQ(rows[0].active_stages, 1);
  EXPECT_EQ(rows[0].running_tasks, 1);
}

}  // namespace pool_rows_test
}  // namespace afterglow
