#include "core/decode/json_fields.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/base/read_padding.h"

namespace afterglow::json {
namespace json_fields_test {

// Parses `text` as one JSON document and hands its root value to `read` (the buffer keeps the
// padding simdjson reads past the end).
template <typename Read>
simdjson::error_code WithValue(const std::string& text, Read&& read) {
  std::string padded = text + std::string(kReadPadding, ' ');
  od::parser parser;
  od::document doc;
  AG_JSON_TRY(parser.iterate(padded.data(), text.size(), padded.size()).get(doc));
  od::object root;
  AG_JSON_TRY(doc.get_object().get(root));
  // The value under key "v": values are read through od::value, as the decoders do.
  for (auto field_result : root) {
    od::field field;
    AG_JSON_TRY(std::move(field_result).get(field));
    return read(field.value());
  }
  return simdjson::EMPTY;
}

// A double where a Long is read converts as Java's Double.toLong: truncated, and past the range
// the range's end (a plain cast was undefined behaviour: UBSan stopped the task_line target).
TEST(JsonFieldsTest, LenientLongsOfDoublesPastTheRangeAreItsEnds) {
  for (const auto& [text, expected] : std::vector<std::pair<std::string, int64_t>>{
           {R"({"v":1e34})", INT64_MAX},
           {R"({"v":-1e34})", INT64_MIN},
           {R"({"v":12.9})", 12},
           {R"({"v":-12.9})", -12}}) {
    int64_t out = 0;
    EXPECT_EQ(WithValue(text, [&](od::value v) { return ReadInt64Lenient(v, out); }),
              simdjson::SUCCESS) << text;
    EXPECT_EQ(out, expected) << text;
  }
}

TEST(JsonFieldsTest, KeysWithAndWithoutEscapesReadAsTheirText) {
  std::vector<std::pair<std::string, int64_t>> seen;
  const simdjson::error_code error = WithValue(
      R"({"v":{"Task ID":1,"Exec\"utor":2,"Tab\tbed":3,"\u0041BC":4,"":5}})", [&](od::value v) {
        return ForEachField(v, [&](std::string_view key, od::value field) -> simdjson::error_code {
          int64_t number = 0;
          AG_JSON_TRY(ReadInt64(field, number));
          seen.emplace_back(std::string(key), number);
          return simdjson::SUCCESS;
        });
      });
  ASSERT_EQ(error, simdjson::SUCCESS);
  const std::vector<std::pair<std::string, int64_t>> expected = {
      {"Task ID", 1}, {"Exec\"utor", 2}, {"Tab\tbed", 3}, {"ABC", 4}, {"", 5}};
  EXPECT_EQ(seen, expected);
}

// JsonProtocol's extractLong: integers as written, doubles truncated toward zero.
TEST(JsonFieldsTest, IntegersDoublesAndLargeNumbersReadLikeExtractLong) {
  const std::vector<std::pair<std::string, int64_t>> cases = {
      {"5", 5},
      {"-7", -7},
      {"9223372036854775807", INT64_MAX},
      {"-9223372036854775808", INT64_MIN},
      {"5.0", 5},
      {"5.9", 5},
      {"-5.9", -5},
      {"1e3", 1000},
      {"18446744073709551615", -1},  // beyond int64: its low 64 bits (BigInteger.longValue)
  };
  for (const auto& [text, expected] : cases) {
    int64_t out = 12345;
    const simdjson::error_code error =
        WithValue(R"({"v":)" + text + "}", [&](od::value v) { return ReadInt64(v, out); });
    EXPECT_EQ(error, simdjson::SUCCESS) << text;
    EXPECT_EQ(out, expected) << text;
  }
}

TEST(JsonFieldsTest, ReadInt64RejectsNonNumbersAndTheWalkGoesOnAfterAFallback) {
  int64_t out = 0;
  EXPECT_NE(WithValue(R"({"v":"12"})", [&](od::value v) { return ReadInt64(v, out); }),
            simdjson::SUCCESS);
  EXPECT_NE(WithValue(R"({"v":true})", [&](od::value v) { return ReadInt64(v, out); }),
            simdjson::SUCCESS);
  // A double read through the fallback is consumed: the next field reads normally.
  std::vector<int64_t> values;
  ASSERT_EQ(WithValue(R"({"v":{"a":2.5,"b":3,"c":1e2}})",
                      [&](od::value v) {
                        return ForEachField(v, [&](std::string_view, od::value f) {
                          return ReadInt64(f, values.emplace_back());
                        });
                      }),
            simdjson::SUCCESS);
  EXPECT_EQ(values, (std::vector<int64_t>{2, 3, 100}));
}

TEST(JsonFieldsTest, ReadInt32KeepsTheLow32BitsAsToIntDoes) {
  int32_t out = 0;
  ASSERT_EQ(WithValue(R"({"v":4294967297})", [&](od::value v) { return ReadInt32(v, out); }),
            simdjson::SUCCESS);
  EXPECT_EQ(out, 1);
}

}  // namespace json_fields_test
}  // namespace afterglow::json
