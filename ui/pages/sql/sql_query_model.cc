#include "ui/pages/sql/sql_query_model.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>

#include "core/base/epoch_clock.h"
#include "core/query/sql_rows.h"
#include "core/query/sql_sub_executions.h"
#include "ui/widgets/table_text.h"

namespace afterglow::ui {
namespace {

// Leaf scans of files and tables: their simpleString says what was pushed into them.
bool IsScan(std::string_view name, std::string_view description) {
  if (description.find("PushedFilters: ") != std::string_view::npos) return true;
  if (description.find("PartitionFilters: ") != std::string_view::npos) return true;
  return name.starts_with("Scan ") || name.starts_with("BatchScan") ||
         name.starts_with("FileScan") || name.starts_with("GpuScan ") ||
         name.starts_with("GpuBatchScan");
}

// The metric of `node` whose name is one of `names`, or null.
const SqlOperatorMetric* FindMetric(const SqlQueryModel& model, const SqlOperatorNode& node,
                                    std::initializer_list<std::string_view> names) {
  for (uint32_t i = node.first_metric; i < node.first_metric + node.metric_count; ++i) {
    for (std::string_view name : names) {
      if (model.metrics[i].name == name) return &model.metrics[i];
    }
  }
  return nullptr;
}

// "[a, [b]], rest" -> "[a, [b]]"; a list cut short by Spark's truncation runs to the end.
std::string Bracketed(std::string_view text) {
  int depth = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '[') ++depth;
    if (text[i] == ']' && --depth == 0) return std::string(text.substr(0, i + 1));
  }
  return std::string(text);
}

// "Location: InMemoryFileIndex[gs://x/y], ..." -> "InMemoryFileIndex[gs://x/y]".
std::string PlanLocation(std::string_view description) {
  constexpr std::string_view kKey = "Location: ";
  const size_t at = description.find(kKey);
  if (at == std::string_view::npos) return "";
  const std::string_view rest = description.substr(at + kKey.size());
  const size_t open = rest.find('[');
  const size_t comma = rest.find(", ");
  if (open == std::string_view::npos || (comma != std::string_view::npos && comma < open)) {
    return std::string(rest.substr(0, comma));
  }
  return std::string(rest.substr(0, open)) + Bracketed(rest.substr(open));
}

}  // namespace

void SplitMetricValue(SqlOperatorMetric& metric) {
  metric.total.clear();
  metric.min.clear();
  metric.med.clear();
  metric.max.clear();
  metric.max_task.clear();
  std::string_view text = metric.value;
  const size_t line_break = text.find('\n');
  if (line_break == std::string_view::npos) {
    metric.total.assign(text);
    return;
  }
  const bool has_total = text.starts_with("total ");
  std::string_view data = text.substr(line_break + 1);
  // "T (A, B, C (stage S.A: task N))" or, for averages, "(A, B, C (stage S.A: task N))".
  std::string_view inner;
  if (has_total) {
    const size_t open = data.find(" (");
    if (open == std::string_view::npos) {
      metric.total.assign(data);
      return;
    }
    metric.total.assign(data.substr(0, open));
    inner = data.substr(open + 2);
  } else {
    if (!data.starts_with('(')) {
      metric.total.assign(data);
      return;
    }
    inner = data.substr(1);
  }
  if (inner.ends_with(')')) inner.remove_suffix(1);
  // Grouping commas have no space after them; the separators do.
  const size_t first = inner.find(", ");
  const size_t second = first == std::string_view::npos ? first : inner.find(", ", first + 2);
  if (second == std::string_view::npos) {
    metric.total.assign(data);
    return;
  }
  metric.min.assign(inner.substr(0, first));
  metric.med.assign(inner.substr(first + 2, second - first - 2));
  std::string_view last = inner.substr(second + 2);
  const size_t task = last.find(" (");
  if (task != std::string_view::npos) {
    metric.max.assign(last.substr(0, task));
    std::string_view where = last.substr(task + 2);
    if (where.ends_with(')')) where.remove_suffix(1);
    metric.max_task.assign(where);
  } else {
    metric.max.assign(last);
  }
}

