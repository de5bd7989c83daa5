// The History Server's listing of a finished log re-reads only the last file's last MiB after its
// halt (FsHistoryProvider doMergeApplicationListingInternal, lookForEndEvent; see
// core/listen/listing_listener.h). Logs are written to a temp folder and loaded from disk, so the
// stored lengths are the files' real sizes. Each test places the events at byte offsets it
// computes itself and asserts what Spark's rule gives for them:
//  - a second ApplicationStart ("second", 1500) between the halt and the tail is seen only when
//    the whole log is re-parsed (no ApplicationEnd in the tail); otherwise the first one stays;
//  - the tail is the lines that begin after (stored length - 1 MiB), counted in decompressed
//    bytes (skip() on the codec's stream, target from the compressed file's length).
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include "core/load/load_path.h"
#include "core/session.h"
#include "tests/core/ingest/codec_writers.h"
#include "tests/support/listed_attempt.h"
#include "tests/support/listing_log_lines.h"
#include "tests/support/unique_temp_path.h"

namespace afterglow {
namespace listing_tail_test {

namespace fs = std::filesystem;

constexpr int64_t kMiB = int64_t{1} << 20;

const std::string kLogStart = test_support::LogStartLine();
const std::string kEnv = test_support::EnvironmentUpdateLine();
std::string AppStart(int64_t time, const std::string& user) {
  return test_support::AppStartLine("app-t", time, user);
}
using test_support::AppEndLine;

// Events Spark's listing and status listener both skip (an unknown class), about `bytes` long
// in total, ending with a line break. Each line's text is random letters written twice, so LZ4
// and zstd both compress it to a known-ish fraction (the tests check their premises anyway).
std::string Filler(int64_t bytes, uint32_t seed) {
  static const char kLetters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> letter(0, 61);
  std::string out;
  const std::string head = R"({"Event":"org.example.Padding","Text":")";
  while (static_cast<int64_t>(out.size()) < bytes) {
    std::string half(200, ' ');
    for (char& c : half) c = kLetters[letter(rng)];
    out += head + half + half + "\"}\n";
  }
  return out;
}

// A filler line of exactly `bytes` bytes (at least 45), line break included.
std::string FillerLine(int64_t bytes) {
  const std::string head = R"({"Event":"org.example.Padding","Text":")";
  return head + std::string(bytes - head.size() - 3, 'x') + "\"}\n";
}

using Listed = test_support::ListedAttempt;

class ListingTail : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = test_support::UniqueTempPath(
        "afterglow-listing-tail-" +
        std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string Write(const std::string& relative, const std::string& bytes) {
    const fs::path path = dir_ / relative;
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << bytes;
    return path.string();
  }

  Listed Load(const std::string& path) {
    Session session;
    std::string error;
    EXPECT_TRUE(LoadPath(session, path, &error)) << error;
    return test_support::ReadListedAttempt(session, "app-t");
  }

  fs::path dir_;
};

// The first pass: LogStart, the first start, the EnvironmentUpdate (the halt), then a second start
// the first pass never reads.
const std::string kHead = kLogStart + AppStart(1000, "first") + kEnv + AppStart(1500, "second");

// --- Plain logs ---------------------------------------------------------------------------------

// A plain log with its end `before` bytes of filler after the head and `after` bytes before EOF,
// and what Spark's listing makes of it.
struct PlainEndCase {
  const char* what;
  int64_t before;
  int64_t after;
  const char* user;
  int64_t start;
  int64_t duration;
};

