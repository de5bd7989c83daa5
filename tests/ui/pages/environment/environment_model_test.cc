// The Environment page's model: its sections hold exactly the CLI's /environment pairs in the
// API's order (so secrets stay redacted as the History Server redacts them), and the search
// counts matches across every section.
#include "ui/pages/environment/environment_model.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <cctype>
#include <string>
#include <utility>
#include <vector>

#include "simdjson.h"
#include "tests/conformance/cli_run.h"
#include "tests/core/inline_log.h"
#include "tests/ui/headless_ui.h"
#include "tests/support/api_app_base.h"
#include "ui/pages/executors/executors_model.h"

namespace afterglow::ui {
namespace environment_model_test {

const std::string kCorpus = AFTERGLOW_CORPUS_DIR;
const std::string kLog = kCorpus + "/spark/spark-events/application_1553914137147_0018";

std::vector<std::pair<std::string, std::string>> ApiPairs(simdjson::dom::element env,
                                                          const char* key) {
  std::vector<std::pair<std::string, std::string>> pairs;
  simdjson::dom::array list;
  EXPECT_EQ(env[key].get_array().get(list), simdjson::SUCCESS) << key;
  for (simdjson::dom::element pair : list) {
    std::string_view name, value;
    EXPECT_EQ(pair.at(0).get_string().get(name), simdjson::SUCCESS);
    EXPECT_EQ(pair.at(1).get_string().get(value), simdjson::SUCCESS);
    pairs.emplace_back(std::string(name), std::string(value));
  }
  return pairs;
}

const EnvironmentSection* Section(const EnvironmentTableModel& model, const std::string& title) {
  for (const EnvironmentSection& section : model.sections) {
    if (section.title == title) return &section;
  }
  return nullptr;
}

std::string Lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

TEST(EnvironmentModel, SectionsAreTheApiAnswerInSparksOrder) {
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kLog), "");
  const EnvironmentTableModel& model = ui.state().environment;
  ASSERT_TRUE(model.error.empty()) << model.error;
  std::vector<std::string> titles;
  for (const EnvironmentSection& section : model.sections) titles.push_back(section.title);
  EXPECT_EQ(titles, (std::vector<std::string>{"Runtime Information", "Spark Properties",
                                              "Resource Profiles", "Hadoop Properties",
                                              "System Properties", "Metrics Properties",
                                              "Classpath Entries"}));

  const conformance::CommandResult cli = conformance::RunCommand(conformance::CliCommand(
      {"api", kLog, ApiAppBase(*ui.state().SelectedApp()) + "/environment"}));
  ASSERT_EQ(cli.exit_code, 0);
  simdjson::dom::parser parser;
  simdjson::dom::element env;
  ASSERT_EQ(parser.parse(cli.output).get(env), simdjson::SUCCESS);
  for (auto [title, key] : {std::pair{"Spark Properties", "sparkProperties"},
                            std::pair{"Hadoop Properties", "hadoopProperties"},
                            std::pair{"System Properties", "systemProperties"},
                            std::pair{"Metrics Properties", "metricsProperties"},
                            std::pair{"Classpath Entries", "classpathEntries"}}) {
    SCOPED_TRACE(title);
    const EnvironmentSection* section = Section(model, title);
    ASSERT_NE(section, nullptr);
    EXPECT_EQ(section->rows, ApiPairs(env, key));
  }
  const EnvironmentSection* runtime = Section(model, "Runtime Information");
  ASSERT_NE(runtime, nullptr);
  std::string_view java;
  ASSERT_EQ(env["runtime"]["javaVersion"].get_string().get(java), simdjson::SUCCESS);
  ASSERT_FALSE(runtime->rows.empty());
  EXPECT_EQ(runtime->rows[0], (std::pair<std::string, std::string>{"Java Version", std::string(java)}));

  // The log's Hadoop configuration has token settings; the page shows them redacted.
  const EnvironmentSection* hadoop = Section(model, "Hadoop Properties");
  auto token = std::find_if(hadoop->rows.begin(), hadoop->rows.end(), [](const auto& row) {
    return row.first == "dfs.block.access.token.enable";
  });
  ASSERT_NE(token, hadoop->rows.end());
  EXPECT_EQ(token->second, "*********(redacted)");
}

