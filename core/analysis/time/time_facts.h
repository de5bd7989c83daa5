// The few facts of one application attempt that its time analyses read (core/analysis/time/),
// gathered in one pass over the model: the application's span, each job's span and SQL execution,
// each stage's parents and its tasks' durations, and each executor's lifetime and cores. Stages
// are keyed by stage id (every attempt's tasks together), as Sparklens keyed them; the durations
// come in two kinds because Sparklens measured a task by its executorRunTime while Afterglow's own
// figures measure the task slot it held (launch to finish), which is what the cluster paid for.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/model/app_model.h"

namespace afterglow::time_analysis {

struct JobFacts {
  int32_t job_id = 0;
  int64_t start_ms = kNoTime;  // JobStart "Submission Time"
  int64_t end_ms = kNoTime;    // JobEnd "Completion Time"; kNoTime while running
  std::optional<int64_t> sql_execution_id;
  // Stages that ran tasks for this job and completed without a failure reason: the stages
  // Sparklens adds to a job (QuboleJobListener.onStageCompleted). Indices into TimeFacts::stages.
  std::vector<uint32_t> completed_stages;
  // Every stage with tasks this job owns (its last JobStart listing the stage), failed ones too.
  std::vector<uint32_t> stages_with_tasks;
};

struct StageFacts {
  int32_t stage_id = 0;
  std::vector<int32_t> parent_ids;  // StageInfo "Parent IDs" of its first attempt
  bool completed_ok = false;        // its latest attempt completed with no failure reason
  bool has_completion = false;      // its latest attempt has a completion time (failed or not)
  int32_t job = -1;                 // index into TimeFacts::jobs of the job that owns it, -1: none

  // Ended tasks that reported metrics (Sparklens' StageTimeSpan.updateTasks), in task id order:
  // executorRunTime of each, their sum and max, and the span from first launch to last finish.
  std::vector<int32_t> run_ms;
  int64_t run_ms_sum = 0;
  int64_t run_ms_max = 0;
  int64_t metric_tasks_launch = kNoTime;
  int64_t metric_tasks_finish = kNoTime;

  // Every ended task, in task id order: launch to finish (the slot it held).
  std::vector<int32_t> slot_ms;
  int64_t slot_ms_sum = 0;  // times spark.task.cpus: core-ms the stage held
  int64_t slot_ms_max = 0;
  int64_t first_launch = kNoTime;
  int64_t last_finish = kNoTime;
};

struct ExecutorSpan {
  StringId executor_id = kEmptyString;
  int64_t add_ms = kNoTime;
  int64_t remove_ms = kNoTime;  // kNoTime: still alive when the log ends
  int32_t cores = 0;
};

struct TimeFacts {
  int64_t app_start_ms = kNoTime;
  int64_t app_end_ms = kNoTime;  // ApplicationEnd, else the last event's time
  bool app_ended = false;        // an ApplicationEnd was seen
  int32_t cpus_per_task = 1;     // spark.task.cpus
  std::vector<JobFacts> jobs;    // by job id
  std::vector<StageFacts> stages;  // by stage id
  std::vector<ExecutorSpan> executors;  // ExecutorAdded records with cores, add order

  int64_t wall_clock_ms() const { return app_end_ms - app_start_ms; }
  // Index of a stage id in `stages`, or -1.
  int32_t StageIndex(int32_t stage_id) const;
};

// Gathers the facts; `problem` says why there is no answer (no application start or end).
struct TimeFactsResult {
  TimeFacts facts;
  std::string problem;  // empty when facts are usable
};
TimeFactsResult GatherTimeFacts(const AttemptModel& attempt);

}  // namespace afterglow::time_analysis
