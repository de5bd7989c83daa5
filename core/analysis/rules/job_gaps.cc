#include "core/analysis/rules/job_gaps.h"

#include <algorithm>

namespace afterglow::rules {

std::vector<JobGap> FindJobGaps(const AttemptModel& attempt, int64_t min_gap_ms) {
  struct Span {
    int64_t start, end;
    int32_t job;
  };
  std::vector<Span> spans;
  for (const auto& [job_id, index] : attempt.job_rows) {
    const Job& job = attempt.job(index);
    const int64_t end = job.shown().completion_time;
    if (job.submission_time == kNoTime || end == kNoTime || end < job.submission_time) continue;
    spans.push_back({job.submission_time, end, job_id});
  }
  std::sort(spans.begin(), spans.end(),
            [](const Span& a, const Span& b) { return a.start < b.start; });
  std::vector<JobGap> gaps;
  if (spans.empty()) return gaps;
  int64_t covered_until = spans[0].end;
  int32_t last_ending = spans[0].job;
  for (size_t i = 1; i < spans.size(); ++i) {
    if (spans[i].start - covered_until >= min_gap_ms) {
      gaps.push_back({covered_until, spans[i].start, last_ending, spans[i].job});
    }
    if (spans[i].end >= covered_until) {
      covered_until = spans[i].end;
      last_ending = spans[i].job;
    }
  }
  return gaps;
}

void AddJobGapFindings(const RuleContext& context, std::vector<Finding>& out) {
  const DiagnosticRules& rules = context.rules;
  std::vector<JobGap> gaps = FindJobGaps(context.attempt, rules.job_gap_min_ms);
  int64_t total = 0;
  for (const JobGap& gap : gaps) total += gap.end_ms - gap.start_ms;
  if (total < rules.job_gap_min_total_ms) return;
  if (context.app_duration_ms > 0 &&
      static_cast<double>(total) < rules.job_gap_app_share * static_cast<double>(context.app_duration_ms)) {
    return;
  }
  const std::string_view app_name = context.pool.Get(context.attempt.app.name);
  const bool shell = app_name == "Spark shell" || app_name == "PySparkShell" ||
                     app_name.starts_with("Databricks Shell") || app_name == "sparklyr";
  Finding f;
  f.kind = FindingKind::kJobGap;
  // In a shell or notebook a gap is usually a person reading or typing: worth knowing, not a bug.
  f.severity = shell ? FindingSeverity::kInfo : FindingSeverity::kWarning;
  f.rule = "job-gaps";
  f.target = FindingTarget::kApplication;
  f.value_a = total;
  std::sort(gaps.begin(), gaps.end(), [](const JobGap& a, const JobGap& b) {
    return a.end_ms - a.start_ms > b.end_ms - b.start_ms;
  });
  const JobGap& largest = gaps.front();
  f.title = "No Spark job ran for " + Duration(total) + " in " + std::to_string(gaps.size()) +
            " gap" + (gaps.size() == 1 ? "" : "s") + " between jobs (largest " +
            Duration(largest.end_ms - largest.start_ms) + ", after job " +
            std::to_string(largest.job_before) + " before job " +
            std::to_string(largest.job_after) + "): the executors idled while the driver worked" +
            (shell ? " (an interactive shell: gaps may be a person typing)" : "");
  f.evidence.push_back(AppEvidence("time between jobs with no job running", total, EvidenceUnit::kMs));
  if (context.app_duration_ms > 0) {
    f.evidence.push_back(AppEvidence("application duration", context.app_duration_ms, EvidenceUnit::kMs));
  }
  for (size_t i = 0; i < gaps.size() && i < 5; ++i) {
    for (int32_t job : {gaps[i].job_before, gaps[i].job_after}) {
      Evidence e;
      e.kind = EvidenceKind::kJob;
      e.id = job;
      e.what = job == gaps[i].job_before ? "gap after this job" : "gap before this job";
      e.value = gaps[i].end_ms - gaps[i].start_ms;
      e.unit = EvidenceUnit::kMs;
      f.evidence.push_back(std::move(e));
    }
  }
  f.time_at_stake_ms = total;
  f.time_at_stake_basis = "the summed gaps: wall-clock time with no job, all of it driver-side";
  f.fix = "Find the driver-side work between those jobs: collect()/toPandas() of large results, "
          "Python loops between actions, listing many files, or planning a large plan; move it "
          "into Spark, parallelise it, or cache what is recomputed";
  out.push_back(std::move(f));
}

}  // namespace afterglow::rules
