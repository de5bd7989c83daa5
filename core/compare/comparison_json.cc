#include "core/compare/comparison_json.h"

#include <optional>

#include "core/api/json_writer.h"

namespace afterglow::compare {
namespace {

void OptionalInt(JsonWriter& w, std::optional<int64_t> value) {
  if (value) w.Int(*value);
  else w.Null();
}

void OptionalString(JsonWriter& w, const std::optional<std::string>& value) {
  if (value) w.String(*value);
  else w.Null();
}

// "a": x, "b": y inside the object being written.
void SideFields(JsonWriter& w, std::optional<int64_t> a, std::optional<int64_t> b) {
  w.Key("a");
  OptionalInt(w, a);
  w.Key("b");
  OptionalInt(w, b);
}

template <typename Entity, typename Id>
std::optional<int64_t> IdOf(const Entity* entity, Id Entity::*id) {
  return entity ? std::optional<int64_t>(entity->*id) : std::nullopt;
}

// {"a": x, "b": y}
void Pair(JsonWriter& w, std::string_view key, std::optional<int64_t> a, std::optional<int64_t> b) {
  w.Key(key);
  w.BeginObject();
  w.Key("a");
  OptionalInt(w, a);
  w.Key("b");
  OptionalInt(w, b);
  w.EndObject();
}

std::optional<int64_t> Duration(const EntityMetrics* m) {
  if (m == nullptr || m->duration_ms < 0) return std::nullopt;
  return m->duration_ms;
}

// The numbers every aligned pair carries, each as {"a", "b"}.
void PairMetrics(JsonWriter& w, const EntityMetrics* a, const EntityMetrics* b) {
  Pair(w, "durationMs", Duration(a), Duration(b));
  auto field = [&](std::string_view key, int64_t EntityMetrics::*member) {
    Pair(w, key, a ? std::optional<int64_t>(a->*member) : std::nullopt,
         b ? std::optional<int64_t>(b->*member) : std::nullopt);
  };
  field("tasks", &EntityMetrics::tasks);
  field("taskTimeMs", &EntityMetrics::task_time_ms);
  field("inputBytes", &EntityMetrics::input_bytes);
  field("outputBytes", &EntityMetrics::output_bytes);
  field("shuffleReadBytes", &EntityMetrics::shuffle_read_bytes);
  field("shuffleWriteBytes", &EntityMetrics::shuffle_write_bytes);
  field("memorySpilledBytes", &EntityMetrics::memory_spilled_bytes);
  field("diskSpilledBytes", &EntityMetrics::disk_spilled_bytes);
  field("gcTimeMs", &EntityMetrics::gc_time_ms);
  field("failedTasks", &EntityMetrics::failed_tasks);
  auto known = [](const EntityMetrics* m, int64_t value) {
    return m && value >= 0 ? std::optional<int64_t>(value) : std::nullopt;
  };
  Pair(w, "longestTaskMs", known(a, a ? a->longest_task_ms : -1), known(b, b ? b->longest_task_ms : -1));
  Pair(w, "medianTaskMs", known(a, a ? a->median_task_ms : -1), known(b, b ? b->median_task_ms : -1));
  w.Key("skew");
  w.BeginObject();
  w.Key("a");
  if (a && a->skew > 0) w.Double(a->skew);
  else w.Null();
  w.Key("b");
  if (b && b->skew > 0) w.Double(b->skew);
  else w.Null();
  w.EndObject();
}

template <typename Entity>
const Entity* At(const std::vector<Entity>& items, int index) {
  return index >= 0 ? &items[static_cast<size_t>(index)] : nullptr;
}

void StageKey(JsonWriter& w, const StageEntity* stage) {
  if (stage == nullptr) {
    w.Null();
    return;
  }
  w.BeginArray();
  w.Int(stage->stage_id);
  w.Int(stage->attempt_id);
  w.EndArray();
}

void WriteApp(JsonWriter& w, const Comparison& c) {
  w.Key("app");
  w.BeginObject();
  for (const AppMetricRow& row : c.app) {
    w.Key(row.key);
    w.BeginObject();
    w.Key("a");
    OptionalInt(w, row.a >= 0 ? std::optional<int64_t>(row.a) : std::nullopt);
    w.Key("b");
    OptionalInt(w, row.b >= 0 ? std::optional<int64_t>(row.b) : std::nullopt);
    w.FieldInt("delta", row.Delta());
    w.Key("ratio");
    if (const auto ratio = row.Ratio()) w.Double(*ratio);
    else w.Null();
    w.EndObject();
  }
  w.EndObject();
}

void WritePlanChanges(JsonWriter& w, const PlanChanges& p) {
  w.Key("plan");
  w.BeginObject();
  w.FieldBool("sameShape", p.same_shape);
  auto names = [&](std::string_view key, const std::vector<std::string>& list) {
    w.Key(key);
    w.BeginArray();
    for (const std::string& name : list) w.String(name);
    w.EndArray();
  };
  names("added", p.added);
  names("removed", p.removed);
  w.Key("replaced");
  w.BeginArray();
  for (const auto& [from, to] : p.replaced) {
    w.BeginObject();
    w.Field("a", from);
    w.Field("b", to);
    w.EndObject();
  }
  w.EndArray();
  w.Key("scans");
  w.BeginArray();
  for (const ScanFieldChange& s : p.scans) {
    w.BeginObject();
    w.Field("scan", s.scan);
    w.Field("field", s.field);
    w.Field("a", s.a);
    w.Field("b", s.b);
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
}

void WriteSql(JsonWriter& w, const Comparison& c) {
  w.Key("sql");
  w.BeginArray();
  for (size_t r = 0; r < c.rows.sql.size(); ++r) {
    const SqlEntity* a = At(c.run_a.sql, c.rows.sql[r].a);
    const SqlEntity* b = At(c.run_b.sql, c.rows.sql[r].b);
    w.BeginObject();
    SideFields(w, IdOf(a, &SqlEntity::execution_id), IdOf(b, &SqlEntity::execution_id));
    w.Field("description", b ? b->description : a->description);
    if (a && b && a->description != b->description) w.Field("descriptionA", a->description);
    PairMetrics(w, a ? &a->metrics : nullptr, b ? &b->metrics : nullptr);
    if (a && b) WritePlanChanges(w, c.sql_changes[r]);
    w.EndObject();
  }
  w.EndArray();
}

void WriteJobs(JsonWriter& w, const Comparison& c) {
  w.Key("jobs");
  w.BeginArray();
  for (size_t r = 0; r < c.rows.jobs.size(); ++r) {
    const JobEntity* a = At(c.run_a.jobs, c.rows.jobs[r].a);
    const JobEntity* b = At(c.run_b.jobs, c.rows.jobs[r].b);
    w.BeginObject();
    SideFields(w, IdOf(a, &JobEntity::job_id), IdOf(b, &JobEntity::job_id));
    w.Field("name", b ? b->name : a->name);
    const int sql_row = c.rows.job_parent[r];
    const SqlEntity* sa = a && a->sql >= 0 ? &c.run_a.sql[static_cast<size_t>(a->sql)] : nullptr;
    const SqlEntity* sb = b && b->sql >= 0 ? &c.run_b.sql[static_cast<size_t>(b->sql)] : nullptr;
    if (sql_row >= 0 || sa || sb) {
      Pair(w, "sql", sa ? std::optional<int64_t>(sa->execution_id) : std::nullopt,
           sb ? std::optional<int64_t>(sb->execution_id) : std::nullopt);
    }
    PairMetrics(w, a ? &a->metrics : nullptr, b ? &b->metrics : nullptr);
    w.EndObject();
  }
  w.EndArray();
}

void WriteStages(JsonWriter& w, const Comparison& c) {
  w.Key("stages");
  w.BeginArray();
  for (size_t r = 0; r < c.rows.stages.size(); ++r) {
    const StageEntity* a = At(c.run_a.stages, c.rows.stages[r].a);
    const StageEntity* b = At(c.run_b.stages, c.rows.stages[r].b);
    w.BeginObject();
    w.Key("a");
    StageKey(w, a);
    w.Key("b");
    StageKey(w, b);
    w.Field("name", b ? b->name : a->name);
    const JobEntity* ja = a && a->job >= 0 ? &c.run_a.jobs[static_cast<size_t>(a->job)] : nullptr;
    const JobEntity* jb = b && b->job >= 0 ? &c.run_b.jobs[static_cast<size_t>(b->job)] : nullptr;
    Pair(w, "job", ja ? std::optional<int64_t>(ja->job_id) : std::nullopt,
         jb ? std::optional<int64_t>(jb->job_id) : std::nullopt);
    PairMetrics(w, a ? &a->metrics : nullptr, b ? &b->metrics : nullptr);
    w.EndObject();
  }
  w.EndArray();
}

void WriteProperties(JsonWriter& w, std::string_view key,
                     const std::vector<PropertyDifference>& list) {
  w.Key(key);
  w.BeginArray();
  for (const PropertyDifference& p : list) {
    w.BeginObject();
    w.Field("key", p.key);
    w.Key("a");
    OptionalString(w, p.a);
    w.Key("b");
    OptionalString(w, p.b);
    if (p.names_the_run) w.FieldBool("namesTheRun", true);
    w.EndObject();
  }
  w.EndArray();
}

void WriteFinding(JsonWriter& w, const Finding& f) {
  w.BeginObject();
  w.Field("kind", FindingKindName(f.kind));
  w.Field("severity", FindingSeverityName(f.severity));
  w.Field("target", FindingTargetName(f.target));
  if (f.target == FindingTarget::kExecutor) w.Field("executorId", f.executor_id);
  else if (f.target != FindingTarget::kApplication) w.FieldInt("targetId", f.target_id);
  if (f.target == FindingTarget::kStage) w.FieldInt("attempt", f.target_attempt);
  w.Field("name", f.name);
  if (!f.detail.empty()) w.Field("detail", f.detail);
  w.Key("values");
  w.BeginArray();
  w.Int(f.value_a);
  w.Int(f.value_b);
  w.Int(f.value_c);
  w.EndArray();
  w.Field("key", FindingCompareKey(f));
  w.EndObject();
}

void WriteFindings(JsonWriter& w, const FindingsDiff& d) {
  w.Key("findings");
  w.BeginObject();
  w.Key("onlyA");
  w.BeginArray();
  for (const Finding& f : d.only_a) WriteFinding(w, f);
  w.EndArray();
  w.Key("onlyB");
  w.BeginArray();
  for (const Finding& f : d.only_b) WriteFinding(w, f);
  w.EndArray();
  w.Key("both");
  w.BeginArray();
  for (const auto& [fa, fb] : d.both) {
    w.BeginObject();
    w.Field("key", FindingCompareKey(fa));
    w.Key("a");
    WriteFinding(w, fa);
    w.Key("b");
    WriteFinding(w, fb);
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
}

void WriteHeadline(JsonWriter& w, const Comparison& c) {
  w.Key("headline");
  w.BeginArray();
  for (const HeadlineItem& item : c.headline) {
    w.BeginObject();
    if (item.level == HeadlineLevel::kSql) {
      const AlignedIndex row = c.rows.sql[static_cast<size_t>(item.row)];
      const SqlEntity* a = At(c.run_a.sql, row.a);
      const SqlEntity* b = At(c.run_b.sql, row.b);
      w.Field("kind", "sql");
      w.FieldInt("sqlRow", item.row);
        SideFields(w, IdOf(a, &SqlEntity::execution_id), IdOf(b, &SqlEntity::execution_id));
      w.Field("description", b ? b->description : a->description);
    } else {
      const AlignedIndex row = c.rows.jobs[static_cast<size_t>(item.row)];
      const JobEntity* a = At(c.run_a.jobs, row.a);
      const JobEntity* b = At(c.run_b.jobs, row.b);
      w.Field("kind", "job");
      w.FieldInt("jobRow", item.row);
        SideFields(w, IdOf(a, &JobEntity::job_id), IdOf(b, &JobEntity::job_id));
      w.Field("name", b ? b->name : a->name);
    }
    w.FieldInt("deltaMs", item.delta_ms);
    if (item.stage_row >= 0) {
      const AlignedIndex row = c.rows.stages[static_cast<size_t>(item.stage_row)];
      const StageEntity* a = At(c.run_a.stages, row.a);
      const StageEntity* b = At(c.run_b.stages, row.b);
      w.Key("stage");
      w.BeginObject();
      w.FieldInt("stageRow", item.stage_row);
      w.Key("a");
      StageKey(w, a);
      w.Key("b");
      StageKey(w, b);
      w.Field("name", b ? b->name : a->name);
      w.FieldInt("deltaMs", item.stage_delta_ms);
      Pair(w, "tasks", a ? std::optional<int64_t>(a->metrics.tasks) : std::nullopt,
           b ? std::optional<int64_t>(b->metrics.tasks) : std::nullopt);
      w.EndObject();
    }
    w.EndObject();
  }
  w.EndArray();
}

const char* ScopeName(ComparisonScope scope) {
  switch (scope) {
    case ComparisonScope::kRuns: return "runs";
    case ComparisonScope::kSqlExecutions: return "sqlExecutions";
    case ComparisonScope::kJobs: return "jobs";
  }
  return "runs";
}

void WriteIdentity(JsonWriter& w, std::string_view key, const RunIdentity& id) {
  w.Key(key);
  w.BeginObject();
  w.Field("id", id.id);
  if (!id.attempt_id.empty()) w.Field("attemptId", id.attempt_id);
  w.Field("name", id.name);
  w.EndObject();
}

}  // namespace

std::string ComparisonJson(const Comparison& c) {
  JsonWriter w;
  w.BeginObject();
  w.Field("scope", ScopeName(c.scope));
  WriteIdentity(w, "a", c.a);
  WriteIdentity(w, "b", c.b);
  WriteApp(w, c);
  w.FieldInt("wallDeltaMs", c.wall_delta_ms);
  w.FieldInt("itemsDeltaMs", c.items_delta_ms);
  WriteHeadline(w, c);
  WriteSql(w, c);
  WriteJobs(w, c);
  WriteStages(w, c);
  WriteProperties(w, "config", c.config);
  WriteProperties(w, "executorRequests", c.executor_requests);
  WriteFindings(w, c.findings);
  w.EndObject();
  return w.Take();
}

}  // namespace afterglow::compare
