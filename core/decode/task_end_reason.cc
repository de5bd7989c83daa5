#include "core/decode/task_end_reason.h"

#include "core/decode/json_fields.h"

namespace afterglow {
namespace {

namespace od = simdjson::ondemand;
using json::ForEachElement;
using json::ForEachField;
using json::ReadBool;
using json::ReadInt32;
using json::ReadInt64;
using json::ReadOptText;
using json::ReadString;
using simdjson::error_code;
using simdjson::SUCCESS;

error_code ReadOpt(od::value value, StringPool& pool, bool& has, StringId& id) {
  OptString text;
  AG_JSON_TRY(ReadOptText(value, pool, text));
  has = text.present;
  id = text.id;
  return SUCCESS;
}

error_code ReadStackFrame(od::value value, StringPool& pool, StackFrame& frame) {
  return ForEachField(value, [&](std::string_view key, od::value v) -> error_code {
    if (key == "Declaring Class") return ReadString(v, pool, frame.declaring_class);
    if (key == "Method Name") return ReadString(v, pool, frame.method_name);
    if (key == "File Name") return ReadOpt(v, pool, frame.has_file_name, frame.file_name);
    if (key == "Line Number") return ReadInt32(v, frame.line_number);
    return SUCCESS;
  });
}

// java.lang.StackTraceElement.toString for frames built without module information.
void AppendFrame(const StackFrame& frame, const StringPool& pool, std::string& out) {
  out += pool.Get(frame.declaring_class);
  out += '.';
  out += pool.Get(frame.method_name);
  out += '(';
  if (frame.line_number == -2) {
    out += "Native Method";
  } else if (!frame.has_file_name) {
    out += "Unknown Source";
  } else {
    out += pool.Get(frame.file_name);
    if (frame.line_number >= 0) out += ":" + std::to_string(frame.line_number);
  }
  out += ')';
}

}  // namespace

error_code ReadTaskFailureField(std::string_view key, od::value value, StringPool& pool,
                                TaskFailureFields& out) {
  if (key == "Class Name") return ReadOpt(value, pool, out.has_class_name, out.class_name);
  if (key == "Description") return ReadOpt(value, pool, out.has_description, out.description);
  if (key == "Full Stack Trace") {
    return ReadOpt(value, pool, out.has_full_stack_trace, out.full_stack_trace);
  }
  if (key == "Stack Trace") {
    out.has_stack_trace = true;
    return ForEachElement(value, [&](od::value frame) -> error_code {
      return ReadStackFrame(frame, pool, out.stack_trace.emplace_back());
    });
  }
  if (key == "Block Manager Address") {
    od::json_type type;
    AG_JSON_TRY(value.type().get(type));
    out.has_block_manager = type != od::json_type::null;
    return ForEachField(value, [&](std::string_view bk, od::value bv) -> error_code {
      if (bk == "Executor ID") return ReadString(bv, pool, out.bm_executor_id);
      if (bk == "Host") return ReadString(bv, pool, out.bm_host);
      if (bk == "Port") return ReadInt32(bv, out.bm_port);
      return SUCCESS;
    });
  }
  if (key == "Shuffle ID") return ReadInt32(value, out.shuffle_id);
  if (key == "Map ID") return ReadInt64(value, out.map_id);
  if (key == "Map Index") {
    out.has_map_index = true;
    return ReadInt32(value, out.map_index);
  }
  if (key == "Reduce ID") return ReadInt32(value, out.reduce_id);
  if (key == "Message") return ReadOpt(value, pool, out.has_message, out.message);
  if (key == "Executor ID") return ReadString(value, pool, out.executor_id);
  if (key == "Exit Caused By App") return ReadBool(value, out.exit_caused_by_app);
  if (key == "Loss Reason") return ReadOpt(value, pool, out.has_loss_reason, out.loss_reason);
  return SUCCESS;
}

bool TaskErrorMessage(const TaskEndEvent& event, const StringPool& pool, std::string& out) {
  out.clear();
  const TaskFailureFields& f = event.failure;
  const std::string_view name = pool.Get(event.reason_name);
  switch (event.reason) {
    case TaskEndReasonKind::kSuccess: return false;
    case TaskEndReasonKind::kTaskKilled: out = pool.Get(event.kill_reason); return true;
    case TaskEndReasonKind::kResubmitted:
      out = "Resubmitted (resubmitted due to lost executor)";
      return true;
    case TaskEndReasonKind::kTaskCommitDenied:
      out = "TaskCommitDenied (Driver denied task commit) for job: " +
            std::to_string(event.commit_denied_job) +
            ", partition: " + std::to_string(event.commit_denied_partition) +
            ", attemptNumber: " + std::to_string(event.commit_denied_attempt);
      return true;
    case TaskEndReasonKind::kOtherFailure: break;
  }
  if (name == "ExceptionFailure") {
    if (f.has_full_stack_trace) {
      out = pool.Get(f.full_stack_trace);
      return true;
    }
    // ExceptionFailure.exceptionString: "<class>: <desc>\n" then frames indented 8 spaces.
    out = f.has_class_name ? std::string(pool.Get(f.class_name)) : "null";
    out += ": ";
    if (f.has_description) out += pool.Get(f.description);
    out += '\n';
    for (size_t i = 0; i < f.stack_trace.size(); ++i) {
      if (i > 0) out += '\n';
      out += "        ";
      AppendFrame(f.stack_trace[i], pool, out);
    }
    return true;
  }
  if (name == "FetchFailed") {
    out = "FetchFailed(";
    if (f.has_block_manager) {
      out += "BlockManagerId(" + std::string(pool.Get(f.bm_executor_id)) + ", " +
             std::string(pool.Get(f.bm_host)) + ", " + std::to_string(f.bm_port) + ", None)";
    } else {
      out += "null";
    }
    out += ", shuffleId=" + std::to_string(f.shuffle_id) + ", mapIndex=" +
           (f.has_map_index ? std::to_string(f.map_index) : std::string("Unknown")) +
           ", mapId=" + std::to_string(f.map_id) + ", reduceId=" + std::to_string(f.reduce_id) +
           ", message=\n" + (f.has_message ? std::string(pool.Get(f.message)) : "Unknown reason") +
           "\n)";
    return true;
  }
  if (name == "ExecutorLostFailure") {
    // JsonProtocol: a missing "Executor ID" reads as "Unknown".
    const std::string executor =
        f.executor_id == kEmptyString ? "Unknown" : std::string(pool.Get(f.executor_id));
    out = "ExecutorLostFailure (executor " + executor + " exited " +
          (f.exit_caused_by_app ? "caused by one of the running tasks"
                                : "unrelated to the running tasks") +
          ")";
    if (f.has_loss_reason) out += " Reason: " + std::string(pool.Get(f.loss_reason));
    return true;
  }
  if (name == "TaskResultLost") {
    out = "TaskResultLost (result lost from block manager)";
    return true;
  }
  // UnknownReason, and any reason name JsonProtocol does not know.
  out = "UnknownReason";
  return true;
}

}  // namespace afterglow