TEST_F(ListingTail, EndInTheLastMiBIsFoundByTheTailElseTheWholeLogIsReparsed) {
  const PlainEndCase cases[] = {
      // (a) The end is 0.5 MiB from the end of a 2.5 MiB log: the tail finds it, so the listing is
      // the first pass plus the tail: the second start (1.5 MiB before the tail) is never read.
      {"end in the last MiB", 2 * kMiB, kMiB / 2, "first", 1000, 4000},
      // (b) More than 1 MiB follows the end: the tail has none, so Spark parses the whole log
      // again without the halt. It is still completed with its end time; the second start is
      // read too.
      {"end before the last MiB", kMiB / 2, kMiB + 4096, "second", 1500, 3500},
  };
  uint32_t seed = 1;
  for (const PlainEndCase& c : cases) {
    const std::string log =
        kHead + Filler(c.before, seed) + AppEndLine(5000) + Filler(c.after, seed + 1);
    seed += 2;
    const Listed listed = Load(Write("app-t", log));
    ASSERT_TRUE(listed.found) << c.what;
    EXPECT_TRUE(listed.completed) << c.what;
    EXPECT_EQ(listed.end, 5000) << c.what;
    EXPECT_EQ(listed.user, c.user) << c.what;
    EXPECT_EQ(listed.start, c.start) << c.what;
    EXPECT_EQ(listed.duration, c.duration) << c.what;
  }
}

TEST_F(ListingTail, FinishedLogWithoutEndIsIncomplete) {
  const std::string log = kHead + Filler(kMiB + 4096, 5);
  const Listed listed = Load(Write("app-t", log));
  ASSERT_TRUE(listed.found);
  EXPECT_FALSE(listed.completed);
  EXPECT_EQ(listed.end, -1);
  EXPECT_EQ(listed.duration, 0);
  EXPECT_EQ(listed.user, "second");  // the full re-parse read it
}

TEST_F(ListingTail, TheLineBeginningExactlyAtTheTargetIsSkippedAsPartial) {
  // Skipping `size - 1 MiB` bytes and dropping the rest of that line (source.next()) drops a line
  // that begins exactly there: the end is missed and the whole log is re-parsed ("second").
  // One byte later, the end line begins after the target and is in the tail ("first").
  for (const int64_t after_end_start : {kMiB, kMiB - 1}) {
    const std::string end = AppEndLine(5000);
    const std::string after = end + FillerLine(after_end_start - static_cast<int64_t>(end.size()));
    ASSERT_EQ(static_cast<int64_t>(after.size()), after_end_start);
    const std::string log = kHead + Filler(kMiB / 4, 6) + after;
    const Listed listed = Load(Write("app-t", log));
    ASSERT_TRUE(listed.found);
    EXPECT_TRUE(listed.completed);
    EXPECT_EQ(listed.end, 5000);
    EXPECT_EQ(listed.user, after_end_start == kMiB ? "second" : "first") << after_end_start;
  }
}

TEST_F(ListingTail, InProgressLogIsNeverSearchedForItsEnd) {
  // (c) fastInProgressParsing (default true) makes lookForEndEvent false for ".inprogress": the
  // end in the last bytes is not read; the app is running, with endTime -1 and duration 0.
  const std::string log = kHead + Filler(kMiB / 4, 7) + AppEndLine(5000);
  const Listed listed = Load(Write("app-t.inprogress", log));
  ASSERT_TRUE(listed.found);
  EXPECT_FALSE(listed.completed);
  EXPECT_EQ(listed.end, -1);
  EXPECT_EQ(listed.duration, 0);
  EXPECT_EQ(listed.user, "first");
}

// --- A multi-byte UTF-8 character at the target -------------------------------------------------