TEST(EnvironmentModel, ResourceProfilesAndRuntimeReadFromTheApiAnswer) {
  // local-1596020211915's /environment has one profile (written out by hand from the CLI's JSON):
  // {"id": 0, "executorResources": {"cores": {"amount": 1, ...}, "memory": {"amount": 1024, ...}},
  //  "taskResources": {"cpus": {"amount": 1.0}}}, with empty discovery scripts and vendors.
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kCorpus + "/spark/sql-events/local-1596020211915"), "");
  const EnvironmentTableModel& model = ui.state().environment;
  ASSERT_TRUE(model.error.empty()) << model.error;
  const EnvironmentSection* profiles = Section(model, "Resource Profiles");
  ASSERT_NE(profiles, nullptr);
  ASSERT_EQ(profiles->rows.size(), 1u);
  EXPECT_EQ(profiles->rows[0].first, "0");
  EXPECT_EQ(profiles->rows[0].second,
            "Executor Reqs: cores: [amount: 1], memory: [amount: 1024]  |  Task Reqs: cpus: "
            "[amount: 1.0]");
  const EnvironmentSection* runtime = Section(model, "Runtime Information");
  ASSERT_NE(runtime, nullptr);
  ASSERT_EQ(runtime->rows.size(), 3u);
  EXPECT_EQ(runtime->rows[0].first, "Java Version");
  EXPECT_EQ(runtime->rows[1].first, "Java Home");
  EXPECT_EQ(runtime->rows[2].first, "Scala Version");
  EXPECT_FALSE(runtime->rows[2].second.empty());
}

TEST(EnvironmentModel, SearchFiltersKeysAndValuesAcrossSections) {
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kLog), "");
  EnvironmentTableModel& model = ui.state().environment;
  // Counted independently: rows whose key or value contains "yarn", any case.
  size_t expected = 0;
  size_t sections_with_matches = 0;
  for (const EnvironmentSection& section : model.sections) {
    size_t in_section = 0;
    for (const auto& [key, value] : section.rows) {
      in_section += Lower(key).find("yarn") != std::string::npos ||
                    Lower(value).find("yarn") != std::string::npos;
    }
    expected += in_section;
    sections_with_matches += in_section > 0;
  }
  ASSERT_GT(expected, 0u);
  ASSERT_GE(sections_with_matches, 2u);  // spark.master=yarn and the yarn.* Hadoop keys
  model.Filter("YARN");
  EXPECT_EQ(model.matches, expected);
  size_t visible = 0;
  for (const EnvironmentSection& section : model.sections) {
    visible += section.visible.size();
    for (uint32_t row : section.visible) {
      const auto& [key, value] = section.rows[row];
      EXPECT_TRUE(Lower(key + value).find("yarn") != std::string::npos) << key;
    }
  }
  EXPECT_EQ(visible, expected);
  // A section's TSV has its header and the visible rows only.
  const std::string tsv = model.SectionTsv(1);
  EXPECT_EQ(static_cast<size_t>(std::count(tsv.begin(), tsv.end(), '\n')),
            model.sections[1].visible.size() + 1);
  EXPECT_EQ(tsv.rfind("Name\tValue\n", 0), 0u);

  model.Filter("");
  size_t all = 0;
  for (const EnvironmentSection& section : model.sections) all += section.rows.size();
  EXPECT_EQ(model.matches, all);
}

