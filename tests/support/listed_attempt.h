// The one attempt of an application as the History Server's listing shows it
// (/api/v1/applications/{id}: the listing's entry, without /applications' date window, which the
// 1970 times of hand-written logs would fall outside), for tests of the listing replay.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include <gtest/gtest.h>

#include "core/session.h"
#include "simdjson.h"

namespace afterglow::test_support {

struct ListedAttempt {
  bool found = false;  // the application is listed, with an attempt
  bool completed = false;
  int64_t start = 0, end = 0, duration = 0;  // startTimeEpoch, endTimeEpoch, duration (ms)
  std::string user, version;                 // sparkUser, appSparkVersion
};

// The first attempt of `app_id`; found is false when the listing does not have it (any answer
// but 200 fails the test unless `expect_listed` is false).
inline ListedAttempt ReadListedAttempt(const Session& session, std::string_view app_id,
                                       bool expect_listed = true) {
  ListedAttempt out;
  const ApiResponse response = session.Api("/api/v1/applications/" + std::string(app_id));
  if (expect_listed) EXPECT_EQ(response.status, 200) << response.body;
  if (response.status != 200) return out;
  simdjson::dom::parser parser;
  simdjson::dom::element attempt;
  if (parser.parse(response.body)["attempts"].at(0).get(attempt) != simdjson::SUCCESS) return out;
  out.found = true;
  std::string_view text;
  EXPECT_EQ(attempt["completed"].get(out.completed), simdjson::SUCCESS);
  EXPECT_EQ(attempt["startTimeEpoch"].get(out.start), simdjson::SUCCESS);
  EXPECT_EQ(attempt["endTimeEpoch"].get(out.end), simdjson::SUCCESS);
  EXPECT_EQ(attempt["duration"].get(out.duration), simdjson::SUCCESS);
  if (attempt["sparkUser"].get(text) == simdjson::SUCCESS) out.user = text;
  if (attempt["appSparkVersion"].get(text) == simdjson::SUCCESS) out.version = text;
  return out;
}

}  // namespace afterglow::test_support
