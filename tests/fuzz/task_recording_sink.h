// An EventSink that ignores every event but the task ones, which it keeps as one text each (every
// field the decoder fills, strings resolved through the pool), so two decoders' outputs compare.
#pragma once

#include <string>
#include <vector>

#include "core/base/string_pool.h"
#include "core/decode/event_sink.h"

namespace afterglow::fuzz {

class TaskRecordingSink final : public EventSink {
 public:
  explicit TaskRecordingSink(const StringPool* pool) : pool_(pool) {}
  std::vector<std::string> tasks;

  void OnLogStart(StringId) override {}
  void OnApplicationStart(const ApplicationStartEvent&) override {}
  void OnApplicationEnd(int64_t) override {}
  void OnEnvironmentUpdate(OptString) override {}
  void OnJobStart(const JobStartEvent&) override {}
  void OnJobEnd(int32_t, int64_t, bool) override {}
  void OnStageSubmitted(const StageInfoEvent&, const EventProperties&) override {}
  void OnStageCompleted(const StageInfoEvent&) override {}
  void OnTaskStart(int32_t stage_id, int32_t stage_attempt_id, const TaskInfoEvent& info) override;
  void OnTaskEnd(const TaskEndEvent& event) override;
  void OnExecutorAdded(const ExecutorAddedEvent&) override {}
  void OnExecutorRemoved(int64_t, StringId, StringId) override {}
  void OnBlockManagerAdded(const BlockManagerAddedEvent&) override {}
  void OnStageExecutorMetrics(StringId, int32_t, int32_t, const ExecutorMetricValues&) override {}

 private:
  std::string Info(const TaskInfoEvent& info) const;
  std::string Text(StringId id) const;
  std::string Text(const OptString& text) const;
  const StringPool* pool_;
};

}  // namespace afterglow::fuzz
