// What the page shows, owned by wasm/ and drawn by ui/: the load's progress, the chosen
// application, the current route and the view models built from the session. Views read it;
// only the functions named in the comments below change it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/base/string_pool.h"
#include "core/model/app_model.h"
#include "core/session.h"
#include "ui/app/load_status.h"
#include "ui/app/route.h"
#include "ui/graph/rdd_dag_model.h"
#include "ui/pages/compare/compare_model.h"
#include "ui/pages/environment/environment_model.h"
#include "ui/pages/executors/executors_model.h"
#include "ui/pages/jobs/job_page_model.h"
#include "ui/pages/jobs/jobs_table_model.h"
#include "ui/pages/overview/overview_model.h"
#include "ui/pages/sql/sql_list_model.h"
#include "ui/pages/sql/sql_plan_graph_model.h"
#include "ui/pages/sql/sql_query_model.h"
#include "ui/pages/stages/stage_page_model.h"
#include "ui/pages/stages/stages_table_model.h"
#include "ui/pages/storage/storage_model.h"
#include "ui/pages/streaming/streaming_model.h"
#include "ui/pages/sqlserver/thrift_server_page_model.h"
#include "ui/time/time_model.h"
#include "ui/timeline/task_timeline.h"
#include "ui/timeline/timeline_lanes.h"

namespace afterglow::ui {

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
  void (*theme_changed)(bool light) = nullptr;         // remembers the user's theme choice
  void (*save_analysis)() = nullptr;                   // opens the page's "Save analysis" dialog
  // Asks for another log to open beside the loaded ones ("Compare with..."): the page reloads
  // them together, so the session holds both runs.
  void (*compare_with)() = nullptr;
  void (*open_url)(const char* url) = nullptr;         // opens a link (an executor's log) in a tab
  // Saves the opened log named `log_name` (AttemptModel::file_name) as the History Server's
  // applications/<id>/<attempt>/logs zip, in a file named `zip_name`.
  void (*save_logs_zip)(const char* log_name, const char* zip_name) = nullptr;
};

// Set when the page is a saved analysis (a standalone page with the logs embedded, which
// web/afterglow-share.js opens on start): the header says so, and whether the logs were redacted.
struct SavedAnalysisInfo {
  bool is_saved_analysis = false;
  bool redacted = false;
  std::string saved_at;  // when it was saved, as the file states it; "" when it does not
};

struct AppState {
  LoadStatus status = LoadStatus::kEmpty;
  LoadProgress progress;
  std::string error;              // why the load failed (kError)
  bool cancel_requested = false;  // set by the loading view; the chunk pump stops and resets
  // Set when the user picks a view in the header during a load: the routed views then show the
  // partial results (refreshed a few times a second) instead of the loading view.
  bool views_while_loading = false;

  const Session* session = nullptr;       // null until a load begins
  std::vector<AttemptSummary> summaries;  // applications found; refreshed by RefreshModels
  size_t selected_app = 0;                // index into summaries
  JobsTableModel jobs;
  StagesTableModel stages;   // the Stages tab's stage attempts (RefreshModels)
  StagePageModel stage_page;  // the stage attempt of route #/stages/<id>/<attempt> (PrepareRoute)
  SqlPlanGraphModel sql_plan_graph;  // the plan graph of route #/sql/<id> (PrepareRoute)
  SqlPlanGraphModel sql_plan_graph_initial;  // its initial plan, drawn beside it (AQE)
  JobPageModel job_page;    // route #/jobs/<id> (PrepareRoute)
  RddDagModel stage_dag;    // the DAG of route #/stages/<id>/<attempt> (PrepareRoute)
  SqlListModel sql;          // the SQL tab's executions (RefreshModels)
  SqlQueryModel sql_query;   // the execution of route #/sql/<id> (PrepareRoute)
  StreamingListModel streaming;     // the Streaming tab's runs (RefreshModels, with the SQL tab)
  StreamingRunModel streaming_run;  // route #/streaming/<run id> (PrepareRoute)
  TaskTimelineModel task_timeline;       // tasks of route #/stages/<id>/<attempt> (PrepareRoute)
  LaneTimelineModel app_timeline;        // #/timeline (RefreshModels)
  LaneTimelineModel jobs_timeline;       // the jobs page's event timeline (RefreshModels)
  LaneTimelineModel executors_timeline;  // the executors page's timeline (RefreshModels)
  OverviewModel overview;               // totals and findings of the overview (RefreshModels)
  TimeModel time;  // where the time went (RefreshModels); its what-if is stepped by StepTimeWhatIf
  ExecutorsTableModel executors;        // the Executors tab's rows (RefreshModels)
  EnvironmentTableModel environment;    // the Environment tab's sections (RefreshModels)
  StorageTableModel storage;            // the Storage tab's cached RDDs (RefreshModels)
  RddPageModel rdd_page;                // the RDD of route #/storage/<id> (PrepareRoute)
  CompareModel compare;                 // route #/compare's comparison (PrepareRoute)
  ThriftServerPageModel thrift_server;  // route #/sqlserver (PrepareRoute)

  // Keyboard selections (ui/app/keyboard.h) of tables whose models are owned elsewhere: positions in
  // the tables' display order, -1 for none. executor_to_select is set by a link to an executor
  // (Enter on a task): the Executors table selects that executor's row when it next draws.
  int jobs_selected_row = -1;
  int executors_selected_row = -1;
  std::string executor_to_select;

  SavedAnalysisInfo saved_analysis;  // set by wasm/ from the embedded analysis, once at start

  Route route;             // the view on screen and the entity it shows
  // The application a route named before it was open (a link opened, then its logs loaded):
  // selected as soon as a load brings it. Empty when none is waiting.
  std::string pending_app_id, pending_app_attempt;
  std::string route_text = "#/overview";  // FormatRoute(route), as the URL hash shows it
  PlatformHooks hooks;

  const AttemptSummary* SelectedApp() const {
    return selected_app < summaries.size() ? &summaries[selected_app] : nullptr;
  }
  // The selected attempt's model and the session's strings, for views that read the model's
  // columns directly (tasks, timelines). Null when nothing is loaded.
  const AttemptModel* SelectedModel() const;
  const StringPool* Strings() const;
};

// Re-reads the session's summaries and rebuilds the view models (ui/app/model_steps.h names them):
// mid-load only those of the section on screen, once the load is over all of them. Called by
// wasm/ after loading steps and when the selected application changes; never from a draw
// function. wasm/ builds a finished load's models in steps instead (ModelBuildQueue).
void RefreshModels(AppState& state);
// Re-reads the session's summaries (the applications found); the selection falls back to the
// first when it no longer exists.
void RefreshSummaries(AppState& state);
// Runs the time model's executor what-if for about `budget` task moves (wasm/ calls it between
// frames once the load is over); true once it is done.
bool StepTimeWhatIf(AppState& state, uint64_t budget);
// Builds the model of the entity the route shows (a stage's tasks, a query's plan), or clears it.
void PrepareRoute(AppState& state);

// Goes to `route`: mirrors it into the URL (so back and forward walk the views) and builds the
// view model of the entity it shows. Views call this for every link.
void Navigate(AppState& state, const Route& route);
// Navigate to the route `text` names ("#/stages/3/0"); false (and nothing changes) when it names
// no view.
bool ShowRoute(AppState& state, std::string_view text);

}  // namespace afterglow::ui
