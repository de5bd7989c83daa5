// Conformance for the rows "(none: zip content compared with source file[s])" of
// EXPECTATIONS.tsv: `applications/<id>[/<attempt>]/logs` answers a zip whose members are the
// attempts' event logs, byte-identical, named by their path under the log directory
// (HistoryServerSuite.doDownloadTest: one member per attempt asked for, all attempts otherwise).
// The archive is read back with a small reader of our own, which checks each member's CRC-32.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "core/base/stored_zip.h"
#include "tests/conformance/cli_run.h"

namespace afterglow::conformance {
namespace logs_download_test {

namespace fs = std::filesystem;

const fs::path kSparkCorpus = fs::path(AFTERGLOW_CORPUS_DIR) / "spark";

// stdout of a command appended to `output`, and its exit code (-1 when killed by a signal).
int RunCapture(const std::string& command, std::string* output) {
  const CommandResult result = RunCommand(command);
  output->append(result.output);
  return result.exit_code;
}

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

uint32_t Le(const std::string& s, size_t at, int bytes) {
  uint32_t v = 0;
  for (int i = bytes - 1; i >= 0; --i) v = (v << 8) | static_cast<unsigned char>(s[at + i]);
  return v;
}

// Members of a zip archive (stored or not: only stored ones are readable here), via the central
// directory. Fails the test on a malformed archive or a CRC mismatch.
std::map<std::string, std::string> Unzip(const std::string& zip) {
  std::map<std::string, std::string> members;
  if (zip.size() < 22) {
    ADD_FAILURE() << "not a zip: " << zip.size() << " bytes";
    return members;
  }
  const size_t end = zip.size() - 22;  // no archive comment
  EXPECT_EQ(Le(zip, end, 4), 0x06054b50u) << "no end of central directory";
  const uint32_t count = Le(zip, end + 10, 2);
  size_t at = Le(zip, end + 16, 4);
  for (uint32_t i = 0; i < count && at + 46 <= zip.size(); ++i) {
    EXPECT_EQ(Le(zip, at, 4), 0x02014b50u);
    const uint32_t method = Le(zip, at + 10, 2);
    const uint32_t crc = Le(zip, at + 16, 4);
    const uint32_t size = Le(zip, at + 20, 4);
    const uint32_t name_length = Le(zip, at + 28, 2);
    const uint32_t extra_length = Le(zip, at + 30, 2);
    const uint32_t comment_length = Le(zip, at + 32, 2);
    const uint32_t local = Le(zip, at + 42, 4);
    const std::string name = zip.substr(at + 46, name_length);
    at += 46 + name_length + extra_length + comment_length;
    EXPECT_EQ(method, 0u) << name << " is not stored";
    EXPECT_EQ(Le(zip, local, 4), 0x04034b50u) << name;
    const size_t data = local + 30 + Le(zip, local + 26, 2) + Le(zip, local + 28, 2);
    std::string bytes = zip.substr(data, size);
    EXPECT_EQ(Crc32(0, reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()), crc) << name;
    members[name] = std::move(bytes);
  }
  return members;
}

struct LogsRow {
  std::string api_path;  // with "{1,2}" alternatives expanded
  std::vector<std::string> event_logs;
};

std::vector<LogsRow> LogsRows() {
  std::vector<LogsRow> rows;
  std::ifstream tsv(kSparkCorpus / "EXPECTATIONS.tsv");
  std::string line;
  std::getline(tsv, line);
  while (std::getline(tsv, line)) {
    std::vector<std::string> fields;
    std::stringstream split(line);
    std::string field;
    while (std::getline(split, field, '\t')) fields.push_back(field);
    if (fields.size() < 3 || fields[0].rfind("(none: zip", 0) != 0) continue;
    std::vector<std::string> logs;
    std::stringstream list(fields[2]);
    while (std::getline(list, field, ',')) logs.push_back(field);
    const std::string& path = fields[1];
    const size_t open = path.find('{');
    const size_t close = path.find('}');
    if (open == std::string::npos || close == std::string::npos) {
      rows.push_back({path, logs});
      continue;
    }
    std::stringstream alternatives(path.substr(open + 1, close - open - 1));
    while (std::getline(alternatives, field, ',')) {
      rows.push_back({path.substr(0, open) + field + path.substr(close + 1), logs});
    }
  }
  return rows;
}

TEST(ConformanceLogs, ZipHoldsTheAttemptLogsByteIdentical) {
  const std::vector<LogsRow> rows = LogsRows();
  ASSERT_GE(rows.size(), 3u) << "expected the two logs rows (one with {1,2}) in "
                             << kSparkCorpus / "EXPECTATIONS.tsv";
  for (const LogsRow& row : rows) {
    SCOPED_TRACE(row.api_path);
    std::string zip;
    const std::string command = Quote(AFTERGLOW_CLI_PATH) + " api " +
                                Quote((kSparkCorpus / "spark-events").string()) + " " +
                                Quote(row.api_path);
    ASSERT_EQ(RunCapture(command, &zip), 0) << command;
    const std::map<std::string, std::string> members = Unzip(zip);
    // applications/<id>/<attempt>/logs has 6 segments after the leading slash.
    const bool one_attempt = std::count(row.api_path.begin(), row.api_path.end(), '/') == 6;
    EXPECT_EQ(members.size(), one_attempt ? 1u : row.event_logs.size());
    for (const auto& [name, bytes] : members) {
      bool listed = false;
      for (const std::string& log : row.event_logs) listed = listed || log == "spark-events/" + name;
      EXPECT_TRUE(listed) << name << " is not one of the row's logs";
      EXPECT_TRUE(bytes == ReadFile(kSparkCorpus / "spark-events" / name)) << name << " differs";
    }
  }
}

// A rolling log is zipped as its folder: a directory member, then every file in the folder.
TEST(ConformanceLogs, RollingLogIsZippedAsItsFolder) {
  const fs::path folder = fs::path(AFTERGLOW_CORPUS_DIR) / "rapids-tools" / "qualification" /
                          "eventlog_v2_local-1623876083964";
  if (!fs::is_directory(folder)) GTEST_FAIL() << "missing corpus folder " << folder;
  std::string zip;
  ASSERT_EQ(RunCapture(Quote(AFTERGLOW_CLI_PATH) + " api " + Quote(folder.string()) +
                           " /api/v1/applications/local-1623876083964/logs",
                       &zip),
            0);
  const std::map<std::string, std::string> members = Unzip(zip);
  const std::string prefix = folder.filename().string() + "/";
  size_t files = 0;
  for (const fs::directory_entry& entry : fs::directory_iterator(folder)) {
    ++files;
    const auto member = members.find(prefix + entry.path().filename().string());
    ASSERT_NE(member, members.end()) << entry.path();
    EXPECT_TRUE(member->second == ReadFile(entry.path())) << entry.path();
  }
  EXPECT_EQ(members.size(), files + 1);
  EXPECT_EQ(members.count(prefix), 1u);
}

TEST(ConformanceLogs, UnknownAppOrAttemptIs404) {
  std::string output;
  const std::string base = Quote(AFTERGLOW_CLI_PATH) + " api " +
                           Quote((kSparkCorpus / "spark-events").string()) + " ";
  // Without an attempt id, the History Server retries with attempt "1" and reports that failure.
  EXPECT_NE(RunCapture(base + "/api/v1/applications/nope/logs 2>&1", &output), 0);
  EXPECT_EQ(output, "404 no such app: nope/1\n");
  output.clear();
  EXPECT_NE(RunCapture(base + "/api/v1/applications/local-1430917381535/3/logs 2>&1", &output), 0);
  EXPECT_EQ(output, "404 no such app: local-1430917381535/3\n");
}


// BaseAppResource.getEventLogs first needs the UI of the exact attempt; without an attempt id it
// falls back to attempt "1" and then zips every attempt. An app whose only attempt is "2" thus
// has no /logs, while an app with attempts "1" and "2" zips both.
TEST(ConformanceLogs, AllAttemptsNeedAnAttemptWithoutIdOrAttemptOne) {
  const fs::path dir = fs::temp_directory_path() / ("afterglow-logs-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  auto write_log = [&](const std::string& file, const std::string& app, const std::string& attempt) {
    std::ofstream out(dir / file, std::ios::binary);
    out << R"({"Event":"SparkListenerLogStart","Spark Version":"3.5.1"})" "\n"
        << R"({"Event":"SparkListenerApplicationStart","App Name":"n","App ID":")" << app
        << R"(","Timestamp":1000,"User":"u","App Attempt ID":")" << attempt << "\"}\n"
        << R"({"Event":"SparkListenerApplicationEnd","Timestamp":2000})" "\n";
  };
  write_log("app-two_2", "app-two", "2");
  write_log("app-both_1", "app-both", "1");
  write_log("app-both_2", "app-both", "2");
  const std::string base = Quote(AFTERGLOW_CLI_PATH) + " api " + Quote(dir.string()) + " ";
  std::string output;
  EXPECT_NE(RunCapture(base + "/api/v1/applications/app-two/logs 2>&1", &output), 0);
  EXPECT_EQ(output, "404 no such app: app-two/1\n");
  std::string one;
  ASSERT_EQ(RunCapture(base + "/api/v1/applications/app-two/2/logs", &one), 0);
  EXPECT_EQ(Unzip(one).count("app-two_2"), 1u);
  std::string both;
  ASSERT_EQ(RunCapture(base + "/api/v1/applications/app-both/logs", &both), 0);
  const std::map<std::string, std::string> members = Unzip(both);
  EXPECT_EQ(members.size(), 2u);
  EXPECT_TRUE(members.count("app-both_1") && members.count("app-both_2"));
  fs::remove_all(dir);
}

}  // namespace logs_download_test
}  // namespace afterglow::conformance
