// Where an application's time went: the one entry point of core/analysis/time/ for the CLI, the
// API and the page. The analysis gathers the facts and every figure but the what-if (linear in
// tasks); the what-ifs are WhatIfRun objects the caller steps (what_if.h).
//
// TimeAnalysisSteps does the analysis in bounded steps, so the page can build it between frames:
// each Step reads about `task_budget` tasks. ComputeTimeAnalysis runs every step at once and
// gives the same analysis. Memory kept: 8 bytes a task (the two durations of TimeFacts) and a
// fixed-size usage series; while it runs, 4 to 8 bytes a task more.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "core/analysis/time/afterglow_time_figures.h"
#include "core/analysis/time/core_usage.h"
#include "core/analysis/time/sparklens_figures.h"
#include "core/analysis/time/time_facts.h"
#include "core/analysis/time/what_if.h"
#include "core/model/app_model.h"

namespace afterglow::time_analysis {

struct TimeAnalysis {
  TimeFacts facts;
  SparklensFigures sparklens;
  AfterglowTimeFigures afterglow;

  // The what-ifs over this analysis' inputs; the analysis must outlive them (and not move: they
  // read its durations).
  WhatIfRun SparklensWhatIf() const;
  WhatIfRun AfterglowWhatIf() const;
};

struct TimeAnalysisResult {
  TimeAnalysis analysis;
  std::string problem;  // empty when the analysis holds an answer
};

class TimeAnalysisSteps {
 public:
  // The attempt must not change between Start and the last Step.
  void Start(const AttemptModel& attempt);
  bool Step(size_t task_budget);  // true once the analysis is done
  bool done() const { return phase_ == Phase::kDone; }
  TimeAnalysisResult Take() { return std::move(result_); }

 private:
  enum class Phase : uint8_t { kFacts, kFigures, kUsage, kDone };
  const AttemptModel* attempt_ = nullptr;
  Phase phase_ = Phase::kDone;
  TimeFactsGathering gathering_;
  CoreUsageSweep sweep_;
  TimeAnalysisResult result_;
};

TimeAnalysisResult ComputeTimeAnalysis(const AttemptModel& attempt);

}  // namespace afterglow::time_analysis
