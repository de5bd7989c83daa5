#include "core/query/application_rows.h"

#include <algorithm>

#include "core/query/application_index.h"

namespace afterglow {
namespace {

AttemptRow ReadAttemptRow(const StringPool& pool, const AttemptModel& attempt) {
  const AppInfo& app = attempt.listing;  // what the listing read (docs/SPARK-SEMANTICS.md fact 4)
  AttemptRow row;
  if (app.attempt_id.present) row.attempt_id = pool.Get(app.attempt_id.id);
  row.start_time = app.start_time;
  row.end_time = AttemptEndTime(attempt);
  // lastUpdated is a file or scan time in the SHS and cannot come from the log; the latest
  // event time is the closest stand-in (conformance blanks it, as Spark's own tests do).
  row.last_updated = std::max(attempt.app.last_event_time, app.start_time);
  row.duration_ms = AttemptDuration(attempt);
  row.spark_user = pool.Get(app.user);
  row.completed = ListedCompleted(attempt);
  row.app_spark_version = pool.Get(app.spark_version);
  return row;
}

bool InDateRange(const ApplicationEntry& app, const ApplicationFilter& filter) {
  const bool running = app.running();
  return std::any_of(app.attempts.begin(), app.attempts.end(), [&](const AttemptModel* attempt) {
    const int64_t start = attempt->listing.start_time;
    const int64_t end = AttemptEndTime(*attempt);
    const bool start_ok = start >= filter.min_start && start <= filter.max_start;
    const bool end_ok = end >= filter.min_end && end <= filter.max_end;
    const bool end_ok_running = running && filter.max_end > filter.now_ms;
    return start_ok && (end_ok || end_ok_running);
  });
}

}  // namespace

std::vector<ApplicationRow> ApplicationRows(const StringPool& pool,
                                            const std::vector<const AttemptModel*>& attempts,
                                            const ApplicationFilter& filter) {
  std::vector<ApplicationRow> rows;
  for (const ApplicationEntry& app : BuildApplicationIndex(pool, attempts)) {
    if (static_cast<int64_t>(rows.size()) >= filter.limit) break;
    const bool running = app.running();
    if (running ? !filter.include_running : !filter.include_completed) continue;
    if (!InDateRange(app, filter)) continue;
    ApplicationRow row;
    row.id = app.id;
    row.name = app.name;
    row.running = running;
    for (const AttemptModel* attempt : app.attempts) {
      row.attempts.push_back(ReadAttemptRow(pool, *attempt));
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace afterglow
