// `afterglow summary` prints every load counter of the table, by its label, with the count the
// session keeps for that log.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "core/base/load_counters.h"
#include "core/load/load_path.h"
#include "core/session.h"
#include "tests/conformance/cli_run.h"

namespace afterglow::conformance {
namespace {

namespace fs = std::filesystem;

const fs::path kCorpus = fs::path(AFTERGLOW_CORPUS_DIR);

void ExpectEveryCounterPrinted(const fs::path& log) {
  const CommandResult result = RunCommand(CliCommand({"summary", log.string()}) + " 2>&1");
  ASSERT_EQ(result.signal, 0);
  ASSERT_EQ(result.exit_code, 0) << result.output;
  Session session;
  std::string error;
  ASSERT_TRUE(LoadPath(session, log.string(), &error)) << error;
  const std::vector<AttemptSummary> summaries = session.Summaries();  // by value: a new vector
  ASSERT_EQ(summaries.size(), 1u);
  const LoadCounters& counters = summaries[0].counters;
  for (const LoadCounterInfo& counter : kLoadCounterTable) {
    char text[64];
    const std::string label = LoadCounterLabel(counter, text, sizeof text);
    const size_t at = result.output.find("\n  " + label + " ");
    ASSERT_NE(at, std::string::npos) << label << " is not printed:\n" << result.output;
    const size_t end = result.output.find('\n', at + 1);
    const std::string line = result.output.substr(at + 1, end - at - 1);
    const std::string count = std::to_string(counters.*counter.value);
    EXPECT_EQ(line.substr(line.size() - count.size() - 1), " " + count) << line;
  }
}

// A damaged log: one bad line, and the events around it read.
TEST(SummaryCounters, EveryCounterIsPrintedForADamagedLog) {
  const fs::path log = kCorpus / "rapids-tools" / "profiling" / "malformed_json_eventlog.zstd";
  ExpectEveryCounterPrinted(log);
  Session session;
  std::string error;
  ASSERT_TRUE(LoadPath(session, log.string(), &error)) << error;
  EXPECT_EQ(session.Summaries()[0].counters.bad_lines, 1u);
  EXPECT_GT(session.Summaries()[0].counters.events, 0u);
}

TEST(SummaryCounters, EveryCounterIsPrintedForASoundLog) {
  ExpectEveryCounterPrinted(kCorpus / "spark" / "spark-events" / "local-1422981759269");
}

}  // namespace
}  // namespace afterglow::conformance
