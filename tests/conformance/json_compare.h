// Spark's JSON comparison for REST answers (JsonTestUtils.assertValidDataInJson): object key
// order ignored, array order significant, integer vs floating point significant, and every
// lastUpdated / lastUpdatedEpoch value ignored (HistoryServerSuite blanks them).
#pragma once

#include <string>

#include "simdjson.h"

namespace afterglow::conformance {

// Empty when equal; otherwise where the first difference is, e.g.
// "$[2].numTasks: actual 7, expected 8".
std::string JsonDifference(simdjson::dom::element actual, simdjson::dom::element expected,
                           const std::string& path = "$");

}  // namespace afterglow::conformance
