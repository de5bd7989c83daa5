// The SQL tab's rows: every SQL execution as the History Server's /sql answer lists it (read once
// from the session's answer, so every number is the REST API's), plus the Structured Streaming
// queries of the log. Rebuilt by RefreshModels; sorted and filtered through an index, so drawing
// copies no rows. ImGui-free.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/string_pool.h"
#include "core/model/app_model.h"
#include "core/query/sql_rows.h"
#include "core/session.h"

namespace afterglow::ui {

enum class SqlStatus : uint8_t { kRunning, kCompleted, kFailed, kUnknown };

struct SqlRow {
  int64_t execution_id = 0;
  std::string description;    // as the API gives it ("" when absent)
  std::string summary;        // the description on one line (line breaks -> spaces), for tables
  int64_t submitted_ms = -1;  // epoch milliseconds; -1 when unknown
  int64_t duration_ms = -1;   // the API's "duration"
  SqlStatus status = SqlStatus::kUnknown;
  // Job ids by status, ascending (the API lists them in Scala's map order).
  std::vector<int32_t> succeeded_jobs, running_jobs, failed_jobs;
  // Sub-executions (core/query/sql_sub_executions.h): a listed root's subs, by id, and for a sub
  // listed under its root, that root (-1: listed at the top level).
  std::vector<int64_t> sub_executions;
  int64_t listed_under = -1;
};

enum class SqlColumn : uint8_t { kId, kDescription, kSubmitted, kDuration, kJobs, kStatus };

// One Structured Streaming run, with the numbers the Streaming Query page shows.
struct StreamingRow {
  std::string name;    // "" when the query has no name
  std::string id;
  std::string run_id;
  int64_t start_ms = 0;
  bool active = true;
  int64_t completed_batches = 0;  // StreamingModel::CompletedBatches
  double avg_input_per_s = 0;     // StreamingModel::AverageInputRate (NaN: no reports)
  double avg_process_per_s = 0;
  int64_t progress_reports = 0;   // retained progress events
};

struct SqlListModel {
  std::vector<SqlRow> rows;     // the API's order (by execution id)
  // Indices into rows: the top-level rows in the current sort, filtered by `filter`, each
  // expanded root followed by its sub-executions (by id).
  std::vector<uint32_t> order;
  std::vector<int64_t> expanded_roots;  // roots whose sub-executions are shown
  bool any_sub_executions = false;      // the table shows its "Sub Execution IDs" column
  std::vector<StreamingRow> streaming;
  std::string error;            // set when the API's answer could not be read
  std::string filter;           // the applied filter text (case-insensitive substring)
  char search_text[96] = {};     // the view's search box; re-applied when it differs from filter
  uint32_t completed = 0, failed = 0, running = 0;  // executions by status
  bool sorted = false;          // false after Build: the view applies its sort order again
  SqlColumn sort_column = SqlColumn::kId;
  bool sort_ascending = false;
  int selected_row = -1;  // keyboard selection: a position in `order`, -1 for none

  void Clear();
  // Reads the executions of one application attempt from the session's REST answer, and the
  // streaming queries from its model (null: none).
  void Build(const Session& session, const AttemptSummary& app, const AttemptModel* model,
             const StringPool* strings);
  // Sorts the index; ties keep execution id order. Keeps the filter.
  void Sort(SqlColumn column, bool ascending);
  // Keeps the rows whose id, description or job ids contain `text` (case-insensitive).
  // Build, Sort and ApplyFilter keep the selected execution selected while it is still listed.
  void ApplyFilter(std::string_view text);
  // Shows or hides a root's sub-executions under it.
  void ToggleExpanded(int64_t root_id);
  bool IsExpanded(int64_t root_id) const;

 private:
  void RememberSelection();  // notes the selected execution's id before `order` changes
  void RestoreSelection();   // finds it in the new `order` (-1 when it is gone)
  void InsertExpandedSubs();  // puts the expanded roots' sub rows after them in `order`
  int RowIndexOf(int64_t execution_id) const;  // -1 when absent
  int64_t selected_id_ = -1;
  bool selection_pending_ = false;
};

const char* SqlStatusName(SqlStatus status);
// One execution's list row (core/query/sql_rows.h) as the tables show it: job ids ascending.
SqlRow SqlRowOf(const SqlExecutionListRow& execution);
// All jobs of a row, as the Jobs column sorts them: their count.
inline size_t JobCount(const SqlRow& row) {
  return row.succeeded_jobs.size() + row.running_jobs.size() + row.failed_jobs.size();
}

}  // namespace afterglow::ui