std::string PlanField(std::string_view description, std::string_view key) {
  std::string needle(key);
  needle += ": ";
  const size_t at = description.find(needle);
  if (at == std::string_view::npos) return "";
  std::string_view rest = description.substr(at + needle.size());
  if (!rest.starts_with('[')) return "";
  return Bracketed(rest);
}

int64_t ParseMetricQuantity(std::string_view text) {
  double value = 0;
  bool any = false;
  size_t i = 0;
  for (; i < text.size(); ++i) {
    const char c = text[i];
    if (c >= '0' && c <= '9') {
      value = value * 10 + (c - '0');
      any = true;
    } else if (c != ',') {
      break;
    }
  }
  if (!any) return -1;
  if (i < text.size() && text[i] == '.') {
    double scale = 0.1;
    for (++i; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i, scale /= 10) {
      value += (text[i] - '0') * scale;
    }
  }
  std::string_view unit = text.substr(i);
  while (!unit.empty() && unit.front() == ' ') unit.remove_prefix(1);
  static constexpr std::pair<std::string_view, int> kUnits[] = {
      {"KiB", 10}, {"MiB", 20}, {"GiB", 30}, {"TiB", 40}, {"PiB", 50}, {"EiB", 60}};
  for (const auto& [name, shift] : kUnits) {
    if (unit.starts_with(name)) value *= static_cast<double>(uint64_t{1} << shift);
  }
  return value >= 9.2e18 ? INT64_MAX : static_cast<int64_t>(value);
}

void BuildScans(SqlQueryModel& model) {
  for (uint32_t i = 0; i < model.nodes.size(); ++i) {
    const SqlOperatorNode& node = model.nodes[i];
    if (node.is_cluster || !IsScan(node.name, node.description)) continue;
    SqlScan scan;
    scan.node = i;
    scan.location = PlanLocation(node.description);
    scan.pushed_filters = PlanField(node.description, "PushedFilters");
    scan.partition_filters = PlanField(node.description, "PartitionFilters");
    scan.data_filters = PlanField(node.description, "DataFilters");
    const SqlOperatorMetric* files = FindMetric(model, node, {"number of files read"});
    const SqlOperatorMetric* bytes = FindMetric(model, node, {"size of files read"});
    const SqlOperatorMetric* rows = FindMetric(model, node, {"number of output rows", "output rows"});
    if (files != nullptr) scan.files_read = files->total;
    if (bytes != nullptr) scan.bytes_read = bytes->total;
    if (rows != nullptr) scan.output_rows = rows->total;
    // Only scans whose plan reports pushdown can be judged; "[]" is the plan's empty list.
    const bool reports_pushdown = !scan.pushed_filters.empty() || !scan.partition_filters.empty();
    scan.nothing_pushed = reports_pushdown &&
                          (scan.pushed_filters.empty() || scan.pushed_filters == "[]") &&
                          (scan.partition_filters.empty() || scan.partition_filters == "[]");
    scan.large = ParseMetricQuantity(scan.files_read) >= kManyFiles ||
                 ParseMetricQuantity(scan.bytes_read) >= kManyBytes;
    model.flagged_scans += scan.Flagged();
    model.scans.push_back(std::move(scan));
  }
}

void SqlQueryModel::Clear() { *this = SqlQueryModel{}; }

