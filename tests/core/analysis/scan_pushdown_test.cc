// The unpushed-scan rule (core/analysis/scan_pushdown.h). No corpus log has a pushable scan that a
// filter above could have narrowed (their unpushed scans read text, which takes no filter), so
// the triggering log is execution 0 of rapids-tools/profiling/eventlog_dsv1.zstd (CollectLimit <-
// Filter <- Scan) with the scan made a Parquet scan and its driver metrics made large; the numbers
// the finding carries are checked against the /sql answer for the same log. The corpus log itself,
// and the same plan with a pushed filter or a small input, trigger nothing.
#include "core/analysis/scan_pushdown.h"

#include <gtest/gtest.h>

#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "core/analysis/diagnostics.h"
#include "core/load/load_path.h"
#include "core/model/app_model.h"
#include "core/session.h"
#include "simdjson.h"
#include "tests/core/inline_log.h"

namespace afterglow {
namespace scan_pushdown_test {

const std::string kCorpus = AFTERGLOW_CORPUS_DIR;
constexpr int64_t kNow = 4'000'000'000'000;

// Execution 0 of eventlog_dsv1 with the scan's format, pushed filters and driver metrics chosen.
std::string ScanLog(const std::string& format, const std::string& pushed, int64_t size_bytes,
                    int64_t files) {
  std::string lower_format = format;  // the node name says "parquet", the plan text "Parquet"
  for (char& c : lower_format) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const std::string scan_desc = "FileScan " + format +
                                " [value#0] Batched: false, DataFilters: [(length(trim(value#0, "
                                "None)) > 0)], Format: " +
                                format +
                                ", Location: InMemoryFileIndex[file:/data/trucks], "
                                "PartitionFilters: [], PushedFilters: [" +
                                pushed + "], ReadSchema: struct<value:string>";
  std::string log =
      R"J({"Event":"SparkListenerApplicationStart","App Name":"Spark shell","App ID":"local-1624371544219","Timestamp":1624371543616,"User":"user1"})J"
      "\n";
  log +=
      R"J({"Event":"org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionStart","executionId":0,"description":"csv at <console>:23","details":"","physicalPlanDescription":"== Physical Plan ==","sparkPlanInfo":{"nodeName":"CollectLimit","simpleString":"CollectLimit 1","children":[{"nodeName":"WholeStageCodegen (1)","simpleString":"WholeStageCodegen (1)","children":[{"nodeName":"Filter","simpleString":"Filter (length(trim(value#0, None)) > 0)","children":[{"nodeName":"InputAdapter","simpleString":"InputAdapter","children":[{"nodeName":"Scan )J" +
      lower_format + R"J( ","simpleString":")J" + scan_desc +
      R"J(","children":[],"metadata":{},"metrics":[{"name":"number of output rows","accumulatorId":12,"metricType":"sum"},{"name":"number of files read","accumulatorId":13,"metricType":"sum"},{"name":"metadata time","accumulatorId":14,"metricType":"timing"},{"name":"size of files read","accumulatorId":15,"metricType":"size"}]}],"metadata":{},"metrics":[]}],"metadata":{},"metrics":[{"name":"number of output rows","accumulatorId":11,"metricType":"sum"}]}],"metadata":{},"metrics":[{"name":"duration","accumulatorId":10,"metricType":"timing"}]}],"metadata":{},"metrics":[]},"time":1624371550000})J"
      "\n";
  log += R"J({"Event":"org.apache.spark.sql.execution.ui.SparkListenerDriverAccumUpdates","executionId":0,"accumUpdates":[[13,)J" +
         std::to_string(files) + "],[14,1],[15," + std::to_string(size_bytes) + "]]}\n";
  log +=
      R"J({"Event":"org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionEnd","executionId":0,"time":1624371567418})J"
      "\n";
  log += R"J({"Event":"SparkListenerApplicationEnd","Timestamp":1624371570000})J"
         "\n";
  return log;
}

const AttemptModel& OnlyModel(const Session& session) {
  const std::vector<AttemptSummary> apps = session.Summaries();
  EXPECT_EQ(apps.size(), 1u);
  return *session.model(apps.at(0).model_index);
}

