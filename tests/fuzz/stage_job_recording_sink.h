// An EventSink that ignores every event but the stage and job ones, which it keeps as one text
// each (every field the decoders fill, strings resolved through the pool), so the raw stage/job
// path's output and simdjson's compare.
#pragma once

#include <string>
#include <vector>

#include "core/base/string_pool.h"
#include "core/decode/event_sink.h"

namespace afterglow::fuzz {

class StageJobRecordingSink final : public EventSink {
 public:
  explicit StageJobRecordingSink(const StringPool* pool) : pool_(pool) {}
  std::vector<std::string> events;

  void OnLogStart(StringId) override {}
  void OnApplicationStart(const ApplicationStartEvent&) override {}
  void OnApplicationEnd(int64_t) override {}
  void OnEnvironmentUpdate(OptString) override {}
  void OnJobStart(const JobStartEvent& event) override;
  void OnJobEnd(int32_t job_id, int64_t completion_time, bool succeeded) override;
  void OnStageSubmitted(const StageInfoEvent& info, const EventProperties& props) override;
  void OnStageCompleted(const StageInfoEvent& info) override;
  void OnTaskStart(int32_t, int32_t, const TaskInfoEvent&) override {}
  void OnTaskEnd(const TaskEndEvent&) override {}
  void OnExecutorAdded(const ExecutorAddedEvent&) override {}
  void OnExecutorRemoved(int64_t, StringId, StringId) override {}
  void OnBlockManagerAdded(const BlockManagerAddedEvent&) override {}
  void OnStageExecutorMetrics(StringId, int32_t, int32_t, const ExecutorMetricValues&) override {}

 private:
  std::string StageInfo(const StageInfoEvent& info) const;
  std::string Properties(const EventProperties& props) const;
  std::string Text(StringId id) const;
  std::string Text(const OptString& text) const;
  const StringPool* pool_;
};

}  // namespace afterglow::fuzz
