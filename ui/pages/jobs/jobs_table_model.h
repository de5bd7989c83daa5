// The jobs table's rows, read once from the job rows the REST API writes too
// (core/query/job_rows.h), so the table shows exactly the API's numbers. Rebuilt by
// RefreshModels, sorted in place of an index (rows are never copied per frame).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/base/string_pool.h"
#include "core/model/app_model.h"
#include "core/query/job_rows.h"

namespace afterglow::ui {

struct JobRow {
  int64_t job_id = 0;
  std::string description;    // spark.job.description when set, else the job's name (last stage)
  int64_t submitted_ms = -1;  // epoch milliseconds; -1 when unknown
  int64_t completed_ms = -1;  // -1 while running or when unknown
  uint32_t stages_completed = 0;
  uint32_t stages_total = 0;  // stages the job runs, skipped ones excluded (as Spark's UI)
  uint32_t stages_skipped = 0;
  uint32_t stages_failed = 0;
  uint32_t tasks_completed = 0;
  uint32_t tasks_total = 0;  // excluding skipped tasks (as Spark's UI)
  uint32_t tasks_active = 0;
  uint32_t tasks_failed = 0;
  uint32_t tasks_killed = 0;
  uint32_t tasks_skipped = 0;
  JobStatus status = JobStatus::kUnknown;  // afterglow::JobStatus (core/model/app_model.h)
  // JobDurationMs (core/analysis/durations.h): to completion, or to the log's end while running.
  int64_t duration_ms = -1;
};

enum class JobColumn : uint8_t {
  kId,
  kDescription,
  kSubmitted,
  kDuration,
  kStages,
  kTasks,
  kStatus
};

// The status filter's choices; kAll first.
enum class JobFilter : uint8_t { kAll, kRunning, kSucceeded, kFailed, kCount };
inline constexpr size_t kJobFilterCount = static_cast<size_t>(JobFilter::kCount);
const char* JobFilterName(JobFilter filter);  // "All", "Running", ...

struct JobsTableModel {
  std::vector<JobRow> rows;     // in the API's order (newest job first)
  std::vector<uint32_t> order;  // indices into rows, in the table's current sort order
  std::vector<uint32_t> shown;  // `order` after the status filter and the search text
  std::array<uint32_t, kJobFilterCount> counts{};  // rows per filter choice (kAll = all)
  JobFilter filter = JobFilter::kAll;
  char search[96] = {};  // the search box: the job id, or part of its description (any case)
  uint32_t succeeded = 0, failed = 0, running = 0;  // jobs by status, for the headline
  std::string scheduling_mode;  // AllJobsPage's "Scheduling Mode" (core/query/pool_rows.h)
  bool sorted = false;  // false after Build: the view applies its sort order again

  void Clear();
  // Reads the jobs of one application attempt's model.
  void Build(const AttemptModel& model, const StringPool& strings);
  void Sort(JobColumn column, bool ascending);
  // Recomputes `shown` from `order`, `filter` and `search`. Call after changing either.
  void ApplyFilter();
  bool Matches(const JobRow& row) const;
  // The shown rows as TSV, in their order.
  std::string Tsv() const;
};

}  // namespace afterglow::ui
