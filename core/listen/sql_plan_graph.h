// SparkPlanGraph.apply: a SparkPlanInfo tree to the graph the SQL tab and REST API show
// (docs/SPARK-SEMANTICS.md fact 88).
#pragma once

#include "core/base/string_pool.h"
#include "core/decode/sql_events.h"
#include "core/model/sql_model.h"

namespace afterglow {

// Builds `graph` from `plan` by a pre-order walk with ids from 0. Returns false where Spark's
// builder throws (an empty tree, a WholeStageCodegen/InputAdapter/query stage without a child, a
// reused node at the root); the SQL listener then drops the event, as Spark's listener bus does.
bool BuildSparkPlanGraph(const SparkPlanInfoTree& plan, const StringPool& pool,
                         SqlPlanGraph& graph);

}  // namespace afterglow
