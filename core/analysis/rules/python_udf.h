// Python UDF time: the Python evaluation nodes of a query (BatchEvalPython, ArrowEvalPython,
// FlatMapGroupsInPandas, MapInPandas, ...) and the worker time Spark's Python metrics give
// where the log has them ("time to start Python workers", "time to initialize Python workers",
// "time to run Python workers", Spark 4), against the task run time of the query's stages.
// Threshold: DiagnosticRules python_udf_*.
#pragma once

#include <string_view>
#include <vector>

#include "core/analysis/rules/rule_context.h"

namespace afterglow::rules {

// A plan node that evaluates Python code in Python workers.
bool IsPythonEvalNode(std::string_view node_name);

void AddPythonUdfFindings(const RuleContext& context, std::vector<Finding>& out);

}  // namespace afterglow::rules
