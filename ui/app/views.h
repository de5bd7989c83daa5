// The draw functions, one per file (view_*.cc). Each draws into the current ImGui window from
// AppState only; none changes the session. ui/app/view_list.cc says which routed views exist.
#pragma once

#include "core/api/json_writer.h"
#include "ui/app/app_state.h"

namespace afterglow::ui {

// The whole page for one frame: the header bar, then the view for the status and route.
void DrawFrame(AppState& state);

// Routed views (listed in view_list.cc): each draws, and describes what it shows for
// window.afterglow.state() (see ViewEntry::describe).
void DrawOverviewView(AppState& state);
void DescribeOverviewView(const AppState& state, JsonWriter& out);
void DrawJobsView(AppState& state);
void DescribeJobsView(const AppState& state, JsonWriter& out);
void DrawJobView(AppState& state);
void DescribeJobView(const AppState& state, JsonWriter& out);
// Builds state.job_page for the route's job (PrepareRoute's kJob case; ui/pages/jobs/view_job.cc).
void PrepareJobView(AppState& state);
void DrawStagesView(AppState& state);
void DescribeStagesView(const AppState& state, JsonWriter& out);
void DrawStageView(AppState& state);
void DescribeStageView(const AppState& state, JsonWriter& out);
void DrawSqlView(AppState& state);
void DescribeSqlView(const AppState& state, JsonWriter& out);
void DrawSqlQueryView(AppState& state);
void DescribeSqlQueryView(const AppState& state, JsonWriter& out);
void DrawExecutorsView(AppState& state);
void DescribeExecutorsView(const AppState& state, JsonWriter& out);
void DrawEnvironmentView(AppState& state);
void DescribeEnvironmentView(const AppState& state, JsonWriter& out);
void DrawStorageView(AppState& state);
void DescribeStorageView(const AppState& state, JsonWriter& out);
void DrawRddView(AppState& state);
void DescribeRddView(const AppState& state, JsonWriter& out);
void DrawTimelineView(AppState& state);
void DescribeTimelineView(const AppState& state, JsonWriter& out);
void DrawStreamingView(AppState& state);
void DescribeStreamingView(const AppState& state, JsonWriter& out);
void DrawStreamingRunView(AppState& state);
void DescribeStreamingRunView(const AppState& state, JsonWriter& out);
void DrawCompareView(AppState& state);
void DescribeCompareView(const AppState& state, JsonWriter& out);
// The tab shows with two runs open, or on a comparison (two jobs of one run): a tab that could
// only say "open another log" would crowd the header of every single log.
bool CompareViewAvailable(const AppState& state);
// Builds state.compare for the route's comparison (PrepareRoute's kCompare case;
// ui/pages/compare/view_compare.cc).
void PrepareCompareView(AppState& state);
void DrawThriftServerView(AppState& state);
void DescribeThriftServerView(const AppState& state, JsonWriter& out);
bool ThriftServerViewAvailable(const AppState& state);  // the log has the Thrift server's events

// Views chosen by the load status rather than the route.
void DrawDropZoneView(AppState& state);
void DrawLoadingView(AppState& state);

}  // namespace afterglow::ui
