#include "ui/view_list.h"

#include "ui/views.h"

namespace afterglow::ui {
namespace {

// The first entry is the default route. Add a view here and in views.h; nothing else routes.
constexpr ViewEntry kViews[] = {
    {"#/overview", "Overview", DrawOverviewView},
    {"#/jobs", "Jobs", DrawJobsView},
};

}  // namespace

std::span<const ViewEntry> RoutedViews() { return kViews; }

const ViewEntry* FindView(std::string_view route) {
  for (const ViewEntry& view : kViews) {
    if (route == view.route) return &view;
  }
  return nullptr;
}

}  // namespace afterglow::ui
