// The one list of routed views, as Tracy keeps one place that says which windows exist: a route
// in the URL hash, the title in the header's navigation, and the function that draws it.
#pragma once

#include <span>
#include <string_view>

#include "ui/app_state.h"

namespace afterglow::ui {

struct ViewEntry {
  const char* route;  // "#/jobs"
  const char* title;  // "Jobs"
  void (*draw)(AppState& state);
};

std::span<const ViewEntry> RoutedViews();
// The view for `route`, or null when no view has that route.
const ViewEntry* FindView(std::string_view route);

}  // namespace afterglow::ui
