// `afterglow report`: the saved page is the given viewer with the logs inside, under the names the
// format asks for, and the logs read back (base64, zstd) equal to the originals; errors name the
// file and exit non-zero. The viewer is a small page written here (no wasm build needed).
#include <gtest/gtest.h>
#include <zstd.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <fstream>
#include <sstream>
#include <string>

#include "core/share/base64.h"
#include "simdjson.h"
#include "tests/conformance/cli_run.h"
#include "tests/support/file_text.h"
#include "tests/support/unique_temp_path.h"

namespace afterglow::conformance {
namespace report_test {

namespace fs = std::filesystem;

constexpr const char* kViewer = "<!doctype html><html><body><p>viewer</p></body></html>\n";
constexpr std::string_view kOpenTag =
    "<script type=\"application/x-afterglow-analysis\" id=\"afterglow-analysis\">";

using test_support::ReadFile;
using test_support::Unzstd;

class ReportCommand : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = test_support::UniqueTempPath(
        "afterglow-report-" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    viewer_ = (dir_ / "viewer.html").string();
    std::ofstream(viewer_) << kViewer;
  }
  void TearDown() override { fs::remove_all(dir_); }

  // name -> decompressed text of each file in the saved page; the route and redacted flag too.
  std::map<std::string, std::string> Files(const std::string& html, std::string* route, bool* redacted) {
    std::map<std::string, std::string> files;
    const size_t open = html.find(kOpenTag);
    EXPECT_NE(open, std::string::npos);
    if (open == std::string::npos) return files;
    const size_t close = html.find("</script>", open);
    EXPECT_EQ(html.substr(close), "</script></body></html>\n");
    EXPECT_EQ(html.substr(0, open), "<!doctype html><html><body><p>viewer</p>\n");
    const std::string json = html.substr(open + kOpenTag.size(), close - open - kOpenTag.size());
    simdjson::dom::parser parser;
    simdjson::dom::element doc;
    EXPECT_EQ(parser.parse(json).get(doc), simdjson::SUCCESS);
    std::string_view route_text;
    EXPECT_EQ(doc["route"].get_string().get(route_text), simdjson::SUCCESS);
    *route = std::string(route_text);
    EXPECT_EQ(doc["redacted"].get_bool().get(*redacted), simdjson::SUCCESS);
    simdjson::dom::array list;
    EXPECT_EQ(doc["files"].get_array().get(list), simdjson::SUCCESS);
    for (simdjson::dom::element f : list) {
      std::string_view name, data;
      uint64_t bytes = 0;
      EXPECT_EQ(f["name"].get_string().get(name), simdjson::SUCCESS);
      EXPECT_EQ(f["data"].get_string().get(data), simdjson::SUCCESS);
      EXPECT_EQ(f["bytes"].get_uint64().get(bytes), simdjson::SUCCESS);
      std::string frame;
      EXPECT_TRUE(share::DecodeBase64(data, &frame)) << name;
      files[std::string(name)] = frame.empty() ? "" : Unzstd(frame);
      EXPECT_EQ(files[std::string(name)].size(), bytes) << name;
    }
    return files;
  }

  fs::path dir_;
  std::string viewer_;
};

TEST_F(ReportCommand, SavesALogFileUnderItsNameWithItsTextUnchanged) {
  const fs::path log = fs::path(AFTERGLOW_CORPUS_DIR) / "spark/spark-events/local-1422981780767";
  const std::string out = (dir_ / "a.html").string();
  const CommandResult run = RunCommand(
      CliCommand({"report", log.string(), "-o", out, "--route", "#/stages", "--viewer", viewer_}));
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("local-1422981780767.zstd"), std::string::npos) << run.output;
  std::string route;
  bool redacted = true;
  const auto files = Files(ReadFile(out), &route, &redacted);
  EXPECT_EQ(route, "#/stages");
  EXPECT_FALSE(redacted);
  ASSERT_EQ(files.size(), 1u);
  ASSERT_EQ(files.begin()->first, "local-1422981780767.zstd");
  EXPECT_EQ(files.begin()->second, ReadFile(log));
}

