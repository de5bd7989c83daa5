#include "tests/fuzz/stage_job_recording_sink.h"

#include <span>

namespace afterglow::fuzz {
namespace {

std::string Ids(std::span<const int32_t> ids) {
  std::string text = "[";
  for (int32_t id : ids) text += " " + std::to_string(id);
  return text + " ]";
}

std::string Level(const StorageLevelInfo& level) {
  return std::to_string(level.use_disk) + std::to_string(level.use_memory) +
         std::to_string(level.use_off_heap) + std::to_string(level.deserialized) + "x" +
         std::to_string(level.replication);
}

}  // namespace

std::string StageJobRecordingSink::Text(StringId id) const {
  return "\"" + std::string(pool_->Get(id)) + "\"";
}

std::string StageJobRecordingSink::Text(const OptString& text) const {
  return text.present ? Text(text.id) : "-";
}

std::string StageJobRecordingSink::Properties(const EventProperties& props) const {
  return "props " + Text(props.job_description) + " " + Text(props.job_group) + " " +
         Text(props.job_tags) + " " + Text(props.scheduler_pool) + " " +
         Text(props.sql_execution_id);
}

std::string StageJobRecordingSink::StageInfo(const StageInfoEvent& info) const {
  std::string text = std::to_string(info.stage_id) + "." + std::to_string(info.attempt_id) + " " +
                     Text(info.name) + " tasks " + std::to_string(info.num_tasks) + " details " +
                     Text(info.details) + " times " + std::to_string(info.submission_time) + " " +
                     std::to_string(info.completion_time) + " failure " +
                     Text(info.failure_reason) + " profile " +
                     std::to_string(info.resource_profile_id) + " push " +
                     std::to_string(info.shuffle_push_enabled) + " " +
                     std::to_string(info.shuffle_mergers_count) + " rdds " + Ids(info.rdd_ids) +
                     " parents " + Ids(info.parent_ids) + " accumulables";
  for (const AccumulableEvent& a : info.accumulables) {
    text += " [" + std::to_string(a.id) + " " + Text(a.name) + " " + Text(a.update) + " " +
            Text(a.value) + " " + std::to_string(a.internal) + std::to_string(a.metadata_sql) + "]";
  }
  text += " persisted";
  for (const PersistedRddInfo& rdd : info.persisted_rdds) {
    text += " [" + std::to_string(rdd.rdd_id) + " " + Text(rdd.name) + " " +
            std::to_string(rdd.num_partitions) + " " + Level(rdd.level) + "]";
  }
  text += " operations";
  for (const RddOperationInfo& rdd : info.rdd_operations.rdds) {
    text += " [" + std::to_string(rdd.rdd_id) + " " + Text(rdd.name) + " " + Text(rdd.scope) + " " +
            Text(rdd.callsite) + " " + Text(rdd.deterministic_level) + " " +
            Ids(info.rdd_operations.ParentIdsOf(rdd)) + " " + std::to_string(rdd.cached) +
            std::to_string(rdd.barrier) + "]";
  }
  return text;
}

void StageJobRecordingSink::OnJobStart(const JobStartEvent& event) {
  std::string text = "job start " + std::to_string(event.job_id) + " " +
                     std::to_string(event.submission_time) + " stages " + Ids(event.stage_ids) +
                     " " + Properties(event.properties) + " infos " +
                     std::to_string(event.stage_info_count);
  for (size_t i = 0; i < event.stage_info_count; ++i) {
    text += " {" + StageInfo(event.stage_infos[i]) + "}";
  }
  events.push_back(std::move(text));
}

void StageJobRecordingSink::OnJobEnd(int32_t job_id, int64_t completion_time, bool succeeded) {
  events.push_back("job end " + std::to_string(job_id) + " " + std::to_string(completion_time) +
                   " " + std::to_string(succeeded));
}

void StageJobRecordingSink::OnStageSubmitted(const StageInfoEvent& info,
                                             const EventProperties& props) {
  events.push_back("stage submitted " + StageInfo(info) + " " + Properties(props));
}

void StageJobRecordingSink::OnStageCompleted(const StageInfoEvent& info) {
  events.push_back("stage completed " + StageInfo(info));
}

}  // namespace afterglow::fuzz
