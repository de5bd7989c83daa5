// Environment rows equal the History Server's /environment and /allmiscellaneousprocess answers
// for the corpus, and the default redaction hides secrets by name or value.
#include "core/query/environment_rows.h"

#include <gtest/gtest.h>

#include <string>

#include "simdjson.h"
#include "tests/core/query/corpus_attempt.h"

namespace afterglow {
namespace environment_rows_test {

using test_support::CorpusAttempt;
using test_support::ExpectedAnswer;
using test_support::LoadCorpus;

void ExpectProperties(const PropertyRows& rows, simdjson::dom::element expected, const char* key) {
  simdjson::dom::array pairs;
  ASSERT_EQ(expected[key].get_array().get(pairs), simdjson::SUCCESS) << key;
  ASSERT_EQ(rows.size(), pairs.size()) << key;
  size_t i = 0;
  for (simdjson::dom::element pair : pairs) {
    std::string_view name, value;
    ASSERT_EQ(pair.at(0).get_string().get(name), simdjson::SUCCESS);
    ASSERT_EQ(pair.at(1).get_string().get(value), simdjson::SUCCESS);
    EXPECT_EQ(rows[i].first, name) << key;
    EXPECT_EQ(rows[i].second, value) << key << " " << name;
    ++i;
  }
}

TEST(EnvironmentRows, PropertiesAndRuntimeAsTheHistoryServerListsThem) {
  CorpusAttempt loaded;
  ASSERT_NO_FATAL_FAILURE(LoadCorpus(loaded, "spark/spark-events/app-20161116163331-0000"));
  const std::optional<EnvironmentRows> rows = ReadEnvironmentRows(*loaded.model);
  ASSERT_TRUE(rows.has_value());
  const std::string expected_text = ExpectedAnswer("app_environment_expectation.json");
  simdjson::dom::parser parser;
  simdjson::dom::element expected;
  ASSERT_EQ(parser.parse(expected_text).get(expected), simdjson::SUCCESS);
  std::string_view java_version;
  ASSERT_EQ(expected["runtime"]["javaVersion"].get_string().get(java_version), simdjson::SUCCESS);
  ASSERT_TRUE(rows->java_version.has_value());
  EXPECT_EQ(*rows->java_version, java_version);
  ExpectProperties(rows->spark_properties, expected, "sparkProperties");
  ExpectProperties(rows->hadoop_properties, expected, "hadoopProperties");
  ExpectProperties(rows->system_properties, expected, "systemProperties");
  ExpectProperties(rows->metrics_properties, expected, "metricsProperties");
  ExpectProperties(rows->classpath_entries, expected, "classpathEntries");
}

TEST(EnvironmentRows, ResourceProfilesById) {
  CorpusAttempt loaded;
  ASSERT_NO_FATAL_FAILURE(LoadCorpus(loaded, "spark/spark-events/application_1578436911597_0052"));
  const std::optional<EnvironmentRows> rows = ReadEnvironmentRows(*loaded.model);
  ASSERT_TRUE(rows.has_value());
  const std::string expected_text = ExpectedAnswer("multiple_resource_profiles_expectation.json");
  simdjson::dom::parser parser;
  simdjson::dom::array profiles;
  ASSERT_EQ(parser.parse(expected_text)["resourceProfiles"].get_array().get(profiles),
            simdjson::SUCCESS);
  ASSERT_EQ(rows->resource_profiles.size(), profiles.size());
  size_t i = 0;
  for (simdjson::dom::element profile : profiles) {
    int64_t id = -1;
    ASSERT_EQ(profile["id"].get_int64().get(id), simdjson::SUCCESS);
    EXPECT_EQ(rows->resource_profiles[i++]->id, id);
  }
}

TEST(EnvironmentRows, NoEnvironmentUpdateNoRows) {
  AttemptModel empty;
  EXPECT_FALSE(ReadEnvironmentRows(empty).has_value());
}

TEST(EnvironmentRows, RedactionByNameOrValue) {
  EXPECT_TRUE(IsRedactedProperty("spark.ssl.keyPassword", "x"));
  EXPECT_TRUE(IsRedactedProperty("fs.s3a.access.key", "x"));
  EXPECT_TRUE(IsRedactedProperty("spark.hadoop.fs.s3a.AccessKey", "x"));
  EXPECT_TRUE(IsRedactedProperty("plain", "my-SECRET-value"));
  EXPECT_FALSE(IsRedactedProperty("spark.app.name", "demo"));
}

TEST(MiscProcessRows, AsTheHistoryServerListsThem) {
  CorpusAttempt loaded;
  ASSERT_NO_FATAL_FAILURE(LoadCorpus(loaded, "spark/spark-events/application_1555004656427_0144"));
  const std::vector<MiscProcessRow> rows = MiscProcessRows(*loaded.model, *loaded.pool);
  const std::string expected_text = ExpectedAnswer("miscellaneous_process_expectation.json");
  simdjson::dom::parser parser;
  simdjson::dom::array processes;
  ASSERT_EQ(parser.parse(expected_text).get_array().get(processes), simdjson::SUCCESS);
  ASSERT_EQ(rows.size(), processes.size());
  size_t i = 0;
  for (simdjson::dom::element p : processes) {
    std::string_view id, host_port;
    int64_t cores = 0;
    ASSERT_EQ(p["id"].get_string().get(id), simdjson::SUCCESS);
    ASSERT_EQ(p["hostPort"].get_string().get(host_port), simdjson::SUCCESS);
    ASSERT_EQ(p["totalCores"].get_int64().get(cores), simdjson::SUCCESS);
    simdjson::dom::object logs;
    ASSERT_EQ(p["processLogs"].get_object().get(logs), simdjson::SUCCESS);
    const MiscProcessRow& row = rows[i++];
    EXPECT_EQ(row.id, id);
    EXPECT_EQ(row.host_port, host_port);
    EXPECT_EQ(row.total_cores, cores);
    EXPECT_EQ(row.process_logs.size(), logs.size());
  }
}

}  // namespace environment_rows_test
}  // namespace afterglow
