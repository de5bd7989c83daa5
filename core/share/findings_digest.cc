#include "core/share/findings_digest.h"

#include <algorithm>
#include <utility>

#include "core/analysis/app_totals.h"
#include "core/analysis/rules/rule_context.h"
#include "core/share/identities.h"
#include "core/share/redactor.h"
#include "core/share/text_redaction.h"

namespace afterglow::share {
namespace {

using rules::Bytes;
using rules::Duration;

std::string EvidenceValue(const Evidence& e) {
  switch (e.unit) {
    case EvidenceUnit::kMs: return Duration(e.value);
    case EvidenceUnit::kBytes: return Bytes(e.value);
    case EvidenceUnit::kPercent: return std::to_string(e.value) + "%";
    case EvidenceUnit::kText:
      return MatchesRedactionRegex(e.key) || MatchesRedactionRegex(e.text)
                 ? std::string(kRedactedValue)
                 : e.text;
    case EvidenceUnit::kCount: return std::to_string(e.value);
  }
  return "";
}

std::string EvidenceEntity(const Evidence& e) {
  switch (e.kind) {
    case EvidenceKind::kStage: return "stage " + std::to_string(e.id) + "." + std::to_string(e.attempt);
    case EvidenceKind::kJob: return "job " + std::to_string(e.id);
    case EvidenceKind::kTask: return "task " + std::to_string(e.id) + (e.key.empty() ? "" : " (" + e.key + ")");
    case EvidenceKind::kExecutor: return "executor " + e.key;
    case EvidenceKind::kSql: return "SQL " + std::to_string(e.id);
    case EvidenceKind::kConfig: return "`" + e.key + "`";
    case EvidenceKind::kApp: return "app";
  }
  return "";
}

std::string FindingBlock(size_t rank, const Finding& f) {
  std::string text = std::to_string(rank) + ". **" + FindingSeverityName(f.severity) + " · " +
                     f.rule + "**: " + f.title + "\n";
  std::string evidence;
  for (size_t i = 0; i < f.evidence.size() && i < 6; ++i) {
    const Evidence& e = f.evidence[i];
    if (e.kind == EvidenceKind::kSql && e.what == "operator") continue;  // named in the title
    if (!evidence.empty()) evidence += "; ";
    evidence += EvidenceEntity(e) + " " + e.what + " " + EvidenceValue(e);
  }
  if (!evidence.empty()) text += "   - evidence: " + evidence + "\n";
  text += "   - time at stake: " + Duration(f.time_at_stake_ms) +
          (f.time_at_stake_basis.empty() ? "" : " (" + f.time_at_stake_basis + ")") + "\n";
  if (!f.fix.empty()) text += "   - fix: " + f.fix + "\n";
  return text;
}

std::string TopStages(const AttemptModel& attempt, const StringPool& pool) {
  std::vector<std::pair<int64_t, const StageAttempt*>> stages;
  for (const auto& [key, index] : attempt.stage_rows) {
    const StageAttempt& stage = attempt.stage(index);
    stages.push_back({rules::StageDurationMs(stage), &stage});
  }
  std::stable_sort(stages.begin(), stages.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  std::string text = "## Top stages by duration\n\n| stage | tasks | duration | input | shuffle read | name |\n|---|---|---|---|---|---|\n";
  for (size_t i = 0; i < stages.size() && i < 5; ++i) {
    const StageAttempt& s = *stages[i].second;
    std::string name(pool.Get(s.name));
    if (name.size() > 60) name.resize(60);
    for (char& c : name) c = c == '|' ? '/' : c;
    text += "| " + std::to_string(s.stage_id) + "." + std::to_string(s.attempt_id) + " | " +
            std::to_string(s.num_tasks) + " | " + Duration(stages[i].first) + " | " +
            Bytes(s.metrics[TaskMetric::kInputBytesRead]) + " | " +
            Bytes(s.metrics[TaskMetric::kShuffleRemoteBytesRead] +
                  s.metrics[TaskMetric::kShuffleLocalBytesRead]) +
            " | " + name + " |\n";
  }
  return text + "\n";
}

std::string TopQueries(const AttemptModel& attempt, const StringPool& pool) {
  std::vector<std::pair<int64_t, const SqlExecutionRow*>> queries;
  for (const auto& [id, execution] : attempt.sql.executions) {
    if (execution.completion_time == kNoTime || execution.submission_time < 0) continue;
    queries.push_back({execution.completion_time - execution.submission_time, &execution});
  }
  if (queries.empty()) return "";
  std::stable_sort(queries.begin(), queries.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  std::string text = "## Top SQL queries by duration\n\n| query | duration | description |\n|---|---|---|\n";
  for (size_t i = 0; i < queries.size() && i < 5; ++i) {
    const SqlExecutionRow& q = *queries[i].second;
    std::string description = q.description.present ? std::string(pool.Get(q.description.id)) : "";
    description = description.substr(0, description.find('\n'));
    if (description.size() > 60) description.resize(60);
    for (char& c : description) c = c == '|' ? '/' : c;
    text += "| " + std::to_string(q.execution_id) + " | " + Duration(queries[i].first) + " | " +
            description + " |\n";
  }
  return text + "\n";
}

std::string Redacted(const std::string& text, Identities& identities) {
  std::string out;
  size_t at = 0;
  while (at < text.size()) {
    size_t end = text.find('\n', at);
    if (end == std::string::npos) end = text.size();
    const std::string_view line(text.data() + at, end - at);
    if (!RewriteText(line, identities, &out)) out.append(line);
    if (end < text.size()) out += '\n';
    at = end + 1;
  }
  return out;
}

}  // namespace

std::string FindingsDigest(const AttemptModel& attempt, const StringPool& pool,
                           const std::vector<Finding>& findings) {
  const AppTotals totals = ComputeAppTotals(attempt, pool);
  const DiagnosticRules rules;
  const rules::RuleContext context = rules::MakeRuleContext(attempt, pool, rules, 0);
  const std::string_view app_id =
      attempt.app.app_id.present ? pool.Get(attempt.app.app_id.id) : std::string_view("(no id)");
  std::string head = "# Spark application " + std::string(pool.Get(attempt.app.name)) + " (" +
                     std::string(app_id) + ")\n\n";
  const std::string_view version = pool.Get(attempt.app.spark_version);
  head += "Spark " + (version.empty() ? std::string("?") : std::string(version)) + ", " +
          Duration(context.app_duration_ms) + ", " +
          std::to_string(attempt.job_rows.size()) + " jobs, " +
          std::to_string(attempt.stage_rows.size()) + " stage attempts, " +
          std::to_string(totals.completed_tasks) + " tasks (" +
          std::to_string(totals.failed_tasks) + " failed), " +
          (totals.local_mode ? std::string("local mode (the driver ran the tasks)")
                             : std::to_string(totals.executors_total) + " executors") +
          " (" + std::to_string(context.slots) + " task slots at most), task time " + Duration(totals.executor_run_time_ms) + ", GC " +
          Duration(totals.jvm_gc_time_ms) + ", input " + Bytes(totals.input_bytes) +
          ", shuffle read " + Bytes(totals.shuffle_read_bytes) + ", output " +
          Bytes(totals.output_bytes) + ".\n\n";
  head += "## Findings, ranked by time at stake\n\n";
  if (findings.empty()) head += "None.\n";
  const std::string tail = TopStages(attempt, pool) + TopQueries(attempt, pool) +
                           "_Made by afterglow findings --digest; hosts, users and paths redacted._\n";

  Identities identities;
  for (const Executor& e : attempt.executors) identities.AddHost(pool.Get(e.host));
  identities.AddUser(pool.Get(attempt.app.user));
  // Learn URL hosts and /home users before rewriting, as the redactor's scan pass does.
  std::string body;
  size_t listed = 0;
  for (const Finding& f : findings) {
    const std::string block = FindingBlock(listed + 1, f);
    const std::string more = "\n…and " + std::to_string(findings.size() - listed) +
                             " more (afterglow findings --json lists them all).\n";
    if (head.size() + body.size() + block.size() + more.size() + tail.size() + 256 > kDigestMaxBytes) {
      body += more;
      break;
    }
    body += block;
    ++listed;
  }
  std::string text = head + body + "\n" + tail;
  ScanText(text, identities);
  text = Redacted(text, identities);
  // Redaction changes lengths a little; the cap holds whatever it did.
  if (text.size() > kDigestMaxBytes) {
    text.resize(kDigestMaxBytes - 4);
    while (!text.empty() && (static_cast<unsigned char>(text.back()) & 0xC0) == 0x80) text.pop_back();
    if (!text.empty() && (static_cast<unsigned char>(text.back()) & 0x80)) text.pop_back();
    text += "\n…\n";
  }
  return text;
}

}  // namespace afterglow::share
