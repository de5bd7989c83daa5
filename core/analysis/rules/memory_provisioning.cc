#include "core/analysis/rules/memory_provisioning.h"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "core/events/executor_metrics.h"

namespace afterglow::rules {
namespace {

// Spark's reserved system memory (UnifiedMemoryManager.RESERVED_SYSTEM_MEMORY_BYTES).
constexpr int64_t kReservedMemory = 300 * kMiB;

int64_t PeakOf(const Executor& e, std::string_view metric) {
  const int index = ExecutorMetricIndex(metric);
  return index < 0 || !e.peak_executor_metrics.is_set() ? -1 : e.peak_executor_metrics.peaks[index];
}

int64_t RoundUpToGiB(int64_t bytes) { return std::max<int64_t>(1, (bytes + kGiB - 1) / kGiB); }

Evidence ExecutorBytes(const std::string& id, std::string what, int64_t value) {
  Evidence e;
  e.kind = EvidenceKind::kExecutor;
  e.key = id;
  e.what = std::move(what);
  e.value = value;
  e.unit = EvidenceUnit::kBytes;
  return e;
}

Finding MemoryFinding(const char* rule, FindingSeverity severity) {
  Finding f;
  f.kind = FindingKind::kMemoryProvisioning;
  f.severity = severity;
  f.rule = rule;
  f.target = FindingTarget::kApplication;
  return f;
}

}  // namespace

int64_t ParseSparkMemory(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  size_t digits = 0;
  int64_t value = 0;
  while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) {
    if (value > (INT64_MAX / 10)) return -1;
    value = value * 10 + (text[digits++] - '0');
  }
  if (digits == 0) return -1;
  std::string unit(text.substr(digits));
  for (char& c : unit) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (unit.size() == 2 && unit[1] == 'b') unit.resize(1);
  int shift = 20;  // no unit: MiB
  if (unit == "b") shift = 0;
  else if (unit == "k") shift = 10;
  else if (unit == "m") shift = 20;
  else if (unit == "g") shift = 30;
  else if (unit == "t") shift = 40;
  else if (!unit.empty()) return -1;
  if (value > (INT64_MAX >> shift)) return -1;
  return value << shift;
}

