#include "ui/executors_model.h"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "core/analysis/diagnostics.h"
#include "simdjson.h"
#include "ui/format.h"
#include "ui/jobs_table_model.h"

namespace afterglow::ui {
namespace {

int64_t Int(simdjson::dom::object object, const char* key, int64_t fallback = 0) {
  int64_t value = 0;
  return object[key].get_int64().get(value) == simdjson::SUCCESS ? value : fallback;
}

std::string Text(simdjson::dom::object object, const char* key) {
  std::string_view text;
  return object[key].get_string().get(text) == simdjson::SUCCESS ? std::string(text) : "";
}

std::string Lower(std::string_view text) {
  std::string lower(text);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower;
}

// executorspage.js formatStatus.
std::string StatusText(bool active, bool excluded, simdjson::dom::object executor) {
  if (excluded) return "Excluded";
  if (!active) return "Dead";
  simdjson::dom::array stages;
  if (executor["excludedInStages"].get_array().get(stages) != simdjson::SUCCESS ||
      stages.size() == 0) {
    return "Active";
  }
  std::string text = "Active (Excluded in Stages: [";
  bool first = true;
  for (simdjson::dom::element stage : stages) {
    int64_t id = 0;
    if (stage.get_int64().get(id) != simdjson::SUCCESS) continue;
    if (!first) text += ", ";
    text += std::to_string(id);
    first = false;
  }
  return text + "])";
}

// Numeric ids as numbers; "driver" (not a number) sorts before them, as the page's
// isNaN(id) ? 0 : id does.
bool ParseId(std::string_view id, int64_t* value) {
  const auto parsed = std::from_chars(id.data(), id.data() + id.size(), *value);
  return parsed.ec == std::errc() && parsed.ptr == id.data() + id.size();
}

}  // namespace

std::string ApiAppBase(const AttemptSummary& app) {
  std::string path = "/api/v1/applications/" + app.app_id;
  if (!app.attempt_id.empty()) path += "/" + app.attempt_id;
  return path;
}

bool ExecutorIdLess(std::string_view a, std::string_view b) {
  int64_t x = 0, y = 0;
  const bool a_number = ParseId(a, &x), b_number = ParseId(b, &y);
  if (a_number != b_number) return !a_number;  // the driver first
  if (a_number && x != y) return x < y;
  return a < b;
}

void ExecutorTotals::Add(const ExecutorRow& row) {
  ++count;
  rdd_blocks += row.rdd_blocks;
  memory_used += row.memory_used;
  max_memory += row.max_memory;
  disk_used += row.disk_used;
  cores += row.cores;
  active_tasks += row.active_tasks;
  failed_tasks += row.failed_tasks;
  completed_tasks += row.completed_tasks;
  total_tasks += row.total_tasks;
  total_duration_ms += row.total_duration_ms;
  total_gc_ms += row.total_gc_ms;
  input_bytes += row.input_bytes;
  shuffle_read_bytes += row.shuffle_read_bytes;
  shuffle_write_bytes += row.shuffle_write_bytes;
  excluded += row.excluded ? 1 : 0;
}

void ExecutorsTableModel::Clear() {
  rows.clear();
  order.clear();
  active = dead = total = ExecutorTotals();
  has_peak_metrics = false;
  error.clear();
  sorted = false;
}

void ExecutorsTableModel::Build(const Session& session, const AttemptSummary& app) {
  Clear();
  const ApiResponse response = session.Api(ApiAppBase(app) + "/allexecutors");
  if (response.status != 200) {
    error = std::to_string(response.status) + " " + response.body;
    return;
  }
  simdjson::dom::parser parser;
  simdjson::dom::array executors;
  if (parser.parse(response.body).get_array().get(executors) != simdjson::SUCCESS) {
    error = "the executors answer is not a JSON array";
    return;
  }
  for (simdjson::dom::element element : executors) {
    simdjson::dom::object e;
    if (element.get_object().get(e) != simdjson::SUCCESS) continue;
    ExecutorRow row;
    row.id = Text(e, "id");
    row.address = Text(e, "hostPort");
    // Absent flags read as false (a dead, not excluded executor), as the page's JS reads them.
    if (e["isActive"].get_bool().get(row.active) != simdjson::SUCCESS) row.active = false;
    if (e["isExcluded"].get_bool().get(row.excluded) != simdjson::SUCCESS) row.excluded = false;
    row.status = StatusText(row.active, row.excluded, e);
    row.rdd_blocks = Int(e, "rddBlocks");
    row.memory_used = Int(e, "memoryUsed");
    row.max_memory = Int(e, "maxMemory");
    row.disk_used = Int(e, "diskUsed");
    row.cores = Int(e, "totalCores");
    row.max_tasks = Int(e, "maxTasks");
    row.active_tasks = Int(e, "activeTasks");
    row.failed_tasks = Int(e, "failedTasks");
    row.completed_tasks = Int(e, "completedTasks");
    row.total_tasks = Int(e, "totalTasks");
    row.total_duration_ms = Int(e, "totalDuration");
    row.total_gc_ms = Int(e, "totalGCTime");
    row.input_bytes = Int(e, "totalInputBytes");
    row.shuffle_read_bytes = Int(e, "totalShuffleRead");
    row.shuffle_write_bytes = Int(e, "totalShuffleWrite");
    simdjson::dom::object peak;
    if (e["peakMemoryMetrics"].get_object().get(peak) == simdjson::SUCCESS) {
      row.peak_jvm_heap = Int(peak, "JVMHeapMemory", -1);
      row.peak_jvm_off_heap = Int(peak, "JVMOffHeapMemory", -1);
      row.peak_execution_on = Int(peak, "OnHeapExecutionMemory", -1);
      row.peak_execution_off = Int(peak, "OffHeapExecutionMemory", -1);
      has_peak_metrics = true;
    }
    std::string_view date;
    if (e["addTime"].get_string().get(date) == simdjson::SUCCESS) row.add_ms = ParseApiDate(date);
    if (e["removeTime"].get_string().get(date) == simdjson::SUCCESS) {
      row.remove_ms = ParseApiDate(date);
    }
    row.remove_reason = Text(e, "removeReason");
    row.gc_heavy = IsGcHeavy(row.total_gc_ms, row.total_duration_ms);
    row.search_text = Lower(row.id + "\t" + row.address + "\t" + row.status + "\t" +
                            row.remove_reason);
    (row.active ? active : dead).Add(row);
    total.Add(row);
    rows.push_back(std::move(row));
  }
  Filter(filter_text);
}

void ExecutorsTableModel::Filter(std::string_view needle) {
  const std::string lower = Lower(needle);
  order.clear();
  for (uint32_t i = 0; i < rows.size(); ++i) {
    if (lower.empty() || rows[i].search_text.find(lower) != std::string::npos) order.push_back(i);
  }
  if (sorted) Sort(sort_column_, ascending_);
}

void ExecutorsTableModel::Sort(ExecutorColumn column, bool ascending) {
  sorted = true;
  sort_column_ = column;
  ascending_ = ascending;
  auto key = [&](const ExecutorRow& r) -> int64_t {
    switch (column) {
      case ExecutorColumn::kRddBlocks: return r.rdd_blocks;
      case ExecutorColumn::kStorageMemory: return r.memory_used;
      case ExecutorColumn::kDiskUsed: return r.disk_used;
      case ExecutorColumn::kCores: return r.cores;
      case ExecutorColumn::kActiveTasks: return r.active_tasks;
      case ExecutorColumn::kFailedTasks: return r.failed_tasks;
      case ExecutorColumn::kCompleteTasks: return r.completed_tasks;
      case ExecutorColumn::kTotalTasks: return r.total_tasks;
      case ExecutorColumn::kTaskTime: return r.total_duration_ms;
      case ExecutorColumn::kInput: return r.input_bytes;
      case ExecutorColumn::kShuffleRead: return r.shuffle_read_bytes;
      case ExecutorColumn::kShuffleWrite: return r.shuffle_write_bytes;
      case ExecutorColumn::kPeakJvmMemory: return r.peak_jvm_heap;
      case ExecutorColumn::kPeakExecutionMemory: return r.peak_execution_on;
      case ExecutorColumn::kAdded: return r.add_ms;
      case ExecutorColumn::kRemoved: return r.remove_ms;
      default: return 0;
    }
  };
  auto less = [&](uint32_t a, uint32_t b) {
    const ExecutorRow& x = rows[a];
    const ExecutorRow& y = rows[b];
    switch (column) {
      case ExecutorColumn::kId: return ExecutorIdLess(x.id, y.id);
      case ExecutorColumn::kAddress: return x.address < y.address;
      case ExecutorColumn::kStatus: return x.status < y.status;
      default: return key(x) < key(y);
    }
  };
  // Ties keep the executor id order so the table does not shuffle between sorts.
  std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
    if (less(a, b)) return ascending;
    if (less(b, a)) return !ascending;
    return ExecutorIdLess(rows[a].id, rows[b].id);
  });
}

