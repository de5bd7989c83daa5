// Loads an inline log and runs the time analysis and both what-ifs over its one application.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "core/analysis/time/time_analysis.h"
#include "core/session.h"
#include "core/session_impl.h"
#include "tests/core/inline_log.h"

namespace afterglow::time_analysis::test {

struct Analysed {
  std::unique_ptr<Session> session;
  TimeAnalysisResult result;
  int64_t sparklens_model_ms = 0;
  std::vector<WhatIfRow> sparklens_rows;
  int64_t afterglow_model_ms = 0;
  std::vector<WhatIfRow> afterglow_rows;
  const TimeAnalysis& a() const { return result.analysis; }
};

inline void RunWhatIf(WhatIfRun run, int64_t& model_ms, std::vector<WhatIfRow>& rows) {
  // A small budget, so the stepping itself is exercised.
  while (!run.Step(3)) {
  }
  model_ms = run.model_estimate_ms();
  rows = run.rows();
}

inline std::unique_ptr<Analysed> Analyse(const std::string& log) {
  auto out = std::make_unique<Analysed>();
  out->session = test_support::LoadInlineLog(log);
  const auto& models = out->session->impl()->models();
  EXPECT_EQ(models.size(), 1u);
  if (models.empty()) return out;
  out->result = ComputeTimeAnalysis(*models[0]);
  EXPECT_EQ(out->result.problem, "");
  if (!out->result.problem.empty()) return out;
  RunWhatIf(out->a().SparklensWhatIf(), out->sparklens_model_ms, out->sparklens_rows);
  RunWhatIf(out->a().AfterglowWhatIf(), out->afterglow_model_ms, out->afterglow_rows);
  return out;
}

inline const WhatIfRow* RowAt(const std::vector<WhatIfRow>& rows, int32_t percent) {
  for (const WhatIfRow& r : rows) {
    if (r.percent == percent) return &r;
  }
  return nullptr;
}

}  // namespace afterglow::time_analysis::test