// The "size of files read" and "number of files read" texts of /sql/0, as the History Server
// prints them.
void SqlMetricTexts(const Session& session, std::string* size, std::string* files) {
  const ApiResponse response =
      session.Api("/api/v1/applications/local-1624371544219/sql/0?details=true");
  ASSERT_EQ(response.status, 200) << response.body;
  simdjson::dom::parser parser;
  simdjson::dom::element root;
  ASSERT_EQ(parser.parse(response.body).get(root), simdjson::SUCCESS);
  simdjson::dom::array nodes;
  ASSERT_EQ(root["nodes"].get_array().get(nodes), simdjson::SUCCESS);
  for (simdjson::dom::element node : nodes) {
    simdjson::dom::array metrics;
    if (node["metrics"].get_array().get(metrics) != simdjson::SUCCESS) continue;
    for (simdjson::dom::element metric : metrics) {
      std::string_view name, value;
      if (metric["name"].get_string().get(name) != simdjson::SUCCESS ||
          metric["value"].get_string().get(value) != simdjson::SUCCESS) {
        continue;
      }
      if (name == "size of files read") size->assign(value);
      if (name == "number of files read") files->assign(value);
    }
  }
}

TEST(ScanPushdown, LargeParquetScanWithNothingPushedUnderAFilter) {
  const int64_t two_gib = int64_t{2} << 30;
  const auto session = test_support::LoadInlineLog(ScanLog("Parquet", "", two_gib, 40));
  const AttemptModel& model = OnlyModel(*session);
  const StringPool& pool = session->strings();
  std::string size_text, files_text;
  SqlMetricTexts(*session, &size_text, &files_text);
  EXPECT_EQ(size_text, "2.0 GiB");  // the API's text, which the rule reads back
  EXPECT_EQ(files_text, "40");

  const std::vector<UnpushedScan> scans = FindUnpushedScans(model, pool, 256ll << 20);
  ASSERT_EQ(scans.size(), 1u);
  EXPECT_EQ(scans[0].execution_id, 0);
  EXPECT_EQ(scans[0].scan_name, "Scan parquet");
  EXPECT_EQ(scans[0].filter_condition, "Filter (length(trim(value#0, None)) > 0)");
  EXPECT_EQ(scans[0].bytes_read, two_gib);
  EXPECT_FALSE(scans[0].bytes_from_stages);
  EXPECT_EQ(scans[0].files_read, 40);

  int found = 0;
  for (const Finding& f : Diagnose(model, pool, kNow)) {
    if (f.kind != FindingKind::kUnpushedScan) continue;
    ++found;
    EXPECT_EQ(f.target, FindingTarget::kSqlExecution);
    EXPECT_EQ(f.target_id, 0);
    EXPECT_EQ(f.value_a, two_gib);
    EXPECT_EQ(f.value_b, 40);
    EXPECT_EQ(f.severity, FindingSeverity::kWarning);
  }
  EXPECT_EQ(found, 1);
}

TEST(ScanPushdown, APushedFilterOrASmallInputIsNoFinding) {
  {
    const auto session = test_support::LoadInlineLog(
        ScanLog("Parquet", "IsNotNull(value)", int64_t{2} << 30, 40));
    EXPECT_TRUE(FindUnpushedScans(OnlyModel(*session), session->strings(), 0).empty());
  }
  {
    const auto session = test_support::LoadInlineLog(ScanLog("Parquet", "", 100 << 20, 4));
    const AttemptModel& model = OnlyModel(*session);
    EXPECT_TRUE(FindUnpushedScans(model, session->strings(), 256ll << 20).empty());
    for (const Finding& f : Diagnose(model, session->strings(), kNow)) {
      EXPECT_NE(f.kind, FindingKind::kUnpushedScan);
    }
  }
}

// The corpus plan as logged: a text scan, which takes no pushed filter, so even with no size
// threshold there is nothing to report.
TEST(ScanPushdown, CorpusTextScanUnderAFilterIsNoFinding) {
  Session session;
  std::string error;
  ASSERT_TRUE(LoadPath(session, kCorpus + "/rapids-tools/profiling/eventlog_dsv1.zstd", &error))
      << error;
  const AttemptModel& model = OnlyModel(session);
  EXPECT_TRUE(FindUnpushedScans(model, session.strings(), 0).empty());
}

