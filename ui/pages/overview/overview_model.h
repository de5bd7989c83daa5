// What the overview shows beside the summary: the application's totals (core/analysis/
// app_totals.h) and its findings (core/analysis/diagnostics.h, with their links:
// ui/pages/findings/findings_model.h), which the stage, executors and SQL pages read too.
// Rebuilt by RefreshModels, drawn as is.
#pragma once

#include <string>
#include <vector>

#include "core/analysis/app_totals.h"
#include "core/analysis/diagnostics.h"
#include "core/analysis/retained_counts.h"
#include "core/analysis/runtime_info.h"
#include "ui/pages/findings/findings_model.h"

namespace afterglow::ui {

// One "Runtime" line of the overview: "Cluster manager" -> "yarn (client mode)".
struct RuntimeLine {
  std::string key;
  std::string value;
};

struct OverviewModel {
  bool built = false;
  AppTotals totals;
  // What the totals cover: when retention deleted jobs or stage attempts, the overview says the
  // totals are over the retained ones (core/analysis/retained_counts.h).
  RetainedCounts retained;
  std::string retention_note;  // RetentionNote(retained)
  RuntimeInfo runtime;               // empty when the log has no EnvironmentUpdate
  std::vector<RuntimeLine> runtime_lines;  // what the overview prints of it, in order
  std::string runtime_badge;  // "Databricks 13.3.x-photon-scala2.12 · RAPIDS 23.10.0", or ""
  FindingsModel findings;  // ranked by time at stake, as the core ranks them

  void Clear();
  // `now_ms` is the wall clock, for a running driver's task time (as the executors endpoint).
  void Build(const AttemptModel& attempt, const StringPool& pool, int64_t now_ms);
  // The same with the findings already found (Diagnose's, or DiagnosisSteps' over several calls).
  void Build(const AttemptModel& attempt, const StringPool& pool, std::vector<Finding> found);
};

// The overview's lines for a runtime: the Databricks runtime and cluster, the cluster manager and
// deploy mode, the executors the configuration asked for, the RAPIDS Accelerator. Only what the
// log says.
std::vector<RuntimeLine> RuntimeLines(const RuntimeInfo& runtime);
// The short form beside the Spark version in the overview's subtitle; "" for a plain Spark run.
std::string RuntimeBadge(const RuntimeInfo& runtime);

// What the overview says above its totals when retention deleted jobs or stage attempts ("" when
// it deleted none): how many of the log's the History Server kept, under which setting, and that
// the totals (and its API) cover those only.
std::string RetentionNote(const RetainedCounts& retained);

}  // namespace afterglow::ui