std::string ExecutorsTableModel::Tsv() const {
  TsvWriter tsv;
  for (const char* header :
       {"Executor ID", "Address", "Status", "RDD Blocks", "Storage Memory Used", "Max Storage Memory",
        "Disk Used", "Cores", "Active Tasks", "Failed Tasks", "Complete Tasks", "Total Tasks",
        "Task Time (ms)", "GC Time (ms)", "Input (bytes)", "Shuffle Read (bytes)",
        "Shuffle Write (bytes)", "Peak JVM Heap (bytes)", "Peak On-Heap Execution (bytes)",
        "Add Time", "Remove Time", "Remove Reason", "Excluded"}) {
    tsv.Cell(header);
  }
  tsv.EndRow();
  char when[64];
  for (uint32_t i : order) {
    const ExecutorRow& r = rows[i];
    tsv.Cell(r.id);
    tsv.Cell(r.address);
    tsv.Cell(r.status);
    for (int64_t value : {r.rdd_blocks, r.memory_used, r.max_memory, r.disk_used, r.cores,
                          r.active_tasks, r.failed_tasks, r.completed_tasks, r.total_tasks,
                          r.total_duration_ms, r.total_gc_ms, r.input_bytes, r.shuffle_read_bytes,
                          r.shuffle_write_bytes}) {
      tsv.Cell(value);
    }
    if (r.peak_jvm_heap >= 0) tsv.Cell(r.peak_jvm_heap); else tsv.Cell("");
    if (r.peak_execution_on >= 0) tsv.Cell(r.peak_execution_on); else tsv.Cell("");
    tsv.Cell(r.add_ms >= 0 ? FormatTimestamp(r.add_ms, when, sizeof when) : "");
    tsv.Cell(r.remove_ms >= 0 ? FormatTimestamp(r.remove_ms, when, sizeof when) : "");
    tsv.Cell(r.remove_reason);
    tsv.Cell(r.excluded ? "true" : "false");
    tsv.EndRow();
  }
  return tsv.text();
}

}  // namespace afterglow::ui