TEST_F(ListingTail, CharacterCutByTheTargetOnlyDropsItsPartialLine) {
  // An ApplicationStart whose user ends in U+1D11E (4 bytes in UTF-8) straddles the target, with
  // `k` of the character's bytes before it: the tail begins at the next line, so the cut start is
  // never read (not even half of it), and the next ApplicationStart's multi-byte user comes back
  // byte for byte. (For k > 0 Spark's own reader, decoding from the target, would report a
  // malformed character instead: core/listen/listing_listener.h, point 7.)
  const std::string clef = "\xF0\x9D\x84\x9E";
  const std::string tail_user = "Zo\xC3\xAB " + clef;  // "Zoë 𝄞"
  const std::string head = kHead + Filler(kMiB / 4, 20);
  const std::string cut_line = AppStart(1600, "cut" + clef);
  const size_t clef_at = cut_line.find(clef);
  const std::string after_cut = AppStart(1700, tail_user) + AppEndLine(5000);
  for (size_t k = 0; k < clef.size(); ++k) {
    const int64_t cut_bytes_in_tail = static_cast<int64_t>(cut_line.size() - clef_at - k);
    const std::string log = head + cut_line + after_cut +
                            FillerLine(kMiB - cut_bytes_in_tail -
                                       static_cast<int64_t>(after_cut.size()));
    // The premise: the target (size - 1 MiB) is byte k of the character.
    ASSERT_EQ(static_cast<int64_t>(log.size()) - kMiB,
              static_cast<int64_t>(head.size() + clef_at + k));
    const Listed listed = Load(Write("app-t", log));
    ASSERT_TRUE(listed.found) << k;
    EXPECT_TRUE(listed.completed) << k;
    EXPECT_EQ(listed.end, 5000) << k;
    EXPECT_EQ(listed.user, tail_user) << k;
    EXPECT_EQ(listed.start, 1700) << k;
    EXPECT_EQ(listed.duration, 3300) << k;
  }
}

TEST_F(ListingTail, ListedLineCutByTheTargetIsNotReadAndTheEndAfterItIs) {
  // The same cut, with nothing after it but the end: the cut start is dropped, the first pass's
  // start stays, and the end in the tail completes it.
  const std::string clef = "\xF0\x9D\x84\x9E";
  const std::string head = kHead + Filler(kMiB / 4, 21);
  const std::string cut_line = AppStart(1600, "cut" + clef);
  const size_t clef_at = cut_line.find(clef);
  const int64_t cut_bytes_in_tail = static_cast<int64_t>(cut_line.size() - clef_at - 2);
  const std::string end = AppEndLine(5000);
  const std::string log = head + cut_line + end +
                          FillerLine(kMiB - cut_bytes_in_tail - static_cast<int64_t>(end.size()));
  ASSERT_EQ(static_cast<int64_t>(log.size()) - kMiB,
            static_cast<int64_t>(head.size() + clef_at + 2));
  const Listed listed = Load(Write("app-t", log));
  ASSERT_TRUE(listed.found);
  EXPECT_TRUE(listed.completed);
  EXPECT_EQ(listed.user, "first");
  EXPECT_EQ(listed.start, 1000);
  EXPECT_EQ(listed.duration, 4000);
}

// --- An unreadable line in a rolling log --------------------------------------------------------

TEST_F(ListingTail, UnreadableListedLineInAnEarlierPartStopsTheFirstPassButNotTheTail) {
  // No EnvironmentUpdate, so the first pass reads on: a cut-off ApplicationStart in events_1
  // (followed by another listed line) ends its replay and parseAppEventLogs, so events_2 is not
  // read by it. The finished marker makes Spark replay events_2 as the tail: its end completes
  // the listing, with the start read before the unreadable line.
  Write("eventlog_v2_app-t/events_1_app-t",
        kLogStart + AppStart(1000, "first") +
            R"({"Event":"SparkListenerApplicationStart","App Name":"n","App ID":"app-t","Tim)"
            "\n" + AppStart(1500, "second") + Filler(4096, 22));
  Write("eventlog_v2_app-t/events_2_app-t", Filler(4096, 23) + AppEndLine(5000));
  Write("eventlog_v2_app-t/appstatus_app-t", "");
  Session session;
  std::string error;
  ASSERT_TRUE(LoadPath(session, (dir_ / "eventlog_v2_app-t").string(), &error)) << error;
  const Listed listed = test_support::ReadListedAttempt(session, "app-t");
  ASSERT_TRUE(listed.found);
  EXPECT_TRUE(listed.completed);
  EXPECT_EQ(listed.end, 5000);
  EXPECT_EQ(listed.user, "first");
  EXPECT_EQ(listed.duration, 4000);
  // The line is reported with its number in the part it is in, under that part's name.
  bool reported = false;
  const std::string part = (dir_ / "eventlog_v2_app-t" / "events_1_app-t").string();
  for (const LoadProblem& problem : session.problems()) {
    reported |= problem.line == 3 && problem.file == part;
  }
  EXPECT_TRUE(reported);
}

