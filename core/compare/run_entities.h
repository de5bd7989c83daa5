// One run's SQL executions, jobs and stage attempts as the comparison sees them: what each is
// (its call site, plan shape, RDD lineage, which job or execution holds it) and what it cost
// (duration, tasks, bytes, spill, GC, its longest task). Every number is read from the model's
// fields the REST API writes, through the one function in core/analysis that defines it.
// Each stage attempt belongs to the lowest-numbered job that lists its stage (a stage a later
// job reuses is counted once, where it ran); each job to the SQL execution that lists it.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/base/string_pool.h"
#include "core/compare/plan_shape.h"
#include "core/model/app_model.h"

namespace afterglow::compare {

struct EntityMetrics {
  int64_t duration_ms = -1;  // -1 unknown (not completed)
  int64_t tasks = 0;         // numTasks
  int64_t task_time_ms = 0;  // executorRunTime
  int64_t input_bytes = 0;
  int64_t output_bytes = 0;
  int64_t shuffle_read_bytes = 0;
  int64_t shuffle_write_bytes = 0;
  int64_t memory_spilled_bytes = 0;
  int64_t disk_spilled_bytes = 0;
  int64_t gc_time_ms = 0;
  int64_t failed_tasks = 0;
  // The slowest successful task (taskSummary's max duration) and the median of its stage;
  // -1 when no task reported metrics. For a job or an execution, those of its stage whose
  // max/median skew is largest.
  int64_t longest_task_ms = -1;
  int64_t median_task_ms = -1;
  // longest / median task duration of that stage; 0 when unknown or the median is 0.
  double skew = 0;

  // Adds a part's sums; keeps the part's task shape when it is the more skewed.
  void AddPart(const EntityMetrics& part);
};

struct StageEntity {
  int32_t stage_id = 0;
  int32_t attempt_id = 0;
  std::string name;     // the call site ("parquet at Job.scala:12")
  std::string lineage;  // the stage's RDD names in id order with their parents' positions
  int job = -1;         // index into RunEntities::jobs, -1 for a stage no job lists
  EntityMetrics metrics;
};

struct JobEntity {
  int32_t job_id = 0;
  std::string name;      // the call site
  int sql = -1;          // index into RunEntities::sql, -1 outside SQL
  std::vector<int> stages;  // indices into RunEntities::stages, by (stage id, attempt)
  EntityMetrics metrics;
};

struct SqlEntity {
  int64_t execution_id = 0;
  std::string description;
  PlanShape plan;
  std::vector<int> jobs;  // indices into RunEntities::jobs, by job id
  EntityMetrics metrics;
};

struct RunEntities {
  std::vector<SqlEntity> sql;      // by execution id
  std::vector<JobEntity> jobs;     // by job id (the /jobs rows)
  std::vector<StageEntity> stages; // by (stage id, attempt) (the /stages rows)
  int FindJob(int32_t job_id) const;
  int FindStage(int32_t stage_id, int32_t attempt_id) const;
  int FindSql(int64_t execution_id) const;
};

RunEntities ReadRunEntities(const AttemptModel& model, const StringPool& pool);

// ReadRunEntities over several calls, so the page can read a big run between frames: the stage
// attempts a bounded number of tasks at a time (their task summaries read every task), then the
// jobs and SQL executions in one step. A model that grows between steps (a load under way) is read
// on from the stage the last step stopped at.
class RunEntitiesReader {
 public:
  void Start(const AttemptModel& model, const StringPool& pool);
  // Reads stages until about `task_budget` tasks are read (at least one stage); true once done.
  bool Step(size_t task_budget);
  RunEntities Take() { return std::move(run_); }

 private:
  void ReadJobsAndSql();

  const AttemptModel* model_ = nullptr;
  const StringPool* pool_ = nullptr;
  RunEntities run_;
  std::pair<int32_t, int32_t> next_stage_;  // the stage_rows key the next step starts at
  bool stages_read_ = false;
  bool done_ = false;
};

}  // namespace afterglow::compare
