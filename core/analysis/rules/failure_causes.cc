#include "core/analysis/rules/failure_causes.h"

#include <algorithm>
#include <map>

namespace afterglow::rules {
namespace {

std::string_view TrimLine(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\r' || text.back() == '\t')) {
    text.remove_suffix(1);
  }
  return text;
}

// "java.lang.OutOfMemoryError: Java heap space" -> "java.lang.OutOfMemoryError"; a line that does
// not start with a class name (a Spark reason such as "ExecutorLostFailure (executor 3 exited
// ...)") is classed by its first word.
std::string ClassOf(std::string_view line) {
  size_t end = 0;
  while (end < line.size() && line[end] != ':' && line[end] != ' ' && line[end] != '(') ++end;
  return std::string(line.substr(0, end));
}

struct KnownClass {
  std::string_view class_suffix;
  std::string_view explanation;
};

// The classes Spark engineers meet most, what they mean and what to change.
constexpr KnownClass kKnownClasses[] = {
    {"OutOfMemoryError",
     "the executor's heap ran out: raise spark.executor.memory (or spark.executor.memoryOverhead "
     "when YARN or Kubernetes killed the container), or give each task more memory with fewer "
     "spark.executor.cores and more partitions"},
    {"NotSerializableException",
     "Task not serializable: a closure captures an object that is not Serializable; make it "
     "Serializable, mark the field @transient lazy, or create it inside mapPartitions"},
    {"ClassNotFoundException",
     "a class missing on the executors' classpath: ship the jar with --jars / spark.jars (or "
     "--packages), or build an assembly jar; check for version conflicts with "
     "spark.executor.userClassPathFirst"},
    {"NoClassDefFoundError",
     "a class that was found at compile time is missing or failed to initialise on the executors: "
     "ship the dependency with --jars / spark.jars and check conflicting versions"},
    {"FetchFailed",
     "shuffle blocks could not be fetched, usually because the executor that wrote them was lost "
     "(OOM-killed or preempted): fix the executor loss first; enable the external shuffle service "
     "(spark.shuffle.service.enabled) and raise spark.shuffle.io.maxRetries / retryWait"},
    {"ExecutorLostFailure",
     "the executor running the task was lost: look at its exit code (137/143: killed for memory, "
     "raise spark.executor.memoryOverhead; preemption: spot or YARN queue)"},
    {"TaskKilled", "the task was killed (speculation, a cancelled job or a failed stage)"},
    {"SparkOutOfMemoryError",
     "Spark's memory manager could not get execution memory: raise spark.executor.memory or "
     "spark.memory.fraction, or use more partitions"},
    {"FileNotFoundException",
     "an input file disappeared after planning: refresh the table (REFRESH TABLE) or avoid "
     "overwriting a path that is being read"},
    {"TimeoutException",
     "an operation timed out: for broadcasts raise spark.sql.broadcastTimeout or lower "
     "spark.sql.autoBroadcastJoinThreshold; for heartbeats spark.network.timeout"},
};

std::string_view Explain(std::string_view exception_class) {
  for (const KnownClass& known : kKnownClasses) {
    if (exception_class.ends_with(known.class_suffix)) return known.explanation;
  }
  return "";
}

struct Group {
  int64_t count = 0;
  std::string message;
  int64_t first_task_id = -1;
  int32_t first_attempt = -1;
  int64_t first_launch = INT64_MAX;
  int32_t first_stage = -1, first_stage_attempt = -1;
  int64_t wasted_ms = 0;  // run time of the failed attempts
};

}  // namespace

RootCause RootCauseOf(std::string_view error) {
  RootCause cause;
  std::string_view root;
  std::string_view first;
  size_t at = 0;
  while (at <= error.size()) {
    size_t end = error.find('\n', at);
    if (end == std::string_view::npos) end = error.size();
    const std::string_view line = TrimLine(error.substr(at, end - at));
    if (first.empty() && !line.empty()) first = line;
    if (line.starts_with("Caused by:")) root = TrimLine(line.substr(10));
    at = end + 1;
  }
  if (root.empty()) root = first;
  cause.exception_class = ClassOf(root);
  cause.message = std::string(root.substr(0, 300));
  return cause;
}

void AddFailureCauseFindings(const RuleContext& context, std::vector<Finding>& out) {
  const AttemptModel& attempt = context.attempt;
  std::map<std::string, Group> groups;
  for (const auto& [row, error] : attempt.task_details.error_messages) {
    if (attempt.tasks.status[row] != TaskStatus::kFailed) continue;
    const RootCause cause = RootCauseOf(context.pool.Get(error));
    if (cause.exception_class.empty()) continue;
    Group& g = groups[cause.exception_class];
    ++g.count;
    const int64_t launch = attempt.tasks.launch_time[row];
    const int64_t finish = attempt.tasks.finish_time[row];
    if (finish > launch) g.wasted_ms += finish - launch;
    if (launch < g.first_launch) {
      g.first_launch = launch;
      g.message = cause.message;
      g.first_task_id = attempt.tasks.task_id[row];
      g.first_attempt = attempt.tasks.attempt[row];
      g.first_stage = attempt.tasks.stage_id[row];
      g.first_stage_attempt = attempt.tasks.stage_attempt_id[row];
    }
  }
  for (const auto& [exception_class, g] : groups) {
    Finding f;
    f.kind = FindingKind::kFailureCause;
    f.rule = "failure-root-cause";
    const std::string_view explanation = Explain(exception_class);
    f.severity = exception_class.ends_with("TaskKilled") ? FindingSeverity::kInfo
                                                          : FindingSeverity::kWarning;
    f.target = FindingTarget::kStage;
    f.target_id = g.first_stage;
    f.target_attempt = g.first_stage_attempt;
    f.value_a = g.count;
    f.detail = g.message;
    f.title = std::to_string(g.count) + " failed task attempt" + (g.count == 1 ? "" : "s") +
              " with root cause " + exception_class + ", first in stage " +
              std::to_string(g.first_stage) + "." + std::to_string(g.first_stage_attempt) +
              " task " + std::to_string(g.first_task_id) + ": " + g.message;
    Evidence task;
    task.kind = EvidenceKind::kTask;
    task.id = g.first_task_id;
    task.attempt = g.first_attempt;
    task.what = "first failed attempt";
    task.unit = EvidenceUnit::kText;
    task.text = g.message;
    f.evidence.push_back(std::move(task));
    Evidence stage;
    stage.kind = EvidenceKind::kStage;
    stage.id = g.first_stage;
    stage.attempt = g.first_stage_attempt;
    stage.what = "failed attempts of this class";
    stage.value = g.count;
    f.evidence.push_back(std::move(stage));
    f.evidence.push_back(AppEvidence("run time of the failed attempts", g.wasted_ms, EvidenceUnit::kMs));
    f.time_at_stake_ms = g.wasted_ms / context.slots;
    f.time_at_stake_basis = "the failed attempts' run time, redone on retry, spread over the " +
                            std::to_string(context.slots) + " task slots";
    f.fix = explanation.empty() ? "Read the first failed task's stack trace (stage " +
                                      std::to_string(g.first_stage) + ", task " +
                                      std::to_string(g.first_task_id) +
                                      ") and fix the code or data it names"
                                : std::string(explanation);
    out.push_back(std::move(f));
  }
}

}  // namespace afterglow::rules
