// The JSON of one v1.StageData from its row, in Spark's field order. `extra` writes the fields
// newStageData adds (tasks, executorSummary, distributions) before the object closes.
#pragma once

#include <functional>

#include "core/api/json_writer.h"
#include "core/query/stage_rows.h"

namespace afterglow {

void WriteStageJson(JsonWriter& w, const StringPool& pool, const StageRow& stage,
                    const std::function<void(JsonWriter&)>& extra = nullptr);

}  // namespace afterglow
