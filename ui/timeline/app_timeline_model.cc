#include "ui/timeline/app_timeline_model.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <string>
#include <string_view>

#include "core/analysis/task_view.h"
#include "ui/app/app_state.h"
#include "ui/widgets/format.h"

namespace afterglow::ui {
namespace {

std::string Printf(const char* format, auto... args) {
  char buffer[512];
  std::snprintf(buffer, sizeof buffer, format, args...);
  return buffer;
}

std::string_view Text(const StringPool& strings, StringId id) { return strings.Get(id); }

// Appends a number: labels are built for every bar, and snprintf is slow in wasm (musl's
// printf_core writes through a FILE: most of a 1 GB log's timeline build when each bar had a
// label and a tooltip written with it).
void AppendNumber(std::string& out, int64_t value) {
  char digits[24];
  const auto end = std::to_chars(digits, digits + sizeof digits, value).ptr;
  out.append(digits, end);
}

// "Duration: 1.2 s" or "Running for 1.2 s (no end in the log)".
std::string DurationLine(int64_t start_ms, int64_t end_ms, bool open_end) {
  char duration[32];
  FormatDuration(end_ms - start_ms, duration, sizeof duration);
  return open_end ? Printf("Running for %s (no end in the log)", duration)
                  : Printf("Duration: %s", duration);
}

std::string Shorten(std::string_view text, size_t limit) {
  if (text.size() <= limit) return std::string(text);
  return std::string(text.substr(0, limit)) + "\xe2\x80\xa6";
}

// The first submission and last completion of a job's stage attempts (kNoTime when none ran or
// one has not ended), for jobs the log gives no times.
TimeSpan StagesSpanOfJob(const AttemptModel& model, int64_t job_id, bool& ended) {
  TimeSpan span{INT64_MAX, INT64_MIN};
  ended = true;
  const auto job = model.job_rows.find(static_cast<int32_t>(job_id));
  if (job == model.job_rows.end()) return {kNoTime, kNoTime};
  for (const int32_t stage_id : model.job(job->second).stage_ids) {
    for (auto it = model.stage_rows.lower_bound({stage_id, INT32_MIN});
         it != model.stage_rows.end() && it->first.first == stage_id; ++it) {
      const StageAttempt& stage = model.stage(it->second);
      if (stage.submission_time == kNoTime) continue;
      span.start_ms = std::min(span.start_ms, stage.submission_time);
      if (stage.completion_time == kNoTime) {
        ended = false;
      } else {
        span.end_ms = std::max(span.end_ms, stage.completion_time);
      }
    }
  }
  if (span.start_ms == INT64_MAX) return {kNoTime, kNoTime};
  if (span.end_ms < span.start_ms) ended = false;
  return span;
}

// The bars' tooltips are written on hover, from the entity the bar links to: written for every
// bar at build time, they were most of the timeline's build in wasm (a printf and a local time
// each), for the one bar a user points at.

// A job bar's tooltip, from the jobs table row of its job (the row the bar was built from).
std::string JobHoverText(const AppState& state, const LaneBar& bar) {
  const auto& rows = state.jobs.rows;
  const auto row = std::find_if(rows.begin(), rows.end(),
                                [&](const JobRow& job) { return job.job_id == bar.link.id; });
  if (row == rows.end()) return "";
  const JobRow& job = *row;
  char submitted[40];
  std::string tooltip = Printf("Job %lld (%s)\n%s\nSubmitted: %s\n%s\nStages: %u/%u  Tasks: %u/%u",
                               static_cast<long long>(job.job_id), JobStatusName(job.status),
                               Shorten(job.description, 200).c_str(),
                               FormatTimestamp(bar.span.start_ms, submitted, sizeof submitted),
                               DurationLine(bar.span.start_ms, bar.span.end_ms, bar.open_end).c_str(),
                               job.stages_completed, job.stages_total, job.tasks_completed,
                               job.tasks_total);
  if (job.submitted_ms < 0) tooltip += "\nThe log has no job times: the bar spans the job's stages";
  return tooltip;
}

const char* StageStatusText(StageStatus status) {
  switch (status) {
    case StageStatus::kComplete: return "COMPLETE";
    case StageStatus::kFailed: return "FAILED";
    case StageStatus::kActive: return "ACTIVE";
    case StageStatus::kSkipped: return "SKIPPED";
    case StageStatus::kPending: break;
  }
  return "PENDING";
}

// A stage bar's tooltip, from the selected attempt's stage attempt the bar links to.
std::string StageHoverText(const AppState& state, const LaneBar& bar) {
  const AttemptModel* model = state.SelectedModel();
  const StringPool* strings = state.Strings();
  if (model == nullptr || strings == nullptr) return "";
  const auto row = model->stage_rows.find({static_cast<int32_t>(bar.link.id), bar.link.attempt});
  if (row == model->stage_rows.end()) return "";
  const StageAttempt& stage = model->stage(row->second);
  const std::string name = Shorten(Text(*strings, stage.name), 120);
  char submitted[40];
  std::string tooltip =
      Printf("Stage %d (attempt %d), %s\n%s\nSubmitted: %s\n%s\nTasks: %d succeeded of %d, %d failed, %d killed",
             stage.stage_id, stage.attempt_id, StageStatusText(stage.status), name.c_str(),
             FormatTimestamp(stage.submission_time, submitted, sizeof submitted),
             DurationLine(bar.span.start_ms, bar.span.end_ms, bar.open_end).c_str(),
             stage.completed_tasks, stage.num_tasks, stage.failed_tasks, stage.killed_tasks);
  if (stage.failure_reason.present) {
    tooltip += "\nFailure: " + Shorten(Text(*strings, stage.failure_reason.id), 300);
  }
  return tooltip;
}

// A query bar's tooltip, from the selected attempt's SQL execution the bar links to.
std::string SqlHoverText(const AppState& state, const LaneBar& bar) {
  const AttemptModel* model = state.SelectedModel();
  const StringPool* strings = state.Strings();
  if (model == nullptr || strings == nullptr) return "";
  const auto found = model->sql.executions.find(bar.link.id);
  if (found == model->sql.executions.end()) return "";
  const auto& execution = found->second;
  const std::string description =
      Shorten(execution.description.present ? Text(*strings, execution.description.id) : "", 120);
  char submitted[40];
  return Printf("Query %lld (%s)\n%s\nSubmitted: %s\n%s\nJobs: %zu",
                static_cast<long long>(bar.link.id), execution.Status(), description.c_str(),
                FormatTimestamp(execution.submission_time, submitted, sizeof submitted),
                DurationLine(bar.span.start_ms, bar.span.end_ms, bar.open_end).c_str(),
                execution.jobs.size());
}

}  // namespace

TimelineLane JobsLane(const JobsTableModel& jobs, const AttemptModel& model, int64_t now_ms) {
  TimelineLane lane;
  lane.title = "Jobs";
  lane.item_name = "jobs";
  lane.hover_text = &JobHoverText;
  // The API lists the newest job first; bars read oldest first.
  for (auto it = jobs.rows.rbegin(); it != jobs.rows.rend(); ++it) {
    const JobRow& job = *it;
    LaneBar bar;
    const bool from_stages = job.submitted_ms < 0;
    if (from_stages) {
      bool ended = false;
      const TimeSpan stages = StagesSpanOfJob(model, job.job_id, ended);
      if (stages.start_ms == kNoTime) continue;  // nothing of it ran: no place on the axis
      bar.open_end = !ended && job.status == JobStatus::kRunning;
      bar.span = {stages.start_ms, ended || !bar.open_end ? std::max(stages.end_ms, stages.start_ms)
                                                          : std::max(now_ms, stages.start_ms)};
    } else {
      bar.open_end = job.completed_ms < 0;
      bar.span = {job.submitted_ms,
                  bar.open_end ? std::max(now_ms, job.submitted_ms) : job.completed_ms};
    }
    switch (job.status) {
      case JobStatus::kSucceeded: bar.kind = BarKind::kSucceeded; break;
      case JobStatus::kFailed: bar.kind = BarKind::kFailed; break;
      case JobStatus::kRunning: bar.kind = BarKind::kRunning; break;
      case JobStatus::kUnknown: bar.kind = BarKind::kOther; break;
    }
    bar.has_link = true;
    bar.link = {ViewId::kJob, job.job_id};
    bar.label = "Job ";
    AppendNumber(bar.label, job.job_id);
    bar.label += ": ";
    bar.label += Shorten(job.description, 120);
    lane.bars.push_back(std::move(bar));
  }
  return lane;
}

TimelineLane StagesLane(const AttemptModel& model, const StringPool& strings, int64_t now_ms) {
  TimelineLane lane;
  lane.title = "Stages";
  lane.item_name = "stages";
  lane.hover_text = &StageHoverText;
  for (const auto& [key, index] : model.stage_rows) {
    const StageAttempt& stage = model.stage(index);
    if (stage.submission_time == kNoTime) continue;  // pending or skipped: never ran
    LaneBar bar;
    bar.open_end = stage.completion_time == kNoTime;
    bar.span = {stage.submission_time,
                bar.open_end ? std::max(now_ms, stage.submission_time) : stage.completion_time};
    switch (stage.status) {
      case StageStatus::kComplete: bar.kind = BarKind::kSucceeded; break;
      case StageStatus::kFailed: bar.kind = BarKind::kFailed; break;
      case StageStatus::kActive: bar.kind = BarKind::kRunning; break;
      case StageStatus::kSkipped:
      case StageStatus::kPending: bar.kind = BarKind::kOther; break;
    }
    bar.has_link = true;
    bar.link = {ViewId::kStage, stage.stage_id, stage.attempt_id};
    bar.label = "Stage ";
    AppendNumber(bar.label, stage.stage_id);
    bar.label += '.';
    AppendNumber(bar.label, stage.attempt_id);
    bar.label += ": ";
    bar.label += Shorten(Text(strings, stage.name), 120);
    lane.bars.push_back(std::move(bar));
  }
  return lane;
}

std::string ExecutorBarTooltip(const Executor& executor, const StringPool& strings) {
  const std::string_view id = Text(strings, executor.executor_id);
  const std::string_view host = Text(strings, executor.host);
  char added[40], gone[40], duration[32];
  std::string tooltip = Printf("Executor %.*s on %.*s (%d cores)\nAdded: %s",
                               static_cast<int>(id.size()), id.data(),
                               static_cast<int>(host.size()), host.data(), executor.total_cores,
                               FormatTimestamp(executor.add_time, added, sizeof added));
  if (executor.remove_time != kNoTime) {
    const int64_t lived = std::max(executor.remove_time, executor.add_time) - executor.add_time;
    tooltip += Printf("\nRemoved: %s (after %s)",
                      FormatTimestamp(executor.remove_time, gone, sizeof gone),
                      FormatDuration(lived, duration, sizeof duration));
    const std::string_view reason = Text(strings, executor.remove_reason);
    tooltip += "\nReason: " + (reason.empty() ? std::string("(none given)") : Shorten(reason, 300));
  } else {
    tooltip += "\nStill active at the end of the log";
  }
  tooltip += Printf("\nTasks: %d (%d failed)", executor.total_tasks, executor.failed_tasks);
  return tooltip;
}

std::string ExecutorHoverText(const AppState& state, const LaneBar& bar) {
  const AttemptModel* model = state.SelectedModel();
  const StringPool* strings = state.Strings();
  if (model == nullptr || strings == nullptr || bar.item >= model->executors.size()) return "";
  return ExecutorBarTooltip(model->executors[bar.item], *strings);
}

TimelineLane ExecutorsLane(const AttemptModel& model, const StringPool& strings, int64_t now_ms,
                           bool row_per_executor) {
  TimelineLane lane;
  lane.title = "Executors";
  lane.item_name = "executors";
  lane.row_per_bar = row_per_executor;
  lane.hover_text = &ExecutorHoverText;
  for (uint32_t i = 0; i < model.executors.size(); ++i) {
    const Executor& executor = model.executors[i];
    if (executor.add_time == kNoTime) continue;
    LaneBar bar;
    const bool removed = executor.remove_time != kNoTime;
    bar.open_end = !removed;
    bar.end_markers = true;
    bar.span = {executor.add_time, removed ? std::max(executor.remove_time, executor.add_time)
                                           : std::max(now_ms, executor.add_time)};
    bar.kind = removed ? BarKind::kExecutorRemoved : BarKind::kSucceeded;
    bar.item = i;
    const std::string_view id = Text(strings, executor.executor_id);
    bar.label = "Executor ";
    bar.label += id;
    lane.bars.push_back(std::move(bar));
  }
  return lane;
}

TimelineLane SqlLane(const AttemptModel& model, const StringPool& strings, int64_t now_ms) {
  TimelineLane lane;
  lane.title = "SQL";
  lane.item_name = "queries";
  lane.hover_text = &SqlHoverText;
  for (const auto& [id, execution] : model.sql.executions) {
    if (execution.submission_time < 0) continue;
    LaneBar bar;
    bar.open_end = execution.completion_time == kNoTime;
    bar.span = {execution.submission_time, bar.open_end
                                               ? std::max(now_ms, execution.submission_time)
                                               : std::max(execution.completion_time,
                                                          execution.submission_time)};
    const std::string_view status = execution.Status();
    bar.kind = status == "FAILED"    ? BarKind::kFailed
               : status == "RUNNING" ? BarKind::kRunning
                                     : BarKind::kSucceeded;
    bar.has_link = true;
    bar.link = {ViewId::kSqlQuery, id};
    bar.label = "Query ";
    AppendNumber(bar.label, id);
    bar.label += ": ";
    if (execution.description.present) bar.label += Shorten(Text(strings, execution.description.id), 120);
    lane.bars.push_back(std::move(bar));
  }
  return lane;
}

void BuildAppTimeline(const AttemptModel& model, const StringPool& strings,
                      const JobsTableModel& jobs, LaneTimelineModel& out) {
  out.Clear();
  const int64_t now_ms = TaskNow(model);
  out.lanes.push_back(JobsLane(jobs, model, now_ms));
  out.lanes.push_back(StagesLane(model, strings, now_ms));
  out.lanes.push_back(ExecutorsLane(model, strings, now_ms, false));
  TimelineLane sql = SqlLane(model, strings, now_ms);
  if (!sql.bars.empty()) out.lanes.push_back(std::move(sql));
  out.Finish();
}

}  // namespace afterglow::ui
