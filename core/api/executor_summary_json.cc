#include "core/api/executor_summary_json.h"

#include <iterator>

#include "core/api/task_summary_json.h"

namespace afterglow {
namespace {

void WriteStagePeak(JsonWriter& w, std::string_view key, const PeakExecutorMetrics& peak) {
  if (!peak.is_set()) return;
  w.Key(key);
  w.BeginObject();
  for (size_t i = 0; i < kExecutorMetricCount; ++i) w.FieldInt(kExecutorMetricNames[i], peak.peaks[i]);
  w.EndObject();
}

// ExecutorMetricsDistributions' names, by ExecutorSummaryField.
constexpr const char* kExecutorSummaryFieldNames[] = {
    "taskTime",     "failedTasks",        "succeededTasks", "killedTasks",
    "inputBytes",   "inputRecords",       "outputBytes",    "outputRecords",
    "shuffleRead",  "shuffleReadRecords", "shuffleWrite",   "shuffleWriteRecords",
    "memoryBytesSpilled", "diskBytesSpilled"};
static_assert(std::size(kExecutorSummaryFieldNames) == kExecutorSummaryFieldCount);

}  // namespace

void WriteExecutorSummariesJson(JsonWriter& w, std::span<const StageExecutorRow> executors) {
  w.Key("executorSummary");
  w.BeginObject();
  for (const StageExecutorRow& row : executors) {
    const ExecutorStageSummary& s = row.summary;
    w.Key(row.executor_id);
    w.BeginObject();
    w.FieldInt("taskTime", s.task_time);
    w.FieldInt("failedTasks", s.failed_tasks);
    w.FieldInt("succeededTasks", s.succeeded_tasks);
    w.FieldInt("killedTasks", s.killed_tasks);
    w.FieldInt("inputBytes", s.input_bytes);
    w.FieldInt("inputRecords", s.input_records);
    w.FieldInt("outputBytes", s.output_bytes);
    w.FieldInt("outputRecords", s.output_records);
    w.FieldInt("shuffleRead", s.shuffle_read);
    w.FieldInt("shuffleReadRecords", s.shuffle_read_records);
    w.FieldInt("shuffleWrite", s.shuffle_write);
    w.FieldInt("shuffleWriteRecords", s.shuffle_write_records);
    w.FieldInt("memoryBytesSpilled", s.memory_bytes_spilled);
    w.FieldInt("diskBytesSpilled", s.disk_bytes_spilled);
    w.FieldBool("isBlacklistedForStage", row.excluded);
    WriteStagePeak(w, "peakMemoryMetrics", s.peak);
    w.FieldBool("isExcludedForStage", row.excluded);
    w.EndObject();
  }
  w.EndObject();
}

void WriteSpeculationSummaryJson(JsonWriter& w, const SpeculationSummary& s) {
  w.Key("speculationSummary");
  w.BeginObject();
  w.FieldInt("numTasks", s.num_tasks);
  w.FieldInt("numActiveTasks", s.num_active_tasks);
  w.FieldInt("numCompletedTasks", s.num_completed_tasks);
  w.FieldInt("numFailedTasks", s.num_failed_tasks);
  w.FieldInt("numKilledTasks", s.num_killed_tasks);
  w.EndObject();
}

void WriteExecutorDistributionsJson(JsonWriter& w, const ExecutorMetricsDistributions& d) {
  w.Key("executorMetricsDistributions");
  w.BeginObject();
  WriteDoublesJson(w, "quantiles", d.quantiles);
  for (size_t f = 0; f < kExecutorSummaryFieldCount; ++f) {
    WriteDoublesJson(w, kExecutorSummaryFieldNames[f], d.values[f]);
  }
  w.Key("peakMemoryMetrics");
  w.BeginObject();
  for (size_t i = 0; i < kExecutorMetricCount; ++i) {
    WriteDoublesJson(w, kExecutorMetricNames[i], d.peak_values[i]);
  }
  w.EndObject();
  w.EndObject();
}

}  // namespace afterglow
