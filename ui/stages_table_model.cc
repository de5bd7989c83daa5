#include "ui/stages_table_model.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

#include "simdjson.h"
#include "ui/jobs_table_model.h"

namespace afterglow::ui {
namespace {

int64_t I64(simdjson::dom::object object, const char* key) {
  int64_t value = 0;
  return object[key].get_int64().get(value) == simdjson::SUCCESS ? value : 0;
}

uint32_t U32(simdjson::dom::object object, const char* key) {
  const int64_t value = I64(object, key);
  return value < 0 ? 0 : static_cast<uint32_t>(value);
}

std::string Text(simdjson::dom::object object, const char* key) {
  std::string_view text;
  return object[key].get_string().get(text) == simdjson::SUCCESS ? std::string(text)
                                                                  : std::string();
}

int64_t Date(simdjson::dom::object object, const char* key) {
  std::string_view text;
  return object[key].get_string().get(text) == simdjson::SUCCESS ? ParseApiDate(text) : -1;
}

afterglow::StageStatus StatusFromApi(std::string_view text) {
  using S = afterglow::StageStatus;
  if (text == "ACTIVE") return S::kActive;
  if (text == "COMPLETE") return S::kComplete;
  if (text == "FAILED") return S::kFailed;
  if (text == "SKIPPED") return S::kSkipped;
  return S::kPending;
}

StageFilter FilterOf(afterglow::StageStatus status) {
  using S = afterglow::StageStatus;
  switch (status) {
    case S::kActive: return StageFilter::kActive;
    case S::kComplete: return StageFilter::kComplete;
    case S::kFailed: return StageFilter::kFailed;
    case S::kPending: return StageFilter::kPending;
    case S::kSkipped: return StageFilter::kSkipped;
  }
  return StageFilter::kPending;
}

bool ContainsIgnoreCase(std::string_view haystack, std::string_view needle) {
  if (needle.empty()) return true;
  auto it = std::search(haystack.begin(), haystack.end(), needle.begin(), needle.end(),
                        [](char a, char b) {
                          return std::tolower(static_cast<unsigned char>(a)) ==
                                 std::tolower(static_cast<unsigned char>(b));
                        });
  return it != haystack.end();
}

}  // namespace

std::string ApiAppPrefix(const AttemptSummary& app) {
  std::string path = "/api/v1/applications/" + app.app_id;
  if (!app.attempt_id.empty()) path += "/" + app.attempt_id;
  return path;
}

const char* StageFilterName(StageFilter filter) {
  switch (filter) {
    case StageFilter::kAll: return "All";
    case StageFilter::kActive: return "Active";
    case StageFilter::kPending: return "Pending";
    case StageFilter::kComplete: return "Complete";
    case StageFilter::kFailed: return "Failed";
    case StageFilter::kSkipped: return "Skipped";
    case StageFilter::kCount: break;
  }
  return "";
}

const char* StageStatusName(afterglow::StageStatus status) {
  using S = afterglow::StageStatus;
  switch (status) {
    case S::kActive: return "ACTIVE";
    case S::kComplete: return "COMPLETE";
    case S::kFailed: return "FAILED";
    case S::kPending: return "PENDING";
    case S::kSkipped: return "SKIPPED";
  }
  return "";
}

void StagesTableModel::Clear() {
  rows.clear();
  order.clear();
  shown.clear();
  counts.fill(0);
  error.clear();
  sorted = false;
}

void StagesTableModel::Build(const Session& session, const AttemptSummary& app, int64_t now_ms) {
  // A rebuild (a refresh while the log loads) keeps the selected stage attempt selected.
  if (selected_row >= 0 && static_cast<size_t>(selected_row) < shown.size()) {
    const StageRow& row = rows[shown[static_cast<size_t>(selected_row)]];
    selected_key_ = {row.stage_id, row.attempt_id};
  }
  Clear();
  const ApiResponse response = session.Api(ApiAppPrefix(app) + "/stages");
  if (response.status != 200) {
    error = std::to_string(response.status) + " " + response.body;
    return;
  }
  simdjson::dom::parser parser;
  simdjson::dom::array stages;
  if (parser.parse(response.body).get_array().get(stages) != simdjson::SUCCESS) {
    error = "the stages answer is not a JSON array";
    return;
  }
  for (simdjson::dom::element element : stages) {
    simdjson::dom::object stage;
    if (element.get_object().get(stage) != simdjson::SUCCESS) continue;
    StageRow row;
    row.stage_id = static_cast<int32_t>(I64(stage, "stageId"));
    row.attempt_id = static_cast<int32_t>(I64(stage, "attemptId"));
    row.status = StatusFromApi(Text(stage, "status"));
    row.name = Text(stage, "name");
    row.description = Text(stage, "description");
    row.details = Text(stage, "details");
    row.failure_reason = Text(stage, "failureReason");
    row.submitted_ms = Date(stage, "submissionTime");
    row.first_launch_ms = Date(stage, "firstTaskLaunchedTime");
    row.completed_ms = Date(stage, "completionTime");
    row.num_tasks = U32(stage, "numTasks");
    row.tasks_complete = U32(stage, "numCompleteTasks");
    row.tasks_active = U32(stage, "numActiveTasks");
    row.tasks_failed = U32(stage, "numFailedTasks");
    row.tasks_killed = U32(stage, "numKilledTasks");
    row.input_bytes = I64(stage, "inputBytes");
    row.input_records = I64(stage, "inputRecords");
    row.output_bytes = I64(stage, "outputBytes");
    row.output_records = I64(stage, "outputRecords");
    row.shuffle_read_bytes = I64(stage, "shuffleReadBytes");
    row.shuffle_read_records = I64(stage, "shuffleReadRecords");
    row.shuffle_write_bytes = I64(stage, "shuffleWriteBytes");
    row.shuffle_write_records = I64(stage, "shuffleWriteRecords");
    row.memory_spilled = I64(stage, "memoryBytesSpilled");
    row.disk_spilled = I64(stage, "diskBytesSpilled");
    if (row.first_launch_ms >= 0) {
      const int64_t end = row.completed_ms >= 0 ? row.completed_ms : now_ms;
      row.duration_ms = end >= row.first_launch_ms ? end - row.first_launch_ms : -1;
    }
    ++counts[static_cast<size_t>(StageFilter::kAll)];
    ++counts[static_cast<size_t>(FilterOf(row.status))];
    rows.push_back(std::move(row));
  }
  order.resize(rows.size());
  for (uint32_t i = 0; i < order.size(); ++i) order[i] = i;
  ApplyFilter();
}

void StagesTableModel::Sort(StageColumn column, bool ascending) {
  sorted = true;
  auto key_less = [&](uint32_t a, uint32_t b) {
    const StageRow& x = rows[a];
    const StageRow& y = rows[b];
    switch (column) {
      case StageColumn::kId: return x.stage_id < y.stage_id;
      case StageColumn::kAttempt: return x.attempt_id < y.attempt_id;
      case StageColumn::kDescription: return x.name < y.name;
      case StageColumn::kSubmitted: return x.submitted_ms < y.submitted_ms;
      case StageColumn::kDuration: return x.duration_ms < y.duration_ms;
      case StageColumn::kTasks: return x.num_tasks < y.num_tasks;
      case StageColumn::kInput: return x.input_bytes < y.input_bytes;
      case StageColumn::kOutput: return x.output_bytes < y.output_bytes;
      case StageColumn::kShuffleRead: return x.shuffle_read_bytes < y.shuffle_read_bytes;
      case StageColumn::kShuffleWrite: return x.shuffle_write_bytes < y.shuffle_write_bytes;
      case StageColumn::kSpill:
        return x.memory_spilled + x.disk_spilled < y.memory_spilled + y.disk_spilled;
      case StageColumn::kStatus: return x.status < y.status;
      case StageColumn::kCount: break;
    }
    return false;
  };
  // Ties keep (stage id, attempt) order in the sort's direction so rows do not shuffle.
  std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
    if (key_less(a, b)) return ascending;
    if (key_less(b, a)) return !ascending;
    const auto ka = std::make_pair(rows[a].stage_id, rows[a].attempt_id);
    const auto kb = std::make_pair(rows[b].stage_id, rows[b].attempt_id);
    return ascending ? ka < kb : kb < ka;
  });
  ApplyFilter();
}

bool StagesTableModel::Matches(const StageRow& row) const {
  if (filter != StageFilter::kAll && FilterOf(row.status) != filter) return false;
  const std::string_view needle(search);
  if (needle.empty()) return true;
  char id[16];
  std::snprintf(id, sizeof id, "%d", row.stage_id);
  return needle == id || ContainsIgnoreCase(row.name, needle) ||
         ContainsIgnoreCase(row.description, needle);
}

void StagesTableModel::ApplyFilter() {
  // The selection follows its stage attempt through the new order, or ends when filtered away.
  if (selected_row >= 0 && static_cast<size_t>(selected_row) < shown.size()) {
    const StageRow& row = rows[shown[static_cast<size_t>(selected_row)]];
    selected_key_ = {row.stage_id, row.attempt_id};
  }
  shown.clear();
  selected_row = -1;
  for (uint32_t i : order) {
    if (!Matches(rows[i])) continue;
    if (std::make_pair(rows[i].stage_id, rows[i].attempt_id) == selected_key_) {
      selected_row = static_cast<int>(shown.size());
    }
    shown.push_back(i);
  }
  selected_key_ = {-1, -1};
}

}  // namespace afterglow::ui