TEST(ScanPushdown, MetricTextsReadBack) {
  EXPECT_EQ(ParseSizeMetric("229.0 B"), 229);
  EXPECT_EQ(ParseSizeMetric("2.0 GiB"), int64_t{2} << 30);
  EXPECT_EQ(ParseSizeMetric("total (min, med, max (stage 1.0: task 3))\n3.0 MiB (1.0 MiB, 1.0 MiB, "
                            "1.0 MiB (stage 1.0: task 3))"),
            3 << 20);
  EXPECT_EQ(ParseSizeMetric("12"), -1);
  EXPECT_EQ(ParseSizeMetric("1.0 parsecs"), -1);
  EXPECT_EQ(ParseCountMetric("1,234"), 1234);
  EXPECT_EQ(ParseCountMetric("n/a"), -1);
  EXPECT_TRUE(PlanFieldIsEmptyList("PartitionFilters: [], PushedFilters: []", "PushedFilters"));
  EXPECT_FALSE(PlanFieldIsEmptyList("PushedFilters: [IsNotNull(a)]", "PushedFilters"));
  EXPECT_FALSE(PlanFieldIsEmptyList("Format: Parquet", "PushedFilters"));
}

// The metric texts' numbers are read without strtod where they are plain decimals: the same
// values as strtod's for every number of up to 15 digits with its point anywhere, and strtod's
// reading kept for the rest (more digits, exponents, a bare trailing point).
TEST(ScanPushdown, MetricNumbersReadAsStrtodReadsThem) {
  auto expected = [](const std::string& number, int shift) {
    char* end = nullptr;
    const double value = std::strtod(number.c_str(), &end);
    return static_cast<int64_t>(std::ldexp(value, shift));
  };
  uint64_t state = 12345;
  for (int i = 0; i < 20000; ++i) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    const int digits = 1 + static_cast<int>((state >> 33) % 15);
    std::string number = std::to_string((state >> 11) % 1'000'000'000'000'000ull);
    number = number.substr(0, std::min<size_t>(number.size(), static_cast<size_t>(digits)));
    const size_t point = (state >> 40) % (number.size() + 1);
    if (point < number.size()) number.insert(number.size() - point, ".");
    if (number.front() == '.') number.insert(0, "0");
    ASSERT_EQ(ParseSizeMetric(number + " B"), expected(number, 0)) << number;
    ASSERT_EQ(ParseSizeMetric(number + " KiB"), expected(number, 10)) << number;
    ASSERT_EQ(ParseTimingMetric(number + " s"), std::llround(std::strtod(number.c_str(), nullptr) * 1000.0))
        << number;
  }
  EXPECT_EQ(ParseSizeMetric("12345678901234567 B"), expected("12345678901234567", 0));  // strtod's
  EXPECT_EQ(ParseSizeMetric("1e3 B"), 1000);
  EXPECT_EQ(ParseSizeMetric("10. B"), 10);
  EXPECT_EQ(ParseSizeMetric(". B"), -1);
  EXPECT_EQ(ParseSizeMetric("1.2.3 B"), -1);
  EXPECT_EQ(ParseTimingMetric("-1.0 ms"), -1);
}

// The time at stake, by construction: the scan's 30 s of "scan time" over the one slot of a log
// without executors, times the 99 % of its rows the filter dropped (10,000 kept of 1,000,000).
TEST(ScanPushdown, TimeAtStakeIsTheScanTimeOfTheDroppedRows) {
  std::string log = ScanLog("Parquet", "", int64_t{2} << 30, 40);
  const std::string size_metric = R"J({"name":"size of files read","accumulatorId":15,"metricType":"size"})J";
  const size_t at = log.find(size_metric);
  ASSERT_NE(at, std::string::npos);
  log.insert(at + size_metric.size(), R"J(,{"name":"scan time","accumulatorId":16,"metricType":"timing"})J");
  const std::string end = R"J({"Event":"org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionEnd")J";
  log.insert(log.find(end),
             R"J({"Event":"org.apache.spark.sql.execution.ui.SparkListenerDriverAccumUpdates","executionId":0,"accumUpdates":[[16,30000],[12,1000000],[11,10000]]})J"
             "\n");
  const auto session = test_support::LoadInlineLog(log);
  int found = 0;
  for (const Finding& f : Diagnose(OnlyModel(*session), session->strings(), kNow)) {
    if (f.kind != FindingKind::kUnpushedScan) continue;
    ++found;
    EXPECT_EQ(f.time_at_stake_ms, int64_t{30000} * 990000 / 1000000);
    EXPECT_NE(f.time_at_stake_basis.find("990000 of 1000000"), std::string::npos) << f.time_at_stake_basis;
  }
  EXPECT_EQ(found, 1);
}

}  // namespace scan_pushdown_test
}  // namespace afterglow
