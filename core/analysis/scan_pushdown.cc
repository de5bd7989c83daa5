#include "core/analysis/scan_pushdown.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <set>

namespace afterglow {
namespace {

std::string Lower(std::string_view text) {
  std::string lower(text);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower;
}

std::string_view TrimWhitespace(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  return text;
}

// The total of a metric's text: the whole text for one value, else the line after the header.
std::string_view MetricTotal(std::string_view text) {
  const size_t newline = text.rfind('\n');
  if (newline != std::string_view::npos) text.remove_prefix(newline + 1);
  return TrimWhitespace(text);
}

// A file scan: the plan text carries the PushedFilters field only for file and DSv2 scans.
bool IsScan(std::string_view name, std::string_view desc) {
  return name.find("Scan") != std::string_view::npos &&
         desc.find("PushedFilters:") != std::string_view::npos;
}

// Formats whose readers take pushed filters (Spark 3.x: Parquet, ORC, CSV, JSON, Avro). Text and
// binary files cannot, so an empty PushedFilters there is no missed chance.
bool FormatTakesPushedFilters(std::string_view name, std::string_view desc) {
  const std::string text = Lower(std::string(name) + " " + std::string(desc.substr(0, 200)));
  if (text.find("format: text") != std::string::npos) return false;
  for (const char* format : {"parquet", "orc", "csv", "json", "avro"}) {
    if (text.find(format) != std::string::npos) return true;
  }
  return false;
}

bool IsFilter(std::string_view name) {
  return name == "Filter" || name == "GpuFilter" || name == "PhotonFilter";
}

// Nodes between a scan and the operator that consumes its rows that change no row:
// format conversions and projections.
bool PassesRowsThrough(std::string_view name) {
  for (std::string_view through : {"InputAdapter", "ColumnarToRow", "GpuColumnarToRow",
                                   "GpuRowToColumnar", "RowToColumnar", "GpuCoalesceBatches",
                                   "Project", "GpuProject", "PhotonProject", "PhotonResultStage",
                                   "PhotonShuffleMapStage"}) {
    if (name == through) return true;
  }
  return name.starts_with("ColumnarToRow") || name.starts_with("PhotonColumnarToRow");
}

// The attribute references of a plan text: "value#0", "ss_item_sk#12L".
std::set<std::string> AttributeRefs(std::string_view text) {
  std::set<std::string> refs;
  for (size_t hash = text.find('#'); hash != std::string_view::npos; hash = text.find('#', hash + 1)) {
    size_t start = hash;
    while (start > 0 && (std::isalnum(static_cast<unsigned char>(text[start - 1])) ||
                         text[start - 1] == '_')) {
      --start;
    }
    size_t end = hash + 1;
    while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))) ++end;
    if (start < hash && end > hash + 1) refs.insert(std::string(text.substr(start, end - start)));
  }
  return refs;
}

// The latest attempt's input bytes of every stage of the execution, as /stages lists them.
int64_t StagesInputBytes(const AttemptModel& attempt, const SqlExecutionRow& execution) {
  int64_t total = 0;
  bool any = false;
  for (int32_t stage_id : execution.stages) {
    auto last = attempt.stage_rows.lower_bound({stage_id + 1, INT32_MIN});
    if (last == attempt.stage_rows.begin()) continue;
    --last;
    if (last->first.first != stage_id) continue;
    total += attempt.stage(last->second).metrics[TaskMetric::kInputBytesRead];
    any = true;
  }
  return any ? total : -1;
}

// The number a metric text starts with ("10.5" of "10.5 MiB"; Spark formats them with "%.1f"):
// digits with at most one '.', read exactly as strtod would. Up to 15 digits the digits and the
// power of ten are exact doubles, so one division rounds as strtod does; anything else (more
// digits, an exponent, a sign) goes to strtod, which the page's C library runs a hundred times
// slower (the diagnosis parses every plan metric of every retained query).
bool ParseMetricNumber(std::string_view text, double* value) {
  static constexpr double kPowersOfTen[] = {1e0, 1e1, 1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                            1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15};
  uint64_t digits = 0;
  int count = 0;
  int fraction = -1;  // digits after the '.', once one is seen
  for (const char c : text) {
    if (c == '.' && fraction < 0) {
      fraction = 0;
      continue;
    }
    if (c < '0' || c > '9' || count == 15) {
      count = -1;
      break;
    }
    digits = digits * 10 + static_cast<uint64_t>(c - '0');
    ++count;
    if (fraction >= 0) ++fraction;
  }
  if (count > 0 && fraction != 0) {
    *value = static_cast<double>(digits) / kPowersOfTen[fraction < 0 ? 0 : fraction];
    return true;
  }
  const std::string number(text);
  char* end = nullptr;
  *value = std::strtod(number.c_str(), &end);
  return end != number.c_str() && *end == '\0';
}

}  // namespace

