// Findings as `afterglow findings --json` prints them: one object per finding with the names the
// pipelines read, exactly so: {"rule", "severity", "title", "evidence": [{"kind", "id", ...}],
// "timeAtStakeMs", "fix"}, plus "timeAtStakeBasis" and "appId". A stage's evidence is
// {"kind": "stage", "id": <stageId>, "attempt": <attemptId>}, an executor's
// {"kind": "executor", "id": "<executorId>"}, a config key's {"kind": "config", "id": "<key>"}.
#pragma once

#include <string_view>
#include <vector>

#include "core/analysis/diagnostics.h"
#include "core/api/json_writer.h"

namespace afterglow {

const char* EvidenceKindName(EvidenceKind kind);  // "stage", "job", "task", ...
const char* EvidenceUnitName(EvidenceUnit unit);  // "ms", "bytes", "count", "percent", "text"

// Appends one finding's object to `out` (inside an array the caller opened).
void WriteFindingJson(const Finding& finding, std::string_view app_id, JsonWriter& out);

}  // namespace afterglow
