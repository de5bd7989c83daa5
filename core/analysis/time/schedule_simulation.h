// A simulation of Spark's task scheduler over recorded tasks, for the executor what-if: each task
// keeps its recorded duration, a stage's tasks are queued once its parents have finished, and a
// fixed number of task slots run them, the earliest-finishing first (Sparklens'
// CompletionEstimator with its PQParallelStageScheduler, re-derived):
//  - jobs are simulated group by group (job_groups.h), the groups one after another, and the
//    time outside the groups (`fixed_ms`, the driver's) is added unchanged;
//  - in a group, the stages reached from each job's highest stage id through "Parent IDs" are
//    simulated; a stage with no parent in the group is runnable at once, the others wait for
//    theirs; the runnable stage with the lowest id is queued next, all its tasks in task id order;
//    a task queued while every slot is busy starts when the earliest-finishing task ends;
//  - a group ends when every job's highest stage has finished; a group without any stage to run
//    takes the time its jobs took.
// Sparklens ran this as one blocking call per estimate (with a 60 s timeout); here the work is a
// resumable object: Step(budget) does at most `budget` task moves and says whether it finished,
// so the page can spread an estimate over frames. Cost: O(tasks * log(slots)) per estimate.
#pragma once

#include <cstdint>
#include <set>
#include <span>
#include <vector>

namespace afterglow::time_analysis {

struct ScheduleStage {
  int32_t stage_id = 0;
  uint32_t task_begin = 0, task_end = 0;      // range of the simulated durations (TimeFacts')
  uint32_t child_begin = 0, child_end = 0;    // range of ScheduleInput::children
  uint32_t parents_in_group = 0;              // distinct parents that this group simulates
  bool is_seed = false;                        // the highest stage id of one of the group's jobs
  bool reached = false;                        // reached from a seed through parents
};

struct ScheduleGroup {
  uint32_t stage_begin = 0, stage_end = 0;  // range of ScheduleInput::stages, by stage id
  int64_t no_stage_ms = 0;                   // the group's time when it has no stage to simulate
};

// The stages and groups to simulate. The tasks' durations are not copied here: a stage's range
// indexes the durations the simulation is given (TimeFacts::run_ms or slot_ms).
struct ScheduleInput {
  std::vector<ScheduleStage> stages;
  std::vector<uint32_t> children;    // indices into `stages`, same group
  std::vector<ScheduleGroup> groups;
  int64_t fixed_ms = 0;              // added to the simulated groups' times
};

class ScheduleSimulation {
 public:
  // `input` and `task_ms` must outlive the simulation. `slots`: task slots (cores /
  // spark.task.cpus), >= 1. A duration under 1 ms counts as 1 ms (Sparklens forces 0 ms tasks to 1).
  ScheduleSimulation(const ScheduleInput& input, std::span<const int32_t> task_ms, int64_t slots);

  // Runs at most `budget` task moves (a queueing or a finishing); true once the estimate is done.
  bool Step(uint64_t budget);
  bool done() const { return group_ >= input_->groups.size(); }
  // The estimated wall-clock time; valid once done().
  int64_t estimated_ms() const { return total_ms_; }
  uint64_t moves() const { return moves_; }  // task moves done so far

 private:
  void StartGroup();
  void FinishOne();  // the earliest-finishing queued task ends
  void EndGroup();

  struct Queued {
    int64_t finish_ms;
    uint32_t stage;
  };
  const ScheduleInput* input_;
  std::span<const int32_t> task_ms_;
  int64_t slots_;
  size_t group_ = 0;
  bool group_started_ = false;
  int64_t total_ms_ = 0;
  int64_t clock_ms_ = 0;  // the group's clock: when the last finished task ended
  std::vector<Queued> queue_;                 // min-heap on finish_ms
  std::vector<uint32_t> pending_tasks_;       // per stage: tasks not yet finished
  std::vector<uint32_t> waiting_parents_;     // per stage: parents not yet finished
  std::set<uint32_t> runnable_;               // stage indices ready to queue, lowest id first
  uint32_t seeds_left_ = 0;
  int64_t queuing_stage_ = -1;  // the stage whose tasks are being queued, -1: none
  uint32_t next_task_ = 0;
  uint64_t moves_ = 0;
};

}  // namespace afterglow::time_analysis
