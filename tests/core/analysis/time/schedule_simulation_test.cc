// The what-if's scheduler on inputs whose answer is known by construction, stepped in small
// budgets as the page steps it, and at the scale of the 4 GB bench log (1.4M tasks).
#include "core/analysis/time/schedule_simulation.h"

#include <gtest/gtest.h>

#include <vector>

#include "core/analysis/time/what_if.h"

namespace afterglow::time_analysis::test {
namespace {

// One group: `stages` stages in a chain (each reads the previous), `tasks` tasks of `ms` each.
struct Chained {
  ScheduleInput input;
  std::vector<int32_t> task_ms;
};
Chained Chain(uint32_t stages, uint32_t tasks, int32_t ms) {
  Chained chained;
  chained.task_ms.assign(static_cast<size_t>(stages) * tasks, ms);
  ScheduleInput& input = chained.input;
  for (uint32_t s = 0; s < stages; ++s) {
    ScheduleStage stage;
    stage.stage_id = static_cast<int32_t>(s);
    stage.task_begin = s * tasks;
    stage.task_end = (s + 1) * tasks;
    stage.parents_in_group = s > 0 ? 1 : 0;
    stage.child_begin = static_cast<uint32_t>(input.children.size());
    if (s + 1 < stages) input.children.push_back(s + 1);
    stage.child_end = static_cast<uint32_t>(input.children.size());
    stage.reached = true;
    stage.is_seed = s + 1 == stages;
    input.stages.push_back(stage);
  }
  input.groups.push_back({0, stages, 0});
  return chained;
}

TEST(ScheduleSimulation, ChainTakesEachStageInWaves) {
  const Chained chain = Chain(3, 10, 7);
  ScheduleSimulation simulation(chain.input, chain.task_ms, 4);  // 10 tasks on 4 slots: 3 waves of 7 ms
  while (!simulation.Step(1)) {
  }
  EXPECT_EQ(simulation.estimated_ms(), 3 * 3 * 7);
}

TEST(ScheduleSimulation, FixedTimeIsAdded) {
  Chained chain = Chain(1, 1, 5);
  chain.input.fixed_ms = 100;
  ScheduleSimulation simulation(chain.input, chain.task_ms, 1);
  EXPECT_TRUE(simulation.Step(1000));
  EXPECT_EQ(simulation.estimated_ms(), 105);
}

TEST(ScheduleSimulation, GroupWithoutStagesTakesItsOwnTime) {
  ScheduleInput input;
  input.groups.push_back({0, 0, 40});
  ScheduleSimulation simulation(input, {}, 8);
  EXPECT_TRUE(simulation.Step(1));
  EXPECT_EQ(simulation.estimated_ms(), 40);
}

TEST(ScheduleSimulation, StepStopsWithinItsBudget) {
  const Chained chain = Chain(2, 100, 1);
  ScheduleSimulation simulation(chain.input, chain.task_ms, 10);
  EXPECT_FALSE(simulation.Step(50));
  EXPECT_LE(simulation.moves(), 50u);
  while (!simulation.Step(50)) {
  }
  EXPECT_EQ(simulation.estimated_ms(), 2 * 10);
}

// 1000 stages of 1400 tasks of 10 ms: 1.4M tasks, as many as the 4 GB bench log. With 10
// executors of 10 cores, each stage takes ceil(1400 / slots) waves of 10 ms.
TEST(ScheduleSimulation, WhatIfOverMillionsOfTasks) {
  const Chained chain = Chain(1000, 1400, 10);
  WhatIfRun run(chain.input, chain.task_ms, {10, 10, 1, 1000LL * 1400 * 10});
  uint64_t calls = 0;
  while (!run.Step(1u << 18)) ++calls;
  EXPECT_GT(calls, 10u);  // it did run in steps
  EXPECT_EQ(run.model_estimate_ms(), 1000 * 14 * 10);
  ASSERT_EQ(run.rows().size(), kWhatIfPercents.size());
  for (const WhatIfRow& row : run.rows()) {
    const int64_t slots = row.executor_count * 10;
    EXPECT_EQ(row.estimated_ms, 1000 * ((1400 + slots - 1) / slots) * 10) << row.percent << "%";
  }
  EXPECT_DOUBLE_EQ(run.rows()[0].utilization_pct, 100.0);  // 10%: one executor, always busy
}

}  // namespace
}  // namespace afterglow::time_analysis::test
