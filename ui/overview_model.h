// What the overview shows beside the summary: the application's totals (core/analysis/
// app_totals.h) and its findings (core/analysis/diagnostics.h), each finding turned once into the
// line the page prints and the route its link opens. Rebuilt by RefreshModels, drawn as is.
#pragma once

#include <string>
#include <vector>

#include "core/analysis/app_totals.h"
#include "core/analysis/diagnostics.h"
#include "ui/route.h"

namespace afterglow::ui {

struct FindingLine {
  Finding finding;
  std::string text;   // "Stage 35.0 ran one task for 12.1 s (11 % of the application's 1.8 min)"
  std::string link;   // "Stage 35.0", "Job 3", "Executor 7"
  Route route;        // where the link goes
};

struct OverviewModel {
  bool built = false;
  AppTotals totals;
  std::vector<FindingLine> findings;
  int critical = 0, warnings = 0, infos = 0;

  void Clear();
  // `now_ms` is the wall clock, for a running driver's task time (as the executors endpoint).
  void Build(const AttemptModel& attempt, const StringPool& pool, int64_t now_ms);
};

// The finding's line, with the numbers formatted as the page formats them.
std::string FindingText(const Finding& finding);

}  // namespace afterglow::ui