void SqlQueryModel::Build(const Session& session, const AttemptSummary& app,
                          const AttemptModel* model, const StringPool* strings,
                          int64_t id, int32_t plan_version) {
  // Rebuilt after every loading step: the user's picks survive when the execution stays.
  const bool same = execution_id == id;
  const std::string kept_filter = same ? filter : std::string();
  const int64_t kept_node = same ? selected_node : -1;
  const int32_t kept_version = same ? shown_version : -1;
  char kept_search[sizeof search_text] = {};
  if (same) std::memcpy(kept_search, search_text, sizeof search_text);
  Clear();
  std::memcpy(search_text, kept_search, sizeof search_text);
  execution_id = id;
  if (model == nullptr || strings == nullptr) return;
  const std::optional<SqlExecutionListRow> listed =
      FindSqlExecutionRow(*model, *strings, id, NowEpochMs());
  if (!listed) {
    error = "404 unknown query execution id: " + std::to_string(id);
  } else {
    header = SqlRowOf(*listed);
    found = true;
  }
  auto row_it = model->sql.executions.find(id);
  if (row_it == model->sql.executions.end()) return;
  const SqlExecutionRow& row = row_it->second;
  if (row.error_message.present && row.error_message.id != kEmptyString) {
    error_message.assign(strings->Get(row.error_message.id));
  }
  parent_execution = ParentExecutionOf(model->sql, id).value_or(-1);
  sub_executions = SubExecutionsOf(model->sql, id);

  // Stages: every stage of the execution's jobs (SQLExecutionUIData.stages), at the attempt the
  // History Server shows, by id.
  std::vector<int32_t> stage_ids = row.stages;
  std::sort(stage_ids.begin(), stage_ids.end());
  stage_ids.erase(std::unique(stage_ids.begin(), stage_ids.end()), stage_ids.end());
  for (int32_t stage : stage_ids) {
    auto it = model->stage_rows.upper_bound({stage, INT32_MAX});
    if (it == model->stage_rows.begin()) continue;
    --it;
    if (it->first.first != stage) continue;
    stages.push_back({stage, it->first.second, model->stage(it->second).status});
  }

  // Plan nodes with their metric strings, as the API writes them, by node id ascending: of the
  // version the graph shows, so the tab lists what it draws.
  operators_version_count = static_cast<int32_t>(model->sql.PlanVersionCount(id));
  operators_version = plan_version < 0 || plan_version >= operators_version_count
                          ? std::max(operators_version_count - 1, 0)
                          : plan_version;
  const SqlPlanRows plan =
      SqlPlanRowsOf(*model, *strings, id, static_cast<size_t>(operators_version));
  for (auto node = plan.nodes.rbegin(); node != plan.nodes.rend(); ++node) {
    SqlOperatorNode out;
    out.node_id = node->node_id;
    out.name.assign(node->node_name);
    out.description.assign(node->description);
    out.is_cluster = node->is_cluster;
    out.codegen_id = node->is_cluster ? node->cluster_codegen_id.value_or(-1)
                                      : node->whole_stage_codegen_id.value_or(-1);
    out.first_metric = static_cast<uint32_t>(metrics.size());
    for (const SqlPlanMetricRow& metric : node->metrics) {
      SqlOperatorMetric m;
      m.name.assign(metric.name);
      m.value.assign(metric.value);
      SplitMetricValue(m);
      metrics.push_back(std::move(m));
    }
    out.metric_count = static_cast<uint32_t>(metrics.size()) - out.first_metric;
    nodes.push_back(std::move(out));
  }
  ApplyFilter(kept_filter, kept_node);
  BuildScans(*this);

  auto history = model->sql.plan_history.find(id);
  if (history != model->sql.plan_history.end()) {
    for (StringId text : history->second) plan_versions.emplace_back(strings->Get(text));
  }
  if (plan_versions.empty() && row.physical_plan_description.present) {
    plan_versions.emplace_back(strings->Get(row.physical_plan_description.id));
  }
  shown_version = plan_versions.empty() ? 0 : static_cast<int32_t>(plan_versions.size()) - 1;
  if (kept_version >= 0 && kept_version < static_cast<int32_t>(plan_versions.size())) {
    shown_version = kept_version;
  }
  for (const auto& [key, value] : row.modified_configs) {
    modified_configs.emplace_back(strings->Get(key), strings->Get(value));
  }
}

void SqlQueryModel::ApplyFilter(std::string_view text, int64_t node_id) {
  filter.assign(text);
  selected_node = node_id;
  table.clear();
  for (uint32_t n = 0; n < nodes.size(); ++n) {
    const SqlOperatorNode& node = nodes[n];
    if (node_id >= 0 && node.node_id != node_id) continue;
    const bool node_matches = ContainsIgnoreCase(node.name, text);
    if (node.metric_count == 0) {
      if (node_matches) table.push_back({n, -1});
      continue;
    }
    for (uint32_t m = node.first_metric; m < node.first_metric + node.metric_count; ++m) {
      if (node_matches || ContainsIgnoreCase(metrics[m].name, text)) {
        table.push_back({n, static_cast<int32_t>(m)});
      }
    }
  }
}

}  // namespace afterglow::ui
