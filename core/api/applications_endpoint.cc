// applications (with status, minDate, maxDate, minEndDate, maxEndDate, limit), applications/{id}
// and applications/{id}/{attemptId} (ApplicationListResource, OneApplicationResource), written
// from core/query/application_rows.h.

#include "core/api/dates.h"
#include "core/api/endpoints.h"
#include "core/api/java_numbers.h"
#include "core/api/json_writer.h"
#include "core/base/epoch_clock.h"
#include "core/query/application_rows.h"

namespace afterglow {
namespace {

void WriteAttempt(JsonWriter& w, const AttemptRow& attempt) {
  w.BeginObject();
  if (attempt.attempt_id) w.Field("attemptId", *attempt.attempt_id);
  w.Field("startTime", FormatSparkDate(attempt.start_time));
  w.Field("endTime", FormatSparkDate(attempt.end_time));
  w.Field("lastUpdated", FormatSparkDate(attempt.last_updated));
  w.FieldInt("duration", attempt.duration_ms);
  w.Field("sparkUser", attempt.spark_user);
  w.FieldBool("completed", attempt.completed);
  w.Field("appSparkVersion", attempt.app_spark_version);
  w.FieldInt("startTimeEpoch", attempt.start_time);
  w.FieldInt("endTimeEpoch", attempt.end_time);
  w.FieldInt("lastUpdatedEpoch", attempt.last_updated);
  w.EndObject();
}

void WriteApplication(JsonWriter& w, const ApplicationRow& app) {
  w.BeginObject();
  w.Field("id", app.id);
  w.Field("name", app.name);
  w.Key("attempts");
  w.BeginArray();
  for (const AttemptRow& attempt : app.attempts) WriteAttempt(w, attempt);
  w.EndArray();
  w.EndObject();
}

}  // namespace

ApiResponse ApplicationListEndpoint(const ApiData& data, const ApiRequest& request) {
  ApplicationFilter filter;
  const std::vector<std::string> statuses = request.Values("status");
  if (!statuses.empty()) filter.include_completed = filter.include_running = false;
  for (const std::string& status : statuses) {
    if (EqualsIgnoreCase(status, "completed")) filter.include_completed = true;
    else if (EqualsIgnoreCase(status, "running")) filter.include_running = true;
    else return NotFound("unknown status: " + status);  // JAX-RS conversion failure
  }

  int64_t* bounds[4] = {&filter.min_start, &filter.max_start, &filter.min_end, &filter.max_end};
  const char* names[4] = {"minDate", "maxDate", "minEndDate", "maxEndDate"};
  const char* defaults[4] = {"2010-01-01", "3000-01-01", "2010-01-01", "3000-01-01"};
  for (int i = 0; i < 4; ++i) {
    const std::string text = request.Value(names[i]).value_or(defaults[i]);
    const std::optional<int64_t> parsed = ParseSparkDate(text);
    if (!parsed) return BadRequest("Couldn't parse date: " + text);
    *bounds[i] = *parsed;
  }

  filter.limit = INT32_MAX;
  if (auto text = request.Value("limit")) {
    // An Integer parameter: a number past its range fails the conversion as letters do.
    const std::optional<int32_t> limit = ParseJavaInt(*text);
    if (!limit) return NotFound("bad limit: " + *text);
    filter.limit = *limit;
  }

  filter.now_ms = NowEpochMs();
  JsonWriter w;
  w.BeginArray();
  for (const ApplicationRow& app : ApplicationRows(*data.pool, data.attempts, filter)) {
    WriteApplication(w, app);
  }
  w.EndArray();
  return {200, w.Take()};
}

ApiResponse OneApplicationEndpoint(const ApiData& data, const std::string& app_id) {
  for (const ApplicationRow& app : ApplicationRows(*data.pool, data.attempts)) {
    if (app.id != app_id) continue;
    JsonWriter w;
    WriteApplication(w, app);
    return {200, w.Take()};
  }
  return NotFound("unknown app: " + app_id);
}

ApiResponse OneAttemptEndpoint(const ApiData& data, const std::string& app_id,
                               const std::string& attempt_id) {
  for (const ApplicationRow& app : ApplicationRows(*data.pool, data.attempts)) {
    if (app.id != app_id) continue;
    for (const AttemptRow& attempt : app.attempts) {
      if (attempt.attempt_id && *attempt.attempt_id == attempt_id) {
        JsonWriter w;
        WriteAttempt(w, attempt);
        return {200, w.Take()};
      }
    }
  }
  return NotFound("unknown app " + app_id + ", attempt " + attempt_id);
}

}  // namespace afterglow
