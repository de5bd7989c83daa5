// Why a stage ran one task, read from the SQL plan of its execution and the RDD lineage of the
// stage (AWS Glue's and Databricks' "one Spark task" guides, the Spark Cassandra Connector FAQ):
// each cause names its fix. Used by the one-task-stage rule.
#pragma once

#include <cstdint>
#include <string>

#include "core/base/string_pool.h"
#include "core/model/app_model.h"

namespace afterglow::rules {

enum class OneTaskCause : uint8_t {
  kUnknown,
  kJdbcOnePartition,     // Scan JDBCRelation(t) [numPartitions=1] / JDBCRDD
  kCassandraUnsplit,     // a Cassandra table scan of one token range
  kWindowNoPartition,    // Window over an Exchange SinglePartition: no PARTITION BY
  kCoalesceOne,          // coalesce(1) / repartition(1)
  kGzipInput,            // a .gz input: gzip is not splittable
  kMultiLine,            // multiLine JSON or CSV: each file is one split
  kSchemaInference,      // a csv/json read inferring its schema from the first file
  kSinglePartitionExchange,  // a global aggregate or sort into one partition
};

struct OneTaskDiagnosis {
  OneTaskCause cause = OneTaskCause::kUnknown;
  int64_t execution_id = -1;  // the SQL execution whose plan shows it, -1 from the lineage alone
  std::string op;             // the plan node or RDD that shows it ("Scan JDBCRelation(TBLS) ...")
};

OneTaskDiagnosis DiagnoseOneTaskStage(const AttemptModel& attempt, const StringPool& pool,
                                      const StageAttempt& stage);

// "a JDBC read without partitioning options", ...: the cause in a title's words.
const char* OneTaskCauseText(OneTaskCause cause);
// The precise fix per cause.
const char* OneTaskCauseFix(OneTaskCause cause);

}  // namespace afterglow::rules
