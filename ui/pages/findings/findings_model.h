// The page's findings: the core's Finding list (core/analysis/diagnostics.h) in its order (ranked
// by time at stake there), each finding's evidence turned once into the links the views draw, and
// which findings name a given stage, executor or SQL execution. The words and numbers are the
// core's (the title, the evidence's values, the time at stake and its basis, the fix); this model
// only formats a value with its unit and says where each piece of evidence opens. ImGui-free.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/analysis/diagnostics.h"
#include "core/model/app_model.h"
#include "ui/app/route.h"
#include "ui/pages/stages/task_table_model.h"

namespace afterglow::ui {

// What the view a link opens does once it is on screen, so the evidence is in front of the reader.
struct EvidenceFocus {
  // kStage routes: the task table sorted by this column, largest first (kCount: left as it is)...
  TaskColumn task_sort = TaskColumn::kCount;
  int64_t task_id = -1;         // ...with this task selected (-1: none)
  std::string executor_id;      // kExecutors: the executor's row selected
  std::string sql_operator;     // kSqlQuery: the plan node this names selected (Evidence::key)
  std::string environment_key;  // kEnvironment: the table filtered to this key

  bool operator==(const EvidenceFocus&) const = default;
};

// One piece of evidence, or several in a row that open the same place ("max task duration 18.6 s,
// median task duration 3.1 s" -> "Stage 3.0").
struct EvidenceLink {
  EvidenceKind kind = EvidenceKind::kApp;
  std::string text;   // the numbers: "<what> <value>" joined by ", "; "" when the link says it all
  std::string label;  // the link: "Stage 3.0", "Task 78 (partition 17)", "Executor 6"; "" for none
  Route route;        // where the link goes (kOverview with an empty label: nowhere)
  EvidenceFocus focus;
};

// What the views draw of findings[i] besides the core's own text.
struct FindingEntry {
  std::string time_at_stake;  // "15.4 s", formatted as the page formats durations
  std::vector<EvidenceLink> links;
};

// The evidence's value in its unit, as the page prints it: "18.6 s", "1.5 GiB", "1,234", "17%",
// or the text itself.
std::string EvidenceValueText(const Evidence& evidence);
// Where one piece of evidence of `finding` opens, and the label of its link. A task's evidence
// opens its stage (the finding's stage, or the task's own from `attempt` when the finding names
// none) with the task table sorted by the finding's metric and the task selected.
EvidenceLink LinkOfEvidence(const Finding& finding, const Evidence& evidence,
                            const AttemptModel* attempt);
// The task table column a finding's rule is about (skew of input -> Input, spill -> Spill
// (Memory)); Duration for the rest.
TaskColumn TaskColumnOfRule(std::string_view rule);

// An entity a page shows, whose findings it lists: those whose evidence names it.
struct FindingSubject {
  EvidenceKind kind = EvidenceKind::kStage;  // kStage, kExecutor or kSql
  int64_t id = -1;                           // stage id or SQL execution id
  int32_t attempt = -1;                      // stage attempt id
  std::string_view executor_id;              // kExecutor: "" for any executor

  static FindingSubject Stage(int64_t stage_id, int32_t attempt_id) {
    return {EvidenceKind::kStage, stage_id, attempt_id, {}};
  }
  static FindingSubject Executor(std::string_view executor_id) {
    return {EvidenceKind::kExecutor, -1, -1, executor_id};
  }
  static FindingSubject Sql(int64_t execution_id) {
    return {EvidenceKind::kSql, execution_id, -1, {}};
  }
};

// Whether a piece of `finding`'s evidence names `subject`.
bool FindingIsAbout(const Finding& finding, const FindingSubject& subject);

// The route of the entity a finding is about (its target), as the overview's state() names it;
// kOverview for the application.
Route TargetRoute(const Finding& finding);

struct FindingsModel {
  // In the core's order: ranked by time at stake, then severity (Diagnose). entries[i] is what
  // the views draw of findings[i]; the digest takes `findings` as they are.
  std::vector<Finding> findings;
  std::vector<FindingEntry> entries;
  int critical = 0, warnings = 0, infos = 0;

  void Clear();
  // `attempt` resolves the stage of task evidence (may be null: such links open nothing).
  void Build(std::vector<Finding> found, const AttemptModel* attempt);
  bool empty() const { return findings.empty(); }
  size_t size() const { return findings.size(); }

  // Positions in `findings` of those about `subject`, in ranked order.
  std::vector<uint32_t> About(const FindingSubject& subject) const;
};

}  // namespace afterglow::ui
