#include "tests/fuzz/task_recording_sink.h"

namespace afterglow::fuzz {

std::string TaskRecordingSink::Text(StringId id) const {
  return "\"" + std::string(pool_->Get(id)) + "\"";
}

std::string TaskRecordingSink::Text(const OptString& text) const {
  return text.present ? Text(text.id) : "-";
}

std::string TaskRecordingSink::Info(const TaskInfoEvent& info) const {
  return std::to_string(info.task_id) + " " + std::to_string(info.index) + " " +
         std::to_string(info.attempt) + " " + std::to_string(info.partition_id) + " " +
         std::to_string(info.launch_time) + " " + std::to_string(info.getting_result_time) + " " +
         std::to_string(info.finish_time) + " " + Text(info.executor_id) + " " + Text(info.host) +
         " " + Text(info.locality) + " " + std::to_string(info.speculative) +
         std::to_string(info.failed) + std::to_string(info.killed);
}

void TaskRecordingSink::OnTaskStart(int32_t stage_id, int32_t stage_attempt_id,
                                    const TaskInfoEvent& info) {
  tasks.push_back("start " + std::to_string(stage_id) + "." + std::to_string(stage_attempt_id) +
                  " " + Info(info));
}

void TaskRecordingSink::OnTaskEnd(const TaskEndEvent& event) {
  std::string text = "end " + std::to_string(event.stage_id) + "." +
                     std::to_string(event.stage_attempt_id) + " reason " +
                     std::to_string(static_cast<int>(event.reason)) + " " +
                     Text(event.reason_name) + " " + Text(event.kill_reason) + " " +
                     std::to_string(event.commit_denied_job) + " " +
                     std::to_string(event.commit_denied_partition) + " " +
                     std::to_string(event.commit_denied_attempt) + " " + Info(event.info) +
                     " metrics " + std::to_string(event.has_metrics);
  for (int64_t value : event.metrics.values) text += " " + std::to_string(value);
  text += " executor";
  for (int64_t value : event.executor_metrics.values) text += " " + std::to_string(value);
  text += " accumulables";
  for (const AccumulableEvent& a : event.task_accumulables) {
    text += " [" + std::to_string(a.id) + " " + Text(a.name) + " " + Text(a.update) + " " +
            Text(a.value) + " " + std::to_string(a.internal) + std::to_string(a.metadata_sql) + "]";
  }
  tasks.push_back(std::move(text));
}

}  // namespace afterglow::fuzz
