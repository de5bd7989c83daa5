#include "core/analysis/rules/one_task_cause.h"

#include <string_view>
#include <vector>

#include "core/analysis/rules/rule_context.h"

namespace afterglow::rules {
namespace {

bool Contains(std::string_view text, std::string_view part) {
  return text.find(part) != std::string_view::npos;
}

bool ContainsNoCase(std::string_view text, std::string_view lower_part) {
  if (lower_part.size() > text.size()) return false;
  for (size_t i = 0; i + lower_part.size() <= text.size(); ++i) {
    size_t j = 0;
    while (j < lower_part.size() &&
           (text[i + j] | 0x20) == lower_part[j]) {  // ASCII letters only in the parts we ask
      ++j;
    }
    if (j == lower_part.size()) return true;
  }
  return false;
}

// The RDD names of the stage's lineage (StageInfo "RDD Info"), from the operation graph's record.
std::vector<std::string_view> LineageNames(const AttemptModel& attempt, const StringPool& pool,
                                           int32_t stage_id) {
  std::vector<std::string_view> names;
  auto it = attempt.stage_rdd_graphs.find(stage_id);
  if (it == attempt.stage_rdd_graphs.end()) return names;
  for (const RddOperationInfo& rdd : it->second.operations.rdds) names.push_back(pool.Get(rdd.name));
  return names;
}

struct PlanNodeText {
  int64_t execution_id;
  std::string_view name, desc;
};

std::vector<PlanNodeText> PlanNodes(const AttemptModel& attempt, const StringPool& pool,
                                    int32_t stage_id) {
  std::vector<PlanNodeText> nodes;
  for (int64_t id : ExecutionsOfStage(attempt, stage_id)) {
    auto graph = attempt.sql.graphs.find(id);
    if (graph == attempt.sql.graphs.end()) continue;
    for (const SqlPlanNode& node : graph->second.all_nodes) {
      if (!node.is_cluster) nodes.push_back({id, pool.Get(node.name), pool.Get(node.desc)});
    }
  }
  return nodes;
}

bool AnyName(const std::vector<std::string_view>& names, std::string_view part) {
  for (std::string_view name : names) {
    if (Contains(name, part)) return true;
  }
  return false;
}

std::string Trimmed(std::string_view text) {
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  return std::string(text);
}

}  // namespace

OneTaskDiagnosis DiagnoseOneTaskStage(const AttemptModel& attempt, const StringPool& pool,
                                      const StageAttempt& stage) {
  const std::vector<std::string_view> lineage = LineageNames(attempt, pool, stage.stage_id);
  const std::vector<PlanNodeText> plan = PlanNodes(attempt, pool, stage.stage_id);
  auto from_plan = [&](OneTaskCause cause, auto&& matches) {
    OneTaskDiagnosis d;
    d.cause = cause;
    for (const PlanNodeText& node : plan) {
      if (matches(node)) {
        d.execution_id = node.execution_id;
        // A node name that says more than its kind ("Scan JDBCRelation(TBLS) [numPartitions=1]")
        // names it best; otherwise the start of its plan text ("Exchange SinglePartition, ...").
        const bool telling_name = node.name.find(' ') != std::string_view::npos;
        std::string_view text = telling_name || node.desc.empty() ? node.name : node.desc;
        d.op = Trimmed(text.substr(0, 120));
        break;
      }
    }
    return d;
  };
  // A source read in one task: the lineage names the source RDD of this very stage.
  if (AnyName(lineage, "JDBCRDD")) {
    OneTaskDiagnosis d = from_plan(OneTaskCause::kJdbcOnePartition, [](const PlanNodeText& n) {
      return Contains(n.name, "JDBCRelation");
    });
    if (d.op.empty()) d.op = "JDBCRDD";
    return d;
  }
  if (AnyName(lineage, "CassandraTableScanRDD") || AnyName(lineage, "CassandraJoinRDD")) {
    OneTaskDiagnosis d = from_plan(OneTaskCause::kCassandraUnsplit, [](const PlanNodeText& n) {
      return ContainsNoCase(n.name, "cassandra") || ContainsNoCase(n.desc, "cassandra");
    });
    if (d.op.empty()) d.op = "CassandraTableScanRDD";
    return d;
  }
  if (AnyName(lineage, "CoalescedRDD")) {
    OneTaskDiagnosis d = from_plan(OneTaskCause::kCoalesceOne, [](const PlanNodeText& n) {
      return n.name == "Coalesce" || Contains(n.desc, "Coalesce 1");
    });
    if (d.op.empty()) d.op = "CoalescedRDD";
    return d;
  }
  const bool reads_files = AnyName(lineage, "FileScanRDD") || AnyName(lineage, "HadoopRDD") ||
                           AnyName(lineage, "NewHadoopRDD");
  if (reads_files) {
    for (std::string_view name : lineage) {
      if (Contains(name, ".gz")) return {OneTaskCause::kGzipInput, -1, std::string(name)};
    }
    OneTaskDiagnosis gz = from_plan(OneTaskCause::kGzipInput, [](const PlanNodeText& n) {
      return Contains(n.name, "Scan") && Contains(n.desc, ".gz");
    });
    if (!gz.op.empty()) return gz;
    OneTaskDiagnosis multi = from_plan(OneTaskCause::kMultiLine, [](const PlanNodeText& n) {
      return Contains(n.name, "Scan") && ContainsNoCase(n.desc, "multiline");
    });
    if (!multi.op.empty()) return multi;
    // DataFrameReader.csv/json without a schema reads the first lines as text to infer it.
    const std::string_view name = pool.Get(stage.name);
    if (name.starts_with("csv at") || name.starts_with("json at")) {
      OneTaskDiagnosis d = from_plan(OneTaskCause::kSchemaInference, [](const PlanNodeText& n) {
        return Contains(n.name, "Scan text") || Contains(n.desc, "Format: Text");
      });
      if (!d.op.empty()) return d;
    }
  }
  if (AnyName(lineage, "ShuffledRowRDD")) {
    OneTaskDiagnosis one = from_plan(OneTaskCause::kCoalesceOne, [](const PlanNodeText& n) {
      return Contains(n.name, "Exchange") && (Contains(n.desc, "RoundRobinPartitioning(1)") ||
                                              Contains(n.desc, ", 1)") ||
                                              Contains(n.desc, "REPARTITION_BY_NUM"));
    });
    if (!one.op.empty()) return one;
    const bool single = !from_plan(OneTaskCause::kSinglePartitionExchange, [](const PlanNodeText& n) {
                           return Contains(n.name, "Exchange") &&
                                  Contains(n.desc, "SinglePartition");
                         }).op.empty();
    if (single) {
      OneTaskDiagnosis window = from_plan(OneTaskCause::kWindowNoPartition,
                                          [](const PlanNodeText& n) { return n.name == "Window"; });
      if (!window.op.empty()) return window;
      return from_plan(OneTaskCause::kSinglePartitionExchange, [](const PlanNodeText& n) {
        return Contains(n.name, "Exchange") && Contains(n.desc, "SinglePartition");
      });
    }
  }
  return {};
}

const char* OneTaskCauseText(OneTaskCause cause) {
  switch (cause) {
    case OneTaskCause::kJdbcOnePartition: return "a JDBC read without partitioning options";
    case OneTaskCause::kCassandraUnsplit: return "a Cassandra table scan whose token range was not split";
    case OneTaskCause::kWindowNoPartition: return "a window function without PARTITION BY";
    case OneTaskCause::kCoalesceOne: return "coalesce(1) or repartition(1)";
    case OneTaskCause::kGzipInput: return "a gzip-compressed input, which cannot be split";
    case OneTaskCause::kMultiLine: return "a multiLine JSON or CSV read (one task per file)";
    case OneTaskCause::kSchemaInference: return "schema inference of a CSV or JSON read";
    case OneTaskCause::kSinglePartitionExchange:
      return "an exchange into a single partition (a global sort, limit or aggregate)";
    case OneTaskCause::kUnknown: return "one partition";
  }
  return "one partition";
}

const char* OneTaskCauseFix(OneTaskCause cause) {
  switch (cause) {
    case OneTaskCause::kJdbcOnePartition:
      return "Read the table in parallel: set partitionColumn (a numeric, date or timestamp "
             "column), lowerBound, upperBound and numPartitions on the JDBC read (or pass "
             "predicates to spark.read.jdbc); on AWS Glue, hashfield/hashpartitions";
    case OneTaskCause::kCassandraUnsplit:
      return "Lower spark.cassandra.input.split.size_in_mb (default 512) so the token range is "
             "split into more Spark partitions";
    case OneTaskCause::kWindowNoPartition:
      return "Add PARTITION BY to the window (Window.partitionBy(...)): without it Spark moves "
             "every row into one partition";
    case OneTaskCause::kCoalesceOne:
      return "Remove coalesce(1)/repartition(1) or move it after the heavy work; to write one "
             "file, write in parallel and merge afterwards";
    case OneTaskCause::kGzipInput:
      return "Store the input splittable (bzip2, or Parquet/ORC with snappy/zstd) or as many gzip "
             "files, and repartition() right after reading";
    case OneTaskCause::kMultiLine:
      return "Use line-delimited JSON/CSV (multiLine=false) or more, smaller files; repartition() "
             "after reading";
    case OneTaskCause::kSchemaInference:
      return "Pass the schema (.schema(...)) instead of inferSchema, or set samplingRatio";
    case OneTaskCause::kSinglePartitionExchange:
      return "Avoid global orderBy/limit/count over the whole data before the heavy work; "
             "aggregate by a key first";
    case OneTaskCause::kUnknown:
      return "Give the stage more partitions: repartition(n) before it, or raise the source's "
             "partition count";
  }
  return "";
}

}  // namespace afterglow::rules