int64_t ParseTimingMetric(std::string_view text) {
  text = MetricTotal(text);
  const size_t space = text.find(' ');
  if (space == std::string_view::npos) return -1;
  double value = 0;
  if (!ParseMetricNumber(text.substr(0, space), &value) || !std::isfinite(value) || value < 0) return -1;
  std::string_view unit = text.substr(space + 1);
  unit = unit.substr(0, unit.find(' '));
  static const std::pair<std::string_view, double> kUnits[] = {
      {"ms", 1.0}, {"s", 1000.0}, {"m", 60'000.0}, {"h", 3'600'000.0}};
  for (const auto& [name, ms] : kUnits) {
    if (unit == name) return static_cast<int64_t>(std::llround(value * ms));
  }
  return -1;
}

int64_t ParseSizeMetric(std::string_view text) {
  text = MetricTotal(text);
  const size_t space = text.find(' ');
  if (space == std::string_view::npos) return -1;
  double value = 0;
  if (!ParseMetricNumber(text.substr(0, space), &value) || !std::isfinite(value)) return -1;
  std::string_view unit = text.substr(space + 1);
  unit = unit.substr(0, unit.find(' '));
  static const std::pair<std::string_view, int> kUnits[] = {
      {"B", 0}, {"KiB", 10}, {"MiB", 20}, {"GiB", 30}, {"TiB", 40}, {"PiB", 50}, {"EiB", 60}};
  for (const auto& [name, shift] : kUnits) {
    if (unit == name) return static_cast<int64_t>(std::ldexp(value, shift));
  }
  return -1;
}

int64_t ParseCountMetric(std::string_view text) {
  text = MetricTotal(text);
  int64_t value = 0;
  bool digits = false;
  for (char c : text) {
    if (c == ',') continue;
    if (c < '0' || c > '9') break;
    value = value * 10 + (c - '0');
    digits = true;
  }
  return digits ? value : -1;
}

bool PlanFieldIsEmptyList(std::string_view plan_text, std::string_view field) {
  const std::string key = std::string(field) + ": [";
  const size_t at = plan_text.find(key);
  return at != std::string_view::npos && plan_text.substr(at + key.size()).starts_with("]");
}

std::vector<UnpushedScan> FindUnpushedScans(const AttemptModel& attempt, const StringPool& pool,
                                            int64_t min_bytes) {
  std::vector<UnpushedScan> found;
  for (const auto& [execution_id, graph] : attempt.sql.graphs) {
    auto execution = attempt.sql.executions.find(execution_id);
    if (execution == attempt.sql.executions.end()) continue;
    std::map<int64_t, const SqlPlanNode*> by_id;
    for (const SqlPlanNode& node : graph.all_nodes) {
      if (!node.is_cluster) by_id[node.id] = &node;
    }
    std::map<int64_t, int64_t> parent_of;  // edges run child -> parent
    for (const auto& [child, parent] : graph.edges) parent_of.emplace(child, parent);
    for (const SqlPlanNode& node : graph.all_nodes) {
      if (node.is_cluster) continue;
      const std::string_view name = pool.Get(node.name), desc = pool.Get(node.desc);
      if (!IsScan(name, desc) || !FormatTakesPushedFilters(name, desc)) continue;
      if (!PlanFieldIsEmptyList(desc, "PushedFilters")) continue;
      // A scan without the field (some DSv2 sources) has no partition pruning to speak of.
      if (desc.find("PartitionFilters:") != std::string_view::npos &&
          !PlanFieldIsEmptyList(desc, "PartitionFilters")) {
        continue;
      }
      // The first operator above the scan that does more than pass rows through.
      const SqlPlanNode* above = nullptr;
      for (int64_t id = node.id;;) {
        auto parent = parent_of.find(id);
        if (parent == parent_of.end()) break;
        auto it = by_id.find(parent->second);
        if (it == by_id.end()) break;
        if (!PassesRowsThrough(pool.Get(it->second->name))) {
          above = it->second;
          break;
        }
        id = parent->second;
      }
      if (above == nullptr || !IsFilter(pool.Get(above->name))) continue;
      const std::string_view condition = pool.Get(above->desc);
      const std::set<std::string> scan_columns = AttributeRefs(desc);
      bool uses_scan_column = false;
      for (const std::string& ref : AttributeRefs(condition)) {
        uses_scan_column = uses_scan_column || scan_columns.count(ref) > 0;
      }
      if (!uses_scan_column) continue;
      UnpushedScan scan;
      scan.execution_id = execution_id;
      scan.scan_node_id = node.id;
      scan.scan_name = std::string(TrimWhitespace(name));
      scan.filter_condition = std::string(condition);
      for (const SqlPlanMetric& metric : graph.MetricsOf(node)) {
        const std::string_view metric_name = TrimWhitespace(pool.Get(metric.name));
        std::optional<std::string> value = execution->second.MetricValue(metric.accumulator_id);
        if (value == std::nullopt) continue;
        if (metric_name == "size of files read") scan.bytes_read = ParseSizeMetric(*value);
        if (metric_name == "number of files read") scan.files_read = ParseCountMetric(*value);
        if (metric_name == "number of output rows") scan.scan_rows = ParseCountMetric(*value);
        if (metric_name == "scan time") scan.scan_time_ms = ParseTimingMetric(*value);
      }
      for (const SqlPlanMetric& metric : graph.MetricsOf(*above)) {
        std::optional<std::string> value = execution->second.MetricValue(metric.accumulator_id);
        if (value != std::nullopt && TrimWhitespace(pool.Get(metric.name)) == "number of output rows") {
          scan.filter_rows = ParseCountMetric(*value);
        }
      }
      if (scan.bytes_read < 0) {
        scan.bytes_read = StagesInputBytes(attempt, execution->second);
        scan.bytes_from_stages = scan.bytes_read >= 0;
      }
      if (scan.bytes_read < min_bytes) continue;
      found.push_back(std::move(scan));
    }
  }
  return found;
}

}  // namespace afterglow
