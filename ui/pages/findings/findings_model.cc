#include "ui/pages/findings/findings_model.h"

#include <cstdio>

#include "ui/widgets/format.h"

namespace afterglow::ui {
namespace {

// An SQL operator's description can be a whole plan line; the link shows its start.
constexpr size_t kOperatorLabelChars = 60;

std::string StageLabel(int64_t stage_id, int32_t attempt_id) {
  return "Stage " + std::to_string(stage_id) + "." + std::to_string(attempt_id < 0 ? 0 : attempt_id);
}

// The stage attempt a finding is about: its target, else its first stage evidence.
bool StageOfFinding(const Finding& finding, int64_t* stage_id, int32_t* attempt_id) {
  if (finding.target == FindingTarget::kStage && finding.target_id >= 0) {
    *stage_id = finding.target_id;
    *attempt_id = finding.target_attempt;
    return true;
  }
  for (const Evidence& e : finding.evidence) {
    if (e.kind == EvidenceKind::kStage && e.id >= 0) {
      *stage_id = e.id;
      *attempt_id = e.attempt;
      return true;
    }
  }
  return false;
}

// The stage attempt that ran task attempt (`task_id`, `attempt_number`), from the task columns.
bool StageOfTask(const AttemptModel& attempt, int64_t task_id, int32_t attempt_number,
                 int64_t* stage_id, int32_t* attempt_id) {
  const TaskColumns& tasks = attempt.tasks;
  for (size_t row = 0; row < tasks.size(); ++row) {
    if (tasks.task_id[row] != task_id) continue;
    if (attempt_number >= 0 && tasks.attempt[row] != attempt_number) continue;
    *stage_id = tasks.stage_id[row];
    *attempt_id = tasks.stage_attempt_id[row];
    return true;
  }
  return false;
}

// "<what> <value>"; a count of 1 for an entity the link names ("operator") is the link alone.
std::string EvidenceText(const Evidence& e) {
  if (e.kind == EvidenceKind::kConfig) return "";  // the link says "key = value"
  if (e.kind == EvidenceKind::kSql && !e.key.empty() && e.unit == EvidenceUnit::kCount &&
      e.value == 1) {
    return "";
  }
  const std::string value = EvidenceValueText(e);
  if (e.what.empty()) return value;
  return value.empty() ? e.what : e.what + " " + value;
}

bool SameDestination(const EvidenceLink& a, const EvidenceLink& b) {
  return a.label == b.label && a.route == b.route && a.focus == b.focus;
}

}  // namespace

std::string EvidenceValueText(const Evidence& e) {
  char text[48];
  switch (e.unit) {
    case EvidenceUnit::kMs: return FormatDuration(e.value, text, sizeof text);
    case EvidenceUnit::kBytes:
      return FormatBytes(static_cast<uint64_t>(e.value < 0 ? 0 : e.value), text, sizeof text);
    case EvidenceUnit::kCount:
      if (e.value < 0) return std::to_string(e.value);
      return FormatCount(static_cast<uint64_t>(e.value), text, sizeof text);
    case EvidenceUnit::kPercent: return std::to_string(e.value) + "%";
    case EvidenceUnit::kText: return e.text;
  }
  return "";
}

bool FindingIsAbout(const Finding& finding, const FindingSubject& subject) {
  for (const Evidence& e : finding.evidence) {
    if (e.kind != subject.kind) continue;
    switch (subject.kind) {
      case EvidenceKind::kStage:
        if (e.id == subject.id && e.attempt == subject.attempt) return true;
        break;
      case EvidenceKind::kExecutor:
        if (subject.executor_id.empty() || e.key == subject.executor_id) return true;
        break;
      case EvidenceKind::kSql:
        if (e.id == subject.id) return true;
        break;
      default:
        break;
    }
  }
  return false;
}

Route TargetRoute(const Finding& f) {
  switch (f.target) {
    case FindingTarget::kStage: return {ViewId::kStage, f.target_id, f.target_attempt};
    case FindingTarget::kJob: return {ViewId::kJob, f.target_id};
    case FindingTarget::kExecutor: return {ViewId::kExecutors};
    case FindingTarget::kSqlExecution: return {ViewId::kSqlQuery, f.target_id};
    case FindingTarget::kApplication: break;
  }
  return {ViewId::kOverview};
}

TaskColumn TaskColumnOfRule(std::string_view rule) {
  if (rule == "skew-input") return TaskColumn::kInput;
  if (rule == "skew-shuffle-read") return TaskColumn::kShuffleRead;
  if (rule == "spill") return TaskColumn::kSpillMemory;
  return TaskColumn::kDuration;
}

EvidenceLink LinkOfEvidence(const Finding& finding, const Evidence& e, const AttemptModel* attempt) {
  EvidenceLink link;
  link.kind = e.kind;
  link.text = EvidenceText(e);
  switch (e.kind) {
    case EvidenceKind::kStage:
      link.label = StageLabel(e.id, e.attempt);
      link.route = {ViewId::kStage, e.id, e.attempt};
      break;
    case EvidenceKind::kTask: {
      int64_t stage_id = -1;
      int32_t stage_attempt = -1;
      const bool found = StageOfFinding(finding, &stage_id, &stage_attempt) ||
                         (attempt != nullptr &&
                          StageOfTask(*attempt, e.id, e.attempt, &stage_id, &stage_attempt));
      if (!found) break;
      link.label = "Task " + std::to_string(e.id);
      if (!e.key.empty()) link.label += " (" + e.key + ")";
      link.route = {ViewId::kStage, stage_id, stage_attempt};
      link.focus.task_sort = TaskColumnOfRule(finding.rule);
      link.focus.task_id = e.id;
      break;
    }
    case EvidenceKind::kJob:
      link.label = "Job " + std::to_string(e.id);
      link.route = {ViewId::kJob, e.id};
      break;
    case EvidenceKind::kExecutor:
      link.label = "Executor " + e.key;
      link.route = {ViewId::kExecutors};
      link.focus.executor_id = e.key;
      break;
    case EvidenceKind::kSql:
      link.label = "SQL " + std::to_string(e.id);
      if (!e.key.empty()) {
        link.label += ": " + e.key.substr(0, kOperatorLabelChars);
        if (e.key.size() > kOperatorLabelChars) link.label += "...";
      }
      link.route = {ViewId::kSqlQuery, e.id};
      link.focus.sql_operator = e.key;
      break;
    case EvidenceKind::kConfig:
      link.label = e.key + " = " + (e.text.empty() ? "(not set)" : e.text);
      link.route = {ViewId::kEnvironment};
      link.focus.environment_key = e.key;
      break;
    case EvidenceKind::kApp:
      break;  // the application: the overview itself, no link
  }
  return link;
}

void FindingsModel::Clear() {
  entries.clear();
  findings.clear();
  critical = warnings = infos = 0;
}

void FindingsModel::Build(std::vector<Finding> found, const AttemptModel* attempt) {
  Clear();
  findings = std::move(found);
  entries.reserve(findings.size());
  char text[48];
  for (const Finding& finding : findings) {
    FindingEntry entry;
    entry.time_at_stake = FormatDuration(finding.time_at_stake_ms, text, sizeof text);
    for (const Evidence& e : finding.evidence) {
      EvidenceLink link = LinkOfEvidence(finding, e, attempt);
      // Numbers that open the same place share one link.
      if (!entry.links.empty() && SameDestination(entry.links.back(), link) &&
          !link.label.empty()) {
        std::string& joined = entry.links.back().text;
        if (!link.text.empty()) joined += (joined.empty() ? "" : ", ") + link.text;
        continue;
      }
      entry.links.push_back(std::move(link));
    }
    critical += finding.severity == FindingSeverity::kCritical;
    warnings += finding.severity == FindingSeverity::kWarning;
    infos += finding.severity == FindingSeverity::kInfo;
    entries.push_back(std::move(entry));
  }
}

std::vector<uint32_t> FindingsModel::About(const FindingSubject& subject) const {
  std::vector<uint32_t> out;
  for (uint32_t i = 0; i < findings.size(); ++i) {
    if (FindingIsAbout(findings[i], subject)) out.push_back(i);
  }
  return out;
}

}  // namespace afterglow::ui
