// The page's memory cap (core/listen/retention_memory_cap.h): the guard's decision from hand-built
// readings, and a load driven the way wasm/bridge.cc drives it, with a small artificial cap, whose
// kept part is checked against the log's own lines.
#include "core/listen/retention_memory_cap.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/base/read_padding.h"
#include "core/session.h"

namespace afterglow {
namespace retention_memory_cap_test {

const std::string kCorpus = AFTERGLOW_CORPUS_DIR;

TEST(RetentionMemoryCap, AllowsPushesBelowBothLimits) {
  MemoryCapGuard guard(MemoryCap{1000, 2000});
  EXPECT_TRUE(guard.AllowPush(999, 1999, {"log", 10, 10, 100}));
  EXPECT_FALSE(guard.reached());
}

TEST(RetentionMemoryCap, StopsAtEitherLimitAndStaysStopped) {
  MemoryCapGuard by_used(MemoryCap{1000, 2000});
  EXPECT_FALSE(by_used.AllowPush(1000, 1500, {"log", 10, 10, 100}));
  EXPECT_TRUE(by_used.reached());
  // Freed memory does not resume reading: the kept part stays one prefix of the input.
  EXPECT_FALSE(by_used.AllowPush(10, 10, {"log", 20, 20, 100}));

  MemoryCapGuard by_heap(MemoryCap{1000, 2000});
  EXPECT_FALSE(by_heap.AllowPush(500, 2000, {"log", 10, 10, 100}));
}

TEST(RetentionMemoryCap, NoticeSaysWhereReadingStopped) {
  MemoryCapGuard guard(MemoryCap{1000, 2000});
  std::string file = "folder/big.zstd";
  ASSERT_FALSE(guard.AllowPush(3'000'000, 1500, {file, 1'500'000, 2'500'000, 4'000'000}));
  file = "overwritten";  // the guard keeps its own copy of the name
  const LoadProblem notice = guard.Notice();
  EXPECT_EQ(notice.file, "folder/big.zstd");
  EXPECT_EQ(notice.offset, 1'500'000u);
  EXPECT_EQ(notice.cause.rfind("memory cap", 0), 0u);
  EXPECT_NE(notice.cause.find("held 3 MB"), std::string::npos) << notice.cause;
  EXPECT_NE(notice.cause.find("stopped after 2.5 of 4.0 MB of input"), std::string::npos) << notice.cause;
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Task ends on the lines that end within the first `bytes` of the log: what a reader that stopped
// there has seen (the unfinished last line is not parsed until more bytes come).
uint64_t TaskEndsInPrefix(const std::string& log, size_t bytes) {
  uint64_t count = 0;
  size_t line_start = 0;
  for (size_t newline = log.find('\n'); newline != std::string::npos && newline < bytes;
       newline = log.find('\n', line_start)) {
    if (log.substr(line_start, newline - line_start).find(R"("Event":"SparkListenerTaskEnd")") !=
        std::string::npos) {
      ++count;
    }
    line_start = newline + 1;
  }
  return count;
}

// The bridge's loop with a cap at 85% of the log: the "malloc'd bytes" reading stands in as the
// bytes pushed so far, so the stop point is known in advance.
TEST(RetentionMemoryCap, CappedLoadKeepsTheLogUpToTheStopAndSaysSo) {
  const std::string name = "application_1553914137147_0018";
  std::string log = ReadFile(kCorpus + "/spark/spark-events/" + name);
  ASSERT_GT(log.size(), 100'000u);
  const size_t log_size = log.size();
  log.append(kReadPadding, '\0');
  constexpr size_t kChunk = 4096;
  // Its six task ends lie between 70% and 94% of its bytes: a cap at 85% keeps some of them.
  const uint64_t cap_bytes = log_size * 85 / 100;

  Session session;
  session.BeginFile(name, log_size);
  MemoryCapGuard guard(MemoryCap{cap_bytes, UINT64_MAX});
  size_t pushed = 0;
  while (pushed < log_size) {
    if (!guard.AllowPush(pushed, 0, {name, pushed, pushed, log_size})) {
      session.AddProblem(guard.Notice());
      break;
    }
    const size_t size = std::min(kChunk, log_size - pushed);
    session.PushBytes(reinterpret_cast<const uint8_t*>(log.data()) + pushed, size);
    pushed += size;
  }
  ASSERT_TRUE(guard.reached());
  // The first push at or past the cap is refused: whole chunks up to there are read.
  const size_t expected_pushed = (cap_bytes + kChunk - 1) / kChunk * kChunk;
  EXPECT_EQ(pushed, expected_pushed);

  const std::vector<AttemptSummary> apps = session.Summaries();
  ASSERT_EQ(apps.size(), 1u);
  const uint64_t kept_tasks = TaskEndsInPrefix(log, pushed);
  EXPECT_GT(kept_tasks, 0u);
  EXPECT_LT(kept_tasks, TaskEndsInPrefix(log, log_size));
  EXPECT_EQ(apps[0].finished_tasks, kept_tasks);

  ASSERT_EQ(session.problems().size(), 1u);
  EXPECT_EQ(session.problems()[0].file, name);
  EXPECT_EQ(session.problems()[0].offset, pushed);
  EXPECT_NE(session.problems()[0].cause.find("memory cap"), std::string::npos);
}

}  // namespace retention_memory_cap_test
}  // namespace afterglow
