// The problems one glance at an application can see, found by fixed rules over the model: failed
// jobs and stages, failed tasks, lost and GC-heavy executors, long one-task stages, skewed stages,
// spill and large scans that pushed no filter down. Every number a finding carries is one the History Server's REST API gives (or a
// quantile of its taskSummary), computed by the same core functions, so the overview's text and
// the API agree. No ImGui: the overview formats the numbers, tests check them.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/model/app_model.h"
#include "core/model/string_pool.h"

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
};

// The thresholds of the rules. Defaults are what the overview uses; each says why.
struct DiagnosticRules {
  // A one-task stage matters when it ran at least this long...
  int64_t one_task_min_ms = 60'000;
  // ...or took this share of the application's duration and at least one_task_share_min_ms
  // (a one-task stage is a serial section: the whole cluster waits on one core).
  double one_task_app_share = 0.10;
  int64_t one_task_share_min_ms = 5'000;
  // Skew: the slowest (largest) successful task is skew_ratio x the median and the difference is
  // material, so tiny stages with one 40 ms straggler are not reported.
  double skew_ratio = 3.0;
  int64_t skew_min_tasks = 3;
  int64_t skew_duration_min_gap_ms = 10'000;
  int64_t skew_bytes_min_gap = 64ll << 20;
  // The stage page's summary table marks a metric's row as skewed when its max is over
  // summary_skew_max_over_p75 x its 75th percentile and exceeds the median by a material amount:
  // a second of time or 16 MiB of data, so small stages with noisy milliseconds are not marked.
  double summary_skew_max_over_p75 = 2.0;
  int64_t summary_skew_min_gap_ms = 1'000;
  int64_t summary_skew_min_gap_bytes = 16ll << 20;
  // Spark's Executors page paints Task Time red when totalGCTime > 0.1 x totalDuration
  // (executorspage.js GCTimePercent).
  double gc_fraction = 0.1;
  // An unpushed full scan matters when it read this much: below it, reading everything is cheap.
  int64_t unpushed_scan_min_bytes = 256ll << 20;
};

// All findings for one attempt, most severe first, then by kind, then by the size of the problem
// (largest first). `now_ms` is the wall clock the executors endpoint uses for a running driver.
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
  // stage a step), then the scan rule and the sort. True once every rule has run.
  bool Step(size_t task_budget);
  // The findings, in Diagnose's order, once Step returned true.
  std::vector<Finding> TakeFindings() { return std::move(findings_); }

 private:
  enum class Phase : uint8_t { kEntities, kStages, kScans, kDone };
  const AttemptModel* attempt_ = nullptr;
  const StringPool* pool_ = nullptr;
  int64_t now_ms_ = 0;
  DiagnosticRules rules_;
  Phase phase_ = Phase::kDone;
  std::pair<int32_t, int32_t> next_stage_;  // the stage_rows key the next step starts at
  std::vector<Finding> findings_;
};

// Spark's red-cell rule for an executor's Task Time (GC time over 10 % of task time).
bool IsGcHeavy(int64_t total_gc_time_ms, int64_t total_duration_ms, double gc_fraction = 0.1);

// "oneTaskStage", "durationSkew", ...: the kind as window.afterglow.state() names it.
const char* FindingKindName(FindingKind kind);
const char* FindingSeverityName(FindingSeverity severity);

// The first non-empty line of an error text, trimmed (a stack trace's message line).
std::string FirstLine(std::string_view text);

}  // namespace afterglow
