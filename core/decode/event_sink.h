// Where decoded events go: the listener implements this (tests may record instead). Event
// references are valid only during the call.
#pragma once

#include "core/events/events.h"

namespace afterglow {

class EventSink {
 public:
  virtual ~EventSink() = default;
  virtual void OnLogStart(StringId spark_version) = 0;
  virtual void OnApplicationStart(const ApplicationStartEvent& event) = 0;
  virtual void OnApplicationEnd(int64_t time) = 0;
  virtual void OnEnvironmentUpdate(OptString task_cpus) = 0;
  virtual void OnJobStart(const JobStartEvent& event) = 0;
  virtual void OnJobEnd(int32_t job_id, int64_t completion_time, bool succeeded) = 0;
  virtual void OnStageSubmitted(const StageInfoEvent& info, const EventProperties& props) = 0;
  virtual void OnStageCompleted(const StageInfoEvent& info) = 0;
  virtual void OnTaskStart(int32_t stage_id, int32_t stage_attempt_id,
                           const TaskInfoEvent& info) = 0;
  virtual void OnTaskEnd(const TaskEndEvent& event) = 0;
  virtual void OnExecutorAdded(const ExecutorAddedEvent& event) = 0;
  virtual void OnExecutorRemoved(int64_t time, StringId executor_id, StringId reason) = 0;
  virtual void OnBlockManagerAdded(const BlockManagerAddedEvent& event) = 0;
  virtual void OnStageExecutorMetrics(StringId executor_id, int32_t stage_id,
                                      int32_t stage_attempt_id,
                                      const ExecutorMetricValues& metrics) = 0;

  // Executors, storage, environment and miscellaneous processes (decoded in
  // core/decode/executor_event_decoder.cc, storage_event_decoder.cc,
  // environment_event_decoder.cc). They default to ignoring the event, so a sink that
  // records only some events need not list them.
  virtual void OnEnvironmentDetails(const EnvironmentInfo& environment) {}
  virtual void OnResourceProfileAdded(const ResourceProfileInfo& profile) {}
  virtual void OnMiscellaneousProcessAdded(const MiscProcessAddedEvent& event) {}
  virtual void OnExclusion(const ExclusionEvent& event) {}
  virtual void OnBlockUpdated(const BlockUpdatedEvent& event) {}
  virtual void OnUnpersistRdd(int32_t rdd_id) {}
};

}  // namespace afterglow
