#include "ui/pages/executors/executors_model.h"

#include <algorithm>
#include <cctype>
#include <chrono>

#include "core/analysis/diagnostics.h"
#include "core/query/executor_rows.h"
#include "ui/widgets/format.h"
#include "ui/widgets/table_text.h"

namespace afterglow::ui {
namespace {

// executorspage.js formatStatus. A decommissioned executor says so where Spark's page says
// "Dead" (docs/SPARK-SEMANTICS.md fact 123).
std::string StatusText(const afterglow::ExecutorRow& executor) {
  if (executor.is_excluded) return "Excluded";
  if (!executor.is_active) return executor.is_decommissioned ? "Decommissioned" : "Dead";
  if (executor.excluded_in_stages.empty()) return "Active";
  std::string text = "Active (Excluded in Stages: [";
  for (size_t i = 0; i < executor.excluded_in_stages.size(); ++i) {
    if (i > 0) text += ", ";
    text += std::to_string(executor.excluded_in_stages[i]);
  }
  return text + "])";
}

int64_t ExecutorsNowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
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
  gc_heavy = IsGcHeavy(total_gc_ms, total_duration_ms);
}

void ExecutorsTableModel::Clear() {
  rows.clear();
  order.clear();
  active = dead = total = ExecutorTotals();
  has_peak_metrics = false;
  widest_status.clear();
  error.clear();
  sorted = false;
}

void ExecutorsTableModel::Build(const Session& session, const AttemptSummary& app) {
  Clear();
  const AttemptModel* model = session.model(app.model_index);
  if (model == nullptr) {
    error = "no such application attempt";
    return;
  }
  const std::vector<afterglow::ExecutorRow> executors =
      ExecutorRows(*model, session.strings(), /*active_only=*/false, ExecutorsNowMs());
  rows.reserve(executors.size());
  for (const afterglow::ExecutorRow& e : executors) {
    ExecutorRow row;
    row.id = std::string(e.id);
    row.address = std::string(e.host_port);
    row.active = e.is_active;
    row.excluded = e.is_excluded;
    row.status = StatusText(e);
    if (row.status.size() > widest_status.size()) widest_status = row.status;
    row.rdd_blocks = e.rdd_blocks;
    row.memory_used = e.memory_used;
    row.max_memory = e.max_memory;
    row.disk_used = e.disk_used;
    row.cores = e.total_cores;
    row.max_tasks = e.max_tasks;
    row.active_tasks = e.active_tasks;
    row.failed_tasks = e.failed_tasks;
    row.completed_tasks = e.completed_tasks;
    row.total_tasks = e.total_tasks;
    row.total_duration_ms = e.total_duration_ms;
    row.total_gc_ms = e.total_gc_time_ms;
    row.input_bytes = e.total_input_bytes;
    row.shuffle_read_bytes = e.total_shuffle_read;
    row.shuffle_write_bytes = e.total_shuffle_write;
    if (e.peak_memory != nullptr) {
      row.peaks = *e.peak_memory;
      has_peak_metrics = true;
    }
    row.decommissioned = e.is_decommissioned;
    for (const auto& [name, url] : e.executor_logs) row.logs.emplace_back(name, url);
    row.add_ms = e.add_time;
    row.remove_ms = e.remove_time;
    row.remove_reason = std::string(e.remove_reason);
    row.gc_heavy = e.gc_heavy;
    (row.active ? active : dead).Add(row);
    total.Add(row);
    rows.push_back(std::move(row));
  }
  Filter(filter_text);
}

void ExecutorsTableModel::Filter(std::string_view needle) {
  order.clear();
  for (uint32_t i = 0; i < rows.size(); ++i) {
    const ExecutorRow& row = rows[i];
    if (needle.empty() || ContainsIgnoreCase(row.id, needle) ||
        ContainsIgnoreCase(row.address, needle) || ContainsIgnoreCase(row.status, needle) ||
        ContainsIgnoreCase(row.remove_reason, needle)) {
      order.push_back(i);
    }
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
      case ExecutorColumn::kPeakJvmMemory: return r.peaks[kPeakJvmHeap];
      case ExecutorColumn::kPeakExecutionMemory: return r.peaks[kPeakOnHeapExecution];
      case ExecutorColumn::kPeakStorageMemory: return r.peaks[kPeakOnHeapStorage];
      case ExecutorColumn::kPeakPoolMemory: return r.peaks[kPeakDirectPool];
      case ExecutorColumn::kMinorGc: return r.peaks[kPeakMinorGcCount];
      case ExecutorColumn::kMajorGc: return r.peaks[kPeakMajorGcCount];
      case ExecutorColumn::kLogs: return static_cast<int64_t>(r.logs.size());
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
        "Shuffle Write (bytes)", "Peak JVM Heap (bytes)", "Peak JVM Off-Heap (bytes)",
        "Peak On-Heap Execution (bytes)", "Peak Off-Heap Execution (bytes)",
        "Peak On-Heap Storage (bytes)", "Peak Off-Heap Storage (bytes)",
        "Peak Direct Pool (bytes)", "Peak Mapped Pool (bytes)", "Minor GC Count",
        "Minor GC Time (ms)", "Major GC Count", "Major GC Time (ms)", "Logs", "Add Time",
        "Remove Time", "Remove Reason", "Excluded"}) {
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
    for (size_t metric : kShownPeaks) {
      if (r.peaks[metric] >= 0) tsv.Cell(r.peaks[metric]); else tsv.Cell("");
    }
    std::string logs;
    for (const auto& [name, url] : r.logs) logs += (logs.empty() ? "" : " ") + name + "=" + url;
    tsv.Cell(logs);
    tsv.Cell(r.add_ms >= 0 ? FormatTimestamp(r.add_ms, when, sizeof when) : "");
    tsv.Cell(r.remove_ms >= 0 ? FormatTimestamp(r.remove_ms, when, sizeof when) : "");
    tsv.Cell(r.remove_reason);
    tsv.Cell(r.excluded ? "true" : "false");
    tsv.EndRow();
  }
  return tsv.text();
}

}  // namespace afterglow::ui

namespace afterglow::ui {

std::string ExecutorsTableModel::SummaryTsv() const {
  TsvWriter tsv;
  for (const char* header :
       {"", "Executors", "RDD Blocks", "Storage Memory Used", "Max Storage Memory", "Disk Used",
        "Cores", "Active Tasks", "Failed Tasks", "Complete Tasks", "Total Tasks", "Task Time (ms)",
        "GC Time (ms)", "Input (bytes)", "Shuffle Read (bytes)", "Shuffle Write (bytes)",
        "Excluded"}) {
    tsv.Cell(header);
  }
  tsv.EndRow();
  for (const auto& [label, t] : {std::pair<const char*, const ExecutorTotals&>{"Active", active},
                                 {"Dead", dead}, {"Total", total}}) {
    if (!summary_filter.Shows({label})) continue;
    tsv.Cell(label);
    for (int64_t value : {t.count, t.rdd_blocks, t.memory_used, t.max_memory, t.disk_used, t.cores,
                          t.active_tasks, t.failed_tasks, t.completed_tasks, t.total_tasks,
                          t.total_duration_ms, t.total_gc_ms, t.input_bytes, t.shuffle_read_bytes,
                          t.shuffle_write_bytes, t.excluded}) {
      tsv.Cell(value);
    }
    tsv.EndRow();
  }
  return tsv.text();
}

}  // namespace afterglow::ui
