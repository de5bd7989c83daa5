// Every corpus log compared with itself (loaded twice, so each side has its own string pool, as
// two logs do): every SQL execution, job and stage attempt pairs one to one with its own id,
// every delta is zero, no property differs, no plan changed, no finding appears or disappears,
// and the headline is empty. One test per log, named after its path.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "core/compare/comparison.h"
#include "core/load/log_layout.h"
#include "tests/core/compare/loaded_run.h"

namespace afterglow::compare_test::self {
namespace {

namespace fs = std::filesystem;

const fs::path kCorpus = fs::path(AFTERGLOW_CORPUS_DIR);

bool IsDocument(const fs::path& path) {
  const std::string name = path.filename().string();
  if (name.starts_with("LICENSE") || name.starts_with("README") || name == "EXPECTATIONS.tsv") {
    return true;
  }
  for (const fs::path& part : path) {
    if (part == "expectations") return true;
  }
  return false;
}

// Each log once: a folder that log_layout.h reads as one log, else every file in it.
void AddLogs(const fs::path& dir, std::vector<std::string>& out) {
  std::vector<LayoutFile> files;
  std::vector<fs::path> file_paths, folders;
  for (const fs::directory_entry& entry : fs::directory_iterator(dir)) {
    if (entry.is_directory()) folders.push_back(entry.path());
    if (!entry.is_regular_file()) continue;
    files.push_back({entry.path().filename().string(), entry.file_size()});
    file_paths.push_back(entry.path());
  }
  LogSource folder;
  if (LogOfFolder(files, dir.filename().string(), &folder)) {
    out.push_back(dir.string());
    return;
  }
  for (const fs::path& file : file_paths) {
    if (!IsDocument(file)) out.push_back(file.string());
  }
  for (const fs::path& sub : folders) AddLogs(sub, out);
}

std::vector<std::string> CorpusLogs() {
  std::vector<std::string> logs;
  for (const char* group : {"spark", "rapids-tools"}) {
    if (fs::is_directory(kCorpus / group)) AddLogs(kCorpus / group, logs);
  }
  std::sort(logs.begin(), logs.end());
  return logs;
}

class CompareWithItself : public testing::TestWithParam<std::string> {};

void ExpectSelfComparison(const compare::Comparison& c) {
  using compare::AlignedIndex;
  ASSERT_EQ(c.rows.sql.size(), c.run_a.sql.size());
  ASSERT_EQ(c.rows.jobs.size(), c.run_a.jobs.size());
  ASSERT_EQ(c.rows.stages.size(), c.run_a.stages.size());
  for (size_t r = 0; r < c.rows.sql.size(); ++r) {
    const AlignedIndex row = c.rows.sql[r];
    ASSERT_TRUE(row.a >= 0 && row.b >= 0) << "SQL row " << r << " is one-sided";
    EXPECT_EQ(c.run_a.sql[row.a].execution_id, c.run_b.sql[row.b].execution_id);
    EXPECT_EQ(c.run_a.sql[row.a].metrics.duration_ms, c.run_b.sql[row.b].metrics.duration_ms);
    EXPECT_TRUE(c.sql_changes[r].empty() && c.sql_changes[r].same_shape)
        << "SQL " << c.run_a.sql[row.a].execution_id << " shows a plan change";
  }
  for (const AlignedIndex& row : c.rows.jobs) {
    ASSERT_TRUE(row.a >= 0 && row.b >= 0) << "a job row is one-sided";
    EXPECT_EQ(c.run_a.jobs[row.a].job_id, c.run_b.jobs[row.b].job_id);
    EXPECT_EQ(c.run_a.jobs[row.a].metrics.duration_ms, c.run_b.jobs[row.b].metrics.duration_ms);
  }
  for (const AlignedIndex& row : c.rows.stages) {
    ASSERT_TRUE(row.a >= 0 && row.b >= 0) << "a stage row is one-sided";
    const compare::StageEntity& a = c.run_a.stages[row.a];
    const compare::StageEntity& b = c.run_b.stages[row.b];
    EXPECT_EQ(a.stage_id, b.stage_id);
    EXPECT_EQ(a.attempt_id, b.attempt_id);
    EXPECT_EQ(a.metrics.duration_ms, b.metrics.duration_ms);
    EXPECT_EQ(a.metrics.tasks, b.metrics.tasks);
    EXPECT_EQ(a.metrics.input_bytes, b.metrics.input_bytes);
    EXPECT_EQ(a.metrics.longest_task_ms, b.metrics.longest_task_ms);
  }
  for (const compare::AppMetricRow& row : c.app) {
    EXPECT_EQ(row.Delta(), 0) << row.key;
  }
  EXPECT_TRUE(c.config.empty()) << c.config.size() << " properties differ, first " << c.config[0].key;
  for (const compare::PropertyDifference& p : c.executor_requests) EXPECT_EQ(p.a, p.b) << p.key;
  EXPECT_TRUE(c.findings.only_a.empty());
  EXPECT_TRUE(c.findings.only_b.empty());
  EXPECT_TRUE(c.headline.empty());
  EXPECT_EQ(c.wall_delta_ms, 0);
  EXPECT_EQ(c.items_delta_ms, 0);
}

TEST_P(CompareWithItself, PairsEverythingWithItselfAndNothingChanges) {
  const LoadedRun a = LoadRun(GetParam()), b = LoadRun(GetParam());
  ASSERT_EQ(a.sides.size(), b.sides.size());
  for (size_t i = 0; i < a.sides.size(); ++i) {
    SCOPED_TRACE("application attempt " + std::to_string(i));
    ExpectSelfComparison(compare::CompareRuns(a.sides[i], b.sides[i]));
  }
}

TEST(CompareWithItselfCorpus, CoversEveryLogOfTheCorpus) {
  ASSERT_TRUE(fs::is_directory(kCorpus)) << "the corpus is missing: " << kCorpus;
  EXPECT_GT(CorpusLogs().size(), 60u);
}

std::string TestName(const testing::TestParamInfo<std::string>& info) {
  std::string name = fs::path(info.param).lexically_relative(kCorpus).string();
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

INSTANTIATE_TEST_SUITE_P(Corpus, CompareWithItself, testing::ValuesIn(CorpusLogs()), TestName);

}  // namespace
}  // namespace afterglow::compare_test::self
