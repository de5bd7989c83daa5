#include "core/analysis/durations.h"

namespace afterglow {
namespace {

int64_t SpanToEndOrNow(int64_t start, int64_t end_or_none, int64_t now_ms) {
  if (start == kNoTime) return kNoDuration;
  const int64_t end = end_or_none != kNoTime ? end_or_none : now_ms;
  return end >= start ? end - start : kNoDuration;
}

}  // namespace

int64_t StageDurationMs(int64_t first_launch_time, int64_t completion_time, int64_t now_ms) {
  if (first_launch_time == INT64_MAX) return kNoDuration;  // no task launched
  return SpanToEndOrNow(first_launch_time, completion_time, now_ms);
}

int64_t JobDurationMs(int64_t submission_time, int64_t completion_time, int64_t now_ms) {
  return SpanToEndOrNow(submission_time, completion_time, now_ms);
}

int64_t StageDurationMs(const StageAttempt& stage, int64_t now_ms) {
  return StageDurationMs(stage.first_launch_time, stage.completion_time, now_ms);
}

int64_t JobDurationMs(const Job& job, int64_t now_ms) {
  return JobDurationMs(job.submission_time, job.shown().completion_time, now_ms);
}

int64_t AppDurationMs(const AppInfo& app) {
  if (app.start_time == kNoTime) return kNoDuration;
  if (app.end_time != kNoTime && app.end_time >= app.start_time) return app.end_time - app.start_time;
  if (app.last_event_time != kNoTime && app.last_event_time >= app.start_time) {
    return app.last_event_time - app.start_time;
  }
  return kNoDuration;
}

int64_t SqlDurationMs(const SqlExecutionRow& execution, int64_t now_ms) {
  const int64_t end = execution.completion_time != kNoTime ? execution.completion_time : now_ms;
  return end - execution.submission_time;
}

int64_t DurationNowMs(const AttemptModel& model) {
  return model.app.last_event_time != kNoTime ? model.app.last_event_time : 0;
}

}  // namespace afterglow
