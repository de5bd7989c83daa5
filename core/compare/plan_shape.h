// What a SQL execution's physical plan is, read from the plan graph Spark logged (SparkPlanGraph,
// core/model/sql_model.h) with ids and metrics left out, so two runs' plans can be told equal or
// apart: the operator tree as one text ("CollectLimit(Filter(Scan text))"), the operators in
// tree order, and the fields of each scan that say what it read (PushedFilters,
// PartitionFilters, ReadSchema). WholeStageCodegen clusters are not operators here: they group
// operators, and their numbering is per run.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/base/string_pool.h"
#include "core/model/sql_model.h"

namespace afterglow::compare {

struct ScanFields {
  std::string scan;  // the operator's name, e.g. "Scan parquet db.sales"
  // (field, value) for each of kScanFieldNames the scan's text has, expression ids removed.
  std::vector<std::pair<std::string, std::string>> fields;
  const std::string* Field(std::string_view name) const;
};

inline constexpr std::string_view kScanFieldNames[] = {"PushedFilters", "PartitionFilters",
                                                      "ReadSchema"};

struct PlanShape {
  std::string tree;                    // "" when the execution has no stored graph
  std::vector<std::string> operators;  // normalized names, pre-order from the root
  std::vector<ScanFields> scans;       // in the same order
};

// A node's name as the comparison sees it: trimmed, expression ids and a " (N)" suffix removed.
std::string OperatorName(std::string_view node_name);

// The value of `field` in a scan's simpleString ("PushedFilters: [IsNotNull(a)], ..." ->
// "[IsNotNull(a)]"): up to the next ", " outside brackets. Empty when absent.
std::string PlanFieldValue(std::string_view plan_text, std::string_view field);

PlanShape ReadPlanShape(const SqlPlanGraph& graph, const StringPool& pool);

}  // namespace afterglow::compare
