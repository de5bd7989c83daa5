#include "core/api/findings_json.h"

namespace afterglow {

const char* EvidenceKindName(EvidenceKind kind) {
  switch (kind) {
    case EvidenceKind::kStage: return "stage";
    case EvidenceKind::kJob: return "job";
    case EvidenceKind::kTask: return "task";
    case EvidenceKind::kExecutor: return "executor";
    case EvidenceKind::kSql: return "sql";
    case EvidenceKind::kConfig: return "config";
    case EvidenceKind::kApp: return "app";
  }
  return "app";
}

const char* EvidenceUnitName(EvidenceUnit unit) {
  switch (unit) {
    case EvidenceUnit::kMs: return "ms";
    case EvidenceUnit::kBytes: return "bytes";
    case EvidenceUnit::kCount: return "count";
    case EvidenceUnit::kPercent: return "percent";
    case EvidenceUnit::kText: return "text";
  }
  return "count";
}

void WriteFindingJson(const Finding& finding, std::string_view app_id, JsonWriter& out) {
  out.BeginObject();
  out.Field("rule", finding.rule);
  out.Field("severity", FindingSeverityName(finding.severity));
  out.Field("title", finding.title);
  out.Key("evidence");
  out.BeginArray();
  for (const Evidence& e : finding.evidence) {
    out.BeginObject();
    out.Field("kind", EvidenceKindName(e.kind));
    switch (e.kind) {
      case EvidenceKind::kStage:
      case EvidenceKind::kTask:
        out.FieldInt("id", e.id);
        out.FieldInt("attempt", e.attempt);
        if (!e.key.empty()) out.Field("key", e.key);
        break;
      case EvidenceKind::kJob:
        out.FieldInt("id", e.id);
        break;
      case EvidenceKind::kSql:
        out.FieldInt("id", e.id);
        if (!e.key.empty()) out.Field("operator", e.key);
        break;
      case EvidenceKind::kExecutor:
      case EvidenceKind::kConfig:
        out.Field("id", e.key);
        break;
      case EvidenceKind::kApp:
        out.Field("id", app_id);
        break;
    }
    out.Field("what", e.what);
    if (e.unit == EvidenceUnit::kText) {
      out.Field("value", e.text);
    } else {
      out.FieldInt("value", e.value);
    }
    out.Field("unit", EvidenceUnitName(e.unit));
    out.EndObject();
  }
  out.EndArray();
  out.FieldInt("timeAtStakeMs", finding.time_at_stake_ms);
  out.Field("timeAtStakeBasis", finding.time_at_stake_basis);
  out.Field("fix", finding.fix);
  out.Field("appId", app_id);
  out.EndObject();
}

}  // namespace afterglow
