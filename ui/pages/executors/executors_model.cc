#include "ui/pages/executors/executors_model.h"

#include <algorithm>
#include <cctype>

#include "core/analysis/diagnostics.h"
#include "ui/pages/api_rows.h"
#include "ui/widgets/format.h"
#include "ui/widgets/table_text.h"

namespace afterglow::ui {
namespace {

// executorspage.js formatStatus.
std::string StatusText(bool active, bool excluded, const ApiRow& executor) {
  if (excluded) return "Excluded";
  if (!active) return "Dead";
  const std::vector<int64_t> stages = executor.Ints("excludedInStages");
  if (stages.empty()) return "Active";
  std::string text = "Active (Excluded in Stages: [";
  for (size_t i = 0; i < stages.size(); ++i) {
    if (i > 0) text += ", ";
    text += std::to_string(stages[i]);
  }
  return text + "])";
}

}  // namespace

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
  const std::string path = ApiAppBase(app) + "/allexecutors";
  error = ForEachApiItem(session, path, "executors", [&](const ApiRow& e) {
    ExecutorRow row;
    row.id = e.Text("id");
    row.address = e.Text("hostPort");
    // Absent flags read as false (a dead, not excluded executor), as the page's JS reads them.
    row.active = e.Bool("isActive");
    row.excluded = e.Bool("isExcluded");
    row.status = StatusText(row.active, row.excluded, e);
    row.rdd_blocks = e.Int("rddBlocks");
    row.memory_used = e.Int("memoryUsed");
    row.max_memory = e.Int("maxMemory");
    row.disk_used = e.Int("diskUsed");
    row.cores = e.Int("totalCores");
    row.max_tasks = e.Int("maxTasks");
    row.active_tasks = e.Int("activeTasks");
    row.failed_tasks = e.Int("failedTasks");
    row.completed_tasks = e.Int("completedTasks");
    row.total_tasks = e.Int("totalTasks");
    row.total_duration_ms = e.Int("totalDuration");
    row.total_gc_ms = e.Int("totalGCTime");
    row.input_bytes = e.Int("totalInputBytes");
    row.shuffle_read_bytes = e.Int("totalShuffleRead");
    row.shuffle_write_bytes = e.Int("totalShuffleWrite");
    if (const std::optional<ApiRow> peak = e.Object("peakMemoryMetrics")) {
      row.peak_jvm_heap = peak->Int("JVMHeapMemory", -1);
      row.peak_jvm_off_heap = peak->Int("JVMOffHeapMemory", -1);
      row.peak_execution_on = peak->Int("OnHeapExecutionMemory", -1);
      row.peak_execution_off = peak->Int("OffHeapExecutionMemory", -1);
      has_peak_metrics = true;
    }
    row.add_ms = e.Date("addTime");
    row.remove_ms = e.Date("removeTime");
    row.remove_reason = e.Text("removeReason");
    row.gc_heavy = IsGcHeavy(row.total_gc_ms, row.total_duration_ms);
    row.search_text = Lower(row.id + "\t" + row.address + "\t" + row.status + "\t" +
                            row.remove_reason);
    (row.active ? active : dead).Add(row);
    total.Add(row);
    rows.push_back(std::move(row));
  });
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
