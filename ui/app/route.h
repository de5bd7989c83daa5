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
  kSqlQuery,     // #/sql/<execution id>[/plan/<n>] (n: the plan version, 1 the initial)
  kEnvironment,  // #/environment
  kStorage,      // #/storage
  kTimeline,     // #/timeline
  kRdd,          // #/storage/<rdd id>
  kStreaming,     // #/streaming
  kStreamingRun,  // #/streaming/<run id>
  kCompare,      // #/compare (CompareRoute below says what it compares and which pair it shows)
  kSqlServer,    // #/sqlserver: the JDBC/ODBC server (Spark's tab prefix)
};

// What a #/compare route compares: the two runs the page holds (#/compare), or two jobs or two
// SQL executions of the open application (#/compare/jobs/<a>/<b>, #/compare/sql/<a>/<b>, the ids
// in Route::id and CompareRoute::other), and the aligned pair it points at, by its row in the
// comparison's alignment (".../stage/<row>", ".../job/<row>", ".../query/<row>").
enum class CompareItems : uint8_t { kRuns, kJobs, kSql };
enum class ComparePair : uint8_t { kNone, kSql, kJob, kStage };
struct CompareRoute {
  CompareItems items = CompareItems::kRuns;
  int64_t other = -1;  // B's job or execution id (A's is Route::id)
  ComparePair pair = ComparePair::kNone;
  int32_t row = -1;

  bool operator==(const CompareRoute&) const = default;
};

struct Route {
  ViewId view = ViewId::kOverview;
  int64_t id = -1;       // job, stage or execution id for the views that show one entity
  int32_t attempt = -1;  // stage attempt id (kStage); plan version, 0 the initial (kSqlQuery)
  std::string key = {};  // a streaming run's id, a UUID (kStreamingRun)
  CompareRoute compare = {};  // kCompare only
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
