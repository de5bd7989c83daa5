// Full scans that a filter above them could have narrowed: a file scan (FileSourceScanExec's
// "Scan parquet db.t", DSv2's BatchScan, their GPU and Photon forms) whose plan text says
// "PushedFilters: []" and "PartitionFilters: []", in a format that can take pushed filters
// (Parquet, ORC, CSV, JSON, Avro), under a Filter whose condition uses the scan's columns, that
// read a large input. Read from the plan graph Spark logged (SparkPlanInfo simpleString) and the
// execution's metrics as /sql gives them. The usual causes: a predicate Spark cannot translate
// (a UDF, a cast, trim()), or a filter on a column the format's reader does not index.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/string_pool.h"
#include "core/model/app_model.h"

namespace afterglow {

struct UnpushedScan {
  int64_t execution_id = 0;
  int64_t scan_node_id = 0;
  std::string scan_name;         // "Scan parquet db.sales", trimmed
  std::string filter_condition;  // "Filter (length(trim(value#0, None)) > 0)"
  // "size of files read" (bytes, parsed from the metric's text), else the input bytes of the
  // execution's stages (/stages inputBytes); -1 when neither is known.
  int64_t bytes_read = -1;
  bool bytes_from_stages = false;  // bytes_read is the stages' input, not the scan's own metric
  int64_t files_read = -1;         // "number of files read", -1 when absent
  // For the time at stake: the rows the scan produced and the filter kept ("number of output
  // rows" of each), and the scan's "scan time" (ms summed over tasks); -1 when absent.
  int64_t scan_rows = -1;
  int64_t filter_rows = -1;
  int64_t scan_time_ms = -1;
};

// Every such scan of every execution with at least `min_bytes` read, by execution then node id.
std::vector<UnpushedScan> FindUnpushedScans(const AttemptModel& attempt, const StringPool& pool,
                                            int64_t min_bytes);

// The bytes a size metric's text stands for: "2.0 GiB" or "total (min, med, max (...))\n2.0 GiB
// (...)" -> 2147483648 (the total; Utils.bytesToString's units). -1 when it is not a size.
int64_t ParseSizeMetric(std::string_view text);
// "1,234" or "total ...\n1,234 (...)" -> 1234; -1 when not a number.
int64_t ParseCountMetric(std::string_view text);
// The ms a timing metric's text stands for: "350 ms", "2.5 s", "1.2 m", "1.05 h" (Spark's
// Utils.msDurationToString, also for nsTiming metrics) or its "total (min, med, max ...)\n" form
// -> the total; -1 when it is not a duration.
int64_t ParseTimingMetric(std::string_view text);

// "[]"-valued field of a scan's simpleString ("PushedFilters: []" -> true); false when the field
// is absent or lists filters.
bool PlanFieldIsEmptyList(std::string_view plan_text, std::string_view field);

}  // namespace afterglow
