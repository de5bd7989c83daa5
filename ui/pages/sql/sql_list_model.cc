#include "ui/pages/sql/sql_list_model.h"

#include <algorithm>
#include <cctype>

#include "simdjson.h"
#include "ui/pages/api_rows.h"
#include "ui/pages/jobs/jobs_table_model.h"
#include "ui/widgets/table_text.h"

namespace afterglow::ui {
namespace {

// Every execution, without plans or graphs (the list needs neither): length is the largest Spark
// accepts, so the History Server would answer with every row too.
std::string ApiSqlListPath(const AttemptSummary& app) {
  std::string path = "/api/v1/applications/" + app.app_id;
  if (!app.attempt_id.empty()) path += "/" + app.attempt_id;
  return path + "/sql?details=false&planDescription=false&offset=0&length=2147483647";
}

SqlStatus SqlStatusFromApi(std::string_view text) {
  if (text == "COMPLETED") return SqlStatus::kCompleted;
  if (text == "RUNNING") return SqlStatus::kRunning;
  if (text == "FAILED") return SqlStatus::kFailed;
  return SqlStatus::kUnknown;
}

std::vector<int32_t> SortedIds(const simdjson::dom::object& execution, const char* key) {
  std::vector<int32_t> ids;
  simdjson::dom::array array;
  if (execution[key].get_array().get(array) != simdjson::SUCCESS) return ids;
  for (simdjson::dom::element element : array) {
    int64_t id = 0;
    if (element.get_int64().get(id) == simdjson::SUCCESS) ids.push_back(static_cast<int32_t>(id));
  }
  std::sort(ids.begin(), ids.end());
  return ids;
}

bool JobsContain(const std::vector<int32_t>& jobs, std::string_view text) {
  for (int32_t job : jobs) {
    if (std::to_string(job) == text) return true;
  }
  return false;
}

bool RowMatches(const SqlRow& row, std::string_view text) {
  if (text.empty()) return true;
  if (ContainsIgnoreCase(std::to_string(row.execution_id), text)) return true;
  if (ContainsIgnoreCase(row.description, text)) return true;
  if (ContainsIgnoreCase(SqlStatusName(row.status), text)) return true;
  // A job id matches whole ("3" finds the execution that ran job 3, not job 13).
  return JobsContain(row.succeeded_jobs, text) || JobsContain(row.running_jobs, text) ||
         JobsContain(row.failed_jobs, text);
}

}  // namespace

const char* SqlStatusName(SqlStatus status) {
  switch (status) {
    case SqlStatus::kRunning:
      return "RUNNING";
    case SqlStatus::kCompleted:
      return "COMPLETED";
    case SqlStatus::kFailed:
      return "FAILED";
    case SqlStatus::kUnknown:
      return "UNKNOWN";
  }
  return "UNKNOWN";
}

bool ReadSqlRow(const simdjson::dom::object& execution, SqlRow& row) {
  if (execution["id"].get_int64().get(row.execution_id) != simdjson::SUCCESS) return false;
  std::string_view text;
  if (execution["description"].get_string().get(text) == simdjson::SUCCESS) {
    row.description.assign(text);
  }
  row.summary = OneLine(row.description);
  if (execution["submissionTime"].get_string().get(text) == simdjson::SUCCESS) {
    row.submitted_ms = ParseApiDate(text);
  }
  int64_t duration = 0;
  if (execution["duration"].get_int64().get(duration) == simdjson::SUCCESS) {
    row.duration_ms = duration;
  }
  if (execution["status"].get_string().get(text) == simdjson::SUCCESS) {
    row.status = SqlStatusFromApi(text);
  }
  row.succeeded_jobs = SortedIds(execution, "successJobIds");
  row.running_jobs = SortedIds(execution, "runningJobIds");
  row.failed_jobs = SortedIds(execution, "failedJobIds");
  return true;
}

void SqlListModel::Clear() {
  rows.clear();
  order.clear();
  streaming.clear();
  error.clear();
  filter.clear();
  completed = failed = running = 0;
  sorted = false;
}

void SqlListModel::RememberSelection() {
  if (selection_pending_ || selected_row < 0 || static_cast<size_t>(selected_row) >= order.size()) {
    return;
  }
  selected_id_ = rows[order[static_cast<size_t>(selected_row)]].execution_id;
  selection_pending_ = true;
}

void SqlListModel::RestoreSelection() {
  if (!selection_pending_) return;
  selection_pending_ = false;
  selected_row = -1;
  for (size_t i = 0; i < order.size(); ++i) {
    if (rows[order[i]].execution_id == selected_id_) selected_row = static_cast<int>(i);
  }
}

void SqlListModel::Build(const Session& session, const AttemptSummary& app,
                         const AttemptModel* model, const StringPool* strings) {
  RememberSelection();  // a rebuild (a refresh while the log loads) keeps the selected execution
  Clear();
  error = ForEachApiItem(session, ApiSqlListPath(app), "sql", [&](const ApiRow& execution) {
    SqlRow row;
    if (!ReadSqlRow(execution.json(), row)) return;
    completed += row.status == SqlStatus::kCompleted;
    failed += row.status == SqlStatus::kFailed;
    running += row.status == SqlStatus::kRunning;
    rows.push_back(std::move(row));
  });
  order.resize(rows.size());
  for (uint32_t i = 0; i < order.size(); ++i) order[i] = i;
  RestoreSelection();

  if (model == nullptr || strings == nullptr) return;
  const StreamingModel& streams = model->streaming;
  for (const StreamingQuery& query : streams.queries) {
    StreamingRow row;
    if (query.name.present) row.name.assign(strings->Get(query.name.id));
    row.id.assign(strings->Get(query.id));
    row.run_id.assign(strings->Get(query.run_id));
    row.start_ms = query.start_timestamp;
    row.active = query.is_active;
    row.completed_batches = streams.CompletedBatches(query.run_id);
    row.avg_input_per_s = streams.AverageInputRate(query.run_id);
    row.avg_process_per_s = streams.AverageProcessRate(query.run_id);
    const std::vector<StreamingProgress>* progress = streams.Progress(query.run_id);
    row.progress_reports = progress == nullptr ? 0 : static_cast<int64_t>(progress->size());
    streaming.push_back(std::move(row));
  }
}

void SqlListModel::Sort(SqlColumn column, bool ascending) {
  RememberSelection();
  sorted = true;
  sort_column = column;
  sort_ascending = ascending;
  auto key_less = [&](uint32_t a, uint32_t b) {
    const SqlRow& x = rows[a];
    const SqlRow& y = rows[b];
    switch (column) {
      case SqlColumn::kId:
        return x.execution_id < y.execution_id;
      case SqlColumn::kDescription:
        return x.summary < y.summary;
      case SqlColumn::kSubmitted:
        return x.submitted_ms < y.submitted_ms;
      case SqlColumn::kDuration:
        return x.duration_ms < y.duration_ms;
      case SqlColumn::kJobs:
        return JobCount(x) < JobCount(y);
      case SqlColumn::kStatus:
        return x.status < y.status;
    }
    return false;
  };
  std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
    if (key_less(a, b)) return ascending;
    if (key_less(b, a)) return !ascending;
    return ascending ? rows[a].execution_id < rows[b].execution_id
                     : rows[a].execution_id > rows[b].execution_id;
  });
  RestoreSelection();
}

void SqlListModel::ApplyFilter(std::string_view text) {
  RememberSelection();
  filter.assign(text);
  order.clear();
  for (uint32_t i = 0; i < rows.size(); ++i) {
    if (RowMatches(rows[i], text)) order.push_back(i);
  }
  if (sorted) Sort(sort_column, sort_ascending);
  RestoreSelection();
}

}  // namespace afterglow::ui