void AddMemoryProvisioningFindings(const RuleContext& context, std::vector<Finding>& out) {
  const DiagnosticRules& rules = context.rules;
  const std::string memory_text = context.Property("spark.executor.memory", "1g");
  const int64_t memory = ParseSparkMemory(memory_text);
  if (memory <= 0) return;
  const std::string overhead_text = context.Property("spark.executor.memoryOverhead");
  const int64_t overhead = overhead_text.empty()
                               ? std::max<int64_t>(384 * kMiB, memory / 10)
                               : ParseSparkMemory(overhead_text);
  // The executors (not the driver) with peaks, and the largest of each peak.
  const Executor* heap_peak_executor = nullptr;
  const Executor* unified_full_executor = nullptr;
  const Executor* rss_peak_executor = nullptr;
  int64_t heap_peak = -1, unified_share_permille = -1, rss_peak = -1;
  int64_t executors = 0;
  bool gc_heavy = false;
  for (const Executor& e : context.attempt.executors) {
    if (context.pool.Get(e.executor_id) == "driver" || !e.peak_executor_metrics.is_set()) continue;
    ++executors;
    gc_heavy = gc_heavy || (e.total_gc_time > 0 &&
                            IsGcHeavy(e.total_gc_time, e.total_duration, rules.gc_fraction));
    const int64_t heap = PeakOf(e, "JVMHeapMemory");
    if (heap > heap_peak) {
      heap_peak = heap;
      heap_peak_executor = &e;
    }
    const int64_t pool = e.has_memory_info() && e.total_on_heap > 0 ? e.total_on_heap : e.max_memory;
    const int64_t unified = PeakOf(e, "OnHeapUnifiedMemory");
    if (pool > 0 && unified >= 0) {
      const int64_t permille = unified * 1000 / pool;
      if (permille > unified_share_permille) {
        unified_share_permille = permille;
        unified_full_executor = &e;
      }
    }
    const int64_t rss = std::max<int64_t>(0, PeakOf(e, "ProcessTreeJVMRSSMemory")) +
                        std::max<int64_t>(0, PeakOf(e, "ProcessTreePythonRSSMemory")) +
                        std::max<int64_t>(0, PeakOf(e, "ProcessTreeOtherRSSMemory"));
    if (rss > rss_peak) {
      rss_peak = rss;
      rss_peak_executor = &e;
    }
  }
  if (executors == 0) return;
  const Evidence memory_setting = ConfigEvidence("spark.executor.memory", memory_text);

  // Over-provisioned: the heap the executors were given against the most any of them used. Not
  // while an executor is GC-heavy: the sampled peak then understates what the heap holds between
  // collections, and a smaller heap would collect more often still.
  if (heap_peak > 0 && !gc_heavy && memory >= rules.memory_over_min_bytes &&
      static_cast<double>(memory) > rules.memory_over_ratio * static_cast<double>(heap_peak + kReservedMemory)) {
    const bool severe = static_cast<double>(memory) >
                        rules.memory_over_severe_ratio * static_cast<double>(heap_peak + kReservedMemory);
    const int64_t suggested = RoundUpToGiB(static_cast<int64_t>(
        (1.0 + rules.memory_suggest_headroom) * static_cast<double>(heap_peak + kReservedMemory)));
    Finding f = MemoryFinding("memory-over-provisioned",
                           severe ? FindingSeverity::kWarning : FindingSeverity::kInfo);
    const std::string id(context.pool.Get(heap_peak_executor->executor_id));
    f.executor_id = id;
    f.title = "Executors were given " + Bytes(memory) + " of heap (spark.executor.memory=" +
              memory_text + ") but the largest peak JVM heap of the " + std::to_string(executors) +
              " executors was " + Bytes(heap_peak) + " (executor " + id + ")";
    f.evidence.push_back(ExecutorBytes(id, "peak JVM heap memory", heap_peak));
    f.evidence.push_back(memory_setting);
    f.evidence.push_back(AppEvidence("executors with metrics", executors, EvidenceUnit::kCount));
    f.time_at_stake_basis = "memory, not time: the fix frees " +
                            Bytes(memory - suggested * kGiB) +
                            " per executor for more executors or other applications";
    f.fix = "Lower spark.executor.memory to about " + std::to_string(suggested) +
            "g (the peak JVM heap plus Spark's 300 MiB reserved memory and 20%), or give each "
            "executor more spark.executor.cores for the same memory";
    out.push_back(std::move(f));
  }

  // Under-provisioned: the unified pool was full.
  if (unified_full_executor != nullptr &&
      unified_share_permille >= static_cast<int64_t>(rules.memory_under_unified_share * 1000)) {
    const Executor& e = *unified_full_executor;
    const std::string id(context.pool.Get(e.executor_id));
    const int64_t pool = e.has_memory_info() && e.total_on_heap > 0 ? e.total_on_heap : e.max_memory;
    int64_t disk_spilled = 0;
    for (const auto& [key, index] : context.attempt.stage_rows) {
      disk_spilled += context.attempt.stage(index).metrics[TaskMetric::kDiskBytesSpilled];
    }
    const int64_t suggested = RoundUpToGiB(memory + memory / 2);
    Finding f = MemoryFinding("memory-under-provisioned", FindingSeverity::kWarning);
    f.executor_id = id;
    f.title = "Executor " + id + "'s unified memory (execution + storage) peaked at " +
              Bytes(PeakOf(e, "OnHeapUnifiedMemory")) + " of its " + Bytes(pool) +
              " pool (spark.executor.memory=" + memory_text + "): tasks had no room left" +
              (disk_spilled > 0 ? " and the application spilled " + Bytes(disk_spilled) + " to disk"
                                : "");
    f.evidence.push_back(ExecutorBytes(id, "peak on-heap unified memory", PeakOf(e, "OnHeapUnifiedMemory")));
    f.evidence.push_back(ExecutorBytes(id, "peak on-heap execution memory", PeakOf(e, "OnHeapExecutionMemory")));
    f.evidence.push_back(ExecutorBytes(id, "unified memory pool", pool));
    f.evidence.push_back(memory_setting);
    f.evidence.push_back(AppEvidence("disk bytes spilled", disk_spilled, EvidenceUnit::kBytes));
    f.time_at_stake_basis = "counted in the spill and GC findings of the stages it slowed";
    f.fix = "Raise spark.executor.memory to about " + std::to_string(suggested) +
            "g (1.5x), or keep it and run fewer tasks per executor (spark.executor.cores) or "
            "smaller partitions (spark.sql.shuffle.partitions, spark.sql.files.maxPartitionBytes)";
    out.push_back(std::move(f));
  }

  // The container: JVM heap + off-heap + Python workers against memory + overhead.
  if (rss_peak > 0 && overhead > 0 &&
      static_cast<double>(rss_peak) >= rules.memory_overhead_rss_share * static_cast<double>(memory + overhead)) {
    const std::string id(context.pool.Get(rss_peak_executor->executor_id));
    const int64_t suggested = RoundUpToGiB(static_cast<int64_t>(
        (1.0 + rules.memory_suggest_headroom) * static_cast<double>(rss_peak)) - memory);
    Finding f = MemoryFinding("memory-overhead-too-small", FindingSeverity::kWarning);
    f.executor_id = id;
    f.title = "Executor " + id + "'s processes peaked at " + Bytes(rss_peak) +
              " resident, near the container's " + Bytes(memory + overhead) +
              " (spark.executor.memory + spark.executor.memoryOverhead): the cluster manager "
              "kills executors past it";
    f.evidence.push_back(ExecutorBytes(id, "peak process tree RSS (JVM + Python + other)", rss_peak));
    f.evidence.push_back(ExecutorBytes(id, "peak Python RSS", std::max<int64_t>(0, PeakOf(*rss_peak_executor, "ProcessTreePythonRSSMemory"))));
    f.evidence.push_back(memory_setting);
    f.evidence.push_back(ConfigEvidence("spark.executor.memoryOverhead",
                                        overhead_text.empty() ? "max(384m, 10%) = " + Bytes(overhead)
                                                              : overhead_text));
    f.time_at_stake_basis = "counted in the lost-executor and failure findings when it was killed";
    f.fix = "Raise spark.executor.memoryOverhead to about " + std::to_string(suggested) +
            "g (Python workers, off-heap and native memory live there), or lower "
            "spark.executor.cores so fewer Python workers run at once";
    out.push_back(std::move(f));
  }
}

}  // namespace afterglow::rules
