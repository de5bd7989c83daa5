// Hostile stored bytes: decompression bombs (a zip entry, a gzip member, zstd frames inflating to
// gigabytes of zeros without a newline), a zstd frame asking for a 2 GiB window, lz4 and snappy
// blocks claiming 2 GiB, and a 1 GiB line with no newline. Each is answered by a problem naming
// the file, the offset and the cause; the log read before it is kept; and the memory it costs
// stays bounded (measured as the growth of the process's peak resident memory).
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "core/base/read_padding.h"
#include "core/ingest/line_splitter.h"
#include "core/load/load_path.h"
#include "core/session.h"
#include "tests/core/ingest/bomb_writers.h"
#include "tests/core/ingest/codec_writers.h"
#include "tests/support/listing_log_lines.h"
#include "tests/support/peak_memory.h"
#include "tests/support/unique_temp_path.h"

namespace afterglow {
namespace hostile_streams_test {

using test_support::PeakResidentBytes;

// Far below the 2.3 GB a 1 GiB line once took, and above what ASan's shadow and quarantine add
// to the 64 MiB a line may hold.
constexpr uint64_t kMemoryBound = uint64_t{512} << 20;

// A complete little log: the application read before the damage.
std::string SmallLog() {
  return test_support::LogStartLine() + test_support::AppStartLine("app-before", 1000, "ann") +
         test_support::AppEndLine(2000);
}

// Streams `stored` into a session as file `name`, 1 MiB at a time (as the loaders read).
void LoadBytes(Session& session, const std::string& name, const std::string& stored) {
  session.BeginFile(name, stored.size());
  std::vector<uint8_t> chunk;
  for (size_t pos = 0; pos < stored.size(); pos += 1 << 20) {
    const size_t n = std::min<size_t>(1 << 20, stored.size() - pos);
    chunk.assign(stored.begin() + pos, stored.begin() + pos + n);
    chunk.resize(n + kReadPadding);
    session.PushBytes(chunk.data(), n);
  }
  session.EndFile();
}

// The one problem about `file` whose cause contains `cause`; fails the test when there is none.
LoadProblem ProblemOf(const Session& session, const std::string& file, const std::string& cause) {
  for (const LoadProblem& problem : session.problems()) {
    if (problem.file == file && problem.cause.find(cause) != std::string::npos) return problem;
  }
  std::string all;
  for (const LoadProblem& problem : session.problems()) all += problem.file + ": " + problem.cause + "\n";
  ADD_FAILURE() << "no problem of " << file << " saying \"" << cause << "\"; problems:\n" << all;
  return {};
}

void ExpectLogBeforeKept(const Session& session) {
  const auto summaries = session.Summaries();
  ASSERT_EQ(summaries.size(), 1u);
  EXPECT_EQ(summaries[0].app_id, "app-before");
  EXPECT_TRUE(summaries[0].completed);
}

constexpr size_t kTwoGiBInMiB = 2048;

TEST(HostileStreams, GzipBombStopsAtTheLineLimitWithTheLogBeforeItKept) {
  const std::string bomb = testing::DeflateBomb(SmallLog(), kTwoGiBInMiB, /*gzip=*/true);
  ASSERT_LT(bomb.size(), size_t{8} << 20);  // 2 GiB from a few MiB
  const uint64_t before = PeakResidentBytes();
  Session session;
  LoadBytes(session, "part.gz", bomb);
  EXPECT_LT(PeakResidentBytes() - before, kMemoryBound);
  const LoadProblem problem = ProblemOf(session, "part.gz", "longer than 64 MiB");
  EXPECT_GT(problem.offset, 0u);
  EXPECT_LT(problem.offset, bomb.size());
  EXPECT_NE(problem.cause.find("line 4 "), std::string::npos) << problem.cause;
  ExpectLogBeforeKept(session);
}

TEST(HostileStreams, ZstdBombStopsAtTheLineLimitWithTheLogBeforeItKept) {
  const std::string bomb = testing::ZstdBomb(SmallLog(), kTwoGiBInMiB);
  ASSERT_LT(bomb.size(), size_t{1} << 20);
  const uint64_t before = PeakResidentBytes();
  Session session;
  LoadBytes(session, "app.zstd", bomb);
  EXPECT_LT(PeakResidentBytes() - before, kMemoryBound);
  const LoadProblem problem = ProblemOf(session, "app.zstd", "longer than 64 MiB");
  EXPECT_GT(problem.offset, 0u);
  EXPECT_LE(problem.offset, bomb.size());
  ExpectLogBeforeKept(session);
}

TEST(HostileStreams, ZipBombEntryStopsAtTheLineLimitWithoutInflatingTheRest) {
  // 2 GiB of content in a couple of MiB: a thousand-fold past what the entry's bytes suggest.
  const std::string deflated = testing::DeflateBomb(SmallLog(), kTwoGiBInMiB, /*gzip=*/false);
  const std::string zip =
      testing::ZipOfDeflated("events", deflated, SmallLog().size() + (kTwoGiBInMiB << 20), 0);
  const std::string path = test_support::UniqueTempPath("afterglow-zip-bomb").string() + ".zip";
  std::FILE* file = std::fopen(path.c_str(), "wb");
  ASSERT_NE(file, nullptr);
  std::fwrite(zip.data(), 1, zip.size(), file);
  std::fclose(file);
  const uint64_t before = PeakResidentBytes();
  Session session;
  std::string error;
  ASSERT_TRUE(LoadPath(session, path, &error)) << error;
  EXPECT_LT(PeakResidentBytes() - before, kMemoryBound);
  std::filesystem::remove(path);
  ProblemOf(session, path + "/events", "longer than 64 MiB");
  // The stop is the only problem: the entry is not also called damaged for being read in part.
  for (const LoadProblem& problem : session.problems()) {
    EXPECT_EQ(problem.cause.find("damaged"), std::string::npos) << problem.cause;
  }
  ExpectLogBeforeKept(session);
}

TEST(HostileStreams, ZstdFrameAskingForATwoGiBWindowIsRefused) {
  const std::string log_frame = testing::ZstdFrames(SmallLog(), 1 << 20);
  // Magic, a frame header with no content size and window log 31 (2 GiB), one raw block.
  std::string huge = log_frame + std::string("\x28\xb5\x2f\xfd\x00\xa8\x29\x00\x00hello", 14);
  const uint64_t before = PeakResidentBytes();
  Session session;
  LoadBytes(session, "app.zstd", huge);
  EXPECT_LT(PeakResidentBytes() - before, kMemoryBound);
  const LoadProblem problem = ProblemOf(session, "app.zstd", "zstd: ");
  EXPECT_NE(problem.cause.find("memory"), std::string::npos) << problem.cause;
  EXPECT_EQ(problem.offset, log_frame.size());
  ExpectLogBeforeKept(session);
}

TEST(HostileStreams, Lz4BlockClaimingTwoGiBIsRefusedAtItsOffset) {
  const std::string log = testing::Lz4BlockStream(SmallLog(), 4096, /*end_block=*/false);
  // "LZ4Block", an lz4 block of the largest size class, 100 bytes said to inflate to 2 GiB.
  const std::string claim = std::string("LZ4Block\x2f", 9) + std::string("\x64\0\0\0", 4) +
                            std::string("\0\0\0\x80", 4) + std::string(4, '\0') +
                            std::string(100, 'x');
  Session session;
  LoadBytes(session, "app.lz4", log + claim);
  const LoadProblem problem = ProblemOf(session, "app.lz4", "impossible");
  EXPECT_EQ(problem.offset, log.size());
  ExpectLogBeforeKept(session);
}

TEST(HostileStreams, SnappyChunksClaimingTwoGiBAreRefusedAtTheirOffset) {
  const std::string log = testing::SnappyJavaStream(SmallLog(), 4096);
  {
    Session session;  // the chunk's length itself
    LoadBytes(session, "app.snappy", log + std::string("\x80\0\0\0", 4) + std::string(64, 'x'));
    EXPECT_EQ(ProblemOf(session, "app.snappy", "impossible chunk length").offset, log.size());
    ExpectLogBeforeKept(session);
  }
  {
    Session session;  // a 6-byte chunk whose snappy header says it inflates to 2 GiB
    LoadBytes(session, "app.snappy",
              log + std::string("\0\0\0\x06\x80\x80\x80\x80\x08\x00", 10));
    EXPECT_EQ(ProblemOf(session, "app.snappy", "bad uncompressed length").offset, log.size());
    ExpectLogBeforeKept(session);
  }
}

TEST(HostileStreams, AGibibyteLineWithoutNewlineStopsAtTheLimitInBoundedMemory) {
  const std::string log = SmallLog();
  const uint64_t before = PeakResidentBytes();
  Session session;
  const uint64_t line_bytes = uint64_t{1} << 30;
  session.BeginFile("one-line", log.size() + line_bytes);
  std::vector<uint8_t> chunk(log.begin(), log.end());
  chunk.resize(log.size() + kReadPadding);
  session.PushBytes(chunk.data(), log.size());
  chunk.assign((1 << 20) + kReadPadding, 'x');
  for (uint64_t pushed = 0; pushed < line_bytes; pushed += 1 << 20) {
    session.PushBytes(chunk.data(), 1 << 20);
    if (session.FileStopped()) break;  // what a reader does: the rest need not even be read
  }
  EXPECT_TRUE(session.FileStopped());
  session.EndFile();
  EXPECT_LT(PeakResidentBytes() - before, kMemoryBound);
  const LoadProblem problem = ProblemOf(session, "one-line", "longer than 64 MiB");
  EXPECT_EQ(problem.offset, log.size());  // a plain file: where the line begins
  EXPECT_NE(problem.cause.find("line 4 "), std::string::npos) << problem.cause;
  ExpectLogBeforeKept(session);
}

TEST(HostileStreams, ALineJustUnderTheLimitIsStillDelivered) {
  // The limit stops only what is past it: a line of exactly kMaxLineBytes is a bad line (not an
  // event), read whole, and the lines after it are read too.
  std::string text = SmallLog() + std::string(LineSplitter::kMaxLineBytes, 'y') + "\n" +
                     test_support::LogStartLine();
  Session session;
  LoadBytes(session, "long-but-allowed", text);
  const auto summaries = session.Summaries();
  ASSERT_EQ(summaries.size(), 1u);
  EXPECT_EQ(summaries[0].counters.bad_lines, 1u);
}

}  // namespace hostile_streams_test
}  // namespace afterglow
