#include "core/analysis/rules/partition_size.h"

#include <algorithm>
#include <cmath>

#include "core/analysis/task_quantiles.h"

namespace afterglow::rules {

int64_t MemoryPerSlot(const RuleContext& context) {
  std::vector<int64_t> per_slot, driver;
  for (const Executor& e : context.attempt.executors) {
    const int64_t pool = e.has_memory_info() && e.total_on_heap > 0 ? e.total_on_heap : e.max_memory;
    if (pool <= 0 || e.total_cores <= 0) continue;
    (context.pool.Get(e.executor_id) == "driver" ? driver : per_slot).push_back(pool / e.total_cores);
  }
  if (per_slot.empty()) per_slot = driver;
  if (per_slot.empty()) return -1;
  std::sort(per_slot.begin(), per_slot.end());
  return per_slot[per_slot.size() / 2];
}

namespace {

void CheckPartitionSize(const RuleContext& context, const StageAttempt& stage,
                const std::vector<uint32_t>& rows, int64_t per_slot, std::vector<Finding>& out) {
  static const SummaryFieldSet kFields =
      SummaryFieldSet()
          .set(static_cast<size_t>(SummaryField::kInputBytesRead))
          .set(static_cast<size_t>(SummaryField::kShuffleReadBytes));
  const auto summary = ComputeTaskSummary(context.attempt, rows, {0.5}, kFields);
  if (!summary) return;
  const double input = summary->of(SummaryField::kInputBytesRead).at(0);
  const double shuffle = summary->of(SummaryField::kShuffleReadBytes).at(0);
  const bool by_input = !std::isnan(input) && (std::isnan(shuffle) || input >= shuffle);
  const double median = by_input ? input : shuffle;
  if (std::isnan(median) ||
      median <= context.rules.partition_memory_ratio * static_cast<double>(per_slot)) {
    return;
  }
  const TaskMetricValues& m = stage.metrics;
  const int64_t disk_spilled = m[TaskMetric::kDiskBytesSpilled];
  const int64_t gc = m[TaskMetric::kJvmGcTime];
  const int64_t run = m[TaskMetric::kExecutorRunTime];
  Finding f = StageRuleFinding(FindingKind::kPartitionsTooBig,
                               disk_spilled > 0 || gc * 10 > run ? FindingSeverity::kWarning
                                                                 : FindingSeverity::kInfo,
                               "partitions-too-big", context.pool, stage);
  const char* what = by_input ? "input" : "shuffle read";
  const int64_t median_bytes = static_cast<int64_t>(median);
  f.title = "Stage " + std::to_string(stage.stage_id) + "." + std::to_string(stage.attempt_id) +
            "'s median task read " + Bytes(median_bytes) + " of " + what + ", more than the " +
            Bytes(per_slot) + " of unified memory an executor has per core" +
            (disk_spilled > 0 ? "; it spilled " + Bytes(disk_spilled) + " to disk" : "");
  f.evidence.push_back(StageEvidence(stage, std::string("median task ") + what, median_bytes,
                                     EvidenceUnit::kBytes));
  f.evidence.push_back(AppEvidence("unified memory per core", per_slot, EvidenceUnit::kBytes));
  f.evidence.push_back(StageEvidence(stage, "disk bytes spilled", disk_spilled, EvidenceUnit::kBytes));
  f.evidence.push_back(StageEvidence(stage, "GC time", gc, EvidenceUnit::kMs));
  // A partition about half the per-core memory leaves room for the rows' in-memory expansion.
  const int64_t target = std::max<int64_t>(kMiB, per_slot / 2 / kMiB * kMiB);
  if (by_input) {
    f.evidence.push_back(ConfigEvidence("spark.sql.files.maxPartitionBytes",
                                        context.Property("spark.sql.files.maxPartitionBytes", "128MB")));
    f.fix = "Read smaller splits: spark.sql.files.maxPartitionBytes=" + std::to_string(target / kMiB) +
            "m (half the memory per core), or give each core more memory (spark.executor.memory "
            "up or spark.executor.cores down)";
  } else {
    const int64_t read = m[TaskMetric::kShuffleRemoteBytesRead] + m[TaskMetric::kShuffleLocalBytesRead];
    const int64_t partitions = std::max<int64_t>(stage.num_tasks, (read + target - 1) / target);
    f.evidence.push_back(ConfigEvidence("spark.sql.shuffle.partitions",
                                        context.Property("spark.sql.shuffle.partitions", "200")));
    f.fix = "Use more shuffle partitions: spark.sql.shuffle.partitions=" + std::to_string(partitions) +
            " (the shuffle over half the memory per core) or AQE's "
            "spark.sql.adaptive.advisoryPartitionSizeInBytes; or give each core more memory";
  }
  // GC above the 5 % a healthy JVM spends, over the tasks that ran at once; the disk spill's cost
  // is the spill finding's.
  const int64_t parallel = std::max<int64_t>(1, std::min<int64_t>(stage.num_tasks, context.slots));
  f.time_at_stake_ms = std::max<int64_t>(0, gc - run / 20) / parallel;
  f.time_at_stake_basis = "the stage's GC time above 5% of its run time, over " +
                          std::to_string(parallel) +
                          " parallel tasks (its disk spill is counted in the spill finding)";
  out.push_back(std::move(f));
}

}  // namespace

void AddPartitionSizeFinding(const RuleContext& context, const StageAttempt& stage,
                             const std::vector<uint32_t>& rows, int64_t per_slot,
                             std::vector<Finding>& out) {
  if (per_slot <= 0 || stage.status != StageStatus::kComplete || rows.empty()) return;
  CheckPartitionSize(context, stage, rows, per_slot, out);
}

}  // namespace afterglow::rules
