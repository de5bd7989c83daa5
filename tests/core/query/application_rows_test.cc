// Application rows over the whole spark-events folder equal the History Server's listing for
// each filter the corpus has an expected answer for.
#include "core/query/application_rows.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/api/dates.h"
#include "simdjson.h"
#include "tests/core/query/corpus_attempt.h"

namespace afterglow {
namespace application_rows_test {

using test_support::CorpusAttempt;
using test_support::ExpectedAnswer;
using test_support::LoadCorpus;

// The applications and attempts of an expected listing, compared with the rows.
void ExpectListing(const std::vector<ApplicationRow>& rows, const std::string& expected_file) {
  simdjson::dom::parser parser;
  simdjson::dom::array apps;
  const std::string expected = ExpectedAnswer(expected_file);
  ASSERT_EQ(parser.parse(expected).get_array().get(apps), simdjson::SUCCESS);
  ASSERT_EQ(rows.size(), apps.size()) << expected_file;
  size_t i = 0;
  for (simdjson::dom::element app : apps) {
    const ApplicationRow& row = rows[i++];
    std::string_view id, name;
    ASSERT_EQ(app["id"].get_string().get(id), simdjson::SUCCESS);
    ASSERT_EQ(app["name"].get_string().get(name), simdjson::SUCCESS);
    EXPECT_EQ(row.id, id);
    EXPECT_EQ(row.name, name);
    simdjson::dom::array attempts;
    ASSERT_EQ(app["attempts"].get_array().get(attempts), simdjson::SUCCESS);
    ASSERT_EQ(row.attempts.size(), attempts.size()) << id;
    size_t j = 0;
    for (simdjson::dom::element attempt : attempts) {
      const AttemptRow& a = row.attempts[j++];
      int64_t start = 0, end = 0, duration = 0;
      bool completed = false;
      EXPECT_EQ(attempt["startTimeEpoch"].get_int64().get(start), simdjson::SUCCESS);
      EXPECT_EQ(attempt["endTimeEpoch"].get_int64().get(end), simdjson::SUCCESS);
      EXPECT_EQ(attempt["duration"].get_int64().get(duration), simdjson::SUCCESS);
      EXPECT_EQ(attempt["completed"].get_bool().get(completed), simdjson::SUCCESS);
      EXPECT_EQ(a.start_time, start) << id;
      EXPECT_EQ(a.end_time, end) << id;
      EXPECT_EQ(a.duration_ms, duration) << id;
      EXPECT_EQ(a.completed, completed) << id;
      std::string_view attempt_id;
      if (attempt["attemptId"].get_string().get(attempt_id) == simdjson::SUCCESS) {
        ASSERT_TRUE(a.attempt_id.has_value()) << id;
        EXPECT_EQ(*a.attempt_id, attempt_id);
      } else {
        EXPECT_FALSE(a.attempt_id.has_value()) << id;
      }
    }
  }
}

class ApplicationRowsOnCorpus : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    loaded_ = new CorpusAttempt();
    LoadCorpus(*loaded_, "spark/spark-events");
  }
  static void TearDownTestSuite() {
    delete loaded_;
    loaded_ = nullptr;
  }
  static std::vector<ApplicationRow> Rows(const ApplicationFilter& filter) {
    return ApplicationRows(*loaded_->pool, loaded_->session.models(), filter);
  }
  static int64_t Date(const char* text) { return ParseSparkDate(text).value_or(-2); }
  static CorpusAttempt* loaded_;
};
CorpusAttempt* ApplicationRowsOnCorpus::loaded_ = nullptr;

TEST_F(ApplicationRowsOnCorpus, TheWholeListing) {
  ExpectListing(Rows(ApplicationFilter()), "application_list_json_expectation.json");
}

TEST_F(ApplicationRowsOnCorpus, CompletedAndRunning) {
  ApplicationFilter completed;
  completed.include_running = false;
  ExpectListing(Rows(completed), "completed_app_list_json_expectation.json");
  ApplicationFilter running;
  running.include_completed = false;
  EXPECT_TRUE(Rows(running).empty());
}

TEST_F(ApplicationRowsOnCorpus, DateBoundsAndLimit) {
  ApplicationFilter min_date;
  min_date.min_start = Date("2015-02-10");
  ExpectListing(Rows(min_date), "minDate_app_list_json_expectation.json");
  ApplicationFilter max_date;
  max_date.max_start = Date("2015-02-10");
  ExpectListing(Rows(max_date), "maxDate_app_list_json_expectation.json");
  ApplicationFilter end_range;
  end_range.min_end = Date("2015-03-16");
  end_range.max_end = Date("2015-05-06T13:03:00.950GMT");
  ExpectListing(Rows(end_range), "minEndDate_and_maxEndDate_app_list_json_expectation.json");
  ApplicationFilter limit;
  limit.limit = 3;
  ExpectListing(Rows(limit), "limit_app_list_json_expectation.json");
}

}  // namespace application_rows_test
}  // namespace afterglow