// --- The EnvironmentUpdate prefix ---------------------------------------------------------------

TEST_F(ListingTail, OnlyAnEnvironmentUpdateWithTheExactPrefixHalts) {
  // (d) The filter passes `{"Event":"SparkListenerEnvironmentUpdate",` only: Spark's listing
  // never parses a reordered or spaced one, so it does not halt, and an in-progress log is read
  // on to its end event.
  const std::string reordered =
      R"({"Spark Properties":{},"Event":"SparkListenerEnvironmentUpdate","JVM Information":{},)"
      R"("Hadoop Properties":{},"System Properties":{},"Classpath Entries":{}})" "\n";
  const std::string spaced =
      R"({"Event": "SparkListenerEnvironmentUpdate", "JVM Information": {}, "Spark Properties": {},)"
      R"( "Hadoop Properties": {}, "System Properties": {}, "Classpath Entries": {}})" "\n";
  for (const std::string& env : {reordered, spaced}) {
    const Listed listed =
        Load(Write("app-t.inprogress", kLogStart + AppStart(1000, "u") + env + AppEndLine(5000)));
    ASSERT_TRUE(listed.found);
    EXPECT_TRUE(listed.completed) << env;
    EXPECT_EQ(listed.end, 5000);
    EXPECT_EQ(listed.duration, 4000);
  }
  // The exact line halts the same log before its end.
  const Listed halted =
      Load(Write("app-t.inprogress", kLogStart + AppStart(1000, "u") + kEnv + AppEndLine(5000)));
  ASSERT_TRUE(halted.found);
  EXPECT_FALSE(halted.completed);
}

// --- Compressed logs ----------------------------------------------------------------------------

// The decompressed log: head, `before` filler, the end, `after` filler. `end_offset` receives where
// the end line begins.
std::string LogWithEndAt(int64_t before, int64_t after, int64_t* end_offset) {
  std::string log = kHead + Filler(before, 11);
  *end_offset = static_cast<int64_t>(log.size());
  return log + AppEndLine(5000) + Filler(after, 12);
}

struct CompressedCase {
  const char* suffix;
  std::string (*compress)(const std::string&);
};

std::string Zstd(const std::string& text) { return testing::ZstdFrames(text, 64 * 1024); }
std::string Lz4(const std::string& text) { return testing::Lz4BlockStream(text, 64 * 1024); }

TEST_F(ListingTail, CompressedLogTargetIsTheStoredLengthCountedInDecompressedBytes) {
  // (e) target = compressed length - 1 MiB, skipped on the decompressed stream. An end that lies
  // after that target but more than 1 MiB before the decompressed end is found in the tail.
  for (const CompressedCase& c : {CompressedCase{".zstd", Zstd}, CompressedCase{".lz4", Lz4}}) {
    int64_t end_offset = 0;
    const std::string log = LogWithEndAt(2 * kMiB, 2 * kMiB, &end_offset);
    const std::string stored = c.compress(log);
    const int64_t target = static_cast<int64_t>(stored.size()) - kMiB;
    ASSERT_GT(end_offset, target) << c.suffix;  // the premise: in Spark's tail...
    ASSERT_LT(end_offset, static_cast<int64_t>(log.size()) - kMiB) << c.suffix;  // ...not in ours
    const Listed listed = Load(Write(std::string("app-t") + c.suffix, stored));
    ASSERT_TRUE(listed.found) << c.suffix;
    EXPECT_TRUE(listed.completed) << c.suffix;
    EXPECT_EQ(listed.end, 5000) << c.suffix;
    EXPECT_EQ(listed.user, "first") << c.suffix;  // no re-parse: the second start is unseen
    EXPECT_EQ(listed.duration, 4000) << c.suffix;
  }
}

