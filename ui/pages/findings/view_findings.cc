#include "ui/pages/findings/view_findings.h"

#include <algorithm>
#include <cstdio>
#include <string>

#include "core/api/findings_json.h"
#include "core/share/findings_digest.h"
#include "ui/pages/findings/follow_evidence.h"
#include "ui/widgets/theme.h"
#include "ui/widgets/widget_anchors.h"
#include "ui/widgets/widgets.h"

namespace afterglow::ui {
namespace {

const ImVec4& SeverityColor(FindingSeverity severity) {
  switch (severity) {
    case FindingSeverity::kCritical: return colors::kFailed;
    case FindingSeverity::kWarning: return colors::kAccent;
    case FindingSeverity::kInfo: return colors::kMuted;
  }
  return colors::kMuted;
}

// The anchor a browser test clicks: the first link of each kind drawn in a frame.
const char* AnchorName(EvidenceKind kind) {
  switch (kind) {
    case EvidenceKind::kStage: return "evidenceStage";
    case EvidenceKind::kJob: return "evidenceJob";
    case EvidenceKind::kTask: return "evidenceTask";
    case EvidenceKind::kExecutor: return "evidenceExecutor";
    case EvidenceKind::kSql: return "evidenceSql";
    case EvidenceKind::kConfig: return "evidenceConfig";
    case EvidenceKind::kApp: return "evidenceApp";
  }
  return "evidenceApp";
}

// Goes to the next line unless `width` more pixels fit on this one (after the first item).
void FlowItem(bool first, float width) {
  if (first) return;
  ImGui::SameLine(0, ImGui::GetFontSize());
  if (ImGui::GetContentRegionAvail().x < width) ImGui::NewLine();
}

// Draws the evidence of one finding as "text link" items flowing over lines; returns the link
// clicked, or null.
const EvidenceLink* DrawEvidence(const FindingEntry& entry) {
  const EvidenceLink* clicked = nullptr;
  const float gap = ImGui::GetStyle().ItemSpacing.x * 0.5f;
  ImGui::TextColored(colors::kMuted, "Evidence:");
  for (size_t i = 0; i < entry.links.size(); ++i) {
    const EvidenceLink& link = entry.links[i];
    const float text_w = link.text.empty() ? 0 : ImGui::CalcTextSize(link.text.c_str()).x;
    const float label_w = link.label.empty() ? 0 : ImGui::CalcTextSize(link.label.c_str()).x;
    FlowItem(false, text_w + label_w + gap);
    if (!link.text.empty()) {
      ImGui::TextUnformatted(link.text.c_str());
      if (!link.label.empty()) ImGui::SameLine(0, gap);
    }
    if (link.label.empty()) continue;
    ImGui::PushID(static_cast<int>(i));
    if (LinkText(link.label.c_str())) clicked = &link;
    AnchorLastItem(AnchorName(link.kind));
    ImGui::PopID();
  }
  return clicked;
}

// One finding in the current table row: severity | time at stake | title, evidence, basis, fix.
const EvidenceLink* DrawFinding(const Finding& finding, const FindingEntry& entry) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextColored(SeverityColor(finding.severity), "%s", FindingSeverityName(finding.severity));
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(entry.time_at_stake.c_str());
  ImGui::TableNextColumn();
  ImGui::PushTextWrapPos(0);
  ImGui::TextUnformatted(finding.title.c_str());
  const EvidenceLink* clicked = DrawEvidence(entry);
  ImGui::TextColored(colors::kMuted, "Time at stake: %s%s%s", entry.time_at_stake.c_str(),
                     finding.time_at_stake_basis.empty() ? "" : ", ",
                     finding.time_at_stake_basis.c_str());
  if (!finding.fix.empty()) {
    ImGui::TextColored(colors::kSucceeded, "Fix:");
    ImGui::SameLine();
    ImGui::TextWrapped("%s", finding.fix.c_str());
  }
  ImGui::PopTextWrapPos();
  return clicked;
}

// The findings of `model` for which `wanted(i)` holds, as one table; `height` 0 grows with its
// rows, otherwise it scrolls within that many pixels.
template <class Wanted>
void DrawFindingTable(AppState& state, const char* id, float height, Wanted wanted) {
  const FindingsModel& model = state.overview.findings;
  ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH |
                          ImGuiTableFlags_PadOuterX | ImGuiTableFlags_SizingFixedFit;
  if (height > 0) flags |= ImGuiTableFlags_ScrollY;
  if (!ImGui::BeginTable(id, 3, flags, ImVec2(0, height))) return;
  const float em = ImGui::GetFontSize();
  ImGui::TableSetupColumn("Severity", ImGuiTableColumnFlags_WidthFixed, em * 4.5f);
  ImGui::TableSetupColumn("At stake", ImGuiTableColumnFlags_WidthFixed, em * 4.5f);
  ImGui::TableSetupColumn("Finding", ImGuiTableColumnFlags_WidthStretch);
  const EvidenceLink* go = nullptr;
  for (size_t i = 0; i < model.findings.size(); ++i) {
    if (!wanted(model.findings[i])) continue;
    ImGui::PushID(static_cast<int>(i));
    if (const EvidenceLink* clicked = DrawFinding(model.findings[i], model.entries[i])) go = clicked;
    ImGui::PopID();
  }
  ImGui::EndTable();
  // Followed after the table: navigating rebuilds the models the rows were read from.
  if (go != nullptr) {
    const EvidenceLink link = *go;
    FollowEvidenceLink(state, link);
  }
}

}  // namespace

