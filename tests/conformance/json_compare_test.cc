#include "tests/conformance/json_compare.h"

#include <gtest/gtest.h>

#include <string>

namespace afterglow::conformance {
namespace json_compare_test {

std::string Diff(const std::string& actual, const std::string& expected) {
  simdjson::dom::parser pa, pb;
  simdjson::dom::element a = pa.parse(actual).value_unsafe();
  simdjson::dom::element b = pb.parse(expected).value_unsafe();
  return JsonDifference(a, b);
}

TEST(JsonCompare, IgnoresKeyOrderAndLastUpdatedValues) {
  EXPECT_EQ(Diff(R"({"a":1,"b":[1,2],"lastUpdated":"x","lastUpdatedEpoch":5})",
                 R"({"b":[1,2],"a":1,"lastUpdated":"","lastUpdatedEpoch":0})"),
            "");
}

TEST(JsonCompare, ArrayOrderAndNumberTypeMatter) {
  EXPECT_EQ(Diff("[1,2]", "[2,1]"), "$[0]: actual 1, expected 2");
  EXPECT_NE(Diff(R"({"q":1})", R"({"q":1.0})"), "");
}

TEST(JsonCompare, NamesTheMissingOrExtraKey) {
  EXPECT_EQ(Diff(R"({"a":{"b":1}})", R"({"a":{"b":1,"c":2}})"), "$.a.c: missing in actual");
  EXPECT_EQ(Diff(R"({"a":1,"z":2})", R"({"a":1})"), "$.z: not expected, actual 2");
}

}  // namespace json_compare_test
}  // namespace afterglow::conformance
