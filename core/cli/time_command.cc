#include "core/cli/time_command.h"

#include <cstdio>
#include <string>
#include <vector>

#include "core/analysis/time/time_analysis.h"
#include "core/api/json_writer.h"
#include "core/cli/path_args.h"
#include "core/session.h"

namespace afterglow::cli {
namespace {

using time_analysis::AfterglowTimeFigures;
using time_analysis::SparklensFigures;
using time_analysis::TimeAnalysis;
using time_analysis::WhatIfRow;

struct Estimates {
  int64_t model_estimate_ms = 0;
  std::vector<WhatIfRow> rows;
};

Estimates RunToEnd(time_analysis::WhatIfRun run) {
  while (!run.Step(1u << 20)) {
  }
  return {run.model_estimate_ms(), run.rows()};
}

void WriteEstimates(JsonWriter& w, const Estimates& e) {
  w.FieldInt("modelEstimateMs", e.model_estimate_ms);
  w.Key("estimates");
  w.BeginArray();
  for (const WhatIfRow& r : e.rows) {
    w.BeginObject();
    w.FieldInt("percent", r.percent);
    w.FieldInt("executorCount", r.executor_count);
    w.FieldInt("estimatedTimeMs", r.estimated_ms);
    w.Key("estimatedClusterUtilizationPct");
    w.Double(r.utilization_pct);
    w.EndObject();
  }
  w.EndArray();
}

void WriteSparklens(JsonWriter& w, const SparklensFigures& s, const Estimates& e) {
  w.Key("sparklens");
  w.BeginObject();
  w.FieldInt("driverWallClockMs", s.driver_ms);
  w.FieldInt("executorWallClockMs", s.executor_ms);
  w.FieldInt("criticalPathAppTimeMs", s.critical_path_ms);
  w.FieldInt("idealAppTimeMs", s.ideal_ms);
  w.Key("clusterUtilizationPct");
  w.Double(s.cluster_utilization_pct);
  WriteEstimates(w, e);
  w.Key("stages");
  w.BeginArray();
  for (const time_analysis::SparklensStageRow& r : s.stages) {
    w.BeginObject();
    w.FieldInt("stageId", r.stage_id);
    w.Key("pRatio");
    w.Double(r.p_ratio);
    w.Key("taskSkew");
    w.Double(r.task_skew);
    w.FieldInt("oneCoreComputeMillisAvailable", r.one_core_ms_available);
    w.FieldInt("oneCoreComputeMillisUsed", r.one_core_ms_used);
    w.FieldInt("oneCoreComputeMillisWasted", r.one_core_ms_wasted());
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
}

void WriteAfterglow(JsonWriter& w, const TimeAnalysis& t, const Estimates& e) {
  const AfterglowTimeFigures& a = t.afterglow;
  w.Key("afterglow");
  w.BeginObject();
  w.FieldInt("wallClockMs", a.wall_clock_ms);
  w.FieldInt("driverWallClockMs", a.driver_ms);
  w.FieldInt("jobWallClockMs", a.job_ms);
  w.FieldInt("driverInJobsMs", a.driver_in_jobs_ms);
  w.Key("driverStretches");
  w.BeginArray();
  for (const time_analysis::Stretch& s : a.jobs.idle) {
    w.BeginObject();
    w.FieldInt("startMs", s.start_ms);
    w.FieldInt("endMs", s.end_ms);
    w.EndObject();
  }
  w.EndArray();
  w.FieldInt("criticalPathAppTimeMs", a.critical_path_ms);
  w.FieldInt("idealAppTimeMs", a.ideal_ms);
  w.FieldInt("coreMillisAvailable", a.usage.app.available);
  w.FieldInt("coreMillisUsed", a.usage.app.used);
  w.FieldInt("coreMillisWasted", a.usage.app.wasted());
  w.FieldInt("coreMillisOfferedBeyondExecutors", a.usage.raised_core_ms);
  w.Key("clusterUtilizationPct");
  w.Double(a.usage.app.UsedPct());
  w.Key("inJobsUtilizationPct");
  w.Double(a.in_jobs.UsedPct());
  w.FieldInt("peakCores", a.usage.peak_offered_cores);
  w.FieldInt("executorCount", a.executors);
  w.FieldInt("coresPerExecutor", a.cores_per_executor);
  w.FieldInt("taskCpus", t.facts.cpus_per_task);
  WriteEstimates(w, e);
  w.Key("stages");
  w.BeginArray();
  for (const time_analysis::AfterglowStageRow& r : a.stages) {
    w.BeginObject();
    w.FieldInt("stageId", r.stage_id);
    w.FieldInt("tasks", r.tasks);
    w.Key("pRatio");
    w.Double(r.p_ratio);
    w.Key("taskSkew");
    w.Double(r.task_skew);
    w.FieldInt("spanMs", r.span_ms);
    w.Key("wallClockSharePct");
    w.Double(r.wall_clock_share_pct);
    w.Key("coreMillisSharePct");
    w.Double(r.core_ms_share_pct);
    w.FieldInt("coreMillisAvailable", r.cores.available);
    w.FieldInt("coreMillisUsed", r.cores.used);
    w.FieldInt("coreMillisWasted", r.cores.wasted());
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
}

std::string Seconds(int64_t ms) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3f s", static_cast<double>(ms) / 1000.0);
  return text;
}

std::string CoreHours(int64_t core_ms) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3f", static_cast<double>(core_ms) / 3.6e6);
  return text;
}

void PrintText(const std::string& app, const TimeAnalysis& t, const Estimates& sparklens,
               const Estimates& ours) {
  const SparklensFigures& s = t.sparklens;
  const AfterglowTimeFigures& a = t.afterglow;
  std::printf("application   %s\n", app.c_str());
  std::printf("\n%-38s %14s %14s\n", "", "Afterglow", "Sparklens");
  auto row = [](const char* name, const std::string& ours_text, const std::string& theirs) {
    std::printf("%-38s %14s %14s\n", name, ours_text.c_str(), theirs.c_str());
  };
  row("wall-clock", Seconds(a.wall_clock_ms), Seconds(s.app_ms));
  row("driver (no job running)", Seconds(a.driver_ms), Seconds(s.driver_ms));
  row("executors (some job running)", Seconds(a.job_ms), Seconds(s.executor_ms));
  row("  of which no task running", Seconds(a.driver_in_jobs_ms), "-");
  row("critical path (unlimited executors)", Seconds(a.critical_path_ms), Seconds(s.critical_path_ms));
  row("ideal (no skew, same cores)", Seconds(a.ideal_ms), Seconds(s.ideal_ms));
  row("model estimate at 100%", Seconds(ours.model_estimate_ms), Seconds(sparklens.model_estimate_ms));
  auto percent = [](double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2f%%", value);
    return std::string(text);
  };
  const int64_t sparklens_app_core_ms = s.executors.total_cores() * s.app_ms;
  row("cluster utilisation, in jobs", percent(a.in_jobs.UsedPct()),
      percent(s.cluster_utilization_pct));
  row("cluster utilisation, whole run", percent(a.usage.app.UsedPct()),
      percent(sparklens_app_core_ms > 0 ? 100.0 * s.in_job_run_ms / sparklens_app_core_ms : 0.0));
  row("core-hours available", CoreHours(a.usage.app.available), CoreHours(sparklens_app_core_ms));
  row("core-hours used", CoreHours(a.usage.app.used), CoreHours(s.in_job_run_ms));
  std::printf("\ndriver stretches (no job running): %zu, %s\n", a.jobs.idle.size(),
              Seconds(a.driver_ms).c_str());
  for (const time_analysis::Stretch& st : a.jobs.idle) {
    std::printf("  +%-12s %s\n", Seconds(st.start_ms - t.facts.app_start_ms).c_str(),
                Seconds(st.duration_ms()).c_str());
  }
  std::printf("\nexecutor what-if (tasks keep their durations; stages start when their parents "
              "finish)\n%8s %10s %14s %8s %14s %8s\n", "percent", "executors", "Afterglow", "util",
              "Sparklens", "util");
  for (size_t k = 0; k < ours.rows.size() || k < sparklens.rows.size(); ++k) {
    const WhatIfRow* o = k < ours.rows.size() ? &ours.rows[k] : nullptr;
    const WhatIfRow* p = k < sparklens.rows.size() ? &sparklens.rows[k] : nullptr;
    const WhatIfRow& any = o ? *o : *p;
    std::printf("%7d%% %10lld %14s %7.2f%% %14s %7.2f%%\n", any.percent,
                static_cast<long long>(any.executor_count), o ? Seconds(o->estimated_ms).c_str() : "-",
                o ? o->utilization_pct : 0.0, p ? Seconds(p->estimated_ms).c_str() : "-",
                p ? p->utilization_pct : 0.0);
  }
  std::printf("\n%8s %8s %8s %8s %8s %8s %12s %12s %12s\n", "stage", "tasks", "PRatio",
              "TaskSkew", "wall%", "core-h%", "core-h avail", "core-h used", "core-h waste");
  for (const time_analysis::AfterglowStageRow& r : a.stages) {
    std::printf("%8d %8lld %8.2f %8.2f %8.2f %8.2f %12s %12s %12s\n", r.stage_id,
                static_cast<long long>(r.tasks), r.p_ratio, r.task_skew, r.wall_clock_share_pct,
                r.core_ms_share_pct, CoreHours(r.cores.available).c_str(),
                CoreHours(r.cores.used).c_str(), CoreHours(r.cores.wasted()).c_str());
  }
  std::printf("\n");
}

}  // namespace

int RunTime(int argc, char** argv) {
  Session session;
  PathJsonArgs args;
  std::vector<AttemptSummary> summaries;
  if (const int exit_code = OpenPathJsonCommand("time", argc, argv, session, &args, &summaries);
      exit_code >= 0) {
    return exit_code;
  }
  const bool json = args.json;
  JsonWriter w;
  if (json && summaries.size() > 1) w.BeginArray();
  int exit_code = 0;
  for (const AttemptSummary& summary : summaries) {
    const AttemptModel& model = *session.model(summary.model_index);
    const time_analysis::TimeAnalysisResult result = time_analysis::ComputeTimeAnalysis(model);
    const std::string app = summary.app_id.empty() ? model.file_name : summary.app_id;
    if (!result.problem.empty()) {
      std::fprintf(stderr, "%s: %s\n", model.file_name.c_str(), result.problem.c_str());
      exit_code = 1;
      continue;
    }
    const Estimates sparklens = RunToEnd(result.analysis.SparklensWhatIf());
    const Estimates ours = RunToEnd(result.analysis.AfterglowWhatIf());
    if (!json) {
      PrintText(app, result.analysis, sparklens, ours);
      continue;
    }
    w.BeginObject();
    w.Field("appId", summary.app_id);
    if (!summary.attempt_id.empty()) w.Field("attemptId", summary.attempt_id);
    WriteSparklens(w, result.analysis.sparklens, sparklens);
    WriteAfterglow(w, result.analysis, ours);
    w.EndObject();
  }
  if (json) {
    if (summaries.size() > 1) w.EndArray();
    std::fwrite(w.text().data(), 1, w.text().size(), stdout);
    std::fputc('\n', stdout);
  }
  return exit_code;
}

}  // namespace afterglow::cli
