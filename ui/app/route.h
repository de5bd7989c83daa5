// Where the page is: a view and the entity it shows, as written in the URL hash ("#/stages/3/0"),
// and, when several applications are open, which one ("#/stages/3/0?app=app-1&attempt=2").
// Parsing and formatting live here, free of ImGui, so the routes are unit-tested natively and
// every view links to another the same way.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace afterglow::ui {

enum class ViewId : uint8_t {
  kOverview,     // #/overview
  kJobs,         // #/jobs
  kJob,          // #/jobs/<job id>
  kStages,       // #/stages
  kStage,        // #/stages/<stage id>/<attempt id>
  kExecutors,    // #/executors
  kSql,          // #/sql
  kSqlQuery,     // #/sql/<execution id>
  kEnvironment,  // #/environment
  kStorage,      // #/storage
  kTimeline,     // #/timeline
  kRdd,          // #/storage/<rdd id>
  kSqlServer,    // #/sqlserver: the JDBC/ODBC server (Spark's tab prefix)
};

struct Route {
  ViewId view = ViewId::kOverview;
  int64_t id = -1;       // job, stage or execution id for the views that show one entity
  int32_t attempt = -1;  // stage attempt id (kStage)
  // The application (and its attempt id) the route shows; empty for the one selected, as when a
  // single application is open.
  std::string app_id = {};
  std::string app_attempt = {};

  bool operator==(const Route&) const = default;
};

// "#/stages/3/0" -> {kStage, 3, 0}. Also accepts the route without '#'. "#/stages/3" is the
// stage's latest attempt: attempt -1, which the stage view resolves. A query "?app=<id>" with an
// optional "&attempt=<id>" (percent-encoded) names the application. Nullopt for anything else.
std::optional<Route> ParseRoute(std::string_view text);
// The canonical hash text of a route.
std::string FormatRoute(const Route& route);

// The top-level view a route belongs to (kJob -> kJobs, kStage -> kStages, kSqlQuery -> kSql), so
// the header highlights the right tab.
ViewId SectionOf(ViewId view);

}  // namespace afterglow::ui
