#include "core/analysis/entity_durations.h"

namespace afterglow {

int64_t AppDurationMs(const AppInfo& app) {
  if (app.start_time == kNoTime) return -1;
  if (app.end_time != kNoTime && app.end_time >= app.start_time) return app.end_time - app.start_time;
  if (app.last_event_time != kNoTime && app.last_event_time >= app.start_time) {
    return app.last_event_time - app.start_time;
  }
  return -1;
}

int64_t StageDurationMs(const StageAttempt& stage) {
  if (stage.completion_time == kNoTime) return -1;
  const int64_t start =
      stage.first_launch_time != INT64_MAX ? stage.first_launch_time : stage.submission_time;
  return start == kNoTime ? -1 : stage.completion_time - start;
}

int64_t JobDurationMs(const Job& job) {
  const int64_t end = job.shown().completion_time;
  if (job.submission_time == kNoTime || end == kNoTime || end < job.submission_time) return -1;
  return end - job.submission_time;
}

int64_t SqlDurationMs(const SqlExecutionRow& execution, int64_t now_ms) {
  const int64_t end = execution.completion_time != kNoTime ? execution.completion_time : now_ms;
  return end - execution.submission_time;
}

}  // namespace afterglow
