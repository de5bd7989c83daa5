// The JSON of one v1.TaskData from its row, in Spark's field order: taskList items and the
// values of a stage's "tasks" map.
#pragma once

#include "core/api/json_writer.h"
#include "core/query/task_rows.h"

namespace afterglow {

void WriteTaskJson(JsonWriter& w, const StringPool& pool, const TaskRow& task);

}  // namespace afterglow
