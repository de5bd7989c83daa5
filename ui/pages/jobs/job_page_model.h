// The view model of #/jobs/<id>, as Spark's job page shows it: the job's facts, its stages split
// into Spark's Active / Pending / Completed / Skipped / Failed tables, and its DAG. Facts and stage
// numbers are read from the job and stage rows the REST API writes too (core/query/), so they
// equal the History Server's; the DAG comes from the model's RDD operation graphs. Built by
// PrepareRoute, never while drawing. ImGui-free.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/base/string_pool.h"
#include "core/model/app_model.h"
#include "ui/graph/rdd_dag_model.h"
#include "ui/timeline/timeline_lanes.h"
#include "ui/widgets/small_table_filter.h"

namespace afterglow::ui {

struct JobStageRow {
  int32_t stage_id = 0;
  int32_t attempt_id = 0;
  std::string name;
  afterglow::StageStatus status = afterglow::StageStatus::kPending;
  std::string description;  // spark.job.description of the stage, "" when none
  uint32_t tasks_total = 0;
  uint32_t tasks_complete = 0;
  uint32_t tasks_failed = 0;
  uint32_t tasks_active = 0;
  uint32_t tasks_killed = 0;
  int64_t submitted_ms = -1;     // -1: unknown
  int64_t first_launch_ms = -1;  // firstTaskLaunchedTime
  int64_t completed_ms = -1;
  int64_t input_bytes = 0;
  int64_t output_bytes = 0;
  int64_t shuffle_read_bytes = 0;
  int64_t shuffle_write_bytes = 0;
  std::string failure_reason;
  // StageDurationMs (core/analysis/durations.h): first launch to completion or the log's end.
  int64_t duration_ms = -1;
};

// The stage tables of Spark's job page (JobPage.scala), in its order.
enum class JobStageSection : uint8_t { kActive, kPending, kCompleted, kSkipped, kFailed, kCount };
inline constexpr size_t kJobStageSectionCount = static_cast<size_t>(JobStageSection::kCount);
const char* JobStageSectionName(JobStageSection section);  // "Active", "Pending", ...

// JobPage.scala's rule for a stage's latest attempt: never submitted -> Pending while the job runs,
// Skipped once it is over (`job_running` false); submitted and completed -> Failed when its status
// is FAILED, else Completed; submitted and not completed -> Active.
JobStageSection SectionOfStage(const JobStageRow& row, bool job_running);

struct JobPageModel {
  int64_t job_id = -1;
  bool found = false;  // the API lists the job
  std::string name;
  std::string description;  // "" when the job has none
  std::string job_group;    // "" when none
  afterglow::JobStatus status = afterglow::JobStatus::kUnknown;
  int64_t submitted_ms = -1;
  int64_t completed_ms = -1;
  int64_t sql_execution_id = -1;  // the SQL query that ran the job, -1 when none
  uint32_t num_tasks = 0, completed_tasks = 0, failed_tasks = 0, skipped_tasks = 0,
           killed_tasks = 0, active_tasks = 0;
  uint32_t completed_stages = 0, skipped_stages = 0, failed_stages = 0, active_stages = 0;
  // The latest attempt of each of the job's stages (as Spark's job page shows them), stage id
  // descending; a stage the API does not list is a PENDING row named "Unknown", as in Spark.
  std::vector<JobStageRow> stages;
  // Rows of `stages` in the order the page shows them: section by section (JobStageSection order),
  // stage id descending within a section (Spark's default sort). section_begin[s] is where
  // section s starts in `display`; section_size[s] its rows (0: the page leaves it out).
  std::vector<uint32_t> display;
  std::array<uint32_t, kJobStageSectionCount> section_begin{};
  std::array<uint32_t, kJobStageSectionCount> section_size{};
  int selected_row = -1;  // keyboard selection: a position in `display`, -1 for none
  // The stage tables' filter: `display` holds only the stages whose id or name it shows.
  SmallTableFilter stage_filter;
  RddDagModel dag;
  LaneTimelineModel timeline;  // the job's event timeline (ui/timeline/job_timeline.h)

  // JobDurationMs (core/analysis/durations.h): to completion, or to the log's end while running.
  int64_t duration_ms = -1;
  void Clear() { *this = JobPageModel{}; }
  // Fills `display`, section_begin and section_size from `stages` and stage_filter; clears the
  // selection, which may have moved.
  void ArrangeStages();
};

// Builds the page of job `job_id` of one application attempt's model.
void BuildJobPageModel(const AttemptModel& model, const StringPool& strings, int64_t job_id,
                       const TextMeasure& dag_text, JobPageModel& out);

}  // namespace afterglow::ui
