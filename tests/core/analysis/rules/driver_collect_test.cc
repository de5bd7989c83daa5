// The driver-collect rule. No corpus log fetches large results, so the made log is
// rapids-tools/qualification/jdbc_eventlog.zstd with stage 0's only task made to return 1 GiB
// and to fetch it for 936 ms (Getting Result Time 1634669139000, finish 1634669139936): the time
// at stake is that fetch, known by construction. Silent: the JDBC log as Spark wrote it.
#include "core/analysis/rules/driver_collect.h"

#include <gtest/gtest.h>

#include "tests/core/analysis/rules/rule_test_support.h"

namespace afterglow::rule_test {
namespace {


TEST(DriverCollect, OneGibResultFetchedForNearlyASecond) {
  std::string log = Joined(CorpusLines(kJdbcLog));
  const size_t end = log.find("{\"Event\":\"SparkListenerTaskEnd\",\"Stage ID\":0,");
  ASSERT_NE(end, std::string::npos);
  const std::string getting = "\"Getting Result Time\":0";
  log.replace(log.find(getting, end), getting.size(), "\"Getting Result Time\":1634669139000");
  const std::string result = "\"Result Size\":";
  const size_t at = log.find(result, end) + result.size();
  log.replace(at, log.find_first_not_of("0123456789", at) - at, std::to_string(int64_t{1} << 30));
  const Diagnosed d = DiagnoseText(log);
  const std::vector<const Finding*> found = d.Of("driver-collect");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0]->target_id, 0);
  EXPECT_EQ(EvidenceOf(*found[0], EvidenceKind::kStage, "result size")->value, int64_t{1} << 30);
  EXPECT_EQ(found[0]->time_at_stake_ms, 1634669139936 - 1634669139000);
  EXPECT_NE(found[0]->fix.find("collect()"), std::string::npos);
}

TEST(DriverCollect, SmallResultsAreSilent) {
  EXPECT_TRUE(DiagnoseCorpus(kJdbcLog).Of("driver-collect").empty());
}

}  // namespace
}  // namespace afterglow::rule_test
