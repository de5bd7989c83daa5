// Every event log of ../shared/corpus (spark/ and rapids-tools/, the damaged ones included) goes
// through the API without a crash: `afterglow api <log> /api/v1/applications` exits 0 with JSON,
// and for each application attempt listed the per-app endpoints answer 200 with valid JSON or a
// clean 4xx with a message. One test per log (named after its path) so a failure names the log.
// The per-app endpoints run in-process (one load, many Session::Api calls) to keep the sweep fast.
//
// Then: the damaged logs report what was wrong and where (`afterglow summary`), and a History
// Server log directory lists every application in it, checked against an independent scan of the
// files for their ApplicationStart events.
#include <gtest/gtest.h>

#include <zstd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/load/load_path.h"
#include "core/load/log_layout.h"
#include "core/session.h"
#include "simdjson.h"
#include "tests/conformance/cli_run.h"
#include "tests/conformance/json_read.h"

namespace afterglow::conformance {
namespace corpus_sweep_test {

namespace fs = std::filesystem;

const fs::path kCorpus = fs::path(AFTERGLOW_CORPUS_DIR);

// [SECTION] Which paths are logs ------------------------------------------------------------------

// Files of the corpus that are not event logs: licences, read-mes, Spark's expected answers.
bool IsCorpusDocument(const fs::path& path) {
  const std::string name = path.filename().string();
  if (name.rfind("LICENSE", 0) == 0 || name.rfind("README", 0) == 0 || name == "EXPECTATIONS.tsv") {
    return true;
  }
  for (const fs::path& part : path) {
    if (part == "expectations") return true;
  }
  return false;
}

// The logs under `dir`: a folder that is one multi-part log (rolling, Databricks, Spark 1.x, by
// log_layout.h's rules) is one entry; otherwise each file is one, and sub-folders are walked.
void CollectLogs(const fs::path& dir, std::vector<fs::path>* logs) {
  std::vector<fs::path> files, folders;
  std::vector<LayoutFile> layout;
  for (const fs::directory_entry& entry : fs::directory_iterator(dir)) {
    if (entry.is_directory()) {
      folders.push_back(entry.path());
    } else if (entry.is_regular_file()) {
      files.push_back(entry.path());
      layout.push_back({entry.path().filename().string(), entry.file_size()});
    }
  }
  LogSource folder_log;
  if (LogOfFolder(layout, dir.filename().string(), &folder_log)) {
    logs->push_back(dir);
    return;
  }
  for (const fs::path& file : files) {
    if (!IsCorpusDocument(file)) logs->push_back(file);
  }
  for (const fs::path& folder : folders) CollectLogs(folder, logs);
}

std::vector<fs::path> SweptPaths() {
  std::vector<fs::path> paths;
  for (const char* group : {"spark", "rapids-tools"}) {
    if (fs::is_directory(kCorpus / group)) CollectLogs(kCorpus / group, &paths);
  }
  // Two whole History Server log directories as well: many logs, apps merged across files.
  paths.push_back(kCorpus / "spark" / "spark-events");
  paths.push_back(kCorpus / "rapids-tools" / "qualification");
  std::sort(paths.begin(), paths.end());
  return paths;
}

// [SECTION] The sweep ------------------------------------------------------------------------------

// Checks one answer: 200 with valid JSON, or (unless `must_answer`) a 4xx with a message.
// Returns whether it was 200, with the JSON in `json`.
bool CheckAnswer(const Session& session, const std::string& api_path, simdjson::dom::parser& parser,
                 simdjson::dom::element* json, bool must_answer = false) {
  const ApiResponse response = session.Api(api_path);
  if (response.status == 200) {
    simdjson::dom::element parsed;
    const auto error = parser.parse(response.body).get(parsed);
    EXPECT_EQ(error, simdjson::SUCCESS) << api_path << ": 200 with invalid JSON: "
                                        << response.body.substr(0, 300);
    if (error != simdjson::SUCCESS) return false;
    if (json != nullptr) *json = parsed;
    return true;
  }
  EXPECT_FALSE(must_answer) << api_path << ": " << response.status << " " << response.body;
  EXPECT_TRUE(response.status >= 400 && response.status < 500)
      << api_path << ": status " << response.status;
  EXPECT_FALSE(response.body.empty()) << api_path << ": " << response.status << " without a message";
  return false;
}

// The first element's `field` in a JSON array answer, as text ("" when absent).
std::string FirstId(simdjson::dom::element list, const char* field) {
  simdjson::dom::array items;
  if (list.get_array().get(items) != simdjson::SUCCESS || items.size() == 0) return "";
  int64_t id = 0;
  if (items.at(0)[field].get_int64().get(id) != simdjson::SUCCESS) return "";
  return std::to_string(id);
}

// The listing endpoints of a listed attempt always answer 200 (an attempt with no jobs has an
// empty list); the others may answer 4xx: taskSummary of a stage with no tasks, and environment
// of a log without a readable EnvironmentUpdate (Spark's store.read throws NoSuchElementException,
// which withUI turns into 404 "no such app: <id>"; malformed_json_eventlog.zstd's broken line 4
// is that event).
void SweepAttempt(const Session& session, const std::string& prefix) {
  simdjson::dom::parser parser;
  for (const char* endpoint : {"/executors", "/allexecutors", "/storage/rdd",
                               "/allmiscellaneousprocess"}) {
    CheckAnswer(session, prefix + endpoint, parser, nullptr, /*must_answer=*/true);
  }
  CheckAnswer(session, prefix + "/environment", parser, nullptr);
  simdjson::dom::element list;
  if (CheckAnswer(session, prefix + "/jobs", parser, &list, true)) {
    const std::string job = FirstId(list, "jobId");
    if (!job.empty()) CheckAnswer(session, prefix + "/jobs/" + job, parser, nullptr, true);
  }
  if (CheckAnswer(session, prefix + "/sql", parser, &list, true)) {
    const std::string execution = FirstId(list, "id");
    if (!execution.empty()) CheckAnswer(session, prefix + "/sql/" + execution, parser, nullptr, true);
  }
  if (CheckAnswer(session, prefix + "/stages", parser, &list, true)) {
    const std::string stage = FirstId(list, "stageId");
    const std::string stage_attempt = FirstId(list, "attemptId");
    if (!stage.empty() && !stage_attempt.empty()) {
      const std::string stage_path = prefix + "/stages/" + stage;
      CheckAnswer(session, stage_path, parser, nullptr, true);
      CheckAnswer(session, stage_path + "/" + stage_attempt + "/taskSummary", parser, nullptr);
      CheckAnswer(session, stage_path + "/" + stage_attempt + "/taskList", parser, nullptr, true);
    }
  }
}

class CorpusSweepTest : public ::testing::Test {
 public:
  explicit CorpusSweepTest(fs::path log) : log_(std::move(log)) {}
  void TestBody() override {
    // Through the CLI: the listing answers, and nothing is killed by a signal.
    const CommandResult cli =
        RunCommand(CliCommand({"api", log_.string(), "/api/v1/applications"}) + " 2>&1");
    ASSERT_EQ(cli.signal, 0) << "killed by signal " << cli.signal << ": " << log_;
    ASSERT_EQ(cli.exit_code, 0) << log_ << "\n" << cli.output.substr(0, 400);
    simdjson::dom::parser cli_parser;
    simdjson::dom::array cli_apps;
    ASSERT_EQ(cli_parser.parse(cli.output).get_array().get(cli_apps), simdjson::SUCCESS)
        << "not a JSON array: " << cli.output.substr(0, 400);

    // In-process: the same listing, then every attempt's endpoints.
    Session session;
    std::string error;
    ASSERT_TRUE(LoadPath(session, log_.string(), &error)) << error;
    const ApiResponse listing = session.Api("/api/v1/applications");
    ASSERT_EQ(listing.status, 200) << listing.body;
    simdjson::dom::parser parser;
    simdjson::dom::array apps;
    ASSERT_EQ(parser.parse(listing.body).get_array().get(apps), simdjson::SUCCESS);
    EXPECT_EQ(apps.size(), cli_apps.size());
    for (simdjson::dom::element app : apps) {
      const std::string app_path = "/api/v1/applications/" + JsonString(app, "id");
      simdjson::dom::parser app_parser;
      CheckAnswer(session, app_path, app_parser, nullptr, true);
      simdjson::dom::array attempts;
      ASSERT_TRUE(JsonArray(app, "attempts", &attempts)) << app_path;
      for (simdjson::dom::element attempt : attempts) {
        const std::string attempt_id = JsonString(attempt, "attemptId");
        if (!attempt_id.empty()) {
          CheckAnswer(session, app_path + "/" + attempt_id, app_parser, nullptr, true);
          SweepAttempt(session, app_path + "/" + attempt_id);
        } else {
          SweepAttempt(session, app_path);
        }
      }
    }
  }

