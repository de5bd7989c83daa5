// Decommissioned executors on a log made at test time (tests/support/decommission_log.h: a Spark
// 3.1.1 corpus log with executor 7 removed by Spark 3.1's decommission reason and executor 8 by
// 3.4's): the model keeps the reason, /allexecutors answers as the History Server would (dead,
// the reason as removeReason, not excluded: its ExecutorSummary has no decommission field), and
// the Executors page's status says "Decommissioned" where Spark's says "Dead".
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include "core/query/executor_rows.h"
#include "simdjson.h"
#include "tests/support/api_app_base.h"
#include "tests/support/api_json.h"
#include "tests/support/decommission_log.h"
#include "tests/support/unique_temp_path.h"
#include "tests/ui/headless_ui.h"
#include "ui/pages/executors/executors_model.h"

namespace afterglow::ui {
namespace executor_decommission_test {

using namespace test_support;  // the API JSON readers and the log

constexpr const char* kSpark31Reason = "Executor decommission.";
constexpr const char* kSpark34Reason = "Executor decommission: spot instance reclaimed";
constexpr const char* kReleased = "exited from explicit termination request.";

class DecommissionLogTest : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = UniqueTempPath("afterglow-decommission-test.log");
    const std::string log = DecommissionLog(AFTERGLOW_CORPUS_DIR);
    ASSERT_FALSE(log.empty());
    { std::ofstream(path_) << log; }
    ASSERT_EQ(ui_.Load(path_.string()), "");
  }
  void TearDown() override { std::filesystem::remove(path_); }

  std::filesystem::path path_;
  testing::HeadlessUi ui_;
};

TEST_F(DecommissionLogTest, ModelKeepsTheReasonAndMarksItDecommissioned) {
  const AppState& state = ui_.state();
  std::map<std::string, afterglow::ExecutorRow> rows;
  for (afterglow::ExecutorRow& row :
       ExecutorRows(*state.SelectedModel(), *state.Strings(), false, 0)) {
    rows.emplace(std::string(row.id), row);
  }
  ASSERT_EQ(rows.size(), 11u);  // ten executors and the driver
  for (const char* id : {"7", "8"}) {
    SCOPED_TRACE(id);
    EXPECT_FALSE(rows.at(id).is_active);
    EXPECT_TRUE(rows.at(id).is_decommissioned);
  }
  EXPECT_EQ(rows.at("7").remove_reason, kSpark31Reason);
  EXPECT_EQ(rows.at("8").remove_reason, kSpark34Reason);
  EXPECT_EQ(rows.at("7").remove_time, 1628638150010);
  EXPECT_EQ(rows.at("8").remove_time, 1628638155010);
  for (const char* id : {"1", "2", "3", "4", "6", "9"}) {
    EXPECT_FALSE(rows.at(id).is_active) << id;
    EXPECT_FALSE(rows.at(id).is_decommissioned) << id;
  }
  for (const char* id : {"5", "10", "driver"}) EXPECT_TRUE(rows.at(id).is_active) << id;
}

TEST_F(DecommissionLogTest, AllExecutorsAnswersDeadWithTheReason) {
  const std::string body = ui_.session().Api(ApiAppBase(*ui_.state().SelectedApp()) + "/allexecutors").body;
  simdjson::dom::parser parser;
  std::map<std::string, std::string> reasons;
  int active = 0;
  for (simdjson::dom::element e : ArrayOf(parser, body)) {
    const std::string id = StringField(e, "id");
    bool is_active = true, excluded = true;
    EXPECT_EQ(e["isActive"].get_bool().get(is_active), simdjson::SUCCESS);
    EXPECT_EQ(e["isExcluded"].get_bool().get(excluded), simdjson::SUCCESS);
    EXPECT_FALSE(excluded) << id;
    simdjson::dom::array in_stages = ArrayIn(e["excludedInStages"]);
    EXPECT_EQ(in_stages.size(), 0u) << id;
    active += is_active;
    if (!is_active) {
      reasons[id] = StringField(e, "removeReason");
      EXPECT_FALSE(StringField(e, "removeTime").empty()) << id;
    }
  }
  EXPECT_EQ(active, 3);  // 5, 10 and the driver
  ASSERT_EQ(reasons.size(), 8u);
  EXPECT_EQ(reasons.at("7"), kSpark31Reason);
  EXPECT_EQ(reasons.at("8"), kSpark34Reason);
  for (const char* id : {"1", "2", "3", "4", "6", "9"}) {
    EXPECT_NE(reasons.at(id).find(kReleased), std::string::npos) << id;
  }
}

TEST_F(DecommissionLogTest, ExecutorsPageSaysDecommissioned) {
  std::map<std::string, std::string> statuses;
  for (const ExecutorRow& row : ui_.state().executors.rows) statuses[row.id] = row.status;
  EXPECT_EQ(statuses, (std::map<std::string, std::string>{
                          {"1", "Dead"}, {"2", "Dead"}, {"3", "Dead"}, {"4", "Dead"},
                          {"5", "Active"}, {"6", "Dead"}, {"7", "Decommissioned"},
                          {"8", "Decommissioned"}, {"9", "Dead"}, {"10", "Active"},
                          {"driver", "Active"}}));
  EXPECT_EQ(ui_.state().executors.widest_status, "Decommissioned");  // its column's width
}

}  // namespace executor_decommission_test
}  // namespace afterglow::ui
