// A saved analysis of a comparison holds both logs, redacted through one ShareJob: one table of
// stand-ins for the two, so an identity both logs name gets the same stand-in in each, and the
// comparison of the redacted pair is the comparison of the originals: the same alignment, the
// same figures and deltas, the same properties differing and the same headline.
// The pair: two standalone-cluster runs of one user ("jose", in ApplicationStart's "User" and in
// the /Users/jose/... paths of both logs), on different driver addresses (172.22.0.111 and
// .167). Redacted apart, each log would number its own address ip-1 and the driver's address
// would no longer differ; redacted together they stay two stand-ins and the difference stays.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "core/base/read_padding.h"
#include "core/compare/comparison.h"
#include "core/share/share_job.h"
#include "simdjson.h"
#include "tests/core/compare/loaded_run.h"
#include "tests/support/file_text.h"

namespace afterglow::share {
namespace shared_redaction_test {
namespace {

namespace fs = std::filesystem;

const fs::path kEvents = fs::path(AFTERGLOW_CORPUS_DIR) / "spark" / "spark-events";
constexpr const char* kLogA = "app-20161115172038-0000";
constexpr const char* kLogB = "app-20161116163331-0000";

using test_support::ReadFile;
using test_support::Unzstd;

// Both logs through one job, as the page saves two open runs: the scan pass over both, then the
// write pass over both. Returns the redacted texts in the same order.
std::vector<std::string> RedactTogether(const std::vector<std::string>& names,
                                        const std::vector<std::string>& texts) {
  ShareJob job(/*redact=*/true, "#/compare");
  for (int pass = 0; pass <= 1; ++pass) {
    for (size_t i = 0; i < texts.size(); ++i) {
      std::vector<uint8_t> padded(texts[i].begin(), texts[i].end());
      padded.resize(texts[i].size() + kReadPadding);
      EXPECT_TRUE(job.BeginFile(names[i], texts[i].size(), "", pass)) << job.error();
      EXPECT_TRUE(job.Push(padded.data(), texts[i].size())) << job.error();
      EXPECT_TRUE(job.EndFile()) << job.error();
    }
  }
  std::vector<std::string> out;
  for (const SharedFile& file : job.files()) out.push_back(Unzstd(file.zstd));
  return out;
}

// ApplicationStart's "User" of a log's text.
std::string UserOf(const std::string& text) {
  std::istringstream lines(text);
  std::string line;
  simdjson::dom::parser parser;
  while (std::getline(lines, line)) {
    if (line.find("SparkListenerApplicationStart") == std::string::npos) continue;
    std::string_view user;
    if (parser.parse(line).get_object()["User"].get_string().get(user) == simdjson::SUCCESS) {
      return std::string(user);
    }
  }
  return "";
}

// The path segment after the first `prefix` ("/Users/" -> the home folder's name).
std::string SegmentAfter(const std::string& text, const std::string& prefix) {
  const size_t at = text.find(prefix);
  if (at == std::string::npos) return "";
  const size_t start = at + prefix.size();
  return text.substr(start, text.find('/', start) - start);
}

void ExpectSameMetrics(const compare::EntityMetrics& x, const compare::EntityMetrics& y,
                       const std::string& what) {
  EXPECT_EQ(x.duration_ms, y.duration_ms) << what;
  EXPECT_EQ(x.tasks, y.tasks) << what;
  EXPECT_EQ(x.task_time_ms, y.task_time_ms) << what;
  EXPECT_EQ(x.input_bytes, y.input_bytes) << what;
  EXPECT_EQ(x.output_bytes, y.output_bytes) << what;
  EXPECT_EQ(x.shuffle_read_bytes, y.shuffle_read_bytes) << what;
  EXPECT_EQ(x.shuffle_write_bytes, y.shuffle_write_bytes) << what;
  EXPECT_EQ(x.memory_spilled_bytes, y.memory_spilled_bytes) << what;
  EXPECT_EQ(x.disk_spilled_bytes, y.disk_spilled_bytes) << what;
  EXPECT_EQ(x.gc_time_ms, y.gc_time_ms) << what;
  EXPECT_EQ(x.failed_tasks, y.failed_tasks) << what;
}

void ExpectSameRows(const std::vector<compare::AlignedIndex>& x,
                    const std::vector<compare::AlignedIndex>& y, const char* what) {
  ASSERT_EQ(x.size(), y.size()) << what;
  for (size_t r = 0; r < x.size(); ++r) {
    EXPECT_EQ(x[r].a, y[r].a) << what << " row " << r;
    EXPECT_EQ(x[r].b, y[r].b) << what << " row " << r;
  }
}

class SharedRedaction : public ::testing::Test {
 protected:
  void SetUp() override {
    for (const char* name : {kLogA, kLogB}) {
      ASSERT_TRUE(fs::exists(kEvents / name)) << kEvents / name;
      names_.push_back(name);
      originals_.push_back(ReadFile(kEvents / name));
    }
    redacted_ = RedactTogether(names_, originals_);
    ASSERT_EQ(redacted_.size(), 2u);
  }

