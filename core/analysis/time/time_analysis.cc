#include "core/analysis/time/time_analysis.h"

namespace afterglow::time_analysis {

WhatIfRun TimeAnalysis::SparklensWhatIf() const {
  // Sparklens ignores spark.task.cpus: one slot per core.
  return WhatIfRun(sparklens.schedule, {sparklens.executors.max_concurrent,
                                        sparklens.executors.cores_per_executor, 1,
                                        sparklens.stage_run_ms});
}

WhatIfRun TimeAnalysis::AfterglowWhatIf() const {
  return WhatIfRun(afterglow.schedule, {afterglow.executors, afterglow.cores_per_executor,
                                        facts.cpus_per_task, afterglow.usage.app.used});
}

TimeAnalysisResult ComputeTimeAnalysis(const AttemptModel& attempt) {
  TimeAnalysisResult result;
  TimeFactsResult gathered = GatherTimeFacts(attempt);
  if (!gathered.problem.empty()) {
    result.problem = std::move(gathered.problem);
    return result;
  }
  result.analysis.facts = std::move(gathered.facts);
  result.analysis.sparklens = ComputeSparklensFigures(result.analysis.facts);
  result.analysis.afterglow = ComputeAfterglowTimeFigures(attempt, result.analysis.facts);
  return result;
}

}  // namespace afterglow::time_analysis
