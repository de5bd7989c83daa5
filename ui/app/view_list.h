// The one list of routed views, as Tracy keeps one place that says which windows exist: the view
// id of its route (ui/app/route.h), the title in the header's navigation, the function that draws it
// and the function that reports what it shows to window.afterglow.state() (for browser tests).
#pragma once

#include <span>

#include "core/api/json_writer.h"
#include "ui/app/app_state.h"

namespace afterglow::ui {

struct ViewEntry {
  ViewId view;
  const char* title;  // "Jobs"; views that show one entity (a job, a stage) have no tab
  bool tab;           // shown in the header's navigation
  void (*draw)(AppState& state);
  // Writes the fields of the view's state object (rows in its main table, the selected entity,
  // its headline numbers) between an enclosing BeginObject/EndObject the caller writes.
  void (*describe)(const AppState& state, JsonWriter& out);
  // Whether the tab shows for the selected application (null: always), for views that only some
  // logs have content for.
  bool (*available)(const AppState& state) = nullptr;
};

std::span<const ViewEntry> RoutedViews();
// The entry for `view`, or null when no view is built for it.
const ViewEntry* FindView(ViewId view);

}  // namespace afterglow::ui
