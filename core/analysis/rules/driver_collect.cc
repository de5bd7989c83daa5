#include "core/analysis/rules/driver_collect.h"

namespace afterglow::rules {

void AddDriverCollectFinding(const RuleContext& context, const StageAttempt& stage,
                             const std::vector<uint32_t>* rows, std::vector<Finding>& out) {
  const AttemptModel& attempt = context.attempt;
  const DiagnosticRules& rules = context.rules;
  const int64_t result_bytes = stage.metrics[TaskMetric::kResultSize];
  int64_t getting_ms = 0;
  if (rows != nullptr) {
    for (uint32_t row : *rows) {
      const int64_t launch = attempt.tasks.launch_time[row];
      const int64_t got = attempt.task_details.getting_result_time(row, launch);
      const int64_t finish = attempt.tasks.finish_time[row];
      if (got > 0 && finish > got) getting_ms += finish - got;
    }
  }
  if (result_bytes < rules.driver_result_min_bytes && getting_ms < rules.getting_result_min_ms) {
    return;
  }
  Finding f = StageRuleFinding(FindingKind::kDriverCollect, FindingSeverity::kWarning,
                               "driver-collect", context.pool, stage);
  f.title = "Stage " + std::to_string(stage.stage_id) + "." + std::to_string(stage.attempt_id) +
            " sent " + Bytes(result_bytes) + " of task results to the driver" +
            (getting_ms > 0 ? " and spent " + Duration(getting_ms) + " getting them" : "");
  f.evidence.push_back(StageEvidence(stage, "result size", result_bytes, EvidenceUnit::kBytes));
  f.evidence.push_back(StageEvidence(stage, "getting result time", getting_ms, EvidenceUnit::kMs));
  f.evidence.push_back(ConfigEvidence("spark.driver.maxResultSize",
                                      context.Property("spark.driver.maxResultSize", "1g")));
  f.time_at_stake_ms = getting_ms;
  f.time_at_stake_basis = "the tasks' Getting Result Time (the driver fetches results one by one)";
  f.fix = "Do not collect() or toPandas() large data: write it out (df.write), take(n) what "
          "the driver needs, or use toLocalIterator(); spark.driver.maxResultSize caps it";
  out.push_back(std::move(f));
}

}  // namespace afterglow::rules
