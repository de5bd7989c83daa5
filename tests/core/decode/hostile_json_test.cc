// Hostile lines: JSON nested 100,000 deep, one object with a million keys, a million distinct
// executor ids and accumulator names (the string pool), invalid UTF-8, NUL bytes, a binary file,
// and timestamps that go backwards or lie in 1970 and 2200. None may crash; a line that is not an
// event is a bad line with its number and cause; the lines around it are read; the answers stay
// valid JSON; and memory stays bounded (the growth of the process's peak resident memory).
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "core/base/read_padding.h"
#include "core/session.h"
#include "core/share/redactor.h"
#include "simdjson.h"
#include "tests/support/listing_log_lines.h"
#include "tests/support/peak_memory.h"

namespace afterglow {
namespace hostile_json_test {

using test_support::AppEndLine;
using test_support::AppStartLine;
using test_support::LogStartLine;
using test_support::PeakResidentBytes;

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kUnderAddressSanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kUnderAddressSanitizer = true;
#else
constexpr bool kUnderAddressSanitizer = false;
#endif
#else
constexpr bool kUnderAddressSanitizer = false;
#endif

// Streams lines produced by `next` (empty when done) into a session as one file, 1 MiB at a time,
// so a test of a huge log never holds the whole log.
template <typename Next>
void LoadGenerated(Session& session, const std::string& name, Next&& next) {
  session.BeginFile(name, 0);
  std::string buffer;
  auto flush = [&] {
    const size_t n = buffer.size();
    buffer.resize(n + kReadPadding);
    session.PushBytes(reinterpret_cast<const uint8_t*>(buffer.data()), n);
    buffer.clear();
  };
  for (std::string line = next(); !line.empty(); line = next()) {
    buffer += line;
    if (buffer.size() >= (1 << 20)) flush();
  }
  flush();
  session.EndFile();
}

void LoadText(Session& session, const std::string& name, const std::string& text) {
  bool done = false;
  LoadGenerated(session, name, [&] {
    if (done) return std::string();
    done = true;
    return text;
  });
}

// A literal with its NUL bytes, without the terminating one.
template <size_t N>
std::string Bytes(const char (&text)[N]) {
  return std::string(text, N - 1);
}

bool IsValidJson(const std::string& text) {
  simdjson::dom::parser parser;
  simdjson::dom::element element;
  return parser.parse(text).get(element) == simdjson::SUCCESS;  // UTF-8 is validated too
}

// The bad-line problems of `file`, by line number.
std::vector<uint64_t> BadLineNumbers(const Session& session) {
  std::vector<uint64_t> lines;
  for (const LoadProblem& problem : session.problems()) {
    if (problem.line > 0) lines.push_back(problem.line);
  }
  return lines;
}

std::string JobStart(int job, const std::string& properties) {
  return R"({"Event":"SparkListenerJobStart","Job ID":)" + std::to_string(job) +
         R"(,"Submission Time":1500,"Stage Infos":[],"Stage IDs":[],"Properties":)" + properties +
         "}\n";
}

std::string JobEnd(int job, int64_t time) {
  return R"({"Event":"SparkListenerJobEnd","Job ID":)" + std::to_string(job) +
         R"(,"Completion Time":)" + std::to_string(time) +
         R"(,"Job Result":{"Result":"JobSucceeded"}})" "\n";
}

TEST(HostileJson, NestingAHundredThousandDeepIsABadLineOrSkippedAndTheRestIsRead) {
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  // Line 3 is nothing but nesting: a bad line. Line 4 nests inside a property no one reads:
  // the job is read, the nesting skipped over without recursion.
  const std::string log = LogStartLine() + AppStartLine("app-deep", 1000, "ann") + deep + "\n" +
                          JobStart(0, R"({"x":)" + deep + "}") + JobStart(1, "{}") +
                          JobEnd(1, 1800) + AppEndLine(2000);
  Session session;
  LoadText(session, "deep", log);
  EXPECT_EQ(BadLineNumbers(session), std::vector<uint64_t>{3});
  const auto summaries = session.Summaries();
  ASSERT_EQ(summaries.size(), 1u);
  EXPECT_TRUE(summaries[0].completed);
  EXPECT_EQ(summaries[0].jobs, 2u);
  EXPECT_TRUE(IsValidJson(session.Api("/api/v1/applications/app-deep/jobs").body));
  // The redactor walks nesting without recursion: it rewrites the line as it found it.
  share::Redactor redactor;
  std::string out;
  const std::string line = JobStart(0, R"({"x":)" + deep + "}");
  redactor.ScanLine(line);
  redactor.RewriteLine(line, &out);
  EXPECT_EQ(out, line);
}

TEST(HostileJson, AnObjectWithAMillionKeysLoadsInBoundedMemory) {
  std::string properties = "{";
  for (int i = 0; i < 1000000; ++i) {
    if (i > 0) properties += ',';
    properties += "\"spark.k" + std::to_string(i) + "\":\"v\"";
  }
  properties += '}';
  const std::string log = LogStartLine() + AppStartLine("app-keys", 1000, "ann") +
                          JobStart(0, properties) + JobEnd(0, 1800) + AppEndLine(2000);
  const uint64_t before = PeakResidentBytes();
  Session session;
  LoadText(session, "keys", log);
  // The line is 19 MB; the load may cost a few times that, never gigabytes.
  EXPECT_LT(PeakResidentBytes() - before, uint64_t{400} << 20);
  const auto summaries = session.Summaries();
  ASSERT_EQ(summaries.size(), 1u);
  EXPECT_EQ(summaries[0].jobs, 1u);
  EXPECT_EQ(summaries[0].counters.bad_lines, 0u);
  EXPECT_TRUE(IsValidJson(session.Api("/api/v1/applications/app-keys/jobs").body));
}

TEST(HostileJson, AMillionDistinctExecutorIdsCostMemoryInProportion) {
  int n = 0;
  const int executors = 1000000;
  const uint64_t before = PeakResidentBytes();
  Session session;
  LoadGenerated(session, "executors", [&]() -> std::string {
    if (n > executors) return "";
    if (n++ == 0) return LogStartLine() + AppStartLine("app-executors", 1000, "ann");
    const std::string id = std::to_string(n);
    return R"({"Event":"SparkListenerExecutorAdded","Timestamp":1100,"Executor ID":"exec-)" + id +
           R"(","Executor Info":{"Host":"host-)" + id + R"(.example.com","Total Cores":4}})" "\n";
  });
  const uint64_t grown = PeakResidentBytes() - before;
  // About 140 MB of log; the model keeps each executor's ids, host and counters: about 800 bytes
  // each natively (measured), so a million cost under 1 GiB, in proportion and never more. ASan's
  // redzones and quarantine take about as much again for allocations this small.
  EXPECT_LT(grown, uint64_t{1024} << 20 << (kUnderAddressSanitizer ? 1 : 0)) << grown;
  const auto summaries = session.Summaries();
  ASSERT_EQ(summaries.size(), 1u);
  EXPECT_EQ(summaries[0].executors, static_cast<uint64_t>(executors));
  EXPECT_EQ(summaries[0].counters.bad_lines, 0u);
}