  std::vector<std::string> names_, originals_, redacted_;
};

TEST_F(SharedRedaction, AnIdentityOfBothLogsHasOneStandIn) {
  // Read from the logs themselves: both runs are jose's, their jars under /Users/Jose/.
  ASSERT_EQ(UserOf(originals_[0]), "jose");
  ASSERT_EQ(UserOf(originals_[1]), "jose");
  ASSERT_EQ(SegmentAfter(originals_[0], "/Users/"), "Jose");
  ASSERT_EQ(SegmentAfter(originals_[1], "/Users/"), "Jose");

  const std::string user_a = UserOf(redacted_[0]);
  const std::string user_b = UserOf(redacted_[1]);
  EXPECT_NE(user_a, "jose");
  EXPECT_FALSE(user_a.empty());
  EXPECT_EQ(user_a, user_b) << "one user, one stand-in across the two logs";
  // The home folder is one directory of both logs: one stand-in in each.
  const std::string home_a = SegmentAfter(redacted_[0], "/Users/");
  EXPECT_FALSE(home_a.empty());
  EXPECT_NE(home_a, "Jose");
  EXPECT_EQ(home_a, SegmentAfter(redacted_[1], "/Users/"));
  for (const std::string& text : redacted_) {
    EXPECT_EQ(text.find("jose"), std::string::npos);
    EXPECT_EQ(text.find("/Users/Jose/"), std::string::npos);
  }
}

TEST_F(SharedRedaction, TheRedactedPairComparesAsTheOriginals) {
  const compare_test::LoadedRun a = compare_test::LoadRunText(originals_[0], names_[0]);
  const compare_test::LoadedRun b = compare_test::LoadRunText(originals_[1], names_[1]);
  const compare_test::LoadedRun ra = compare_test::LoadRunText(redacted_[0], names_[0]);
  const compare_test::LoadedRun rb = compare_test::LoadRunText(redacted_[1], names_[1]);
  ASSERT_EQ(a.sides.size(), 1u);
  ASSERT_EQ(b.sides.size(), 1u);
  ASSERT_EQ(ra.sides.size(), 1u);
  ASSERT_EQ(rb.sides.size(), 1u);
  const compare::Comparison original = compare::CompareRuns(a.only(), b.only());
  const compare::Comparison redacted = compare::CompareRuns(ra.only(), rb.only());
  // The pair aligns at least one job and stage: the check below is about something.
  ASSERT_FALSE(original.rows.jobs.empty());
  ASSERT_FALSE(original.rows.stages.empty());

  ExpectSameRows(original.rows.sql, redacted.rows.sql, "sql");
  ExpectSameRows(original.rows.jobs, redacted.rows.jobs, "jobs");
  ExpectSameRows(original.rows.stages, redacted.rows.stages, "stages");
  ASSERT_EQ(original.run_a.stages.size(), redacted.run_a.stages.size());
  ASSERT_EQ(original.run_b.stages.size(), redacted.run_b.stages.size());
  for (size_t i = 0; i < original.run_a.stages.size(); ++i) {
    ExpectSameMetrics(original.run_a.stages[i].metrics, redacted.run_a.stages[i].metrics, "A's stage");
  }
  for (size_t i = 0; i < original.run_b.stages.size(); ++i) {
    ExpectSameMetrics(original.run_b.stages[i].metrics, redacted.run_b.stages[i].metrics, "B's stage");
  }
  ASSERT_EQ(original.run_a.jobs.size(), redacted.run_a.jobs.size());
  for (size_t i = 0; i < original.run_a.jobs.size(); ++i) {
    ExpectSameMetrics(original.run_a.jobs[i].metrics, redacted.run_a.jobs[i].metrics, "A's job");
  }
  ASSERT_EQ(original.app.size(), redacted.app.size());
  for (size_t i = 0; i < original.app.size(); ++i) {
    EXPECT_EQ(original.app[i].a, redacted.app[i].a) << original.app[i].key;
    EXPECT_EQ(original.app[i].b, redacted.app[i].b) << original.app[i].key;
  }
  EXPECT_EQ(original.wall_delta_ms, redacted.wall_delta_ms);
  ASSERT_EQ(original.headline.size(), redacted.headline.size());
  for (size_t i = 0; i < original.headline.size(); ++i) {
    EXPECT_EQ(original.headline[i].row, redacted.headline[i].row);
    EXPECT_EQ(original.headline[i].delta_ms, redacted.headline[i].delta_ms);
  }
  // The same properties differ (their values may be stand-ins now), and no property that was
  // equal in the originals differs once redacted: a shared identity kept one stand-in.
  ASSERT_FALSE(original.config.empty());
  ASSERT_EQ(original.config.size(), redacted.config.size());
  for (size_t i = 0; i < original.config.size(); ++i) {
    EXPECT_EQ(original.config[i].key, redacted.config[i].key);
    // The drivers' two addresses stay two: each log's own stand-in, neither the address.
    if (redacted.config[i].key != "spark.driver.host") continue;
    ASSERT_TRUE(redacted.config[i].a && redacted.config[i].b);
    EXPECT_NE(*redacted.config[i].a, *redacted.config[i].b);
    EXPECT_EQ(redacted.config[i].a->find("172.22."), std::string::npos);
    EXPECT_EQ(redacted.config[i].b->find("172.22."), std::string::npos);
  }
  EXPECT_EQ(original.findings.only_a.size(), redacted.findings.only_a.size());
  EXPECT_EQ(original.findings.only_b.size(), redacted.findings.only_b.size());
  EXPECT_EQ(original.findings.both.size(), redacted.findings.both.size());
}

}  // namespace
}  // namespace shared_redaction_test
}  // namespace afterglow::share
