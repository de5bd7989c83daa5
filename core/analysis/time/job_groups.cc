#include "core/analysis/time/job_groups.h"

#include <algorithm>
#include <map>

namespace afterglow::time_analysis {

Stretch JobSpan(const TimeFacts& facts, uint32_t job) {
  const JobFacts& j = facts.jobs[job];
  Stretch span{j.start_ms, j.end_ms};
  if (span.end_ms == kNoTime) {
    int64_t last = kNoTime;
    for (uint32_t s : j.stages_with_tasks) last = std::max(last, facts.stages[s].last_finish);
    span.end_ms = last != kNoTime ? last : facts.app_end_ms;
  }
  return span;
}

std::vector<std::vector<uint32_t>> SparklensJobGroups(const TimeFacts& facts) {
  std::map<int64_t, std::vector<uint32_t>> by_execution;
  std::vector<std::vector<uint32_t>> merged;
  for (uint32_t j = 0; j < facts.jobs.size(); ++j) {
    const Stretch span = JobSpan(facts, j);
    if (span.start_ms == kNoTime || span.start_ms < facts.app_start_ms ||
        span.end_ms > facts.app_end_ms) {
      continue;
    }
    if (facts.jobs[j].sql_execution_id) {
      by_execution[*facts.jobs[j].sql_execution_id].push_back(j);
    } else {
      merged.push_back({j});
    }
  }
  for (auto& [id, jobs] : by_execution) merged.push_back(std::move(jobs));
  // Split each group where a job starts after the previously started one ended (Sparklens
  // compares with the last job added, not with the latest end so far).
  std::vector<std::vector<uint32_t>> groups;
  for (std::vector<uint32_t>& group : merged) {
    std::stable_sort(group.begin(), group.end(), [&](uint32_t a, uint32_t b) {
      return facts.jobs[a].start_ms < facts.jobs[b].start_ms;
    });
    std::vector<uint32_t> current;
    for (uint32_t j : group) {
      if (!current.empty() && JobSpan(facts, current.back()).end_ms < facts.jobs[j].start_ms) {
        groups.push_back(std::move(current));
        current.clear();
      }
      current.push_back(j);
    }
    if (!current.empty()) groups.push_back(std::move(current));
  }
  return groups;
}

int64_t SparklensTimeInJobsMs(const TimeFacts& facts,
                              const std::vector<std::vector<uint32_t>>& groups) {
  int64_t total = 0;
  for (const std::vector<uint32_t>& group : groups) {
    int64_t first = INT64_MAX, last = INT64_MIN;
    for (uint32_t j : group) {
      const Stretch span = JobSpan(facts, j);
      first = std::min(first, span.start_ms);
      last = std::max(last, span.end_ms);
    }
    total += last - first;
  }
  return total;
}

JobActivity ComputeJobActivity(const TimeFacts& facts) {
  struct Clipped {
    Stretch span;
    uint32_t job;
  };
  std::vector<Clipped> spans;
  for (uint32_t j = 0; j < facts.jobs.size(); ++j) {
    Stretch span = JobSpan(facts, j);
    if (span.start_ms == kNoTime) continue;
    span.start_ms = std::max(span.start_ms, facts.app_start_ms);
    span.end_ms = std::min(span.end_ms, facts.app_end_ms);
    if (span.end_ms < span.start_ms) continue;
    spans.push_back({span, j});
  }
  std::sort(spans.begin(), spans.end(), [](const Clipped& a, const Clipped& b) {
    return a.span.start_ms < b.span.start_ms;
  });
  JobActivity activity;
  for (const Clipped& c : spans) {
    if (!activity.busy.empty() && c.span.start_ms <= activity.busy.back().end_ms) {
      activity.busy.back().end_ms = std::max(activity.busy.back().end_ms, c.span.end_ms);
      activity.busy_jobs.back().push_back(c.job);
    } else {
      activity.busy.push_back(c.span);
      activity.busy_jobs.push_back({c.job});
    }
  }
  int64_t cursor = facts.app_start_ms;
  for (const Stretch& b : activity.busy) {
    if (b.start_ms > cursor) activity.idle.push_back({cursor, b.start_ms});
    cursor = b.end_ms;
    activity.busy_ms += b.duration_ms();
  }
  if (facts.app_end_ms > cursor) activity.idle.push_back({cursor, facts.app_end_ms});
  for (const Stretch& i : activity.idle) activity.idle_ms += i.duration_ms();
  return activity;
}

}  // namespace afterglow::time_analysis