TEST(HostileJson, InvalidUtf8AndNulBytesAreBadLinesAndTheAnswersStayValid) {
  const std::string log = LogStartLine() + AppStartLine("app-bytes", 1000, "ann") +
                          JobStart(0, "{\"spark.job.description\":\"caf\xc3\x28 \xff\xfe\"}") +
                          JobStart(1, Bytes("{\"spark.job.description\":\"a\0b\"}")) +
                          Bytes("\0\0\0\0") + "\n" +
                          Bytes("{\"Event\":\0\"SparkListenerJobEnd\"}\n") +
                          JobStart(2, "{}") + JobEnd(2, 1800) + AppEndLine(2000);
  Session session;
  LoadText(session, "bytes", log);
  const std::vector<uint64_t> bad = BadLineNumbers(session);
  EXPECT_EQ(bad, (std::vector<uint64_t>{3, 4, 5, 6}));
  for (const LoadProblem& problem : session.problems()) {
    if (problem.line > 0) EXPECT_FALSE(problem.cause.empty());
  }
  const auto summaries = session.Summaries();
  ASSERT_EQ(summaries.size(), 1u);
  EXPECT_TRUE(summaries[0].completed);
  for (const char* path : {"/api/v1/applications", "/api/v1/applications/app-bytes/jobs",
                           "/api/v1/applications/app-bytes/stages"}) {
    const ApiResponse response = session.Api(path);
    EXPECT_EQ(response.status, 200) << path;
    EXPECT_TRUE(IsValidJson(response.body)) << path;
  }
}

