#include "core/analysis/time/critical_path.h"

#include <algorithm>
#include <unordered_map>

namespace afterglow::time_analysis {
namespace {

struct Walk {
  const TimeFacts& facts;
  StageLength length;
  std::unordered_map<int32_t, uint32_t> in_job;  // stage id -> index into facts.stages
  std::unordered_map<int32_t, int64_t> memo;     // stage id -> path ending with it

  int64_t Length(const StageFacts& s) const {
    return length == StageLength::kLongestRunTime ? s.run_ms_max : s.slot_ms_max;
  }
  // Iterative depth-first walk: a chain of thousands of stages must not overflow the stack.
  int64_t PathTo(int32_t last_stage) {
    std::vector<std::pair<int32_t, bool>> todo{{last_stage, false}};
    while (!todo.empty()) {
      auto [id, parents_done] = todo.back();
      todo.pop_back();
      if (memo.count(id)) continue;
      auto stage = in_job.find(id);
      if (stage == in_job.end()) {
        memo[id] = 0;
        continue;
      }
      const StageFacts& s = facts.stages[stage->second];
      if (!parents_done) {
        todo.push_back({id, true});
        for (int32_t p : s.parent_ids) {
          if (!memo.count(p)) todo.push_back({p, false});
        }
        continue;
      }
      int64_t longest_parent = 0;
      for (int32_t p : s.parent_ids) {
        auto m = memo.find(p);
        // A parent still unresolved here closes a cycle, which no real log has; it adds nothing.
        if (m != memo.end()) longest_parent = std::max(longest_parent, m->second);
      }
      memo[id] = Length(s) + longest_parent;
    }
    return memo[last_stage];
  }
};

}  // namespace

int64_t CriticalPathMs(const TimeFacts& facts, const std::vector<uint32_t>& stages,
                       StageLength length) {
  if (stages.empty()) return 0;
  Walk walk{facts, length, {}, {}};
  int32_t last = INT32_MIN;
  for (uint32_t s : stages) {
    walk.in_job[facts.stages[s].stage_id] = s;
    last = std::max(last, facts.stages[s].stage_id);
  }
  return walk.PathTo(last);
}

}  // namespace afterglow::time_analysis
