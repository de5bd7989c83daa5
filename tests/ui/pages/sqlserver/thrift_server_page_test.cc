// The JDBC/ODBC Server tab over a Thrift server log made at test time (the corpus has none;
// tests/support/thrift_server_log.h): its headline counts, its tables' rows, the filter and the
// TSV, drawn headless; and no tab for a log without the Thrift server.
#include "ui/pages/sqlserver/thrift_server_page_model.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "simdjson.h"
#include "tests/support/api_json.h"
#include "tests/support/thrift_server_log.h"
#include "tests/support/unique_temp_path.h"
#include "tests/ui/headless_ui.h"
#include "ui/app/views.h"

namespace afterglow::ui {
namespace thrift_server_page_test {

const std::string kCorpus = AFTERGLOW_CORPUS_DIR;

using namespace test_support;

class ThriftServerPage : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = test_support::UniqueTempPath("afterglow-thrift-server-test.log");
    { std::ofstream(path_) << ThriftServerLog(); }
    ASSERT_EQ(ui_.Load(path_.string()), "");
  }
  void TearDown() override { std::filesystem::remove(path_); }

  std::filesystem::path path_;
  testing::HeadlessUi ui_;
};

TEST_F(ThriftServerPage, HeadlineTablesFilterAndTsv) {
  AppState& state = ui_.state();
  EXPECT_TRUE(ThriftServerViewAvailable(state));
  ASSERT_TRUE(ShowRoute(state, "#/sqlserver"));
  ui_.Draw();
  const ThriftServerPageModel& page = state.thrift_server;
  EXPECT_EQ(page.statements.size(), 5u);
  EXPECT_EQ(page.sessions.size(), 2u);
  EXPECT_EQ(page.online_sessions, 1);     // s2
  EXPECT_EQ(page.running_statements, 1);  // op4, compiled and not closed
  EXPECT_EQ(page.statements.back().job_ids, "[0] [1]");

  simdjson::dom::parser parser;
  const std::string described = ui_.DescribeView();
  simdjson::dom::element view = ElementOf(parser, described);
  EXPECT_EQ(I64(view["statements"]), 5);
  EXPECT_EQ(I64(view["onlineSessions"]), 1);

  std::snprintf(state.thrift_server.search, sizeof state.thrift_server.search, "%s", "not found");
  state.thrift_server.ApplyFilter();
  ASSERT_EQ(state.thrift_server.shown.size(), 1u);  // op2's error detail
  EXPECT_EQ(state.thrift_server.statements[state.thrift_server.shown[0]].state, "FAILED");
  const std::string tsv = state.thrift_server.StatementsTsv();
  EXPECT_EQ(std::count(tsv.begin(), tsv.end(), '\n'), 2);
  EXPECT_NE(tsv.find("SELECT * FROM nope"), std::string::npos);
  const std::string sessions = state.thrift_server.SessionsTsv();
  EXPECT_NE(sessions.find("10.0.0.2"), std::string::npos);
  EXPECT_EQ(std::count(sessions.begin(), sessions.end(), '\n'), 3);
}

TEST(ThriftServerPageAbsent, ALogWithoutTheThriftServerHasNoTab) {
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kCorpus + "/spark/spark-events/local-1422981780767"), "");
  EXPECT_FALSE(ThriftServerViewAvailable(ui.state()));
}

}  // namespace thrift_server_page_test
}  // namespace afterglow::ui
