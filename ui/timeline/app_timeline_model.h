// The lanes of the application's timeline (#/timeline): jobs, stage attempts, executors' lifetimes
// and SQL executions on one axis. The lane builders are shared with the jobs page's event
// timeline and the executors page. Jobs come from the jobs table model (the REST API's answer), so
// their times and statuses are the API's; the rest is read from the status model the API reads.
#pragma once

#include <cstdint>
#include <string>

#include "core/base/string_pool.h"
#include "core/model/app_model.h"
#include "ui/pages/jobs/jobs_table_model.h"
#include "ui/timeline/timeline_lanes.h"

namespace afterglow::ui {

// Jobs as bars from submission to completion (the log's end while running); click: #/jobs/<id>.
// Logs of Spark 1.x carry no job times (the API omits them): such a job spans its stages' times.
TimelineLane JobsLane(const JobsTableModel& jobs, const AttemptModel& model, int64_t now_ms);
// Stage attempts that were submitted; click: #/stages/<id>/<attempt>.
TimelineLane StagesLane(const AttemptModel& model, const StringPool& strings, int64_t now_ms);
// Every executor record from its add to its removal (or the log's end), with the removal reason in
// the tooltip. `row_per_executor` gives each executor its own labelled row (the executors page);
// otherwise lifetimes pack into as few rows as overlap allows.
TimelineLane ExecutorsLane(const AttemptModel& model, const StringPool& strings, int64_t now_ms,
                           bool row_per_executor);
// An executor bar's tooltip (the lane writes it on hover: ExecutorHoverText): its id, host and
// cores, when it was added and removed (and why), its tasks.
std::string ExecutorBarTooltip(const Executor& executor, const StringPool& strings);
// The lane's hover_text: ExecutorBarTooltip of the selected attempt's executor number `bar.item`.
std::string ExecutorHoverText(const AppState& state, const LaneBar& bar);
// SQL executions; click: #/sql/<id>. Empty lane when the application ran no SQL.
TimelineLane SqlLane(const AttemptModel& model, const StringPool& strings, int64_t now_ms);

// The whole application: jobs, stages, executors, and SQL when there is any.
void BuildAppTimeline(const AttemptModel& model, const StringPool& strings,
                      const JobsTableModel& jobs, LaneTimelineModel& out);

}  // namespace afterglow::ui
