// The problems one glance at an application can see, found by fixed rules over the model, each
// with a stable rule id, a title, its evidence (numbers linked to stages, jobs, tasks, executors,
// SQL operators, config keys), the wall-clock time at stake and the fix. The rules here are the
// failure, executor, stage-shape (one task, spill, skew) and unpushed-scan ones; the other
// families live one per file under core/analysis/rules/. Every number a finding carries is one
// the History Server's REST API gives (or a quantile of its taskSummary), computed by the same
// core functions, so the overview, the CLI and the API agree. No ImGui: views format, tests check.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/base/string_pool.h"
#include "core/model/app_model.h"

namespace afterglow {

// Most urgent first: the overview lists findings in this order.
enum class FindingSeverity : uint8_t { kCritical, kWarning, kInfo };

enum class FindingKind : uint8_t {
  kFailedJob,          // a job ended FAILED; value_a: its failed stages
  kFailedStage,        // a stage attempt ended FAILED; value_a: failed tasks, value_b: numTasks
  kFailedTasks,        // a stage attempt that did not fail had failed tasks (retried);
                       // value_a: numFailedTasks, value_b: numTasks
  kLostExecutor,       // removed for a reason other than a normal release; detail: the reason
  kGcHeavyExecutor,    // totalGCTime > 10 % of totalDuration (Spark's red Task Time cell);
                       // value_a: totalGCTime ms, value_b: totalDuration ms
  kOneTaskStage,       // numTasks == 1 and the stage took long; value_a: stage duration ms,
                       // value_b: application duration ms
  kDurationSkew,       // value_a: max task duration ms, value_b: median, value_c: tasks
  kShuffleReadSkew,    // value_a: max shuffle read bytes, value_b: median, value_c: tasks
  kInputSkew,          // value_a: max input bytes, value_b: median, value_c: tasks
  kSpill,              // value_a: memoryBytesSpilled, value_b: diskBytesSpilled
  kUnpushedScan,       // a large file scan with no pushed or partition filters under a Filter on
                       // its columns (core/analysis/scan_pushdown.h); target_id: the execution,
                       // name: the scan, detail: the Filter, value_a: bytes read, value_b: files
                       // read (-1 unknown), value_c: 1 when value_a is the stages' input bytes
  // The rule families of core/analysis/rules/: their line is their title; value_a..c unused.
  kJobGap,             // stretches with no job running (rules/job_gaps.h)
  kTinyTasks,          // thousands of tasks of a few ms each (rules/task_shape.h)
  kShufflePartitions,  // shuffle partitions far from the data size (rules/task_shape.h)
  kFailureCause,       // failed tasks grouped by root exception class (rules/failure_causes.h)
  kDriverCollect,      // large results fetched by the driver (rules/driver_collect.h)
  kSmallFiles,         // many small files read or written (rules/small_files.h)
  kNestedLoopJoin,     // BroadcastNestedLoopJoin / CartesianProduct (rules/plan_shape.h)
  kLargeBroadcast,     // a broadcast over broadcast_max_bytes (rules/plan_shape.h)
  kOneExecutor,        // a stage's work done by one executor while others idled
                       // (rules/executor_balance.h)
  kMemoryProvisioning, // executor memory far above or at its peak use (rules/memory_provisioning.h)
  kPartitionsTooBig,   // tasks reading more than an executor's memory per core
                       // (rules/partition_size.h)
  kGlutenFallback,     // operators Gluten left on the JVM (rules/engine_fallbacks.h)
  kGpuFallback,        // operators of a RAPIDS run not on the GPU (rules/engine_fallbacks.h)
  kPythonUdf,          // Python UDF worker time against the stages' time (rules/python_udf.h)
};

// What a number of a finding is about, as --json names it ("stage", "job", ...).
enum class EvidenceKind : uint8_t { kStage, kJob, kTask, kExecutor, kSql, kConfig, kApp };
enum class EvidenceUnit : uint8_t { kMs, kBytes, kCount, kPercent, kText };

// One number behind a finding and the entity it links to.
struct Evidence {
  EvidenceKind kind = EvidenceKind::kApp;
  int64_t id = -1;        // stage, job, task or SQL execution id
  int32_t attempt = -1;   // a stage's attempt id; a task's attempt number
  std::string key;        // an executor's id, a config key, an SQL operator's name
  std::string what;       // what the value is: "max task duration", "files read"
  int64_t value = 0;      // in `unit`; kPercent is a whole percentage
  EvidenceUnit unit = EvidenceUnit::kCount;
  std::string text;       // kText: the value (a config's setting, an exception's first line)
};

// What a finding links to.
enum class FindingTarget : uint8_t { kApplication, kJob, kStage, kExecutor, kSqlExecution };

struct Finding {
  FindingKind kind = FindingKind::kFailedJob;
  FindingSeverity severity = FindingSeverity::kWarning;
  FindingTarget target = FindingTarget::kApplication;
  int64_t target_id = -1;       // job, stage or SQL execution id
  int32_t target_attempt = -1;  // stage attempt id
  std::string executor_id;      // kExecutor targets
  std::string name;             // the stage's or job's name, for the line
  std::string detail;           // first line of the error, or the executor's remove reason
  int64_t value_a = 0, value_b = 0, value_c = 0;  // the numbers; meaning per kind (above)