 private:
  fs::path log_;
};

class CorpusMissingTest : public ::testing::Test {
  void TestBody() override {
    FAIL() << "The corpus is missing: expected " << kCorpus
           << "/spark and /rapids-tools (tests read ../shared/corpus beside the repository).";
  }
};

std::string TestNameFor(const fs::path& log) {
  std::string name = fs::relative(log, kCorpus).string();
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

bool RegisterSweep() {
  if (!fs::is_directory(kCorpus / "spark") || !fs::is_directory(kCorpus / "rapids-tools")) {
    ::testing::RegisterTest("CorpusSweep", "CorpusPresent", nullptr, nullptr, __FILE__, __LINE__,
                            []() -> ::testing::Test* { return new CorpusMissingTest(); });
    return false;
  }
  for (const fs::path& log : SweptPaths()) {
    ::testing::RegisterTest("CorpusSweep", TestNameFor(log).c_str(), nullptr, nullptr, __FILE__,
                            __LINE__, [log]() -> ::testing::Test* { return new CorpusSweepTest(log); });
  }
  return true;
}

const bool kRegistered = RegisterSweep();

// [SECTION] The damaged logs say what was wrong and where ------------------------------------------

std::string Summary(const fs::path& log) {
  const CommandResult result = RunCommand(CliCommand({"summary", log.string()}) + " 2>&1");
  EXPECT_EQ(result.signal, 0);
  EXPECT_EQ(result.exit_code, 0) << result.output;
  return result.output;
}

std::string ApiAnswer(const fs::path& log, const std::string& api_path) {
  const CommandResult result = RunCommand(CliCommand({"api", log.string(), api_path}) + " 2>&1");
  EXPECT_EQ(result.exit_code, 0) << api_path << "\n" << result.output;
  return result.output;
}

// Line 4 (EnvironmentUpdate) has `,_"JVM Information"`: the problem names the file, the line in
// the decompressed log and the event, and the rest of the log still loads into the model (the
// views show it). The History Server's listing replay throws on a broken line that is not the
// last (ReplayListenerBus), so FsHistoryProvider never lists the application: neither do we.
TEST(CorpusDamaged, MalformedJsonLineIsNamedByFileAndLine) {
  const fs::path log = kCorpus / "rapids-tools" / "profiling" / "malformed_json_eventlog.zstd";
  const std::string summary = Summary(log);
  const std::string problem = "problem: " + log.string() + " line 4: SparkListenerEnvironmentUpdate: ";
  EXPECT_NE(summary.find(problem), std::string::npos) << summary;
  EXPECT_NE(summary.find("bad lines               1\n"), std::string::npos) << summary;
  EXPECT_NE(summary.find("application   application_1603128018386_7759\n"), std::string::npos)
      << summary;
  EXPECT_EQ(ApiAnswer(log, "/api/v1/applications").find("\"application_1603128018386_7759\""),
            std::string::npos);
}

// The log stops after its tasks (its last line is whole): no ApplicationEnd, so the attempt is
// reported incomplete and listed as running, as the History Server lists it; no line is bad, and
// the problem list says what is missing and after which line.
TEST(CorpusDamaged, TruncatedLogIsReportedWithoutApplicationEnd) {
  const fs::path log = kCorpus / "rapids-tools" / "qualification" / "truncated_eventlog";
  const std::string summary = Summary(log);
  EXPECT_NE(summary.find("application   local-1622043423018\n"), std::string::npos) << summary;
  EXPECT_NE(summary.find("  end         - (no ApplicationEnd)\n"), std::string::npos) << summary;
  EXPECT_NE(summary.find("bad lines               0\n"), std::string::npos) << summary;
  EXPECT_NE(summary.find("problem: " + log.string() + " line "), std::string::npos) << summary;
  EXPECT_NE(summary.find(": no SparkListenerApplicationEnd up to the last line"), std::string::npos)
      << summary;
  const std::string running = ApiAnswer(log, "/api/v1/applications?status=running");
  simdjson::dom::parser parser;
  simdjson::dom::array apps;
  ASSERT_EQ(parser.parse(running).get_array().get(apps), simdjson::SUCCESS) << running;
  ASSERT_EQ(apps.size(), 1u) << running;
  for (simdjson::dom::element app : apps) {
    EXPECT_EQ(JsonString(app, "id"), "local-1622043423018");
    simdjson::dom::array attempts;
    ASSERT_TRUE(JsonArray(app, "attempts", &attempts));
    ASSERT_EQ(attempts.size(), 1u);
    for (simdjson::dom::element attempt : attempts) EXPECT_FALSE(JsonBool(attempt, "completed"));
  }
}

// No ApplicationStart: the History Server cannot list an app without an id, and neither do we;
// the summary shows the events it did read under "(no application id)" and names the cause.
TEST(CorpusDamaged, LogWithoutApplicationStartIsNotListed) {
  const fs::path log = kCorpus / "rapids-tools" / "e2e" / "incorrect_app_status_eventlog.zstd";
  const std::string summary = Summary(log);
  EXPECT_NE(summary.find("application   (no application id)\n"), std::string::npos) << summary;
  EXPECT_NE(summary.find("  start       -\n"), std::string::npos) << summary;
  EXPECT_NE(summary.find("problem: " + log.string() +
                         ": no SparkListenerApplicationStart with an App ID"),
            std::string::npos)
      << summary;
  const std::string listing = ApiAnswer(log, "/api/v1/applications");
  simdjson::dom::parser parser;
  simdjson::dom::array apps;
  ASSERT_EQ(parser.parse(listing).get_array().get(apps), simdjson::SUCCESS) << listing;
  EXPECT_EQ(apps.size(), 0u) << listing;
}

// [SECTION] A log directory lists every application in it -----------------------------------------

std::string ReadWhole(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// All frames of a zstd file (Spark's codec writes many), decompressed with libzstd directly.
std::string DecompressZstd(const std::string& compressed) {
  std::string out;
  ZSTD_DStream* stream = ZSTD_createDStream();
  ZSTD_initDStream(stream);
  std::vector<char> buffer(ZSTD_DStreamOutSize());
  ZSTD_inBuffer in{compressed.data(), compressed.size(), 0};
  bool output_full = true;
  while (in.pos < in.size || output_full) {
    ZSTD_outBuffer chunk{buffer.data(), buffer.size(), 0};
    const size_t result = ZSTD_decompressStream(stream, &chunk, &in);
    if (ZSTD_isError(result)) {
      ADD_FAILURE() << "zstd: " << ZSTD_getErrorName(result);
      break;
    }
    out.append(buffer.data(), chunk.pos);
    output_full = chunk.pos == chunk.size;
  }
  ZSTD_freeDStream(stream);
  return out;
}

// A JSON string field's value on `line` by plain text search ("" when absent). Enough for the ids
// of an ApplicationStart, which are plain ASCII.
std::string StringField(const std::string& line, const std::string& field) {
  const std::string key = "\"" + field + "\":\"";
  const size_t at = line.find(key);
  if (at == std::string::npos) return "";
  const size_t begin = at + key.size();
  return line.substr(begin, line.find('"', begin) - begin);
}

// "<app id>/<attempt id>" of the file's ApplicationStart, or "" when it has none.
std::string ApplicationStartOf(const fs::path& file) {
  std::string text = ReadWhole(file);
  if (file.extension() == ".zstd") text = DecompressZstd(text);
  const size_t at = text.find("\"Event\":\"SparkListenerApplicationStart\"");
  if (at == std::string::npos) return "";
  const size_t line_begin = text.rfind('\n', at) == std::string::npos ? 0 : text.rfind('\n', at) + 1;
  const std::string line = text.substr(line_begin, text.find('\n', at) - line_begin);
  return StringField(line, "App ID") + "/" + StringField(line, "App Attempt ID");
}

// The expectation, derived from the files alone (not from our loader): the History Server's log
// directory holds top-level files (plain or .zstd) and rolling `eventlog_v2_*` folders, whose
// part 1 has the ApplicationStart; each (app id, attempt id) with a start is one listed attempt
// (logs with the same pair merge, e.g. eventlog_same_app_id_1/2.zstd and truncated_eventlog share
// one app). Other folders (cluster_information/, multiple_attempts/) are not logs of this
// directory. db_sim_eventlog/ holds the rolling log's app again in Databricks' naming, so the
// expected set is the same whether or not a Databricks folder is listed.
std::set<std::string> ExpectedAttempts(const fs::path& dir) {
  std::set<std::string> attempts;
  for (const fs::directory_entry& entry : fs::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    std::string start;
    if (entry.is_regular_file() && name[0] != '.') {
      start = ApplicationStartOf(entry.path());
    } else if (entry.is_directory() && name.rfind("eventlog_v2_", 0) == 0) {
      const std::string app_id = name.substr(std::string("eventlog_v2_").size());
      for (const fs::directory_entry& part : fs::directory_iterator(entry.path())) {
        if (part.path().filename().string().rfind("events_1_" + app_id, 0) == 0) {
          start = ApplicationStartOf(part.path());
        }
      }
    }
    if (!start.empty()) attempts.insert(start);
  }
  return attempts;
}

TEST(CorpusListing, QualificationFolderListsEveryApplicationOfItsLogs) {
  const fs::path dir = kCorpus / "rapids-tools" / "qualification";
  ASSERT_TRUE(fs::is_directory(dir)) << "corpus missing: " << dir;
  const std::set<std::string> expected = ExpectedAttempts(dir);
  std::set<std::string> expected_apps;
  for (const std::string& attempt : expected) expected_apps.insert(attempt.substr(0, attempt.find('/')));
  // 26 top-level files with a start (four of them app local-1622043423018) + the rolling log.
  EXPECT_EQ(expected_apps.size(), 24u);

  const std::string listing = ApiAnswer(dir, "/api/v1/applications");
  simdjson::dom::parser parser;
  simdjson::dom::array apps;
  ASSERT_EQ(parser.parse(listing).get_array().get(apps), simdjson::SUCCESS) << listing.substr(0, 400);
  std::set<std::string> listed;
  for (simdjson::dom::element app : apps) {
    const std::string id = JsonString(app, "id");
    simdjson::dom::array attempts;
    ASSERT_TRUE(JsonArray(app, "attempts", &attempts)) << id;
    for (simdjson::dom::element attempt : attempts) {
      const std::string attempt_key = id + "/" + JsonString(attempt, "attemptId");
      EXPECT_TRUE(listed.insert(attempt_key).second) << "listed twice: " << attempt_key;
    }
  }
  EXPECT_EQ(apps.size(), expected_apps.size());
  EXPECT_EQ(listed, expected);
}

}  // namespace corpus_sweep_test
}  // namespace afterglow::conformance
