// Readers of the REST answers tests compare against (the CLI's `afterglow api` output or
// Session::Api bodies), shared so every test reads JSON the same way. simdjson is built without
// exceptions, so every access is checked: the EXPECT-ing readers fail the test on a missing or
// mistyped value; Str and StringField read one as empty.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include <gtest/gtest.h>

#include "simdjson.h"
#include "tests/conformance/cli_run.h"

namespace afterglow::test_support {

using JsonResult = simdjson::simdjson_result<simdjson::dom::element>;

// The CLI's answer to `afterglow api LOG PATH`; the command must succeed.
inline std::string CliApi(const std::string& log, const std::string& path) {
  const conformance::CommandResult result =
      conformance::RunCommand(conformance::CliCommand({"api", log, path}));
  EXPECT_EQ(result.exit_code, 0) << path;
  return result.output;
}

inline std::string_view Str(JsonResult result) {
  std::string_view text;
  if (result.get_string().get(text) != simdjson::SUCCESS) return {};
  return text;
}

inline int64_t I64(JsonResult result) {
  int64_t value = 0;
  EXPECT_EQ(result.get_int64().get(value), simdjson::SUCCESS);
  return value;
}

// `body` parsed by `parser`; the element lives until the parser parses again.
inline simdjson::dom::element ElementOf(simdjson::dom::parser& parser, const std::string& body) {
  simdjson::dom::element element;
  EXPECT_EQ(parser.parse(body).get(element), simdjson::SUCCESS) << body.substr(0, 200);
  return element;
}

inline simdjson::dom::array ArrayOf(simdjson::dom::parser& parser, const std::string& body) {
  simdjson::dom::array array;
  EXPECT_EQ(ElementOf(parser, body).get_array().get(array), simdjson::SUCCESS);
  return array;
}

// An array field (or element); the test fails when it is not an array.
inline simdjson::dom::array ArrayIn(JsonResult result) {
  simdjson::dom::array array;
  EXPECT_EQ(result.get_array().get(array), simdjson::SUCCESS);
  return array;
}

inline simdjson::dom::object ObjectOf(JsonResult result) {
  simdjson::dom::object object;
  EXPECT_EQ(result.get_object().get(object), simdjson::SUCCESS);
  return object;
}

inline int64_t IntField(simdjson::dom::element object, const char* key) {
  int64_t value = 0;
  EXPECT_EQ(object[key].get_int64().get(value), simdjson::SUCCESS) << key;
  return value;
}

inline std::string StringField(simdjson::dom::element object, const char* key) {
  return std::string(Str(object[key]));
}

}  // namespace afterglow::test_support
