#include "core/analysis/time/time_analysis.h"

namespace afterglow::time_analysis {

WhatIfRun TimeAnalysis::SparklensWhatIf() const {
  // Sparklens ignores spark.task.cpus: one slot per core.
  return WhatIfRun(sparklens.schedule, facts.run_ms,
                   {sparklens.executors.max_concurrent, sparklens.executors.cores_per_executor, 1,
                    sparklens.stage_run_ms});
}

WhatIfRun TimeAnalysis::AfterglowWhatIf() const {
  return WhatIfRun(afterglow.schedule, facts.slot_ms,
                   {afterglow.executors, afterglow.cores_per_executor, facts.cpus_per_task,
                    afterglow.usage.app.used});
}

void TimeAnalysisSteps::Start(const AttemptModel& attempt) {
  attempt_ = &attempt;
  result_ = {};
  sweep_ = {};
  gathering_.Start(attempt);
  phase_ = Phase::kFacts;
}

bool TimeAnalysisSteps::Step(size_t task_budget) {
  switch (phase_) {
    case Phase::kFacts: {
      if (!gathering_.Step(task_budget)) return false;
      TimeFactsResult gathered = gathering_.Take();
      if (!gathered.problem.empty()) {
        result_.problem = std::move(gathered.problem);
        phase_ = Phase::kDone;
        return true;
      }
      result_.analysis.facts = std::move(gathered.facts);
      phase_ = Phase::kFigures;
      return false;
    }
    case Phase::kFigures: {
      // Per stage and job, not per task: one step.
      TimeAnalysis& a = result_.analysis;
      a.sparklens = ComputeSparklensFigures(a.facts);
      std::vector<Stretch> stage_spans;
      a.afterglow = BeginAfterglowTimeFigures(a.facts, stage_spans);
      sweep_.Start(*attempt_, a.facts, a.afterglow.jobs.busy, std::move(stage_spans));
      phase_ = Phase::kUsage;
      return false;
    }
    case Phase::kUsage:
      if (!sweep_.Step(task_budget)) return false;
      FinishAfterglowTimeFigures(result_.analysis.facts, sweep_, result_.analysis.afterglow);
      sweep_ = {};
      phase_ = Phase::kDone;
      return true;
    case Phase::kDone:
      break;
  }
  return true;
}

TimeAnalysisResult ComputeTimeAnalysis(const AttemptModel& attempt) {
  TimeAnalysisSteps steps;
  steps.Start(attempt);
  while (!steps.Step(SIZE_MAX)) {
  }
  return steps.Take();
}

}  // namespace afterglow::time_analysis
