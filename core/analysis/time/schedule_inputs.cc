#include "core/analysis/time/schedule_inputs.h"

#include <algorithm>
#include <unordered_map>

namespace afterglow::time_analysis {
namespace {

enum class Durations { kRunTime, kSlot };

// Appends one group: `jobs` with the stages `stages_of(job)` selects.
template <typename StagesOf>
void AddGroup(const TimeFacts& facts, const std::vector<uint32_t>& jobs, StagesOf stages_of,
              Durations durations, int64_t no_stage_ms, ScheduleInput& input) {
  ScheduleGroup group;
  group.stage_begin = static_cast<uint32_t>(input.stages.size());
  group.no_stage_ms = no_stage_ms;
  std::vector<uint32_t> members;  // indices into facts.stages
  std::vector<int32_t> seeds;
  for (uint32_t j : jobs) {
    const std::vector<uint32_t>& stages = stages_of(facts.jobs[j]);
    if (stages.empty()) continue;
    int32_t highest = INT32_MIN;
    for (uint32_t s : stages) {
      members.push_back(s);
      highest = std::max(highest, facts.stages[s].stage_id);
    }
    seeds.push_back(highest);
  }
  std::sort(members.begin(), members.end());
  members.erase(std::unique(members.begin(), members.end()), members.end());
  std::unordered_map<int32_t, uint32_t> local;  // stage id -> index into input.stages
  for (uint32_t s : members) {
    local[facts.stages[s].stage_id] = static_cast<uint32_t>(input.stages.size());
    ScheduleStage stage;
    stage.stage_id = facts.stages[s].stage_id;
    const StageFacts& facts_stage = facts.stages[s];
    stage.task_begin = durations == Durations::kRunTime ? facts_stage.run_begin : facts_stage.slot_begin;
    stage.task_end = durations == Durations::kRunTime ? facts_stage.run_end : facts_stage.slot_end;
    input.stages.push_back(stage);
  }
  // Parents in the group, and their children lists.
  std::vector<std::vector<uint32_t>> children(members.size());
  for (size_t k = 0; k < members.size(); ++k) {
    std::vector<int32_t> parents = facts.stages[members[k]].parent_ids;
    std::sort(parents.begin(), parents.end());
    parents.erase(std::unique(parents.begin(), parents.end()), parents.end());
    for (int32_t p : parents) {
      auto it = local.find(p);
      if (it == local.end()) continue;
      ++input.stages[group.stage_begin + k].parents_in_group;
      children[it->second - group.stage_begin].push_back(group.stage_begin + k);
    }
  }
  for (size_t k = 0; k < members.size(); ++k) {
    ScheduleStage& stage = input.stages[group.stage_begin + k];
    stage.child_begin = static_cast<uint32_t>(input.children.size());
    input.children.insert(input.children.end(), children[k].begin(), children[k].end());
    stage.child_end = static_cast<uint32_t>(input.children.size());
  }
  // Reached from the seeds through parents (Sparklens' scheduleStage walk).
  std::vector<uint32_t> todo;
  for (int32_t seed : seeds) {
    const uint32_t s = local.at(seed);
    if (!input.stages[s].is_seed) todo.push_back(s);
    input.stages[s].is_seed = true;
  }
  while (!todo.empty()) {
    const uint32_t s = todo.back();
    todo.pop_back();
    if (input.stages[s].reached) continue;
    input.stages[s].reached = true;
    for (int32_t p : facts.stages[members[s - group.stage_begin]].parent_ids) {
      auto it = local.find(p);
      if (it != local.end() && !input.stages[it->second].reached) todo.push_back(it->second);
    }
  }
  group.stage_end = static_cast<uint32_t>(input.stages.size());
  input.groups.push_back(group);
}

}  // namespace

ScheduleInput SparklensScheduleInput(const TimeFacts& facts,
                                     const std::vector<std::vector<uint32_t>>& groups,
                                     int64_t driver_ms) {
  ScheduleInput input;
  input.fixed_ms = driver_ms;
  for (const std::vector<uint32_t>& jobs : groups) {
    int64_t empty_jobs_ms = 0;
    for (uint32_t j : jobs) {
      if (facts.jobs[j].completed_stages.empty()) empty_jobs_ms += JobSpan(facts, j).duration_ms();
    }
    AddGroup(facts, jobs, [](const JobFacts& j) -> const std::vector<uint32_t>& {
      return j.completed_stages;
    }, Durations::kRunTime, empty_jobs_ms, input);
  }
  return input;
}

ScheduleInput AfterglowScheduleInput(const TimeFacts& facts, const JobActivity& activity,
                                     const std::vector<int64_t>& no_task_ms_in_busy) {
  ScheduleInput input;
  input.fixed_ms = activity.idle_ms;
  for (size_t b = 0; b < activity.busy.size(); ++b) {
    input.fixed_ms += no_task_ms_in_busy[b];
    // A busy stretch without tasks is all driver time, already in no_task_ms_in_busy.
    AddGroup(facts, activity.busy_jobs[b], [](const JobFacts& j) -> const std::vector<uint32_t>& {
      return j.stages_with_tasks;
    }, Durations::kSlot, 0, input);
  }
  return input;
}

}  // namespace afterglow::time_analysis
