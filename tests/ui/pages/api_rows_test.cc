// The one reader of the session's REST answers (ui/pages/api_rows.h) the jobs, executors and storage
// models share: fields present, absent, null and of the wrong type, on hand-written JSON, and the
// errors of an answer that is not 200 or not the expected shape.
#include "ui/pages/api_rows.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "core/load/load_path.h"
#include "tests/core/inline_log.h"

namespace afterglow::ui {
namespace api_rows_test {

TEST(ApiRows, FieldsPresentAbsentAndOfTheWrongType) {
  simdjson::dom::parser parser;
  simdjson::dom::object json;
  ASSERT_EQ(parser
                .parse(std::string(
                    R"({"id":"7","n":42,"neg":-3,"big":9999999999,"flag":true,"none":null,)"
                    R"("empty":"","date":"2015-02-03T16:43:02.301GMT","bad":"yesterday",)"
                    R"("inner":{"x":5},"list":[{"a":1},2,{"a":3}],"names":["1","2",3],)"
                    R"("ids":[4,"x",6]})"))
                .get_object()
                .get(json),
            simdjson::SUCCESS);
  const ApiRow row(json);
  EXPECT_EQ(row.Int("n"), 42);
  EXPECT_EQ(row.Int("missing"), 0);
  EXPECT_EQ(row.Int("missing", -1), -1);
  EXPECT_EQ(row.Int("id", -1), -1);  // a string is not an integer
  EXPECT_EQ(row.Count("n"), 42u);
  EXPECT_EQ(row.Count("neg"), 0u);
  EXPECT_EQ(row.Count("big"), 0u);  // over 32 bits
  EXPECT_TRUE(row.Bool("flag"));
  EXPECT_FALSE(row.Bool("missing"));
  EXPECT_TRUE(row.Bool("missing", true));
  EXPECT_TRUE(row.Has("n"));
  EXPECT_FALSE(row.Has("none"));  // null reads as absent
  EXPECT_FALSE(row.Has("missing"));
  EXPECT_EQ(row.Text("id"), "7");
  EXPECT_EQ(row.Text("n"), "");
  std::string text = "unchanged";
  EXPECT_FALSE(row.TextIf("missing", &text));
  EXPECT_EQ(text, "unchanged");
  EXPECT_TRUE(row.TextIf("empty", &text));  // present and empty is not absent
  EXPECT_EQ(text, "");
  EXPECT_EQ(row.Date("date"), 1422981782301);  // python: datetime(2015,2,3,16,43,2,301000, UTC)
  EXPECT_EQ(row.Date("bad"), -1);
  EXPECT_EQ(row.Date("missing"), -1);
  ASSERT_TRUE(row.Object("inner").has_value());
  EXPECT_EQ(row.Object("inner")->Int("x"), 5);
  EXPECT_FALSE(row.Object("n").has_value());
  const std::vector<ApiRow> list = row.Rows("list");  // the 2 is not an object: skipped
  ASSERT_EQ(list.size(), 2u);
  EXPECT_EQ(list[1].Int("a"), 3);
  EXPECT_EQ(row.Texts("names"), (std::vector<std::string>{"1", "2"}));
  EXPECT_EQ(row.Ints("ids"), (std::vector<int64_t>{4, 6}));
  EXPECT_EQ(row.ArraySize("list"), 3u);
  EXPECT_EQ(row.ArraySize("missing"), 0u);
  EXPECT_TRUE(row.Rows("missing").empty());
}

TEST(ApiRows, AnswersAndTheirErrors) {
  const std::unique_ptr<Session> session = test_support::LoadInlineLog(
      R"({"Event":"SparkListenerApplicationStart","App Name":"a","App ID":"app-1","Timestamp":1000,"User":"u"})"
      "\n");
  {
    ApiAnswer answer(*session, "/api/v1/applications/app-1/jobs");
    EXPECT_EQ(answer.status(), 200);
    EXPECT_TRUE(answer.Rows("jobs").empty());  // no job ran
    EXPECT_EQ(answer.error(), "");
    EXPECT_FALSE(answer.Object("jobs").has_value());  // an array is not an object
    EXPECT_EQ(answer.error(), "the jobs answer is not a JSON object");
  }
  {
    ApiAnswer answer(*session, "/api/v1/applications/app-1");
    ASSERT_TRUE(answer.Object("application").has_value());
    EXPECT_EQ(answer.Object("application")->Text("id"), "app-1");
    EXPECT_TRUE(answer.Rows("application").empty());
    EXPECT_EQ(answer.error(), "the application answer is not a JSON array");
  }
  {
    ApiAnswer answer(*session, "/api/v1/applications/nope/jobs");
    EXPECT_EQ(answer.status(), 404);
    EXPECT_TRUE(answer.Rows("jobs").empty());
    EXPECT_EQ(answer.error().rfind("404 ", 0), 0u) << answer.error();
  }
}

// The items ForEachApiItem hands over, each as minified JSON.
std::vector<std::string> ItemsOf(const Session& session, const std::string& path,
                                 std::string* error) {
  std::vector<std::string> items;
  *error = ForEachApiItem(session, path, "list", [&](const ApiRow& row) {
    items.push_back(simdjson::minify(row.json()));
  });
  return items;
}

TEST(ApiRows, ForEachApiItemReadsTheWholeAnswersRowsOneByOne) {
  Session session;
  std::string error;
  ASSERT_TRUE(LoadPath(session, std::string(AFTERGLOW_CORPUS_DIR) + "/spark/spark-events/" +
                                    "application_1553914137147_0018",
                       &error))
      << error;
  const std::string base = "/api/v1/applications/application_1553914137147_0018";
  for (const std::string list : {"/jobs", "/stages", "/allexecutors"}) {
    SCOPED_TRACE(list);
    // The same rows as the whole answer parsed at once, in the same order.
    simdjson::dom::parser parser;
    simdjson::dom::array whole;
    ASSERT_EQ(parser.parse(session.Api(base + list).body).get_array().get(whole),
              simdjson::SUCCESS);
    std::vector<std::string> expected;
    for (simdjson::dom::element item : whole) expected.push_back(simdjson::minify(item));
    ASSERT_GT(expected.size(), 1u);
    EXPECT_EQ(ItemsOf(session, base + list, &error), expected);
    EXPECT_EQ(error, "");
  }
}

TEST(ApiRows, ForEachApiItemErrorsAndAnswersWithoutItems) {
  const std::unique_ptr<Session> session = test_support::LoadInlineLog(
      R"({"Event":"SparkListenerApplicationStart","App Name":"a","App ID":"app-1","Timestamp":1000,"User":"u"})"
      "\n");
  std::string error = "unset";
  EXPECT_TRUE(ItemsOf(*session, "/api/v1/applications/app-1/jobs", &error).empty());  // no job
  EXPECT_EQ(error, "");
  // An answer written whole (not a list endpoint): read as the array it is, or refused.
  EXPECT_TRUE(ItemsOf(*session, "/api/v1/applications/app-1/storage/rdd", &error).empty());
  EXPECT_EQ(error, "");
  EXPECT_TRUE(ItemsOf(*session, "/api/v1/applications/app-1", &error).empty());
  EXPECT_EQ(error, "the list answer is not a JSON array");
  EXPECT_TRUE(ItemsOf(*session, "/api/v1/applications/nope/jobs", &error).empty());
  EXPECT_EQ(error, "404 no such app: nope");
}

TEST(ApiRows, AppBaseNamesTheAttempt) {
  AttemptSummary app;
  app.app_id = "app-1";
  EXPECT_EQ(ApiAppBase(app), "/api/v1/applications/app-1");
  app.attempt_id = "2";
  EXPECT_EQ(ApiAppBase(app), "/api/v1/applications/app-1/2");
}

}  // namespace api_rows_test
}  // namespace afterglow::ui
