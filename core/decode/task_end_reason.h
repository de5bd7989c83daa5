// Task end reasons beyond their name: the failure fields the decoder collects while it walks a
// "Task End Reason" object, and the text Spark's listener stores as the task's errorMessage
// (TaskEndReason.toErrorString; docs/SPARK-SEMANTICS.md fact 46). Text is built only for tasks the
// model keeps, so successful tasks cost nothing.
#pragma once

#include <string>
#include <string_view>

#include "core/base/string_pool.h"
#include "core/events/events.h"
#include "core/events/task_failure_fields.h"
#include "simdjson.h"

namespace afterglow {

// Reads one field of a "Task End Reason" object into `out` when it is a failure detail; other
// keys are ignored (SUCCESS).
simdjson::error_code ReadTaskFailureField(std::string_view key, simdjson::ondemand::value value,
                                          StringPool& pool, TaskFailureFields& out);

// The errorMessage Spark stores for a task that ended with `event`'s reason; false (None) for
// Success.
bool TaskErrorMessage(const TaskEndEvent& event, const StringPool& pool, std::string& out);

}  // namespace afterglow
