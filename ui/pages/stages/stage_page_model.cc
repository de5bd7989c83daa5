#include "ui/pages/stages/stage_page_model.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <map>

#include "ui/pages/api_rows.h"
#include "ui/pages/executors/executor_order.h"
#include "ui/pages/stages/stages_table_model.h"

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

}  // namespace

bool IsMaterialSkew(SummaryUnit unit, double median, double p75, double max) {
  if (!(max > 2 * p75)) return false;
  double material = 0;
  switch (unit) {
    case SummaryUnit::kMillis: material = 1000; break;
    case SummaryUnit::kNanos: material = 1e9; break;
    case SummaryUnit::kBytes:
    case SummaryUnit::kBytesRecords: material = 16.0 * 1024 * 1024; break;
  }
  return max - median >= material;
}

void StagePageModel::Clear() { *this = StagePageModel(); }

const SummaryRow* StagePageModel::FindSummary(SummaryField field) const {
  for (const SummaryRow& row : summary) {
    if (row.field == field) return &row;
  }
  return nullptr;
}

void StagePageModel::Build(const Session& session, const AttemptSummary& app,
                           const AttemptModel& model, const StringPool& strings, int64_t stage,
                           int32_t attempt) {
  // The same page again: its task table keeps the user's filter, search and selection. `tasks`
  // still reads `model` (the same one), so the selected row can be read before the rebuild.
  const bool same_page = built_model_ == &model && built_stage_ == stage && built_attempt_ == attempt;
  TaskTableModel kept;
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
  auto shown = model.stage_rows.find({stage_id, attempt_id});
  if (shown == model.stage_rows.end()) {
    error = "Stage " + std::to_string(stage) + " has no attempt " + std::to_string(attempt) + ".";
    return;
  }

  // The stage attempt as the API answers it. taskStatus=UNKNOWN (a status no task attempt has)
  // keeps the answer's task map empty while it still carries executorSummary, which would
  // otherwise hold every task: tens of megabytes for a large stage.
  const std::string path = ApiAppBase(app) + "/stages/" + std::to_string(stage_id) + "/" +
                           std::to_string(attempt_id) + "?details=true&taskStatus=UNKNOWN";
  ApiAnswer answer(session, path);
  const std::optional<ApiRow> json = answer.Object("stage");
  if (!json) {
    error = answer.error();
    return;
  }
  found = true;
  status = StageStatusFromApi(json->Text("status"));
  name = json->Text("name");
  description = json->Text("description");
  details = json->Text("details");
  failure_reason = json->Text("failureReason");
  submitted_ms = json->Date("submissionTime");
  first_launch_ms = json->Date("firstTaskLaunchedTime");
  completed_ms = json->Date("completionTime");
  if (first_launch_ms >= 0) {
    const int64_t end = completed_ms >= 0 ? completed_ms : model.app.last_event_time;
    duration_ms = end >= first_launch_ms ? end - first_launch_ms : -1;
  }
  total_task_time_ms = json->Int("executorRunTime");
  num_tasks = json->Count("numTasks");
  tasks_complete = json->Count("numCompleteTasks");
  tasks_active = json->Count("numActiveTasks");
  tasks_failed = json->Count("numFailedTasks");
  tasks_killed = json->Count("numKilledTasks");
  input_bytes = json->Int("inputBytes");
  input_records = json->Int("inputRecords");
  output_bytes = json->Int("outputBytes");
  output_records = json->Int("outputRecords");
  shuffle_read_bytes = json->Int("shuffleReadBytes");
  shuffle_read_records = json->Int("shuffleReadRecords");
  shuffle_write_bytes = json->Int("shuffleWriteBytes");
  shuffle_write_records = json->Int("shuffleWriteRecords");
  memory_spilled = json->Int("memoryBytesSpilled");
  disk_spilled = json->Int("diskBytesSpilled");
  // stagepage.js's conditions for the optional rows and columns.
  has_input = input_bytes > 0;
  has_output = output_bytes > 0;
  has_shuffle_read = shuffle_read_bytes > 0;
  has_shuffle_write = shuffle_write_bytes > 0;
  has_spill = memory_spilled > 0 || disk_spilled > 0;

  for (const ApiRow& acc : json->Rows("accumulatorUpdates")) {
    AccumulatorRow row{acc.Int("id"), acc.Text("name"), acc.Text("value")};
    // stagepage.js drops "internal." accumulators; unnamed ones have nothing to show.
    if (row.name.empty() || row.name.find("internal.") != std::string::npos) continue;
    accumulators.push_back(std::move(row));
  }
  std::sort(accumulators.begin(), accumulators.end(),
            [](const AccumulatorRow& a, const AccumulatorRow& b) { return a.id < b.id; });

  // Addresses as the executors page lists them: the latest record of each executor id.
  std::map<std::string_view, std::string_view> address_of;
  for (const Executor& executor : model.executors) {
    address_of[strings.Get(executor.executor_id)] = strings.Get(executor.host_port);
  }
  if (const std::optional<ApiRow> summary = json->Object("executorSummary")) {
    for (auto field : summary->json()) {
      simdjson::dom::object object;
      if (field.value.get_object().get(object) != simdjson::SUCCESS) continue;
      const ApiRow s(object);
      ExecutorSummaryRow row;
      row.executor_id.assign(field.key);
      auto address = address_of.find(row.executor_id);
      row.address = address != address_of.end() && !address->second.empty()
                        ? std::string(address->second)
                        : std::string("CANNOT FIND ADDRESS");  // stagepage.js's fallback
      row.task_time_ms = s.Int("taskTime");
      row.failed_tasks = s.Int("failedTasks");
      row.killed_tasks = s.Int("killedTasks");
      row.succeeded_tasks = s.Int("succeededTasks");
      row.input_bytes = s.Int("inputBytes");
      row.input_records = s.Int("inputRecords");
      row.output_bytes = s.Int("outputBytes");
      row.output_records = s.Int("outputRecords");
      row.shuffle_read_bytes = s.Int("shuffleRead");
      row.shuffle_read_records = s.Int("shuffleReadRecords");
      row.shuffle_write_bytes = s.Int("shuffleWrite");
      row.shuffle_write_records = s.Int("shuffleWriteRecords");
      row.memory_spilled = s.Int("memoryBytesSpilled");
      row.disk_spilled = s.Int("diskBytesSpilled");
      row.excluded = s.Bool("isExcludedForStage");
      executors.push_back(std::move(row));
    }
    // As stagepage.js's table first shows them (see StagePageExecutorIdLess).
    const bool all_numeric =
        std::all_of(executors.begin(), executors.end(), [](const ExecutorSummaryRow& row) {
          return IsNumericExecutorId(row.executor_id);
        });
    std::sort(executors.begin(), executors.end(),
              [all_numeric](const ExecutorSummaryRow& a, const ExecutorSummaryRow& b) {
                return StagePageExecutorIdLess(a.executor_id, b.executor_id, all_numeric);
              });
  }

  // Jobs that include the stage (the shown stage object's).
  const StageAttempt& object = model.stage(shown->second);
  for (uint32_t job : object.jobs) job_ids.push_back(model.job(job).job_id);
  std::sort(job_ids.begin(), job_ids.end());
  job_ids.erase(std::unique(job_ids.begin(), job_ids.end()), job_ids.end());

  static const std::vector<uint32_t> kNoTasks;
  auto task_rows = model.stage_task_rows.find({stage_id, attempt_id});
  const std::vector<uint32_t>& rows =
      task_rows == model.stage_task_rows.end() ? kNoTasks : task_rows->second;

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
      row.skewed = IsMaterialSkew(row.unit, median, p75, max);
      row.skew_ratio = median > 0 ? max / median : 0;
      summary.push_back(row);
    }
  }

  tasks.Build(model, strings, rows);
}

}  // namespace afterglow::ui
