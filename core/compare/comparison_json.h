// A comparison as JSON, the shape `afterglow compare --json` prints:
//   {"a": {"id", "name"}, "b": {...}, "app": {"<metric>": {"a": N, "b": N}, ...},
//    "headline": [...], "sql": [{"a": ID|null, "b": ID|null, "description",
//    "durationMs": {"a", "b"}, ...}], "jobs": [{"a", "b", "durationMs", ...}],
//    "stages": [{"a": [stageId, attempt]|null, "b": ..., "name", "tasks": {"a", "b"},
//    "durationMs": {"a", "b"}, ...}], "config": [{"key", "a", "b"}],
//    "findings": {"onlyA": [...], "onlyB": [...], "both": [...]}}
// A side a row does not have, or a number that is unknown, is null.
#pragma once

#include <string>

#include "core/compare/comparison.h"

namespace afterglow::compare {

std::string ComparisonJson(const Comparison& comparison);

}  // namespace afterglow::compare