TEST(HostileJson, ABinaryFileIsReportedWithBoundedProblems) {
  std::mt19937 random(7);
  std::string bytes(4 << 20, '\0');
  for (char& c : bytes) c = static_cast<char>(random());
  const uint64_t before = PeakResidentBytes();
  Session session;
  LoadText(session, "photo.jpg", bytes);
  EXPECT_LT(PeakResidentBytes() - before, uint64_t{256} << 20);
  // One attempt without an application: every line bad, nothing listed.
  const auto summaries = session.Summaries();
  ASSERT_EQ(summaries.size(), 1u);
  EXPECT_EQ(summaries[0].app_id, "");
  EXPECT_GT(summaries[0].counters.bad_lines, 1000u);
  EXPECT_EQ(summaries[0].jobs, 0u);
  // Bad lines are listed up to a limit, then counted; and the file is said not to be a log.
  EXPECT_LT(session.problems().size(), 110u);
  bool counted = false, not_listed = false;
  for (const LoadProblem& problem : session.problems()) {
    counted = counted || problem.cause.find("more bad lines not listed") != std::string::npos;
    not_listed = not_listed || problem.cause.find("does not list this log") != std::string::npos;
    EXPECT_EQ(problem.file, "photo.jpg");
  }
  EXPECT_TRUE(counted);
  EXPECT_TRUE(not_listed);
  const ApiResponse listed = session.Api("/api/v1/applications");
  EXPECT_TRUE(IsValidJson(listed.body));
  EXPECT_EQ(listed.body.find("\"id\""), std::string::npos) << listed.body;
}

TEST(HostileJson, TimestampsBackwardsAndIn1970And2200AreShownAsWritten) {
  const int64_t year_2200 = 7258118400000;  // 2200-01-01T00:00:00Z
  const std::string log =
      LogStartLine() + AppStartLine("app-times", 0, "ann") +
      R"({"Event":"SparkListenerJobStart","Job ID":0,"Submission Time":)" +
      std::to_string(year_2200) + R"(,"Stage Infos":[],"Stage IDs":[],"Properties":{}})" "\n" +
      JobEnd(0, 5) +  // ends long before it started
      R"({"Event":"SparkListenerTaskEnd","Stage ID":0,"Stage Attempt ID":0,"Task Type":"ResultTask",)"
      R"("Task End Reason":{"Reason":"Success"},"Task Info":{"Task ID":1,"Index":0,"Attempt":0,)"
      R"("Launch Time":)" + std::to_string(year_2200) +
      R"(,"Executor ID":"1","Host":"h","Locality":"ANY","Speculative":false,)"
      R"("Getting Result Time":0,"Finish Time":3,"Failed":false,"Killed":false,"Accumulables":[]}})"
      "\n" + AppEndLine(1);
  Session session;
  LoadText(session, "times", log);
  EXPECT_TRUE(BadLineNumbers(session).empty());
  const auto summaries = session.Summaries();
  ASSERT_EQ(summaries.size(), 1u);
  EXPECT_EQ(summaries[0].start_ms, 0);
  EXPECT_EQ(summaries[0].end_ms, 1);
  const ApiResponse app = session.Api("/api/v1/applications/app-times");
  ASSERT_EQ(app.status, 200);
  EXPECT_NE(app.body.find("\"startTime\" : \"1970-01-01T00:00:00.000GMT\""), std::string::npos)
      << app.body;
  const ApiResponse jobs = session.Api("/api/v1/applications/app-times/jobs");
  ASSERT_EQ(jobs.status, 200);
  EXPECT_TRUE(IsValidJson(jobs.body));
  EXPECT_NE(jobs.body.find("\"submissionTime\" : \"2200-01-01T00:00:00.000GMT\""), std::string::npos)
      << jobs.body;
  for (const char* path : {"/stages", "/allexecutors", "/diagnostics"}) {
    const ApiResponse response = session.Api(std::string("/api/v1/applications/app-times") + path);
    EXPECT_EQ(response.status, 200) << path;
    EXPECT_TRUE(IsValidJson(response.body)) << path;
  }
}

}  // namespace hostile_json_test
}  // namespace afterglow
