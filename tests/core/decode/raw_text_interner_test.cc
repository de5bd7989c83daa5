// Strings that may hold escapes on the raw fast path: json::RawCursor::ReadRawString accepts only
// what JSON's grammar allows, and RawTextInterner gives every text the pool's one id for its
// unescaped form, whether its slot hits or not.
#include "core/decode/raw_text_interner.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/base/read_padding.h"

namespace afterglow {
namespace raw_text_interner_test {

using json::kNotCanonical;
using json::RawCursor;
using simdjson::SUCCESS;

// Text with readable padding after its end, as lines arrive.
struct Padded {
  explicit Padded(const std::string& text) : bytes(text + std::string(kReadPadding, '"')) {
    size = text.size();
  }
  RawCursor Cursor() const { return RawCursor(bytes.data(), bytes.data() + size); }
  std::string bytes;
  size_t size;
};

simdjson::error_code ReadRaw(const std::string& text, std::string* raw, bool* escaped) {
  Padded padded(text);
  RawCursor cursor = padded.Cursor();
  std::string_view view;
  const simdjson::error_code error = cursor.ReadRawString(view, *escaped);
  *raw = std::string(view);
  return error;
}

TEST(RawCursorRawStringTest, EscapedStringsAreViewedAsWrittenUpToTheirClosingQuote) {
  std::string raw;
  bool escaped = true;
  ASSERT_EQ(ReadRaw(R"("plain text",)", &raw, &escaped), SUCCESS);
  EXPECT_EQ(raw, "plain text");
  EXPECT_FALSE(escaped);
  // A stage's Details and an RDD's Scope, longer than one 16-byte step between escapes.
  const std::string details = R"(org.apache.spark.rdd.RDD.collect(RDD.scala:1029)\n$line18.$read)"
                              R"($$iw.<init>(<console>:26)\n\tat \"quoted\" \\ \/ \b\f\r \u00e9)";
  ASSERT_EQ(ReadRaw("\"" + details + "\",", &raw, &escaped), SUCCESS);
  EXPECT_EQ(raw, details);
  EXPECT_TRUE(escaped);
  ASSERT_EQ(ReadRaw(R"("{\"id\":\"3\",\"name\":\"mapPartitions\"}")", &raw, &escaped), SUCCESS);
  EXPECT_EQ(raw, R"({\"id\":\"3\",\"name\":\"mapPartitions\"})");
  ASSERT_EQ(ReadRaw(R"("ends in a backslash\\")", &raw, &escaped), SUCCESS);
  EXPECT_EQ(raw, R"(ends in a backslash\\)");
}

TEST(RawCursorRawStringTest, BadEscapesControlCharactersAndNonAsciiAreLeftToSimdjson) {
  std::string raw;
  bool escaped = false;
  for (std::string text :
       {R"("bad \x escape")", R"("short \u12 hex")", R"("bad \u12g4 hex")", "\"tab\there\"",
        "\"caf\xC3\xA9\"", R"("cut off after a backslash\)", R"("cut off \"at the end)"}) {
    EXPECT_EQ(ReadRaw(text, &raw, &escaped), kNotCanonical) << text;
  }
}

TEST(RawCursorRawStringTest, SkippedStringsMayHoldEscapes) {
  Padded padded(R"({"spark.rdd.scope":"{\"id\":\"4\"}","want":7})");
  RawCursor cursor = padded.Cursor();
  int64_t want = 0;
  ASSERT_EQ(json::ForEachField(cursor,
                               [&](std::string_view key, RawCursor& v) -> simdjson::error_code {
                                 if (key == "want") return json::ReadInt64(v, want);
                                 return SUCCESS;
                               }),
            SUCCESS);
  EXPECT_EQ(want, 7);
  EXPECT_TRUE(cursor.AtEnd());
}

StringId InternRaw(RawTextInterner& interner, const std::string& raw, bool escaped) {
  Padded padded(raw);  // the unescaper reads past the text, as it does in a line
  StringId id = kEmptyString;
  EXPECT_EQ(interner.Intern(std::string_view(padded.bytes.data(), padded.size), escaped, id),
            SUCCESS)
      << raw;
  return id;
}

TEST(RawTextInternerTest, EveryTextGetsThePoolsIdOfItsUnescapedForm) {
  StringPool pool;
  RawTextInterner interner(&pool);
  // Many more texts than slots, plain and escaped, interleaved so that slots are replaced.
  std::vector<std::pair<std::string, std::string>> texts;  // (raw, unescaped)
  for (int i = 0; i < 600; ++i) {
    const std::string n = std::to_string(i);
    texts.push_back({"stage " + n, "stage " + n});
    texts.push_back({R"({\"id\":\")" + n + R"(\"})", R"({"id":")" + n + R"("})"});
    texts.push_back({R"(at line\n)" + n + R"(\tcaf\u00e9)", "at line\n" + n + "\tcaf\xC3\xA9"});
  }
  for (int round = 0; round < 3; ++round) {
    for (const auto& [raw, unescaped] : texts) {
      const StringId id = InternRaw(interner, raw, raw != unescaped);
      EXPECT_EQ(pool.Get(id), unescaped) << raw;
      EXPECT_EQ(id, pool.Intern(unescaped)) << raw;
    }
  }
  EXPECT_EQ(InternRaw(interner, "", false), kEmptyString);
  EXPECT_EQ(pool.size(), texts.size() + 1);  // nothing interned twice ("" is id 0)
}

TEST(RawTextInternerTest, ALoneSurrogateGoesBackToSimdjson) {
  StringPool pool;
  RawTextInterner interner(&pool);
  Padded padded(R"(lone \ud800 surrogate)");
  StringId id = kEmptyString;
  EXPECT_EQ(interner.Intern(std::string_view(padded.bytes.data(), padded.size), true, id),
            kNotCanonical);
  EXPECT_EQ(pool.size(), 1u);
}

// Reads the string at the start of `text` with json::ReadString; `rest` gets what follows it.
StringId ReadStringAt(RawTextInterner& interner, const std::string& text, std::string* rest) {
  Padded padded(text);
  RawCursor cursor = padded.Cursor();
  StringId id = kEmptyString;
  EXPECT_EQ(json::ReadString(cursor, interner, id), SUCCESS) << text;
  const char* end = padded.bytes.data() + padded.size;
  *rest = std::string(cursor.at(), static_cast<size_t>(end - cursor.at()));
  return id;
}

TEST(RawTextInternerTest, ALongRepeatedTextIsFoundWithoutLosingItsEnd) {
  StringPool pool;
  RawTextInterner interner(&pool);
  std::string frames;
  for (int i = 0; i < 12; ++i) frames += R"(org.apache.spark.rdd.RDD.collect(RDD.scala:10)\n)";
  const std::string details = "\"" + frames + R"(end \"quoted\"",)";
  std::string rest;
  const StringId first = ReadStringAt(interner, details + R"("Next":1})", &rest);
  EXPECT_EQ(rest, R"(,"Next":1})");
  // Seen again: the same id, and the cursor just past the same closing quote.
  EXPECT_EQ(ReadStringAt(interner, details + "]", &rest), first);
  EXPECT_EQ(rest, ",]");
  EXPECT_EQ(pool.Get(first).substr(pool.Get(first).size() - 12), "end \"quoted\"");
  // The same first bytes, then more text or other text: each is its own string.
  const std::string longer = "\"" + frames + R"(end \"quoted\" and more",)";
  const StringId other = ReadStringAt(interner, longer, &rest);
  EXPECT_NE(other, first);
  EXPECT_EQ(rest, ",");
  const std::string shorter = "\"" + frames + "\",";
  EXPECT_NE(ReadStringAt(interner, shorter, &rest), first);
  EXPECT_EQ(rest, ",");
  EXPECT_EQ(ReadStringAt(interner, details, &rest), first);
  EXPECT_EQ(ReadStringAt(interner, longer, &rest), other);
}

TEST(RawTextInternerTest, OptionalTextsReadAsSimdjsonsPathReadsThem) {
  StringPool pool;
  RawTextInterner interner(&pool);
  auto read = [&](const std::string& text, simdjson::error_code expected) {
    Padded padded(text);
    RawCursor cursor = padded.Cursor();
    OptString out;
    EXPECT_EQ(json::ReadOptText(cursor, interner, out), expected) << text;
    return out;
  };
  EXPECT_FALSE(read("null,", SUCCESS).present);
  OptString number = read("1838,", SUCCESS);
  EXPECT_TRUE(number.present);
  EXPECT_EQ(pool.Get(number.id), "1838");
  EXPECT_EQ(pool.Get(read("-2.5,", SUCCESS).id), "-2.5");
  EXPECT_EQ(pool.Get(read("true,", SUCCESS).id), "true");
  EXPECT_EQ(pool.Get(read(R"("a \"b\"",)", SUCCESS).id), R"(a "b")");
  // What simdjson's path reads as raw JSON or as a double is left to it.
  read(R"({"a":1},)", kNotCanonical);
  read("[1],", kNotCanonical);
  read("1e999,", kNotCanonical);
}

}  // namespace raw_text_interner_test
}  // namespace afterglow
