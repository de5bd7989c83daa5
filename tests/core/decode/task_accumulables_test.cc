#include "core/decode/task_accumulables.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/base/read_padding.h"
#include "core/decode/json_fields.h"

namespace afterglow {
namespace task_accumulables_test {

namespace od = simdjson::ondemand;

class TaskAccumulablesTest : public ::testing::Test {
 protected:
  // Decodes `array` (a JSON array of accumulables) into shown_ and sql_.
  simdjson::error_code Decode(const std::string& array) {
    const std::string text = R"({"Accumulables":)" + array + R"(,"After":7})";
    padded_ = text + std::string(kReadPadding, ' ');
    od::document doc;
    AG_JSON_TRY(parser_.iterate(padded_.data(), text.size(), padded_.size()).get(doc));
    od::value root;
    AG_JSON_TRY(doc.get_value().get(root));
    return json::ForEachField(root, [&](std::string_view key, od::value v) -> simdjson::error_code {
      if (key == "Accumulables") return DecodeTaskAccumulables(v, pool_, &shown_, &sql_);
      // The walk must be back in step after the array: the next field reads normally.
      if (key == "After") return json::ReadInt64(v, after_);
      return simdjson::SUCCESS;
    });
  }
  std::string Text(const OptString& text) const {
    return text.present ? std::string(pool_.Get(text.id)) : std::string("<absent>");
  }

  od::parser parser_;
  std::string padded_;
  StringPool pool_;
  std::vector<AccumulableEvent> shown_;
  std::vector<TaskAccumUpdate> sql_;
  int64_t after_ = 0;
};

// LiveEntityHelpers.newAccumulatorInfos: internal and "sql" metadata entries are not shown;
// the SQL listener sees every entry's update.
TEST_F(TaskAccumulablesTest, ShownEntriesSkipInternalAndSqlOnesAndKeepTextsAsWritten) {
  ASSERT_EQ(Decode(R"([)"
                   R"({"ID":1,"Name":"internal.metrics.executorRunTime","Update":5,"Value":9,)"
                   R"("Internal":true,"Count Failed Values":true},)"
                   R"({"ID":2,"Name":"number of output rows","Update":"12","Value":"40",)"
                   R"("Internal":false,"Count Failed Values":true,"Metadata":"sql"},)"
                   R"({"ID":3,"Name":"my \"quoted\" acc","Update":-2.5e1 ,"Value":"a\\b",)"
                   R"("Internal":false},)"
                   R"({"ID":4,"Name":"flags","Update":true,"Value":[1, 2],"Internal":false},)"
                   R"({"ID":5,"Name":null,"Value":{"k":"v"}})"
                   R"(])"),
            simdjson::SUCCESS);
  EXPECT_EQ(after_, 7);
  ASSERT_EQ(shown_.size(), 3u);
  EXPECT_EQ(shown_[0].id, 3);
  EXPECT_EQ(Text(shown_[0].name), "my \"quoted\" acc");
  EXPECT_EQ(Text(shown_[0].update), "-2.5e1");  // a number keeps its JSON text, spaces trimmed
  EXPECT_EQ(Text(shown_[0].value), "a\\b");
  EXPECT_EQ(shown_[1].id, 4);
  EXPECT_EQ(Text(shown_[1].update), "true");
  EXPECT_EQ(Text(shown_[1].value), "[1, 2]");
  EXPECT_EQ(shown_[2].id, 5);
  EXPECT_EQ(Text(shown_[2].name), "<absent>");
  EXPECT_EQ(Text(shown_[2].update), "<absent>");
  EXPECT_EQ(Text(shown_[2].value), R"({"k":"v"})");

  // The SQL listener gets each update's text, parsed (Long.parseLong) only for its metrics.
  ASSERT_EQ(sql_.size(), 5u);
  EXPECT_EQ(sql_[0].kind, TaskAccumUpdate::Kind::kText);
  EXPECT_EQ(sql_[0].text, "5");
  EXPECT_EQ(sql_[1].kind, TaskAccumUpdate::Kind::kText);
  EXPECT_EQ(sql_[1].text, "12");  // the string's text: Long.parseLong("12")
  EXPECT_EQ(sql_[2].kind, TaskAccumUpdate::Kind::kText);
  EXPECT_EQ(sql_[2].text, "-2.5e1");  // a number's token, which is no Java long
  EXPECT_EQ(sql_[3].kind, TaskAccumUpdate::Kind::kInvalid);  // a boolean
  EXPECT_EQ(sql_[4].kind, TaskAccumUpdate::Kind::kNone);     // no Update
}

TEST_F(TaskAccumulablesTest, InternalEntriesNeverReachTheStringPool) {
  const size_t strings_before = pool_.size();
  ASSERT_EQ(Decode(R"([{"ID":1,"Name":"internal.metrics.a","Update":5,"Value":9,"Internal":true},)"
                   R"({"ID":2,"Name":"internal.metrics.b","Update":"x","Value":"y","Internal":true}])"),
            simdjson::SUCCESS);
  EXPECT_TRUE(shown_.empty());
  EXPECT_EQ(pool_.size(), strings_before);
  EXPECT_EQ(after_, 7);
}

TEST_F(TaskAccumulablesTest, MalformedScalarsAreErrorsNotText) {
  EXPECT_NE(Decode(R"([{"ID":1,"Name":"n","Update":12abc,"Internal":false}])"), simdjson::SUCCESS);
  EXPECT_NE(Decode(R"([{"ID":1,"Name":"n","Update":tru,"Internal":false}])"), simdjson::SUCCESS);
  EXPECT_NE(Decode(R"([{"ID":1,"Name":"n","Update":nul,"Internal":false}])"), simdjson::SUCCESS);
}

}  // namespace task_accumulables_test
}  // namespace afterglow