  // What every rule fills, for the CLI, the digest and the ranked list.
  std::string rule;   // stable id: "one-task-stage", "skew-duration", "gc-pressure", ...
  std::string title;  // one line in Spark's vocabulary, with the numbers
  std::vector<Evidence> evidence;
  // Wall-clock time the fix could give back, and how it was estimated (0 with a basis that says
  // why when it cannot be estimated from the log).
  int64_t time_at_stake_ms = 0;
  std::string time_at_stake_basis;
  std::string fix;  // the config key or code change; empty only for info findings
};

// Spark's Executors page paints Task Time red when totalGCTime > 0.1 x totalDuration
// (executorspage.js GCTimePercent): the one GC threshold every reader uses.
inline constexpr double kGcHeavyFraction = 0.1;

// The thresholds of the rules. Defaults are what the overview uses; each says why.
struct DiagnosticRules {
  // A one-task stage matters when it ran at least this long...
  int64_t one_task_min_ms = 60'000;
  // ...or took this share of the application's duration and at least one_task_share_min_ms
  // (a one-task stage is a serial section: the whole cluster waits on one core).
  double one_task_app_share = 0.10;
  int64_t one_task_share_min_ms = 5'000;
  // Skew (with skew_p75_ratio below): the gap between the slowest (largest) successful task and
  // the 75th percentile must be material, so tiny stages with one 40 ms straggler are not reported.
  int64_t skew_min_tasks = 3;
  // Below this many tasks the 75th percentile is one of the two largest (Spark's quantile index
  // is min(q * n, n - 1)), so the p75 rule cannot see a straggler: such stages are skewed when the
  // largest is skew_ratio x the median instead.
  int64_t skew_p75_min_tasks = 8;
  double skew_ratio = 3.0;
  int64_t skew_duration_min_gap_ms = 10'000;
  int64_t skew_bytes_min_gap = 64ll << 20;
  // The stage page's summary table marks a metric's row as skewed when its max is over
  // summary_skew_max_over_p75 x its 75th percentile and exceeds the median by a material amount:
  // a second of time or 16 MiB of data, so small stages with noisy milliseconds are not marked.
  double summary_skew_max_over_p75 = 2.0;
  int64_t summary_skew_min_gap_ms = 1'000;
  int64_t summary_skew_min_gap_bytes = 16ll << 20;
  double gc_fraction = kGcHeavyFraction;
  // An unpushed full scan matters when it read this much: below it, reading everything is cheap.
  int64_t unpushed_scan_min_bytes = 256ll << 20;
  // Databricks' skew guide: a stage is skewed when its max task (duration, input or shuffle read)
  // is over 1.5x the 75th percentile; the skew_*_min_gap values above keep it material.
  double skew_p75_ratio = 1.5;
  // GC pressure bands over the executor's GC time / task time: Spark's UI marks 10 % red (above);
  // Dr. Elephant's ExecutorGcHeuristic bands the same ratio at 0.08 / 0.1 / 0.15 / 0.2
  // (low / moderate / severe / critical): over 0.2 is critical here.
  double gc_critical_fraction = 0.2;
  // Job gaps (Databricks' "job gaps" guide: time with no Spark job is driver-side work): reported
  // when the gaps between jobs add up to this much and this share of the application.
  int64_t job_gap_min_total_ms = 30'000;
  double job_gap_app_share = 0.10;
  int64_t job_gap_min_ms = 5'000;  // a single gap shorter than this is scheduling, not work
  // Tiny tasks: the rule after Spark's tuning guide (tasks of 100 ms or less are
  // dominated by scheduling and deserialization): median under this over at least that many.
  int64_t tiny_task_median_ms = 100;
  int64_t tiny_task_min_tasks = 2'000;
  // Shuffle partitions: Databricks' and AWS Glue's guides aim at 100-200 MB a partition. A stage
  // reading a shuffle whose average per task is past these is far from the data size.
  int64_t shuffle_partition_target_bytes = 128ll << 20;
  int64_t shuffle_partition_max_bytes = 1ll << 30;
  int64_t shuffle_partition_min_bytes = 1ll << 20;
  int64_t shuffle_partition_min_tasks = 200;  // below Spark's default count, small is fine
  // Driver collect: spark.driver.maxResultSize defaults to 1g; results near it make the driver
  // the bottleneck (and fail past it). Getting Result Time over this adds up to a finding too.
  int64_t driver_result_min_bytes = 512ll << 20;
  int64_t getting_result_min_ms = 10'000;
  // Small files (DataFlint's alert): an average under 3 MB over more than 100 files; writes should
  // aim at about 128 MB files.
  int64_t small_file_avg_bytes = 3ll << 20;
  int64_t small_file_min_files = 100;
  int64_t small_file_target_bytes = 128ll << 20;
  // Large broadcasts (DataFlint's alert): over 1 GB is shipped to every executor and held in the
  // driver; spark.sql.autoBroadcastJoinThreshold defaults to 10 MB for a reason.
  int64_t broadcast_max_bytes = 1ll << 30;
  // A one-task stage with a named cause (a JDBC read of one partition, coalesce(1)) is reported
  // below one_task_min_ms too, as info, when it ran at least this long.
  int64_t one_task_cause_min_ms = 1'000;
  // Work on one executor (the Spark Cassandra Connector's FAQ "why does one executor do all the
  // work": tasks wait for the executor that holds their data, spark.locality.wait, or the
  // cluster gives the application few cores): a stage whose busiest executor ran this share of
  // its task time while other executors were alive, with at least one_executor_min_tasks tasks
  // (and more than that executor's cores: the others could have run some) and lasting at least
  // one_executor_min_ms.
  double one_executor_share = 0.8;
  int64_t one_executor_min_tasks = 16;
  int64_t one_executor_min_ms = 10'000;
  // Memory over-provisioning (Dr. Elephant's JvmUsedMemoryHeuristic): spark.executor.memory over
  // memory_over_ratio x (the largest executor's peak JVM heap + Spark's 300 MiB reserved memory)
  // is reported (its "moderate" band), critical-ish ("severe") past memory_over_severe_ratio;
  // executors of under memory_over_min_bytes are left alone (its 2 GB threshold). The suggested
  // value is the peak plus memory_suggest_headroom (its 20 % buffer), in whole GiB.
  double memory_over_ratio = 2.0;
  double memory_over_severe_ratio = 4.0;
  int64_t memory_over_min_bytes = 2ll << 30;
  double memory_suggest_headroom = 0.2;
  // Under-provisioning: an executor whose peak on-heap unified (execution + storage) memory
  // reached this share of its unified pool (Spark's maxOnHeapMemory, (heap - 300 MiB) x
  // spark.memory.fraction) had no room left: tasks spilled or evicted cached blocks. And a
  // container near its limit: the process tree's peak RSS (JVM + Python + other, when
  // spark.executor.processTreeMetrics.enabled) over this share of spark.executor.memory +
  // spark.executor.memoryOverhead (default max(384 MiB, 10 %), Spark's YARN/K8s rule) is killed
  // by the cluster manager next time the data grows.
  double memory_under_unified_share = 0.95;
  double memory_overhead_rss_share = 0.9;
  // Partitions too big (the tuning guide: "the working set of one of your tasks ... was too
  // large"; Spark gives each running task at most 1/N of the unified pool): a stage whose median
  // task reads (input + shuffle read) more than partition_memory_ratio x the executor's unified
  // memory per core, so a typical task cannot hold its partition.
  double partition_memory_ratio = 1.0;
  // GPU fallbacks: a RAPIDS run (spark.plugins names com.nvidia.spark.SQLPlugin, or a plan has
  // Gpu* nodes) whose queries have CPU operators; Gluten fallbacks: any node Gluten reports.
  // Python UDFs: worker time (start + initialize + run, Spark 4's Python metrics) over this share
  // of the task run time of the query's stages, and at least python_udf_min_ms.
  double python_udf_share = 0.25;
  int64_t python_udf_min_ms = 10'000;
  // Time at stake of small files read: Spark's own cost model counts opening a file as reading
  // spark.sql.files.openCostInBytes (4 MiB by default) of it.
  int64_t file_open_cost_bytes = 4ll << 20;
};

// All findings for one attempt, ranked by time at stake (largest first), then most severe first,
// then by kind, then by the size of the problem (largest first). `now_ms` is the wall clock the executors endpoint uses for a running driver.
std::vector<Finding> Diagnose(const AttemptModel& attempt, const StringPool& pool, int64_t now_ms,
                              const DiagnosticRules& rules = DiagnosticRules());

// Diagnose over several calls, for a caller that must not block for long (the page's overview
// at the end of a big load, between frames): Start, then Step until it returns true, then
// TakeFindings. Diagnose is the same run in one go. The model must not change meanwhile.
class DiagnosisSteps {
 public:
  void Start(const AttemptModel& attempt, const StringPool& pool, int64_t now_ms,
             const DiagnosticRules& rules = DiagnosticRules());
  // Runs the next rules: the job, stage-failure and executor rules in one step, then the
  // stage-shape rules over stage attempts until about `task_budget` tasks are read (at least one
  // stage a step), then the app-wide rules one a step, the last with the sort. True once every
  // rule has run.
  bool Step(size_t task_budget);
  // The findings, in Diagnose's order, once Step returned true.
  std::vector<Finding> TakeFindings() { return std::move(findings_); }

 private:
  enum class Phase : uint8_t { kEntities, kStages, kAppRules, kDone };
  const AttemptModel* attempt_ = nullptr;
  const StringPool* pool_ = nullptr;
  int64_t now_ms_ = 0;
  DiagnosticRules rules_;
  Phase phase_ = Phase::kDone;
  std::pair<int32_t, int32_t> next_stage_;  // the stage_rows key the next step starts at
  size_t next_rule_ = 0;                     // in the app-wide rules' phase
  int64_t memory_per_slot_ = -1;             // rules::MemoryPerSlot, for the per-stage rules
  std::vector<Finding> findings_;
};

// Spark's red-cell rule for an executor's Task Time (GC time over kGcHeavyFraction of task time).
bool IsGcHeavy(int64_t total_gc_time_ms, int64_t total_duration_ms,
               double gc_fraction = kGcHeavyFraction);

// "oneTaskStage", "durationSkew", ...: the kind as window.afterglow.state() names it.
const char* FindingKindName(FindingKind kind);
const char* FindingSeverityName(FindingSeverity severity);

// The first non-empty line of an error text, trimmed (a stack trace's message line).
std::string FirstLine(std::string_view text);

}  // namespace afterglow
