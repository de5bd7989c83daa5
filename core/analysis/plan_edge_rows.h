// The row count each edge of a SQL plan graph carries, as Spark 4.2's plan visualization labels
// its edges: the child (the edge's source) operator's "number of output rows" ("output rows" in
// RAPIDS' GPU plans), the execution's aggregated value of that accumulator (docs/SPARK-
// SEMANTICS.md fact 122). Works on any stored plan version, the final one the API answers with or
// an earlier AQE version.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "core/base/string_pool.h"
#include "core/model/sql_model.h"

namespace afterglow {

// The rows `node` (of `graph`) output: the total of its row-count metric in `row`'s aggregated
// values; -1 when the node has no such metric, the metric has no value, or it is not a "sum"
// metric.
int64_t PlanNodeOutputRows(const SqlPlanGraph& graph, const SqlPlanNode& node,
                           const SqlExecutionRow& row, const StringPool& pool);

// One count per edge of `graph`, in graph.edges' order: the output rows of the edge's child
// (fromId), -1 when unknown (PlanNodeOutputRows) or when no node has that id.
std::vector<int64_t> PlanEdgeRowCounts(const SqlPlanGraph& graph, const SqlExecutionRow& row,
                                       const StringPool& pool);

// NumberFormat.getIntegerInstance(Locale.US)'s text ("1,234", "-5") read back; -1 when `text`
// is anything else.
int64_t ParseGroupedCount(std::string_view text);

}  // namespace afterglow
