#include "ui/pages/stages/stage_page_model.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <map>

#include "core/analysis/summary_skew.h"
#include "core/query/stage_executor_rows.h"
#include "core/query/stage_rows.h"
#include "core/query/task_rows.h"
#include "ui/pages/executors/executor_order.h"

namespace afterglow::ui {
namespace {

// Spark's StagePage names for the locality levels (TaskLocality names otherwise).
std::string_view LocalityLabel(std::string_view level) {
  if (level == "PROCESS_LOCAL") return "Process local";
  if (level == "NODE_LOCAL") return "Node local";
  if (level == "RACK_LOCAL") return "Rack local";
  if (level == "NO_PREF") return "No pref";
  if (level == "ANY") return "Any";
  return level;
}

// The rows of Spark's summary table, in its order, with the condition that shows each.
struct SummarySpec {
  const char* label;
  MetricTip tip;
  SummaryUnit unit;
  SummaryField field;
  SummaryField records_field;
  bool StagePageModel::*shown_when;  // null: always shown
};

using F = SummaryField;
constexpr SummarySpec kSummarySpecs[] = {
    {"Duration", MetricTip::kDuration, SummaryUnit::kMillis, F::kExecutorRunTime, F::kDuration,
     nullptr},
    {"Scheduler Delay", MetricTip::kSchedulerDelay, SummaryUnit::kMillis, F::kSchedulerDelay,
     F::kDuration, nullptr},
    {"Task Deserialization Time", MetricTip::kTaskDeserializationTime, SummaryUnit::kMillis,
     F::kExecutorDeserializeTime, F::kDuration, nullptr},
    {"GC Time", MetricTip::kGcTime, SummaryUnit::kMillis, F::kJvmGcTime, F::kDuration, nullptr},
    {"Result Serialization Time", MetricTip::kResultSerializationTime, SummaryUnit::kMillis,
     F::kResultSerializationTime, F::kDuration, nullptr},
    {"Getting Result Time", MetricTip::kGettingResultTime, SummaryUnit::kMillis,
     F::kGettingResultTime, F::kDuration, nullptr},
    {"Peak Execution Memory", MetricTip::kPeakExecutionMemory, SummaryUnit::kBytes,
     F::kPeakExecutionMemory, F::kDuration, nullptr},
    {"Input Size / Records", MetricTip::kInput, SummaryUnit::kBytesRecords, F::kInputBytesRead,
     F::kInputRecordsRead, &StagePageModel::has_input},
    {"Output Size / Records", MetricTip::kOutput, SummaryUnit::kBytesRecords,
     F::kOutputBytesWritten, F::kOutputRecordsWritten, &StagePageModel::has_output},
    {"Shuffle Read Size / Records", MetricTip::kShuffleRead, SummaryUnit::kBytesRecords,
     F::kShuffleReadBytes, F::kShuffleReadRecords, &StagePageModel::has_shuffle_read},
    {"Shuffle Read Fetch Wait Time", MetricTip::kShuffleReadFetchWait, SummaryUnit::kMillis,
     F::kShuffleFetchWaitTime, F::kDuration, &StagePageModel::has_shuffle_read},
    {"Shuffle Remote Reads", MetricTip::kShuffleRemoteReads, SummaryUnit::kBytes,
     F::kShuffleRemoteBytesRead, F::kDuration, &StagePageModel::has_shuffle_read},
    {"Shuffle Write Size / Records", MetricTip::kShuffleWrite, SummaryUnit::kBytesRecords,
     F::kShuffleWriteBytes, F::kShuffleWriteRecords, &StagePageModel::has_shuffle_write},
    {"Shuffle Write Time", MetricTip::kShuffleWriteTime, SummaryUnit::kNanos, F::kShuffleWriteTime,
     F::kDuration, &StagePageModel::has_shuffle_write},
    {"Spill (Memory)", MetricTip::kSpillMemory, SummaryUnit::kBytes, F::kMemoryBytesSpilled,
     F::kDuration, &StagePageModel::has_spill},
    {"Spill (Disk)", MetricTip::kSpillDisk, SummaryUnit::kBytes, F::kDiskBytesSpilled,
     F::kDuration, &StagePageModel::has_spill},
};

std::array<double, 5> FiveOf(const std::vector<double>& values) {
  std::array<double, 5> five{};
  for (size_t i = 0; i < five.size() && i < values.size(); ++i) five[i] = values[i];
  return five;
}


SkewMeasure SkewMeasureOf(SummaryUnit unit) {
  switch (unit) {
    case SummaryUnit::kMillis: return SkewMeasure::kMillis;
    case SummaryUnit::kNanos: return SkewMeasure::kNanos;
    case SummaryUnit::kBytes:
    case SummaryUnit::kBytesRecords: return SkewMeasure::kBytes;
  }
  return SkewMeasure::kMillis;
}

}  // namespace

void StagePageModel::Clear() { *this = StagePageModel(); }

const SummaryRow* StagePageModel::FindSummary(SummaryField field) const {
  for (const SummaryRow& row : summary) {
    if (row.field == field) return &row;
  }
  return nullptr;
}

void StagePageModel::Build(const AttemptModel& model, const StringPool& strings, int64_t stage,
                           int32_t attempt) {
  // The same page again: its task table keeps the user's filter, search and selection. `tasks`
  // still reads `model` (the same one), so the selected row can be read before the rebuild.
  const bool same_page = built_model_ == &model && built_stage_ == stage && built_attempt_ == attempt;
  TaskTableModel kept;
  const SmallTableFilter kept_summary = same_page ? summary_filter : SmallTableFilter();
  const SmallTableFilter kept_executors = same_page ? executors_filter : SmallTableFilter();
  const SmallTableFilter kept_accumulators = same_page ? accumulators_filter : SmallTableFilter();
  if (same_page) {
    tasks.NoteSelection();
    kept.filter = tasks.filter;
    std::memcpy(kept.search, tasks.search, sizeof kept.search);
    kept.selected_task_id = tasks.selected_task_id;
  }
  Clear();
  built_model_ = &model;
  built_stage_ = stage;
  built_attempt_ = attempt;
  tasks.filter = kept.filter;
  std::memcpy(tasks.search, kept.search, sizeof tasks.search);
  tasks.selected_task_id = kept.selected_task_id;
  summary_filter = kept_summary;
  executors_filter = kept_executors;
  accumulators_filter = kept_accumulators;
  stage_id = static_cast<int32_t>(stage);
  // Every attempt of the stage; -1 resolves to the latest.
  for (auto it = model.stage_rows.lower_bound({stage_id, INT32_MIN});
       it != model.stage_rows.end() && it->first.first == stage_id; ++it) {
    attempts.push_back(it->first.second);
  }
  if (attempts.empty()) {
    error = "There is no stage " + std::to_string(stage) + " in this application.";
    return;
  }
  attempt_id = attempt < 0 ? attempts.back() : attempt;

  const std::optional<afterglow::StageRow> stage_row = FindStageRow(model, strings, stage_id, attempt_id);
  if (!stage_row) {
    error = "Stage " + std::to_string(stage) + " has no attempt " + std::to_string(attempt) + ".";
    return;
  }
  using M = TaskMetric;
  found = true;
  status = stage_row->status;
  name = std::string(stage_row->name);
  description = std::string(stage_row->description.text);
  details = std::string(stage_row->details);
  failure_reason = std::string(stage_row->failure_reason.text);
  submitted_ms = stage_row->submission_time;
  first_launch_ms = stage_row->first_launch_time;
  completed_ms = stage_row->completion_time;
  duration_ms = stage_row->duration_ms;
  total_task_time_ms = stage_row->metrics[M::kExecutorRunTime];
  auto task_count = [](int32_t n) { return n > 0 ? static_cast<uint32_t>(n) : 0u; };
  num_tasks = task_count(stage_row->num_tasks);
  tasks_complete = task_count(stage_row->complete_tasks);
  tasks_active = task_count(stage_row->active_tasks);
  tasks_failed = task_count(stage_row->failed_tasks);
  tasks_killed = task_count(stage_row->killed_tasks);
  input_bytes = stage_row->metrics[M::kInputBytesRead];
  input_records = stage_row->metrics[M::kInputRecordsRead];
  output_bytes = stage_row->metrics[M::kOutputBytesWritten];
  output_records = stage_row->metrics[M::kOutputRecordsWritten];
  shuffle_read_bytes = stage_row->shuffle_read_bytes();
  shuffle_read_records = stage_row->metrics[M::kShuffleRecordsRead];
  shuffle_write_bytes = stage_row->metrics[M::kShuffleBytesWritten];
  shuffle_write_records = stage_row->metrics[M::kShuffleRecordsWritten];
  memory_spilled = stage_row->metrics[M::kMemoryBytesSpilled];
  disk_spilled = stage_row->metrics[M::kDiskBytesSpilled];
  // stagepage.js's conditions for the optional rows and columns.
  has_input = input_bytes > 0;
  has_output = output_bytes > 0;
  has_shuffle_read = shuffle_read_bytes > 0;
  has_shuffle_write = shuffle_write_bytes > 0;
  has_spill = memory_spilled > 0 || disk_spilled > 0;

  for (const StageAccumulable& acc : stage_row->accumulables) {
    // stagepage.js drops "internal." accumulators; unnamed ones have nothing to show.
    const std::string_view acc_name = acc.name.present ? strings.Get(acc.name.id) : "";
    if (acc_name.empty() || acc_name.find("internal.") != std::string_view::npos) continue;
    accumulators.push_back({acc.id, std::string(acc_name),
                            std::string(acc.value.present ? strings.Get(acc.value.id) : "")});
  }
  std::sort(accumulators.begin(), accumulators.end(),
            [](const AccumulatorRow& a, const AccumulatorRow& b) { return a.id < b.id; });

  // Addresses as the executors page lists them: the latest record of each executor id.
  std::map<std::string_view, std::string_view> address_of;
  for (const Executor& executor : model.executors) {
    address_of[strings.Get(executor.executor_id)] = strings.Get(executor.host_port);
  }
  const StageAttemptObjects objects(model);
  for (const StageExecutorRow& e : StageExecutorRows(strings, objects, *stage_row->object)) {
    const ExecutorStageSummary& s = e.summary;
    ExecutorSummaryRow out;
    out.executor_id = std::string(e.executor_id);
    auto address = address_of.find(e.executor_id);
    out.address = address != address_of.end() && !address->second.empty()
                      ? std::string(address->second)
                      : std::string("CANNOT FIND ADDRESS");  // stagepage.js's fallback
    out.task_time_ms = s.task_time;
    out.failed_tasks = s.failed_tasks;
    out.killed_tasks = s.killed_tasks;
    out.succeeded_tasks = s.succeeded_tasks;
    out.input_bytes = s.input_bytes;
    out.input_records = s.input_records;
    out.output_bytes = s.output_bytes;
    out.output_records = s.output_records;
    out.shuffle_read_bytes = s.shuffle_read;
    out.shuffle_read_records = s.shuffle_read_records;
    out.shuffle_write_bytes = s.shuffle_write;
    out.shuffle_write_records = s.shuffle_write_records;
    out.memory_spilled = s.memory_bytes_spilled;
    out.disk_spilled = s.disk_bytes_spilled;
    out.excluded = e.excluded;
    executors.push_back(std::move(out));
  }
  // As stagepage.js's table first shows them (see StagePageExecutorIdLess).
  const bool all_numeric =
      std::all_of(executors.begin(), executors.end(), [](const ExecutorSummaryRow& r) {
        return IsNumericExecutorId(r.executor_id);
      });
  std::sort(executors.begin(), executors.end(),
            [all_numeric](const ExecutorSummaryRow& a, const ExecutorSummaryRow& b) {
              return StagePageExecutorIdLess(a.executor_id, b.executor_id, all_numeric);
            });

  // Jobs that include the stage (the shown stage object's).
  const StageAttempt& object = *stage_row->object;
  for (uint32_t job : object.jobs) job_ids.push_back(model.job_id(job));
  std::sort(job_ids.begin(), job_ids.end());
  job_ids.erase(std::unique(job_ids.begin(), job_ids.end()), job_ids.end());

  const std::vector<uint32_t>& rows = StageTaskRowsOf(model, stage_id, attempt_id);

  // Locality level summary: task attempts per level, in the order of the labels (as StagePage).
  std::map<std::string, uint32_t> by_level;
  const TaskDetailColumns& d = model.task_details;
  if (!d.locality_names.empty()) {
    for (uint32_t row : rows) {
      ++by_level[std::string(LocalityLabel(strings.Get(d.locality_names[d.locality[row]])))];
    }
  }
  for (const auto& [label, count] : by_level) {
    if (!locality_summary.empty()) locality_summary += "; ";
    locality_summary += label + ": " + std::to_string(count);
  }

  // The taskSummary endpoint's own computation, with the stage page's quantiles.
  std::optional<TaskMetricDistributions> distributions = ComputeTaskSummary(
      model, rows, std::vector<double>(kSummaryQuantiles.begin(), kSummaryQuantiles.end()));
  if (distributions) {
    has_summary = true;
    for (const SummarySpec& spec : kSummarySpecs) {
      if (spec.shown_when != nullptr && !(this->*spec.shown_when)) continue;
      SummaryRow row;
      row.label = spec.label;
      row.tip = spec.tip;
      row.unit = spec.unit;
      row.field = spec.field;
      row.records_field = spec.records_field;
      row.values = FiveOf(distributions->of(spec.field));
      if (spec.unit == SummaryUnit::kBytesRecords) {
        row.records = FiveOf(distributions->of(spec.records_field));
      }
      const double median = row.values[2], p75 = row.values[3], max = row.values[4];
      const SummarySkew skew = SummaryRowSkew(SkewMeasureOf(row.unit), median, p75, max);
      row.skewed = skew.skewed;
      row.skew_ratio = skew.ratio;
      summary.push_back(row);
    }
    // The Duration row's tasks (executorRunTime), binned: the shape behind its five numbers.
    const std::vector<int64_t> durations =
        SortedSummaryValues(model, rows, SummaryField::kExecutorRunTime);
    duration_histogram = HistogramOfSorted(durations, kDurationHistogramBins);
    for (size_t k = 0; k < duration_histogram.counts.size(); ++k) {
      duration_bin_edges.push_back(static_cast<double>(duration_histogram.bin_start(k)));
      duration_bin_counts.push_back(duration_histogram.counts[k]);
    }
    if (!duration_histogram.counts.empty()) {
      duration_bin_edges.push_back(
          static_cast<double>(duration_histogram.bin_end(duration_histogram.counts.size() - 1)));
    }
  }

  tasks.Build(model, strings, rows);
}

}  // namespace afterglow::ui