TEST_F(ReportCommand, SavesARollingFolderWithItsPartsAndMarker) {
  const fs::path folder =
      fs::path(AFTERGLOW_CORPUS_DIR) / "rapids-tools/qualification/eventlog_v2_local-1623876083964";
  const std::string out = (dir_ / "b.html").string();
  const CommandResult run = RunCommand(CliCommand({"report", folder.string(), "-o", out, "--viewer", viewer_}));
  ASSERT_EQ(run.exit_code, 0) << run.output;
  std::string route;
  bool redacted = true;
  const auto files = Files(ReadFile(out), &route, &redacted);
  EXPECT_EQ(route, "#/overview");
  EXPECT_FALSE(redacted);
  const std::string prefix = "eventlog_v2_local-1623876083964/";
  for (const char* part : {"events_1_local-1623876083964.zstd", "events_2_local-1623876083964.zstd"}) {
    ASSERT_EQ(files.count(prefix + part), 1u) << part;
    EXPECT_TRUE(files.at(prefix + part) == Unzstd(ReadFile(folder / part))) << part;
  }
  // The log ends with SparkListenerApplicationEnd: the marker says it is complete.
  ASSERT_EQ(files.count(prefix + "appstatus_local-1623876083964"), 1u);
  EXPECT_EQ(files.size(), 3u);
}

TEST_F(ReportCommand, RedactsWhenAsked) {
  const fs::path log = fs::path(AFTERGLOW_CORPUS_DIR) / "spark/spark-events/application_1553914137147_0018";
  const std::string out = (dir_ / "r.html").string();
  const CommandResult run =
      RunCommand(CliCommand({"report", log.string(), "-o", out, "--redact", "--viewer", viewer_}));
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("replaced:"), std::string::npos) << run.output;
  std::string route;
  bool redacted = false;
  const auto files = Files(ReadFile(out), &route, &redacted);
  EXPECT_TRUE(redacted);
  ASSERT_EQ(files.count("application_1553914137147_0018.zstd"), 1u);
  const std::string& text = files.at("application_1553914137147_0018.zstd");
  const std::string original = ReadFile(log);
  // The application's user (SparkListenerApplicationStart "User") and an executor host.
  EXPECT_NE(original.find("\"User\":\"systest\""), std::string::npos);
  EXPECT_NE(original.find("test-1.vpc.company.com"), std::string::npos);
  EXPECT_NE(text.find("\"User\":\"user-1\""), std::string::npos);
  EXPECT_EQ(text.find("systest"), std::string::npos);
  EXPECT_EQ(text.find("vpc.company.com"), std::string::npos);
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), std::count(original.begin(), original.end(), '\n'));
}

TEST_F(ReportCommand, AMissingViewerOrLogIsAnErrorNamingIt) {
  const fs::path log = fs::path(AFTERGLOW_CORPUS_DIR) / "spark/spark-events/local-1422981780767";
  const std::string out = (dir_ / "c.html").string();
  CommandResult run = RunCommand(CliCommand({"report", log.string(), "-o", out, "--viewer",
                                             (dir_ / "none.html").string()}) + " 2>&1");
  EXPECT_NE(run.exit_code, 0);
  EXPECT_NE(run.output.find("none.html"), std::string::npos) << run.output;
  run = RunCommand(CliCommand({"report", (dir_ / "no-log").string(), "-o", out, "--viewer", viewer_}) +
                   " 2>&1");
  EXPECT_NE(run.exit_code, 0);
  EXPECT_NE(run.output.find("no-log"), std::string::npos) << run.output;
  run = RunCommand(CliCommand({"report", log.string(), "--viewer", viewer_}) + " 2>&1");
  EXPECT_NE(run.exit_code, 0);
  EXPECT_NE(run.output.find("-o FILE"), std::string::npos) << run.output;
  EXPECT_FALSE(fs::exists(out));
}

TEST_F(ReportCommand, ACorruptLogIsAnErrorNamingTheFile) {
  const fs::path bad = dir_ / "broken.zstd";
  std::ofstream(bad, std::ios::binary) << std::string("\x28\xb5\x2f\xfd garbage that is no frame", 30);
  const CommandResult run = RunCommand(
      CliCommand({"report", bad.string(), "-o", (dir_ / "d.html").string(), "--viewer", viewer_}) + " 2>&1");
  EXPECT_NE(run.exit_code, 0);
  EXPECT_NE(run.output.find("broken.zstd"), std::string::npos) << run.output;
}

}  // namespace report_test
}  // namespace afterglow::conformance
