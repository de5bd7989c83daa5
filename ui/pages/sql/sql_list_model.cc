#include "ui/pages/sql/sql_list_model.h"

#include <algorithm>
#include <cctype>
#include <chrono>

#include "core/query/sql_sub_executions.h"
#include "ui/pages/jobs/jobs_table_model.h"
#include "ui/widgets/table_text.h"

namespace afterglow::ui {
namespace {

SqlStatus SqlStatusOf(SqlExecutionStatus status) {
  switch (status) {
    case SqlExecutionStatus::kRunning: return SqlStatus::kRunning;
    case SqlExecutionStatus::kCompleted: return SqlStatus::kCompleted;
    case SqlExecutionStatus::kFailed: return SqlStatus::kFailed;
  }
  return SqlStatus::kUnknown;
}

std::vector<int32_t> Sorted(std::vector<int32_t> ids) {
  std::sort(ids.begin(), ids.end());
  return ids;
}

int64_t SqlListNowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
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

SqlRow SqlRowOf(const SqlExecutionListRow& execution) {
  SqlRow row;
  row.execution_id = execution.id;
  row.description.assign(execution.description);
  row.summary = OneLine(row.description);
  row.submitted_ms = execution.submission_time;
  row.duration_ms = execution.duration_ms;
  row.status = SqlStatusOf(execution.status);
  row.succeeded_jobs = Sorted(execution.success_job_ids);
  row.running_jobs = Sorted(execution.running_job_ids);
  row.failed_jobs = Sorted(execution.failed_job_ids);
  return row;
}

void SqlListModel::Clear() {
  rows.clear();
  order.clear();
  streaming.clear();
  any_sub_executions = false;
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
  if (model == nullptr || strings == nullptr) {
    error = "no such application attempt";
    return;
  }
  // Every execution, as /sql?offset=0&length=<any> lists them.
  ForEachSqlExecutionRow(*model, *strings, 0, 0, SqlListNowMs(),
                         [&](const SqlExecutionListRow& execution) {
                           SqlRow row = SqlRowOf(execution);
                           completed += row.status == SqlStatus::kCompleted;
                           failed += row.status == SqlStatus::kFailed;
                           running += row.status == SqlStatus::kRunning;
                           rows.push_back(std::move(row));
                         });
  // Sub-executions listed under their root, as Spark's SQL tab groups them.
  const SqlExecutionGroups groups = GroupSubExecutions(model->sql);
  for (SqlRow& row : rows) {
    if (const std::vector<int64_t>* subs = groups.SubsOf(row.execution_id)) {
      row.sub_executions = *subs;
      any_sub_executions = true;
    }
    auto grouped = groups.root_of_grouped.find(row.execution_id);
    if (grouped != groups.root_of_grouped.end()) row.listed_under = grouped->second;
  }
  for (uint32_t i = 0; i < rows.size(); ++i) {
    if (rows[i].listed_under < 0) order.push_back(i);
  }
  InsertExpandedSubs();
  RestoreSelection();

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
  // The sub rows follow their root whatever the sort: sort the top level, then put them back.
  order.erase(std::remove_if(order.begin(), order.end(),
                             [&](uint32_t i) { return rows[i].listed_under >= 0; }),
              order.end());
  std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
    if (key_less(a, b)) return ascending;
    if (key_less(b, a)) return !ascending;
    return ascending ? rows[a].execution_id < rows[b].execution_id
                     : rows[a].execution_id > rows[b].execution_id;
  });
  InsertExpandedSubs();
  RestoreSelection();
}

void SqlListModel::ApplyFilter(std::string_view text) {
  RememberSelection();
  filter.assign(text);
  order.clear();
  for (uint32_t i = 0; i < rows.size(); ++i) {
    if (rows[i].listed_under < 0 && RowMatches(rows[i], text)) order.push_back(i);
  }
  if (sorted) {
    Sort(sort_column, sort_ascending);
  } else {
    InsertExpandedSubs();
  }
  RestoreSelection();
}

int SqlListModel::RowIndexOf(int64_t execution_id) const {
  // rows are in execution id order (the API's).
  auto it = std::lower_bound(rows.begin(), rows.end(), execution_id,
                             [](const SqlRow& row, int64_t id) { return row.execution_id < id; });
  if (it == rows.end() || it->execution_id != execution_id) return -1;
  return static_cast<int>(it - rows.begin());
}

void SqlListModel::InsertExpandedSubs() {
  if (expanded_roots.empty()) return;
  std::vector<uint32_t> expanded;
  expanded.reserve(order.size());
  for (uint32_t index : order) {
    expanded.push_back(index);
    if (!IsExpanded(rows[index].execution_id)) continue;
    for (int64_t sub : rows[index].sub_executions) {
      const int sub_index = RowIndexOf(sub);
      if (sub_index >= 0) expanded.push_back(static_cast<uint32_t>(sub_index));
    }
  }
  order = std::move(expanded);
}

bool SqlListModel::IsExpanded(int64_t root_id) const {
  return std::find(expanded_roots.begin(), expanded_roots.end(), root_id) != expanded_roots.end();
}

void SqlListModel::ToggleExpanded(int64_t root_id) {
  auto it = std::find(expanded_roots.begin(), expanded_roots.end(), root_id);
  if (it == expanded_roots.end()) {
    expanded_roots.push_back(root_id);
  } else {
    expanded_roots.erase(it);
  }
  ApplyFilter(std::string(filter));
}

}  // namespace afterglow::ui
