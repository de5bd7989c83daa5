#include "core/api/json_writer.h"

#include <gtest/gtest.h>

#include "core/api/dates.h"

namespace afterglow {
namespace {

TEST(JsonWriter, PrettyPrintsLikeJackson) {
  JsonWriter w;
  w.BeginArray();
  w.BeginObject();
  w.FieldInt("jobId", 2);
  w.Key("stageIds");
  w.BeginArray();
  w.Int(3);
  w.Int(4);
  w.EndArray();
  w.Key("jobTags");
  w.BeginArray();
  w.EndArray();
  w.Key("killedTasksSummary");
  w.BeginObject();
  w.EndObject();
  w.Key("nested");
  w.BeginObject();
  w.Field("a", "x\"y");
  w.EndObject();
  w.EndObject();
  w.BeginObject();
  w.EndObject();
  w.EndArray();
  EXPECT_EQ(w.text(),
            "[ {\n"
            "  \"jobId\" : 2,\n"
            "  \"stageIds\" : [ 3, 4 ],\n"
            "  \"jobTags\" : [ ],\n"
            "  \"killedTasksSummary\" : { },\n"
            "  \"nested\" : {\n"
            "    \"a\" : \"x\\\"y\"\n"
            "  }\n"
            "}, { } ]");
}

TEST(JsonWriter, DoublesFollowJavaDoubleToString) {
  EXPECT_EQ(JavaDoubleToString(1.0), "1.0");
  EXPECT_EQ(JavaDoubleToString(0.25), "0.25");
  EXPECT_EQ(JavaDoubleToString(123456.5), "123456.5");
  EXPECT_EQ(JavaDoubleToString(2.5e7), "2.5E7");
  EXPECT_EQ(JavaDoubleToString(1e7), "1.0E7");
  EXPECT_EQ(JavaDoubleToString(0.001), "0.001");
  EXPECT_EQ(JavaDoubleToString(0.0001), "1.0E-4");
  EXPECT_EQ(JavaDoubleToString(-3.0), "-3.0");
  EXPECT_EQ(JavaDoubleToString(0.0), "0.0");
}

TEST(SparkDates, FormatInGmtWithMillis) {
  EXPECT_EQ(FormatSparkDate(1422981759269), "2015-02-03T16:42:39.269GMT");
  EXPECT_EQ(FormatSparkDate(-1), "1969-12-31T23:59:59.999GMT");
}

TEST(SparkDates, ParseFullFormDayFormAndLenientPrefix) {
  EXPECT_EQ(ParseSparkDate("2015-05-06T13:03:00.950GMT"), 1430917380950);
  EXPECT_EQ(ParseSparkDate("2015-02-10"), 1423526400000);
  // No millis or zone: the full pattern fails, the day pattern parses the prefix.
  EXPECT_EQ(ParseSparkDate("2015-02-03T16:42:40"), ParseSparkDate("2015-02-03"));
  EXPECT_EQ(ParseSparkDate("2015-02-03T16:42:40.000GMT-01:00"), 1422985360000);
  EXPECT_FALSE(ParseSparkDate("yesterday").has_value());
}

}  // namespace
}  // namespace afterglow
