#include "ui/app/view_list.h"

#include "ui/app/views.h"

namespace afterglow::ui {
namespace {

// The first entry is the default route. Add a view here and in views.h; nothing else routes.
constexpr ViewEntry kViews[] = {
    {ViewId::kOverview, "Overview", true, DrawOverviewView, DescribeOverviewView},
    {ViewId::kJobs, "Jobs", true, DrawJobsView, DescribeJobsView},
    {ViewId::kJob, "Job", false, DrawJobView, DescribeJobView},
    {ViewId::kStages, "Stages", true, DrawStagesView, DescribeStagesView},
    {ViewId::kStage, "Stage", false, DrawStageView, DescribeStageView},
    {ViewId::kExecutors, "Executors", true, DrawExecutorsView, DescribeExecutorsView},
    {ViewId::kSql, "SQL", true, DrawSqlView, DescribeSqlView},
    {ViewId::kSqlQuery, "SQL query", false, DrawSqlQueryView, DescribeSqlQueryView},
    {ViewId::kEnvironment, "Environment", true, DrawEnvironmentView, DescribeEnvironmentView},
    {ViewId::kStorage, "Storage", true, DrawStorageView, DescribeStorageView},
    {ViewId::kRdd, "RDD", false, DrawRddView, DescribeRddView},
    {ViewId::kTimeline, "Timeline", true, DrawTimelineView, DescribeTimelineView},
    {ViewId::kStreaming, "Streaming", true, DrawStreamingView, DescribeStreamingView},
    {ViewId::kStreamingRun, "Streaming run", false, DrawStreamingRunView,
     DescribeStreamingRunView},
    {ViewId::kCompare, "Compare", true, DrawCompareView, DescribeCompareView,
     CompareViewAvailable},
    {ViewId::kSqlServer, "JDBC/ODBC Server", true, DrawThriftServerView, DescribeThriftServerView,
     ThriftServerViewAvailable},
};

}  // namespace

std::span<const ViewEntry> RoutedViews() { return kViews; }

const ViewEntry* FindView(ViewId view) {
  for (const ViewEntry& entry : kViews) {
    if (entry.view == view) return &entry;
  }
  return nullptr;
}

}  // namespace afterglow::ui
