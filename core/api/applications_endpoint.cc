// applications (with status, minDate, maxDate, minEndDate, maxEndDate, limit), applications/{id}
// and applications/{id}/{attemptId} (ApplicationListResource, OneApplicationResource).
#include <algorithm>

#include "core/api/application_index.h"
#include "core/api/dates.h"
#include "core/api/endpoints.h"
#include "core/api/json_writer.h"
#include "core/api/opt_field.h"
#include "core/base/epoch_clock.h"

namespace afterglow {
namespace {

void WriteAttempt(JsonWriter& w, const StringPool& pool, const AttemptModel& attempt) {
  const AppInfo& app = attempt.listing;  // what the listing read (docs/SPARK-SEMANTICS.md fact 4)
  const int64_t end = AttemptEndTime(attempt);
  // lastUpdated is a file or scan time in the SHS and cannot come from the log; the latest
  // event time is the closest stand-in (conformance blanks it, as Spark's own tests do).
  const int64_t last_updated = std::max(attempt.app.last_event_time, app.start_time);
  w.BeginObject();
  WriteOptField(w, pool, "attemptId", app.attempt_id);
  w.Field("startTime", FormatSparkDate(app.start_time));
  w.Field("endTime", FormatSparkDate(end));
  w.Field("lastUpdated", FormatSparkDate(last_updated));
  w.FieldInt("duration", AttemptDuration(attempt));
  w.Field("sparkUser", pool.Get(app.user));
  w.FieldBool("completed", ListedCompleted(attempt));
  w.Field("appSparkVersion", pool.Get(app.spark_version));
  w.FieldInt("startTimeEpoch", app.start_time);
  w.FieldInt("endTimeEpoch", end);
  w.FieldInt("lastUpdatedEpoch", last_updated);
  w.EndObject();
}

void WriteApplication(JsonWriter& w, const StringPool& pool, const ApplicationEntry& app) {
  w.BeginObject();
  w.Field("id", app.id);
  w.Field("name", app.name);
  w.Key("attempts");
  w.BeginArray();
  for (const AttemptModel* attempt : app.attempts) WriteAttempt(w, pool, *attempt);
  w.EndArray();
  w.EndObject();
}

}  // namespace

ApiResponse ApplicationListEndpoint(const ApiData& data, const ApiRequest& request) {
  bool include_completed = false, include_running = false;
  const std::vector<std::string> statuses = request.Values("status");
  for (const std::string& status : statuses) {
    if (EqualsIgnoreCase(status, "completed")) include_completed = true;
    else if (EqualsIgnoreCase(status, "running")) include_running = true;
    else return NotFound("unknown status: " + status);  // JAX-RS conversion failure
  }
  if (statuses.empty()) include_completed = include_running = true;

  int64_t bounds[4];
  const char* names[4] = {"minDate", "maxDate", "minEndDate", "maxEndDate"};
  const char* defaults[4] = {"2010-01-01", "3000-01-01", "2010-01-01", "3000-01-01"};
  for (int i = 0; i < 4; ++i) {
    const std::string text = request.Value(names[i]).value_or(defaults[i]);
    const std::optional<int64_t> parsed = ParseSparkDate(text);
    if (!parsed) return BadRequest("Couldn't parse date: " + text);
    bounds[i] = *parsed;
  }
  // Plain names, not a structured binding: lambdas below capture them (clang 14 cannot).
  const int64_t min_start = bounds[0], max_start = bounds[1];
  const int64_t min_end = bounds[2], max_end = bounds[3];

  int64_t limit = INT32_MAX;
  if (auto text = request.Value("limit")) {
    if (text->empty() || (!IsDigits(*text) && !(text->front() == '-' && IsDigits(text->substr(1))))) {
      return NotFound("bad limit: " + *text);
    }
    limit = std::stoll(*text);
  }

  const int64_t now = NowEpochMs();
  JsonWriter w;
  w.BeginArray();
  int64_t taken = 0;
  for (const ApplicationEntry& app : BuildApplicationIndex(data)) {
    if (taken >= limit) break;
    const bool running = app.running();
    if (running ? !include_running : !include_completed) continue;
    const bool in_range = std::any_of(
        app.attempts.begin(), app.attempts.end(), [&](const AttemptModel* attempt) {
          const int64_t start = attempt->listing.start_time;
          const int64_t end = AttemptEndTime(*attempt);
          const bool start_ok = start >= min_start && start <= max_start;
          const bool end_ok = end >= min_end && end <= max_end;
          const bool end_ok_running = running && max_end > now;
          return start_ok && (end_ok || end_ok_running);
        });
    if (!in_range) continue;
    WriteApplication(w, *data.pool, app);
    ++taken;
  }
  w.EndArray();
  return {200, w.Take()};
}

ApiResponse OneApplicationEndpoint(const ApiData& data, const std::string& app_id) {
  for (const ApplicationEntry& app : BuildApplicationIndex(data)) {
    if (app.id != app_id) continue;
    JsonWriter w;
    WriteApplication(w, *data.pool, app);
    return {200, w.Take()};
  }
  return NotFound("unknown app: " + app_id);
}

ApiResponse OneAttemptEndpoint(const ApiData& data, const std::string& app_id,
                               const std::string& attempt_id) {
  for (const ApplicationEntry& app : BuildApplicationIndex(data)) {
    if (app.id != app_id) continue;
    for (const AttemptModel* attempt : app.attempts) {
      if (attempt->listing.attempt_id.present &&
          data.pool->Get(attempt->listing.attempt_id.id) == attempt_id) {
        JsonWriter w;
        WriteAttempt(w, *data.pool, *attempt);
        return {200, w.Take()};
      }
    }
  }
  return NotFound("unknown app " + app_id + ", attempt " + attempt_id);
}

}  // namespace afterglow