void CopyDigest(const AppState& state) {
  const AttemptModel* model = state.SelectedModel();
  const StringPool* pool = state.Strings();
  if (model == nullptr || pool == nullptr) return;
  const std::string digest = share::FindingsDigest(*model, *pool, state.overview.findings.findings);
  ImGui::SetClipboardText(digest.c_str());
}

void DrawFindingsSection(AppState& state) {
  const FindingsModel& model = state.overview.findings;
  char title[96];
  std::snprintf(title, sizeof title, "Findings  (%d critical, %d warnings, %d notes)",
                model.critical, model.warnings, model.infos);
  SectionTitle(model.empty() ? "Findings" : title);
  if (ImGui::SmallButton("Copy digest")) CopyDigest(state);
  AnchorLastItem("copyDigest");
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("Copy a short Markdown summary to paste into a ticket or an assistant "
                      "(afterglow findings --digest): hosts, users, paths and secrets redacted");
  }
  ImGui::SameLine();
  ImGui::TextColored(colors::kMuted, "Ranked by the wall-clock time a fix could give back");
  if (model.empty()) {
    ImGui::TextColored(colors::kSucceeded,
                       "Nothing stands out: no rule of the diagnosis found a problem in this "
                       "application.");
    return;
  }
  // About five lines a finding (title, evidence, estimate, fix), scrolling past 26 em so the
  // time figures below stay in reach.
  const float em = ImGui::GetFontSize();
  const float lines = 5.5f * static_cast<float>(model.size());
  const float height = std::min(lines * ImGui::GetTextLineHeightWithSpacing() + em, em * 26);
  DrawFindingTable(state, "findings", height, [](const Finding&) { return true; });
}

void DrawFindingsAbout(AppState& state, const FindingSubject& subject, const char* title) {
  const FindingsModel& model = state.overview.findings;
  const bool any = std::any_of(model.findings.begin(), model.findings.end(),
                               [&](const Finding& f) { return FindingIsAbout(f, subject); });
  if (!any) return;
  SectionTitle(title);
  DrawFindingTable(state, "own_findings", 0,
                   [&](const Finding& f) { return FindingIsAbout(f, subject); });
  ImGui::Dummy(ImVec2(0, ImGui::GetFontSize() * 0.5f));
}

void DescribeFindings(const FindingsModel& model, const std::vector<uint32_t>* which,
                      JsonWriter& out) {
  out.BeginArray();
  const size_t count = which != nullptr ? which->size() : model.findings.size();
  for (size_t n = 0; n < count; ++n) {
    const size_t i = which != nullptr ? (*which)[n] : n;
    const Finding& f = model.findings[i];
    const Route target = TargetRoute(f);
    out.BeginObject();
    out.Field("rule", f.rule);
    out.Field("kind", FindingKindName(f.kind));
    out.Field("severity", FindingSeverityName(f.severity));
    out.Field("title", f.title);
    out.Field("target", target.view == ViewId::kOverview ? "" : FormatRoute(target));
    if (!f.executor_id.empty()) out.Field("executor", f.executor_id);
    out.FieldInt("timeAtStakeMs", f.time_at_stake_ms);
    out.Field("timeAtStakeBasis", f.time_at_stake_basis);
    out.Field("fix", f.fix);
    out.Key("evidence");
    out.BeginArray();
    for (const EvidenceLink& link : model.entries[i].links) {
      out.BeginObject();
      out.Field("kind", EvidenceKindName(link.kind));
      out.Field("text", link.text);
      out.Field("label", link.label);
      out.Field("route", link.label.empty() ? "" : FormatRoute(link.route));
      if (link.focus.task_id >= 0) out.FieldInt("taskId", link.focus.task_id);
      out.EndObject();
    }
    out.EndArray();
    out.EndObject();
  }
  out.EndArray();
}

}  // namespace afterglow::ui