// Spark's redaction (Utils.redact with spark.redaction.regex at its default
// (?i)secret|password|token|access[.]?key): a value is hidden when its name or the value itself
// matches, in the Spark, Hadoop, System and Metrics properties but never in the classpath. The
// expected set is worked out by hand from that rule for each pair written into the log.
TEST(EnvironmentModel, RedactsAsTheHistoryServerAndCountsWhatItHid) {
  const std::unique_ptr<Session> session = test_support::LoadInlineLog(
      R"({"Event":"SparkListenerApplicationStart","App Name":"a","App ID":"app-1","Timestamp":1000,"User":"u"})"
      "\n"
      R"({"Event":"SparkListenerEnvironmentUpdate","JVM Information":{"Java Home":"/jdk","Java Version":"11","Scala Version":"2.12"},)"
      R"("Spark Properties":{"spark.app.name":"a","spark.my.PassWord":"hunter2","spark.plain":"my-TOKEN-1","spark.s3.access.key":"AKIA","spark.s3.accesskey":"AKIB","spark.s3.access-key":"AKIC","spark.master":"local"},)"
      R"("Hadoop Properties":{"fs.s3a.secret.key":"s3cr","fs.defaultFS":"file:///"},)"
      R"("System Properties":{"java.home":"/jdk","db.credentials":"password=x"},)"
      R"("Metrics Properties":{"*.sink.servlet.path":"/metrics/json"},)"
      R"("Classpath Entries":{"/opt/secret-lib.jar":"System Classpath"}})"
      "\n");
  const std::vector<AttemptSummary> apps = session->Summaries();
  ASSERT_EQ(apps.size(), 1u);
  EnvironmentTableModel model;
  model.Build(*session, apps[0]);
  ASSERT_TRUE(model.error.empty()) << model.error;
  auto value_of = [&](const char* title, const std::string& key) -> std::string {
    const EnvironmentSection* section = Section(model, title);
    if (section == nullptr) return "<no section>";
    for (const auto& [name, value] : section->rows) {
      if (name == key) return value;
    }
    return "<absent>";
  };
  const std::string hidden = "*********(redacted)";
  EXPECT_EQ(value_of("Spark Properties", "spark.app.name"), "a");
  EXPECT_EQ(value_of("Spark Properties", "spark.my.PassWord"), hidden);  // name, any case
  EXPECT_EQ(value_of("Spark Properties", "spark.plain"), hidden);        // the value matches
  EXPECT_EQ(value_of("Spark Properties", "spark.s3.access.key"), hidden);
  EXPECT_EQ(value_of("Spark Properties", "spark.s3.accesskey"), hidden);
  EXPECT_EQ(value_of("Spark Properties", "spark.s3.access-key"), "AKIC");  // '-' is not [.]?
  EXPECT_EQ(value_of("Spark Properties", "spark.master"), "local");
  EXPECT_EQ(value_of("Hadoop Properties", "fs.s3a.secret.key"), hidden);
  EXPECT_EQ(value_of("Hadoop Properties", "fs.defaultFS"), "file:///");
  EXPECT_EQ(value_of("System Properties", "db.credentials"), hidden);
  EXPECT_EQ(value_of("System Properties", "java.home"), "/jdk");
  EXPECT_EQ(value_of("Metrics Properties", "*.sink.servlet.path"), "/metrics/json");
  EXPECT_EQ(value_of("Classpath Entries", "/opt/secret-lib.jar"), "System Classpath");
  EXPECT_EQ(Section(model, "Spark Properties")->redacted, 4u);
  EXPECT_EQ(Section(model, "Hadoop Properties")->redacted, 1u);
  EXPECT_EQ(Section(model, "System Properties")->redacted, 1u);
  EXPECT_EQ(Section(model, "Classpath Entries")->redacted, 0u);
  EXPECT_EQ(model.redacted, 6u);
}

TEST(EnvironmentModel, ALogWithoutEnvironmentSaysSo) {
  // No EnvironmentUpdate: the API answers 404, and the page explains instead of showing tables.
  const std::unique_ptr<Session> session = test_support::LoadInlineLog(
      R"({"Event":"SparkListenerApplicationStart","App Name":"a","App ID":"app-1","Timestamp":1000,"User":"u"})"
      "\n");
  const std::vector<AttemptSummary> apps = session->Summaries();
  ASSERT_EQ(apps.size(), 1u);
  EXPECT_EQ(session->Api(ApiAppBase(apps[0]) + "/environment").status, 404);
  EnvironmentTableModel model;
  model.Build(*session, apps[0]);
  EXPECT_TRUE(model.sections.empty());
  EXPECT_NE(model.error.find("no environment"), std::string::npos) << model.error;
  EXPECT_EQ(model.matches, 0u);
}

}  // namespace environment_model_test
}  // namespace afterglow::ui
