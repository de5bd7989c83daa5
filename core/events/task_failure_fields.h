// The raw failure details of a TaskEnd "Task End Reason" (ExceptionFailure, FetchFailed,
// ExecutorLostFailure), kept in TaskEndEvent. core/decode/task_end_reason.h reads them and turns
// them into Spark's errorMessage text. Vectors keep their capacity between events.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "core/base/string_pool.h"

namespace afterglow {

struct StackFrame {
  StringId declaring_class = kEmptyString;
  StringId method_name = kEmptyString;
  bool has_file_name = false;
  StringId file_name = kEmptyString;
  int32_t line_number = -1;
};

struct TaskFailureFields {
  bool has_class_name = false;
  StringId class_name = kEmptyString;
  bool has_description = false;
  StringId description = kEmptyString;
  bool has_full_stack_trace = false;
  StringId full_stack_trace = kEmptyString;
  bool has_stack_trace = false;
  std::vector<StackFrame> stack_trace;
  bool has_block_manager = false;  // FetchFailed "Block Manager Address" (null when absent)
  StringId bm_executor_id = kEmptyString;
  StringId bm_host = kEmptyString;
  int32_t bm_port = 0;
  int32_t shuffle_id = 0;
  int64_t map_id = 0;
  bool has_map_index = false;
  int32_t map_index = 0;
  int32_t reduce_id = 0;
  bool has_message = false;
  StringId message = kEmptyString;
  StringId executor_id = kEmptyString;  // ExecutorLostFailure
  bool exit_caused_by_app = true;
  bool has_loss_reason = false;
  StringId loss_reason = kEmptyString;

  void Clear() {
    std::vector<StackFrame> frames = std::move(stack_trace);
    frames.clear();
    *this = TaskFailureFields{};
    stack_trace = std::move(frames);
  }
};

}  // namespace afterglow
