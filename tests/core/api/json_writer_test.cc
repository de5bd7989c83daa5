#include "core/api/json_writer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "core/api/dates.h"

namespace afterglow {
namespace json_writer_test {

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

TEST(JsonWriter, StringsEscapeQuotesBackslashesAndControlsBetweenPlainRuns) {
  JsonWriter w;
  w.String("plain \"q\" back\\slash\nline\ttab\x01" "end");
  EXPECT_EQ(w.text(), "\"plain \\\"q\\\" back\\\\slash\\nline\\ttab\\u0001end\"");
  JsonWriter empty;
  empty.String("");
  EXPECT_EQ(empty.text(), "\"\"");
}

// Escapes one character at a time, as JsonWriter did before it scanned eight at once.
std::string EscapedOneByOne(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    const unsigned char u = static_cast<unsigned char>(c);
    if (c == '"') out += "\\\"";
    else if (c == '\\') out += "\\\\";
    else if (c == '\n') out += "\\n";
    else if (c == '\r') out += "\\r";
    else if (c == '\t') out += "\\t";
    else if (c == '\b') out += "\\b";
    else if (c == '\f') out += "\\f";
    else if (u < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04X", u);
      out += buf;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

TEST(JsonWriter, LongStringsEscapeAsOneCharacterAtATime) {
  // Escapes at every offset of the eight-byte scan, among plain ASCII and UTF-8 bytes.
  const char kAlphabet[] = {'a', 'Z', ' ', '~', '"', '\\', '\n', '\x01', '\x1f',
                            static_cast<char>(0xc3), static_cast<char>(0xa9), '\x7f'};
  uint32_t seed = 12345;
  for (int round = 0; round < 200; ++round) {
    std::string text;
    const size_t length = round % 40;
    for (size_t i = 0; i < length; ++i) {
      seed = seed * 1103515245u + 12345u;
      // Mostly plain characters, so that runs of eight occur.
      const size_t pick = (seed >> 16) % 40;
      text += pick < sizeof kAlphabet ? kAlphabet[pick] : static_cast<char>('a' + pick % 26);
    }
    JsonWriter w;
    w.String(text);
    EXPECT_EQ(w.text(), EscapedOneByOne(text)) << round;
  }
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

// Writes one array of mixed items (objects with nested arrays and objects, scalars, a NaN, an
// empty object, an inner array) into `w`.
void WriteMixedArray(JsonWriter& w) {
  w.BeginArray();
  w.BeginObject();
  w.FieldInt("stageId", 3);
  w.Key("rddIds");
  w.BeginArray();
  w.Int(1);
  w.Int(2);
  w.EndArray();
  w.Key("inner");
  w.BeginObject();
  w.Field("name", "a \"quoted\" name");
  w.EndObject();
  w.EndObject();
  w.Int(7);
  w.String("text");
  w.Double(std::nan(""));
  w.Double(0.5);
  w.Bool(false);
  w.BeginObject();
  w.EndObject();
  w.BeginArray();
  w.Int(8);
  w.EndArray();
  w.EndArray();
}

TEST(JsonWriter, ItemSinkGetsEachTopLevelItemAloneAndKeepsNone) {
  JsonWriter whole;
  WriteMixedArray(whole);
  std::vector<std::string> items;
  size_t longest_text = 0;
  JsonWriter* writer = nullptr;
  const JsonItemSink sink = [&](std::string_view item) {
    items.emplace_back(item);
    longest_text = std::max(longest_text, writer->text().size());
  };
  JsonWriter streamed(&sink);
  writer = &streamed;
  WriteMixedArray(streamed);
  // Hand-written: what Jackson prints for each item, nested values kept inside their item.
  const std::vector<std::string> expected = {
      "{\n  \"stageId\" : 3,\n  \"rddIds\" : [ 1, 2 ],\n  \"inner\" : {\n"
      "    \"name\" : \"a \\\"quoted\\\" name\"\n  }\n}",
      "7", "\"text\"", "\"NaN\"", "0.5", "false", "{ }", "[ 8 ]"};
  EXPECT_EQ(items, expected);
  // Joined as the array writes them, the items are the whole answer.
  std::string joined = "[";
  for (size_t i = 0; i < items.size(); ++i) joined += (i == 0 ? " " : ", ") + items[i];
  EXPECT_EQ(joined + " ]", whole.text());
  // Never more than the item being handed over is held (plus the array's opening).
  EXPECT_LE(longest_text, items[0].size() + 2);
  EXPECT_LE(streamed.text().size(), 2u);
}

TEST(JsonWriter, ItemSinkLeavesObjectAnswersWhole) {
  const JsonItemSink sink = [](std::string_view) { ADD_FAILURE() << "an object has no items"; };
  JsonWriter w(&sink);
  w.BeginObject();
  w.Key("list");
  w.BeginArray();
  w.Int(1);
  w.EndArray();
  w.EndObject();
  EXPECT_EQ(w.text(), "{\n  \"list\" : [ 1 ]\n}");
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

}  // namespace json_writer_test
}  // namespace afterglow
