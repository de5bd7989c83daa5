#include "ui/view_list.h"

#include "ui/views.h"

namespace afterglow::ui {
namespace {

// The first entry is the default route. Add a view here and in views.h; nothing else routes.
constexpr ViewEntry kViews[] = {
    {ViewId::kOverview, "Overview", true, DrawOverviewView, DescribeOverviewView},
    {ViewId::kJobs, "Jobs", true, DrawJobsView, DescribeJobsView},
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
