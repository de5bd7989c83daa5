#include "core/analysis/time/schedule_simulation.h"

#include <algorithm>

namespace afterglow::time_analysis {
namespace {

bool LaterFinish(const auto& a, const auto& b) { return a.finish_ms > b.finish_ms; }

}  // namespace

ScheduleSimulation::ScheduleSimulation(const ScheduleInput& input, std::span<const int32_t> task_ms,
                                       int64_t slots)
    : input_(&input), task_ms_(task_ms), slots_(std::max<int64_t>(1, slots)) {
  pending_tasks_.resize(input.stages.size());
  waiting_parents_.resize(input.stages.size());
  total_ms_ = input.fixed_ms;
}

void ScheduleSimulation::StartGroup() {
  const ScheduleGroup& g = input_->groups[group_];
  group_started_ = true;
  clock_ms_ = 0;
  queue_.clear();
  runnable_.clear();
  seeds_left_ = 0;
  queuing_stage_ = -1;
  for (uint32_t s = g.stage_begin; s < g.stage_end; ++s) {
    const ScheduleStage& stage = input_->stages[s];
    pending_tasks_[s] = stage.task_end - stage.task_begin;
    waiting_parents_[s] = stage.parents_in_group;
    if (stage.is_seed) ++seeds_left_;
    if (stage.reached && stage.parents_in_group == 0) runnable_.insert(s);
  }
  if (seeds_left_ == 0) {  // nothing to simulate: the jobs' own time
    total_ms_ += g.no_stage_ms;
    ++group_;
    group_started_ = false;
  }
}

void ScheduleSimulation::FinishOne() {
  std::pop_heap(queue_.begin(), queue_.end(), LaterFinish<Queued, Queued>);
  const Queued done_task = queue_.back();
  queue_.pop_back();
  clock_ms_ = done_task.finish_ms;
  if (--pending_tasks_[done_task.stage] != 0) return;
  const ScheduleStage& stage = input_->stages[done_task.stage];
  if (stage.is_seed) --seeds_left_;
  for (uint32_t c = stage.child_begin; c < stage.child_end; ++c) {
    const uint32_t child = input_->children[c];
    if (--waiting_parents_[child] == 0 && input_->stages[child].reached) runnable_.insert(child);
  }
}

void ScheduleSimulation::EndGroup() {
  int64_t end = clock_ms_;
  for (const Queued& q : queue_) end = std::max(end, q.finish_ms);
  total_ms_ += end;
  ++group_;
  group_started_ = false;
}

bool ScheduleSimulation::Step(uint64_t budget) {
  while (!done() && budget > 0) {
    if (!group_started_) {
      StartGroup();
      continue;
    }
    if (queuing_stage_ >= 0) {
      const ScheduleStage& stage = input_->stages[queuing_stage_];
      if (next_task_ >= stage.task_end) {
        queuing_stage_ = -1;
        continue;
      }
      if (static_cast<int64_t>(queue_.size()) >= slots_) {
        FinishOne();
        --budget;
      ++moves_;
      }
      queue_.push_back({clock_ms_ + std::max<int32_t>(1, task_ms_[next_task_++]),
                        static_cast<uint32_t>(queuing_stage_)});
      std::push_heap(queue_.begin(), queue_.end(), LaterFinish<Queued, Queued>);
      --budget;
      ++moves_;
      continue;
    }
    if (seeds_left_ == 0) {
      EndGroup();
      continue;
    }
    if (!runnable_.empty()) {
      const uint32_t s = *runnable_.begin();
      runnable_.erase(runnable_.begin());
      queuing_stage_ = s;
      next_task_ = input_->stages[s].task_begin;
      continue;
    }
    if (queue_.empty()) {
      // Stages wait on parents that will never finish (a cycle in the parent ids, which no real
      // log has). Sparklens gives up on such a group; we end it at its clock.
      EndGroup();
      continue;
    }
    FinishOne();
    --budget;
    ++moves_;
  }
  return done();
}

}  // namespace afterglow::time_analysis
