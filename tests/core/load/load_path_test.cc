// Loading real layouts from the corpus: one rolling log, stored three ways, is one application
// with the same answers each way; a bad line in one of its parts is reported in that part.
#include "core/load/load_path.h"

#include <gtest/gtest.h>
#include <zstd.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>

#include "core/session.h"
#include "tests/core/ingest/codec_writers.h"
#include "tests/support/unique_temp_path.h"

namespace afterglow {
namespace load_path_test {

namespace fs = std::filesystem;

const std::string kQualification =
    std::string(AFTERGLOW_CORPUS_DIR) + "/rapids-tools/qualification";

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::string Unzstd(const std::string& compressed) {
  std::string out;
  ZSTD_DStream* stream = ZSTD_createDStream();
  ZSTD_inBuffer in{compressed.data(), compressed.size(), 0};
  std::string buffer(1 << 20, '\0');
  while (in.pos < in.size) {
    ZSTD_outBuffer o{buffer.data(), buffer.size(), 0};
    if (ZSTD_isError(ZSTD_decompressStream(stream, &o, &in))) break;
    out.append(buffer.data(), o.pos);
  }
  ZSTD_freeDStream(stream);
  return out;
}

std::string Answer(const std::string& path, const std::string& api) {
  Session session;
  std::string error;
  EXPECT_TRUE(LoadPath(session, path, &error)) << error;
  EXPECT_TRUE(session.problems().empty()) << path << ": " << session.problems().front().cause;
  return session.Api(api).body;
}

TEST(LoadPath, RollingDatabricksAndConcatenatedLogsGiveTheSameAnswers) {
  const std::string rolling = kQualification + "/eventlog_v2_local-1623876083964";
  if (!fs::exists(rolling)) GTEST_SKIP() << "corpus missing: " << rolling;
  const fs::path dir = test_support::UniqueTempPath("afterglow-load-path-test");
  fs::create_directories(dir);
  const std::string concatenated = (dir / "local-1623876083964").string();
  {
    std::ofstream out(concatenated, std::ios::binary);
    out << Unzstd(ReadFile(rolling + "/events_1_local-1623876083964.zstd"))
        << Unzstd(ReadFile(rolling + "/events_2_local-1623876083964.zstd"));
  }
  for (const std::string api : {"/api/v1/applications/local-1623876083964/jobs",
                                "/api/v1/applications/local-1623876083964/stages"}) {
    const std::string expected = Answer(concatenated, api);
    EXPECT_GT(expected.size(), 100u);
    EXPECT_EQ(Answer(rolling, api), expected) << api;
    EXPECT_EQ(Answer(kQualification + "/db_sim_eventlog", api), expected) << api;
  }
  Session session;
  std::string error;
  ASSERT_TRUE(LoadPath(session, rolling, &error));
  ASSERT_EQ(session.Summaries().size(), 1u);  // two parts, one model
  EXPECT_TRUE(session.Summaries()[0].completed);
  fs::remove_all(dir);
}

// Where the `nth` (1-based) line of `text` containing `needle` begins, and its 1-based line number.
struct FoundLine {
  size_t begin = std::string::npos;
  uint64_t number = 0;
};
FoundLine NthLineWith(const std::string& text, std::string_view needle, int nth) {
  FoundLine found;
  size_t begin = 0;
  for (uint64_t number = 1; begin < text.size(); ++number) {
    const size_t end = text.find('\n', begin);
    const std::string_view line(text.data() + begin,
                                (end == std::string::npos ? text.size() : end) - begin);
    if (line.find(needle) != std::string_view::npos && --nth == 0) return {begin, number};
    if (end == std::string::npos) break;
    begin = end + 1;
  }
  return found;
}

size_t CountOf(const std::string& text, std::string_view needle) {
  size_t count = 0;
  for (size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) {
    ++count;
  }
  return count;
}

TEST(LoadPath, BadLineInARollingPartIsReportedUnderThatPartWithItsLineInThePart) {
  // The corpus's rolling log, copied with one TaskEnd line in each part cut in half (the user
  // opens the file the problem names and goes to its line, so both must be the part's).
  const std::string rolling = kQualification + "/eventlog_v2_local-1623876083964";
  ASSERT_TRUE(fs::exists(rolling)) << "corpus missing: " << rolling;
  const fs::path root = test_support::UniqueTempPath("afterglow-load-path-bad-part");
  const fs::path folder = root / "eventlog_v2_local-1623876083964";
  fs::remove_all(root);
  fs::create_directories(folder);
  const std::string part_names[] = {"events_1_local-1623876083964.zstd",
                                    "events_2_local-1623876083964.zstd"};
  constexpr std::string_view kTaskEnd = R"("Event":"SparkListenerTaskEnd")";
  const int broken_nth[] = {100, 3};  // which TaskEnd line of each part is cut
  uint64_t broken_line[2] = {0, 0};
  size_t task_ends = 0;
  for (int part = 0; part < 2; ++part) {
    std::string text = Unzstd(ReadFile(rolling + "/" + part_names[part]));
    task_ends += CountOf(text, kTaskEnd);
    const FoundLine cut = NthLineWith(text, kTaskEnd, broken_nth[part]);
    ASSERT_NE(cut.begin, std::string::npos);
    ASSERT_GT(cut.number, 1u);  // not the first line: lines before it must be kept
    broken_line[part] = cut.number;
    const size_t end = text.find('\n', cut.begin);
    ASSERT_NE(end, std::string::npos);  // not the last line (which Spark may forgive)
    text.erase(cut.begin + (end - cut.begin) / 2, (end - cut.begin) - (end - cut.begin) / 2);
    std::ofstream(folder / part_names[part], std::ios::binary)
        << testing::ZstdFrames(text, 64 * 1024);
  }
  fs::copy_file(rolling + "/appstatus_local-1623876083964",
                folder / "appstatus_local-1623876083964");

  Session session;
  std::string error;
  ASSERT_TRUE(LoadPath(session, folder.string(), &error)) << error;
  ASSERT_EQ(session.problems().size(), 2u);  // the intact folder has none (test above)
  for (int part = 0; part < 2; ++part) {
    const LoadProblem& problem = session.problems()[part];
    EXPECT_EQ(problem.file, (folder / part_names[part]).string());
    EXPECT_EQ(problem.line, broken_line[part]) << part_names[part];
    EXPECT_FALSE(problem.cause.empty());
  }
  // Everything else was read, before and after each cut line: one application, finished, with
  // every TaskEnd of both parts but the two cut.
  ASSERT_EQ(session.Summaries().size(), 1u);
  const AttemptSummary summary = session.Summaries()[0];
  EXPECT_EQ(summary.app_id, "local-1623876083964");
  EXPECT_TRUE(summary.completed);
  EXPECT_EQ(summary.counters.bad_lines, 2u);
  EXPECT_EQ(summary.finished_tasks, task_ends - 2);
  fs::remove_all(root);
}

}  // namespace load_path_test
}  // namespace afterglow