TEST_F(ListingTail, CompressedLogWithTheEndBeforeTheTargetIsReparsedWhole) {
  // (e) The end before compressed length - 1 MiB (in decompressed bytes): not in the tail, so
  // the whole log is parsed again: completed, and the second start is read.
  for (const CompressedCase& c : {CompressedCase{".zstd", Zstd}, CompressedCase{".lz4", Lz4}}) {
    int64_t end_offset = 0;
    const std::string log = LogWithEndAt(kMiB / 8, 4 * kMiB, &end_offset);
    const std::string stored = c.compress(log);
    ASSERT_LT(end_offset, static_cast<int64_t>(stored.size()) - kMiB) << c.suffix;
    const Listed listed = Load(Write(std::string("app-t") + c.suffix, stored));
    ASSERT_TRUE(listed.found) << c.suffix;
    EXPECT_TRUE(listed.completed) << c.suffix;
    EXPECT_EQ(listed.end, 5000) << c.suffix;
    EXPECT_EQ(listed.user, "second") << c.suffix;
    EXPECT_EQ(listed.duration, 3500) << c.suffix;
  }
}

TEST_F(ListingTail, SmallCompressedLogIsReplayedWholeAfterTheHalt) {
  // Compressed length under 1 MiB: target <= 0, nothing is skipped and no line is dropped, so the
  // whole file is replayed into the halted listener (the second start is read, after the end).
  const std::string log = kHead + AppEndLine(5000) + Filler(kMiB + kMiB / 2, 13);
  const std::string stored = Zstd(log);
  ASSERT_LT(static_cast<int64_t>(stored.size()), kMiB);
  const Listed listed = Load(Write("app-t.zstd", stored));
  ASSERT_TRUE(listed.found);
  EXPECT_TRUE(listed.completed);
  EXPECT_EQ(listed.user, "second");
  EXPECT_EQ(listed.start, 1500);
  EXPECT_EQ(listed.duration, 3500);  // the end came after "second" in the replayed file
}

// --- Rolling folders ----------------------------------------------------------------------------

TEST_F(ListingTail, RollingLogReadsTheLastPartsTailAndItsMarkerSaysFinished) {
  // The halt in events_1 stops the first pass: events_2 is not opened. The finished marker makes
  // Spark re-read the last part (whole, as it is under 1 MiB): the end there completes it, while
  // the second start after the halt in events_1 is never read.
  Write("eventlog_v2_app-t/events_1_app-t", kHead + Filler(4096, 14));
  Write("eventlog_v2_app-t/events_2_app-t", Filler(4096, 15) + AppEndLine(5000));
  Write("eventlog_v2_app-t/appstatus_app-t", "");
  const Listed listed = Load((dir_ / "eventlog_v2_app-t").string());
  ASSERT_TRUE(listed.found);
  EXPECT_TRUE(listed.completed);
  EXPECT_EQ(listed.end, 5000);
  EXPECT_EQ(listed.user, "first");
  EXPECT_EQ(listed.duration, 4000);
}

TEST_F(ListingTail, RollingLogWithAnInProgressMarkerIsRunning) {
  Write("eventlog_v2_app-t/events_1_app-t", kHead + Filler(4096, 16));
  Write("eventlog_v2_app-t/events_2_app-t", Filler(4096, 17) + AppEndLine(5000));
  Write("eventlog_v2_app-t/appstatus_app-t.inprogress", "");
  const Listed listed = Load((dir_ / "eventlog_v2_app-t").string());
  ASSERT_TRUE(listed.found);
  EXPECT_FALSE(listed.completed);
  EXPECT_EQ(listed.end, -1);
  EXPECT_EQ(listed.user, "first");
}

}  // namespace listing_tail_test
}  // namespace afterglow
