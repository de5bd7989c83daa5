// Where an application's time went: the one entry point of core/analysis/time/ for the CLI, the
// API and the page. ComputeTimeAnalysis gathers the facts and every figure but the what-if (cheap:
// linear in tasks, plus a sort); the what-ifs are WhatIfRun objects the caller steps (what_if.h).
#pragma once

#include <string>

#include "core/analysis/time/afterglow_time_figures.h"
#include "core/analysis/time/sparklens_figures.h"
#include "core/analysis/time/time_facts.h"
#include "core/analysis/time/what_if.h"
#include "core/model/app_model.h"

namespace afterglow::time_analysis {

struct TimeAnalysis {
  TimeFacts facts;
  SparklensFigures sparklens;
  AfterglowTimeFigures afterglow;

  // The what-ifs over this analysis' inputs; the analysis must outlive them.
  WhatIfRun SparklensWhatIf() const;
  WhatIfRun AfterglowWhatIf() const;
};

struct TimeAnalysisResult {
  TimeAnalysis analysis;
  std::string problem;  // empty when the analysis holds an answer
};

TimeAnalysisResult ComputeTimeAnalysis(const AttemptModel& attempt);

}  // namespace afterglow::time_analysis
