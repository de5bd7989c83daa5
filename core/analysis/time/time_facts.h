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
  // their executorRunTime is TimeFacts::run_ms[run_begin, run_end); their sum and max, the span
  // from first launch to last finish, and Sparklens' TaskSkew over them.
  uint32_t run_begin = 0, run_end = 0;
  int64_t run_ms_sum = 0;
  int64_t run_ms_max = 0;
  int64_t metric_tasks_launch = kNoTime;
  int64_t metric_tasks_finish = kNoTime;
  double run_skew = 0;

  // Every ended task, in task id order: launch to finish (the slot it held) is
  // TimeFacts::slot_ms[slot_begin, slot_end).
  uint32_t slot_begin = 0, slot_end = 0;
  int64_t slot_ms_sum = 0;  // times spark.task.cpus: core-ms the stage held
  int64_t slot_ms_max = 0;
  double slot_skew = 0;     // longest / median slot held
  int64_t first_launch = kNoTime;
  int64_t last_finish = kNoTime;

  uint32_t run_tasks() const { return run_end - run_begin; }
  uint32_t slot_tasks() const { return slot_end - slot_begin; }
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
  // The tasks' durations, stage after stage (StageFacts' ranges): 4 bytes a task each, the only
  // per-task memory the analysis keeps (the what-if simulates over them, never over a copy).
  std::vector<int32_t> run_ms;   // executorRunTime
  std::vector<int32_t> slot_ms;  // launch to finish

  int64_t wall_clock_ms() const { return app_end_ms - app_start_ms; }
  // Index of a stage id in `stages`, or -1.
  int32_t StageIndex(int32_t stage_id) const;
};

// Gathers the facts; `problem` says why there is no answer (no application start or end).
struct TimeFactsResult {
  TimeFacts facts;
  std::string problem;  // empty when facts are usable
};

// The gathering in bounded steps, so the page can spread it over frames: Step reads about
// `task_budget` tasks (at least one stage when filling stages) and returns true once done.
// Transient memory: none per task when every stage's task rows come in task id order (the log's
// order: ids grow as tasks launch), else 4 bytes a task (the task rows sorted by stage). The
// attempt must not change between Start and the last Step.
class TimeFactsGathering {
 public:
  void Start(const AttemptModel& attempt);
  bool Step(size_t task_budget);
  bool done() const { return phase_ == Phase::kDone; }
  TimeFactsResult Take() { return std::move(result_); }

 private:
  enum class Phase : uint8_t { kStages, kCount, kPlace, kFill, kJobs, kDone };
  bool StepStages(size_t task_budget);
  uint32_t StageIndexOfRow(size_t row);
  void EndCount();
  void AddTask(StageFacts& stage, uint32_t row, uint32_t slot, uint32_t run);
  void FillStage(uint32_t s);
  void GatherJobsAndExecutors();

  const AttemptModel* attempt_ = nullptr;
  TimeFactsResult result_;
  Phase phase_ = Phase::kDone;
  size_t cursor_ = 0;             // task row or stage index, by phase
  // (stage id, attempt index) in order, while kStages runs.
  std::vector<std::pair<int32_t, uint32_t>> stage_order_;
  int32_t latest_attempt_ = 0;         // kStages: the current stage's latest attempt id
  std::vector<uint32_t> rows_;    // ended task rows, grouped by stage (slot ranges)
  std::vector<uint32_t> place_;   // per stage: next free place in rows_
  std::vector<uint32_t> run_counts_;  // per stage: tasks with metrics, then (direct) next place
  std::vector<int64_t> last_task_id_;  // per stage, while counting
  bool in_id_order_ = true;            // every stage's rows came in task id order

  int32_t memo_stage_id_ = 0;     // the last row's stage, looked up once per run of rows
  uint32_t memo_index_ = UINT32_MAX;
};

// All the steps at once (the CLI, tests).
TimeFactsResult GatherTimeFacts(const AttemptModel& attempt);

}  // namespace afterglow::time_analysis
