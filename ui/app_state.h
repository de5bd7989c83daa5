// What the page shows, owned by wasm/ and drawn by ui/: the load's progress, the chosen
// application, the current route and the view models built from the session. Views read it;
// only the functions named in the comments below change it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/session.h"
#include "ui/jobs_table_model.h"

namespace afterglow::ui {

enum class LoadStatus { kEmpty, kLoading, kReady, kError };

struct LoadProgress {
  uint64_t bytes_total = 0;  // all files of the load, as stored
  uint64_t bytes_done = 0;
  uint32_t files_total = 0;
  uint32_t files_done = 0;
  std::string current_file;
  double started_ms = 0;  // monotonic clock of the platform
  double load_ms = 0;     // wall time of the finished load
  double Fraction() const {
    return bytes_total == 0 ? 0.0
                            : static_cast<double>(bytes_done) / static_cast<double>(bytes_total);
  }
};

// What ui/ asks of the platform; wasm/ fills these in. Any may be null (e.g. in native tests).
struct PlatformHooks {
  void (*open_file_picker)() = nullptr;                // shows the browser's file dialog
  void (*open_folder_picker)() = nullptr;              // shows the browser's folder dialog
  void (*route_changed)(const char* route) = nullptr;  // mirrors the route into the URL
};

struct AppState {
  LoadStatus status = LoadStatus::kEmpty;
  LoadProgress progress;
  std::string error;              // why the load failed (kError)
  bool cancel_requested = false;  // set by the loading view; the chunk pump stops and resets

  const Session* session = nullptr;       // null until a load begins
  std::vector<AttemptSummary> summaries;  // applications found; refreshed by RefreshModels
  size_t selected_app = 0;                // index into summaries
  JobsTableModel jobs;

  const char* route = "#/overview";  // one of the routes in ui/view_list.cc (static storage)
  PlatformHooks hooks;

  const AttemptSummary* SelectedApp() const {
    return selected_app < summaries.size() ? &summaries[selected_app] : nullptr;
  }
};

// Re-reads the session's summaries and rebuilds the view models. Called by wasm/ after loading
// steps and when the selected application changes; never from a draw function.
void RefreshModels(AppState& state);

// Selects a route if it names a view; returns false (and changes nothing) otherwise.
bool ShowRoute(AppState& state, const char* route);

}  // namespace afterglow::ui
