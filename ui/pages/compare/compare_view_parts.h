// The parts the #/compare view is drawn from, one file each: the aligned tables
// (view_compare_tables.cc), the headline, app metrics, properties and findings
// (view_compare_summary.cc), and the formatting they
// share (compare_format.cc). Only the compare view's files include this.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/compare/app_metrics.h"
#include "imgui.h"
#include "ui/app/app_state.h"
#include "ui/pages/compare/compare_model.h"

namespace afterglow::ui {

// How the pairs are matched, for the tooltip beside the aligned tables (core/compare/align_runs.h
// holds the rule itself).
extern const char* const kAlignmentRule;

// The route of the current comparison pointing at alignment row `row` of `kind` (-1: no pair).
Route PairRoute(const AppState& state, AlignedKind kind, int row);

// A figure as its unit prints ("1.2 s", "3.4 MiB", "1,234"); "—" when negative (unknown).
const char* FormatMetricValue(compare::MetricUnit unit, int64_t value, char* out, size_t size);
// "+1.2 s", "−3.4 MiB", "0".
const char* FormatMetricDelta(compare::MetricUnit unit, int64_t delta, char* out, size_t size);
// The colour of a change: worse (failed colour) when it grew a figure for which more is worse,
// better (succeeded colour) when it shrank one, the text colour otherwise.
ImVec4 ChangeColor(int64_t delta, bool higher_is_worse);

// The headline, the app metrics side by side, the properties that differ and the executors each
// run asked for, and the findings only A, only B or both have.
void DrawCompareHeadline(AppState& state);
void DrawAppMetricsTable(const CompareModel& model);
void DrawConfigDifferences(const CompareModel& model);
void DrawFindingsDifferences(const CompareModel& model);

// One aligned table with its toolbar; the pair the route names is selected, and its figures are
// drawn under the table. `keyboard`: the table takes the arrow keys this frame.
void DrawAlignedTable(AppState& state, AlignedKind kind, bool keyboard);

}  // namespace afterglow::ui
