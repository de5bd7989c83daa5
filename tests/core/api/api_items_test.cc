// Session::ApiItems, which the page's list models read: for the list answers of real logs the
// items handed over one at a time are exactly the items of Session::Api's body, in order, and
// never all held at once; other answers come back whole, as Api gives them.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/load/load_path.h"
#include "core/session.h"

namespace afterglow {
namespace api_items_test {

const std::string kCorpus = AFTERGLOW_CORPUS_DIR;

struct Streamed {
  ApiResponse response;
  std::vector<std::string> items;
};

Streamed Stream(const Session& session, const std::string& path) {
  Streamed out;
  out.response = session.ApiItems(path, [&](std::string_view item) { out.items.emplace_back(item); });
  return out;
}

// The array text Jackson writes for these items.
std::string Joined(const std::vector<std::string>& items) {
  if (items.empty()) return "[ ]";
  std::string text = "[";
  for (size_t i = 0; i < items.size(); ++i) text += (i == 0 ? " " : ", ") + items[i];
  return text + " ]";
}

class ApiItems : public ::testing::TestWithParam<const char*> {};

TEST_P(ApiItems, ListItemsAreTheBodysItemsOneAtATime) {
  Session session;
  std::string error;
  ASSERT_TRUE(LoadPath(session, kCorpus + "/" + GetParam(), &error)) << error;
  ASSERT_FALSE(session.Summaries().empty());
  const AttemptSummary app = session.Summaries().front();
  std::string base = "/api/v1/applications/" + app.app_id;
  if (!app.attempt_id.empty()) base += "/" + app.attempt_id;
  for (const std::string list :
       {"/jobs", "/stages", "/allexecutors",
        "/sql?details=false&planDescription=false&offset=0&length=2147483647"}) {
    SCOPED_TRACE(list);
    const ApiResponse whole = session.Api(base + list);
    ASSERT_EQ(whole.status, 200);
    const Streamed streamed = Stream(session, base + list);
    EXPECT_EQ(streamed.response.status, 200);
    EXPECT_EQ(Joined(streamed.items), whole.body);
    // What is left in the body is at most the array's closing bracket (an empty list: "[ ]").
    if (streamed.items.empty()) {
      EXPECT_EQ(streamed.response.body, "[ ]");
    } else {
      EXPECT_LE(streamed.response.body.size(), 2u);
    }
    if (streamed.items.size() > 1) {
      size_t longest = 0;
      for (const std::string& item : streamed.items) longest = std::max(longest, item.size());
      EXPECT_LT(longest, whole.body.size());
    }
  }
  // Answers that are not lists, and errors, come back whole with no items.
  for (const std::string other : {"/environment", "/jobs/999999", "/nothing"}) {
    SCOPED_TRACE(other);
    const ApiResponse whole = session.Api(base + other);
    const Streamed streamed = Stream(session, base + other);
    EXPECT_TRUE(streamed.items.empty());
    EXPECT_EQ(streamed.response.status, whole.status);
    EXPECT_EQ(streamed.response.body, whole.body);
  }
}

INSTANTIATE_TEST_SUITE_P(
    Corpus, ApiItems,
    ::testing::Values("spark/sql-events/local-1596020211915",
                      "spark/spark-events/application_1553914137147_0018",
                      "rapids-tools/e2e/join_agg_on_yarn_eventlog.zstd"));

}  // namespace api_items_test
}  // namespace afterglow
